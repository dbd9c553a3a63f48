// Command pgfloor measures the least latency a request that commits durably
// on PostgreSQL can have on this machine (run by the BENCH_ONLY item
// `inhouse` before its PostgreSQL run, see bench/README.md). It sends
// one-row INSERTs, each its own transaction with the server's synchronous
// commit, open-loop at -rate per second over -clients connections, for
// -duration after -warmup: the same pacing as the in-house slot bench, with
// none of its work. Every money-moving request of
// the platform waits for at least one such commit (a slot spin waits for
// one: its ledger batch), so the figures here are a floor under the
// PostgreSQL rows' p99: a target below this floor's p99 cannot be met on this
// machine by any code, only by a disk whose flushes do not stall.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/platform/db"
)

type result struct {
	benchkit.Load
	Errors          int64   `json:"errors"`
	MachineBusyPct  float64 `json:"machineBusyPct"`
	MachineStealPct float64 `json:"machineStealPct"`
}

func main() {
	dbURL := flag.String("db", "", "PostgreSQL URL (loopback)")
	rate := flag.Int("rate", 1000, "commits per second")
	clients := flag.Int("clients", 64, "connections (max commits in flight)")
	duration := flag.Duration("duration", 20*time.Second, "measured run")
	warmup := flag.Duration("warmup", 5*time.Second, "warm-up at the same rate")
	timeline := flag.Bool("timeline", false, "print p50/p99 for each second of the measured run (stderr)")
	flag.Parse()
	if *dbURL == "" {
		fmt.Fprintln(os.Stderr, "pgfloor: -db is required")
		os.Exit(2)
	}
	r, err := run(*dbURL, *rate, *clients, *duration, *warmup, *timeline)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgfloor:", err)
		os.Exit(2)
	}
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
}

func run(dbURL string, rate, clients int, duration, warmup time.Duration, timeline bool) (result, error) {
	ctx := context.Background()
	d, err := db.Open(ctx, dbURL)
	if err != nil {
		return result{}, err
	}
	defer d.Close()
	if d.Dialect != db.Postgres {
		return result{}, fmt.Errorf("-db must be a PostgreSQL URL")
	}
	d.SetMaxOpenConns(clients)
	d.SetMaxIdleConns(clients)
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS bench_floor (id BIGSERIAL PRIMARY KEY, v BIGINT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		return result{}, err
	}
	defer d.ExecContext(context.Background(), `DROP TABLE IF EXISTS bench_floor`)
	fmt.Printf("pgfloor: %s, one-row INSERT per transaction (synchronous commit), %d/s, %d connections, %s after %s warm-up\n",
		benchkit.DBLabel(dbURL), rate, clients, duration, warmup)

	var (
		mu        sync.Mutex
		lat       []time.Duration
		samples   []benchkit.Sample
		measuring atomic.Bool
		errs      atomic.Int64
	)
	due := make(chan time.Time, rate*2)
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range due {
				_, err := d.ExecContext(ctx, `INSERT INTO bench_floor (v) VALUES ($1)`, t.UnixNano())
				done := time.Now()
				if err != nil {
					if errs.Add(1) <= 5 {
						fmt.Fprintln(os.Stderr, "insert:", err)
					}
					continue
				}
				if measuring.Load() {
					mu.Lock()
					lat = append(lat, done.Sub(t))
					if timeline {
						samples = append(samples, benchkit.Sample{Due: t, Latency: done.Sub(t)})
					}
					mu.Unlock()
				}
			}
		}()
	}
	start := time.Now()
	var mStart time.Time
	var m0 benchkit.MachineTicks
	interval := time.Second / time.Duration(rate)
	total := int((warmup + duration) / interval)
	nWarm := int(warmup / interval)
	for i := 0; i < total; i++ {
		at := start.Add(time.Duration(i) * interval)
		if i == nWarm {
			mStart = at
			m0 = benchkit.ReadMachineTicks()
		}
		time.Sleep(time.Until(at))
		if i >= nWarm {
			measuring.Store(true)
		}
		due <- at
	}
	close(due)
	wg.Wait()
	wall := time.Since(mStart)
	busy, steal := benchkit.MachineUse(m0, benchkit.ReadMachineTicks())
	if timeline {
		benchkit.PrintTimeline(os.Stderr, mStart, benchkit.Timeline(mStart, samples))
	}
	return result{
		Load:   benchkit.NewLoad(dbURL, rate, lat, len(lat), wall),
		Errors: errs.Load(), MachineBusyPct: busy, MachineStealPct: steal,
	}, nil
}
