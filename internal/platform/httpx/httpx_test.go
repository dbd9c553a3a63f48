package httpx_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

func decode(t *testing.T, rec *httptest.ResponseRecorder) httpx.Envelope {
	t.Helper()
	var env httpx.Envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatalf("body is not an envelope: %v: %s", err, rec.Body.String())
	}
	return env
}

func server() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /wps/ok", func(w http.ResponseWriter, r *http.Request) { httpx.OK(w, r, map[string]int{"n": 1}) })
	mux.HandleFunc("GET /wps/page", func(w http.ResponseWriter, r *http.Request) {
		q := httpx.NewQuery(r)
		n := q.Int("pageNo", 1, 1, 1000)
		if err := q.Err(); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, n)
	})
	mux.HandleFunc("POST /wps/echo", func(w http.ResponseWriter, r *http.Request) {
		var v map[string]any
		if err := httpx.DecodeJSON(r, &v); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, v)
	})
	mux.HandleFunc("GET /wps/panic", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	mux.HandleFunc("GET /wps/internal", func(w http.ResponseWriter, r *http.Request) {
		httpx.Fail(w, r, apperr.Internal(io.ErrUnexpectedEOF, "secret detail"))
	})
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	return httpx.Edge(mux, slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.NewMetrics(prometheus.NewRegistry()))
}

func TestEnvelope(t *testing.T) {
	h := server()
	t.Run("OK", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/ok", nil))
		env := decode(t, rec)
		if rec.Code != 200 || !env.Success || env.Code != "ok" {
			t.Fatalf("got %d %+v", rec.Code, env)
		}
		if rec.Header().Get("X-Request-Id") == "" {
			t.Fatal("no request id")
		}
	})
	t.Run("ErrInvalidPage", func(t *testing.T) {
		for _, raw := range []string{"0", "-1", "abc", "1001", "1e3", "99999999999999999999"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/page?pageNo="+raw, nil))
			env := decode(t, rec)
			if rec.Code != 400 || env.Code != "request.invalid_page" || env.Message == "" {
				t.Fatalf("pageNo=%s: got %d %+v", raw, rec.Code, env)
			}
		}
	})
	t.Run("FailureParams", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/page?pageNo=0", nil))
		if env := decode(t, rec); env.Params["name"] != "pageNo" || env.Params["max"] != float64(1000) {
			t.Fatalf("params: %+v", env.Params)
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/ok", nil))
		if strings.Contains(rec.Body.String(), "params") {
			t.Fatalf("a success carries no params: %s", rec.Body.String())
		}
	})
	t.Run("MessageInLanguage", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/page?pageNo=0&language=EN", nil))
		if env := decode(t, rec); !strings.Contains(env.Message, "page number") {
			t.Fatalf("EN message: %q", env.Message)
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/page?pageNo=0", nil))
		if env := decode(t, rec); !strings.Contains(env.Message, "pahina") {
			t.Fatalf("default TY message: %q", env.Message)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/nothing/here", nil))
		if env := decode(t, rec); rec.Code != 404 || env.Code != "request.not_found" {
			t.Fatalf("got %d %+v", rec.Code, env)
		}
	})
	t.Run("ErrInvalidJSON", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/wps/echo", strings.NewReader("{nope")))
		if env := decode(t, rec); rec.Code != 400 || env.Code != "request.invalid_json" {
			t.Fatalf("got %d %+v", rec.Code, env)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		big := `{"a":"` + strings.Repeat("x", httpx.MaxBodyBytes+10) + `"}`
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/wps/echo", strings.NewReader(big))
		h.ServeHTTP(rec, req)
		if env := decode(t, rec); rec.Code != 413 || env.Code != "request.too_large" {
			t.Fatalf("got %d %+v", rec.Code, env)
		}
		// Unknown length (chunked) is capped while reading.
		rec = httptest.NewRecorder()
		req = httptest.NewRequest("POST", "/wps/echo", io.MultiReader(strings.NewReader(big)))
		req.ContentLength = -1
		h.ServeHTTP(rec, req)
		if env := decode(t, rec); rec.Code != 413 || env.Code != "request.too_large" {
			t.Fatalf("chunked: got %d %+v", rec.Code, env)
		}
	})
	t.Run("PanicIsEnvelope", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/panic", nil))
		if env := decode(t, rec); rec.Code != 500 || env.Code != "server.internal" {
			t.Fatalf("got %d %+v", rec.Code, env)
		}
	})
	t.Run("InternalDetailNotSent", func(t *testing.T) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/internal", nil))
		if strings.Contains(rec.Body.String(), "secret") || strings.Contains(rec.Body.String(), "EOF") {
			t.Fatalf("internal detail leaked: %s", rec.Body.String())
		}
	})
}

