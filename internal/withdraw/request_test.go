package withdraw

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestRequestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(100_000) // 1,000.00
		other := s.newPlayer(100_000)
		send := func(key string, body any) reply {
			h := map[string]string{}
			if key != "" {
				h["Idempotency-Key"] = key
			}
			return s.do("POST", "/wps/cashier/withdrawals", p.token, body, h)
		}
		body := func(amount string) map[string]any {
			return map[string]any{"payoutAccountId": p.account, "amount": amount, "paymentPassword": testPIN}
		}
		cases := []struct {
			name   string
			key    string
			body   any
			status int
			code   string
		}{
			{"NoKey", "", body("100"), 400, "money.idempotency_key_required"},
			{"BadKey", "has space", body("100"), 400, "money.idempotency_key_required"},
			{"LongKey", strings.Repeat("k", 101), body("100"), 400, "money.idempotency_key_required"},
			{"BadJSON", "a1", `{"amount":`, 400, "request.invalid_json"},
			{"AmountNumber", "a2", `{"payoutAccountId":1,"amount":100}`, 400, "request.invalid_json"},
			{"Decimals", "a3", body("100.123"), 400, "money.too_many_decimals"},
			{"Zero", "a4", body("0"), 400, "money.not_positive"},
			{"Negative", "a5", body("-100"), 400, "money.not_positive"},
			{"Garbage", "a6", body("1e3"), 400, "money.invalid_amount"},
			{"Empty", "a7", body(""), 400, "money.invalid_amount"},
			{"Huge", "a8", body("99999999999999999999"), 400, "money.too_large"},
			{"BelowMin", "a9", body("99.99"), 400, "money.below_min"},
			{"AboveMax", "a10", body("50000.01"), 400, "money.above_max"},
			{"AboveBalance", "a11", body("1000.01"), 409, "ledger.insufficient_funds"},
			{"NoAccount", "a12", map[string]any{"amount": "100", "paymentPassword": testPIN}, 400, "withdraw.payout_account_required"},
			{"OthersAccount", "a13", map[string]any{"payoutAccountId": other.account, "amount": "100", "paymentPassword": testPIN}, 404, "withdraw.payout_account_not_found"},
			{"NoPassword", "a14", map[string]any{"payoutAccountId": p.account, "amount": "100"}, 400, "withdraw.payment_password_required"},
			{"WrongPassword", "a15", map[string]any{"payoutAccountId": p.account, "amount": "100", "paymentPassword": "000000"}, 400, "withdraw.wrong_payment_password"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { send(c.key, c.body).fails(t, c.status, c.code) })
		}
		if r := send("a16", body("100")); r.status != 200 {
			t.Fatalf("a refused request must leave its key usable: %d %s", r.status, r.env.Code)
		}
		if main, held := s.balances(p.id); main != 90_000 || held != 10_000 {
			t.Fatalf("main %d held %d", main, held)
		}
		// The message carries the brand's limit in major units.
		if r := send("a17", body("10")); !strings.Contains(r.env.Message, "100.00") {
			t.Fatalf("%q", r.env.Message)
		}

		t.Run("Idempotency", func(t *testing.T) {
			first := send("same-key", body("120")).ok(t)
			again := send("same-key", body("120")).ok(t)
			if idOf(first) != idOf(again) || first.value["orderNo"] != again.value["orderNo"] {
				t.Fatalf("replay gave another order: %v %v", first.value, again.value)
			}
			send("same-key", body("121")).fails(t, 409, "ledger.idempotency_mismatch")
			send("same-key", map[string]any{"payoutAccountId": p.account + 1000, "amount": "120", "paymentPassword": testPIN}).fails(t, 409, "ledger.idempotency_mismatch")
			// Another member may use the same key for their own request.
			r := s.do("POST", "/wps/cashier/withdrawals", other.token, map[string]any{"payoutAccountId": other.account, "amount": "120", "paymentPassword": testPIN},
				map[string]string{"Idempotency-Key": "same-key"}).ok(t)
			if idOf(r) == idOf(first) {
				t.Fatal("keys are per member")
			}
			if main, _ := s.balances(p.id); main != 90_000-12_000 {
				t.Fatalf("main %d", main)
			}
		})
		t.Run("DoubleSubmit", func(t *testing.T) {
			var wg sync.WaitGroup
			replies := make([]reply, 6)
			for i := range replies {
				wg.Add(1)
				go func() {
					defer wg.Done()
					replies[i] = send("double", body("150"))
				}()
			}
			wg.Wait()
			for _, r := range replies {
				if r.status != 200 || idOf(r) != idOf(replies[0]) {
					t.Fatalf("double submit: %d %s %v", r.status, r.env.Code, r.value)
				}
			}
			if main, held := s.balances(p.id); main != 78_000-15_000 || held != 10_000+12_000+15_000 {
				t.Fatalf("main %d held %d", main, held)
			}
		})
		t.Run("DailyLimit", func(t *testing.T) {
			// Three orders today so far: a16, same-key and double.
			info := s.do("GET", "/wps/cashier/withdraw/info", p.token, nil, nil).ok(t)
			n := int(info.value["dailyCount"].(float64))
			if n != 3 || info.value["dailyLimit"] != float64(5) {
				t.Fatalf("%+v", info.value)
			}
			send("d1", body("100")).ok(t)
			send("d2", body("100")).ok(t)
			send("d3", body("100")).fails(t, 409, "withdraw.daily_limit")
			// The next brand day (UTC+8) starts a new count.
			s.clk.Advance(24 * 60 * 60 * 1e9)
			send("d3", body("100")).ok(t)
		})
		s.verifyLedger()
	})
}

