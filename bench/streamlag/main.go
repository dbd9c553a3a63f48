// Command streamlag measures the activity stream's lag for `make bench`
// (BENCH_ONLY item `streamlag`, see bench/README.md): run beside a load
// (bench/inhouse's slot spins), it watches a consumer's cursor (the daily
// figures by default) through activity.Store and, for every event of one
// kind (round.settled) appended in the measured window, takes the time from
// when the fact was appended (its transaction) to when the consumer's
// cursor passed it: the time a settled round takes to be in the figures.
//
// It waits for the database's schema and the first event of that kind
// (the load's warm-up starts then), measures for -duration after -warmup,
// then waits up to -drain for the consumer to apply what the window
// appended; an event still not applied counts with its lag at the end.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

type result struct {
	DB         string  `json:"db"`
	Events     int     `json:"events"`
	P50ms      float64 `json:"p50ms"`
	P99ms      float64 `json:"p99ms"`
	MaxMs      float64 `json:"maxms"`
	NotApplied int     `json:"notApplied"`
}

func main() {
	dbURL := flag.String("db", "", "database URL (the load's)")
	consumer := flag.String("consumer", "figures.daily", "consumer whose lag is measured")
	kind := flag.String("kind", string(activity.RoundSettled), "event kind measured")
	warmup := flag.Duration("warmup", 5*time.Second, "from the first event of the kind to the measured window")
	duration := flag.Duration("duration", 20*time.Second, "measured window")
	drain := flag.Duration("drain", 30*time.Second, "how long to wait after the window for the consumer to catch up")
	wait := flag.Duration("wait", 3*time.Minute, "how long to wait for the schema and the first event")
	every := flag.Duration("every", 5*time.Millisecond, "how often the cursor is read")
	flag.Parse()
	if *dbURL == "" {
		fmt.Fprintln(os.Stderr, "streamlag: -db is required")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := run(ctx, *dbURL, *consumer, activity.Kind(*kind), *warmup, *duration, *drain, *wait, *every)
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamlag:", err)
		os.Exit(2)
	}
	fmt.Printf("stream lag on %s: %s -> %s, %d events in %s: p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d not applied\n",
		res.DB, *kind, *consumer, res.Events, *duration, res.P50ms, res.P99ms, res.MaxMs, res.NotApplied)
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
}

func run(ctx context.Context, url, consumer string, kind activity.Kind, warmup, duration, drain, wait, every time.Duration) (result, error) {
	res := result{DB: benchkit.DBLabel(url)}
	deadline := time.Now().Add(wait)
	var st *activity.Store
	var first time.Time
	for first.IsZero() {
		if time.Now().After(deadline) {
			return res, fmt.Errorf("no %s event within %s", kind, wait)
		}
		if st == nil {
			if d, err := db.OpenReadOnly(ctx, url); err == nil {
				defer d.Close()
				st = activity.NewStore(d)
			}
		}
		if st != nil {
			if evs, err := st.EventsAfter(ctx, 0, 1000); err == nil {
				for _, e := range evs {
					if e.Kind == kind {
						first = e.Appended
						break
					}
				}
			}
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	from, to := first.Add(warmup), first.Add(warmup+duration)
	fmt.Fprintf(os.Stderr, "streamlag: first %s at %s; measuring %s .. %s\n", kind, first.Format(time.TimeOnly), from.Format(time.TimeOnly), to.Format(time.TimeOnly))

	pos, err := st.Position(ctx, consumer)
	if err != nil {
		return res, err
	}
	var lags []time.Duration
	var headAtEnd int64 = -1
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-t.C:
		}
		now := time.Now()
		if headAtEnd < 0 && now.After(to) {
			if headAtEnd, err = st.Head(ctx); err != nil {
				return res, err
			}
		}
		p, err := st.Position(ctx, consumer)
		if err != nil {
			return res, err
		}
		for pos < p {
			evs, err := st.EventsAfter(ctx, pos, 5000)
			if err != nil {
				return res, err
			}
			if len(evs) == 0 {
				break
			}
			for _, e := range evs {
				if e.Seq > p {
					break
				}
				pos = e.Seq
				if e.Kind == kind && !e.Appended.Before(from) && e.Appended.Before(to) {
					lags = append(lags, now.Sub(e.Appended))
				}
			}
		}
		if headAtEnd >= 0 && pos >= headAtEnd {
			break
		}
		if headAtEnd >= 0 && now.After(to.Add(drain)) {
			// What the window appended and the consumer never applied.
			for {
				evs, err := st.EventsAfter(ctx, pos, 5000)
				if err != nil || len(evs) == 0 {
					break
				}
				for _, e := range evs {
					pos = e.Seq
					if e.Kind == kind && !e.Appended.Before(from) && e.Appended.Before(to) {
						lags = append(lags, now.Sub(e.Appended))
						res.NotApplied++
					}
				}
			}
			break
		}
	}
	if len(lags) == 0 {
		return res, fmt.Errorf("no %s event appended in the measured window", kind)
	}
	sort.Slice(lags, func(i, j int) bool { return lags[i] < lags[j] })
	res.Events = len(lags)
	res.P50ms = benchkit.Pct(lags, 50)
	res.P99ms = benchkit.Pct(lags, 99)
	res.MaxMs = float64(lags[len(lags)-1]) / float64(time.Millisecond)
	return res, nil
}
