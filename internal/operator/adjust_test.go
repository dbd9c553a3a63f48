package operator

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestAdjustments(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		fin := s.login("finance01")
		demo := s.memberID("demo01")
		post := func(key string, body any) reply {
			return s.do("POST", "/ops/v1/adjustments", fin, body, map[string]string{"Idempotency-Key": key})
		}
		credit := AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "100.50", Reason: "goodwill for outage"}

		t.Run("Credit", func(t *testing.T) {
			r := post("credit-1", credit)
			if r.status != 200 || num(r.value["amount"]) != 10050 || num(r.value["balance"]) != 10050 || r.value["currency"] != "PHP" ||
				num(r.value["decimals"]) != 2 || num(r.value["postingId"]) == 0 || r.value["replay"] != false {
				t.Fatalf("credit: %d %s %+v", r.status, r.env.Code, r.value)
			}
			if s.balance(demo) != 10050 {
				t.Fatalf("ledger balance %d", s.balance(demo))
			}
			p, err := s.ledger.Posting(context.Background(), int64(num(r.value["postingId"])))
			if err != nil || p.Kind != "adjustment" || p.Metadata["reason"] != "goodwill for outage" || p.Metadata["operatorName"] != "finance01" {
				t.Fatalf("posting: %+v %v", p, err)
			}
		})
		t.Run("Replay", func(t *testing.T) {
			first := post("credit-1", credit) // answered above
			if first.status != 200 || first.value["replay"] != true || first.header.Get("Idempotency-Replay") != "true" ||
				num(first.value["balance"]) != 10050 {
				t.Fatalf("replay: %d %+v", first.status, first.value)
			}
			same := credit
			same.Amount, same.Direction, same.Reason = "100.5", "credit", "  goodwill for outage " // same after normalising
			if r := post("credit-1", same); r.status != 200 || r.value["replay"] != true {
				t.Fatalf("normalised replay: %d %s", r.status, r.env.Code)
			}
			if s.balance(demo) != 10050 {
				t.Fatalf("a replay moved money: %d", s.balance(demo))
			}
		})
		t.Run("ErrMismatch", func(t *testing.T) {
			for _, body := range []AdjustRequest{
				{MemberID: demo, Direction: "CREDIT", Amount: "100.51", Reason: credit.Reason},
				{MemberID: demo, Direction: "DEBIT", Amount: "100.50", Reason: credit.Reason},
				{MemberID: demo, Direction: "CREDIT", Amount: "100.50", Reason: "another reason"},
				{MemberID: s.memberID("agent01"), Direction: "CREDIT", Amount: "100.50", Reason: credit.Reason},
			} {
				if r := post("credit-1", body); r.status != 409 || r.env.Code != "ledger.idempotency_mismatch" {
					t.Fatalf("%+v: %d %s", body, r.status, r.env.Code)
				}
			}
			// Another operator's key space is its own.
			admin := s.login("ops01")
			if r := s.do("POST", "/ops/v1/adjustments", admin, credit, map[string]string{"Idempotency-Key": "credit-1"}); r.status != 200 || r.value["replay"] != false {
				t.Fatalf("admin same key: %d %+v", r.status, r.value)
			}
		})
		t.Run("Debit", func(t *testing.T) {
			r := post("debit-1", AdjustRequest{MemberID: demo, Direction: "DEBIT", Amount: "1.01", Reason: "fee correction"})
			if r.status != 200 || num(r.value["balance"]) != 2*10050-101 {
				t.Fatalf("debit: %d %s %+v", r.status, r.env.Code, r.value)
			}
		})
		t.Run("ErrInsufficient", func(t *testing.T) {
			before := s.balance(demo)
			r := post("debit-big", AdjustRequest{MemberID: demo, Direction: "DEBIT", Amount: "9999", Reason: "too much"})
			if r.status != 409 || r.env.Code != "ledger.insufficient_funds" || s.balance(demo) != before {
				t.Fatalf("%d %s balance %d", r.status, r.env.Code, s.balance(demo))
			}
		})
		t.Run("ErrBadRequests", func(t *testing.T) {
			cases := []struct {
				key, body, code string
				status          int
			}{
				{"", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"abc"}`, "money.idempotency_key_required", 400},
				{"bad key!", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"abc"}`, "money.idempotency_key_required", 400},
				{strings.Repeat("k", 101), `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"abc"}`, "money.idempotency_key_required", 400},
				{"b1", `{`, "request.invalid_json", 400},
				{"b2", `{"memberId":"1","direction":"CREDIT","amount":"1","reason":"abc"}`, "request.invalid_json", 400},
				{"b3", `{"memberId":0,"direction":"CREDIT","amount":"1","reason":"abc"}`, "operator.invalid_member", 400},
				{"b4", `{"memberId":1,"direction":"UP","amount":"1","reason":"abc"}`, "operator.invalid_direction", 400},
				{"b5", `{"memberId":1,"direction":"CREDIT","amount":"","reason":"abc"}`, "money.invalid_amount", 400},
				{"b6", `{"memberId":1,"direction":"CREDIT","amount":"1.001","reason":"abc"}`, "money.too_many_decimals", 400},
				{"b7", `{"memberId":1,"direction":"CREDIT","amount":"-5","reason":"abc"}`, "money.not_positive", 400},
				{"b8", `{"memberId":1,"direction":"CREDIT","amount":"0","reason":"abc"}`, "money.not_positive", 400},
				{"b9", `{"memberId":1,"direction":"CREDIT","amount":"99999999999999999999","reason":"abc"}`, "money.too_large", 400},
				{"b10", `{"memberId":1,"direction":"CREDIT","amount":"1,000","reason":"abc"}`, "money.invalid_amount", 400},
				{"b11", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"ab"}`, "operator.invalid_reason", 400},
				{"b12", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"` + strings.Repeat("x", 201) + `"}`, "operator.invalid_reason", 400},
				{"b13", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"   "}`, "operator.invalid_reason", 400},
				{"b14", `{"memberId":999999,"direction":"CREDIT","amount":"1","reason":"abc"}`, "operator.member_not_found", 404},
				{"b15", `{"memberId":1,"direction":"CREDIT","amount":"1","reason":"` + strings.Repeat("x", 100_000) + `"}`, "request.too_large", 413},
			}
			for _, c := range cases {
				r := post(c.key, c.body)
				if r.status != c.status || r.env.Code != c.code {
					t.Errorf("%s %.60s: %d %s, want %d %s", c.key, c.body, r.status, r.env.Code, c.status, c.code)
				}
			}
			// Exactly 200 characters (runes) is fine.
			if r := post("b16", AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "1", Reason: strings.Repeat("é", 200)}); r.status != 200 {
				t.Errorf("200-rune reason: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("ErrTrialMember", func(t *testing.T) {
			res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113.9"})
			if err != nil {
				t.Fatal(err)
			}
			r := post("trial", AdjustRequest{MemberID: res.UserInfo.ID, Direction: "CREDIT", Amount: "1", Reason: "trial"})
			if r.status != 404 || r.env.Code != "operator.member_not_found" {
				t.Fatalf("trial: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("Audited", func(t *testing.T) {
			var n int
			if err := d.QueryRow(`SELECT COUNT(*) FROM operator_adjustment`).Scan(&n); err != nil || n != 4 {
				t.Fatalf("adjustment records: %d %v", n, err)
			}
			if c := s.auditCount(ActionAdjust); c != 4 { // credit, admin credit, debit, b16
				t.Fatalf("audit rows: %d", c)
			}
			var detail, target, ip string
			if err := d.QueryRow(d.Rebind(`SELECT detail, target, ip FROM operator_audit WHERE action = ? ORDER BY id LIMIT 1`), ActionAdjust).Scan(&detail, &target, &ip); err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(detail), &m); err != nil || m["reason"] != "goodwill for outage" || m["amount"] != float64(10050) ||
				m["idempotencyKey"] != "credit-1" || target != "member:"+itoa(demo) || ip != "127.0.0.1" {
				t.Fatalf("audit row: %s %s %s", detail, target, ip)
			}
			// Each written adjustment is in the activity stream once, signed;
			// replays and refusals are not.
			want := []string{"10050 goodwill for outage", "10050 goodwill for outage", "-101 fee correction", "100 " + strings.Repeat("é", 200)}
			if f := s.adjustFacts(demo); !slices.Equal(f, want) {
				t.Fatalf("facts %q", f)
			}
		})
	})
}

func itoa(n int64) string { return jsonNum(n) }

func jsonNum(n int64) string { b, _ := json.Marshal(n); return string(b) }

// TestAdjustConcurrent: one key sent by many clients at once posts once and
// every client gets the same answer; parallel debits never overdraw.
func TestAdjustConcurrent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		fin := s.login("finance01")
		demo := s.memberID("demo01")
		var wg sync.WaitGroup
		ids := make(chan int64, 16)
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.do("POST", "/ops/v1/adjustments", fin, AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "10", Reason: "race"},
					map[string]string{"Idempotency-Key": "same"})
				if r.status != 200 || num(r.value["balance"]) != 1000 {
					t.Errorf("same key: %d %s %+v", r.status, r.env.Code, r.value)
				}
				ids <- num(r.value["postingId"])
			}()
		}
		wg.Wait()
		close(ids)
		first := int64(0)
		for id := range ids {
			if first == 0 {
				first = id
			}
			if id != first {
				t.Fatalf("different postings %d %d", id, first)
			}
		}
		if s.balance(demo) != 1000 {
			t.Fatalf("balance %d, want 1000", s.balance(demo))
		}
		// 10.00 in the wallet, 16 debits of 1.00: exactly 10 succeed.
		var ok, refused int
		var mu sync.Mutex
		seen := map[int64]bool{} // each successful debit reports its own exact balance
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				r := s.do("POST", "/ops/v1/adjustments", fin, AdjustRequest{MemberID: demo, Direction: "DEBIT", Amount: "1", Reason: "race"},
					map[string]string{"Idempotency-Key": "debit-" + jsonNum(int64(i))})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case r.status == 200:
					ok++
					seen[num(r.value["balance"])] = true
				case r.status == 409 && r.env.Code == "ledger.insufficient_funds":
					refused++
				default:
					t.Errorf("debit: %d %s", r.status, r.env.Code)
				}
			}(i)
		}
		wg.Wait()
		if ok != 10 || refused != 6 || s.balance(demo) != 0 {
			t.Fatalf("ok %d refused %d balance %d", ok, refused, s.balance(demo))
		}
		if f := s.adjustFacts(demo); len(f) != 11 || f[0] != "1000 race" || slices.ContainsFunc(f[1:], func(x string) bool { return x != "-100 race" }) {
			t.Fatalf("facts %q", f)
		}
		for b := int64(0); b < 1000; b += 100 {
			if !seen[b] {
				t.Fatalf("reported balances %v: %d missing", seen, b)
			}
		}
	})
}

// TestAdjustReplayRepair: a posting whose record was lost (the process
// stopped between the ledger commit and the audit commit) is recorded and
// audited when its key is replayed.
func TestAdjustReplayRepair(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		fin := s.login("finance01")
		demo := s.memberID("demo01")
		body := AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "5", Reason: "repair"}
		r := s.do("POST", "/ops/v1/adjustments", fin, body, map[string]string{"Idempotency-Key": "lost"})
		if r.status != 200 {
			t.Fatal(r.env.Code)
		}
		if _, err := d.Exec(`DELETE FROM operator_adjustment`); err != nil {
			t.Fatal(err)
		}
		again := s.do("POST", "/ops/v1/adjustments", fin, body, map[string]string{"Idempotency-Key": "lost"})
		if again.status != 200 || again.value["replay"] != true || num(again.value["postingId"]) != num(r.value["postingId"]) ||
			num(again.value["balance"]) != num(r.value["balance"]) || s.balance(demo) != 500 {
			t.Fatalf("repair: %d %s %+v", again.status, again.env.Code, again.value)
		}
		if s.auditCount(ActionAdjust) != 2 {
			t.Fatalf("audit rows %d", s.auditCount(ActionAdjust))
		}
	})
}

// FuzzDecodeAdjust: any body either fails with a stable client error or
// yields a checked request within its bounds; never a panic, never a 500.
func FuzzDecodeAdjust(f *testing.F) {
	for _, s := range []string{
		`{"memberId":1,"direction":"CREDIT","amount":"100.50","reason":"goodwill"}`,
		`{"memberId":-1,"direction":"debit","amount":"1e5","reason":"x"}`,
		`{"memberId":9223372036854775807,"direction":"DEBIT","amount":"0.01","reason":"ééé"}`,
		`{"amount":null}`, `[]`, `"`, `{"memberId":1.5}`, "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/ops/v1/adjustments", bytes.NewReader([]byte(body)))
		a, err := decodeAdjust(req)
		if err != nil {
			if e := apperr.As(err); e.Kind != apperr.KindInvalid {
				t.Fatalf("decode error %v of kind %d", err, e.Kind)
			}
			return
		}
		in, err := a.check(2)
		if err != nil {
			if e := apperr.As(err); e.Kind != apperr.KindInvalid {
				t.Fatalf("check error %v of kind %d", err, e.Kind)
			}
			return
		}
		n := utf8.RuneCountInString(in.reason)
		if in.memberID <= 0 || in.amount <= 0 || (in.direction != DirectionCredit && in.direction != DirectionDebit) || n < minReason || n > maxReason {
			t.Fatalf("accepted out of bounds: %+v", in)
		}
	})
}
