package cashier

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBankDeposit: a bank deposit with a receipt, replayed and conflicting
// submissions, the receipt served to its owner and operators only, an
// operator's approval crediting the balance once with a notice message and
// realtime balance + notice events, and the audit row.
func TestBankDeposit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		sock := s.socket("demo01", token)

		r := s.bankDeposit(token, "bank-1", "1500.50", "BDO-REF-0001")
		if r.status != 200 || r.value["status"] != StatusPendingReview || r.value["amount"] != float64(150050) ||
			r.value["hasReceipt"] != true || r.value["decimals"] != float64(2) || r.value["currency"] != "PHP" {
			t.Fatalf("create: %d %+v", r.status, r.env)
		}
		depID, orderNo := id(r), r.value["orderNo"].(string)

		t.Run("ReplaySameKeySameBody", func(t *testing.T) {
			again := s.bankDeposit(token, "bank-1", "1500.50", "BDO-REF-0001")
			if again.status != 200 || id(again) != depID {
				t.Fatalf("replay: %d %+v", again.status, again.env)
			}
			list := s.do("GET", "/wps/cashier/deposits", token, nil, nil)
			if list.value["total"] != float64(1) {
				t.Fatalf("replay created another deposit: %+v", list.value)
			}
		})
		t.Run("SameKeyDifferentBody", func(t *testing.T) {
			again := s.bankDeposit(token, "bank-1", "1600.00", "BDO-REF-0001")
			if again.status != 409 || again.env.Code != "ledger.idempotency_mismatch" {
				t.Fatalf("%d %+v", again.status, again.env)
			}
		})
		t.Run("ReceiptOwnerOnly", func(t *testing.T) {
			own := s.do("GET", "/wps/cashier/deposits/"+depID+"/receipt", token, nil, nil)
			if own.status != 200 || !bytes.Equal(own.raw, pngBytes) || own.header.Get("Content-Type") != "image/png" ||
				own.header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("own receipt: %d %q", own.status, own.header)
			}
			other := s.do("GET", "/wps/cashier/deposits/"+depID+"/receipt", s.login("agent01"), nil, nil)
			if other.status != 404 || other.env.Code != "cashier.not_found" {
				t.Fatalf("other's receipt: %d %+v", other.status, other.env)
			}
			if g := s.do("GET", "/wps/cashier/deposits/"+depID, s.login("agent01"), nil, nil); g.status != 404 {
				t.Fatalf("other's deposit: %d", g.status)
			}
			ops := s.do("GET", "/ops/v1/cashier/deposits/"+depID+"/receipt", s.opLogin("viewer01"), nil, nil)
			if ops.status != 200 || !bytes.Equal(ops.raw, pngBytes) {
				t.Fatalf("operator receipt: %d", ops.status)
			}
		})

		if b := s.balance("demo01"); b != 0 {
			t.Fatalf("balance before approval %d", b)
		}
		queue := s.do("GET", "/ops/v1/cashier/deposits?status=PENDING_REVIEW", s.opLogin("cashier01"), nil, nil)
		if queue.status != 200 || queue.value["total"] != float64(1) {
			t.Fatalf("queue: %d %+v", queue.status, queue.env)
		}
		cashierTok := s.opLogin("cashier01")
		ap := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/approve", cashierTok, nil, nil)
		if ap.status != 200 || ap.value["status"] != StatusCredited {
			t.Fatalf("approve: %d %+v", ap.status, ap.env)
		}
		if b := s.balance("demo01"); b != 150050 {
			t.Fatalf("balance after approval %d", b)
		}
		if again := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/approve", cashierTok, nil, nil); again.status != 409 || again.env.Code != "cashier.invalid_state" {
			t.Fatalf("second approve: %d %+v", again.status, again.env)
		}
		if rej := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/reject", cashierTok, map[string]string{"reason": "too late"}, nil); rej.status != 409 {
			t.Fatalf("reject after approve: %d", rej.status)
		}
		if b := s.balance("demo01"); b != 150050 {
			t.Fatalf("balance after repeats %d", b)
		}
		p, err := s.ledger.Posting(context.Background(), mustPostingID(t, s, depID))
		if err != nil || p.Key != "deposit:"+depID || p.Kind != "deposit" {
			t.Fatalf("posting %+v %v", p, err)
		}

		bal := sock.waitFor(t, "balance")
		var be struct{ Balance int64 }
		_ = json.Unmarshal(bal.Data, &be)
		if be.Balance != 150050 {
			t.Fatalf("balance event %s", bal.Data)
		}
		nev := sock.waitFor(t, "notice")
		var ne notify.NoticeEvent
		_ = json.Unmarshal(nev.Data, &ne)
		if ne.Kind != notify.KindDepositCredited || ne.Params["orderNo"] != orderNo || ne.Params["amount"] != "1500.50" {
			t.Fatalf("notice event %s", nev.Data)
		}

		if u := s.do("GET", "/wps/message/unread", token, nil, nil); u.value["count"] != float64(1) {
			t.Fatalf("unread %+v", u.env)
		}
		for lang, title := range map[string]string{"EN": "Deposit credited", "TY": "Naipasok na ang deposito"} {
			l := s.do("GET", "/wps/message/list?lang="+lang, token, nil, nil)
			list := l.value["list"].([]any)
			m := list[0].(map[string]any)
			if len(list) != 1 || m["kind"] != notify.KindDepositCredited || m["title"] != title || !strings.Contains(m["body"].(string), "1500.50") {
				t.Fatalf("%s messages %+v", lang, l.value)
			}
		}

		audit, err := s.operators.AuditPage(context.Background(), operator.AuditFilter{Action: "deposit.approve"}, 1, 10)
		if err != nil || audit.Total != 1 || audit.Items[0].TargetType != "deposit" || audit.Items[0].TargetID != depID {
			t.Fatalf("audit %+v %v", audit, err)
		}
	})
}

