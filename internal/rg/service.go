package rg

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// BrandSource gives the brand's currency and time zone (*brand.Service).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Balances tells how much money a member could take out: the main balance
// or, when it is empty, what transfer-wallet vendors hold for them (a
// self-excluded player with any gets a withdrawal-only session).
type Balances interface {
	Withdrawable(ctx context.Context, memberID int64) (int64, error)
}

// Sessions ends every session of a member (*account.Service).
type Sessions interface {
	EndSessions(ctx context.Context, memberID int64) error
}

// Members tells whether a member exists (operator routes; the error is
// answered as it is, e.g. 404 operator.member_not_found).
type Members interface {
	MemberExists(ctx context.Context, memberID int64) error
}

// Deps are the other domains rg talks to, injected by cmd/palaro.
type Deps struct {
	Brand    BrandSource
	Activity Activity
	Balances Balances
	Sessions Sessions
	Members  Members
	Auditor  operator.Auditor
	Clock    clock.Clock
	Logger   *slog.Logger
}

// Service holds the responsible-gaming rules.
type Service struct {
	store *Store
	d     Deps
	cfg   Config
}

func NewService(store *Store, d Deps, cfg Config) *Service {
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if cfg.MaxAmount <= 0 {
		cfg.MaxAmount = DefaultMaxAmount
	}
	return &Service{store: store, d: d, cfg: cfg}
}

func (s *Service) now() time.Time { return s.d.Clock.Now() }

// UseAuditor sets the operator audit log (wired after the operators).
func (s *Service) UseAuditor(a operator.Auditor) { s.d.Auditor = a }

type brandRules struct {
	currency string
	loc      *time.Location
}

func (s *Service) brand(ctx context.Context) (brandRules, error) {
	c, err := s.d.Brand.Current(ctx)
	if err != nil {
		return brandRules{}, err
	}
	return brandRules{currency: c.Currency.Code, loc: c.Location()}, nil
}

// window is the period holding now, in the brand's time zone.
func window(p Period, now time.Time, loc *time.Location) (from, to time.Time) {
	t := now.In(loc)
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	switch p {
	case Week:
		back := (int(day.Weekday()) + 6) % 7 // days since Monday
		from = day.AddDate(0, 0, -back)
		return from, from.AddDate(0, 0, 7)
	case Month:
		from = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc)
		return from, from.AddDate(0, 1, 0)
	default:
		return day, day.AddDate(0, 0, 1)
	}
}

// effective is what is enforced: the lower of the player's and the operator's.
func (l *limitRow) effective() *int64 {
	switch {
	case l == nil:
		return nil
	case l.Amount == nil:
		return l.OperatorAmount
	case l.OperatorAmount == nil || *l.Amount <= *l.OperatorAmount:
		return l.Amount
	default:
		return l.OperatorAmount
	}
}

// ---- checks the money paths and the account ask ----

// blockError is the refusal of a block in force: its end as epoch ms
// (until, for clients) and as the brand's local time (when, for the
// message).
func (s *Service) blockError(ctx context.Context, st *state) *apperr.Error {
	e := ErrTimeout
	if st.BlockKind == BlockExclusion {
		e = ErrSelfExcluded
	}
	return e.With("until", st.BlockUntil.UnixMilli()).With("when", s.when(ctx, st.BlockUntil))
}

// when writes t for a person: the brand's local time to the minute.
func (s *Service) when(ctx context.Context, t time.Time) string {
	loc := time.UTC
	if b, err := s.brand(ctx); err == nil && b.loc != nil {
		loc = b.loc
	}
	return t.In(loc).Format("2006-01-02 15:04")
}

