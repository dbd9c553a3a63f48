package main

// -mode engine: the ledger engine alone, in this process, as issue 4's target
// reads it ("ledger postings per second with 32 concurrent clients moving
// money between random player accounts and a hot house account"): a fresh
// database opened and migrated as `palaro serve` opens it, 200 player main
// accounts funded from cashier clearing plus the house account, then 32
// goroutines posting transfers player <-> house through ledger.Store.Post (the
// group commit) in a closed loop. No HTTP, no operator session, no audit row:
// the `throughput` mode measures those on top (bench/README.md).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

const engineCurrency = "PHP"

type engineResult struct {
	throughputResult
	DBCPU          float64 `json:"dbCpuCores"`     // PostgreSQL backends (processes named postgres); 0 on SQLite
	Batches        int64   `json:"batches"`        // group-commit transactions in the measured window
	AvgBatch       float64 `json:"avgBatch"`       // postings per batch
	TotalPostings  int     `json:"totalPostings"`  // postings in the ledger at the end (set-up and warm-up included)
	VerifyProblems int     `json:"verifyProblems"` // ledger Verify after the run: must be 0
	VerifyOK       bool    `json:"verifyOk"`
}

// openLikeServe opens the database as `palaro serve` does (cmd/palaro/serve.go):
// db.Open (SQLite: WAL, synchronous NORMAL, busy timeout, immediate
// transactions, 8 connections; PostgreSQL: pgx, 32 connections), migrations
// on a fresh database, then the schema check.
func openLikeServe(ctx context.Context, url string) (*db.DB, error) {
	d, err := db.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	cur, err := d.SchemaVersion(ctx)
	if err != nil {
		d.Close()
		return nil, err
	}
	if cur != 0 {
		d.Close()
		return nil, fmt.Errorf("database %s is not fresh (schema version %d): the engine run needs an empty database", url, cur)
	}
	if _, err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	if err := d.CheckSchema(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

func engine(c config) error {
	// serve's garbage-collector default (cmd/palaro/gc.go): GOGC=400 unless GOGC is set.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx := context.Background()
	t0 := time.Now()
	d, err := openLikeServe(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer d.Close()
	s := ledger.NewStore(d, nil)
	clearing, err := s.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, engineCurrency))
	if err != nil {
		return err
	}
	house, err := s.EnsureAccount(ctx, ledger.System(ledger.PurposeHouse, engineCurrency))
	if err != nil {
		return err
	}
	// Players: main accounts of members 1..N, each opened with 5,000.00 from
	// cashier clearing (an adjustment posting, as an operator's opening credit).
	const opening = 500_000
	ids := make([]int64, c.players)
	for i := range ids {
		a, err := s.EnsureAccount(ctx, ledger.PlayerMain(int64(i+1), engineCurrency))
		if err != nil {
			return err
		}
		ids[i] = a.ID
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(ids))
	sem := make(chan struct{}, 16)
	for i, id := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			_, err := s.Post(ctx, ledger.PostingRequest{Key: fmt.Sprintf("engine-opening:%d", i+1), Kind: ledger.KindAdjustment,
				Lines: []ledger.Line{
					{AccountID: clearing.ID, Amount: -opening, Currency: engineCurrency},
					{AccountID: id, Amount: opening, Currency: engineCurrency},
				}, Metadata: map[string]string{"reason": "ledger bench opening balance"}})
			if err != nil {
				errs <- fmt.Errorf("opening posting of player %d: %w", i+1, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Printf("setup: fresh %s database opened and migrated as palaro serve does; %d player main accounts funded with %d.00 %s each from cashier clearing, house account %d (%.1f s)\n",
		d.Dialect, len(ids), opening/100, engineCurrency, house.ID, time.Since(t0).Seconds())

	pid := os.Getpid()
	run := func(d time.Duration, phase string, profile bool) (engineResult, error) {
		var mu sync.Mutex
		var lat []time.Duration
		var ok, refused, bad atomic.Int64
		var sample atomic.Value
		var peak atomic.Int64
		done := make(chan struct{})
		go func() { // sample this process's memory
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				_, rss := memKB(pid)
				if rss > peak.Load() {
					peak.Store(rss)
				}
				select {
				case <-done:
					return
				case <-t.C:
				}
			}
		}()
		if profile && c.cpuProfile != "" {
			f, err := os.Create(c.cpuProfile)
			if err != nil {
				return engineResult{}, err
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				return engineResult{}, err
			}
			defer pprof.StopCPUProfile()
		}
		stats0 := s.Stats()
		self0, pg0 := cpuTicks(pid), postgresTicks()
		busy0, total0 := machineTicks()
		start := time.Now()
		stop := start.Add(d)
		var wg sync.WaitGroup
		for w := 0; w < c.clients; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
				mine := make([]time.Duration, 0, 4096)
				for n := 0; time.Now().Before(stop); n++ {
					// Alternate: a bet (player -> house), then a win (house -> player).
					player := ids[r.IntN(len(ids))]
					amount := 100 + r.Int64N(4901) // 1.00 .. 50.00
					from, to, kind := player, house.ID, ledger.KindBet
					if n%2 == 1 {
						from, to, kind = house.ID, player, ledger.KindWin
					}
					round := fmt.Sprintf("%s-%d-%d", phase, w, n)
					req := ledger.PostingRequest{Key: "engine:" + round, Kind: kind, Lines: []ledger.Line{
						{AccountID: from, Amount: -amount, Currency: engineCurrency},
						{AccountID: to, Amount: amount, Currency: engineCurrency},
					}, Metadata: map[string]string{"round": round}}
					t := time.Now()
					_, err := s.Post(ctx, req)
					el := time.Since(t)
					switch {
					case err == nil:
						ok.Add(1)
					case apperr.As(err).Code == "ledger.insufficient_funds":
						refused.Add(1)
					default:
						bad.Add(1)
						sample.CompareAndSwap(nil, err.Error())
					}
					mine = append(mine, el)
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		self1, pg1 := cpuTicks(pid), postgresTicks()
		busy1, total1 := machineTicks()
		stats1 := s.Stats()
		close(done)
		slices.Sort(lat)
		pct := func(p float64) float64 {
			if len(lat) == 0 {
				return 0
			}
			i := int(float64(len(lat)) * p)
			if i >= len(lat) {
				i = len(lat) - 1
			}
			return float64(lat[i].Microseconds()) / 1000
		}
		// VmHWM is the peak since start; the kernel updates it lazily, so a
		// sampled VmRSS can be a little above it: report the larger.
		hwm, _ := memKB(pid)
		hwm = max(hwm, peak.Load())
		res := engineResult{throughputResult: throughputResult{Mode: "engine", Clients: c.clients, Players: len(ids), Seconds: el.Seconds(),
			Requests: int64(len(lat)), Postings: ok.Load(), Refused: refused.Load(), Errors: bad.Load(),
			PostingsPerS: float64(ok.Load()) / el.Seconds(), RequestsPerS: float64(len(lat)) / el.Seconds(),
			P50ms: pct(0.50), P90ms: pct(0.90), P99ms: pct(0.99), MaxMs: pct(1.0),
			PeakRSSMB: float64(peak.Load()) / 1024, HWMMB: float64(hwm) / 1024,
			ServerCPU: float64(self1-self0) / clkTck / el.Seconds()},
			DBCPU:   float64(pg1-pg0) / clkTck / el.Seconds(),
			Batches: stats1.Batches - stats0.Batches}
		if res.Batches > 0 {
			res.AvgBatch = float64(stats1.Postings-stats0.Postings) / float64(res.Batches)
		}
		if total1 > total0 {
			machine := float64(runtimeNumCPU()) * float64(busy1-busy0) / float64(total1-total0)
			res.OthersCPU = max(0, machine-res.ServerCPU-res.DBCPU)
		}
		if v := sample.Load(); v != nil {
			res.ErrorSample = v.(string)
		}
		return res, nil
	}
	if c.warmup > 0 {
		w, err := run(c.warmup, "w", false)
		if err != nil {
			return err
		}
		fmt.Printf("warm-up %.0f s: %.0f postings/s, p99 %.1f ms\n", c.warmup.Seconds(), w.PostingsPerS, w.P99ms)
	}
	res, err := run(c.duration, "m", true)
	if err != nil {
		return err
	}
	fmt.Printf("measured %.1f s with %d goroutines calling ledger.Store.Post: %d postings (%.0f/s), %d refused for insufficient funds, %d errors%s\n",
		res.Seconds, res.Clients, res.Postings, res.PostingsPerS, res.Refused, res.Errors, errSuffix(res.ErrorSample))
	fmt.Printf("latency of one Post: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; group commit: %d batches, %.1f postings per batch\n",
		res.P50ms, res.P90ms, res.P99ms, res.MaxMs, res.Batches, res.AvgBatch)
	fmt.Printf("memory of this process: peak VmRSS %.1f MB during the run, VmHWM %.1f MB (peak since start, set-up included)\n", res.PeakRSSMB, res.HWMMB)
	fmt.Printf("CPU cores used: this process (engine + the 32 client goroutines) %.2f, PostgreSQL backends %.2f, others %.2f\n",
		res.ServerCPU, res.DBCPU, res.OthersCPU)
	if c.cpuProfile != "" {
		fmt.Printf("CPU profile of the measured window: %s (go tool pprof -top %s)\n", c.cpuProfile, c.cpuProfile)
	}

	// The ledger must still add up.
	vctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	rep, err := s.Verify(vctx)
	if err != nil {
		return fmt.Errorf("ledger verify: %w", err)
	}
	res.TotalPostings, res.VerifyProblems, res.VerifyOK = rep.Postings, len(rep.Problems), rep.OK()
	fmt.Printf("ledger verify: %d accounts, %d postings, %d lines, %d problems\n", rep.Accounts, rep.Postings, rep.Lines, len(rep.Problems))
	for i, p := range rep.Problems {
		if i == 20 {
			fmt.Printf("  ... %d more\n", len(rep.Problems)-20)
			break
		}
		fmt.Println("  " + p.String())
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	if !rep.OK() {
		return errVerify
	}
	return nil
}

// errVerify: the run completed but the ledger does not add up (exit 1, the
// JSON line is printed).
var errVerify = errors.New("ledger verify reported problems")

// postgresTicks sums the CPU ticks of every process named postgres (the
// PostgreSQL server's backends on this machine), 0 when there are none or
// they are not visible.
func postgresTicks() int64 {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	var sum int64
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		comm, err := os.ReadFile("/proc/" + e.Name() + "/comm")
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			continue
		}
		pid, _ := strconv.Atoi(e.Name())
		sum += cpuTicks(pid)
	}
	return sum
}
