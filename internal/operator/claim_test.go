package operator

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestLoginParallelGuesses: 200 parallel wrong passwords on /ops/v1/login
// check at most the lockout's number for one operator and at most the IP
// budget across usernames; the right password sent once the budget is
// spent does not log in.
func TestLoginParallelGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		t.Run("OneOperator", func(t *testing.T) {
			h := account.NewHasher(testArgon2, 64, time.Minute)
			s.svc.UseHasher(h)
			limit := int64(s.svc.cfg.LockoutAfter)
			const n = 200
			var wg sync.WaitGroup
			got := make([]reply, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					pass := "wrong-" + strconv.Itoa(i)
					if i == 190 {
						for h.Stats().Runs < limit { // the budget is spent (or being spent) by wrong guesses
							time.Sleep(time.Millisecond)
						}
						pass = account.DemoPassword
					}
					got[i] = s.do("POST", "/ops/v1/login", "", map[string]string{"username": "cashier01", "password": pass}, nil)
				}()
			}
			wg.Wait()
			if runs := h.Stats().Runs; runs > limit {
				t.Fatalf("%d passwords checked, limit %d", runs, limit)
			}
			// Refused: locked, or (on a slow machine) still waiting for a
			// turn behind the flood when the 2 s wait ran out.
			if r := got[190]; r.env.Code != "operator.locked" && r.env.Code != "auth.busy" {
				t.Fatalf("right password after the budget: %d %s", r.status, r.env.Code)
			}
			for i, r := range got {
				if r.status != 401 && r.status != 429 && !(r.status == 503 && r.env.Code == "auth.busy") {
					t.Fatalf("request %d: %d %s", i, r.status, r.env.Code)
				}
			}
			// The lock holds for its time, then the right password works.
			s.clk.Advance(s.svc.cfg.LockoutFor + time.Second)
			s.login("cashier01")
		})
		t.Run("OneIPManyUsernames", func(t *testing.T) {
			s.clk.Advance(s.svc.cfg.LockoutFor + time.Second) // a fresh IP window
			h := account.NewHasher(testArgon2, 64, time.Minute)
			s.svc.UseHasher(h)
			const n = 200
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "ghost" + strconv.Itoa(i), "password": "wrong-password"}, nil)
					if r.status != 401 && r.status != 429 {
						t.Errorf("request %d: %d %s", i, r.status, r.env.Code)
					}
				}()
			}
			wg.Wait()
			if runs, limit := h.Stats().Runs, int64(s.svc.cfg.LockoutAfterIP); runs > limit {
				t.Fatalf("%d passwords checked from one IP, limit %d", runs, limit)
			}
			// The IP is refused before any check, even for a real operator.
			before := h.Stats().Runs
			if r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "ops01", "password": account.DemoPassword}, nil); r.status != 429 || r.env.Code != "operator.too_many" {
				t.Fatalf("after the IP budget: %d %s", r.status, r.env.Code)
			}
			if h.Stats().Runs != before {
				t.Fatal("a password was checked for a refused IP")
			}
		})
	})
}
