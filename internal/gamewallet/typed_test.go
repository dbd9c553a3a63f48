package gamewallet

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// testChecker refuses the bets of the members it holds an error for.
type testChecker struct {
	mu     sync.Mutex
	refuse map[int64]error
	calls  int
	last   [2]int64 // member, amount of the last call
}

func (c *testChecker) CheckBet(_ context.Context, member int64, currency, vendor string, amount int64) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	c.last = [2]int64{member, amount}
	if currency == "" || vendor == "" {
		return fmt.Errorf("checker called without currency or vendor")
	}
	return c.refuse[member]
}

func (c *testChecker) set(member int64, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refuse[member] = err
}

// eachPath runs fn on both databases with the answers stored by the
// recorder, and stored in the postings' transaction with betwins guarded
// (as the server runs).
func eachPath(t *testing.T, fn func(t *testing.T, s *site, c *testChecker)) {
	for _, inPosting := range []bool{false, true} {
		name := map[bool]string{false: "recorder", true: "in-posting"}[inPosting]
		t.Run(name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				c := &testChecker{refuse: map[int64]error{}}
				fn(t, newSiteCfg(t, d, Config{BetChecker: c, AnswersInPosting: inPosting, GuardBetWin: inPosting}), c)
			})
		})
	}
}

// postings counts the ledger postings under a key.
func (s *site) posted(key string) bool {
	s.t.Helper()
	var n int
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT COUNT(*) FROM ledger_posting WHERE idempotency_key = ?`), key).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n > 0
}

// TestBetChecker: a bet or a bet and win the checker refuses is refused
// with ErrLimitReached or ErrPlayerBlocked, nothing posted and no round
// opened; the refusal is stored for its txId (a repeat gets it even once
// the checker would allow it), also under concurrent repeats; wins and
// rollbacks of other rounds go on; a checker that fails leaves nothing
// stored, so a retry decides again.
func TestBetChecker(t *testing.T) {
	eachPath(t, func(t *testing.T, s *site, c *testChecker) {
		ctx := context.Background()
		const member = 41
		tok := s.player(member, 100_00)
		bet := func(tx, round string, amount int64) (Answer, error) {
			return s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: tx, RoundID: round, GameCode: s.slot.Code, Amount: amount})
		}
		betWin := func(tx, round string) (Answer, error) {
			return s.svc.BetWin(ctx, BetWinRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: tx, RoundID: round, GameCode: s.slot.Code, Amount: 5_00, Win: 7_00})
		}
		// Two rounds opened while the player may bet.
		if _, err := bet("b-open", "open", 10_00); err != nil {
			t.Fatal(err)
		}
		if _, err := bet("b-rb", "rb", 10_00); err != nil {
			t.Fatal(err)
		}
		if c.last != [2]int64{member, 10_00} {
			t.Fatalf("checker saw %v", c.last)
		}
		c.set(member, fmt.Errorf("daily loss limit: %w", ErrLimitReached))
		_, err := bet("b-new", "new", 10_00)
		var ref *Refusal
		if !errors.Is(err, ErrLimitReached) || !Refused(err) || !errors.As(err, &ref) || ref.Message == "" {
			t.Fatalf("bet over a limit: %v", err)
		}
		if _, err := betWin("bw-new", "new2"); !errors.Is(err, ErrLimitReached) {
			t.Fatalf("betwin over a limit: %v", err)
		}
		if got := s.mainBalance(member); got != 80_00 {
			t.Fatalf("main %d after refused bets, want 80_00", got)
		}
		for _, k := range []string{ledgerKey("PG", "b-new"), ledgerKey("PG", "bw-new")} {
			if s.posted(k) {
				t.Fatalf("%s posted", k)
			}
		}
		for _, r := range []string{"new", "new2"} {
			if _, ok, _ := s.svc.store.round(ctx, s.d, "PG", r); ok {
				t.Fatalf("refused bet opened round %s", r)
			}
		}
		// A win ending another round and a rollback of another bet go on.
		a, err := s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: member, Currency: s.currency, TxID: "w-open", RoundID: "open", GameCode: s.slot.Code, Amount: 30_00, EndRound: true})
		if err != nil || a.Balance != 110_00 || a.RoundStatus != StatusCompleted {
			t.Fatalf("win of an open round: %+v %v", a, err)
		}
		a, err = s.svc.Rollback(ctx, RollbackRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "rb-1", RefTxID: "b-rb", RoundID: "rb", GameCode: s.slot.Code})
		if err != nil || a.Balance != 120_00 {
			t.Fatalf("rollback: %+v %v", a, err)
		}
		// Concurrent repeats of the refused txId: all refused alike, nothing moves.
		var wg sync.WaitGroup
		errs := make([]error, 16)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = bet("b-new", "new", 10_00)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if !errors.Is(err, ErrLimitReached) {
				t.Fatalf("repeat %d: %v", i, err)
			}
		}
		// The limit lifted: the refused txIds stay refused, a new one is taken.
		c.set(member, nil)
		if _, err := bet("b-new", "new", 10_00); !errors.Is(err, ErrLimitReached) {
			t.Fatalf("repeat after the limit lifted: %v", err)
		}
		if _, err := betWin("bw-new", "new2"); !errors.Is(err, ErrLimitReached) {
			t.Fatalf("betwin repeat after the limit lifted: %v", err)
		}
		if a, err := betWin("bw-2", "new3"); err != nil || a.Balance != 122_00 {
			t.Fatalf("betwin once allowed: %+v %v", a, err)
		}
		// Blocked: the other error.
		c.set(member, ErrPlayerBlocked)
		if _, err := bet("b-blocked", "blocked", 1_00); !errors.Is(err, ErrPlayerBlocked) || errors.Is(err, ErrLimitReached) {
			t.Fatalf("blocked player's bet: %v", err)
		}
		// A checker that fails: unknown outcome, nothing stored.
		c.set(member, errors.New("limits unavailable"))
		if _, err := bet("b-fail", "fail", 1_00); err == nil || Refused(err) {
			t.Fatalf("failing checker: %v", err)
		}
		c.set(member, nil)
		if a, err := bet("b-fail", "fail", 1_00); err != nil || a.Balance != 121_00 {
			t.Fatalf("retry after the checker failed: %+v %v", a, err)
		}
		if got := s.mainBalance(member); got != 121_00 {
			t.Fatalf("main %d, want 121_00", got)
		}
		s.verifyLedger()
	})
}

// TestTypedRefusals: each rule's refusal is its error value (errors.Is),
// a malformed request is ErrInvalidRequest and is not stored.
func TestTypedRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tok := s.player(43, 10_00)
		base := BetRequest{Vendor: "PG", SessionToken: tok, MemberID: 43, Currency: s.currency, TxID: "t1", RoundID: "r1", GameCode: s.slot.Code, Amount: 1_00}
		for name, tc := range map[string]struct {
			edit func(r *BetRequest)
			want error
		}{
			"Funds":     {func(r *BetRequest) { r.TxID, r.Amount = "t-funds", 11_00 }, ErrInsufficientFunds},
			"Session":   {func(r *BetRequest) { r.TxID, r.SessionToken = "t-session", "gs_nosuch" }, ErrSessionExpired},
			"Player":    {func(r *BetRequest) { r.TxID, r.MemberID = "t-player", 44 }, ErrUnknownPlayer},
			"Currency":  {func(r *BetRequest) { r.TxID, r.Currency = "t-currency", "USD" }, ErrCurrencyMismatch},
			"Game":      {func(r *BetRequest) { r.TxID, r.GameCode = "t-game", "NO_SUCH_GAME" }, ErrUnknownGame},
			"Amount":    {func(r *BetRequest) { r.TxID, r.Amount = "t-amount", 0 }, ErrInvalidRequest},
			"TxID":      {func(r *BetRequest) { r.TxID = "bad id" }, ErrInvalidRequest},
			"NoVendor":  {func(r *BetRequest) { r.TxID, r.Vendor = "t-vendor", "" }, ErrInvalidRequest},
			"NoMember":  {func(r *BetRequest) { r.TxID, r.MemberID = "t-member", 0 }, ErrInvalidRequest},
			"Negative":  {func(r *BetRequest) { r.TxID, r.Amount = "t-neg", -5 }, ErrInvalidRequest},
			"TooLarge":  {func(r *BetRequest) { r.TxID, r.Amount = "t-big", MaxAmount+1 }, ErrInvalidRequest},
			"NoRoundID": {func(r *BetRequest) { r.TxID, r.RoundID = "t-round", "" }, ErrInvalidRequest},
		} {
			t.Run(name, func(t *testing.T) {
				r := base
				tc.edit(&r)
				if _, err := s.svc.Bet(ctx, r); !errors.Is(err, tc.want) || !Refused(err) {
					t.Fatalf("%+v: %v, want %v", r, err, tc.want)
				}
				if s.posted(ledgerKey("PG", r.TxID)) {
					t.Fatal("posted")
				}
			})
		}
		if _, err := s.svc.Bet(ctx, base); err != nil {
			t.Fatal(err)
		}
		other := base
		other.Amount = 2_00
		if _, err := s.svc.Bet(ctx, other); !errors.Is(err, ErrDuplicateMismatch) {
			t.Fatalf("same txId, another amount: %v", err)
		}
		if _, err := s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: 43, Currency: s.currency, TxID: "w0", RoundID: "nope", GameCode: s.slot.Code}); !errors.Is(err, ErrUnknownRound) {
			t.Fatalf("win of an unknown round: %v", err)
		}
		if _, err := s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: 43, Currency: s.currency, TxID: "w1", RoundID: "r1", GameCode: s.slot.Code, Amount: 1, EndRound: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: 43, Currency: s.currency, TxID: "w2", RoundID: "r1", GameCode: s.slot.Code, Amount: 1}); !errors.Is(err, ErrRoundClosed) {
			t.Fatalf("win of a closed round: %v", err)
		}
		if _, err := s.svc.Rollback(ctx, RollbackRequest{Vendor: "PG", MemberID: 43, TxID: "rb", RefTxID: "t1", RoundID: "r1", GameCode: s.slot.Code}); !errors.Is(err, ErrRollbackAfterWin) {
			t.Fatalf("rollback after a win: %v", err)
		}
		s.verifyLedger()
	})
}

// TestRoundFacts: every way a round ends writes its fact once, in the
// transaction of the status change: a bet and win, a win with endRound
// (jackpot flagged), endround of a round whose bets were all refunded
// (cancelled), the sweeper, and a bet and win rolled back after it was
// settled (its own rollback fact). Repeats add nothing.
func TestRoundFacts(t *testing.T) {
	eachPath(t, func(t *testing.T, s *site, _ *testChecker) {
		ctx := context.Background()
		const member = 45
		tok := s.player(member, 100_00)
		g := s.slot.Code
		bw := BetWinRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "bw1", RoundID: "f1", GameCode: g, Amount: 2_00, Win: 5_00}
		for range 2 {
			if _, err := s.svc.BetWin(ctx, bw); err != nil {
				t.Fatal(err)
			}
		}
		r, ok := s.nextEnded()
		if !ok || r.RoundID != "f1" || r.Status != StatusCompleted || r.Win != 5_00 {
			t.Fatalf("betwin fact %+v %v", r, ok)
		}
		if n := s.pendingEnded(); n != 0 {
			t.Fatalf("%d facts after a repeated betwin", n)
		}
		// bet, jackpot win with endRound
		if _, err := s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "b2", RoundID: "f2", GameCode: g, Amount: 1_00}); err != nil {
			t.Fatal(err)
		}
		win := WinRequest{Vendor: "PG", MemberID: member, Currency: s.currency, TxID: "w2", RoundID: "f2", GameCode: g, Amount: 9_00, Jackpot: true, EndRound: true}
		for range 2 {
			if _, err := s.svc.Win(ctx, win); err != nil {
				t.Fatal(err)
			}
		}
		if r, ok := s.nextEnded(); !ok || r.RoundID != "f2" || !r.Jackpot || s.pendingEnded() != 0 {
			t.Fatalf("jackpot fact %+v %v", r, ok)
		}
		// bet refunded, then endround: cancelled
		if _, err := s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "b3", RoundID: "f3", GameCode: g, Amount: 1_00}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.Rollback(ctx, RollbackRequest{Vendor: "PG", MemberID: member, TxID: "rb3", RefTxID: "b3", RoundID: "f3", GameCode: g}); err != nil {
			t.Fatal(err)
		}
		if s.pendingEnded() != 0 {
			t.Fatal("a refund ended the round")
		}
		for range 2 {
			if a, err := s.svc.EndRound(ctx, EndRoundRequest{Vendor: "PG", MemberID: member, RoundID: "f3", GameCode: g}); err != nil || a.RoundStatus != StatusCancelled {
				t.Fatalf("endround %+v %v", a, err)
			}
		}
		if r, ok := s.nextEnded(); !ok || r.RoundID != "f3" || r.Status != StatusCancelled || s.pendingEnded() != 0 {
			t.Fatalf("cancelled fact %+v %v", r, ok)
		}
		// the sweeper
		if _, err := s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "b4", RoundID: "f4", GameCode: g, Amount: 1_00}); err != nil {
			t.Fatal(err)
		}
		s.clk.Advance(DefaultIdleRound + time.Second)
		if n, err := s.svc.Sweep(ctx); err != nil || n != 1 {
			t.Fatalf("sweep %d %v", n, err)
		}
		if r, ok := s.nextEnded(); !ok || r.RoundID != "f4" || r.Status != StatusCompleted {
			t.Fatalf("swept fact %+v %v", r, ok)
		}
		// a settled betwin rolled back: a rollback fact beside its settled one
		if _, err := s.svc.Rollback(ctx, RollbackRequest{Vendor: "PG", MemberID: member, TxID: "rb1", RefTxID: "bw1", RoundID: "f1", GameCode: g}); err != nil {
			t.Fatal(err)
		}
		var key, kind, detail string
		var valid, won int64
		if err := s.d.QueryRowContext(ctx, s.d.Rebind(`SELECT fact_key, kind, detail, valid_bet, win FROM activity_event WHERE id > ? ORDER BY id LIMIT 1`), s.lastFact).
			Scan(&key, &kind, &detail, &valid, &won); err != nil {
			t.Fatal(err)
		}
		var settledValid, settledWin int64
		if err := s.d.QueryRowContext(ctx, s.d.Rebind(`SELECT valid_bet, win FROM activity_event WHERE fact_key = ?`), "round:"+itoa(r0(t, s, "f1"))).
			Scan(&settledValid, &settledWin); err != nil {
			t.Fatal(err)
		}
		if key != "round:"+itoa(r0(t, s, "f1"))+":rollback" || kind != "round.cancelled" || detail != "rollback" || valid != -settledValid || won != -settledWin || settledValid == 0 {
			t.Fatalf("rollback fact %s %s %q valid %d win %d", key, kind, detail, valid, won)
		}
		s.verifyLedger()
	})
}

func r0(t *testing.T, s *site, roundID string) int64 {
	r, ok, err := s.svc.store.round(context.Background(), s.d, "PG", roundID)
	if err != nil || !ok {
		t.Fatalf("round %s: %v %v", roundID, ok, err)
	}
	return r.ID
}
