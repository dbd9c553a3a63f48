package withdraw

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/money"
)

// Config holds the withdrawal rules that are not brand data.
type Config struct {
	Argon2        account.Argon2Params // payment password hashes
	PasswordTries int                  // wrong payment passwords before the lock
	LockFor       time.Duration        // how long the lock lasts
	SweepInterval time.Duration        // forced receipts and stuck orders
	// StuckAfter is how long an order may sit in NEW, APPROVED or PAYING
	// before the sweeper finishes it.
	StuckAfter time.Duration
	// Day is the zone of the brand day the daily limit counts in.
	Day *time.Location
}

// DefaultConfig: 5 wrong tries lock for 5 minutes; sweep every 30 s; brand
// days in Philippine time (UTC+8, the demo brand's market).
var DefaultConfig = Config{
	Argon2:        account.DefaultArgon2,
	PasswordTries: 5,
	LockFor:       5 * time.Minute,
	SweepInterval: 30 * time.Second,
	StuckAfter:    time.Minute,
	Day:           time.FixedZone("PHT", 8*3600),
}

// Service holds the withdrawal rules.
type Service struct {
	store    *Store
	members  Members
	ledger   Accounts
	wallet   Poster
	brand    BrandSource
	payouts  Payouts // nil: approvals wait in APPROVED until one is configured
	figures  Figures
	linked   Linked               // shared-IP risk flag; nil: not shown
	bonus    Bonus                // the member's live bonus, forfeited by a confirmed withdrawal; nil: none
	confirm  operator.Reconfirmer // the authenticator again above ops.cashierConfirmAbove; nil: refused
	notifier Notifier
	auditor  operator.Auditor
	clock    clock.Clock
	cfg      Config
	logger   *slog.Logger
	hasher   *account.Hasher // the process-wide argon2id bound
	gates    *account.Gates  // per member: PasswordTries checks at once in this process
}

// UseHasher sets the argon2id bound (account.SharedHasher by default).
func (s *Service) UseHasher(h *account.Hasher) {
	if h != nil {
		s.hasher = h
	}
}

// UseReconfirm sets who checks an operator's authenticator code before an
// approval above the brand's ops.cashierConfirmAbove (*operator.Service).
func (s *Service) UseReconfirm(r operator.Reconfirmer) { s.confirm = r }

// Deps are the service's collaborators, injected by cmd/palaro.
type Deps struct {
	Store    *Store
	Members  Members
	Ledger   Accounts
	Wallet   Poster
	Brand    BrandSource
	Payouts  Payouts
	Figures  Figures
	Notifier Notifier
	Auditor  operator.Auditor
	Clock    clock.Clock
	Logger   *slog.Logger
}

func NewService(d Deps, cfg Config) *Service {
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if cfg.Day == nil {
		cfg.Day = DefaultConfig.Day
	}
	if cfg.PasswordTries <= 0 {
		cfg.PasswordTries = DefaultConfig.PasswordTries
	}
	if cfg.LockFor <= 0 {
		cfg.LockFor = DefaultConfig.LockFor
	}
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = DefaultConfig.SweepInterval
	}
	if cfg.StuckAfter <= 0 {
		cfg.StuckAfter = DefaultConfig.StuckAfter
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: d.Store, members: d.Members, ledger: d.Ledger, wallet: d.Wallet, brand: d.Brand,
		payouts: d.Payouts, figures: d.Figures, notifier: d.Notifier, auditor: d.Auditor, clock: d.Clock, cfg: cfg, logger: d.Logger,
		hasher: account.SharedHasher(), gates: account.NewGates(cfg.PasswordTries)}
}

// requireReal refuses visitors and trial users (handlers check roles first; the
// service does not rely on it).
func requireReal(c account.Caller) error {
	switch {
	case !c.LoggedIn():
		return apperr.Unauthorized("auth.token_required")
	case !c.Real():
		return apperr.Forbidden("auth.real_account_required")
	}
	return nil
}

func (s *Service) brandConfig(ctx context.Context) (*brand.Config, error) {
	c, err := s.brand.Current(ctx)
	if err != nil {
		return nil, apperr.Internal(err, "brand")
	}
	return c, nil
}

// dayStart is the start of the brand day containing t.
func (s *Service) dayStart(t time.Time) time.Time {
	l := t.In(s.cfg.Day)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, s.cfg.Day)
}

// Info, requests, lists and the player's confirmation.

