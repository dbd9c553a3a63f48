package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// startDebug serves Go's profiler (net/http/pprof) on addr when
// PALARO_DEBUG_ADDR is set, so a slow production instance (or a bench run)
// can be profiled without a rebuild. It listens on loopback only: the
// profiles show code paths and memory, and a CPU profile costs CPU, so they
// are for someone on the machine, never for the network.
func startDebug(ctx context.Context, addr string, logger *slog.Logger) error {
	if addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("PALARO_DEBUG_ADDR: %w", err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("PALARO_DEBUG_ADDR: %q is not a loopback address", addr)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("PALARO_DEBUG_ADDR: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	logger.Info("profiler listening", "addr", ln.Addr().String())
	return nil
}
