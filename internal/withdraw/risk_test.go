package withdraw

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

type sharedIPs map[int64]bool

func (s sharedIPs) SharingIP(_ context.Context, memberIDs []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, id := range memberIDs {
		out[id] = s[id]
	}
	return out, nil
}

// The flags a cashier sees on each withdrawal, each turned on and off by
// what it watches.
func TestRiskFlags(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		cashier := s.opsLogin("cashier01")
		risks := func(wid int64) []string {
			t.Helper()
			r := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}", wid), cashier, nil, nil).ok(t)
			var out []string
			for _, f := range r.value["risks"].([]any) {
				out = append(out, f.(string))
			}
			return out
		}
		want := func(wid int64, flags ...string) {
			t.Helper()
			if got := risks(wid); !slices.Equal(got, flags) && !(len(got) == 0 && len(flags) == 0) {
				t.Fatalf("risks %v, want %v", got, flags)
			}
		}

		p := s.newPlayer(1_000_000)
		first := idOf(s.withdraw(p, "100").ok(t))
		want(first, RiskNewPayoutAccount, RiskFirstWithdrawal)

		// A day later, after three paid withdrawals of 100, 400 is unusual; 200 is not.
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", first), cashier, nil, nil).ok(t)
		s.clk.Advance(25 * time.Hour)
		for range 2 {
			wid := idOf(s.withdraw(p, "100").ok(t))
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
		}
		big := idOf(s.withdraw(p, "300").ok(t))
		want(big, RiskUnusualAmount)
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", big), cashier, map[string]any{"reason": "checking"}, nil).ok(t)
		normal := idOf(s.withdraw(p, "200").ok(t))
		want(normal)

		// Another member binds the same bank account; an IP shared; the real name changed.
		q := s.newPlayer(1_000_000)
		want(normal, RiskSharedPayoutAccount)
		s.svc.UseLinked(sharedIPs{p.id: true})
		if _, err := d.ExecContext(context.Background(), d.Rebind(`UPDATE account_member SET payee_name = ? WHERE id = ?`), "Maria Santos", p.id); err != nil {
			t.Fatal(err)
		}
		want(normal, RiskPayeeMismatch, RiskSharedPayoutAccount, RiskSharedIP)
		qw := idOf(s.withdraw(q, "100").ok(t))
		want(qw, RiskSharedPayoutAccount, RiskNewPayoutAccount, RiskFirstWithdrawal)

		// A deposit credited after the request raises the requirement: turnover not met while it waits.
		s.credit(q.id, 50_000, ledger.KindDeposit)
		want(qw, RiskTurnoverNotMet, RiskSharedPayoutAccount, RiskNewPayoutAccount, RiskFirstWithdrawal)

		// The cashier report: 4 paid (approved), 1 rejected, by cashier01.
		loc := s.brands.Location(context.Background())
		day := s.clk.Now().In(loc).Format(time.DateOnly)
		start := s.clk.Now().In(loc).AddDate(0, 0, -3).Format(time.DateOnly)
		rep := s.do("GET", "/ops/v1/cashier/withdrawals/report?from="+start+"&to="+day, cashier, nil, nil).ok(t)
		dec := rep.value["decided"].(map[string]any)
		if dec["approved"] != float64(3) || dec["rejected"] != float64(1) || dec["approvalRatioBp"] != float64(7500) ||
			rep.value["count"] != float64(6) || len(rep.value["byOperator"].([]any)) != 1 {
			t.Fatalf("report %+v", rep.value)
		}
		s.do("GET", "/ops/v1/cashier/withdrawals/report?from=2026-02-01&to=2026-01-01", cashier, nil, nil).fails(t, 400, "request.invalid_range")
		s.do("GET", "/ops/v1/cashier/withdrawals/report?from=2020-01-01&to=2026-01-01", cashier, nil, nil).fails(t, 400, "request.invalid_range")

		// The list carries them too.
		l := s.do("GET", "/ops/v1/cashier/withdrawals?status=PENDING_REVIEW", cashier, nil, nil).ok(t)
		for _, it := range l.value["list"].([]any) {
			if it.(map[string]any)["risks"] == nil {
				t.Fatalf("list without risks: %v", it)
			}
		}
	})
}

