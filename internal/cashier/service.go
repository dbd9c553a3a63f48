package cashier

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/money"
)

// Deps are the other domains the cashier talks to, injected by cmd.
type Deps struct {
	Brand     BrandSource
	Wallet    Poster   // *wallet.Service
	Accounts  Accounts // *ledger.Store
	Providers []payment.Provider
	Notifier  notify.Notifier
	Auditor   operator.Auditor
	// Limits is responsible gaming's check before a deposit order exists
	// (*rg.Service); nil checks nothing.
	Limits DepositLimits
	Clock  clock.Clock
	Logger *slog.Logger
	// Members names the members in the operator queue and finds one by
	// username (account); nil: ids only.
	Members Members
	// Reconfirm checks an operator's authenticator code before approving a
	// deposit above the brand's ops.cashierConfirmAbove (*operator.Service);
	// nil: such approvals are refused.
	Reconfirm operator.Reconfirmer
	// NotifyBase is the absolute base URL providers post webhooks to
	// (the server's own public URL); read at call time.
	NotifyBase func() string
}

// Members is what the operator queue needs from accounts.
type Members interface {
	// Usernames maps member ids to usernames (unknown ids left out).
	Usernames(ctx context.Context, ids []int64) (map[int64]string, error)
	// MemberIDByUsername finds a member by username (false: none).
	MemberIDByUsername(ctx context.Context, username string) (int64, bool, error)
}

// DepositLimits refuses a deposit that would pass a limit of the member's
// (rg.deposit_limit), or any deposit of a blocked member. pending is what
// the member's other open orders add up to: not credited yet, so not in
// the sums the limits count.
type DepositLimits interface {
	CheckDeposit(ctx context.Context, memberID int64, currency string, amount, pending int64) error
}

// Service holds the deposit rules.
type Service struct {
	store     *Store
	d         Deps
	providers map[string]payment.Provider
}

func NewService(store *Store, d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	ps := map[string]payment.Provider{}
	for _, p := range d.Providers {
		ps[p.Code()] = p
	}
	return &Service{store: store, d: d, providers: ps}
}

func (s *Service) now() time.Time { return s.d.Clock.Now() }

func (s *Service) brand(ctx context.Context) (*brand.Config, error) {
	c, err := s.d.Brand.Current(ctx)
	if err != nil {
		return nil, apperr.Internal(err, "brand")
	}
	return c, nil
}

// Methods lists the brand's deposit methods. An ONLINE method whose
// provider is not wired (the sandbox outside demo mode) is left out.
func (s *Service) Methods(ctx context.Context) (Methods, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return Methods{}, err
	}
	out := Methods{Currency: c.Currency.Code, Decimals: c.Currency.Decimals, Methods: []Method{}}
	for _, m := range c.Cashier.DepositMethods {
		if m.Type == brand.DepositOnline && s.providers[m.Provider] == nil {
			continue
		}
		out.Methods = append(out.Methods, Method{Code: m.Code, Type: m.Type, Name: m.Name, Min: m.Min, Max: m.Max, Bank: m.Bank, Provider: m.Provider})
	}
	return out, nil
}

// method resolves a submitted method code of the wanted type, and parses
// the amount against its bounds.
func (s *Service) method(ctx context.Context, code, wantType, rawAmount string) (brand.DepositMethod, *brand.Config, int64, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return brand.DepositMethod{}, nil, 0, err
	}
	m, ok := c.Cashier.Method(code)
	if !ok || (m.Type == brand.DepositOnline && s.providers[m.Provider] == nil) {
		return m, c, 0, ErrUnknownMethod.With("method", truncate(code, 40))
	}
	if m.Type != wantType {
		return m, c, 0, ErrWrongMethodType
	}
	amount, err := money.Parse(rawAmount, c.Currency.Decimals)
	if err != nil {
		return m, c, 0, err
	}
	if amount < m.Min {
		return m, c, 0, apperr.Invalid("money.below_min").With("min", money.Format(m.Min, c.Currency.Decimals))
	}
	if amount > m.Max {
		return m, c, 0, apperr.Invalid("money.above_max").With("max", money.Format(m.Max, c.Currency.Decimals))
	}
	return m, c, amount, nil
}

