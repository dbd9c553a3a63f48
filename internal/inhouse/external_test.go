package inhouse

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// External rounds (Crash): the round, bet, win and rollback are the game
// server's; the engine decides the end.
func TestExternalRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		ctx := context.Background()
		c := s.caller("demo01")
		tok := s.login("demo01")
		s.fund(c.MemberID, 100_000)
		before := s.balance(c.MemberID)

		p, err := s.svc.OpenExternal(ctx, c, GameCrash, "crash-1", 1_000, map[string]any{"autoCashout": 200})
		if err != nil || p.Round.Status != StatusOpen || p.Round.Game != GameCrash || p.Balance != before-1_000 || p.Round.Fair.ServerSeedHash != "" {
			t.Fatalf("open: %+v %v", p, err)
		}
		again, err := s.svc.OpenExternal(ctx, c, GameCrash, "crash-1", 1_000, map[string]any{"autoCashout": 200})
		if err != nil || again.Round.ID != p.Round.ID || s.balance(c.MemberID) != before-1_000 {
			t.Fatalf("repeat open: %+v %v", again.Round, err)
		}
		var active struct{ Rounds []Round }
		s.call(http.MethodGet, "/wps/inhouse/active", nil, tok, "", nil, &active)
		if len(active.Rounds) != 1 || active.Rounds[0].ID != p.Round.ID {
			t.Fatalf("active: %+v", active.Rounds)
		}
		done, err := s.svc.SettleExternal(ctx, p.Round.ID, 2_000, 20_000, map[string]any{"point": 250, "cashedOutAt": 200})
		if err != nil || done.Round.Status != StatusCompleted || done.Round.Win != 2_000 || s.balance(c.MemberID) != before+1_000 {
			t.Fatalf("settle: %+v %v", done, err)
		}
		if again, err := s.svc.SettleExternal(ctx, p.Round.ID, 2_000, 20_000, nil); err != nil || again.Round.Win != 2_000 || s.balance(c.MemberID) != before+1_000 {
			t.Fatalf("repeat settle: %+v %v", again.Round, err)
		}
		if err := s.svc.SetExternalOutcome(ctx, p.Round.ID, map[string]any{"point": 250, "hash": "ab"}); err != nil {
			t.Fatal(err)
		}
		var detail struct{ Round Round }
		s.call(http.MethodGet, "/wps/inhouse/rounds/"+itoa(p.Round.ID), nil, tok, "", nil, &detail)
		var out map[string]any
		_ = json.Unmarshal(detail.Round.Outcome, &out)
		if out["hash"] != "ab" || detail.Round.Status != StatusCompleted {
			t.Fatalf("outcome: %s", detail.Round.Outcome)
		}
		if _, err := s.svc.CancelExternal(ctx, p.Round.ID); apperr.As(err).Code != "inhouse.round_closed" {
			t.Fatalf("cancel a settled round: %v", err)
		}

		// Cancel: refunded.
		q, err := s.svc.OpenExternal(ctx, c, GameCrash, "crash-2", 500, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.svc.CancelExternalKey(ctx, c.MemberID, "crash-2"); err != nil {
			t.Fatal(err)
		}
		if r := s.roundState(q.Round.ID); r.State != stateCancelled || s.balance(c.MemberID) != before+1_000 {
			t.Fatalf("cancelled: %s balance %d", r.State, s.balance(c.MemberID))
		}
		if err := s.svc.CancelExternalKey(ctx, c.MemberID, "never-sent"); err != nil {
			t.Fatalf("cancel an unknown key: %v", err)
		}
		// A lost bet answer: the engine cancels by its key; nothing moved in the end.
		s.faults.failNext("bet", "after")
		s.faults.failNext("rollback", "before")
		if _, err := s.svc.OpenExternal(ctx, c, GameCrash, "crash-3", 700, nil); apperr.As(err).Code != "inhouse.wallet_unavailable" {
			t.Fatalf("lost bet: %v", err)
		}
		if err := s.svc.CancelExternalKey(ctx, c.MemberID, "crash-3"); err != nil {
			t.Fatal(err)
		}
		if s.balance(c.MemberID) != before+1_000 {
			t.Fatalf("balance %d", s.balance(c.MemberID))
		}
		// Limits and trial checks apply.
		if _, err := s.svc.OpenExternal(ctx, c, GameCrash, "crash-4", 50, nil); apperr.As(err).Code != "inhouse.below_min" {
			t.Fatalf("below min: %v", err)
		}
		s.verifyLedger()
	})
}