// TestRiskFlagsPage: a queue page works out its flags per page (shared
// reads once); each order's flags are the ones it gets read alone.
func TestRiskFlagsPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		cashier := s.opsLogin("cashier01")
		flags := func(v any) []string {
			out := []string{}
			for _, f := range v.([]any) {
				out = append(out, f.(string))
			}
			return out
		}
		p := s.newPlayer(1_000_000)
		first := idOf(s.withdraw(p, "100").ok(t))
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", first), cashier, nil, nil).ok(t)
		s.clk.Advance(25 * time.Hour)
		for range 2 {
			wid := idOf(s.withdraw(p, "100").ok(t))
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
		}
		big := idOf(s.withdraw(p, "300").ok(t))
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", big), cashier, map[string]any{"reason": "checking"}, nil).ok(t)
		s.withdraw(p, "200").ok(t)
		q := s.newPlayer(1_000_000) // binds p's bank account
		s.withdraw(q, "100").ok(t)
		s.credit(q.id, 50_000, ledger.KindDeposit)
		r := s.newPlayer(1_000_000)
		if _, err := d.ExecContext(context.Background(), d.Rebind(`UPDATE withdraw_account SET account_number = ? WHERE member_id = ?`), "0999888777", r.id); err != nil {
			t.Fatal(err)
		}
		s.withdraw(r, "100").ok(t)
		s.svc.UseLinked(sharedIPs{p.id: true, r.id: true})
		if _, err := d.ExecContext(context.Background(), d.Rebind(`UPDATE account_member SET payee_name = ? WHERE id = ?`), "Maria Santos", p.id); err != nil {
			t.Fatal(err)
		}

		for _, query := range []string{"", "status=PENDING_REVIEW", "pageSize=3&page=2"} {
			page := s.do("GET", "/ops/v1/cashier/withdrawals?"+query, cashier, nil, nil).ok(t)
			list := page.value["list"].([]any)
			if len(list) == 0 {
				t.Fatalf("%s: empty page", query)
			}
			seen := map[string]bool{}
			for _, item := range list {
				o := item.(map[string]any)
				one := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}", int64(o["id"].(float64))), cashier, nil, nil).ok(t)
				got, want := flags(o["risks"]), flags(one.value["risks"])
				if !slices.Equal(got, want) {
					t.Fatalf("%s: order %v: page %v, alone %v", query, o["id"], got, want)
				}
				for _, f := range got {
					seen[f] = true
				}
			}
			if query == "" && len(seen) != len(RiskFlags) {
				t.Fatalf("the page shows %v, want every flag", seen)
			}
		}
	})
}

// TestQueueTotalCapped: a list counts at most listCountCap+1 orders; beyond
// the cap the total is the cap with totalCapped, and the page is still the
// page.
func TestQueueTotalCapped(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		cashier := s.opsLogin("cashier01")
		p := s.newPlayer(1_000_000)
		s.withdraw(p, "100").ok(t)
		s.withdraw(p, "100").ok(t)
		defer func(n int) { listCountCap = n }(listCountCap)
		for capAt, want := range map[int]struct {
			total  float64
			capped bool
		}{1: {1, true}, 2: {2, false}, 3: {2, false}} {
			listCountCap = capAt
			for _, path := range []string{"/ops/v1/cashier/withdrawals", "/wps/cashier/withdrawals"} {
				who := cashier
				if path == "/wps/cashier/withdrawals" {
					who = p.token
				}
				r := s.do("GET", path, who, nil, nil).ok(t)
				if len(r.value["list"].([]any)) != 2 || r.value["total"] != want.total || r.value["totalCapped"] != want.capped {
					t.Fatalf("%s, cap %d: %v rows, total %v, capped %v", path, capAt, len(r.value["list"].([]any)), r.value["total"], r.value["totalCapped"])
				}
			}
		}
	})
}

