package withdraw

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// paid makes a PAID withdrawal of amount for p.
func (s *site) paid(p player, amount string) int64 {
	s.t.Helper()
	wid := idOf(s.withdraw(p, amount).ok(s.t))
	a := s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), s.opsLogin("cashier01"), nil, nil).ok(s.t)
	if a.value["status"] != StatusPaid {
		s.t.Fatalf("%+v", a.value)
	}
	return wid
}

func (s *site) status(p player, wid int64) string {
	s.t.Helper()
	o, err := s.svc.store.Order(context.Background(), wid) // the row, without the forced receipt a read applies
	if err != nil {
		s.t.Fatal(err)
	}
	return o.Status
}

func TestForcedReceipt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		p := s.newPlayer(1_000_000)
		// The brand setting is read at sweep time: a change applies without a restart.
		s.setBrand(func(c *brand.Config) { c.Cashier.ForcedReceiptMinutes, c.Cashier.Withdraw.DailyLimit = 1, 100 })

		t.Run("Sweeper", func(t *testing.T) {
			wid := s.paid(p, "100")
			s.clk.Advance(59 * time.Second)
			if err := s.svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if st := s.status(p, wid); st != StatusPaid {
				t.Fatalf("after 59 s: %s", st)
			}
			s.clk.Advance(time.Second)
			if err := s.svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if st := s.status(p, wid); st != StatusForcedReceived {
				t.Fatalf("after 60 s: %s", st)
			}
			g := s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", wid), p.token, nil, nil).ok(t)
			if g.value["receivedAmount"] != float64(10_000) || g.value["confirmedAt"] == float64(0) || g.value["forcedReceiptAt"] != float64(0) {
				t.Fatalf("%+v", g.value)
			}
			s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "NOT_RECEIVED"}, "proof", pngBytes), nil).
				fails(t, 409, "withdraw.invalid_state")
		})
		t.Run("OnRead", func(t *testing.T) {
			wid := s.paid(p, "100")
			g := s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", wid), p.token, nil, nil).ok(t)
			if g.value["status"] != StatusPaid || g.value["forcedReceiptAt"] != g.value["paidAt"].(float64)+60_000 {
				t.Fatalf("%+v", g.value)
			}
			s.clk.Advance(61 * time.Second)
			// No sweep ran: one read shows it received, and the row says so too.
			g = s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", wid), p.token, nil, nil).ok(t)
			if g.value["status"] != StatusForcedReceived || s.status(p, wid) != StatusForcedReceived {
				t.Fatalf("%+v", g.value)
			}
			// A list filtered by status sees the forced state too.
			wid = s.paid(p, "100")
			s.clk.Advance(61 * time.Second)
			l := s.do("GET", "/wps/cashier/withdrawals?status=PAID", p.token, nil, nil).ok(t)
			if l.value["total"] != float64(0) {
				t.Fatalf("%+v", l.value)
			}
			l = s.do("GET", "/ops/v1/cashier/withdrawals?status=FORCED_RECEIVED", s.opsLogin("viewer01"), nil, nil).ok(t)
			if l.value["total"] != float64(3) || s.status(p, wid) != StatusForcedReceived {
				t.Fatalf("%+v", l.value)
			}
			// A confirmation that arrives late meets the forced state.
			wid = s.paid(p, "100")
			s.clk.Advance(2 * time.Minute)
			s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "RECEIVED"}, "", nil), nil).
				fails(t, 409, "withdraw.invalid_state")
		})
		t.Run("RunLoop", func(t *testing.T) {
			wid := s.paid(p, "100")
			svc := NewService(Deps{Store: s.svc.store, Members: s.members, Ledger: s.ledger, Wallet: s.wallet, Brand: s.brands, Clock: s.clk},
				Config{Argon2: testArgon2, SweepInterval: 10 * time.Millisecond})
			runCtx, cancel := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { svc.Run(runCtx); close(done) }()
			s.clk.Advance(time.Minute)
			deadline := time.Now().Add(5 * time.Second)
			for s.status(p, wid) != StatusForcedReceived {
				if time.Now().After(deadline) {
					t.Fatal("the sweeper did not force the receipt")
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				t.Fatal("Run did not stop with its context")
			}
		})
		t.Run("DefaultIsADay", func(t *testing.T) {
			s.setBrand(func(c *brand.Config) { c.Cashier.ForcedReceiptMinutes = 0 })
			wid := s.paid(p, "100")
			s.clk.Advance(23 * time.Hour)
			_ = s.svc.Sweep(ctx)
			if st := s.status(p, wid); st != StatusPaid {
				t.Fatal(st)
			}
			s.clk.Advance(time.Hour)
			_ = s.svc.Sweep(ctx)
			if st := s.status(p, wid); st != StatusForcedReceived {
				t.Fatal(st)
			}
		})
	})
}

