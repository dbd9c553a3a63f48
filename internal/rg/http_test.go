package rg

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// tokens: "m<id>" is a member, "trial" a trial account; anything else is dead.
type fakeAuth struct{}

func (fakeAuth) Authenticate(_ context.Context, token string) (account.Caller, error) {
	switch {
	case token == "":
		return account.Caller{}, nil
	case token == "trial":
		return account.Caller{MemberID: 50, Type: account.TypeTrial}, nil
	case token == "m20":
		return account.Caller{MemberID: 20, SessionStart: start}, nil
	}
	return account.Caller{}, apperr.Unauthorized("auth.session_expired")
}

// operator tokens name the role.
type fakeOps struct{}

func (fakeOps) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	r := operator.Role(token)
	if !r.Valid() {
		return operator.Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	return operator.Caller{ID: 1, Username: "op", Role: r}, nil
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Value   json.RawMessage `json:"value"`
}

func call(t *testing.T, mux *http.ServeMux, method, path, token, body string) (int, envelope) {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	r.Header.Set("X-Lang", "EN")
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	var e envelope
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s %s: not an envelope: %s", method, path, w.Body.String())
	}
	return w.Code, e
}

func newMux(t *testing.T, store *db.DB) (*fixture, *http.ServeMux) {
	f := newFixture(t, store)
	mux := http.NewServeMux()
	h := NewHandler(f.svc, fakeAuth{})
	h.Routes(mux)
	h.OpsRoutes(mux, fakeOps{})
	return f, mux
}

func TestHTTPPlayerRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f, mux := newMux(t, store)
		status, e := call(t, mux, "GET", "/wps/rg/settings", "m20", "")
		if status != 200 || !e.Success {
			t.Fatalf("settings %d %+v", status, e)
		}
		var s Settings
		if err := json.Unmarshal(e.Value, &s); err != nil || len(s.Limits) != 10 || s.Currency != "PHP" || s.MaxAmount != 1_000_000 ||
			s.Session == nil || s.Block != nil || s.RealityCheck.Minutes != nil {
			t.Fatalf("settings %s", e.Value)
		}
		status, e = call(t, mux, "PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"WEEK","amount":100000}`)
		if status != 200 || !strings.Contains(string(e.Value), `"amount":100000`) {
			t.Fatalf("set %d %+v", status, e)
		}
		status, e = call(t, mux, "PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"WEEK","amount":null}`)
		if status != 200 || !strings.Contains(string(e.Value), `"pending":{"amount":null`) {
			t.Fatalf("remove %d %s", status, e.Value)
		}
		if status, e = call(t, mux, "POST", "/wps/rg/limits/confirm", "m20", `{"type":"LOSS","period":"WEEK"}`); status != 409 || e.Code != "rg.cooling_off" ||
			!strings.Contains(e.Message, "24-hour") {
			t.Fatalf("confirm early %d %+v", status, e)
		}
		if status, e = call(t, mux, "POST", "/wps/rg/limits/cancel", "m20", `{"type":"LOSS","period":"WEEK"}`); status != 200 {
			t.Fatalf("cancel %d %+v", status, e)
		}
		if status, e = call(t, mux, "PUT", "/wps/rg/reality-check", "m20", `{"minutes":15}`); status != 200 || !strings.Contains(string(e.Value), `"realityCheck":{"minutes":15}`) {
			t.Fatalf("reality %d %s", status, e.Value)
		}
		status, e = call(t, mux, "GET", "/wps/rg/history?page=1&size=2", "m20", "")
		var hp HistoryPage
		if status != 200 || json.Unmarshal(e.Value, &hp) != nil || hp.Total != 4 || len(hp.List) != 2 || hp.List[0].Change != ChangeRealityCheckSet {
			t.Fatalf("history %d %s", status, e.Value)
		}
		if status, e = call(t, mux, "POST", "/wps/rg/timeout", "m20", `{"period":"24H"}`); status != 200 || !strings.Contains(string(e.Value), `"kind":"TIMEOUT"`) ||
			f.sessions.count(20) != 1 {
			t.Fatalf("timeout %d %s", status, e.Value)
		}
	})
}

