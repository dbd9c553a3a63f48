package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var _ = dbtest.EnvPostgres

// startMain runs the real server on a free loopback port with a fresh database.
func startMain(t *testing.T, dialect db.Dialect, demo bool) *Main {
	t.Helper()
	return startMainAt(t, dbtest.URL(t, dialect), demo)
}

// startMainAt serves the database at url (prepared by the test).
func startMainAt(t *testing.T, url string, demo bool) *Main {
	t.Helper()
	cfg := config.Config{
		Addr:          "127.0.0.1:0",
		DatabaseURL:   url,
		Demo:          demo,
		LogLevel:      slog.LevelError,
		CountryHeader: "CF-IPCountry",
		ShutdownGrace: 5 * time.Second,
	}
	m := NewMain(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err := m.Run(context.Background()); err != nil {
		m.Close()
		t.Fatalf("run: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func get(t *testing.T, m *Main, path string) (int, string) {
	t.Helper()
	res, err := http.Get("http://" + m.Addr() + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func eachDialect(t *testing.T, fn func(t *testing.T, d db.Dialect)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, db.SQLite) })
	t.Run("postgres", func(t *testing.T) {
		fn(t, db.Postgres)
	})
}

func TestServe(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		t.Run("Health", func(t *testing.T) {
			if code, body := get(t, m, "/healthz"); code != 200 || !strings.Contains(body, "ok") {
				t.Fatalf("healthz %d %s", code, body)
			}
			code, body := get(t, m, "/readyz")
			var r struct {
				Ready  bool              `json:"ready"`
				Checks map[string]string `json:"checks"`
			}
			if err := json.Unmarshal([]byte(body), &r); err != nil || code != 200 || !r.Ready || r.Checks["db"] != "ok" {
				t.Fatalf("readyz %d %s", code, body)
			}
		})
		t.Run("UnknownAPIPathIsJSON404", func(t *testing.T) {
			for _, p := range []string{"/wps/nope", "/lgw/nope/deeper", "/wps/relay/unknownThing"} {
				code, body := get(t, m, p)
				if code != 404 || !strings.Contains(body, `"code":"request.not_found"`) {
					t.Fatalf("%s: %d %s", p, code, body)
				}
			}
		})
		t.Run("Metrics", func(t *testing.T) {
			get(t, m, "/wps/nope")
			code, body := get(t, m, "/metrics")
			if code != 200 || !strings.Contains(body, "palaro_http_requests_total") || !strings.Contains(body, "go_goroutines") {
				t.Fatalf("metrics %d", code)
			}
		})
		t.Run("DemoSeedIsIdempotent", func(t *testing.T) {
			seeded, err := seedDemo(context.Background(), m.DB)
			if err != nil || seeded {
				t.Fatalf("second seed: seeded=%v err=%v", seeded, err)
			}
		})
	})
}

func TestServeRefusesUnknownSchema(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		url := dbtest.URL(t, d)
		ctx := context.Background()
		store, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		if _, err := store.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := store.ExecContext(ctx, store.Rebind(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'future', 0)`), 9999); err != nil {
			t.Fatal(err)
		}
		m := NewMain(config.Config{Addr: "127.0.0.1:0", DatabaseURL: url, ShutdownGrace: time.Second}, slog.New(slog.NewJSONHandler(io.Discard, nil)))
		defer m.Close()
		if err := m.Run(ctx); err == nil || !strings.Contains(err.Error(), "newer") {
			t.Fatalf("want refusal of a newer schema, got %v", err)
		}
	})
}

func TestCloseAnswersThenStopsAccepting(t *testing.T) {
	m := startMain(t, db.SQLite, false)
	// A slow client: the request is in flight when Close starts.
	done := make(chan int, 1)
	go func() {
		res, err := http.Get("http://" + m.Addr() + "/readyz")
		if err != nil {
			done <- 0
			return
		}
		res.Body.Close()
		done <- res.StatusCode
	}()
	time.Sleep(50 * time.Millisecond)
	if err := m.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if code := <-done; code != 200 {
		t.Fatalf("in-flight request got %d", code)
	}
	if _, err := http.Get("http://" + m.Addr() + "/healthz"); err == nil {
		t.Fatal("server still accepting after Close")
	}
}

// TestCloseRunsDrainsBeforeTheStore: the writes requests queued without
// waiting for them (the in-house completions, registered by the wiring in
// demo mode) are drained by Close after the server stops and while the
// store is still open.
func TestCloseRunsDrainsBeforeTheStore(t *testing.T) {
	m := startMain(t, db.SQLite, true)
	if len(m.drains) == 0 {
		t.Fatal("the in-house games registered no drain")
	}
	ran := false
	var queryErr error
	m.drains = append(m.drains, func(ctx context.Context) error {
		ran = true
		var one int
		queryErr = m.DB.QueryRowContext(ctx, "SELECT 1").Scan(&one)
		return nil
	})
	if err := m.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if !ran || queryErr != nil {
		t.Fatalf("drain ran %v, store query in it: %v", ran, queryErr)
	}
}
