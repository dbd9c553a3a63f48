package withdraw

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestPaymentPasswordParallelGuesses: 200 parallel withdrawals with wrong
// payment passwords check at most PasswordTries of them; the right one
// sent once those are spent is refused, and nothing is held.
func TestPaymentPasswordParallelGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(100_000)
		h := account.NewHasher(testArgon2, 64, time.Minute)
		s.svc.UseHasher(h)
		limit := int64(s.svc.cfg.PasswordTries)
		const n = 200
		var wg sync.WaitGroup
		got := make([]reply, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pin := strconv.Itoa(900000 + i)
				if i == 190 {
					for h.Stats().Runs < limit { // the budget is spent (or being spent) by wrong guesses
						time.Sleep(time.Millisecond)
					}
					pin = testPIN
				}
				got[i] = s.do("POST", "/wps/cashier/withdrawals", p.token, map[string]any{"payoutAccountId": p.account, "amount": "100", "paymentPassword": pin},
					map[string]string{"Idempotency-Key": "guess-" + strconv.Itoa(i)})
			}()
		}
		wg.Wait()
		if runs := h.Stats().Runs; runs > limit {
			t.Fatalf("%d payment passwords checked, limit %d", runs, limit)
		}
		// Refused: locked, or (on a slow machine) still waiting for a turn
		// behind the flood when the 2 s wait ran out.
		if r := got[190]; r.env.Code != "withdraw.payment_password_locked" && r.env.Code != "auth.busy" {
			t.Fatalf("right password after the budget: %d %s", r.status, r.env.Code)
		}
		for i, r := range got {
			if r.status != 400 && r.status != 429 && !(r.status == 503 && r.env.Code == "auth.busy") {
				t.Fatalf("request %d: %d %s", i, r.status, r.env.Code)
			}
		}
		if main, held := s.balances(p.id); main != 100_000 || held != 0 {
			t.Fatalf("main %d held %d", main, held)
		}
	})
}

// TestWithdrawCheapChecksFirst: a withdrawal the balance cannot pay is
// refused before the payment password is hashed, however many arrive.
func TestWithdrawCheapChecksFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(0)
		h := account.NewHasher(testArgon2, 64, time.Minute)
		s.svc.UseHasher(h)
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.do("POST", "/wps/cashier/withdrawals", p.token, map[string]any{"payoutAccountId": p.account, "amount": "100", "paymentPassword": testPIN},
					map[string]string{"Idempotency-Key": "empty-" + strconv.Itoa(i)})
				if r.status != 409 || r.env.Code != "ledger.insufficient_funds" {
					t.Errorf("request %d: %d %s", i, r.status, r.env.Code)
				}
			}()
		}
		wg.Wait()
		if runs := h.Stats().Runs; runs != 0 {
			t.Fatalf("%d payment passwords hashed for withdrawals the balance refuses", runs)
		}
	})
}
