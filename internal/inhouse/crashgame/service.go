package crashgame

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"sync"

	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse/crash"
	"github.com/palaro/palaro/internal/inhouse/player"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Service takes bets and cash-outs (on any instance) and, on the instance
// holding the lease, runs the round loop (engine.go).
type Service struct {
	store  *Store
	bank   Bank
	hub    *Hub
	clock  clock.Clock
	logger *slog.Logger
	cfg    Config
	holder string // this instance's lease holder id

	settleQ chan int64

	// deciding orders a manual cash-out's broadcast before the crash's: a
	// cash-out holds it (read) from its decision to its Publish, the crash
	// (write) from CrashRound to its Publish, so a cash-out that won the
	// race in the database is never announced after "crashed" (on this
	// instance; docs/games/crash-server.md).
	deciding sync.RWMutex
	// decided, when set (tests), runs between a manual cash-out's decision
	// and its broadcast.
	decided func()

	// engine state: only the Tick goroutine touches it
	leading    bool
	leaseUntil time.Time
	recovering bool
	chains     map[int64]*Chain
	round      *Round
	autos      []Bet // the flying bets with an automatic cash-out, by target
	nextSweep  time.Time
}

func NewService(store *Store, bank Bank, hub *Hub, clk clock.Clock, logger *slog.Logger, cfg Config) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return &Service{store: store, bank: bank, hub: hub, clock: clk, logger: logger, cfg: cfg.withDefaults(),
		holder: hex.EncodeToString(b[:]), settleQ: make(chan int64, 1<<16), chains: map[int64]*Chain{}}
}

// PlaceBet places the member's bet on the round taking bets. The same key
// replays the first answer.
func (s *Service) PlaceBet(ctx context.Context, p account.Caller, amount, autoCashout int64, key string) (BetView, int64, error) {
	if err := player.Check(p); err != nil {
		return BetView{}, 0, err
	}
	if amount <= 0 || amount > MaxAmount {
		return BetView{}, 0, ErrBadAmount
	}
	if autoCashout != 0 && (autoCashout < MinAutoCashout || autoCashout > MaxAutoCashout) {
		return BetView{}, 0, ErrBadAuto
	}
	r, ok, err := s.store.LatestRound(ctx)
	if err != nil {
		return BetView{}, 0, apperr.Internal(err, "crash bet")
	}
	if !ok {
		return BetView{}, 0, ErrBettingClosed
	}
	b := Bet{RoundID: r.ID, MemberID: p.MemberID, Player: maskName(p.Account), Amount: amount, AutoCashout: autoCashout, Key: key}
	replay, err := s.store.ReserveBet(ctx, &b, s.clock.Now())
	if err != nil {
		if _, isApp := err.(*apperr.Error); isApp {
			return BetView{}, 0, err
		}
		return BetView{}, 0, apperr.Internal(err, "reserve crash bet")
	}
	if replay {
		if b.State == BetPending {
			return BetView{}, 0, ErrAlreadyBet // the first request is still under way
		}
		v := viewBet(b)
		v.Mine = true
		return *v, b.Balance, nil
	}
	inhouseID, balance, currency, err := s.bank.Open(ctx, p, amount, Params{RoundID: r.ID, AutoCashout: autoCashout}, bankKey(b.ID))
	if err != nil {
		if ae := apperr.As(err); ae.Kind != apperr.KindInternal && ae.Kind != apperr.KindUnavailable { // refused: nothing moved
			if derr := s.store.DropBet(context.WithoutCancel(ctx), b.ID); derr != nil {
				s.logger.ErrorContext(ctx, "crash: drop refused bet", "bet", b.ID, "err", derr)
			}
			return BetView{}, 0, err
		}
		// Unknown outcome: roll back whatever was done now, so the member may
		// bet again; failing that, the bet stays PENDING and the engine
		// refunds it at betting end.
		bg := context.WithoutCancel(ctx)
		if cerr := s.bank.Cancel(bg, p.MemberID, bankKey(b.ID)); cerr == nil {
			if derr := s.store.DropBet(bg, b.ID); derr != nil {
				s.logger.ErrorContext(ctx, "crash: drop rolled-back bet", "bet", b.ID, "err", derr)
			}
		}
		if ae := apperr.As(err); ae.Kind == apperr.KindUnavailable {
			return BetView{}, 0, err
		}
		return BetView{}, 0, apperr.Internal(err, "crash bet %d", b.ID)
	}
	placed, err := s.store.PlaceBet(context.WithoutCancel(ctx), b.ID, inhouseID, balance, currency)
	if err != nil {
		return BetView{}, 0, apperr.Internal(err, "crash bet %d placed", b.ID)
	}
	if !placed { // betting ended while the wallet answered: the engine refunds it
		return BetView{}, 0, ErrBettingClosed
	}
	b.State, b.InhouseID, b.Balance, b.Currency = BetPlaced, inhouseID, balance, currency
	v := viewBet(b)
	s.hub.Publish(ctx, p.MemberID, Message{Type: "bet", Bet: v})
	mine := *v
	mine.Mine = true
	return mine, balance, nil
}

// bankKey is the idempotency key of a bet's in-house round.
func bankKey(betID int64) string { return "crash-bet-" + strconv.FormatInt(betID, 10) }

