package cashier

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestApproveAboveConfirmAmount: above the brand's ops.cashierConfirmAbove
// (demo 20,000.00) an approval needs the operator's current authenticator
// code, each step once, on the operators' injected clock; an operator
// without one is refused; below it none is asked; a refused approval
// changes nothing.
func TestApproveAboveConfirmAmount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		fin, cas := s.opLogin("finance01"), s.opLogin("cashier01")
		big := id(s.bankDeposit(token, "big-1", "25000", "REF-BIG1"))
		path := "/ops/v1/cashier/deposits/" + big + "/approve"

		s.do("POST", path, cas, map[string]any{}, nil).fails(t, 403, "ops.otp_not_enrolled")
		s.do("POST", path, fin, nil, nil).fails(t, 401, "ops.otp_required")
		s.do("POST", path, fin, map[string]any{"otp": "000000"}, nil).fails(t, 401, "ops.otp_invalid")
		s.do("POST", path, fin, map[string]any{"otp": s.otp()}, nil).fails(t, 401, "ops.otp_invalid") // the sign-in's step: a replay
		s.do("POST", path, fin, map[string]any{"otp": 123456}, nil).fails(t, 400, "request.invalid_json")
		s.do("POST", path, fin, map[string]any{"otp": "1", "extra": 1}, nil).fails(t, 400, "request.invalid_json")
		if b := s.balance("demo01"); b != 0 {
			t.Fatalf("refused approvals moved money: %d", b)
		}
		s.oclk.Advance(30 * time.Second)
		code := s.otp()
		r := s.do("POST", path, fin, map[string]any{"otp": code}, nil).ok(t)
		if r.value["status"] != StatusCredited || s.balance("demo01") != 2_500_000 {
			t.Fatalf("approved: %v, balance %d", r.value, s.balance("demo01"))
		}
		// The next big one: the same code is a replay, the next step's passes.
		big2 := id(s.bankDeposit(token, "big-2", "20000.01", "REF-BIG2"))
		s.do("POST", "/ops/v1/cashier/deposits/"+big2+"/approve", fin, map[string]any{"otp": code}, nil).fails(t, 401, "ops.otp_invalid")
		// Rejecting moves no money: no code asked.
		s.do("POST", "/ops/v1/cashier/deposits/"+big2+"/reject", cas, map[string]any{"reason": "Receipt unreadable"}, nil).ok(t)
		// At the amount itself, none is asked.
		at := id(s.bankDeposit(token, "at-limit", "20000", "REF-AT"))
		s.do("POST", "/ops/v1/cashier/deposits/"+at+"/approve", cas, nil, nil).ok(t)
	})
}

// otp is finance01's / ops01's current code on the operators' clock.
func (s *site) otp() string {
	s.t.Helper()
	c, err := operator.TOTPCode(operator.DemoTOTPSecret, s.oclk.Now())
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// TestOpsQueue: the queue names the member, flags a first deposit, filters
// by username, order number and day range, and exports the filter as CSV.
func TestOpsQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		cas := s.opLogin("cashier01")
		first := s.bankDeposit(token, "q-1", "100", "REF-Q1").ok(t)
		s.do("POST", "/ops/v1/cashier/deposits/"+id(first)+"/approve", cas, nil, nil).ok(t)
		second := s.bankDeposit(token, "q-2", "150", "=HYPERLINK(1)").ok(t)

		l := s.do("GET", "/ops/v1/cashier/deposits?status=PENDING_REVIEW&member=DEMO01", cas, nil, nil).ok(t)
		list := l.value["list"].([]any)
		if len(list) != 1 {
			t.Fatalf("list %v", l.value)
		}
		row := list[0].(map[string]any)
		if row["memberAccount"] != "demo01" || row["orderNo"] != second.value["orderNo"] || row["risks"] != nil {
			t.Fatalf("second deposit: %v", row)
		}
		g := s.do("GET", "/ops/v1/cashier/deposits/"+id(first), cas, nil, nil).ok(t)
		if rs, _ := g.value["risks"].([]any); len(rs) != 1 || rs[0] != RiskFirstDeposit || g.value["memberAccount"] != "demo01" || g.value["decidedBy"] == nil {
			t.Fatalf("first deposit: %v", g.value)
		}
		if _, ok := s.do("GET", "/wps/cashier/deposits/"+id(first), token, nil, nil).ok(t).value["risks"]; ok {
			t.Fatal("the player sees the operators' fields")
		}
		for q, want := range map[string]int{
			"member=nobody-here":                          0,
			"orderNo=" + second.value["orderNo"].(string): 1,
			"from=2000-01-01&to=2000-01-02":               0,
			"from=" + time.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly) + "&to=" + time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly): 2,
		} {
			r := s.do("GET", "/ops/v1/cashier/deposits?"+q, cas, nil, nil).ok(t)
			if n := len(r.value["list"].([]any)); n != want || int(r.value["total"].(float64)) != want {
				t.Fatalf("%s: %d rows, want %d", q, n, want)
			}
		}
		s.do("GET", "/ops/v1/cashier/deposits?from=2026-01-01", cas, nil, nil).fails(t, 400, "request.invalid_range")
		s.do("GET", "/ops/v1/cashier/deposits?from=2024-01-01&to=2026-01-01", cas, nil, nil).fails(t, 400, "request.invalid_range")
		s.do("GET", "/ops/v1/cashier/deposits?format=xml", cas, nil, nil).fails(t, 400, "request.invalid_param")
		s.do("GET", "/ops/v1/cashier/deposits?member="+strings.Repeat("a", 65), cas, nil, nil).fails(t, 400, "request.invalid_param")

		c := s.do("GET", "/ops/v1/cashier/deposits?format=csv&member=demo01", cas, nil, nil)
		if c.status != 200 || !strings.HasPrefix(c.header.Get("Content-Type"), "text/csv") || !bytes.HasPrefix(c.raw, []byte("\ufeffOrder no,")) {
			t.Fatalf("csv %d %s %q", c.status, c.header.Get("Content-Type"), c.raw)
		}
		body := string(c.raw)
		if strings.Count(body, "\n") != 3 || !strings.Contains(body, ",demo01,") || !strings.Contains(body, "'=HYPERLINK(1)") ||
			!strings.Contains(body, "150.00,PHP,PENDING_REVIEW") || !strings.Contains(body, RiskFirstDeposit) {
			t.Fatalf("csv body %q", body)
		}
		s.do("GET", "/ops/v1/cashier/deposits?format=csv", "", nil, nil).fails(t, 401, "auth.token_required")
	})
}

