package seamless

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash/fnv"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Service holds the seamless wallet rules.
type Service struct {
	store    *Store
	games    Games
	poster   Poster
	accounts Accounts
	clock    clock.Clock
	logger   *slog.Logger
	cfg      Config

	secrets  sync.Map // vendor -> []byte
	accIDs   sync.Map // accountKey -> int64
	sessions sync.Map // token hash -> session (cached once read; dropped by Sweep when expired)
	roundMu  [256]sync.Mutex
	hooksMu  sync.RWMutex
	hooks    []func(context.Context, Round)
	rec      *recorder
	reads    *reader
	// guardFailures counts the guarded betwins played again with their
	// lookup (guard.go), for tests.
	guardFailures atomic.Int64
}

type accountKey struct {
	member   int64
	currency string
}

// NewService wires the seamless wallet.
func NewService(store *Store, games Games, poster Poster, accounts Accounts, clk clock.Clock, logger *slog.Logger, cfg Config) *Service {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = DefaultSessionTTL
	}
	if cfg.IdleRound <= 0 {
		cfg.IdleRound = DefaultIdleRound
	}
	return &Service{store: store, games: games, poster: poster, accounts: accounts, clock: clk, logger: logger, cfg: cfg, rec: &recorder{store: store}, reads: &reader{store: store}}
}

// OpenSession opens a game session for a launch and returns the token the
// vendor gets (it is stored only as its SHA-256). The session takes bets
// for Config.SessionTTL (12 h); currency is the account's the member plays
// with (the brand currency, or FUN for a trial user in a free-play game).
func (s *Service) OpenSession(ctx context.Context, memberID int64, vendor, gameCode string, nodeID int64, currency string) (string, error) {
	if memberID <= 0 || !idRe.MatchString(vendor) || !codeRe.MatchString(gameCode) || !currencyRe.MatchString(currency) {
		return "", apperr.Invalid("seamless.invalid_session")
	}
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", apperr.Internal(err, "session token")
	}
	token := "gs_" + hex.EncodeToString(b[:])
	now := s.clock.Now()
	err := s.store.insertSession(ctx, tokenHash(token), session{
		MemberID: memberID, Vendor: vendor, GameCode: gameCode, NodeID: nodeID, Currency: currency,
		ExpiresAt: now.Add(s.cfg.SessionTTL).UnixMilli(),
	}, now.UnixMilli())
	if err != nil {
		return "", err
	}
	return token, nil
}

// VendorSecret is the secret a vendor signs its callbacks with (and we our
// answers): PALARO_VENDOR_<CODE>_SECRET, else in demo mode one generated
// once and kept in the database. The in-binary sandbox vendor reads it here.
func (s *Service) VendorSecret(ctx context.Context, vendor string) ([]byte, error) {
	if v, ok := s.secrets.Load(vendor); ok {
		return v.([]byte), nil
	}
	if v := s.cfg.Secrets[vendor]; len(v) > 0 {
		s.secrets.Store(vendor, v)
		return v, nil
	}
	if s.cfg.GeneratedSecrets == nil || !idRe.MatchString(vendor) {
		return nil, apperr.NotFound("seamless.unknown_vendor").With("vendor", vendor)
	}
	ok, err := s.games.SeamlessVendor(ctx, vendor)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.NotFound("seamless.unknown_vendor").With("vendor", vendor)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, apperr.Internal(err, "vendor secret")
	}
	v, err := s.cfg.GeneratedSecrets.Secret(ctx, "seamless_vendor:"+vendor, hex.EncodeToString(b[:]), s.clock.Now())
	if err != nil {
		return nil, err
	}
	s.secrets.Store(vendor, []byte(v))
	return []byte(v), nil
}

// OnRoundEnded registers fn to run after a round is COMPLETED or CANCELLED
// (by endround, a win with endRound or the sweeper). It runs once per round,
// after the commit, in the caller's goroutine with a context that is not
// cancelled with the request; it must be quick.
func (s *Service) OnRoundEnded(fn func(context.Context, Round)) {
	s.hooksMu.Lock()
	defer s.hooksMu.Unlock()
	s.hooks = append(s.hooks, fn)
}

// runRoundHooks runs the hooks for r, as it stands once ended.
func (s *Service) runRoundHooks(ctx context.Context, r Round) {
	s.hooksMu.RLock()
	hooks := s.hooks
	s.hooksMu.RUnlock()
	ctx = context.WithoutCancel(ctx)
	for _, fn := range hooks {
		fn(ctx, r)
	}
}

// roundEnded reads the round a statement ended and runs the hooks.
func (s *Service) roundEnded(ctx context.Context, id int64) {
	s.hooksMu.RLock()
	n := len(s.hooks)
	s.hooksMu.RUnlock()
	if n == 0 {
		return
	}
	r, err := s.store.roundByID(context.WithoutCancel(ctx), id)
	if err != nil {
		s.logger.ErrorContext(ctx, "round ended: read round", "id", id, "err", err)
		return
	}
	s.runRoundHooks(ctx, r.Round)
}

// Rounds lists a member's rounds (newest first) and how many match.
func (s *Service) Rounds(ctx context.Context, q RoundQuery) ([]Round, int, error) {
	if err := normaliseQuery(&q); err != nil {
		return nil, 0, err
	}
	return s.store.rounds(ctx, q)
}

// RoundTotals sums every round a query matches (its paging ignored).
func (s *Service) RoundTotals(ctx context.Context, q RoundQuery) (Totals, error) {
	if err := normaliseQuery(&q); err != nil {
		return Totals{}, err
	}
	return s.store.totals(ctx, q)
}

