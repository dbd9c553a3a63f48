package crashgame

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/palaro/palaro/internal/inhouse/crash"
)

// Run is the engine loop: it takes the lease when free, then plays the
// rounds (Tick) until ctx ends, and pays decided bets with Workers
// goroutines. Every instance runs it; only the lease holder plays.
func (s *Service) Run(ctx context.Context) {
	s.StartWorkers(ctx)
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			if s.leading {
				_ = s.store.ReleaseLease(context.WithoutCancel(ctx), s.holder)
			}
			return
		case <-timer.C:
		}
		next, err := s.Tick(ctx)
		now := s.clock.Now()
		if err != nil {
			s.logger.ErrorContext(ctx, "crash engine", "err", err)
			next = now.Add(time.Second)
		}
		timer.Reset(max(next.Sub(now), time.Millisecond))
	}
}

// StartWorkers starts the goroutines that pay decided bets.
func (s *Service) StartWorkers(ctx context.Context) {
	for i := 0; i < s.cfg.Workers; i++ {
		go s.settleWorker(ctx)
	}
}

func (s *Service) settleWorker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-s.settleQ:
			b, ok, err := s.store.BetByID(ctx, id)
			if err != nil || !ok || b.Settled {
				continue
			}
			if _, err := s.settle(ctx, b); err != nil {
				s.logger.WarnContext(ctx, "crash: settle bet (the sweeper retries)", "bet", id, "err", err)
			}
		}
	}
}

func (s *Service) enqueue(ids ...int64) {
	for _, id := range ids {
		select {
		case s.settleQ <- id:
		default: // full: the sweeper picks it up
		}
	}
}

// Tick does whatever is due now and answers when it is next needed. Tests
// call it with a fixed clock; Run calls it on a timer.
func (s *Service) Tick(ctx context.Context) (time.Time, error) {
	now := s.clock.Now()
	if !s.leading || !now.Before(s.leaseUntil.Add(-s.cfg.LeaseTTL*2/3)) {
		ok, err := s.store.Lease(ctx, s.holder, now, s.cfg.LeaseTTL)
		if err != nil {
			return now, fmt.Errorf("lease: %w", err)
		}
		if !ok {
			s.leading, s.round = false, nil
			return now.Add(s.cfg.LeaseTTL / 3), nil
		}
		if !s.leading {
			s.leading, s.recovering, s.round = true, true, nil
		}
		s.leaseUntil = now.Add(s.cfg.LeaseTTL)
	}
	if !now.Before(s.nextSweep) {
		if err := s.sweep(ctx, now); err != nil {
			return now, err
		}
		s.nextSweep = now.Add(s.cfg.SettleAfter)
	}
	if s.round == nil {
		r, ok, err := s.store.LatestRound(ctx)
		if err != nil {
			return now, err
		}
		if ok {
			s.round = &r
			if r.Status == StatusRunning {
				if err := s.loadAutos(ctx); err != nil {
					return now, err
				}
			}
		}
	}
	next, err := s.step(ctx, now)
	s.recovering = false
	if renew := s.leaseUntil.Add(-s.cfg.LeaseTTL * 2 / 3); renew.Before(next) {
		next = renew // a long flight must not let the lease lapse
	}
	return next, err
}

// step advances the current round.
func (s *Service) step(ctx context.Context, now time.Time) (time.Time, error) {
	r := s.round
	switch {
	case r == nil || (r.Status == StatusCrashed && !now.Before(r.CrashedAt.Add(s.cfg.Cooldown))):
		return s.newRound(ctx, now)
	case r.Status == StatusCrashed:
		return r.CrashedAt.Add(s.cfg.Cooldown), nil
	case r.Status == StatusBetting:
		if now.Before(r.BettingEndsAt) {
			return r.BettingEndsAt, nil
		}
		return s.start(ctx, now)
	default:
		return s.fly(ctx, now)
	}
}