// TestAnyDuePlan (PostgreSQL): every queue page asks whether an order is
// due a forced receipt, in a Fixed session, with a generic plan made once
// per connection. That plan must look the status up in its index, on a new
// database and on analysed orders of a few statuses, none PAID: there
// PostgreSQL's own generic plan (which it picks after five executions)
// scanned the whole table at every page load.
func TestAnyDuePlan(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	check := func(when string) {
		t.Helper()
		plan := dbtest.GenericPlan(t, d, []string{"SET LOCAL enable_seqscan = off"}, d.Rebind(sqlAnyDue), `'PAID'`, `1`)
		if !strings.Contains(plan, "withdraw_order_status") || strings.Contains(plan, "Seq Scan") {
			t.Errorf("%s: the generic plan does not look the status up in withdraw_order_status:\n%s", when, plan)
		}
	}
	check("a new database")
	ctx := context.Background()
	for _, q := range []string{`INSERT INTO withdraw_order (order_no, member_id, idempotency_key, request_hash, status, hold_state, amount,
 currency, decimals, account_id, account_type, bank_code, account_name, account_number, created_at, updated_at, paid_at)
 SELECT 'W' || i, i, 'k' || i, 'h', (ARRAY['RECEIVED', 'REJECTED', 'PENDING_REVIEW'])[1 + i % 3], 'RELEASED', 100, 'PHP', 2, 1,
 'BANK', 'B', 'N', '1', i, i, i FROM generate_series(1, 3000) i`, `ANALYZE withdraw_order`} {
		if _, err := d.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	check("3,000 analysed orders")
}

// TestSweeperFinishesStuckOrders: what a crash leaves half-way is finished.
func TestSweeperFinishesStuckOrders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		p := s.newPlayer(100_000)
		// A rejected order whose release posting never ran (crash between the two steps).
		wid := idOf(s.withdraw(p, "200").ok(t))
		if ok, err := s.svc.store.Transition(ctx, wid, []string{StatusPendingReview}, StatusRejected, change{RejectReason: "crash test"}, s.clk.Now()); err != nil || !ok {
			t.Fatal(ok, err)
		}
		// An approved order that never reached the provider.
		wid2 := idOf(s.withdraw(p, "300").ok(t))
		if ok, err := s.svc.store.Transition(ctx, wid2, []string{StatusPendingReview}, StatusApproved, change{}, s.clk.Now()); err != nil || !ok {
			t.Fatal(ok, err)
		}
		// A NEW order whose hold posting never ran.
		o := order{MemberID: p.id, Key: "crashed", RequestHash: "h", Status: StatusNew, HoldState: HoldHeld, Amount: 10_000, Currency: "PHP", Decimals: 2,
			AccountID: p.account, AccountType: TypeBank, BankCode: "BDO", AccountName: testPayee, AccountNumber: "001234567890", CreatedAt: s.clk.Now().UnixMilli()}
		if _, _, err := s.svc.store.CreateOrder(ctx, &o, s.clk.Now().Add(-time.Hour), 100); err != nil {
			t.Fatal(err)
		}
		// A NEW order whose hold can never fit.
		big := o
		big.Key, big.Amount = "crashed-big", 10_000_000
		if _, _, err := s.svc.store.CreateOrder(ctx, &big, s.clk.Now().Add(-time.Hour), 100); err != nil {
			t.Fatal(err)
		}
		// NEW orders are invisible.
		s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", o.ID), p.token, nil, nil).fails(t, 404, "withdraw.not_found")

		if err := s.svc.Sweep(ctx); err != nil { // too early for NEW/APPROVED; the release runs at once
			t.Fatal(err)
		}
		if main, held := s.balances(p.id); main != 100_000-30_000 || held != 30_000 {
			t.Fatalf("after first sweep: main %d held %d", main, held)
		}
		s.clk.Advance(2 * time.Minute)
		if err := s.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if st := s.status(p, wid2); st != StatusPaid {
			t.Fatalf("approved order: %s", st)
		}
		if st := s.status(p, o.ID); st != StatusPendingReview {
			t.Fatalf("new order: %s", st)
		}
		if _, err := s.svc.store.Order(ctx, big.ID); codeOf(err) != "withdraw.not_found" {
			t.Fatalf("the order whose hold cannot fit stays: %v", err)
		}
		if main, held := s.balances(p.id); main != 100_000-30_000-10_000 || held != 10_000 {
			t.Fatalf("after second sweep: main %d held %d", main, held)
		}
		// The postings run again (as after a crash before the state change):
		// replays, which add no fact.
		paid, err := s.svc.store.Order(ctx, wid2)
		if err != nil {
			t.Fatal(err)
		}
		rejected, err := s.svc.store.Order(ctx, wid)
		if err != nil {
			t.Fatal(err)
		}
		rejected.HoldState = HoldHeld
		if err := errors.Join(s.svc.payOut(ctx, paid), s.svc.release(ctx, rejected)); err != nil {
			t.Fatal(err)
		}
		if f := s.facts("withdrawal.paid", p.id); len(f) != 1 || !strings.HasPrefix(f[0], pathOf("withdraw-payout:{id} 30000 ", wid2)) {
			t.Fatalf("paid facts %v", f)
		}
		if f := s.facts("withdrawal.released", p.id); len(f) != 1 || !strings.HasPrefix(f[0], pathOf("withdraw-release:{id} 20000 ", wid)) {
			t.Fatalf("released facts %v", f)
		}
		s.verifyLedger()
	})
}