// turnover computes the requirement since the member's last paid-out order.
func (s *Service) turnover(ctx context.Context, memberID int64, currency string, multiple int64) (Turnover, error) {
	all, err := s.turnovers(ctx, []int64{memberID}, currency, multiple)
	return all[memberID], err
}

var errNoFigures = errors.New("withdraw: no daily figures to work out the turnover from")

// turnovers is turnover of several members (a page of orders) at once.
func (s *Service) turnovers(ctx context.Context, memberIDs []int64, currency string, multiple int64) (map[int64]Turnover, error) {
	if s.figures == nil {
		return nil, errNoFigures
	}
	since, err := s.store.LastPaidAt(ctx, memberIDs)
	if err != nil {
		return nil, err
	}
	from := make(map[int64]time.Time, len(memberIDs))
	for _, id := range memberIDs {
		from[id] = time.UnixMilli(since[id])
	}
	sums, err := s.figures.TurnoverSums(ctx, currency, from)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Turnover, len(memberIDs))
	for _, id := range memberIDs {
		t := Turnover{Required: multiple * (sums[id].Deposits + sums[id].Bonus), Done: sums[id].ValidBets}
		t.Remaining = max(t.Required-t.Done, 0)
		out[id] = t
	}
	return out, nil
}

// mainAccount finds the member's main account in the currency; a member
// who never had one has a zero balance (nothing is created by a read).
func (s *Service) mainBalance(ctx context.Context, memberID int64, currency string) (int64, error) {
	a, err := s.ledger.FindAccount(ctx, ledger.PlayerMain(memberID, currency))
	if apperr.As(err).Kind == apperr.KindNotFound {
		return 0, nil
	}
	return a.Balance, err
}

// Info is what the withdraw page needs in one call.
func (s *Service) Info(ctx context.Context, c account.Caller) (Info, error) {
	if err := requireReal(c); err != nil {
		return Info{}, err
	}
	bc, err := s.brandConfig(ctx)
	if err != nil {
		return Info{}, err
	}
	cur := bc.Currency
	limits := bc.Cashier.WithdrawLimits()
	out := Info{Currency: cur.Code, Decimals: cur.Decimals, Min: limits.Min, Max: limits.Max, DailyLimit: limits.DailyLimit}
	if out.Balance, err = s.mainBalance(ctx, c.MemberID, cur.Code); err != nil {
		return Info{}, err
	}
	if out.DailyCount, out.Pending, err = s.store.Counts(ctx, c.MemberID, s.dayStart(s.clock.Now())); err != nil {
		return Info{}, err
	}
	if out.Turnover, err = s.turnover(ctx, c.MemberID, cur.Code, bc.Cashier.Turnover()); err != nil {
		return Info{}, err
	}
	st, err := s.memberState(ctx, c.MemberID)
	if err != nil {
		return Info{}, err
	}
	out.HasPaymentPassword = st.Hash != ""
	if out.Accounts, err = s.Accounts(ctx, c); err != nil {
		return Info{}, err
	}
	return out, nil
}

// requestHash identifies a request body under one idempotency key. The
// payment password is not part of it: a replay answers with the first
// result whatever password it carries (a refused request stores nothing).
func requestHash(accountID, amount int64, currency string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("withdraw.v1\naccount=%d\namount=%d\ncurrency=%q\n", accountID, amount, currency)))
	return hex.EncodeToString(sum[:])
}

// parse checks the shape of a request: a payout account and an amount in
// the currency's decimals.
func (req Request) parse(decimals int) (int64, error) {
	amount, err := money.Parse(req.Amount, decimals)
	if err != nil {
		return 0, err
	}
	if req.PayoutAccountID <= 0 {
		return 0, apperr.Invalid("withdraw.payout_account_required")
	}
	return amount, nil
}

// replayWait bounds how long a replay waits for the first request with the
// same key to finish its hold.
const replayWait = 5 * time.Second