// TestConcurrentWithdrawals: parallel requests with different keys can
// never hold more than the balance.
func TestConcurrentWithdrawals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		s.setBrand(func(c *brand.Config) { c.Cashier.Withdraw.DailyLimit = 100 })
		p := s.newPlayer(100_000) // 1,000.00
		var wg sync.WaitGroup
		const n = 12
		replies := make([]reply, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				replies[i] = s.do("POST", "/wps/cashier/withdrawals", p.token, map[string]any{"payoutAccountId": p.account, "amount": "300", "paymentPassword": testPIN},
					map[string]string{"Idempotency-Key": "par-" + strconv.Itoa(i)})
			}()
		}
		wg.Wait()
		ok := 0
		for _, r := range replies {
			switch {
			case r.status == 200:
				ok++
			case r.status == 409 && r.env.Code == "ledger.insufficient_funds":
			default:
				t.Fatalf("unexpected %d %s", r.status, r.env.Code)
			}
		}
		if ok != 3 {
			t.Fatalf("%d withdrawals of 300 out of 1000", ok)
		}
		main, held := s.balances(p.id)
		if main != 10_000 || held != 90_000 {
			t.Fatalf("main %d held %d", main, held)
		}
		l, err := s.svc.List(context.Background(), s.caller(p), ListFilter{Page: 1, PageSize: 100})
		if err != nil || l.Total != 3 {
			t.Fatalf("%d orders (%v)", l.Total, err)
		}
		// Refused holds leave nothing behind, not even hidden rows.
		var rows int
		if err := d.QueryRowContext(context.Background(), d.Rebind(`SELECT COUNT(*) FROM withdraw_order WHERE member_id = ?`), p.id).Scan(&rows); err != nil || rows != 3 {
			t.Fatalf("%d rows (%v)", rows, err)
		}
		// Operators approve and reject each order at once: each ends paid or
		// released, and its fact is in the activity stream once.
		cashier := s.opsLogin("cashier01")
		for _, r := range replies {
			if r.status != 200 {
				continue
			}
			wid := idOf(r)
			for k := 0; k < 4; k++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if k%2 == 0 {
						s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil)
					} else {
						s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), cashier, map[string]any{"reason": "Account under review"}, nil)
					}
				}()
			}
		}
		wg.Wait()
		paid, released := s.facts("withdrawal.paid", p.id), s.facts("withdrawal.released", p.id)
		if len(paid)+len(released) != 3 {
			t.Fatalf("paid %v released %v: want one fact per order", paid, released)
		}
		if main, held := s.balances(p.id); held != 0 || main != 10_000+int64(len(released))*30_000 {
			t.Fatalf("main %d held %d after %d releases", main, held, len(released))
		}
		s.verifyLedger()
	})
}
