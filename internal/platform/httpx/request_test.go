package httpx_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

func TestIdempotencyKey(t *testing.T) {
	for _, tc := range []struct {
		name, key string
		ok        bool
	}{
		{"RandomUUID", "0b6f1a54-3c1e-4f0e-9a59-2f4d2a7c9e11", true},
		{"HexFallback", "00112233445566778899aabbccddeeff", true},
		{"Underscore", "adjust_1", true},
		{"OneChar", "k", true},
		{"MaxLen", strings.Repeat("k", 100), true},
		{"Missing", "", false},
		{"TooLong", strings.Repeat("k", 101), false},
		{"InnerSpace", "has space", false},
		{"Punctuation", "bad key!", false},
		{"Colon", "a:b", false},
		{"SurroundingSpace", " key ", false},
		{"NonASCII", "kéy", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/wps/x", nil)
			if tc.key != "" {
				r.Header.Set(httpx.IdempotencyHeader, tc.key)
			}
			k, err := httpx.IdempotencyKey(r)
			if tc.ok {
				if err != nil || k != tc.key {
					t.Fatalf("got %q, %v; want %q", k, err, tc.key)
				}
				return
			}
			e := apperr.As(err)
			if err == nil || k != "" || e.Code != "money.idempotency_key_required" || httpx.StatusOf(err) != http.StatusBadRequest {
				t.Fatalf("got %q, %v; want 400 money.idempotency_key_required", k, err)
			}
		})
	}
}

func TestPathID(t *testing.T) {
	read := func(path, notFound string) (int64, error) {
		var id int64
		var err error
		mux := http.NewServeMux()
		mux.HandleFunc("GET /x/{id}", func(w http.ResponseWriter, r *http.Request) { id, err = httpx.PathID(r, "id", notFound) })
		mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
		return id, err
	}
	t.Run("OK", func(t *testing.T) {
		for path, want := range map[string]int64{"/x/1": 1, "/x/42": 42, "/x/9223372036854775807": 1<<63 - 1} {
			if id, err := read(path, "thing.not_found"); err != nil || id != want {
				t.Fatalf("%s: %d, %v", path, id, err)
			}
		}
	})
	bad := []string{"/x/0", "/x/-1", "/x/abc", "/x/1.5", "/x/+1x", "/x/99999999999999999999"}
	t.Run("ErrNotFound", func(t *testing.T) {
		for _, path := range bad {
			id, err := read(path, "thing.not_found")
			if id != 0 || !errors.Is(err, apperr.NotFound("thing.not_found")) || httpx.StatusOf(err) != http.StatusNotFound {
				t.Fatalf("%s: %d, %v", path, id, err)
			}
		}
	})
	t.Run("ErrInvalidParam", func(t *testing.T) {
		for _, path := range bad {
			id, err := read(path, "")
			e := apperr.As(err)
			if id != 0 || e.Code != "request.invalid_param" || e.Params["name"] != "id" || httpx.StatusOf(err) != http.StatusBadRequest {
				t.Fatalf("%s: %d, %v", path, id, err)
			}
		}
	})
}

func TestWriteImage(t *testing.T) {
	data := []byte("\x89PNG\r\n\x1a\nrest")
	rec := httptest.NewRecorder()
	httpx.WriteImage(rec, httptest.NewRequest("GET", "/x", nil), "image/png", data)
	if rec.Code != http.StatusOK || rec.Body.String() != string(data) {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
	for k, want := range map[string]string{
		"Content-Type":            "image/png",
		"Content-Length":          "12",
		"Cache-Control":           "private, no-store",
		"X-Content-Type-Options":  "nosniff",
		"Content-Disposition":     "inline",
		"Content-Security-Policy": "default-src 'none'",
	} {
		if got := rec.Header().Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}

func TestRespond(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.Respond(rec, httptest.NewRequest("GET", "/x", nil), map[string]int{"n": 1}, nil)
		if env := decode(t, rec); rec.Code != 200 || !env.Success || env.Value.(map[string]any)["n"] != float64(1) {
			t.Fatalf("%d %+v", rec.Code, env)
		}
	})
	t.Run("ErrWins", func(t *testing.T) {
		rec := httptest.NewRecorder()
		httpx.Respond(rec, httptest.NewRequest("GET", "/x", nil), map[string]int{"n": 1}, apperr.NotFound("thing.not_found"))
		if env := decode(t, rec); rec.Code != 404 || env.Success || env.Code != "thing.not_found" || env.Value != nil {
			t.Fatalf("%d %+v", rec.Code, env)
		}
	})
}
