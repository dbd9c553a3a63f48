package operator

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestMakerChecker: above the brand's amount an adjustment waits for a
// second operator; the maker cannot decide it; parallel approvals post it
// once; a rejection or a refused posting moves no money.
func TestMakerChecker(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		s.addOperator("finance02", RoleFinance)
		s.addOperator("admin02", RoleAdmin)
		demo := s.memberID("demo01")
		maker := s.login("finance01")
		big := AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "20000", Reason: "jackpot correction"}
		submit := func(tok, key string, req AdjustRequest) reply {
			return s.do("POST", "/ops/v1/adjustments", tok, req, map[string]string{"Idempotency-Key": key})
		}
		before := s.balance(demo)

		r := submit(maker, "mc-1", big)
		a, _ := r.value["adjustment"].(map[string]any)
		if r.status != 202 || a["status"] != StatusPending || num(a["amount"]) != 2_000_000 || num(a["makerId"]) != s.opID("finance01") {
			t.Fatalf("submit: %d %+v", r.status, r.env)
		}
		id := strconv.FormatInt(num(a["id"]), 10)
		if s.balance(demo) != before {
			t.Fatal("a pending adjustment moved money")
		}
		// At the amount itself it posts at once.
		if r := submit(maker, "mc-at", AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "10000", Reason: "at the limit"}); r.status != 200 {
			t.Fatalf("at the limit: %d %+v", r.status, r.env)
		}
		before = s.balance(demo)
		// The same key answers the same record; another body is refused.
		if r := submit(maker, "mc-1", big); r.status != 202 || r.value["adjustment"].(map[string]any)["id"] != a["id"] {
			t.Fatalf("replay: %d %+v", r.status, r.value)
		}
		other := big
		other.Amount = "30000"
		if r := submit(maker, "mc-1", other); r.status != 409 || r.env.Code != "operator.idempotency_mismatch" {
			t.Fatalf("mismatch: %d %s", r.status, r.env.Code)
		}
		if r := submit(maker, "mc-ghost", AdjustRequest{MemberID: 999999, Direction: "CREDIT", Amount: "20000", Reason: "nobody"}); r.status != 404 {
			t.Fatalf("unknown member: %d %s", r.status, r.env.Code)
		}
		l := s.do("GET", "/ops/v1/adjustments?status=PENDING_APPROVAL", maker, nil, nil)
		if items, _ := l.value["items"].([]any); l.status != 200 || len(items) != 1 || num(l.value["total"]) != 1 {
			t.Fatalf("pending list: %d %+v", l.status, l.value)
		} else if it := items[0].(map[string]any); it["makerName"] != "finance01" || it["memberAccount"] != "demo01" || it["checkerName"] != nil {
			t.Fatalf("pending list names: %+v", it)
		}
		if r := s.do("GET", "/ops/v1/adjustments?status=NOPE", maker, nil, nil); r.status != 400 {
			t.Fatalf("bad status: %d", r.status)
		}

		// Four eyes: the maker can neither approve nor reject.
		if r := s.do("POST", "/ops/v1/adjustments/"+id+"/approve", maker, nil, nil); r.status != 403 || r.env.Code != "ops.four_eyes" {
			t.Fatalf("self-approval: %d %s", r.status, r.env.Code)
		}
		if r := s.do("POST", "/ops/v1/adjustments/"+id+"/reject", maker, map[string]string{"reason": "changed my mind"}, nil); r.status != 403 || r.env.Code != "ops.four_eyes" {
			t.Fatalf("self-rejection: %d %s", r.status, r.env.Code)
		}

		// Parallel approvals by three checkers: one posts.
		fin2, _ := s.enrol("finance02")
		adm2, _ := s.enrol("admin02")
		checkers := []string{s.login("ops01"), fin2, adm2}
		const n = 12
		got := make([]reply, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i] = s.do("POST", "/ops/v1/adjustments/"+id+"/approve", checkers[i%len(checkers)], nil, nil)
			}()
		}
		wg.Wait()
		ok := 0
		for _, r := range got {
			switch {
			case r.status == 200:
				ok++
				if adj := r.value["adjustment"].(map[string]any); adj["status"] != StatusPosted || num(adj["postingId"]) == 0 || num(adj["balance"]) != before+2_000_000 {
					t.Fatalf("approved: %+v", adj)
				}
			case r.status != 409 || r.env.Code != "operator.adjustment_decided":
				t.Fatalf("parallel approval: %d %s", r.status, r.env.Code)
			}
		}
		if ok != 1 || s.balance(demo) != before+2_000_000 {
			t.Fatalf("%d approvals succeeded, balance %d (want %d)", ok, s.balance(demo), before+2_000_000)
		}
		var postings int
		key := KeyPrefix + strconv.FormatInt(s.opID("finance01"), 10) + ":mc-1"
		if err := d.QueryRow(d.Rebind(`SELECT COUNT(*) FROM ledger_posting WHERE idempotency_key = ?`), key).Scan(&postings); err != nil || postings != 1 {
			t.Fatalf("postings under %s: %d %v", key, postings, err)
		}
		if r := s.do("POST", "/ops/v1/adjustments/"+id+"/reject", checkers[0], map[string]string{"reason": "too late"}, nil); r.status != 409 {
			t.Fatalf("reject after approval: %d %s", r.status, r.env.Code)
		}
		if r := submit(maker, "mc-1", big); r.value["adjustment"].(map[string]any)["status"] != StatusPosted {
			t.Fatalf("replay after approval: %+v", r.value)
		}

		// Rejected: no money, and then no approval.
		r = submit(maker, "mc-2", big)
		id2 := strconv.FormatInt(num(r.value["adjustment"].(map[string]any)["id"]), 10)
		if r := s.do("POST", "/ops/v1/adjustments/"+id2+"/reject", checkers[1], map[string]string{"reason": "x"}, nil); r.status != 400 || r.env.Code != "operator.invalid_reason" {
			t.Fatalf("short reason: %d %s", r.status, r.env.Code)
		}
		r = s.do("POST", "/ops/v1/adjustments/"+id2+"/reject", checkers[1], map[string]string{"reason": "no ticket for this"}, nil)
		if adj, _ := r.value["adjustment"].(map[string]any); r.status != 200 || adj["status"] != StatusRejected || adj["rejectReason"] != "no ticket for this" {
			t.Fatalf("reject: %d %+v", r.status, r.env)
		}
		if r := s.do("POST", "/ops/v1/adjustments/"+id2+"/approve", checkers[0], nil, nil); r.status != 409 || r.env.Code != "operator.adjustment_decided" {
			t.Fatalf("approve after reject: %d %s", r.status, r.env.Code)
		}
		if s.balance(demo) != before+2_000_000 {
			t.Fatal("a rejection moved money")
		}

		// A debit beyond the balance: the ledger refuses and it stays pending.
		r = submit(maker, "mc-3", AdjustRequest{MemberID: demo, Direction: "DEBIT", Amount: "900000", Reason: "too big"})
		id3 := strconv.FormatInt(num(r.value["adjustment"].(map[string]any)["id"]), 10)
		if r := s.do("POST", "/ops/v1/adjustments/"+id3+"/approve", checkers[0], nil, nil); r.status != 409 || r.env.Code != "ledger.insufficient_funds" {
			t.Fatalf("debit beyond the balance: %d %s", r.status, r.env.Code)
		}
		if rec, _ := s.store.AdjustmentByID(context.Background(), num(r.value["adjustment"].(map[string]any)["id"])); rec.Status != StatusPending {
			t.Fatalf("after a refused posting: %s", rec.Status)
		}
		if r := s.do("POST", "/ops/v1/adjustments/999999/approve", checkers[0], nil, nil); r.status != 404 {
			t.Fatalf("unknown: %d", r.status)
		}

		// Audited with before and after.
		audit := s.do("GET", "/ops/v1/audit?action="+ActionAdjustApprove, checkers[0], nil, nil)
		row := audit.value["items"].([]any)[0].(map[string]any)
		if row["targetType"] != "adjustment" || row["targetId"] != id || row["before"].(map[string]any)["status"] != StatusPending ||
			row["after"].(map[string]any)["status"] != StatusPosted || row["reason"] != "jackpot correction" {
			t.Fatalf("audit: %+v", row)
		}
		if s.auditCount(ActionAdjustRequest) != 3 || s.auditCount(ActionAdjustReject) != 1 {
			t.Fatal("requests or rejection not audited")
		}
		if l := s.do("GET", "/ops/v1/adjustments", maker, nil, nil); num(l.value["total"]) != 4 { // 3 requested + 1 posted at once
			t.Fatalf("all: %+v", l.value["total"])
		}
	})
}
