package cashier

import (
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestConcurrentCredit: parallel approvals of one deposit, parallel PAID
// webhooks (distinct event ids) for one order and parallel submissions
// under one Idempotency-Key each end with exactly one deposit credited once.
func TestConcurrentCredit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		ops := []string{s.opLogin("ops01"), s.opLogin("cashier01")}
		const n = 8

		t.Run("Approvals", func(t *testing.T) {
			depID := id(s.bankDeposit(token, "race-bank", "100", "REF-RACE"))
			statuses := make([]int, n)
			var wg sync.WaitGroup
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					statuses[i] = s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/approve", ops[i%2], nil, nil).status
				}(i)
			}
			wg.Wait()
			ok := 0
			for _, st := range statuses {
				switch st {
				case 200:
					ok++
				case 409:
				default:
					t.Fatalf("status %d", st)
				}
			}
			if ok != 1 || s.balance("demo01") != 10000 {
				t.Fatalf("%d approvals succeeded, balance %d", ok, s.balance("demo01"))
			}
			// One fact, written with the credit; an approval repeated later adds none.
			s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/approve", ops[0], nil, nil)
			s.wantFact("deposit:"+depID, "deposit.credited", s.memberID("demo01"), 10000)
		})
		t.Run("Webhooks", func(t *testing.T) {
			dep := s.onlineDeposit(token, "race-online", "100")
			var wg sync.WaitGroup
			outcomes := make([]any, n)
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					r := s.webhook(payment.Callback{EventID: "race-" + strconv.Itoa(i), OrderNo: dep["orderNo"].(string), ProviderRef: "r",
						Status: payment.StatusPaid, Amount: 10000, Currency: "PHP", At: s.clk.Now()}, testSecret, s.clk.Now())
					outcomes[i] = r.value["outcome"]
				}(i)
			}
			wg.Wait()
			credited := 0
			for _, o := range outcomes {
				if o == OutcomeCredited {
					credited++
				} else if o != OutcomeDuplicate {
					t.Fatalf("outcome %v", o)
				}
			}
			if credited != 1 || s.balance("demo01") != 20000 {
				t.Fatalf("%d credited, balance %d", credited, s.balance("demo01"))
			}
			s.wantFact("deposit:"+strconv.FormatInt(int64(dep["id"].(float64)), 10), "deposit.credited", s.memberID("demo01"), 10000)
		})
		t.Run("SameKeySubmissions", func(t *testing.T) {
			var wg sync.WaitGroup
			ids := make([]string, n)
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					r := s.bankDeposit(token, "race-key", "150", "REF-SAMEKEY")
					if r.status == 200 {
						ids[i] = id(r)
					}
				}(i)
			}
			wg.Wait()
			for _, v := range ids {
				if v == "" || v != ids[0] {
					t.Fatalf("ids %v", ids)
				}
			}
		})
	})
}
