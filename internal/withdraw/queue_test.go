package withdraw

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestApproveAboveConfirmAmount: above the brand's ops.cashierConfirmAbove
// (demo 20,000.00) approving a withdrawal needs the operator's current
// authenticator code (each step once, on the operators' injected clock);
// an operator without one is refused; a refused approval changes nothing;
// rejecting asks for none; a decided order answers its state, not a code.
func TestApproveAboveConfirmAmount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(10_000_000)
		fin, cas := s.opsLogin("finance01"), s.opsLogin("cashier01")
		otp := func() string {
			c, err := operator.TOTPCode(operator.DemoTOTPSecret, s.oclk.Now())
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		wid := idOf(s.withdraw(p, "25000").ok(t))
		path := pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid)
		s.do("POST", path, cas, nil, nil).fails(t, 403, "ops.otp_not_enrolled")
		s.do("POST", path, fin, map[string]any{}, nil).fails(t, 401, "ops.otp_required")
		s.do("POST", path, fin, map[string]any{"otp": otp()}, nil).fails(t, 401, "ops.otp_invalid") // the sign-in's step
		s.do("POST", path, fin, map[string]any{"otp": "12345x"}, nil).fails(t, 401, "ops.otp_invalid")
		s.do("POST", path, fin, map[string]any{"otp": "123456", "x": 1}, nil).fails(t, 400, "request.invalid_json")
		if o := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}", wid), cas, nil, nil).ok(t); o.value["status"] != StatusPendingReview {
			t.Fatalf("refused approvals changed it: %v", o.value["status"])
		}
		s.oclk.Advance(30 * time.Second)
		if a := s.do("POST", path, fin, map[string]any{"otp": otp()}, nil).ok(t); a.value["status"] != StatusPaid {
			t.Fatalf("approved: %v", a.value["status"])
		}
		s.do("POST", path, fin, nil, nil).fails(t, 409, "withdraw.invalid_state")

		big := idOf(s.withdraw(p, "30000").ok(t))
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", big), cas, map[string]any{"reason": "Payee name differs"}, nil).ok(t)
		small := idOf(s.withdraw(p, "20000").ok(t))
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", small), cas, map[string]any{}, nil).ok(t)
	})
}

// TestConcurrentDecisions: operators approving and rejecting one
// withdrawal at once decide it once: paid out once with the hold spent, or
// rejected with the hold released once.
func TestConcurrentDecisions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(1_000_000)
		ops := []string{s.opsLogin("ops01"), s.opsLogin("cashier01")}
		for round := 0; round < 3; round++ {
			mainBefore, _ := s.balances(p.id)
			wid := idOf(s.withdraw(p, "100").ok(t))
			const n = 6
			statuses := make([]int, n)
			var wg sync.WaitGroup
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					if i%2 == 0 {
						statuses[i] = s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), ops[i%2], nil, nil).status
					} else {
						statuses[i] = s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), ops[(i/2)%2], map[string]any{"reason": "Duplicate request"}, nil).status
					}
				}(i)
			}
			wg.Wait()
			won := 0
			for _, st := range statuses {
				switch st {
				case 200:
					won++
				case 409:
				default:
					t.Fatalf("status %d", st)
				}
			}
			o := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}", wid), ops[0], nil, nil).ok(t).value
			main, held := s.balances(p.id)
			paid := o["status"] == StatusPaid && main == mainBefore-10_000 && held == 0
			rejected := o["status"] == StatusRejected && main == mainBefore && held == 0 && o["holdState"] == HoldReleased
			if won != 1 || !(paid || rejected) {
				t.Fatalf("round %d: %d won, %v/%v, main %d (before %d), held %d", round, won, o["status"], o["holdState"], main, mainBefore, held)
			}
		}
	})
}

// TestOpsQueueFilters: username (any case; unknown: empty), order number,
// day range; the CSV of the filter with the full account number.
func TestOpsQueueFilters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(1_000_000)
		q := s.newPlayer(1_000_000)
		cas := s.opsLogin("cashier01")
		w1 := s.withdraw(p, "100").ok(t)
		s.withdraw(q, "200").ok(t)
		today := time.Now().UTC()
		for query, want := range map[string]int{
			"member=" + strings.ToUpper(p.name):       1,
			"member=nobody-at-all":                    0,
			"orderNo=" + w1.value["orderNo"].(string): 1,
			"status=PENDING_REVIEW":                   2,
			"from=2000-01-01&to=2000-01-31":           0,
			"from=" + today.AddDate(0, 0, -1).Format(time.DateOnly) + "&to=" + today.AddDate(0, 0, 1).Format(time.DateOnly): 2,
		} {
			r := s.do("GET", "/ops/v1/cashier/withdrawals?"+query, cas, nil, nil).ok(t)
			list := r.value["list"].([]any)
			if len(list) != want || int(r.value["total"].(float64)) != want {
				t.Fatalf("%s: %d rows", query, len(list))
			}
			if want == 1 && strings.HasPrefix(query, "member") && list[0].(map[string]any)["memberAccount"] != p.name {
				t.Fatalf("member: %v", list[0])
			}
		}
		s.do("GET", "/ops/v1/cashier/withdrawals?to=2026-01-01", cas, nil, nil).fails(t, 400, "request.invalid_range")
		s.do("GET", "/ops/v1/cashier/withdrawals?format=pdf", cas, nil, nil).fails(t, 400, "request.invalid_param")
		c := s.do("GET", "/ops/v1/cashier/withdrawals?format=csv&status=PENDING_REVIEW", cas, nil, nil)
		body := string(c.body)
		if c.status != 200 || !strings.HasPrefix(body, "\ufeffOrder no,") || strings.Count(body, "\n") != 3 ||
			!strings.Contains(body, "001234567890") || !strings.Contains(body, "100.00,PHP,PENDING_REVIEW") {
			t.Fatalf("csv %d %q", c.status, body)
		}
	})
}