// check refuses amount (plus pending, not yet in the sums) when it would
// pass a limit of one of types; where several would, the one with the
// least remaining is named.
func (s *Service) check(ctx context.Context, memberID int64, currency string, amount, pending int64, types ...Type) error {
	st, err := s.store.State(ctx, memberID)
	if err != nil {
		return err
	}
	now := s.now()
	if st.blocked(now) {
		return s.blockError(ctx, st)
	}
	if len(st.Limits) == 0 {
		return nil
	}
	b, err := s.brand(ctx)
	if err != nil {
		return err
	}
	if currency == "" {
		currency = b.currency
	}
	var worst *apperr.Error
	var worstRemaining int64
	for _, p := range moneyPeriods {
		var sums *Sums
		for _, t := range types {
			lim := st.Limits[key{t, p}].effective()
			if lim == nil {
				continue
			}
			if sums == nil {
				from, to := window(p, now, b.loc)
				got, err := s.d.Activity.Totals(ctx, memberID, currency, from, to)
				if err != nil {
					return apperr.Internal(err, "rg totals")
				}
				sums = &got
			}
			used := usedOf(t, *sums) + pending
			if amount <= *lim-used { // not used+amount: a huge amount must not wrap around
				continue
			}
			remaining := max(0, *lim-used)
			if worst == nil || remaining < worstRemaining {
				worst = refusal(t).With("limit", *lim).With("period", string(p)).With("remaining", remaining)
				worstRemaining = remaining
			}
		}
	}
	if worst != nil {
		return worst
	}
	return nil
}

func usedOf(t Type, s Sums) int64 {
	switch t {
	case Deposit:
		return s.Deposits
	case Wager:
		return s.Wager()
	default:
		return s.NetLoss()
	}
}

func refusal(t Type) *apperr.Error {
	switch t {
	case Deposit:
		return ErrDepositLimit
	case Wager:
		return ErrWagerLimit
	default:
		return ErrLossLimit
	}
}

// CheckDeposit is asked before a deposit order exists: amount is the new
// order, pending what the member's open deposit orders add up to (not yet
// credited, so not in the sums). Refused: rg.deposit_limit, rg.timeout,
// rg.self_excluded.
func (s *Service) CheckDeposit(ctx context.Context, memberID int64, currency string, amount, pending int64) error {
	return s.check(ctx, memberID, currency, amount, pending, Deposit)
}

// CheckBet is asked before a bet is posted (the game wallet): a bet counts
// as a wager and, as it may be lost, as loss. Refused: rg.wager_limit,
// rg.loss_limit (IsLimit), rg.timeout, rg.self_excluded (IsBlocked).
func (s *Service) CheckBet(ctx context.Context, memberID int64, currency, vendor string, amount int64) error {
	return s.check(ctx, memberID, currency, amount, 0, Wager, Loss)
}

// CheckTransfer is asked before money moves from the main wallet into a
// transfer-wallet vendor: it counts as a wager and as possible loss when
// it moves. pending is what the member's transfers in flight add (not yet
// in the sums).
func (s *Service) CheckTransfer(ctx context.Context, memberID int64, currency, vendor string, amount, pending int64) error {
	return s.check(ctx, memberID, currency, amount, pending, Wager, Loss)
}

// Login is account.Gate: a time-out refuses the login; an exclusion
// refuses it too unless the member has a balance to withdraw, which gets
// a withdrawal-only session.
func (s *Service) Login(ctx context.Context, memberID int64) (bool, error) {
	st, err := s.store.State(ctx, memberID)
	if err != nil {
		return false, err
	}
	restricted, err := s.blockedSession(ctx, memberID, st)
	return restricted != nil, err
}

// blockedSession: nil, nil when no block is in force; the restriction of
// a withdrawal-only session; or the refusal.
func (s *Service) blockedSession(ctx context.Context, memberID int64, st *state) (error, error) {
	if !st.blocked(s.now()) {
		return nil, nil
	}
	refusal := s.blockError(ctx, st)
	if st.BlockKind != BlockExclusion || s.d.Balances == nil {
		return nil, refusal
	}
	bal, err := s.d.Balances.Withdrawable(ctx, memberID)
	if err != nil {
		return nil, err
	}
	if bal > 0 {
		return refusal, nil
	}
	return nil, refusal
}