// Request creates a withdrawal: checks, then the order (NEW), then the hold
// posting, then PENDING_REVIEW. A refused hold (insufficient funds) deletes
// the order, so nothing is left and the key may be used again.
func (s *Service) Request(ctx context.Context, c account.Caller, key string, req Request) (Withdrawal, error) {
	if err := requireReal(c); err != nil {
		return Withdrawal{}, err
	}
	bc, err := s.brandConfig(ctx)
	if err != nil {
		return Withdrawal{}, err
	}
	cur := bc.Currency
	amount, err := req.parse(cur.Decimals)
	if err != nil {
		return Withdrawal{}, err
	}
	hash := requestHash(req.PayoutAccountID, amount, cur.Code)

	// A replay answers before any other check.
	if o, err := s.byKey(ctx, c.MemberID, key); err != nil || o != nil {
		if err != nil {
			return Withdrawal{}, err
		}
		return s.replay(ctx, *o, hash)
	}

	limits := bc.Cashier.WithdrawLimits()
	switch {
	case amount < limits.Min:
		return Withdrawal{}, apperr.Invalid("money.below_min").With("min", money.Format(limits.Min, cur.Decimals))
	case amount > limits.Max:
		return Withdrawal{}, apperr.Invalid("money.above_max").With("max", money.Format(limits.Max, cur.Decimals))
	}
	acct, err := s.store.Account(ctx, c.MemberID, req.PayoutAccountID)
	if err != nil {
		return Withdrawal{}, err
	}
	// The cheap refusals come before the payment password's argon2id check
	// (about 19 MiB and tens of milliseconds of a core): the member sees
	// their own balance and turnover anyway.
	balance, err := s.mainBalance(ctx, c.MemberID, cur.Code)
	if err != nil {
		return Withdrawal{}, err
	}
	if amount > balance { // the hold posting decides under concurrency; this is the friendly early answer
		return Withdrawal{}, ledger.ErrInsufficientFunds
	}
	t, err := s.turnover(ctx, c.MemberID, cur.Code, bc.Cashier.Turnover())
	if err != nil {
		return Withdrawal{}, err
	}
	if t.Remaining > 0 {
		return Withdrawal{}, apperr.Invalid("withdraw.turnover_not_met").With("remaining", money.Format(t.Remaining, cur.Decimals))
	}
	live := false
	if s.bonus != nil {
		bonus, isLive, err := s.bonus.LiveBonus(ctx, c.MemberID)
		if err != nil {
			return Withdrawal{}, err
		}
		if isLive && !req.ForfeitBonus {
			return Withdrawal{}, apperr.Conflict("withdraw.bonus_active").With("bonus", money.Format(bonus, cur.Decimals))
		}
		live = isLive
	}
	if err := s.verifyPayment(ctx, c.MemberID, req.PaymentPassword); err != nil {
		return Withdrawal{}, err
	}
	if live {
		if err := s.bonus.ForfeitForWithdrawal(ctx, c.MemberID); err != nil {
			return Withdrawal{}, err
		}
	}

	now := s.clock.Now()
	o := order{MemberID: c.MemberID, Key: key, RequestHash: hash, Status: StatusNew, HoldState: HoldHeld,
		Amount: amount, Currency: cur.Code, Decimals: cur.Decimals, AccountID: acct.ID, AccountType: acct.Type,
		BankCode: acct.BankCode, AccountName: acct.AccountName, AccountNumber: acct.AccountNumber, CreatedAt: now.UnixMilli()}
	prev, created, err := s.store.CreateOrder(ctx, &o, s.dayStart(now), limits.DailyLimit)
	if err != nil {
		return Withdrawal{}, err
	}
	if !created { // the same key raced in between
		return s.replay(ctx, prev, hash)
	}
	if err := s.hold(ctx, o); err != nil {
		return Withdrawal{}, err
	}
	return s.own(ctx, c.MemberID, o.ID)
}