// CreateBank records a bank-transfer deposit with its receipt, waiting for
// an operator. The same key with the same request returns the first
// deposit; with another request it is refused (ledger.idempotency_mismatch).
func (s *Service) CreateBank(ctx context.Context, memberID int64, key string, req BankRequest) (Deposit, error) {
	if err := money.CheckIdempotencyKey(key); err != nil {
		return Deposit{}, err
	}
	m, c, amount, err := s.method(ctx, req.Method, brand.DepositBank, req.Amount)
	if err != nil {
		return Deposit{}, err
	}
	ref := strings.TrimSpace(req.Reference)
	if n := utf8.RuneCountInString(ref); n < ReferenceMin || n > ReferenceMax || !printable(ref) {
		return Deposit{}, ErrReference
	}
	if req.Receipt == nil || len(req.Receipt.Data) == 0 {
		return Deposit{}, apperr.Invalid("upload.missing")
	}
	sum := sha256.Sum256(req.Receipt.Data)
	hash := requestHash("BANK", m.Code, strconv.FormatInt(amount, 10), ref, hex.EncodeToString(sum[:]))
	d := Deposit{MemberID: memberID, Method: m.Code, Type: brand.DepositBank, Amount: amount, Currency: c.Currency.Code,
		Status: StatusPendingReview, Reference: ref, idemKey: key, requestHash: hash}
	out, _, err := s.insert(ctx, d, req.Receipt)
	if err != nil {
		return Deposit{}, err
	}
	return s.view(out, c), nil
}

// CreateOnline opens an online deposit at the method's provider and
// returns where to pay. Replays behave as in CreateBank.
func (s *Service) CreateOnline(ctx context.Context, memberID int64, key string, req OnlineRequest) (Deposit, error) {
	if err := money.CheckIdempotencyKey(key); err != nil {
		return Deposit{}, err
	}
	returnPage, ok := ReturnPages[req.Return]
	if !ok {
		return Deposit{}, apperr.Invalid("request.invalid_param").With("name", "return")
	}
	m, c, amount, err := s.method(ctx, req.Method, brand.DepositOnline, req.Amount)
	if err != nil {
		return Deposit{}, err
	}
	now := s.now()
	d := Deposit{MemberID: memberID, Method: m.Code, Type: brand.DepositOnline, Provider: m.Provider, Amount: amount,
		Currency: c.Currency.Code, Status: StatusPendingPayment, ExpiresAt: now.Add(PaymentTTL).UnixMilli(),
		idemKey: key, requestHash: requestHash("ONLINE", m.Code, strconv.FormatInt(amount, 10))}
	out, created, err := s.insert(ctx, d, nil)
	if err != nil || !created {
		return s.view(out, c), err
	}
	sess, err := s.providers[m.Provider].CreatePayment(ctx, payment.PaymentRequest{
		OrderNo: out.OrderNo, Amount: out.Amount, Currency: out.Currency, Decimals: c.Currency.Decimals,
		ReturnURL: returnPage + out.OrderNo,
		NotifyURL: strings.TrimRight(s.d.NotifyBase(), "/") + "/wps/cashier/callback/" + m.Provider,
		Language:  req.Language,
	})
	if err != nil {
		s.d.Logger.ErrorContext(ctx, "payment provider refused a payment", "provider", m.Provider, "order", out.OrderNo, "err", err)
		if _, terr := s.store.Transition(ctx, out.ID, StatusPendingPayment, StatusFailed, change{Flag: FlagProviderError}, s.now()); terr != nil {
			return Deposit{}, terr
		}
		return Deposit{}, payment.ErrUnavailable
	}
	if err := s.store.SetPayment(ctx, out.ID, sess.ProviderRef, sess.PayURL, s.now()); err != nil {
		return Deposit{}, err
	}
	out.PayURL, out.providerRef = sess.PayURL, sess.ProviderRef
	return s.view(out, c), nil
}

