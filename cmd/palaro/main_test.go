package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
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
	cfg, err := config.Load() // the variables a test sets (t.Setenv), then its own listeners and store
	if err != nil {
		t.Fatal(err)
	}
	cfg.Addr, cfg.MetricsAddr, cfg.MetricsAddrSet = "127.0.0.1:0", "127.0.0.1:0", false
	cfg.DatabaseURL, cfg.Demo, cfg.LogLevel = url, demo, slog.LevelError
	cfg.CountryHeader, cfg.ShutdownGrace = "CF-IPCountry", 5*time.Second
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
		t.Run("MetricsOnlyOnTheirListener", func(t *testing.T) {
			get(t, m, "/wps/nope")
			if code, body := get(t, m, "/metrics"); code != 404 || strings.Contains(body, "palaro_http_requests_total") || strings.Contains(body, "go_goroutines") {
				t.Fatalf("public /metrics: %d %.200s", code, body)
			}
			for _, p := range []string{"/metrics/", "/METRICS", "/metrics?x=1"} {
				if _, body := get(t, m, p); strings.Contains(body, "go_goroutines") {
					t.Fatalf("public %s serves metrics", p)
				}
			}
			if m.MetricsAddr() == "" || m.MetricsAddr() == m.Addr() {
				t.Fatalf("metrics listener %q, public %q", m.MetricsAddr(), m.Addr())
			}
			res, err := http.Get("http://" + m.MetricsAddr() + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || !strings.Contains(string(b), "palaro_http_requests_total") || !strings.Contains(string(b), "go_goroutines") {
				t.Fatalf("metrics listener %d", res.StatusCode)
			}
		})
		t.Run("DemoSeedIsIdempotent", func(t *testing.T) {
			seeded, err := seedDemo(context.Background(), m.DB, true)
			if err != nil || seeded {
				t.Fatalf("second seed: seeded=%v err=%v", seeded, err)
			}
		})
	})
}

// TestMetricsAddr: "off" serves no metrics anywhere; an explicit address
// that cannot be bound stops the server.
func TestMetricsAddr(t *testing.T) {
	t.Run("Off", func(t *testing.T) {
		t.Setenv("PALARO_METRICS_ADDR", "off")
		cfg, err := config.Load()
		if err != nil || cfg.MetricsAddr != "" {
			t.Fatalf("%q %v", cfg.MetricsAddr, err)
		}
		cfg.Addr, cfg.DatabaseURL, cfg.ShutdownGrace = "127.0.0.1:0", dbtest.URL(t, db.SQLite), time.Second
		m := NewMain(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		if m.MetricsAddr() != "" {
			t.Fatalf("metrics on %s", m.MetricsAddr())
		}
		if code, _ := get(t, m, "/metrics"); code != 404 {
			t.Fatalf("public /metrics %d", code)
		}
	})
	t.Run("Default", func(t *testing.T) {
		t.Setenv("PALARO_METRICS_ADDR", "")
		if cfg, err := config.Load(); err != nil || cfg.MetricsAddr != "127.0.0.1:9090" || cfg.MetricsAddrSet {
			t.Fatalf("%+v %v", cfg, err)
		}
	})
	t.Run("Invalid", func(t *testing.T) {
		t.Setenv("PALARO_METRICS_ADDR", "9090")
		if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "PALARO_METRICS_ADDR") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("BusyExplicitAddressFails", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		cfg := config.Config{Addr: "127.0.0.1:0", MetricsAddr: ln.Addr().String(), MetricsAddrSet: true, DatabaseURL: dbtest.URL(t, db.SQLite), ShutdownGrace: time.Second}
		m := NewMain(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
		defer m.Close()
		if err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "PALARO_METRICS_ADDR") {
			t.Fatalf("%v", err)
		}
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
