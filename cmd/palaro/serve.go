package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/commission"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/rg"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/webui"
)

// Main is the running server: config in, everything wired by hand.
type Main struct {
	Config config.Config
	Logger *slog.Logger
	Clock  clock.Clock
	DB     *db.DB
	Redis  *redis.Client

	server   *http.Server
	listener net.Listener
	// metrics serves /metrics on Config.MetricsAddr, never on the public
	// listener: per-route traffic and process details are for operators.
	metrics         *http.Server
	metricsListener net.Listener
	// drains run after the last request and before the store closes
	// (writes that requests queued and did not wait for).
	drains []func(context.Context) error
	// web is what the storefront pages' security policy needs, filled in
	// while the domains are wired (brand images, vendor game origins).
	web webui.Options
	// rg is responsible gaming (wire_rg.go), asked by the money paths.
	rg *rg.Service
	// commissions settles the agents' contracts; its Jobs are what the jobs
	// framework runs (wire_commission.go).
	commissions *commission.Service
	// transfers are the transfer wallets (wire_transfer.go); responsible
	// gaming asks them what vendors hold for a self-excluded player, and the
	// back office's player page shows their balances.
	transfers *wallet.Transfers
}

func NewMain(cfg config.Config, logger *slog.Logger) *Main {
	return &Main{Config: cfg, Logger: logger, Clock: clock.System{}}
}

// Addr is the bound address once Run has returned (useful with :0 in tests).
func (m *Main) Addr() string {
	if m.listener == nil {
		return ""
	}
	return m.listener.Addr().String()
}

// MetricsAddr is the metrics listener's bound address ("" when off).
func (m *Main) MetricsAddr() string {
	if m.metricsListener == nil {
		return ""
	}
	return m.metricsListener.Addr().String()
}

// Run opens the store, checks the schema, seeds the demo if asked, and starts serving.
func (m *Main) Run(ctx context.Context) error {
	store, err := db.Open(ctx, m.Config.DatabaseURL)
	if err != nil {
		return err
	}
	m.DB = store
	cur, err := store.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if cur == 0 {
		// A fresh database is created at the binary's schema; an existing one must match.
		if _, err := store.Migrate(ctx); err != nil {
			return err
		}
	}
	if err := store.CheckSchema(ctx); err != nil {
		return err
	}
	if m.Config.Demo {
		seeded, err := seedDemo(ctx, store, true)
		if err != nil {
			return fmt.Errorf("demo seed: %w", err)
		}
		if seeded {
			m.Logger.Info("demo brand seeded")
		}
	}
	if m.Config.RedisURL != "" {
		opt, err := redis.ParseURL(m.Config.RedisURL)
		if err != nil {
			return fmt.Errorf("PALARO_REDIS_URL: %w", err)
		}
		m.Redis = redis.NewClient(opt)
	}

	if err := startDebug(ctx, m.Config.DebugAddr, m.Logger); err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := httpx.NewMetrics(reg)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	mux.HandleFunc("GET /readyz", m.ready)
	if err := m.registerDomains(ctx, mux); err != nil {
		return err
	}
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	mux.HandleFunc("/lgw/", httpx.NotFoundJSON)
	// Metrics are served on their own listener only (serveMetrics); a
	// scraper still pointed here gets a plain 404, not the storefront.
	mux.HandleFunc("/metrics", httpx.NotFoundJSON)
	webui.NewConsole().Routes(mux) // the operator console at /console/
	mux.Handle("/", webui.New(m.web))

	if err := m.serveMetrics(reg); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return err
	}
	m.listener = ln
	m.server = &http.Server{
		Handler:           httpx.StrictTransport(httpx.Edge(mux, m.Logger, metrics), m.Config.HSTS),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	go func() {
		if err := m.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("serve", "err", err)
		}
	}()
	m.Logger.Info("listening", "addr", ln.Addr().String(), "db", string(store.Dialect), "redis", m.Redis != nil, "demo", m.Config.Demo)
	return nil
}

// serveMetrics starts the Prometheus listener. A default address already
// taken (another instance on this host) is logged and skipped; an address
// the operator named must be bound.
func (m *Main) serveMetrics(reg *prometheus.Registry) error {
	if m.Config.MetricsAddr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", m.Config.MetricsAddr)
	if err != nil {
		if m.Config.MetricsAddrSet {
			return fmt.Errorf("PALARO_METRICS_ADDR: %w", err)
		}
		m.Logger.Warn("metrics listener not started; set PALARO_METRICS_ADDR to a free address or off", "addr", m.Config.MetricsAddr, "err", err)
		return nil
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	m.metricsListener = ln
	m.metrics = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, IdleTimeout: 120 * time.Second}
	go func() {
		if err := m.metrics.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("serve metrics", "err", err)
		}
	}()
	m.Logger.Info("metrics listening", "addr", ln.Addr().String())
	return nil
}

func (m *Main) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]string{"db": "ok"}
	ok := true
	if err := m.DB.PingContext(ctx); err != nil {
		checks["db"], ok = "down", false
	}
	if m.Redis != nil {
		checks["redis"] = "ok"
		if err := m.Redis.Ping(ctx).Err(); err != nil {
			checks["redis"], ok = "down", false
		}
	}
	status := http.StatusOK
	if !ok {
		status = http.StatusServiceUnavailable
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"ready":%t,"checks":{`, ok)
	first := true
	for _, k := range []string{"db", "redis"} {
		v, has := checks[k]
		if !has {
			continue
		}
		if !first {
			fmt.Fprint(w, ",")
		}
		first = false
		fmt.Fprintf(w, `%q:%q`, k, v)
	}
	fmt.Fprint(w, "}}")
}

// Close drains requests within the grace period, then closes the store.
func (m *Main) Close() error {
	var errs []error
	if m.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownGrace)
		defer cancel()
		if err := m.server.Shutdown(ctx); err != nil {
			errs = append(errs, err)
		}
		for _, drain := range m.drains {
			if err := drain(ctx); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if m.metrics != nil {
		errs = append(errs, m.metrics.Close())
	}
	if m.Redis != nil {
		errs = append(errs, m.Redis.Close())
	}
	if m.DB != nil {
		errs = append(errs, m.DB.Close())
	}
	return errors.Join(errs...)
}