// insert stores a new deposit under a fresh order number, or returns the
// one stored before under the same key (refusing a different request).
func (s *Service) insert(ctx context.Context, d Deposit, receipt *Receipt) (Deposit, bool, error) {
	var limit func(ctx context.Context, pending int64) error
	if s.d.Limits != nil {
		limit = func(ctx context.Context, pending int64) error {
			return s.d.Limits.CheckDeposit(ctx, d.MemberID, d.Currency, d.Amount, pending)
		}
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		d.OrderNo = newOrderNo(s.now())
		out, created, err := s.store.Insert(ctx, d, receipt, s.now(), limit)
		var refused limitRefusal
		if errors.As(err, &refused) {
			return Deposit{}, false, refused.err
		}
		if err != nil {
			lastErr = err // most likely an order number collision: draw again
			continue
		}
		if !created && out.requestHash != d.requestHash {
			return Deposit{}, false, ErrIdemMismatch
		}
		return out, created, nil
	}
	return Deposit{}, false, lastErr
}

// Filter narrows a list: status and order number ("" for any), page (1-based).
type Filter struct {
	MemberID int64 // operators only: one member's deposits (0: every member's)
	// Member is a username (operators only; case-insensitive, exact): no
	// such member answers an empty page.
	Member   string
	Status   string
	OrderNo  string
	From, To int64 // operators only: created in [From, To), Unix ms; 0: open
	Page     int
	PageSize int
}

// List pages the member's own deposits.
func (s *Service) List(ctx context.Context, memberID int64, f Filter) (Page, error) {
	if _, err := s.store.Expire(ctx, memberID, s.now()); err != nil {
		return Page{}, err
	}
	return s.page(ctx, memberID, f)
}

func (s *Service) page(ctx context.Context, memberID int64, f Filter) (Page, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return Page{}, err
	}
	page, pageSize := f.Page, f.PageSize
	list, total, capped, err := s.store.List(ctx, ListQuery{MemberID: memberID, Status: f.Status, OrderNo: f.OrderNo, From: f.From, To: f.To,
		Offset: (page - 1) * pageSize, Limit: pageSize})
	if err != nil {
		return Page{}, err
	}
	for i := range list {
		list[i] = s.view(list[i], c)
	}
	return Page{List: list, Total: total, TotalCapped: capped, Page: page, PageSize: pageSize}, nil
}

// Get reads one of the member's own deposits; anybody else's is not found.
func (s *Service) Get(ctx context.Context, memberID, id int64) (Deposit, error) {
	if _, err := s.store.Expire(ctx, memberID, s.now()); err != nil {
		return Deposit{}, err
	}
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	if d.MemberID != memberID {
		return Deposit{}, ErrNotFound
	}
	c, err := s.brand(ctx)
	if err != nil {
		return Deposit{}, err
	}
	return s.view(d, c), nil
}

// Receipt is the receipt of one of the member's own deposits.
func (s *Service) Receipt(ctx context.Context, memberID, id int64) (Receipt, error) {
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Receipt{}, err
	}
	if d.MemberID != memberID {
		return Receipt{}, ErrNotFound
	}
	return s.store.Receipt(ctx, id)
}

// view fills what is derived at read time.
func (s *Service) view(d Deposit, c *brand.Config) Deposit {
	if c != nil {
		d.Decimals = c.Currency.Decimals
	}
	if d.Status != StatusPendingPayment {
		d.PayURL = ""
	}
	return d
}

// credit claims the deposit (from -> CREDITING), posts clearing -> player
// main under "deposit:<id>", then marks it CREDITED and notifies the
// member. A claim lost to someone else is (d, false, nil). A failed posting
// puts the deposit back where it was.
func (s *Service) credit(ctx context.Context, d Deposit, c change) (Deposit, bool, error) {
	from := d.Status
	ok, err := s.store.Transition(ctx, d.ID, from, StatusCrediting, c, s.now())
	if err != nil || !ok {
		return d, false, err
	}
	p, err := s.post(ctx, d)
	if err != nil {
		if _, rerr := s.store.Transition(ctx, d.ID, StatusCrediting, from, change{}, s.now()); rerr != nil {
			s.d.Logger.ErrorContext(ctx, "deposit left CREDITING", "deposit", d.ID, "err", rerr)
		}
		return d, false, err
	}
	if err := s.finishCredit(ctx, d, p.ID); err != nil {
		return d, false, err
	}
	out, err := s.store.ByID(ctx, d.ID)
	return out, true, err
}