func TestTurnover(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(0)
		turnover := func() map[string]any {
			t.Helper()
			return s.do("GET", "/wps/cashier/withdraw/info", p.token, nil, nil).ok(t).value["turnover"].(map[string]any)
		}
		want := func(required, done, remaining int64) {
			t.Helper()
			got := turnover()
			if got["required"] != float64(required) || got["done"] != float64(done) || got["remaining"] != float64(remaining) {
				t.Fatalf("turnover %v, want %d/%d/%d", got, required, done, remaining)
			}
		}
		want(0, 0, 0)
		s.credit(p.id, 100_000, ledger.KindDeposit)   // 1,000.00 deposited
		s.credit(p.id, 50_000, ledger.KindAdjustment) // not a deposit: no turnover
		want(100_000, 0, 100_000)
		r := s.withdraw(p, "100")
		r.fails(t, 400, "withdraw.turnover_not_met")
		if r.env.Message != "You need 1000.00 more in valid bets before you can withdraw." {
			t.Fatalf("%q", r.env.Message)
		}
		s.bet(p.id, 60_000)
		want(100_000, 60_000, 40_000)
		s.credit(p.id, 10_000, ledger.KindBonusGrant)
		want(110_000, 60_000, 50_000)
		s.setBrand(func(c *brand.Config) { two := int64(2); c.Cashier.TurnoverMultiple = &two })
		want(220_000, 60_000, 160_000)
		s.setBrand(func(c *brand.Config) { one := int64(1); c.Cashier.TurnoverMultiple = &one })
		s.bet(p.id, 50_000)
		want(110_000, 110_000, 0)
		s.clk.Advance(time.Second)
		s.paid(p, "100")
		// A new period starts at the payout: earlier deposits and bets no longer count.
		s.clk.Advance(time.Second)
		want(0, 0, 0)
		s.credit(p.id, 20_000, ledger.KindDeposit)
		want(20_000, 0, 20_000)
		s.setBrand(func(c *brand.Config) { zero := int64(0); c.Cashier.TurnoverMultiple = &zero })
		want(0, 0, 0)
		s.withdraw(p, "100").ok(t)
	})
}

// TestApproveWithoutProvider: with no payout provider an approved order
// waits in APPROVED with its money held; once a provider is there, the
// sweeper pays it.
func TestApproveWithoutProvider(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		p := s.newPlayer(100_000)
		wid := idOf(s.withdraw(p, "150").ok(t))
		bare := NewService(Deps{Store: s.svc.store, Members: s.members, Ledger: s.ledger, Wallet: s.wallet, Brand: s.brands, Clock: s.clk},
			Config{Argon2: testArgon2})
		w, err := bare.Approve(ctx, operator.Caller{ID: 1, Username: "ops01", Role: operator.RoleAdmin}, wid, "")
		if err != nil || w.Status != StatusApproved || w.HoldState != HoldHeld || w.ReviewedBy != 1 {
			t.Fatalf("%+v %v", w, err)
		}
		s.clk.Advance(2 * time.Minute)
		if err := bare.Sweep(ctx); err != nil || s.status(p, wid) != StatusApproved {
			t.Fatalf("%s %v", s.status(p, wid), err)
		}
		if err := s.svc.Sweep(ctx); err != nil || s.status(p, wid) != StatusPaid {
			t.Fatalf("%s %v", s.status(p, wid), err)
		}
		if main, held := s.balances(p.id); main != 85_000 || held != 0 {
			t.Fatalf("main %d held %d", main, held)
		}
		s.verifyLedger()
	})
}
