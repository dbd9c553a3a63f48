package withdraw

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func clearingBalance(t *testing.T, s *site) int64 {
	t.Helper()
	a, err := s.ledger.FindAccount(context.Background(), ledger.System(ledger.PurposePaymentClearing, "PHP"))
	if err != nil {
		return 0
	}
	return a.Balance
}

// TestFlow: request -> approve -> payout -> confirm, with the ledger and
// the notices checked at every step.
func TestFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(1_000_000) // 10,000.00
		cashier := s.opsLogin("cashier01")

		t.Run("Received", func(t *testing.T) {
			r := s.withdraw(p, "1500.50").ok(t)
			if r.value["status"] != StatusPendingReview || r.value["amount"] != float64(150_050) || r.value["orderNo"] == "" {
				t.Fatalf("%+v", r.value)
			}
			acct := r.value["account"].(map[string]any)
			if acct["accountNumber"] != "********7890" || acct["bankName"] != "BDO Unibank" || acct["accountName"] != testPayee {
				t.Fatalf("account %+v", acct)
			}
			wid := idOf(r)
			if main, held := s.balances(p.id); main != 1_000_000-150_050 || held != 150_050 {
				t.Fatalf("after hold: main %d held %d", main, held)
			}
			info := s.do("GET", "/wps/cashier/withdraw/info", p.token, nil, nil).ok(t)
			if info.value["pending"] != float64(1) || info.value["dailyCount"] != float64(1) || info.value["balance"] != float64(1_000_000-150_050) {
				t.Fatalf("info %+v", info.value)
			}

			before := clearingBalance(t, s)
			a := s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
			if a.value["status"] != StatusPaid || a.value["holdState"] != HoldPaidOut || a.value["providerRef"] == "" || a.value["paidAt"] == float64(0) {
				t.Fatalf("approve %+v", a.value)
			}
			if a.value["account"].(map[string]any)["accountNumber"] != "001234567890" {
				t.Fatal("operators see the full account number")
			}
			if main, held := s.balances(p.id); main != 1_000_000-150_050 || held != 0 {
				t.Fatalf("after payout: main %d held %d", main, held)
			}
			if got := clearingBalance(t, s) - before; got != 150_050 {
				t.Fatalf("clearing moved %d", got)
			}
			if n := s.notices(p.id); !slices.Equal(n, []string{NoticePaid, NoticeApproved}) {
				t.Fatalf("notices %v", n)
			}
			g := s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", wid), p.token, nil, nil).ok(t)
			if g.value["status"] != StatusPaid || g.value["forcedReceiptAt"].(float64) != g.value["paidAt"].(float64)+24*3600*1000 {
				t.Fatalf("get %+v", g.value)
			}
			c := s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "RECEIVED"}, "", nil), nil).ok(t)
			if c.value["status"] != StatusReceived || c.value["receivedAmount"] != float64(150_050) || c.value["hasProof"] != false {
				t.Fatalf("confirm %+v", c.value)
			}
			// A second answer is refused: the order is no longer PAID.
			s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "RECEIVED"}, "", nil), nil).
				fails(t, 409, "withdraw.invalid_state")
			// Approving again is refused.
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).fails(t, 409, "withdraw.invalid_state")
			// The payout is in the activity stream once; the hold is no fact.
			if f := s.facts("withdrawal.paid", p.id); !slices.Equal(f, []string{pathOf("withdraw-payout:{id} 150050 ", wid) + a.value["orderNo"].(string)}) {
				t.Fatalf("paid facts %v", f)
			}
			if f := s.facts("withdrawal.released", p.id); len(f) != 0 {
				t.Fatalf("released facts %v", f)
			}
		})

		t.Run("PartialWithProof", func(t *testing.T) {
			wid := idOf(s.withdraw(p, "200").ok(t))
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
			c := s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token,
				newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "150.25"}, "proof", pngBytes), nil).ok(t)
			if c.value["status"] != StatusPartiallyReceived || c.value["receivedAmount"] != float64(15_025) || c.value["remainingAmount"] != float64(4_975) || c.value["hasProof"] != true {
				t.Fatalf("%+v", c.value)
			}
			img := s.do("GET", pathOf("/wps/cashier/withdrawals/{id}/proof", wid), p.token, nil, nil)
			if img.status != 200 || !bytes.Equal(img.body, pngBytes) || img.header.Get("Content-Type") != "image/png" || img.header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("proof %d %q", img.status, img.header)
			}
			viewer := s.opsLogin("viewer01")
			if img := s.do("GET", pathOf("/ops/v1/cashier/withdrawals/{id}/proof", wid), viewer, nil, nil); img.status != 200 || !bytes.Equal(img.body, pngBytes) {
				t.Fatalf("ops proof %d", img.status)
			}
			other := s.newPlayer(0)
			s.do("GET", pathOf("/wps/cashier/withdrawals/{id}/proof", wid), other.token, nil, nil).fails(t, 404, "withdraw.not_found")
			s.do("GET", pathOf("/wps/cashier/withdrawals/{id}", wid), other.token, nil, nil).fails(t, 404, "withdraw.not_found")
			// The operator settles the rest outside the platform: no money moves.
			main, _ := s.balances(p.id)
			f := s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/full-payment", wid), cashier, nil, nil).ok(t)
			if f.value["status"] != StatusFullPayment {
				t.Fatalf("%+v", f.value)
			}
			if after, _ := s.balances(p.id); after != main {
				t.Fatal("full payment moved money")
			}
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/full-payment", wid), cashier, nil, nil).fails(t, 409, "withdraw.invalid_state")
		})

		t.Run("NotReceived", func(t *testing.T) {
			wid := idOf(s.withdraw(p, "300").ok(t))
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
			s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "NOT_RECEIVED"}, "", nil), nil).
				fails(t, 400, "upload.missing")
			c := s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token,
				newForm(map[string]string{"result": "NOT_RECEIVED"}, "proof", []byte("\xFF\xD8\xFFjpeg-ish")), nil).ok(t)
			if c.value["status"] != StatusNotReceived || c.value["remainingAmount"] != float64(30_000) {
				t.Fatalf("%+v", c.value)
			}
			img := s.do("GET", pathOf("/wps/cashier/withdrawals/{id}/proof", wid), p.token, nil, nil)
			if img.header.Get("Content-Type") != "image/jpeg" {
				t.Fatalf("%q", img.header.Get("Content-Type"))
			}
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/full-payment", wid), s.opsLogin("ops01"), nil, nil).ok(t)
		})

		t.Run("RejectReleasesHold", func(t *testing.T) {
			main, _ := s.balances(p.id)
			wid := idOf(s.withdraw(p, "400").ok(t))
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), cashier, map[string]any{"reason": "x"}, nil).fails(t, 400, "withdraw.invalid_reason")
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), cashier, "{bad", nil).fails(t, 400, "request.invalid_json")
			r := s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), cashier, map[string]any{"reason": "Account under review"}, nil).ok(t)
			if r.value["status"] != StatusRejected || r.value["rejectReason"] != "Account under review" || r.value["holdState"] != HoldReleased {
				t.Fatalf("%+v", r.value)
			}
			if after, held := s.balances(p.id); after != main || held != 0 {
				t.Fatalf("main %d -> %d, held %d", main, after, held)
			}
			if n := s.notices(p.id); n[0] != NoticeRejected {
				t.Fatalf("notices %v", n)
			}
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).fails(t, 409, "withdraw.invalid_state")
			s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", wid), p.token, newForm(map[string]string{"result": "RECEIVED"}, "", nil), nil).
				fails(t, 409, "withdraw.invalid_state")
			s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/reject", wid), cashier, map[string]any{"reason": "Account under review"}, nil).
				fails(t, 409, "withdraw.invalid_state")
			if f := s.facts("withdrawal.released", p.id); !slices.Equal(f, []string{pathOf("withdraw-release:{id} 40000 ", wid) + r.value["orderNo"].(string)}) {
				t.Fatalf("released facts %v", f)
			}
		})

		t.Run("PayoutFailureReleasesHold", func(t *testing.T) {
			main, _ := s.balances(p.id)
			wid := idOf(s.withdraw(p, "500.13").ok(t)) // the sandbox fails amounts ending in .13
			a := s.do("POST", pathOf("/ops/v1/cashier/withdrawals/{id}/approve", wid), cashier, nil, nil).ok(t)
			if a.value["status"] != StatusPayoutFailed || a.value["holdState"] != HoldReleased {
				t.Fatalf("%+v", a.value)
			}
			f := s.facts("withdrawal.released", p.id)
			if len(f) != 2 || f[1] != pathOf("withdraw-release:{id} 50013 ", wid)+a.value["orderNo"].(string) {
				t.Fatalf("released facts %v", f)
			}
			if f := s.facts("withdrawal.paid", p.id); len(f) != 3 { // Received, PartialWithProof, NotReceived
				t.Fatalf("paid facts %v", f)
			}
			if after, held := s.balances(p.id); after != main || held != 0 {
				t.Fatalf("main %d -> %d, held %d", main, after, held)
			}
		})

		t.Run("ListsAndAudit", func(t *testing.T) {
			l := s.do("GET", "/wps/cashier/withdrawals?page=1&pageSize=2", p.token, nil, nil).ok(t)
			if l.value["total"] != float64(5) || len(l.value["list"].([]any)) != 2 || l.value["pageSize"] != float64(2) {
				t.Fatalf("%+v", l.value)
			}
			l = s.do("GET", "/wps/cashier/withdrawals?status=REJECTED", p.token, nil, nil).ok(t)
			if l.value["total"] != float64(1) {
				t.Fatalf("%+v", l.value)
			}
			s.do("GET", "/wps/cashier/withdrawals?status=NEW", p.token, nil, nil).fails(t, 400, "request.invalid_param")
			s.do("GET", "/wps/cashier/withdrawals?pageSize=101", p.token, nil, nil).fails(t, 400, "request.invalid_page_size")
			o := s.do("GET", "/ops/v1/cashier/withdrawals?status=FULL_PAYMENT", s.opsLogin("finance01"), nil, nil).ok(t)
			if o.value["total"] != float64(2) {
				t.Fatalf("%+v", o.value)
			}
			first := o.value["list"].([]any)[0].(map[string]any)
			if first["memberAccount"] != p.name || first["memberId"] != float64(p.id) {
				t.Fatalf("%+v", first)
			}
			audit, err := s.ops.AuditPage(context.Background(), operator.AuditFilter{}, 1, 100)
			if err != nil {
				t.Fatal(err)
			}
			actions := map[string]int{}
			for _, row := range audit.Items {
				actions[row.Action]++
			}
			if actions["withdrawal.approve"] != 4 || actions["withdrawal.reject"] != 1 || actions["withdrawal.full_payment"] != 2 {
				t.Fatalf("audit %v", actions)
			}
		})
		s.verifyLedger()
	})
}
