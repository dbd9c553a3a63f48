package cashier

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rg"
)

// creditedSums stands in for the daily figures: deposits credited so far.
type creditedSums struct{ deposits atomic.Int64 }

func (c *creditedSums) Totals(context.Context, int64, string, time.Time, time.Time) (rg.Sums, error) {
	return rg.Sums{Deposits: c.deposits.Load()}, nil
}

func (s *site) withLimits(d *db.DB) (*rg.Service, *creditedSums) {
	sums := &creditedSums{}
	limits := rg.NewService(rg.NewStore(d), rg.Deps{Brand: brand.NewService(brand.NewStore(d), clock.System{}), Activity: sums}, rg.DefaultConfig)
	s.svc.d.Limits = limits
	return limits, sums
}

func (s *site) deposits(member int64) int {
	s.t.Helper()
	var n int
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT COUNT(*) FROM cashier_deposit WHERE member_id = ?`), member).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// A deposit limit refuses before any order or payment page exists, counts
// the deposits credited and the orders still open, and holds under 20
// parallel requests.
func TestDepositLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		limits, sums := s.withLimits(d)
		token, member := s.login("demo01"), s.memberID("demo01")
		ctx := context.Background()
		lim := int64(50000)
		if _, err := limits.SetLimit(ctx, rg.Player{MemberID: member}, rg.LimitInput{Type: rg.Deposit, Period: rg.Day, Amount: &lim}); err != nil {
			t.Fatal(err)
		}

		const n = 20
		statuses := make([]int, n)
		codes := make([]string, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "100"}, key("rg-par-"+strconv.Itoa(i)))
				statuses[i], codes[i] = r.status, r.env.Code
			}(i)
		}
		wg.Wait()
		okN := 0
		for i := range statuses {
			switch {
			case statuses[i] == 200:
				okN++
			case statuses[i] == 403 && codes[i] == "rg.deposit_limit":
			default:
				t.Fatalf("deposit %d: %d %s", i, statuses[i], codes[i])
			}
		}
		if okN != 5 || s.deposits(member) != 5 {
			t.Fatalf("%d deposits accepted, %d stored; want 5 of 100.00 under a 500.00 limit", okN, s.deposits(member))
		}

		// The open orders count until they expire; then the credited sums do.
		r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "50"}, key("rg-after"))
		if r.status != 403 || r.env.Code != "rg.deposit_limit" {
			t.Fatalf("over the limit: %d %+v", r.status, r.env)
		}
		s.clk.Advance(PaymentTTL + time.Minute)
		sums.deposits.Store(45000)
		if r = s.onlineReply(token, "rg-credited", "50.01"); r.status != 403 || r.env.Code != "rg.deposit_limit" {
			t.Fatalf("credited deposits count: %d %+v", r.status, r.env)
		}
		if r = s.onlineReply(token, "rg-fits", "50"); r.status != 200 {
			t.Fatalf("within the limit: %d %+v", r.status, r.env)
		}
		// A bank transfer is refused the same way, with nothing stored.
		before := s.deposits(member)
		if r = s.bankDeposit(token, "rg-bank", "100", "REF-RG-1"); r.status != 403 || r.env.Code != "rg.deposit_limit" {
			t.Fatalf("bank deposit: %d %+v", r.status, r.env)
		}
		if s.deposits(member) != before {
			t.Fatal("a refused deposit stored an order")
		}
		// A replay of an accepted order answers it, whatever the limit says now.
		if r = s.onlineReply(token, "rg-fits", "50"); r.status != 200 {
			t.Fatalf("replay: %d %+v", r.status, r.env)
		}
		// A time-out refuses every deposit.
		if _, err := limits.Timeout(ctx, rg.Player{MemberID: member}, "24H"); err != nil {
			t.Fatal(err)
		}
		if err := s.svc.d.Limits.CheckDeposit(ctx, member, "PHP", 1, 0); !rg.IsBlocked(err) {
			t.Fatalf("blocked: %v", err)
		}
	})
}

func (s *site) onlineReply(token, idem, amount string) reply {
	s.t.Helper()
	return s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": amount}, key(idem))
}