func TestLang(t *testing.T) {
	cases := []struct {
		url, header, accept, want string
	}{
		{"/x?language=en", "", "", "EN"},
		{"/x?lang=cn", "", "", "CN"},
		{"/x", "ja", "", "JA"},
		{"/x", "", "en-US,en;q=0.9", "EN"},
		{"/x", "", "fil-PH", "TY"},
		{"/x", "", "", "TY"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.header != "" {
			r.Header.Set("X-Lang", c.header)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := httpx.Lang(r); got != c.want {
			t.Errorf("%s %q %q: got %s want %s", c.url, c.header, c.accept, got, c.want)
		}
	}
}

func TestQuery(t *testing.T) {
	r := httptest.NewRequest("GET", "/x?gameType=RNG&bad=a%3Cb&kind=jackpot&kw=%E2%9C%93", nil)
	q := httpx.NewQuery(r)
	if got := q.Code("gameType", "", 16); got != "RNG" {
		t.Fatalf("code: %s", got)
	}
	if got := q.OneOf("kind", "BIG", "BIG", "JACKPOT"); got != "JACKPOT" {
		t.Fatalf("oneOf: %s", got)
	}
	if got := q.Text("kw", "", 5); got != "✓" {
		t.Fatalf("text: %s", got)
	}
	if q.Err() != nil {
		t.Fatalf("unexpected error %v", q.Err())
	}
	q.Code("bad", "", 16)
	if err := q.Err(); err == nil || apperr.As(err).Code != "request.invalid_param" {
		t.Fatalf("want invalid_param, got %v", err)
	}
}

// Every answer, API or error, carries the baseline security headers; a
// handler may replace them (a page that may be framed by the site).
func TestSecurityHeaders(t *testing.T) {
	h := server()
	for _, path := range []string{"/wps/ok", "/wps/missing", "/wps/panic", "/wps/internal"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin"} {
			if got := rec.Header().Values(k); len(got) != 1 || got[0] != want {
				t.Errorf("%s: %s = %q, want %q", path, k, got, want)
			}
		}
		if rec.Header().Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS without PALARO_HSTS", path)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /frame", func(w http.ResponseWriter, r *http.Request) { w.Header().Set("X-Frame-Options", "SAMEORIGIN") })
	framed := httpx.StrictTransport(httpx.Edge(mux, slog.New(slog.DiscardHandler), nil), "max-age=31536000; includeSubDomains")
	for i := 0; i < 2; i++ { // the shared values are not changed by a handler's Set
		rec := httptest.NewRecorder()
		framed.ServeHTTP(rec, httptest.NewRequest("GET", "/frame", nil))
		if got := rec.Header().Get("X-Frame-Options"); got != "SAMEORIGIN" {
			t.Errorf("handler's X-Frame-Options replaced: %q", got)
		}
		if got := rec.Header().Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
			t.Errorf("HSTS = %q", got)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/wps/ok", nil))
	if got := rec.Header().Get("X-Frame-Options"); got != "DENY" {
		t.Errorf("shared default changed: %q", got)
	}
}