// byKey finds the member's order for an idempotency key (nil: none).
func (s *Service) byKey(ctx context.Context, memberID int64, key string) (*order, error) {
	o, err := s.store.OrderByKey(ctx, memberID, key)
	if apperr.As(err).Kind == apperr.KindNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// replay answers a repeated key: the first order when the body is the
// same (waiting a little for a hold still being posted), 409 otherwise.
func (s *Service) replay(ctx context.Context, o order, hash string) (Withdrawal, error) {
	if o.RequestHash != hash {
		return Withdrawal{}, ledger.ErrIdempotencyMismatch
	}
	deadline := time.Now().Add(replayWait)
	for o.Status == StatusNew {
		if time.Now().After(deadline) {
			return Withdrawal{}, apperr.Conflict("withdraw.in_progress")
		}
		select {
		case <-ctx.Done():
			return Withdrawal{}, apperr.Conflict("withdraw.in_progress")
		case <-time.After(50 * time.Millisecond):
		}
		next, err := s.store.Order(ctx, o.ID)
		if apperr.As(err).Kind == apperr.KindNotFound { // the first request's hold was refused
			return Withdrawal{}, ledger.ErrInsufficientFunds
		}
		if err != nil {
			return Withdrawal{}, err
		}
		o = next
	}
	return s.view(ctx, o)
}

// hold posts main -> withdrawal_hold for a NEW order and makes it
// PENDING_REVIEW; a refused posting deletes the order.
func (s *Service) hold(ctx context.Context, o order) error {
	main, err := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(o.MemberID, o.Currency))
	if err != nil {
		return err
	}
	held, err := s.holdAccount(ctx, o.MemberID, o.Currency)
	if err != nil {
		return err
	}
	_, err = s.wallet.Post(ctx, ledger.PostingRequest{
		Key:  keyHold + strconv.FormatInt(o.ID, 10),
		Kind: ledger.KindWithdrawalHold,
		Lines: []ledger.Line{
			{AccountID: main.ID, Amount: -o.Amount, Currency: o.Currency},
			{AccountID: held.ID, Amount: o.Amount, Currency: o.Currency},
		},
		Metadata: map[string]string{"withdrawal": strconv.FormatInt(o.ID, 10), "orderNo": o.OrderNo},
	})
	if err != nil {
		if e := apperr.As(err); e.Kind != apperr.KindInternal {
			if derr := s.store.DeleteNew(context.WithoutCancel(ctx), o.ID); derr != nil {
				s.logger.ErrorContext(ctx, "withdraw: delete refused order", "order", o.ID, "err", derr)
			}
		}
		return err
	}
	_, err = s.store.Transition(ctx, o.ID, []string{StatusNew}, StatusPendingReview, change{}, s.clock.Now())
	return err
}

func (s *Service) holdAccount(ctx context.Context, memberID int64, currency string) (ledger.Account, error) {
	return s.ledger.EnsureAccount(ctx, ledger.AccountSpec{OwnerType: ledger.OwnerMember, OwnerID: memberID,
		Purpose: ledger.PurposeWithdrawalHold, Currency: currency})
}

// own reads one of the member's orders (another member's is not found).
func (s *Service) own(ctx context.Context, memberID, id int64) (Withdrawal, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return Withdrawal{}, err
	}
	if o.MemberID != memberID || o.Status == StatusNew {
		return Withdrawal{}, apperr.NotFound("withdraw.not_found")
	}
	return s.view(ctx, o)
}

// Get is one of the caller's withdrawals.
func (s *Service) Get(ctx context.Context, c account.Caller, id int64) (Withdrawal, error) {
	if err := requireReal(c); err != nil {
		return Withdrawal{}, err
	}
	return s.own(ctx, c.MemberID, id)
}

// List is a page of the caller's withdrawals.
func (s *Service) List(ctx context.Context, c account.Caller, f ListFilter) (Page[Withdrawal], error) {
	if err := requireReal(c); err != nil {
		return Page[Withdrawal]{}, err
	}
	f.MemberID = c.MemberID
	if err := s.forceDue(ctx); err != nil {
		return Page[Withdrawal]{}, err
	}
	list, total, capped, err := s.store.Orders(ctx, f)
	if err != nil {
		return Page[Withdrawal]{}, err
	}
	out := Page[Withdrawal]{List: make([]Withdrawal, 0, len(list)), Total: total, TotalCapped: capped, Page: f.Page, PageSize: f.PageSize}
	for _, o := range list {
		w, err := s.view(ctx, o)
		if err != nil {
			return Page[Withdrawal]{}, err
		}
		out.List = append(out.List, w)
	}
	return out, nil
}

// view turns an order into what the player sees, applying forced receipt
// on the way (a read never shows a PAID order past its deadline).
func (s *Service) view(ctx context.Context, o order) (Withdrawal, error) {
	o, err := s.forceIfDue(ctx, o)
	if err != nil {
		return Withdrawal{}, err
	}
	w := Withdrawal{ID: o.ID, OrderNo: o.OrderNo, Status: o.Status, Amount: o.Amount, Currency: o.Currency,
		Decimals: o.Decimals, RejectReason: o.RejectReason, HasProof: o.HasProof, CreatedAt: o.CreatedAt,
		ReviewedAt: o.ReviewedAt, PaidAt: o.PaidAt, ConfirmedAt: o.ConfirmedAt,
		Account: AccountRef{Type: o.AccountType, BankCode: o.BankCode, AccountName: o.AccountName, AccountNumber: mask(o.AccountNumber)}}
	if b, ok := BankByCode(o.BankCode); ok {
		w.Account.BankName = b.Name
	}
	switch o.Status {
	case StatusReceived, StatusForcedReceived, StatusFullPayment:
		w.ReceivedAmount = o.Amount
	case StatusPartiallyReceived:
		w.ReceivedAmount, w.RemainingAmount = o.ReceivedAmount, o.Amount-o.ReceivedAmount
	case StatusNotReceived:
		w.RemainingAmount = o.Amount
	case StatusPaid:
		if d, err := s.forcedReceipt(ctx); err == nil {
			w.ForcedReceiptAt = o.PaidAt + d.Milliseconds()
		}
	}
	return w, nil
}