// Session is account.Gate: a block refuses the token; an exclusion with a
// balance makes it withdrawal-only; a session time limit ends it.
func (s *Service) Session(ctx context.Context, memberID int64, startedAt time.Time) (account.SessionRule, error) {
	st, err := s.store.State(ctx, memberID)
	if err != nil {
		return account.SessionRule{}, err
	}
	restricted, err := s.blockedSession(ctx, memberID, st)
	if err != nil {
		return account.SessionRule{}, err
	}
	rule := account.SessionRule{Restricted: restricted}
	if lim := st.Limits[key{Session, SessionPeriod}].effective(); lim != nil {
		rule.EndsAt, rule.Ended = startedAt.Add(time.Duration(*lim)*time.Minute), ErrSessionLimit
	}
	return rule, nil
}

// ---- settings ----

// Player is the caller of a player route.
type Player struct {
	MemberID     int64
	SessionStart time.Time
	Restricted   bool
}

// PlayerOf reads the account caller.
func PlayerOf(c account.Caller) Player {
	return Player{MemberID: c.MemberID, SessionStart: c.SessionStart, Restricted: c.Restricted}
}

type Pending struct {
	Amount      *int64 `json:"amount"`
	RequestedAt int64  `json:"requestedAt"`
	EffectiveAt int64  `json:"effectiveAt"`
	Confirmable bool   `json:"confirmable"`
}

type Limit struct {
	Type           Type     `json:"type"`
	Period         Period   `json:"period"`
	Amount         *int64   `json:"amount"`
	OperatorAmount *int64   `json:"operatorAmount"`
	Effective      *int64   `json:"effective"`
	Used           int64    `json:"used"`
	ResetsAt       *int64   `json:"resetsAt"`
	Pending        *Pending `json:"pending"`
}

type RealityCheck struct {
	Minutes *int `json:"minutes"`
}

type SessionInfo struct {
	StartedAt int64  `json:"startedAt"`
	EndsAt    *int64 `json:"endsAt"`
	NetResult int64  `json:"netResult"`
}

type Block struct {
	Kind          string `json:"kind"`
	Until         int64  `json:"until"`
	RevocableFrom *int64 `json:"revocableFrom"`
}

// Settings is GET /wps/rg/settings (docs/responsible-gaming.md).
type Settings struct {
	Currency     string       `json:"currency"`
	MaxAmount    int64        `json:"maxAmount"`
	Limits       []Limit      `json:"limits"`
	RealityCheck RealityCheck `json:"realityCheck"`
	Session      *SessionInfo `json:"session,omitempty"`
	Block        *Block       `json:"block"`
	Restricted   bool         `json:"restricted"`
}

// OpsSettings is the operator's view: the settings without the session,
// with the newest history.
type OpsSettings struct {
	Settings
	History []History `json:"history"`
}

// view renders st; session is the caller's session start (zero: the
// operator's view, without the session).
func (s *Service) view(ctx context.Context, memberID int64, st *state, session time.Time) (Settings, error) {
	b, err := s.brand(ctx)
	if err != nil {
		return Settings{}, err
	}
	now := s.now()
	out := Settings{Currency: b.currency, MaxAmount: s.cfg.MaxAmount, Limits: make([]Limit, 0, 10)}
	for _, p := range moneyPeriods {
		from, to := window(p, now, b.loc)
		var sums *Sums
		for _, t := range moneyTypes {
			l := st.Limits[key{t, p}]
			v := limitView(l, t, p, now)
			resets := to.UnixMilli()
			v.ResetsAt = &resets
			if v.Effective != nil || v.Amount != nil || v.Pending != nil { // sums only where a limit shows them
				if sums == nil {
					got, err := s.d.Activity.Totals(ctx, memberID, b.currency, from, to)
					if err != nil {
						return Settings{}, apperr.Internal(err, "rg totals")
					}
					sums = &got
				}
				v.Used = usedOf(t, *sums)
			}
			out.Limits = append(out.Limits, v)
		}
	}
	sv := limitView(st.Limits[key{Session, SessionPeriod}], Session, SessionPeriod, now)
	if !session.IsZero() {
		sv.Used = int64(now.Sub(session) / time.Minute)
		info := &SessionInfo{StartedAt: session.UnixMilli()}
		if sv.Effective != nil {
			end := session.Add(time.Duration(*sv.Effective) * time.Minute).UnixMilli()
			info.EndsAt = &end
		}
		sums, err := s.d.Activity.Totals(ctx, memberID, b.currency, session, now.Add(time.Millisecond))
		if err != nil {
			return Settings{}, apperr.Internal(err, "rg totals")
		}
		info.NetResult = sums.Wins - sums.Bets
		out.Session = info
	}
	out.Limits = append(out.Limits, sv)
	if st.RealityMinutes > 0 {
		m := st.RealityMinutes
		out.RealityCheck.Minutes = &m
	}
	if st.blocked(now) {
		blk := &Block{Kind: st.BlockKind, Until: st.BlockUntil.UnixMilli()}
		if !st.BlockRevocable.IsZero() {
			r := st.BlockRevocable.UnixMilli()
			blk.RevocableFrom = &r
		}
		out.Block = blk
	}
	return out, nil
}

