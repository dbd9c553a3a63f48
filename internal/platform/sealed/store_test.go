package sealed_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/sealed"
)

// Two services on one database (two instances) share the key pair: a body
// sealed for the key one of them hands out opens on the other, and after a
// restart the key is the same.
func TestKeySharedThroughTheDatabase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		clk := clock.NewFixed(time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC))
		instance := func() http.Handler {
			g := sealed.NewGuard(sealed.NewKeyring(account.NewStore(store), 0, 0), nil, func(context.Context) bool { return true }, clk, nil)
			mux := http.NewServeMux()
			sealed.NewHandler(g).Routes(mux)
			mux.Handle("POST /wps/session/login", g.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var v map[string]string
				if err := httpx.DecodeJSON(r, &v); err != nil {
					httpx.Fail(w, r, err)
					return
				}
				httpx.OK(w, r, v)
			})))
			return mux
		}
		a, b := instance(), instance()

		rec := httptest.NewRecorder()
		a.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/system/sealkey", nil))
		var env struct {
			Value sealed.PublicKey `json:"value"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Value.Kid == "" {
			t.Fatalf("sealkey %s", rec.Body)
		}
		c, err := sealed.NewClient(env.Value, clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		body, opener, _ := c.Seal("POST", "/wps/session/login", []byte(`{"username":"demo01"}`), clk.Now())
		req := httptest.NewRequest("POST", "/wps/session/login", bytes.NewReader(body))
		req.Header.Set("Content-Type", sealed.ContentType)
		rec = httptest.NewRecorder()
		b.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("other instance: %d %s", rec.Code, rec.Body)
		}
		plain, err := opener.Open(rec.Body.Bytes())
		if err != nil || !bytes.Contains(plain, []byte(`"demo01"`)) {
			t.Fatalf("reply %s %v", plain, err)
		}

		restarted, _ := sealed.NewKeyring(account.NewStore(store), 0, 0).PublicKey(ctx, clk.Now())
		if restarted.Kid != env.Value.Kid || restarted.PublicKey != env.Value.PublicKey {
			t.Fatalf("key changed across instances: %+v vs %+v", restarted, env.Value)
		}
	})
}
