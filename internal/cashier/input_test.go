package cashier

import (
	"bytes"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBadInput: each bad submission is a 4xx with a stable code, never a
// 500, and creates nothing.
func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		bank := func(fields map[string]string, file []byte, ct string) any {
			return newForm(fields, "receipt", file, ct)
		}
		ok := map[string]string{"method": "BDO_BANK", "amount": "150", "reference": "REF-12345"}
		with := func(k, v string) map[string]string {
			m := map[string]string{}
			for a, b := range ok {
				m[a] = b
			}
			if v == "<none>" {
				delete(m, k)
			} else {
				m[k] = v
			}
			return m
		}
		cases := []struct {
			name   string
			body   any
			hdr    map[string]string
			status int
			code   string
		}{
			{"NoIdempotencyKey", bank(ok, pngBytes, "image/png"), nil, 400, "money.idempotency_key_required"},
			{"BadIdempotencyKey", bank(ok, pngBytes, "image/png"), key("has space"), 400, "money.idempotency_key_required"},
			{"LongIdempotencyKey", bank(ok, pngBytes, "image/png"), key(strings.Repeat("k", 101)), 400, "money.idempotency_key_required"},
			{"AmountDecimals", bank(with("amount", "150.001"), pngBytes, "image/png"), key("b1"), 400, "money.too_many_decimals"},
			{"AmountNegative", bank(with("amount", "-150"), pngBytes, "image/png"), key("b2"), 400, "money.not_positive"},
			{"AmountZero", bank(with("amount", "0.00"), pngBytes, "image/png"), key("b3"), 400, "money.not_positive"},
			{"AmountGarbage", bank(with("amount", "1e5"), pngBytes, "image/png"), key("b4"), 400, "money.invalid_amount"},
			{"AmountMissing", bank(with("amount", "<none>"), pngBytes, "image/png"), key("b5"), 400, "money.invalid_amount"},
			{"BelowMin", bank(with("amount", "99.99"), pngBytes, "image/png"), key("b6"), 400, "money.below_min"},
			{"AboveMax", bank(with("amount", "100000.01"), pngBytes, "image/png"), key("b7"), 400, "money.above_max"},
			{"UnknownMethod", bank(with("method", "NOPE"), pngBytes, "image/png"), key("b8"), 400, "cashier.unknown_method"},
			{"OnlineMethodAsForm", bank(with("method", "GCASH"), pngBytes, "image/png"), key("b9"), 400, "cashier.wrong_method_type"},
			{"ReferenceShort", bank(with("reference", "abc"), pngBytes, "image/png"), key("b10"), 400, "cashier.invalid_reference"},
			{"ReferenceLong", bank(with("reference", strings.Repeat("r", 41)), pngBytes, "image/png"), key("b11"), 400, "cashier.invalid_reference"},
			{"ReferenceControl", bank(with("reference", "ab\x01cd"), pngBytes, "image/png"), key("b12"), 400, "cashier.invalid_reference"},
			{"ReceiptMissing", bank(ok, nil, ""), key("b13"), 400, "upload.missing"},
			{"ReceiptWrongType", bank(ok, []byte("GIF89a not a png at all"), "image/png"), key("b14"), 400, "upload.wrong_type"},
			{"ReceiptTooLarge", bank(ok, append(append([]byte{}, pngBytes...), bytes.Repeat([]byte{1}, 5<<20)...), "image/png"), key("b15"), 413, ""},
			{"OnlineBadJSON", `{"method":`, key("o1"), 400, "request.invalid_json"},
			{"OnlineUnknownMethod", map[string]string{"method": "ZZZ", "amount": "100"}, key("o2"), 400, "cashier.unknown_method"},
			{"OnlineBankMethod", map[string]string{"method": "BDO_BANK", "amount": "100"}, key("o3"), 400, "cashier.wrong_method_type"},
			{"OnlineBelowMin", map[string]string{"method": "GCASH", "amount": "49.99"}, key("o4"), 400, "money.below_min"},
			{"OnlineAboveMax", map[string]string{"method": "MAYA", "amount": "50000.01"}, key("o5"), 400, "money.above_max"},
			{"OnlineAmountNumber", `{"method":"GCASH","amount":100}`, key("o6"), 400, "request.invalid_json"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := s.do("POST", "/wps/cashier/deposits", token, c.body, c.hdr)
				if r.status != c.status || (c.code != "" && r.env.Code != c.code) {
					t.Fatalf("got %d %q, want %d %q", r.status, r.env.Code, c.status, c.code)
				}
				if c.code != "" && r.env.Message == "" {
					t.Fatal("no message")
				}
			})
		}
		if l := s.do("GET", "/wps/cashier/deposits", token, nil, nil); l.value["total"] != float64(0) {
			t.Fatalf("bad input created deposits: %+v", l.value)
		}
		for _, q := range []string{"?status=NOPE", "?page=0", "?pageSize=101", "?page=x"} {
			if r := s.do("GET", "/wps/cashier/deposits"+q, token, nil, nil); r.status != 400 {
				t.Fatalf("list %s: %d", q, r.status)
			}
		}
		for _, p := range []string{"/wps/cashier/deposits/0", "/wps/cashier/deposits/abc", "/wps/cashier/deposits/99999999999999999999"} {
			if r := s.do("GET", p, token, nil, nil); r.status != 400 {
				t.Fatalf("%s: %d", p, r.status)
			}
		}
		if r := s.do("GET", "/wps/cashier/deposits/424242", token, nil, nil); r.status != 404 || r.env.Code != "cashier.not_found" {
			t.Fatalf("missing: %d %+v", r.status, r.env)
		}
	})
}

// TestProviderDown: when the provider cannot be reached the player gets
// 503 payment.unavailable, the order is FAILED with flag provider_error,
// and no money moves; a replay answers that failed order.
func TestProviderDown(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		token := s.login("demo01")
		*s.base = "http://127.0.0.1:1"
		r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "MAYA", "amount": "100"}, key("down-1"))
		if r.status != 503 || r.env.Code != "payment.unavailable" {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		l := s.do("GET", "/ops/v1/cashier/deposits?status=FAILED", s.opLogin("viewer01"), nil, nil)
		list := l.value["list"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["flag"] != FlagProviderError {
			t.Fatalf("%+v", l.value)
		}
		again := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "MAYA", "amount": "100"}, key("down-1"))
		if again.status != 200 || again.value["status"] != StatusFailed || again.value["payUrl"] != nil {
			t.Fatalf("replay %d %+v", again.status, again.env)
		}
		if s.balance("demo01") != 0 {
			t.Fatal("money moved")
		}
	})
}