// chain is the chain for the next round: the current one, or a new one
// when there is none or it is used up.
func (s *Service) chainFor(ctx context.Context, nextSeq func(*Chain) int64) (*Chain, int64, error) {
	c, err := s.store.CurrentChain(ctx)
	if err != nil {
		return nil, 0, err
	}
	if c != nil {
		if cached, ok := s.chains[c.ID]; ok {
			c = cached
		} else if err := c.Load(); err != nil {
			return nil, 0, err
		} else {
			s.chains[c.ID] = c
		}
		if seq := nextSeq(c); seq <= c.Length {
			return c, seq, nil
		}
	}
	c, err = NewChain(s.cfg.ChainLength, s.cfg.Salt)
	if err != nil {
		return nil, 0, err
	}
	if err := s.store.InsertChain(ctx, c, s.clock.Now()); err != nil {
		return nil, 0, err
	}
	s.chains[c.ID] = c
	return c, 1, nil
}

// chainByID is a stored chain with its checkpoints.
func (s *Service) chainByID(ctx context.Context, id int64) (*Chain, error) {
	if c, ok := s.chains[id]; ok {
		return c, nil
	}
	c, err := s.store.Chain(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := c.Load(); err != nil {
		return nil, err
	}
	s.chains[id] = c
	return c, nil
}

func (s *Service) newRound(ctx context.Context, now time.Time) (time.Time, error) {
	prev := s.round
	c, seq, err := s.chainFor(ctx, func(c *Chain) int64 {
		if prev != nil && prev.ChainID == c.ID {
			return prev.Seq + 1
		}
		return 1
	})
	if err != nil {
		return now, err
	}
	hash := c.Hash(seq)
	r := Round{ChainID: c.ID, Seq: seq, Hash: hash, Point: crash.Point(hash, c.Salt), Status: StatusBetting, BettingEndsAt: now.Add(s.cfg.Betting)}
	if err := s.store.InsertRound(ctx, &r); err != nil {
		return now, err
	}
	s.round, s.autos = &r, nil
	s.hub.Publish(ctx, 0, Message{Type: "betting", Round: viewRound(r, now), Chain: viewChain(c), At: now.UnixMilli()})
	return r.BettingEndsAt, nil
}

// start ends the betting: it waits (up to PendingWait) for bets whose
// wallet call is under way, refunds the ones still pending, and lifts off.
func (s *Service) start(ctx context.Context, now time.Time) (time.Time, error) {
	r := s.round
	n, err := s.store.CountPending(ctx, r.ID)
	if err != nil {
		return now, err
	}
	if n > 0 && now.Before(r.BettingEndsAt.Add(s.cfg.PendingWait)) {
		return now.Add(10 * time.Millisecond), nil
	}
	refunds, err := s.store.CancelPending(ctx, r.ID, now)
	if err != nil {
		return now, err
	}
	for _, b := range refunds {
		s.enqueue(b.ID)
	}
	if err := s.store.StartRound(ctx, r.ID, now); err != nil {
		return now, err
	}
	r.Status, r.StartedAt = StatusRunning, now
	if err := s.loadAutos(ctx); err != nil {
		return now, err
	}
	s.hub.Publish(ctx, 0, Message{Type: "running", Round: viewRound(*r, now), At: now.UnixMilli()})
	return s.fly(ctx, now)
}

// loadAutos reads the flying bets with an automatic cash-out.
func (s *Service) loadAutos(ctx context.Context) error {
	bets, err := s.store.RoundBets(ctx, s.round.ID)
	if err != nil {
		return err
	}
	s.autos = s.autos[:0]
	for _, b := range bets {
		if b.State == BetPlaced && b.AutoCashout > 0 {
			s.autos = append(s.autos, b)
		}
	}
	sort.SliceStable(s.autos, func(i, j int) bool { return s.autos[i].AutoCashout < s.autos[j].AutoCashout })
	return nil
}

// fly pays the automatic cash-outs that are due (at exactly their target)
// and crashes the round at its point. A round found flying past its crash
// time when this instance took over (a restart or a dead leader) is ended
// by the restart rule: automatic cash-outs up to the point are paid, the
// other flying bets are refunded (docs/games/crash-server.md).
func (s *Service) fly(ctx context.Context, now time.Time) (time.Time, error) {
	r := s.round
	crashAt := r.StartedAt.Add(crash.TimeTo(r.Point))
	var due []Bet
	i := 0
	for ; i < len(s.autos); i++ {
		b := s.autos[i]
		if b.AutoCashout > r.Point || now.Before(r.StartedAt.Add(crash.TimeTo(b.AutoCashout))) {
			break
		}
		b.CashedOutAt, b.Win = b.AutoCashout, Win(b.Amount, b.AutoCashout)
		due = append(due, b)
	}
	if len(due) > 0 {
		done, err := s.store.CashOutMany(ctx, due, now)
		if err != nil {
			return now, err
		}
		s.autos = s.autos[i:]
		decided := make(map[int64]bool, len(done))
		for _, id := range done {
			decided[id] = true
		}
		for _, b := range due {
			if decided[b.ID] {
				b.State = BetCashed
				s.hub.Publish(ctx, b.MemberID, Message{Type: "cashout", Bet: viewBet(b), At: now.UnixMilli()})
			}
		}
		s.enqueue(done...)
	}
	if now.Before(crashAt) {
		next := crashAt
		if len(s.autos) > 0 && s.autos[0].AutoCashout <= r.Point {
			if t := r.StartedAt.Add(crash.TimeTo(s.autos[0].AutoCashout)); t.Before(next) {
				next = t
			}
		}
		return next, nil
	}
	flyingTo := BetLost
	if s.recovering {
		flyingTo = BetRefund
	}
	s.deciding.Lock() // the cash-outs decided before the crash are announced before it
	if err := s.store.CrashRound(ctx, r.ID, now, flyingTo); err != nil {
		s.deciding.Unlock()
		return now, err
	}
	r.Status, r.CrashedAt = StatusCrashed, now
	s.autos = nil
	s.hub.Publish(ctx, 0, Message{Type: "crashed", Round: viewRound(*r, now), At: now.UnixMilli()})
	s.deciding.Unlock()
	bets, err := s.store.RoundBets(ctx, r.ID)
	if err != nil {
		return now, err
	}
	var settledWins []Bet
	for _, b := range bets {
		switch {
		case !b.Settled && (b.State == BetLost || b.State == BetRefund):
			s.enqueue(b.ID)
		case b.Settled && b.State == BetCashed:
			settledWins = append(settledWins, b)
		}
	}
	if pw, ok := s.bank.(ProofWriter); ok && len(settledWins) > 0 {
		go s.reveal(context.WithoutCancel(ctx), pw, *r, settledWins)
	}
	return r.CrashedAt.Add(s.cfg.Cooldown), nil
}

// reveal writes the crashed round's proof into the bets paid before the
// crash, one after the other (cosmetic, so best effort and unhurried: the
// proof is also at GET /wps/inhouse/crash/rounds/{id}).
func (s *Service) reveal(ctx context.Context, pw ProofWriter, r Round, bets []Bet) {
	for _, b := range bets {
		out := Outcome{RoundID: r.ID, Point: r.Point, Hash: r.Hash, CashedOutAt: b.CashedOutAt}
		if err := pw.Reveal(ctx, b.MemberID, b.InhouseID, out); err != nil {
			s.logger.WarnContext(ctx, "crash: write the proof into a settled bet", "bet", b.ID, "err", err)
		}
	}
}

// sweep retries decided bets whose money has not moved.
func (s *Service) sweep(ctx context.Context, now time.Time) error {
	bets, err := s.store.Unfinished(ctx, now.Add(-s.cfg.SettleAfter), 1000)
	if err != nil {
		return err
	}
	for _, b := range bets {
		s.enqueue(b.ID)
	}
	return nil
}

// SettleAll pays every decided, unsettled bet now (tests and shutdown).
func (s *Service) SettleAll(ctx context.Context) error {
	bets, err := s.store.Unfinished(ctx, s.clock.Now().Add(time.Hour), 100000)
	if err != nil {
		return err
	}
	for _, b := range bets {
		if _, err := s.settle(ctx, b); err != nil {
			return fmt.Errorf("settle bet %d: %w", b.ID, err)
		}
	}
	return nil
}