// TestRiskFlagsKeptAtDecision: a decision keeps the flags the operator saw,
// turnover included, and the order shows those whatever changes later; an
// order decided before flags were kept (risks NULL) has them worked out
// when read, as a waiting order's but for the turnover.
func TestRiskFlagsKeptAtDecision(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		cashier := s.opsLogin("cashier01")
		flags := func(wid int64) []string {
			t.Helper()
			r := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}", wid), cashier, nil, nil).ok(t)
			out := []string{}
			for _, f := range r.value["risks"].([]any) {
				out = append(out, f.(string))
			}
			return out
		}
		want := func(wid int64, flags0 ...string) {
			t.Helper()
			if got := flags(wid); !slices.Equal(got, append([]string{}, flags0...)) {
				t.Fatalf("order %d: risks %v, want %v", wid, got, flags0)
			}
		}
		p := s.newPlayer(1_000_000)
		wid := idOf(s.withdraw(p, "100").ok(t))
		s.credit(p.id, 50_000, ledger.KindDeposit) // the requirement grows while it waits
		saw := []string{RiskTurnoverNotMet, RiskNewPayoutAccount, RiskFirstWithdrawal}
		want(wid, saw...)
		s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
		want(wid, saw...)

		// What the flags watch changes: the decided order keeps what was seen.
		s.clk.Advance(25 * time.Hour)
		if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE account_member SET payee_name = ? WHERE id = ?`), "Maria Santos", p.id); err != nil {
			t.Fatal(err)
		}
		s.svc.UseLinked(sharedIPs{p.id: true})
		want(wid, saw...)
		list := s.do("GET", "/ops/v1/cashier/withdrawals", cashier, nil, nil).ok(t).value["list"].([]any)
		if len(list) != 1 || len(list[0].(map[string]any)["risks"].([]any)) != len(saw) {
			t.Fatalf("list %v", list)
		}

		// Decided before the flags were kept: worked out when read, no turnover.
		if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE withdraw_order SET risks = NULL WHERE id = ?`), wid); err != nil {
			t.Fatal(err)
		}
		want(wid, RiskPayeeMismatch, RiskSharedIP, RiskNewPayoutAccount, RiskFirstWithdrawal)
	})
}

// TestRiskPagePlans (PostgreSQL): a page's reads of payout accounts, last
// payouts and paid history, and its capped count, run prepared in a Fixed
// session, with a generic plan made once per connection. On a new database
// each must read an index, by the values it is given, never scan the
// table.
func TestRiskPagePlans(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	for _, c := range []struct {
		name, query string
		params      []string
		lookup      string
	}{
		{"accounts added", sqlAccountsAddedSet, []string{`'{1,2}'`}, "Index Cond: (id = ANY ($1))"},
		{"account holders", sqlAccountHoldersSet, []string{`'{123}'`, `'{BDO}'`}, "Index Cond: (account_number = ANY ($1)"},
		{"paid before", sqlPaidBeforeSet, []string{`10`, `'{1,2}'`}, "Index Cond: (id = ANY ($2))"},
		{"last paid", sqlLastPaidSet, []string{`'{1,2}'`, `'{RECEIVED}'`}, "Index Cond: (member_id = ANY ($1))"},
		{"capped count, all statuses", sqlCountOrders + ` WHERE o.status <> $1 LIMIT $2) x`, []string{`'NEW'`, `10001`}, "Index"},
		{"capped count, one status", sqlCountOrders + ` WHERE o.status <> $1 AND o.status = $2 LIMIT $3) x`,
			[]string{`'NEW'`, `'PENDING_REVIEW'`, `10001`}, "Index Cond: (status = $2)"},
	} {
		plan := dbtest.GenericPlan(t, d, []string{"SET LOCAL enable_seqscan = off"}, c.query, c.params...)
		if !strings.Contains(plan, c.lookup) || strings.Contains(plan, "Seq Scan") {
			t.Errorf("%s: the generic plan is not index lookups by its values (%s):\n%s", c.name, c.lookup, plan)
		}
	}
}
