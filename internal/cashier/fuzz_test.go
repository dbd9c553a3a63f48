package cashier

import (
	"net/http"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// FuzzCreateDeposit sends arbitrary bodies (JSON or multipart by the first
// byte) to POST /wps/cashier/deposits: every answer is a 200 or a 4xx with
// a code, never a 500.
func FuzzCreateDeposit(f *testing.F) {
	f.Add([]byte(`{"method":"GCASH","amount":"100"}`), "k1")
	f.Add([]byte(`{"method":"BDO_BANK","amount":"100.5"}`), "k2")
	f.Add([]byte(`{"method":"GCASH","amount":"1e400"}`), "k3")
	f.Add([]byte(`{"method":null,"amount":[]}`), "k4")
	f.Add([]byte("M--x\r\nContent-Disposition: form-data; name=\"amount\"\r\n\r\n100\r\n--x--\r\n"), "k5")
	s := newSite(f, dbtest.Open(f, db.SQLite))
	token := s.login("demo01")
	f.Fuzz(func(t *testing.T, body []byte, idem string) {
		hdr := map[string]string{"Idempotency-Key": idem}
		ct := "application/json"
		if len(body) > 0 && body[0] == 'M' {
			body, ct = body[1:], "multipart/form-data; boundary=x"
		}
		req, _ := http.NewRequest("POST", s.srv.URL+"/wps/cashier/deposits", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Bearer "+token)
		for k, v := range hdr {
			if v != "" && !strings.ContainsAny(v, "\r\n\x00") {
				req.Header.Set(k, v)
			}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Skip()
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("status %d for %q", res.StatusCode, body)
		}
	})
}
