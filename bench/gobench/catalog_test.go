// Package gobench profiles what one catalogue request costs the server,
// in-process: the same handler chain bin/palaro serves (httpx.Edge around a
// ServeMux with the games catalogue routes) over a demo-seeded SQLite file,
// without the network and without wrk competing for the CPU.
//
//	go test -run '^$' -bench . -benchmem -cpuprofile /tmp/cpu.out ./bench/gobench
//	go tool pprof -top -nodecount 40 /tmp/cpu.out
//
// bench/profile.sh runs this and prints the profile. It is not part of
// ./internal/... so make test and the micro-benchmark pass do not run it.
package gobench

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Queries as bench/wrk/gamelist.lua rotates them (demo vendors and names).
var gameListQueries = []string{
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&pageNo=1&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&pageNo=2&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&pageNo=3&language=EN&pageSize=24",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=LIVE&pageNo=1&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=FISH&pageNo=1&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&selectionType=HOT&pageNo=1&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&subCategory=JP&pageNo=1&pageSize=24&language=TY",
	"/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&keyword=sila&pageNo=1&pageSize=24&language=TY",
}

var laneQueries = []string{
	"/wps/relay/vendorLanes?platform=html5-desktop&language=TY",
	"/wps/relay/vendorLanes?platform=html5-desktop&language=EN",
}

type stack struct {
	bare http.Handler // mux + catalogue handler only
	edge http.Handler // httpx.Edge(mux) as bin/palaro serves it
}

func setup(b *testing.B) stack {
	b.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, "sqlite://"+filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	if _, err := store.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := game.SeedDemo(ctx, game.NewStore(store), time.Now()); err != nil {
		b.Fatal(err)
	}
	// PALARO_LOG_LEVEL=warn, as the wrk runs use.
	logger := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn}))
	svc := game.NewService(game.NewStore(store), clock.System{}, logger, game.DefaultRefreshInterval)
	if _, err := svc.Catalog(ctx); err != nil {
		b.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	game.NewHandler(svc, game.DefaultCacheEntries).Register(mux)
	return stack{bare: mux, edge: httpx.Edge(mux, logger, httpx.NewMetrics(prometheus.NewRegistry()))}
}

// discardWriter is a ResponseWriter that keeps nothing but the status.
type discardWriter struct {
	h      http.Header
	status int
}

func (w *discardWriter) Header() http.Header { return w.h }
func (w *discardWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
}
func (w *discardWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return len(p), nil
}

func run(b *testing.B, h http.Handler, paths []string) {
	reqs := make([]*http.Request, len(paths))
	for i, p := range paths {
		reqs[i] = httptest.NewRequest("GET", p, nil)
		reqs[i].Header.Set("Accept-Encoding", "gzip")
		w := &discardWriter{h: http.Header{}}
		h.ServeHTTP(w, reqs[i]) // warm the response cache
		if w.status != http.StatusOK {
			b.Fatalf("%s: status %d", p, w.status)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w := &discardWriter{h: http.Header{}}
		i := 0
		for pb.Next() {
			clear(w.h)
			w.status = 0
			h.ServeHTTP(w, reqs[i%len(reqs)])
			i++
		}
	})
}

func BenchmarkGameList(b *testing.B) {
	s := setup(b)
	b.Run("handler", func(b *testing.B) { run(b, s.bare, gameListQueries) })
	b.Run("edge+handler", func(b *testing.B) { run(b, s.edge, gameListQueries) })
}

func BenchmarkVendorLanes(b *testing.B) {
	s := setup(b)
	b.Run("handler", func(b *testing.B) { run(b, s.bare, laneQueries) })
	b.Run("edge+handler", func(b *testing.B) { run(b, s.edge, laneQueries) })
}

func BenchmarkHealthz(b *testing.B) {
	s := setup(b)
	b.Run("handler", func(b *testing.B) { run(b, s.bare, []string{"/healthz"}) })
	b.Run("edge+handler", func(b *testing.B) { run(b, s.edge, []string{"/healthz"}) })
}