func (s *Service) forcedReceipt(ctx context.Context) (time.Duration, error) {
	bc, err := s.brandConfig(ctx)
	if err != nil {
		return 0, err
	}
	return bc.Cashier.ForcedReceipt(), nil
}

// forceDue applies forced receipt to every PAID order past its deadline
// before a list is read, so a status filter sees the forced state. It only
// writes when a read finds such an order.
func (s *Service) forceDue(ctx context.Context) error {
	d, err := s.forcedReceipt(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	due, err := s.store.AnyDue(ctx, now.Add(-d))
	if err != nil || !due {
		return err
	}
	_, err = s.store.ForceReceipts(ctx, now.Add(-d), now)
	return err
}

// forceIfDue applies forced receipt to one PAID order past its deadline.
func (s *Service) forceIfDue(ctx context.Context, o order) (order, error) {
	if o.Status != StatusPaid {
		return o, nil
	}
	d, err := s.forcedReceipt(ctx)
	if err != nil {
		return o, err
	}
	now := s.clock.Now()
	if now.UnixMilli() < o.PaidAt+d.Milliseconds() {
		return o, nil
	}
	if _, err := s.store.Transition(ctx, o.ID, []string{StatusPaid}, StatusForcedReceived, change{ConfirmedAt: now.UnixMilli()}, now); err != nil {
		return o, err
	}
	return s.store.Order(ctx, o.ID)
}

// Confirm records the player's answer to a PAID withdrawal.
func (s *Service) Confirm(ctx context.Context, c account.Caller, id int64, req Confirmation) (Withdrawal, error) {
	if err := requireReal(c); err != nil {
		return Withdrawal{}, err
	}
	w, err := s.own(ctx, c.MemberID, id) // applies forced receipt first
	if err != nil {
		return Withdrawal{}, err
	}
	var to string
	ch := change{ConfirmedAt: s.clock.Now().UnixMilli()}
	switch req.Result {
	case ResultReceived:
		to = StatusReceived
	case ResultPartial:
		to = StatusPartiallyReceived
		if strings.TrimSpace(req.ReceivedAmount) == "" {
			return Withdrawal{}, apperr.Invalid("withdraw.received_amount_required")
		}
		v, err := money.Parse(req.ReceivedAmount, w.Decimals)
		if err != nil {
			return Withdrawal{}, err
		}
		if v >= w.Amount {
			return Withdrawal{}, apperr.Invalid("withdraw.invalid_received_amount").With("max", money.Format(w.Amount, w.Decimals))
		}
		ch.ReceivedAmount = v
	case ResultNotReceived:
		to = StatusNotReceived
		if req.Proof == nil {
			return Withdrawal{}, apperr.Invalid("upload.missing")
		}
	default:
		return Withdrawal{}, apperr.Invalid("withdraw.invalid_result")
	}
	if w.Status != StatusPaid {
		return Withdrawal{}, apperr.Conflict("withdraw.invalid_state").With("status", w.Status)
	}
	ok, err := s.store.Confirm(ctx, id, to, ch, req.Proof, s.clock.Now())
	if err != nil {
		return Withdrawal{}, err
	}
	if !ok {
		cur, err := s.own(ctx, c.MemberID, id)
		if err != nil {
			return Withdrawal{}, err
		}
		return Withdrawal{}, apperr.Conflict("withdraw.invalid_state").With("status", cur.Status)
	}
	return s.own(ctx, c.MemberID, id)
}

// OwnProof is the proof image of one of the caller's withdrawals.
func (s *Service) OwnProof(ctx context.Context, c account.Caller, id int64) (Proof, error) {
	if err := requireReal(c); err != nil {
		return Proof{}, err
	}
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return Proof{}, err
	}
	if o.MemberID != c.MemberID || o.Status == StatusNew {
		return Proof{}, apperr.NotFound("withdraw.not_found")
	}
	return s.store.Proof(ctx, id)
}