func normaliseQuery(q *RoundQuery) error {
	switch {
	case q.MemberID <= 0:
		return apperr.Invalid("seamless.invalid_query").With("reason", "member")
	case q.To.Before(q.From):
		return apperr.Invalid("seamless.invalid_query").With("reason", "range")
	case q.Offset < 0, q.Limit < 0, q.Limit > 500:
		return apperr.Invalid("seamless.invalid_query").With("reason", "page")
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	return nil
}

// ProfitByDay sums a member's COMPLETED rounds started in [from, to) by day
// in loc and category, newest day first. Days are cut at loc's offset at
// from (fixed-offset zones such as Asia/Manila are exact).
func (s *Service) ProfitByDay(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]DayProfit, error) {
	if memberID <= 0 || to.Before(from) {
		return nil, apperr.Invalid("seamless.invalid_query")
	}
	if loc == nil {
		loc = time.UTC
	}
	_, off := from.In(loc).Zone()
	return s.store.profitByDay(ctx, memberID, from.UnixMilli(), to.UnixMilli(), int64(off)*1000)
}

// lockRound serialises the callbacks of one round in this process, so a
// round's checks and its update see each other, and concurrent duplicates
// of one transaction id answer one after the other.
func (s *Service) lockRound(vendor, roundID string) func() {
	h := fnv.New32a()
	h.Write([]byte(vendor))
	h.Write([]byte{0})
	h.Write([]byte(roundID))
	m := &s.roundMu[h.Sum32()%uint32(len(s.roundMu))]
	m.Lock()
	return m.Unlock
}

// accountIDs returns the member's main account and the house account in a
// currency, opening them on first use.
func (s *Service) accountIDs(ctx context.Context, memberID int64, currency string) (main, house int64, err error) {
	main, err = s.accountID(ctx, memberID, ledger.PlayerMain(memberID, currency))
	if err != nil {
		return 0, 0, err
	}
	house, err = s.accountID(ctx, 0, ledger.System(ledger.PurposeHouse, currency))
	return main, house, err
}

func (s *Service) accountID(ctx context.Context, owner int64, spec ledger.AccountSpec) (int64, error) {
	k := accountKey{owner, spec.Currency}
	if v, ok := s.accIDs.Load(k); ok {
		return v.(int64), nil
	}
	a, err := s.accounts.EnsureAccount(ctx, spec)
	if err != nil {
		return 0, err
	}
	s.accIDs.Store(k, a.ID)
	return a.ID, nil
}

func (s *Service) balance(ctx context.Context, memberID int64, currency string) (int64, error) {
	main, err := s.accountID(ctx, memberID, ledger.PlayerMain(memberID, currency))
	if err != nil {
		return 0, err
	}
	a, err := s.accounts.Account(ctx, main)
	return a.Balance, err
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// knownSecret is a vendor's secret once it has been loaded (never generates one).
func (s *Service) knownSecret(vendor string) ([]byte, error) {
	if v, ok := s.secrets.Load(vendor); ok {
		return v.([]byte), nil
	}
	return nil, apperr.NotFound("seamless.unknown_vendor")
}

// Sweep closes the rounds idle for longer than Config.IdleRound (a vendor
// that vanished before ending them): COMPLETED when a bet stands or
// something was won, else CANCELLED. It also deletes sessions expired for a
// day. It returns how many rounds it closed.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	now := s.clock.Now()
	cutoff := now.Add(-s.cfg.IdleRound).UnixMilli()
	closed := 0
	for {
		rounds, err := s.store.idleRounds(ctx, cutoff, 200)
		if err != nil {
			return closed, err
		}
		for _, r := range rounds {
			unlock := s.lockRound(r.Vendor, r.RoundID)
			done, err := s.store.endRound(ctx, s.store.db, r.ID, s.clock.Now().UnixMilli(), cutoff)
			unlock()
			if err != nil {
				return closed, err
			}
			if done {
				closed++
				s.logger.InfoContext(ctx, "seamless: idle round closed", "vendor", r.Vendor, "round", r.RoundID)
				s.roundEnded(ctx, r.ID)
			}
		}
		if len(rounds) < 200 {
			break
		}
	}
	nowMs := now.UnixMilli()
	s.sessions.Range(func(k, v any) bool {
		if v.(session).ExpiresAt < nowMs {
			s.sessions.Delete(k)
		}
		return true
	})
	return closed, s.store.purgeSessions(ctx, now.Add(-24*time.Hour).UnixMilli())
}

// Run sweeps every interval until ctx ends.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.logger.ErrorContext(ctx, "seamless sweep", "err", err)
			}
		}
	}
}

// FreePlayCurrency is the trial users' play money: never a valid bet.
const FreePlayCurrency = "FUN"

// ValidBets is the sum of a member's valid bets in a currency over the
// rounds settled at or after since: the one definition of a valid bet
// (docs/valid-bet.md) that the withdrawal turnover, and later commissions
// and rewards, count. A round counts once it is COMPLETED, with its
// ValidBet (every accepted bet minus what was rolled back); an OPEN round
// counts nothing yet and a CANCELLED one (refunded, rolled back, a Mines
// board cashed out with nothing revealed, a refunded Crash bet) never does.
// Free play (FUN) is never counted.
func (s *Service) ValidBets(ctx context.Context, memberID int64, currency string, since time.Time) (int64, error) {
	if memberID <= 0 || currency == "" {
		return 0, apperr.Invalid("seamless.invalid_query")
	}
	if currency == FreePlayCurrency {
		return 0, nil
	}
	return s.store.validBets(ctx, memberID, currency, since.UnixMilli())
}