func limitView(l *limitRow, t Type, p Period, now time.Time) Limit {
	v := Limit{Type: t, Period: p}
	if l == nil {
		return v
	}
	v.Amount, v.OperatorAmount, v.Effective = l.Amount, l.OperatorAmount, l.effective()
	if l.Pending {
		v.Pending = &Pending{Amount: l.PendingAmount, RequestedAt: l.PendingAt.UnixMilli(),
			EffectiveAt: l.PendingEffective.UnixMilli(), Confirmable: !now.Before(l.PendingEffective)}
	}
	return v
}

// Settings is the player's own view.
func (s *Service) Settings(ctx context.Context, p Player) (Settings, error) {
	st, err := s.store.State(ctx, p.MemberID)
	if err != nil {
		return Settings{}, err
	}
	out, err := s.view(ctx, p.MemberID, st, p.SessionStart)
	out.Restricted = p.Restricted
	return out, err
}

// HistoryPage is GET /wps/rg/history.
type HistoryPage struct {
	List  []History `json:"list"`
	Total int       `json:"total"`
}

func (s *Service) History(ctx context.Context, memberID int64, page, size int) (HistoryPage, error) {
	list, total, err := s.store.History(ctx, memberID, (page-1)*size, size)
	return HistoryPage{List: list, Total: total}, err
}

// ---- changes ----

// LimitInput is a change of one limit; Amount nil removes (or lifts) it.
type LimitInput struct {
	Type   Type
	Period Period
	Amount *int64
}

// validate checks the kind and the amount; nil amounts are removals.
func (s *Service) validate(in LimitInput) (key, error) {
	k := key{in.Type, in.Period}
	switch in.Type {
	case Deposit, Loss, Wager:
		if in.Period != Day && in.Period != Week && in.Period != Month {
			return k, ErrInvalidPeriod
		}
		if in.Amount != nil {
			if *in.Amount <= 0 {
				return k, ErrInvalidAmount
			}
			if *in.Amount > s.cfg.MaxAmount {
				return k, ErrAboveMax.With("max", s.cfg.MaxAmount)
			}
		}
	case Session:
		if in.Period != SessionPeriod {
			return k, ErrInvalidPeriod
		}
		if in.Amount != nil && (*in.Amount < SessionMinMinutes || *in.Amount > SessionMaxMinutes) {
			return k, ErrInvalidMinutes.With("min", SessionMinMinutes).With("max", SessionMaxMinutes)
		}
	default:
		return k, ErrInvalidType
	}
	return k, nil
}

// actor is who makes a change.
type actor struct {
	by     string
	op     operator.Caller
	reason string
}

var playerActor = actor{by: ByPlayer}

// record writes a history row and its stream fact in the change's transaction.
func (s *Service) record(ctx context.Context, c *changeTx, currency string, a actor, h historyRow) error {
	h.By, h.Reason = a.by, a.reason
	if a.by == ByOperator {
		h.OperatorID = a.op.ID
	}
	id, err := c.addHistory(ctx, h)
	if err != nil {
		return err
	}
	var amount int64
	if h.To != nil {
		amount = *h.To
	}
	return activity.Append(ctx, c.tx, activity.Fact{
		Key: "rg:" + strconv.FormatInt(id, 10), Kind: activity.LimitChanged, MemberID: c.memberID, Currency: currency,
		Amount: amount, Ref: h.Change, Detail: describe(h), At: c.now,
	})
}

