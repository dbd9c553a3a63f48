package wallet

import (
	"net/url"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// FuzzTransferBody: whatever the body, the transfer endpoint answers with
// an envelope and a 2xx/4xx (or 503 for a vendor that is down), never 500,
// and the books stay balanced.
func FuzzTransferBody(f *testing.F) {
	for _, seed := range []string{
		`{"from":"MAIN","to":"JDB","amount":"1.00"}`, `{"from":"JDB","to":"MAIN","amount":"0.5"}`,
		`{"from":"MAIN","to":"MAIN","amount":"1"}`, `{"amount":"1e3"}`, `{"from":null}`, `[]`, `"x"`, ``,
		`{"from":"MAIN","to":"JDB","amount":"99999999999999999999"}`, `{"from":"main","to":"cq9","amount":" 3 "}`,
		`{"from":"MAIN","to":"JDB","amount":"1.91"}`, `{"from":"MAIN","to":"JDB","amount":"1.92"}`,
	} {
		f.Add(seed)
	}
	s := newTransferSite(f, dbtest.Open(f, db.SQLite))
	token := s.login(f, "demo01")
	f.Fuzz(func(t *testing.T, body string) {
		r := s.call(t, "POST", "/wps/v2/wallets/transfer", token, s.key(), body)
		switch r.status {
		case 200, 400, 409, 413, 503:
		default:
			t.Fatalf("%q: %d %+v", body, r.status, r.env)
		}
		if r.status != 200 && (r.env.Code == "" || r.env.Success) {
			t.Fatalf("%q: %+v", body, r.env)
		}
		s.env.t = t
		s.verifyClean()
	})
}

// FuzzRecordQuery: any query string gets 200 or a 400 with a code.
func FuzzRecordQuery(f *testing.F) {
	for _, seed := range []string{"from=2026-01-01&to=2026-01-31", "type=bet&page=2&pageSize=5", "from=2026-02-30&to=2026-03-01",
		"from=0001-01-01&to=9999-12-31", "page=-1", "pageSize=0", "type=", "from=%00&to=%ff"} {
		f.Add(seed)
	}
	s := newTransferSite(f, dbtest.Open(f, db.SQLite))
	token := s.login(f, "demo01")
	f.Fuzz(func(t *testing.T, query string) {
		vals, err := url.ParseQuery(query)
		if err != nil {
			return // not a query string a client could send
		}
		r := s.call(t, "GET", "/wps/v2/wallets/transactions?"+vals.Encode(), token, "", nil)
		if r.status != 200 && (r.status != 400 || r.env.Code == "") {
			t.Fatalf("%q: %d %+v", query, r.status, r.env)
		}
	})
}