func mustPostingID(t *testing.T, s *site, depID string) int64 {
	t.Helper()
	var pid int64
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT posting_id FROM cashier_deposit WHERE id = ?`), depID).Scan(&pid); err != nil || pid == 0 {
		t.Fatalf("posting id %d %v", pid, err)
	}
	return pid
}

// TestBankDepositReject: a reason is required, the deposit ends REJECTED
// with no money moved, the member gets a notice, and it cannot be approved.
func TestBankDepositReject(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		r := s.bankDeposit(token, "bank-r", "200", "REF-REJECT")
		depID := id(r)
		op := s.opLogin("ops01")
		for _, reason := range []string{"", "no", strings.Repeat("x", 201)} {
			bad := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/reject", op, map[string]string{"reason": reason}, nil)
			if bad.status != 400 || bad.env.Code != "cashier.invalid_reason" {
				t.Fatalf("reason %q: %d %+v", reason, bad.status, bad.env)
			}
		}
		rej := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/reject", op, map[string]string{"reason": "Receipt is unreadable"}, nil)
		if rej.status != 200 || rej.value["status"] != StatusRejected || rej.value["rejectReason"] != "Receipt is unreadable" {
			t.Fatalf("reject: %d %+v", rej.status, rej.env)
		}
		if ap := s.do("POST", "/ops/v1/cashier/deposits/"+depID+"/approve", op, nil, nil); ap.status != 409 || ap.env.Code != "cashier.invalid_state" {
			t.Fatalf("approve after reject: %d %+v", ap.status, ap.env)
		}
		if b := s.balance("demo01"); b != 0 {
			t.Fatalf("balance %d", b)
		}
		l := s.do("GET", "/wps/message/list?lang=EN", token, nil, nil)
		m := l.value["list"].([]any)[0].(map[string]any)
		if m["kind"] != notify.KindDepositRejected || !strings.Contains(m["body"].(string), "Receipt is unreadable") {
			t.Fatalf("message %+v", m)
		}
		audit, _ := s.operators.AuditPage(context.Background(), operator.AuditFilter{Action: "deposit.reject"}, 1, 10)
		if audit.Total != 1 {
			t.Fatalf("audit rows %d", audit.Total)
		}
		if g := s.do("GET", "/wps/cashier/deposits/"+depID, token, nil, nil); g.value["status"] != StatusRejected {
			t.Fatalf("player view %+v", g.value)
		}
		// The cashier report: another deposit approved; one rejected, one credited, both by ops01.
		second := id(s.bankDeposit(token, "bank-r2", "300", "REF-APPROVE"))
		s.do("POST", "/ops/v1/cashier/deposits/"+second+"/approve", op, nil, nil)
		rep := s.do("GET", "/ops/v1/cashier/deposits/report", s.opLogin("viewer01"), nil, nil)
		dec, _ := rep.value["decided"].(map[string]any)
		if rep.status != 200 || rep.value["count"] != float64(2) || rep.value["amount"] != float64(50_000) || dec["approved"] != float64(1) ||
			dec["rejected"] != float64(1) || dec["approvalRatioBp"] != float64(5000) || len(rep.value["byOperator"].([]any)) != 1 {
			t.Fatalf("report %d %+v", rep.status, rep.value)
		}
		if bad := s.do("GET", "/ops/v1/cashier/deposits/report?from=2026-01-02&to=2026-01-01", op, nil, nil); bad.status != 400 || bad.env.Code != "request.invalid_range" {
			t.Fatalf("bad range %d %+v", bad.status, bad.env)
		}
	})
}

// The provider's hosted page speaks the language the player deposited in:
// Tagalog by default, with no English words left; English for an EN player.
func TestPayPageInThePlayersLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		ty := s.onlineDeposit(token, "online-ty", "250")
		html, _ := s.payPage(ty["payUrl"].(string), "")
		for _, english := range []string{"Sandbox", "SANDBOX", "Merchant", ">Order<", ">Pay<", ">Fail<", "Back to the site"} {
			if strings.Contains(html, english) {
				t.Errorf("TY page has %q", english)
			}
		}
		if !strings.Contains(html, "Pansubok na bayad") || !strings.Contains(html, `lang="fil"`) {
			t.Errorf("TY page is not in Tagalog: %s", html)
		}
		r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "250"},
			map[string]string{"Idempotency-Key": "online-en-1", "X-Lang": "EN"})
		if r.status != 200 {
			t.Fatalf("EN deposit: %d %+v", r.status, r.env)
		}
		html, _ = s.payPage(r.value["payUrl"].(string), "")
		if !strings.Contains(html, ">Pay<") || !strings.Contains(html, `lang="en"`) {
			t.Errorf("EN page is not in English: %s", html)
		}
	})
}

// TestOnlineDepositSandbox: open a GCash deposit, pay on the sandbox's
// hosted page (a real form POST with its one-time token), the sandbox's
// signed webhook credits the member, the browser goes back to the deposit
// page; the Fail button ends a deposit FAILED with no money.
func TestOnlineDepositSandbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		dep := s.onlineDeposit(token, "online-1", "250")
		payURL, orderNo := dep["payUrl"].(string), dep["orderNo"].(string)
		if !strings.HasPrefix(payURL, "/sandbox/pay/") {
			t.Fatalf("payUrl %q", payURL)
		}
		html, _ := s.payPage(payURL, "TY")
		for _, want := range []string{"PANSUBOK", "250.00 PHP", orderNo, "Magbayad"} {
			if !strings.Contains(html, want) {
				t.Fatalf("TY page lacks %q", want)
			}
		}
		html, tok := s.payPage(payURL, "EN") // a new render replaces the token
		if !strings.Contains(html, ">Pay<") || !strings.Contains(html, ">Fail<") {
			t.Fatal("EN page lacks the buttons")
		}
		if res := s.submitPay(payURL, "forged-token", "pay"); res.StatusCode != 403 {
			t.Fatalf("forged token: %d", res.StatusCode)
		}
		res := s.submitPay(payURL, tok, "pay")
		if res.StatusCode != 303 || res.Header.Get("Location") != "/member/depositv2?order="+orderNo {
			t.Fatalf("pay: %d %q", res.StatusCode, res.Header.Get("Location"))
		}
		if b := s.balance("demo01"); b != 25000 {
			t.Fatalf("balance %d", b)
		}
		g := s.do("GET", "/wps/cashier/deposits/"+strings.TrimSpace(jsonNum(dep["id"])), token, nil, nil)
		if g.value["status"] != StatusCredited || g.value["payUrl"] != nil {
			t.Fatalf("deposit %+v", g.value)
		}
		if again := s.submitPay(payURL, tok, "pay"); again.StatusCode != 403 {
			t.Fatalf("token reused: %d", again.StatusCode)
		}
		if b := s.balance("demo01"); b != 25000 {
			t.Fatalf("balance after reuse %d", b)
		}

		failed := s.onlineDeposit(token, "online-2", "300")
		_, tok2 := s.payPage(failed["payUrl"].(string), "EN")
		if res := s.submitPay(failed["payUrl"].(string), tok2, "fail"); res.StatusCode != 303 {
			t.Fatalf("fail: %d", res.StatusCode)
		}
		g = s.do("GET", "/wps/cashier/deposits/"+jsonNum(failed["id"]), token, nil, nil)
		if g.value["status"] != StatusFailed || s.balance("demo01") != 25000 {
			t.Fatalf("failed deposit %+v", g.value)
		}
		l := s.do("GET", "/wps/message/list?lang=EN", token, nil, nil)
		if first := l.value["list"].([]any)[0].(map[string]any); first["kind"] != notify.KindDepositFailed {
			t.Fatalf("messages %+v", l.value)
		}
		// The return page finds the order by its number; nobody else can.
		byOrder := s.do("GET", "/wps/cashier/deposits?orderNo="+orderNo, token, nil, nil)
		if list := byOrder.value["list"].([]any); byOrder.value["total"] != float64(1) || list[0].(map[string]any)["orderNo"] != orderNo {
			t.Fatalf("by order: %+v", byOrder.value)
		}
		if other := s.do("GET", "/wps/cashier/deposits?orderNo="+orderNo, s.login("agent01"), nil, nil); other.value["total"] != float64(0) {
			t.Fatalf("other member by order: %+v", other.value)
		}
		if bad := s.do("GET", "/wps/cashier/deposits?orderNo=a%20b", token, nil, nil); bad.status != 400 {
			t.Fatalf("bad orderNo: %d", bad.status)
		}
		// A replayed submission of the first request is the first deposit.
		again := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "250"}, key("online-1"))
		if again.status != 200 || jsonNum(again.value["id"]) != jsonNum(dep["id"]) || again.value["status"] != StatusCredited {
			t.Fatalf("replay %d %+v", again.status, again.env)
		}
	})
}

// TestOnlineDepositReturnsToTheAgentCentre: an agent paying from the agent
// centre comes back to its deposit page there; an unknown return page is
// refused and opens nothing.
func TestOnlineDepositReturnsToTheAgentCentre(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("agent01")
		r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "150", "return": "agent"}, key("agent-online-1"))
		if r.status != 200 || r.value["payUrl"] == nil {
			t.Fatalf("agent online deposit: %d %+v", r.status, r.env)
		}
		payURL, orderNo := r.value["payUrl"].(string), r.value["orderNo"].(string)
		_, tok := s.payPage(payURL, "EN")
		if res := s.submitPay(payURL, tok, "pay"); res.StatusCode != 303 || res.Header.Get("Location") != "/agentHome/deposit?order="+orderNo {
			t.Fatalf("pay: %d %q", res.StatusCode, res.Header.Get("Location"))
		}
		bad := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": "150", "return": "https://elsewhere.example/"}, key("agent-online-2"))
		if bad.status != 400 || bad.env.Code != "request.invalid_param" {
			t.Fatalf("unknown return page: %d %+v", bad.status, bad.env)
		}
		list := s.do("GET", "/wps/cashier/deposits", token, nil, nil)
		if list.value["total"] != float64(1) {
			t.Fatalf("deposits after the refusal: %+v", list.value)
		}
	})
}

func jsonNum(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestCallbackRules walks the webhook state table: forged and stale
// signatures move nothing, a replayed event moves nothing, out-of-order
// events, amount mismatches and late payments.
func TestCallbackRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		cb := func(dep map[string]any, event, status string, amount int64) payment.Callback {
			return payment.Callback{EventID: event, OrderNo: dep["orderNo"].(string), ProviderRef: "ref1", Status: status,
				Amount: amount, Currency: "PHP", At: s.clk.Now()}
		}
		status := func(dep map[string]any) any {
			return s.do("GET", "/wps/cashier/deposits/"+jsonNum(dep["id"]), token, nil, nil).value["status"]
		}
		outcome := func(r reply) any { return r.value["outcome"] }

		dep := s.onlineDeposit(token, "cb-1", "100")
		t.Run("ForgedSignature", func(t *testing.T) {
			r := s.webhook(cb(dep, "e-forged", payment.StatusPaid, 10000), "wrong-secret", s.clk.Now())
			if r.status != 401 || r.env.Code != "payment.bad_signature" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			body := payment.EncodeWebhook(cb(dep, "e-forged2", payment.StatusPaid, 10000))
			r = s.do("POST", "/wps/cashier/callback/sandbox", "", string(body), nil) // no header at all
			if r.status != 401 {
				t.Fatalf("unsigned: %d", r.status)
			}
			tampered := payment.Sign([]byte(testSecret), body, s.clk.Now())
			r = s.do("POST", "/wps/cashier/callback/sandbox", "", strings.Replace(string(body), "10000", "99999", 1),
				map[string]string{payment.SignatureHeader: tampered})
			if r.status != 401 {
				t.Fatalf("tampered body: %d", r.status)
			}
		})
		t.Run("StaleSignature", func(t *testing.T) {
			r := s.webhook(cb(dep, "e-stale", payment.StatusPaid, 10000), testSecret, s.clk.Now().Add(-6*time.Minute))
			if r.status != 401 || r.env.Code != "payment.bad_signature" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			if status(dep) != StatusPendingPayment || s.balance("demo01") != 0 {
				t.Fatal("a refused webhook moved something")
			}
		})
		t.Run("PaidThenReplayed", func(t *testing.T) {
			r := s.webhook(cb(dep, "e-paid", payment.StatusPaid, 10000), testSecret, s.clk.Now().Add(-4*time.Minute))
			if r.status != 200 || outcome(r) != OutcomeCredited || s.balance("demo01") != 10000 {
				t.Fatalf("%d %+v balance %d", r.status, r.env, s.balance("demo01"))
			}
			r = s.webhook(cb(dep, "e-paid", payment.StatusPaid, 10000), testSecret, s.clk.Now())
			if r.status != 200 || outcome(r) != OutcomeReplay || s.balance("demo01") != 10000 {
				t.Fatalf("replay: %d %+v", r.status, r.env)
			}
			r = s.webhook(cb(dep, "e-paid-again", payment.StatusPaid, 10000), testSecret, s.clk.Now())
			if outcome(r) != OutcomeDuplicate || s.balance("demo01") != 10000 {
				t.Fatalf("second PAID: %+v", r.env)
			}
		})
		t.Run("FailedAfterCredited", func(t *testing.T) {
			r := s.webhook(cb(dep, "e-late-fail", payment.StatusFailed, 10000), testSecret, s.clk.Now())
			if outcome(r) != OutcomeIgnoredCredit || status(dep) != StatusCredited || s.balance("demo01") != 10000 {
				t.Fatalf("%+v", r.env)
			}
		})
		t.Run("PaidAfterFailed", func(t *testing.T) {
			dep2 := s.onlineDeposit(token, "cb-2", "70")
			if r := s.webhook(cb(dep2, "e2-fail", payment.StatusFailed, 7000), testSecret, s.clk.Now()); outcome(r) != OutcomeFailed {
				t.Fatalf("%+v", r.env)
			}
			if r := s.webhook(cb(dep2, "e2-fail-2", payment.StatusFailed, 7000), testSecret, s.clk.Now()); outcome(r) != OutcomeIgnored {
				t.Fatalf("%+v", r.env)
			}
			if r := s.webhook(cb(dep2, "e2-paid-short", payment.StatusPaid, 6999), testSecret, s.clk.Now()); outcome(r) != OutcomeAmountMismatch || status(dep2) != StatusFailed {
				t.Fatalf("mismatching late PAID: %+v", r.env)
			}
			if r := s.webhook(cb(dep2, "e2-paid", payment.StatusPaid, 7000), testSecret, s.clk.Now()); outcome(r) != OutcomeCredited || status(dep2) != StatusCredited {
				t.Fatalf("late PAID: %+v", r.env)
			}
			if b := s.balance("demo01"); b != 17000 {
				t.Fatalf("balance %d", b)
			}
		})
		t.Run("AmountMismatch", func(t *testing.T) {
			dep3 := s.onlineDeposit(token, "cb-3", "80")
			r := s.webhook(cb(dep3, "e3-paid", payment.StatusPaid, 800000), testSecret, s.clk.Now())
			g := s.do("GET", "/ops/v1/cashier/deposits/"+jsonNum(dep3["id"]), s.opLogin("viewer01"), nil, nil)
			if outcome(r) != OutcomeAmountMismatch || g.value["status"] != StatusFailed || g.value["flag"] != FlagAmountMismatch {
				t.Fatalf("%+v %+v", r.env, g.value)
			}
			c := cb(dep3, "e3-paid-usd", payment.StatusPaid, 8000)
			c.Currency = "USD"
			if r := s.webhook(c, testSecret, s.clk.Now()); outcome(r) != OutcomeAmountMismatch {
				t.Fatalf("currency mismatch: %+v", r.env)
			}
			if b := s.balance("demo01"); b != 17000 {
				t.Fatalf("balance %d", b)
			}
		})
		t.Run("UnknownOrderAndBankOrder", func(t *testing.T) {
			r := s.webhook(payment.Callback{EventID: "e-unknown", OrderNo: "D000000NOPE", ProviderRef: "x", Status: payment.StatusPaid,
				Amount: 100, Currency: "PHP", At: s.clk.Now()}, testSecret, s.clk.Now())
			if r.status != 200 || outcome(r) != OutcomeUnknownOrder {
				t.Fatalf("%+v", r.env)
			}
			bank := s.bankDeposit(token, "cb-bank", "100", "REF-BANK-CB")
			r = s.webhook(payment.Callback{EventID: "e-bank", OrderNo: bank.value["orderNo"].(string), ProviderRef: "x", Status: payment.StatusPaid,
				Amount: 10000, Currency: "PHP", At: s.clk.Now()}, testSecret, s.clk.Now())
			if outcome(r) != OutcomeNotOnline || s.balance("demo01") != 17000 {
				t.Fatalf("%+v", r.env)
			}
		})
		t.Run("UnknownProviderAndBadBody", func(t *testing.T) {
			if r := s.do("POST", "/wps/cashier/callback/nosuch", "", "{}", nil); r.status != 404 || r.env.Code != "payment.unknown_provider" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			body := []byte(`{"eventId":"x","type":"payment"}`)
			r := s.do("POST", "/wps/cashier/callback/sandbox", "", string(body), map[string]string{payment.SignatureHeader: payment.Sign([]byte(testSecret), body, s.clk.Now())})
			if r.status != 400 || r.env.Code != "payment.bad_callback" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
	})
}

// TestExpiry: an online deposit left unpaid for 30 minutes is EXPIRED on
// read and by the sweeper; a late PAID for the right amount still credits.
func TestExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		dep := s.onlineDeposit(token, "exp-1", "90")
		other := s.onlineDeposit(token, "exp-2", "95")
		s.clk.Advance(29 * time.Minute)
		if g := s.do("GET", "/wps/cashier/deposits/"+jsonNum(dep["id"]), token, nil, nil); g.value["status"] != StatusPendingPayment {
			t.Fatalf("too early: %+v", g.value)
		}
		s.clk.Advance(2 * time.Minute)
		g := s.do("GET", "/wps/cashier/deposits/"+jsonNum(dep["id"]), token, nil, nil)
		if g.value["status"] != StatusExpired || g.value["payUrl"] != nil {
			t.Fatalf("on read: %+v", g.value)
		}
		// The sweeper expires rows nobody reads (a fresh one, made old).
		third := s.onlineDeposit(s.login("agent01"), "exp-3", "60")
		s.clk.Advance(31 * time.Minute)
		if err := s.svc.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		var st string
		_ = d.QueryRowContext(context.Background(), d.Rebind(`SELECT status FROM cashier_deposit WHERE id = ?`), int64(third["id"].(float64))).Scan(&st)
		if st != StatusExpired {
			t.Fatalf("sweeper: %s", st)
		}
		// The provider does not know our deadline: its page still renders,
		// and a payment made there after expiry is credited (below).
		if res, _ := httpGet(s.srv.URL + other["payUrl"].(string)); res != 200 {
			t.Fatalf("page %d", res)
		}
		r := s.webhook(payment.Callback{EventID: "exp-late", OrderNo: dep["orderNo"].(string), ProviderRef: "r", Status: payment.StatusPaid,
			Amount: 9000, Currency: "PHP", At: s.clk.Now()}, testSecret, s.clk.Now())
		if r.value["outcome"] != OutcomeCredited || s.balance("demo01") != 9000 {
			t.Fatalf("late PAID after EXPIRED: %+v", r.env)
		}
	})
}