// TestConcurrentDecisions: two operators approving and rejecting one
// deposit at once decide it once: either it is credited once and no
// rejection stands, or it is rejected and nothing is credited.
func TestConcurrentDecisions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		ops := []string{s.opLogin("ops01"), s.opLogin("cashier01")}
		for round := 0; round < 3; round++ {
			before := s.balance("demo01")
			dep := id(s.bankDeposit(token, "mix-"+string(rune('a'+round)), "100", "REF-MIX"))
			const n = 6
			statuses := make([]int, n)
			var wg sync.WaitGroup
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					if i%2 == 0 {
						statuses[i] = s.do("POST", "/ops/v1/cashier/deposits/"+dep+"/approve", ops[i%2], nil, nil).status
					} else {
						statuses[i] = s.do("POST", "/ops/v1/cashier/deposits/"+dep+"/reject", ops[i%2], map[string]any{"reason": "Duplicate receipt"}, nil).status
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
			final := s.do("GET", "/ops/v1/cashier/deposits/"+dep, ops[0], nil, nil).ok(t).value["status"]
			credited := s.balance("demo01") - before
			if won != 1 || !(final == StatusCredited && credited == 10000 || final == StatusRejected && credited == 0) {
				t.Fatalf("round %d: %d won, %v, credited %d", round, won, final, credited)
			}
		}
	})
}

func (r reply) ok(t testing.TB) reply {
	t.Helper()
	if r.status != 200 || !r.env.Success {
		t.Fatalf("want 200, got %d %s %s", r.status, r.env.Code, r.env.Message)
	}
	return r
}

func (r reply) fails(t testing.TB, status int, code string) {
	t.Helper()
	if r.status != status || r.env.Code != code {
		t.Fatalf("want %d %s, got %d %s (%s)", status, code, r.status, r.env.Code, r.env.Message)
	}
}

// TestOpsQueueTotalCapped: a list counts at most listCountCap+1 deposits;
// beyond the cap the total is the cap with totalCapped, and the page is
// still the page.
func TestOpsQueueTotalCapped(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		cas := s.opLogin("cashier01")
		first := s.bankDeposit(token, "c-1", "100", "REF-C1").ok(t)
		s.do("POST", "/ops/v1/cashier/deposits/"+id(first)+"/approve", cas, nil, nil).ok(t)
		s.bankDeposit(token, "c-2", "150", "REF-C2").ok(t)
		defer func(n int) { listCountCap = n }(listCountCap)
		for capAt, want := range map[int]struct {
			total  float64
			capped bool
		}{1: {1, true}, 2: {2, false}, 3: {2, false}} {
			listCountCap = capAt
			for _, path := range []string{"/ops/v1/cashier/deposits", "/wps/cashier/deposits"} {
				who := cas
				if strings.HasPrefix(path, "/wps") {
					who = token
				}
				r := s.do("GET", path, who, nil, nil).ok(t)
				if len(r.value["list"].([]any)) != 2 || r.value["total"] != want.total || r.value["totalCapped"] != want.capped {
					t.Fatalf("%s, cap %d: %v rows, total %v, capped %v", path, capAt, len(r.value["list"].([]any)), r.value["total"], r.value["totalCapped"])
				}
			}
		}
	})
}