// CashOut cashes the member's bet on roundID out at the multiplier reached
// now. The same key replays the first answer.
func (s *Service) CashOut(ctx context.Context, p account.Caller, roundID int64, key string) (BetView, int64, error) {
	if err := player.Check(p); err != nil {
		return BetView{}, 0, err
	}
	b, ok, err := s.store.MemberBet(ctx, roundID, p.MemberID)
	if err != nil {
		return BetView{}, 0, apperr.Internal(err, "crash cashout")
	}
	if !ok {
		return BetView{}, 0, ErrUnknownRound
	}
	if b.State == BetCashed {
		if key == "" || b.CashoutKey != key {
			return BetView{}, 0, ErrDoubleCashout
		}
		return s.paid(ctx, b) // a replay: the answer again (paying once more is a no-op)
	}
	r, ok, err := s.store.Round(ctx, roundID)
	if err != nil || !ok {
		return BetView{}, 0, apperr.Internal(err, "crash round %d", roundID)
	}
	now := s.clock.Now()
	switch {
	case b.State == BetPending || r.Status == StatusBetting:
		return BetView{}, 0, ErrNotRunning
	case b.State != BetPlaced || r.Status == StatusCrashed:
		return BetView{}, 0, ErrTooLate
	}
	mult := min(crash.MultiplierAt(now.Sub(r.StartedAt)), crash.MaxTarget) // the top award
	if mult >= r.Point {
		return BetView{}, 0, ErrTooLate
	}
	if b.AutoCashout > 0 && b.AutoCashout <= mult {
		return BetView{}, 0, ErrDoubleCashout // the automatic cash-out came first
	}
	win := Win(b.Amount, mult)
	s.deciding.RLock()
	done, err := s.store.CashOut(ctx, b.ID, mult, win, key, now)
	if err != nil || !done {
		s.deciding.RUnlock()
	}
	if err != nil {
		return BetView{}, 0, apperr.Internal(err, "crash cashout %d", b.ID)
	}
	if !done { // decided meanwhile: by a concurrent cash-out or the crash
		if again, ok, err := s.store.BetByID(ctx, b.ID); err == nil && ok && again.State == BetCashed {
			return BetView{}, 0, ErrDoubleCashout
		}
		return BetView{}, 0, ErrTooLate
	}
	b.State, b.CashedOutAt, b.Win, b.CashoutKey = BetCashed, mult, win, key
	if s.decided != nil {
		s.decided()
	}
	s.hub.Publish(ctx, p.MemberID, Message{Type: "cashout", Bet: viewBet(b)})
	s.deciding.RUnlock()
	return s.paid(ctx, b)
}

// paid settles a cashed-out bet now (or confirms it was) and answers it
// with the balance.
func (s *Service) paid(ctx context.Context, b Bet) (BetView, int64, error) {
	bal, err := s.settle(context.WithoutCancel(ctx), b)
	if err != nil {
		// Decided and recorded: the sweeper pays it; the retry of this request too.
		return BetView{}, 0, apperr.Internal(err, "crash pay %d", b.ID)
	}
	v := viewBet(b)
	v.Mine = true
	return *v, bal, nil
}

// settle moves a decided bet's money through the Bank and marks it
// settled. Safe to repeat: the Bank is idempotent.
func (s *Service) settle(ctx context.Context, b Bet) (int64, error) {
	out := Outcome{RoundID: b.RoundID, CashedOutAt: b.CashedOutAt}
	if r, ok, err := s.store.Round(ctx, b.RoundID); err != nil {
		return 0, err
	} else if ok && r.Status == StatusCrashed { // the proof only once the round is over
		out.Point, out.Hash = r.Point, r.Hash
	}
	var bal int64
	var err error
	final := b.State
	switch b.State {
	case BetCashed:
		bal, err = s.bank.Settle(ctx, b.MemberID, b.InhouseID, b.Win, b.CashedOutAt*100, out)
	case BetLost:
		bal, err = s.bank.Settle(ctx, b.MemberID, b.InhouseID, 0, 0, out)
	case BetRefund:
		err, final = s.bank.Cancel(ctx, b.MemberID, bankKey(b.ID)), BetCancelled
	default:
		return b.Balance, nil
	}
	if err != nil {
		return 0, err
	}
	if !b.Settled || final != b.State {
		if err := s.store.MarkSettled(ctx, b.ID, final); err != nil {
			return bal, err
		}
	}
	return bal, nil
}

// RoundView is one round by id as clients see it (hash and point only once crashed).
func (s *Service) RoundView(ctx context.Context, id int64) (*RoundView, *ChainView, error) {
	r, ok, err := s.store.Round(ctx, id)
	if err != nil {
		return nil, nil, apperr.Internal(err, "crash round")
	}
	if !ok {
		return nil, nil, ErrUnknownRound
	}
	c, err := s.store.Chain(ctx, r.ChainID)
	if err != nil {
		return nil, nil, apperr.Internal(err, "crash chain")
	}
	return viewRound(r, s.clock.Now()), viewChain(c), nil
}

// State is the hub's view, with the member's bets marked.
func (s *Service) State(memberID int64) State { return s.hub.Snapshot(memberID) }

// LoadView fills the hub's view from the store (every instance, at start).
func (s *Service) LoadView(ctx context.Context) error {
	st := State{Bets: []BetView{}, History: []HistoryItem{}}
	now := s.clock.Now()
	if c, err := s.store.CurrentChain(ctx); err != nil {
		return err
	} else if c != nil {
		st.Chain = viewChain(c)
	}
	r, ok, err := s.store.LatestRound(ctx)
	if err != nil {
		return err
	}
	if ok {
		st.Round = viewRound(r, now)
		bets, err := s.store.RoundBets(ctx, r.ID)
		if err != nil {
			return err
		}
		for _, b := range bets {
			if b.State != BetPending {
				st.Bets = append(st.Bets, *viewBet(b))
			}
		}
	}
	hist, err := s.store.History(ctx, s.cfg.History)
	if err != nil {
		return err
	}
	for _, h := range hist {
		st.History = append(st.History, HistoryItem{ID: h.ID, Point: h.Point, Hash: h.Hash})
	}
	s.hub.Load(st)
	return nil
}
