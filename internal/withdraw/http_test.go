package withdraw

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestAuthorization walks every player route as every role and every
// operator route as every operator role.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(100_000)
		wid := s.paid(p, "100")
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return p.token },
			account.RoleAgent:   func() string { return s.login("agent01") },
			account.RoleTrial:   func() string { return s.trial() },
		}
		want := map[account.Role]int{account.RoleVisitor: 401, account.RoleTrial: 403}
		for pattern, roles := range routeRoles {
			method, route, _ := strings.Cut(pattern, " ")
			for _, role := range []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent} {
				allowed := account.Allowed(callerOf(role), roles...) == nil
				if allowed != (role == account.RoleMember || role == account.RoleAgent) {
					t.Errorf("%s: routeRoles allows %s=%v", pattern, role, allowed)
				}
				r := s.do(method, pathOf(route, wid), tokens[role](), "{}", map[string]string{"Idempotency-Key": "auth-" + role.String()})
				if st, refused := want[role]; refused {
					if r.status != st {
						t.Errorf("%s as %s: %d %s, want %d", pattern, role, r.status, r.env.Code, st)
					}
				} else if r.status == 401 || r.status == 403 || r.status >= 500 {
					t.Errorf("%s as %s: %d %s", pattern, role, r.status, r.env.Code)
				}
			}
		}
		ops := map[operator.Role]string{}
		for _, d := range operator.DemoOperators {
			ops[d.Role] = d.Username
		}
		for pattern, perm := range OpsRoutePerms {
			method, route, _ := strings.Cut(pattern, " ")
			if r := s.do(method, pathOf(route, wid), "", "{}", nil); r.status != 401 {
				t.Errorf("%s without a token: %d", pattern, r.status)
			}
			if r := s.do(method, pathOf(route, wid), p.token, "{}", nil); r.status != 401 {
				t.Errorf("%s with a player token: %d", pattern, r.status)
			}
			for role, user := range ops {
				r := s.do(method, pathOf(route, wid), s.opsLogin(user), "{}", nil)
				if role.Can(perm) {
					if r.status == 401 || r.status == 403 || r.status >= 500 {
						t.Errorf("%s as %s: %d %s", pattern, role, r.status, r.env.Code)
					}
				} else if r.status != 403 || r.env.Code != "operator.forbidden" {
					t.Errorf("%s as %s: %d %s, want 403", pattern, role, r.status, r.env.Code)
				}
			}
		}
		// VIEWER and SUPPORT read but never decide; CASHIER, FINANCE and ADMIN decide.
		for _, r := range []operator.Role{operator.RoleViewer, operator.RoleSupport} {
			if r.Can(operator.PermCashierDecide) || !r.Can(operator.PermCashierRead) {
				t.Errorf("%s permissions", r)
			}
		}
	})
}

// callerOf is a caller with the role, for checking routeRoles.
func callerOf(r account.Role) account.Caller {
	switch r {
	case account.RoleVisitor:
		return account.Caller{}
	case account.RoleTrial:
		return account.Caller{MemberID: 1, Type: account.TypeTrial}
	case account.RoleAgent:
		return account.Caller{MemberID: 1, Type: account.TypeAgent}
	}
	return account.Caller{MemberID: 1, Type: account.TypeMember}
}

func TestConfirmBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(1_000_000)
		pending := idOf(s.withdraw(p, "100").ok(t))
		wid := s.paid(p, "200")
		confirm := func(id int64, body any) reply {
			return s.do("POST", pathOf("/wps/cashier/withdrawals/{id}/confirm", id), p.token, body, nil)
		}
		cases := []struct {
			name   string
			id     int64
			body   any
			status int
			code   string
		}{
			{"WrongState", pending, newForm(map[string]string{"result": "RECEIVED"}, "", nil), 409, "withdraw.invalid_state"},
			{"JSON", wid, `{"result":"RECEIVED"}`, 400, "request.invalid_form"},
			{"NoResult", wid, newForm(nil, "", nil), 400, "withdraw.invalid_result"},
			{"BadResult", wid, newForm(map[string]string{"result": "MAYBE"}, "", nil), 400, "withdraw.invalid_result"},
			{"PartialNoAmount", wid, newForm(map[string]string{"result": "PARTIAL"}, "", nil), 400, "withdraw.received_amount_required"},
			{"PartialGarbage", wid, newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "abc"}, "", nil), 400, "money.invalid_amount"},
			{"PartialZero", wid, newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "0"}, "", nil), 400, "money.not_positive"},
			{"PartialDecimals", wid, newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "1.001"}, "", nil), 400, "money.too_many_decimals"},
			{"PartialAll", wid, newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "200"}, "", nil), 400, "withdraw.invalid_received_amount"},
			{"PartialMore", wid, newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "250"}, "", nil), 400, "withdraw.invalid_received_amount"},
			{"ProofWrongType", wid, newForm(map[string]string{"result": "RECEIVED"}, "proof", []byte("GIF89a....")), 400, "upload.wrong_type"},
			{"ProofTooLarge", wid, newForm(map[string]string{"result": "RECEIVED"}, "proof", append(pngBytes, make([]byte, 5<<20)...)), 413, "upload.too_large"},
			{"NotReceivedNoProof", wid, newForm(map[string]string{"result": "NOT_RECEIVED"}, "", nil), 400, "upload.missing"},
			{"NotFound", 999999, newForm(map[string]string{"result": "RECEIVED"}, "", nil), 404, "withdraw.not_found"},
			{"BadID", 0, newForm(map[string]string{"result": "RECEIVED"}, "", nil), 404, "withdraw.not_found"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { confirm(c.id, c.body).fails(t, c.status, c.code) })
		}
		if st := s.status(p, wid); st != StatusPaid {
			t.Fatalf("a refused confirmation changed the order: %s", st)
		}
		s.do("GET", pathOf("/wps/cashier/withdrawals/{id}/proof", wid), p.token, nil, nil).fails(t, 404, "withdraw.proof_not_found")
		s.do("GET", "/wps/cashier/withdrawals/x1", p.token, nil, nil).fails(t, 404, "withdraw.not_found")
		s.do("GET", "/ops/v1/cashier/withdrawals/999999", s.opsLogin("ops01"), nil, nil).fails(t, 404, "withdraw.not_found")
		s.do("POST", "/ops/v1/cashier/withdrawals/999999/approve", s.opsLogin("ops01"), nil, nil).fails(t, 404, "withdraw.not_found")
		s.do("GET", "/ops/v1/cashier/withdrawals?status=nope", s.opsLogin("ops01"), nil, nil).fails(t, 400, "request.invalid_param")
	})
}

