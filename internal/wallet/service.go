package wallet

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/realtime"
)

// Service holds the wallet rules on top of the ledger.
type Service struct {
	ledger *ledger.Store
	brand  BrandSource
	pub    realtime.Publisher // nil: no events (the one-shot seed command)
	logger *slog.Logger
	// catalog tells which vendors keep a transfer wallet (UseCatalog); nil:
	// none, the brand runs a single wallet.
	catalog CatalogSource
	// bonuses answers the bonus balance with the main one (UseBonuses); nil: none.
	bonuses Bonuses

	// publishMu serialises publishing per member (striped); lastPublished
	// (guarded by the same stripe) holds the newest posting id sent per
	// member and currency, so the last event a member receives carries the
	// balance after every posting that came before it.
	publishMu     [64]sync.Mutex
	lastPublished [64]map[lastKey]int64
	metaCache     sync.Map // account id -> ledger.AccountSpec
}

// NewService wires the wallet. pub may be nil where nobody listens (seeding).
func NewService(l *ledger.Store, b BrandSource, pub realtime.Publisher, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{ledger: l, brand: b, pub: pub, logger: logger}
}

// MainAccount returns the caller's main ledger account, creating it on first
// use: in the brand currency for real members and agents, in FUN for trial
// users, whose account is credited once with the free-play opening balance.
func (s *Service) MainAccount(ctx context.Context, c account.Caller) (ledger.Account, error) {
	if !c.LoggedIn() {
		return ledger.Account{}, apperr.Unauthorized("auth.token_required")
	}
	if c.Type == account.TypeTrial {
		return s.freePlayAccount(ctx, c.MemberID)
	}
	cur, err := s.currency(ctx)
	if err != nil {
		return ledger.Account{}, err
	}
	return s.ensure(ctx, ledger.PlayerMain(c.MemberID, cur.Code))
}

// Balance is the caller's main balance with how to show it.
func (s *Service) Balance(ctx context.Context, c account.Caller) (Balance, error) {
	a, err := s.MainAccount(ctx, c)
	if err != nil {
		return Balance{}, err
	}
	if a.Currency == FreePlayCurrency {
		return Balance{Balance: a.Balance, Currency: a.Currency, CurrencySymbol: FreePlaySymbol, Decimals: FreePlayDecimals, FreePlay: true}, nil
	}
	cur, err := s.currency(ctx)
	if err != nil {
		return Balance{}, err
	}
	out := Balance{Balance: a.Balance, Currency: a.Currency, CurrencySymbol: cur.Symbol, Decimals: cur.Decimals}
	if s.bonuses != nil {
		if out.Bonus, err = s.bonuses.BonusBalance(ctx, c.MemberID, a.Currency); err != nil {
			return Balance{}, err
		}
	}
	return out, nil
}

// Bonuses is the members' bonus balance while a bonus is active (the game
// wallet).
type Bonuses interface {
	BonusBalance(ctx context.Context, member int64, currency string) (int64, error)
}

// UseBonuses lets the balance answer the bonus balance too.
func (s *Service) UseBonuses(b Bonuses) { s.bonuses = b }

// UseCatalog tells the wallet where the vendors' wallet types live.
func (s *Service) UseCatalog(c CatalogSource) { s.catalog = c }

// Merchant tells the browser which wallet model the brand runs: a single
// wallet unless some vendor of the catalogue keeps a transfer wallet.
func (s *Service) Merchant(ctx context.Context) (Merchant, error) {
	vs, err := transferVendorsOf(ctx, s.catalog, nil)
	if err != nil {
		return Merchant{}, err
	}
	return Merchant{IsSingle: len(vs) == 0}, nil
}

// Post writes a posting through the ledger and, once it is committed,
// pushes a balance event to every member whose account it touched. A replay
// (the key was posted before) changed nothing and pushes nothing. Delivery
// is best effort: a failed publish is logged, never returned, because the
// money has moved.
func (s *Service) Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error) {
	p, err := s.ledger.Post(ctx, req)
	if err != nil || p.Replay {
		return p, err
	}
	s.publish(ctx, p)
	return p, nil
}

// PostChain writes postings together, all or none (ledger.Store.PostChain),
// and pushes the balance events of those it wrote, in order.
func (s *Service) PostChain(ctx context.Context, reqs []ledger.PostingRequest) ([]ledger.Posting, error) {
	ps, err := s.ledger.PostChain(ctx, reqs)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if !p.Replay {
			s.publish(ctx, p)
		}
	}
	return ps, nil
}

// SeedDemo credits each demo member (real accounts) with DemoOpening in the
// brand currency from cashier clearing, once per member (key
// demo-opening:<memberID>). It reports whether it posted anything.
func (s *Service) SeedDemo(ctx context.Context, memberIDs ...int64) (bool, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return false, err
	}
	clearing, err := s.ensure(ctx, ledger.System(ledger.PurposeCashierClearing, cur.Code))
	if err != nil {
		return false, err
	}
	posted := false
	for _, id := range memberIDs {
		main, err := s.ensure(ctx, ledger.PlayerMain(id, cur.Code))
		if err != nil {
			return posted, err
		}
		p, err := s.Post(ctx, ledger.PostingRequest{
			Key:  keyDemoOpening + strconv.FormatInt(id, 10),
			Kind: ledger.KindAdjustment,
			Lines: []ledger.Line{
				{AccountID: clearing.ID, Amount: -DemoOpening, Currency: cur.Code},
				{AccountID: main.ID, Amount: DemoOpening, Currency: cur.Code},
			},
			Metadata: map[string]string{"reason": ReasonDemoOpening},
		})
		if err != nil {
			return posted, err
		}
		posted = posted || !p.Replay
	}
	return posted, nil
}