// Every shape of bad input: a clear code, never a 500, nothing changed.
func TestHTTPBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f, mux := newMux(t, store)
		cases := []struct {
			method, path, token, body string
			status                    int
			code                      string
		}{
			{"GET", "/wps/rg/settings", "", "", 401, "auth.token_required"},
			{"GET", "/wps/rg/settings", "dead", "", 401, "auth.session_expired"},
			{"GET", "/wps/rg/settings", "trial", "", 403, "auth.real_account_required"},
			{"PUT", "/wps/rg/limits", "trial", `{"type":"LOSS","period":"DAY","amount":5}`, 403, "auth.real_account_required"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":100.5}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":"100"}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":1e3}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":99999999999999999999}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":0}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":-1}`, 400, "rg.invalid_amount"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"DAY","amount":1000001}`, 400, "rg.above_max"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"loss","period":"DAY","amount":5}`, 400, "rg.invalid_type"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"LOSS","period":"YEAR","amount":5}`, 400, "rg.invalid_period"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":"SESSION","period":"SESSION","amount":2}`, 400, "rg.invalid_minutes"},
			{"PUT", "/wps/rg/limits", "m20", `{"type":7}`, 400, "request.invalid_json"},
			{"PUT", "/wps/rg/limits", "m20", `not json`, 400, "request.invalid_json"},
			{"PUT", "/wps/rg/limits", "m20", ``, 400, "request.invalid_json"},
			{"POST", "/wps/rg/limits/confirm", "m20", `{"type":"LOSS","period":"DAY"}`, 409, "rg.nothing_pending"},
			{"POST", "/wps/rg/limits/cancel", "m20", `{"type":"X","period":"DAY"}`, 400, "rg.invalid_type"},
			{"PUT", "/wps/rg/reality-check", "m20", `{"minutes":45}`, 400, "rg.invalid_minutes"},
			{"PUT", "/wps/rg/reality-check", "m20", `{"minutes":"15"}`, 400, "rg.invalid_minutes"},
			{"PUT", "/wps/rg/reality-check", "m20", `{"minutes":15.5}`, 400, "rg.invalid_minutes"},
			{"PUT", "/wps/rg/reality-check", "m20", `{}`, 400, "rg.invalid_minutes"},
			{"POST", "/wps/rg/timeout", "m20", `{"period":"2H"}`, 400, "rg.invalid_period"},
			{"POST", "/wps/rg/timeout", "m20", `{"period":6}`, 400, "request.invalid_json"},
			{"POST", "/wps/rg/exclusion", "m20", `{"period":"3M"}`, 400, "rg.invalid_period"},
			{"GET", "/wps/rg/history?page=0", "m20", "", 400, "request.invalid_page"},
			{"GET", "/wps/rg/history?size=1000", "m20", "", 400, "request.invalid_param"},
			{"GET", "/ops/v1/members/20/rg", "", "", 401, "operator.session_expired"},
			{"GET", "/ops/v1/members/20/rg", "m20", "", 401, "operator.session_expired"},
			{"PUT", "/ops/v1/members/20/rg/limits", "VIEWER", `{"type":"LOSS","period":"DAY","amount":5,"reason":"x"}`, 403, "operator.forbidden"},
			{"POST", "/ops/v1/members/20/rg/timeout", "FINANCE", `{"period":"24H","reason":"x"}`, 403, "operator.forbidden"},
			{"PUT", "/ops/v1/members/abc/rg/limits", "ADMIN", `{"type":"LOSS","period":"DAY","amount":5,"reason":"x"}`, 404, "operator.member_not_found"},
			{"GET", "/ops/v1/members/777/rg", "ADMIN", "", 404, "operator.member_not_found"},
			{"PUT", "/ops/v1/members/20/rg/limits", "ADMIN", `{"type":"LOSS","period":"DAY","amount":5}`, 400, "rg.invalid_reason"},
			{"PUT", "/ops/v1/members/20/rg/limits", "ADMIN", `{"type":"LOSS","period":"DAY","amount":5.5,"reason":"x"}`, 400, "rg.invalid_amount"},
			{"POST", "/ops/v1/members/20/rg/exclusion", "CASHIER", `{"period":"10Y","reason":"x"}`, 400, "rg.invalid_period"},
			{"POST", "/ops/v1/members/20/rg/exclusion", "CASHIER", `{"period":"1Y","reason":"` + strings.Repeat("x", 201) + `"}`, 400, "rg.invalid_reason"},
		}
		for _, c := range cases {
			status, e := call(t, mux, c.method, c.path, c.token, c.body)
			if status != c.status || e.Code != c.code || e.Success || e.Message == "" {
				t.Errorf("%s %s %s %q: %d %s, want %d %s", c.method, c.path, c.token, c.body, status, e.Code, c.status, c.code)
			}
		}
		if h := changes(t, f, 20); len(h) != 0 {
			t.Fatalf("bad input wrote history %v", h)
		}
		if len(f.audit.rows) != 0 || f.sessions.count(20) != 0 {
			t.Fatal("bad input audited or ended sessions")
		}
	})
}

func TestHTTPOperatorRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f, mux := newMux(t, store)
		status, e := call(t, mux, "PUT", "/ops/v1/members/20/rg/limits", "CASHIER", `{"type":"DEPOSIT","period":"MONTH","amount":5000,"reason":"affordability"}`)
		if status != 200 || !strings.Contains(string(e.Value), `"operatorAmount":5000`) || strings.Contains(string(e.Value), `"session"`) ||
			!strings.Contains(string(e.Value), `"history":[{`) {
			t.Fatalf("impose %d %s", status, e.Value)
		}
		if status, e = call(t, mux, "GET", "/ops/v1/members/20/rg", "VIEWER", ""); status != 200 {
			t.Fatalf("read %d %+v", status, e)
		}
		if status, e = call(t, mux, "POST", "/ops/v1/members/20/rg/exclusion", "ADMIN", `{"period":"6M","reason":"request by phone"}`); status != 200 ||
			!strings.Contains(string(e.Value), `"kind":"EXCLUSION"`) {
			t.Fatalf("exclusion %d %s", status, e.Value)
		}
		if len(f.audit.rows) != 2 || f.sessions.count(20) != 1 {
			t.Fatalf("audit %d, sessions ended %d", len(f.audit.rows), f.sessions.count(20))
		}
		// The player may not lift the operator's limit.
		if status, e = call(t, mux, "PUT", "/wps/rg/limits", "m20", `{"type":"DEPOSIT","period":"MONTH","amount":6000}`); status != 400 || e.Code != "rg.operator_limit" {
			t.Fatalf("lift %d %+v", status, e)
		}
	})
}

// Every code has an EN and a TY message.
func TestMessages(t *testing.T) {
	all := apperr.Codes()
	for _, e := range []*apperr.Error{ErrInvalidType, ErrInvalidPeriod, ErrInvalidAmount, ErrAboveMax, ErrInvalidMinutes, ErrRaisePending,
		ErrNothingPending, ErrCoolingOff, ErrOperatorLimit, ErrInvalidReason, ErrDepositLimit, ErrWagerLimit, ErrLossLimit, ErrTimeout,
		ErrSelfExcluded, ErrSessionLimit} {
		m := all[e.Code]
		if m["EN"] == "" || m["TY"] == "" || m["EN"] == m["TY"] {
			t.Errorf("%s: EN %q TY %q", e.Code, m["EN"], m["TY"])
		}
	}
}