// FuzzDecodeConfirmation: any body gives a confirmation or a client error
// with a stable code, never a panic or a server error.
func FuzzDecodeConfirmation(f *testing.F) {
	good := newForm(map[string]string{"result": "PARTIAL", "receivedAmount": "1.50"}, "proof", pngBytes)
	f.Add(good.buf.Bytes(), good.ct)
	f.Add([]byte("--x\r\nContent-Disposition: form-data; name=\"result\"\r\n\r\nRECEIVED\r\n--x--\r\n"), "multipart/form-data; boundary=x")
	f.Add([]byte("{}"), "application/json")
	f.Add([]byte(""), "multipart/form-data")
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		r := httptest.NewRequest(http.MethodPost, "/wps/cashier/withdrawals/1/confirm", bytes.NewReader(body))
		r.Header.Set("Content-Type", ct)
		c, err := decodeConfirmation(r)
		if err != nil {
			if e := apperr.As(err); e.Kind == apperr.KindInternal || e.Code == "" {
				t.Fatalf("internal error for client input: %v", err)
			}
			return
		}
		if c.Proof != nil && c.Proof.ContentType != "image/png" && c.Proof.ContentType != "image/jpeg" {
			t.Fatalf("proof of type %q", c.Proof.ContentType)
		}
	})
}

// FuzzRequestParse: any amount string parses to a positive amount or a
// stable client error.
func FuzzRequestParse(f *testing.F) {
	for _, s := range []string{"100", "100.50", "0", "-1", "1e3", "", " 5 ", "99999999999999999999", "1.001", "０"} {
		f.Add(int64(1), s, 2)
	}
	f.Fuzz(func(t *testing.T, accountID int64, amount string, decimals int) {
		if decimals < 0 || decimals > 8 {
			decimals = 2
		}
		v, err := Request{PayoutAccountID: accountID, Amount: amount}.parse(decimals)
		if err != nil {
			if e := apperr.As(err); e.Kind != apperr.KindInvalid {
				t.Fatalf("%q: %v", amount, err)
			}
			return
		}
		if v <= 0 || accountID <= 0 {
			t.Fatalf("%q -> %d for account %d", amount, v, accountID)
		}
	})
}

// FuzzJSONBodies sends arbitrary bodies to every JSON endpoint of a real
// site: the answer is an envelope with a stable code, never a server error.
func FuzzJSONBodies(f *testing.F) {
	for _, s := range []string{`{}`, `{"amount":"100","payoutAccountId":1,"paymentPassword":"135790"}`, `{"amount":1e400}`,
		`{"payoutAccountId":-1}`, `{"payoutAccountId":"1"}`, `[]`, `null`, `"x"`, `{"newPaymentPassword":"123456","confirmPaymentPassword":"123456","password":"Palaro2026"}`,
		`{"type":"BANK","bankCode":"BDO","accountName":"Juan Dela Cruz","accountNumber":"0012345678","paymentPassword":"135790"}`, `{"reason":"` + strings.Repeat("r", 300) + `"}`} {
		f.Add([]byte(s))
	}
	s := newSite(f, dbtest.Open(f, db.SQLite))
	p := s.newPlayer(1_000_000)
	ops := s.opsLogin("ops01")
	n := 0
	f.Fuzz(func(t *testing.T, body []byte) {
		s.t = t
		n++
		for _, ep := range []struct{ method, path, token string }{
			{"PUT", "/wps/member/payment-password", p.token},
			{"POST", "/wps/member/payout-accounts", p.token},
			{"DELETE", "/wps/member/payout-accounts/999", p.token},
			{"POST", "/wps/cashier/withdrawals", p.token},
			{"POST", "/ops/v1/cashier/withdrawals/1/reject", ops},
		} {
			r := s.do(ep.method, ep.path, ep.token, string(body), map[string]string{"Idempotency-Key": "fuzz-" + strconv.Itoa(n)})
			if r.status >= 500 || r.env.Code == "" {
				t.Fatalf("%s %s %q: %d %s", ep.method, ep.path, body, r.status, r.env.Code)
			}
		}
	})
}