// freePlayAccount is a trial user's FUN account, opened with FreePlayOpening
// from the house the first time it is used. Concurrent first calls all post
// the same key: one posting lands, the others are replays.
func (s *Service) freePlayAccount(ctx context.Context, memberID int64) (ledger.Account, error) {
	a, err := s.ensure(ctx, ledger.PlayerMain(memberID, FreePlayCurrency))
	if err != nil || a.Version > 0 {
		return a, err
	}
	house, err := s.ensure(ctx, ledger.System(ledger.PurposeHouse, FreePlayCurrency))
	if err != nil {
		return a, err
	}
	if _, err := s.Post(ctx, ledger.PostingRequest{
		Key:  keyFreePlayOpening + strconv.FormatInt(memberID, 10),
		Kind: ledger.KindAdjustment,
		Lines: []ledger.Line{
			{AccountID: house.ID, Amount: -FreePlayOpening, Currency: FreePlayCurrency},
			{AccountID: a.ID, Amount: FreePlayOpening, Currency: FreePlayCurrency},
		},
		Metadata: map[string]string{"reason": ReasonFreeplayOpening},
	}); err != nil {
		return a, err
	}
	return s.ledger.Account(ctx, a.ID)
}

// ensure finds an account and creates it only when missing, so a balance
// read does not write.
func (s *Service) ensure(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error) {
	a, err := s.ledger.FindAccount(ctx, spec)
	if err == nil || apperr.As(err).Kind != apperr.KindNotFound {
		return a, err
	}
	return s.ledger.EnsureAccount(ctx, spec)
}

func (s *Service) currency(ctx context.Context) (currency, error) {
	c, err := s.brand.Current(ctx)
	if err != nil {
		return currency{}, apperr.Internal(err, "brand")
	}
	return currency{Code: c.Currency.Code, Symbol: c.Currency.Symbol, Decimals: c.Currency.Decimals}, nil
}

type currency struct {
	Code, Symbol string
	Decimals     int
}

// publish sends one balance event per member the posting touched. The
// balance shown is the member's main account in the touched currency (what
// the header shows), read after the commit.
func (s *Service) publish(ctx context.Context, p ledger.Posting) {
	if s.pub == nil {
		return
	}
	for i, l := range p.Lines {
		m, err := s.accountMeta(ctx, l.AccountID)
		if err != nil {
			s.logger.ErrorContext(ctx, "wallet event: read account", "account", l.AccountID, "err", err)
			continue
		}
		// The header shows the main wallet: only its lines make an event.
		if m.OwnerType != ledger.OwnerMember || m.Purpose != ledger.PurposePlayerMain {
			continue
		}
		if i < len(p.BalancesAfter) {
			s.publishBalance(ctx, m.OwnerID, p.ID, p.BalancesAfter[i], m.Currency)
			continue
		}
		a, err := s.ledger.Account(ctx, l.AccountID) // a ledger that gave no balances
		if err != nil {
			s.logger.ErrorContext(ctx, "wallet event: read balance", "account", l.AccountID, "err", err)
			continue
		}
		s.publishBalance(ctx, m.OwnerID, p.ID, a.Balance, m.Currency)
	}
}

// accountMeta is who owns an account and what for; account rows never
// change owner, purpose or currency, so the answer is cached for good.
func (s *Service) accountMeta(ctx context.Context, id int64) (ledger.AccountSpec, error) {
	if v, ok := s.metaCache.Load(id); ok {
		return v.(ledger.AccountSpec), nil
	}
	a, err := s.ledger.Account(ctx, id)
	if err != nil {
		return ledger.AccountSpec{}, err
	}
	s.metaCache.Store(id, a.AccountSpec)
	return a.AccountSpec, nil
}

// publishBalance sends the balance right after posting postingID. Postings
// on one account commit in id order, so an event older than the last one
// sent to the member (concurrent postings finishing out of order) is
// dropped: the header never steps back to a stale balance.
func (s *Service) publishBalance(ctx context.Context, memberID, postingID, balance int64, cur string) {
	stripe := uint64(memberID) % uint64(len(s.publishMu))
	mu := &s.publishMu[stripe]
	mu.Lock()
	defer mu.Unlock()
	last := s.lastPublished[stripe]
	if last == nil {
		last = map[lastKey]int64{}
		s.lastPublished[stripe] = last
	}
	k := lastKey{memberID, cur}
	if postingID <= last[k] {
		return
	}
	last[k] = postingID
	data, _ := json.Marshal(BalanceEvent{Balance: balance, Currency: cur})
	if err := s.pub.Publish(ctx, memberID, realtime.Event{Type: EventBalance, Data: data}); err != nil {
		s.logger.WarnContext(ctx, "wallet event: publish", "member", memberID, "err", err)
	}
}

type lastKey struct {
	memberID int64
	currency string
}