func describe(h historyRow) string {
	v := func(p *int64) string {
		if p == nil {
			return "none"
		}
		return strconv.FormatInt(*p, 10)
	}
	return fmt.Sprintf("%s %s %s: %s -> %s by %s", h.Change, h.Type, h.Period, v(h.From), v(h.To), h.By)
}

func ptr(v int64) *int64 { return &v }

func same(a, b *int64) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

// SetLimit is the player's change of one limit: adding or lowering holds
// at once (a lower limit also drops a raise waiting on it); raising or
// removing waits CoolingOff, then needs Confirm. One change waits per limit.
func (s *Service) SetLimit(ctx context.Context, p Player, in LimitInput) (Settings, error) {
	k, err := s.validate(in)
	if err != nil {
		return Settings{}, err
	}
	b, err := s.brand(ctx)
	if err != nil {
		return Settings{}, err
	}
	err = s.store.run(ctx, p.MemberID, s.now(), func(c *changeTx) error {
		l := c.st.limit(k)
		amt, cur := in.Amount, l.Amount
		if amt != nil && l.OperatorAmount != nil && *amt > *l.OperatorAmount {
			return ErrOperatorLimit.With("max", *l.OperatorAmount)
		}
		h := historyRow{Type: string(k.Type), Period: string(k.Period), From: cur, To: amt}
		switch {
		case same(amt, cur):
			return nil
		case cur == nil:
			l.Amount, h.Change = amt, ChangeLimitSet
		case amt != nil && *amt < *cur:
			if l.Pending {
				if err := s.record(ctx, c, b.currency, playerActor, historyRow{Change: ChangeRaiseCancelled,
					Type: h.Type, Period: h.Period, From: cur, To: l.PendingAmount}); err != nil {
					return err
				}
				clearPending(l)
			}
			l.Amount, h.Change = amt, ChangeLimitLowered
		default: // a raise or a removal
			if l.Pending {
				return ErrRaisePending.With("effectiveAt", l.PendingEffective.UnixMilli()).With("when", s.when(ctx, l.PendingEffective))
			}
			l.Pending, l.PendingAmount, l.PendingAt, l.PendingEffective = true, amt, c.now, c.now.Add(CoolingOff)
			h.Change = ChangeRaiseRequested
		}
		if err := c.saveLimit(ctx, l); err != nil {
			return err
		}
		return s.record(ctx, c, b.currency, playerActor, h)
	})
	if err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

func clearPending(l *limitRow) {
	l.Pending, l.PendingAmount, l.PendingAt, l.PendingEffective = false, nil, time.Time{}, time.Time{}
}

func (s *Service) pendingKey(t Type, p Period) (key, error) {
	// Any amount passes validation; only the kind matters here.
	return s.validate(LimitInput{Type: t, Period: p})
}

// Confirm applies a raise or removal whose cooling-off is over.
func (s *Service) Confirm(ctx context.Context, p Player, t Type, per Period) (Settings, error) {
	k, err := s.pendingKey(t, per)
	if err != nil {
		return Settings{}, err
	}
	b, err := s.brand(ctx)
	if err != nil {
		return Settings{}, err
	}
	err = s.store.run(ctx, p.MemberID, s.now(), func(c *changeTx) error {
		l := c.st.limit(k)
		if !l.Pending {
			return ErrNothingPending
		}
		if c.now.Before(l.PendingEffective) {
			return ErrCoolingOff.With("effectiveAt", l.PendingEffective.UnixMilli()).With("when", s.when(ctx, l.PendingEffective))
		}
		h := historyRow{Change: ChangeRaiseConfirmed, Type: string(k.Type), Period: string(k.Period), From: l.Amount, To: l.PendingAmount}
		if l.PendingAmount == nil {
			h.Change = ChangeLimitRemoved
		}
		l.Amount = l.PendingAmount
		clearPending(l)
		if err := c.saveLimit(ctx, l); err != nil {
			return err
		}
		return s.record(ctx, c, b.currency, playerActor, h)
	})
	if err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

// Cancel drops a waiting raise or removal; the limit stays as it is.
func (s *Service) Cancel(ctx context.Context, p Player, t Type, per Period) (Settings, error) {
	k, err := s.pendingKey(t, per)
	if err != nil {
		return Settings{}, err
	}
	b, err := s.brand(ctx)
	if err != nil {
		return Settings{}, err
	}
	err = s.store.run(ctx, p.MemberID, s.now(), func(c *changeTx) error {
		l := c.st.limit(k)
		if !l.Pending {
			return ErrNothingPending
		}
		h := historyRow{Change: ChangeRaiseCancelled, Type: string(k.Type), Period: string(k.Period), From: l.Amount, To: l.PendingAmount}
		clearPending(l)
		if err := c.saveLimit(ctx, l); err != nil {
			return err
		}
		return s.record(ctx, c, b.currency, playerActor, h)
	})
	if err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

// SetRealityCheck sets the reality-check interval (0: off).
func (s *Service) SetRealityCheck(ctx context.Context, p Player, minutes int) (Settings, error) {
	if minutes != 0 && minutes != 15 && minutes != 30 && minutes != 60 {
		return Settings{}, ErrInvalidMinutes
	}
	b, err := s.brand(ctx)
	if err != nil {
		return Settings{}, err
	}
	err = s.store.run(ctx, p.MemberID, s.now(), func(c *changeTx) error {
		old := c.st.RealityMinutes
		if old == minutes {
			return nil
		}
		c.st.RealityMinutes = minutes
		if err := c.saveMember(ctx); err != nil {
			return err
		}
		h := historyRow{Change: ChangeRealityCheckSet, Type: "REALITY_CHECK"}
		if old > 0 {
			h.From = ptr(int64(old))
		}
		if minutes > 0 {
			h.To = ptr(int64(minutes))
		}
		return s.record(ctx, c, b.currency, playerActor, h)
	})
	if err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

// block starts a time-out or an exclusion, or lengthens the one in force
// (never shortens it; an exclusion stays an exclusion), and ends every
// session of the member once it has committed.
func (s *Service) block(ctx context.Context, memberID int64, kind, period string, a actor) error {
	now := s.now()
	var until, revocable time.Time
	switch kind {
	case BlockTimeout:
		d, ok := timeouts[period]
		if !ok {
			return ErrInvalidPeriod
		}
		until = now.Add(d)
	default:
		months, ok := exclusions[period]
		if !ok {
			return ErrInvalidPeriod
		}
		until = now.AddDate(0, months, 0)
		if months > ExclusionFloorMonths {
			revocable = now.AddDate(0, ExclusionFloorMonths, 0)
		}
	}
	b, err := s.brand(ctx)
	if err != nil {
		return err
	}
	requested := kind
	err = s.store.run(ctx, memberID, now, func(c *changeTx) error {
		st, from := c.st, now
		if st.blocked(now) {
			if st.BlockKind == BlockExclusion {
				kind = BlockExclusion
				if revocable.IsZero() || st.BlockRevocable.After(revocable) {
					revocable = st.BlockRevocable
				}
			}
			if st.BlockUntil.After(until) {
				until = st.BlockUntil
			}
			if st.BlockKind == kind {
				from = st.BlockFrom
			}
		}
		if kind == BlockTimeout {
			revocable = time.Time{}
		}
		st.BlockKind, st.BlockFrom, st.BlockUntil, st.BlockRevocable = kind, from, until, revocable
		if err := c.saveMember(ctx); err != nil {
			return err
		}
		// The history says what was asked for, and until when the block now runs.
		change := ChangeTimeout
		if requested == BlockExclusion {
			change = ChangeExclusion
		}
		return s.record(ctx, c, b.currency, a, historyRow{Change: change, Type: requested, Period: period, To: ptr(until.UnixMilli())})
	})
	if err != nil {
		return err
	}
	if s.d.Sessions != nil { // committed: a caller hanging up must not keep the sessions alive
		if err := s.d.Sessions.EndSessions(context.WithoutCancel(ctx), memberID); err != nil {
			// The block holds anyway: the gate refuses the sessions at their next load.
			s.d.Logger.ErrorContext(ctx, "rg: sessions not ended", "member", memberID, "err", err)
		}
	}
	return nil
}

// Timeout is the player's own time-out (24H, 7D, 30D, 6W).
func (s *Service) Timeout(ctx context.Context, p Player, period string) (Settings, error) {
	if err := s.block(ctx, p.MemberID, BlockTimeout, period, playerActor); err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

// Exclude is the player's self-exclusion (6M, 1Y, 5Y); only EndExclusion,
// after its first 6 months, brings its end closer.
func (s *Service) Exclude(ctx context.Context, p Player, period string) (Settings, error) {
	if err := s.block(ctx, p.MemberID, BlockExclusion, period, playerActor); err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, p)
}

// ---- operator ----

// OpsSettings is the operator's view of a member.
func (s *Service) OpsSettings(ctx context.Context, memberID int64) (OpsSettings, error) {
	if err := s.d.Members.MemberExists(ctx, memberID); err != nil {
		return OpsSettings{}, err
	}
	st, err := s.store.State(ctx, memberID)
	if err != nil {
		return OpsSettings{}, err
	}
	v, err := s.view(ctx, memberID, st, time.Time{})
	if err != nil {
		return OpsSettings{}, err
	}
	restricted, _ := s.blockedSession(ctx, memberID, st)
	v.Restricted = restricted != nil
	hist, _, err := s.store.History(ctx, memberID, 0, 50)
	if err != nil {
		return OpsSettings{}, err
	}
	return OpsSettings{Settings: v, History: hist}, nil
}

// checkReason trims and bounds an operator's reason.
func checkReason(reason string) (string, error) {
	r := []rune(trimSpace(reason))
	if len(r) == 0 || len(r) > 200 {
		return "", ErrInvalidReason
	}
	return string(r), nil
}

// Impose sets (amount) or lifts (nil) the operator's limit at once; the
// player can set lower limits of their own but none above it.
func (s *Service) Impose(ctx context.Context, op operator.Caller, memberID int64, in LimitInput, reason string) (OpsSettings, error) {
	k, err := s.validate(in)
	if err != nil {
		return OpsSettings{}, err
	}
	if reason, err = checkReason(reason); err != nil {
		return OpsSettings{}, err
	}
	if err := s.d.Members.MemberExists(ctx, memberID); err != nil {
		return OpsSettings{}, err
	}
	b, err := s.brand(ctx)
	if err != nil {
		return OpsSettings{}, err
	}
	var before *int64
	changed := false
	err = s.store.run(ctx, memberID, s.now(), func(c *changeTx) error {
		l := c.st.limit(k)
		before = l.OperatorAmount
		if same(before, in.Amount) {
			return nil
		}
		changed = true
		h := historyRow{Change: ChangeImposed, Type: string(k.Type), Period: string(k.Period), From: before, To: in.Amount}
		if in.Amount == nil {
			h.Change = ChangeImpositionLifted
		}
		l.OperatorAmount = in.Amount
		if err := c.saveLimit(ctx, l); err != nil {
			return err
		}
		return s.record(ctx, c, b.currency, actor{by: ByOperator, op: op, reason: reason}, h)
	})
	if err != nil {
		return OpsSettings{}, err
	}
	if changed {
		s.audit(ctx, op, "rg.limit", memberID, map[string]any{"type": k.Type, "period": k.Period,
			"before": before, "after": in.Amount, "reason": reason})
	}
	return s.OpsSettings(ctx, memberID)
}

// OpsBlock is an operator's time-out or exclusion of a member.
func (s *Service) OpsBlock(ctx context.Context, op operator.Caller, memberID int64, kind, period, reason string) (OpsSettings, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return OpsSettings{}, err
	}
	if err := s.d.Members.MemberExists(ctx, memberID); err != nil {
		return OpsSettings{}, err
	}
	st, err := s.store.State(ctx, memberID)
	if err != nil {
		return OpsSettings{}, err
	}
	var before map[string]any
	if st.blocked(s.now()) {
		before = map[string]any{"kind": st.BlockKind, "until": st.BlockUntil.UnixMilli()}
	}
	if err := s.block(ctx, memberID, kind, period, actor{by: ByOperator, op: op, reason: reason}); err != nil {
		return OpsSettings{}, err
	}
	out, err := s.OpsSettings(ctx, memberID)
	if err != nil {
		return OpsSettings{}, err
	}
	action := "rg.timeout"
	if kind == BlockExclusion {
		action = "rg.exclusion"
	}
	var after map[string]any
	if out.Block != nil {
		after = map[string]any{"kind": out.Block.Kind, "until": out.Block.Until}
	}
	s.audit(ctx, op, action, memberID, map[string]any{"period": period, "before": before, "after": after, "reason": reason})
	return out, nil
}

// ExclusionCoolingOff is how long an exclusion runs on once the operator
// has recorded the player's request to end it.
const ExclusionCoolingOff = 24 * time.Hour

// EndExclusion records a player's request, received by support, to end a
// self-exclusion after its first 6 months: the exclusion then ends
// ExclusionCoolingOff later (never later than its own date). Before
// revocableFrom, and for a 6-month exclusion, it is refused.
func (s *Service) EndExclusion(ctx context.Context, op operator.Caller, memberID int64, reason string) (OpsSettings, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return OpsSettings{}, err
	}
	if err := s.d.Members.MemberExists(ctx, memberID); err != nil {
		return OpsSettings{}, err
	}
	b, err := s.brand(ctx)
	if err != nil {
		return OpsSettings{}, err
	}
	now := s.now()
	var before, after time.Time
	err = s.store.run(ctx, memberID, now, func(c *changeTx) error {
		st := c.st
		if !st.blocked(now) || st.BlockKind != BlockExclusion {
			return ErrNotExcluded
		}
		if st.BlockRevocable.IsZero() || now.Before(st.BlockRevocable) {
			if st.BlockRevocable.IsZero() {
				return ErrNotRevocable.With("until", st.BlockUntil.UnixMilli()).With("when", s.when(ctx, st.BlockUntil))
			}
			return ErrNotRevocable.With("revocableFrom", st.BlockRevocable.UnixMilli()).With("when", s.when(ctx, st.BlockRevocable))
		}
		before, after = st.BlockUntil, now.Add(ExclusionCoolingOff)
		if !after.Before(before) {
			after = before
			return nil // it ends within the cooling-off already
		}
		st.BlockUntil = after
		if err := c.saveMember(ctx); err != nil {
			return err
		}
		return s.record(ctx, c, b.currency, actor{by: ByOperator, op: op, reason: reason},
			historyRow{Change: ChangeExclusionEnding, Type: BlockExclusion, From: ptr(before.UnixMilli()), To: ptr(after.UnixMilli())})
	})
	if err != nil {
		return OpsSettings{}, err
	}
	if !after.Equal(before) {
		s.audit(ctx, op, "rg.exclusion_end", memberID, map[string]any{"before": map[string]any{"until": before.UnixMilli()},
			"after": map[string]any{"until": after.UnixMilli()}, "reason": reason})
	}
	return s.OpsSettings(ctx, memberID)
}

// audit writes the operator's audit row; the change has committed by
// then, so a failure is logged loudly rather than undoing it.
func (s *Service) audit(ctx context.Context, op operator.Caller, action string, memberID int64, detail map[string]any) {
	if s.d.Auditor == nil {
		return
	}
	if err := s.d.Auditor.Audit(context.WithoutCancel(ctx), op, action, "member:"+strconv.FormatInt(memberID, 10), detail); err != nil {
		s.d.Logger.ErrorContext(ctx, "operator audit not written", "action", action, "member", memberID, "err", err)
	}
}
