package inhouse

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBetLimits: a bet the game wallet's pre-bet checks refuse answers
// 403 inhouse.limit_reached or inhouse.player_blocked with its message,
// moves nothing and leaves no round, in parallel too; once lifted the
// player bets again.
func TestBetLimits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_00)
		before := s.balance(id)
		rounds := func() int {
			var n int
			if err := d.QueryRowContext(context.Background(), d.Rebind(`SELECT COUNT(*) FROM inhouse_round WHERE member_id = ?`), id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		startRounds := rounds()

		s.checker.set(id, fmt.Errorf("daily loss limit: %w", gamewallet.ErrLimitReached))
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, fmt.Sprintf("limit-%d", i), map[string]any{"amount": 1000, "target": 5000}, nil)
				if st != http.StatusForbidden || env.Code != "inhouse.limit_reached" || env.Message == "" || env.Message == env.Code {
					t.Errorf("dice over a limit: %d %s %q", st, env.Code, env.Message)
				}
			}()
		}
		wg.Wait()
		c := s.caller("demo01")
		if _, err := s.svc.SlotSpin(context.Background(), c, "limit-slot", SlotRequest{Amount: 100}); apperr.As(err).Code != "inhouse.limit_reached" {
			t.Fatalf("slot over a limit: %v", err)
		}
		s.checker.set(id, gamewallet.ErrPlayerBlocked)
		st, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "blocked-1", map[string]any{"amount": 1000, "target": 5000}, nil)
		if st != http.StatusForbidden || env.Code != "inhouse.player_blocked" || env.Message == "" {
			t.Fatalf("blocked player's dice: %d %s %q", st, env.Code, env.Message)
		}
		if got := s.balance(id); got != before {
			t.Fatalf("balance %d after refused bets, want %d", got, before)
		}
		if n := rounds(); n != startRounds {
			t.Fatalf("%d rounds left by refused bets", n-startRounds)
		}
		s.checker.set(id, nil)
		if st, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "after-1", map[string]any{"amount": 1000, "target": 5000}, nil); st != http.StatusOK {
			t.Fatalf("dice once lifted: %d %s", st, env.Code)
		}
	})
}