func (s *Service) finishCredit(ctx context.Context, d Deposit, postingID int64) error {
	ok, err := s.store.Transition(ctx, d.ID, StatusCrediting, StatusCredited, change{PostingID: postingID}, s.now())
	if err != nil || !ok {
		return err
	}
	s.notice(ctx, d, notify.KindDepositCredited, "")
	return nil
}

// post writes the credit posting. Its input depends only on the deposit
// row, so a repeat (a recovered CREDITING row) is a replay of the first.
func (s *Service) post(ctx context.Context, d Deposit) (ledger.Posting, error) {
	purpose := ledger.PurposeCashierClearing
	if d.Type == brand.DepositOnline {
		purpose = ledger.PurposePaymentClearing
	}
	clearing, err := s.d.Accounts.EnsureAccount(ctx, ledger.System(purpose, d.Currency))
	if err != nil {
		return ledger.Posting{}, err
	}
	main, err := s.d.Accounts.EnsureAccount(ctx, ledger.PlayerMain(d.MemberID, d.Currency))
	if err != nil {
		return ledger.Posting{}, err
	}
	return s.d.Wallet.Post(ctx, ledger.PostingRequest{
		Key:  LedgerKeyPrefix + strconv.FormatInt(d.ID, 10),
		Kind: ledger.KindDeposit,
		Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -d.Amount, Currency: d.Currency},
			{AccountID: main.ID, Amount: d.Amount, Currency: d.Currency},
		},
		Metadata: map[string]string{"orderNo": d.OrderNo, "method": d.Method},
		Facts: []activity.Fact{{Key: LedgerKeyPrefix + strconv.FormatInt(d.ID, 10), Kind: activity.DepositCredited,
			MemberID: d.MemberID, Currency: d.Currency, Amount: d.Amount, Ref: d.OrderNo, Detail: d.Method, At: s.now()}},
	})
}

// notice tells the member; a failure is logged (the state change stands).
func (s *Service) notice(ctx context.Context, d Deposit, kind, reason string) {
	if s.d.Notifier == nil {
		return
	}
	decimals := 2
	if c, err := s.brand(ctx); err == nil {
		decimals = c.Currency.Decimals
	}
	params := map[string]string{"amount": money.Format(d.Amount, decimals), "currency": d.Currency, "orderNo": d.OrderNo}
	if reason != "" {
		params["reason"] = reason
	}
	if err := s.d.Notifier.Notify(ctx, d.MemberID, notify.Notice{Kind: kind, Params: params}); err != nil {
		s.d.Logger.ErrorContext(ctx, "deposit notice", "deposit", d.ID, "kind", kind, "err", err)
	}
}

// Sweep expires overdue online deposits and finishes CREDITING rows a
// stopped process left behind.
func (s *Service) Sweep(ctx context.Context) error {
	if n, err := s.store.Expire(ctx, 0, s.now()); err != nil {
		return err
	} else if n > 0 {
		s.d.Logger.InfoContext(ctx, "deposits expired", "count", n)
	}
	stale, err := s.store.StaleCrediting(ctx, s.now().Add(-CreditingStaleness))
	if err != nil {
		return err
	}
	for _, d := range stale {
		p, err := s.post(ctx, d)
		if err != nil {
			s.d.Logger.ErrorContext(ctx, "recover crediting deposit", "deposit", d.ID, "err", err)
			continue
		}
		if err := s.finishCredit(ctx, d, p.ID); err != nil {
			return err
		}
	}
	return nil
}

// Run sweeps every SweepEvery until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(SweepEvery)
	defer t.Stop()
	for {
		if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.d.Logger.ErrorContext(ctx, "deposit sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func requestHash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s|", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// newOrderNo is "D" + yymmdd + 10 random digits.
func newOrderNo(now time.Time) string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1e10))
	return fmt.Sprintf("D%s%010d", now.UTC().Format("060102"), n.Int64())
}

func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || !utf8.ValidRune(r) {
			return false
		}
	}
	return utf8.ValidString(s)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
