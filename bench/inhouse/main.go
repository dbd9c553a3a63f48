// Command inhouse is the in-house game server benchmark of `make bench`
// (BENCH_ONLY item `inhouse`, see bench/README.md). It starts `palaro serve`
// (demo mode: the BGS vendor secret is generated in the database) on the
// database it is given, creates -players members in that database, logs
// each in (account.Service.Login, as the login form would) and funds them,
// then spins the Parol slot over HTTP as the game page does:
// POST /wps/inhouse/slot/spin with a bearer token and an Idempotency-Key, at
// -rate requests per second for -duration after -warmup. A spin that
// awards free spins is finished with /slot/free calls (not measured).
//
// The load is open-loop: spin i is due at start + i/rate; a spin that waits
// for a free client counts its wait in its latency (no coordinated omission).
// Afterwards the ledger is verified and every measured round must be
// COMPLETED.
//
// With -ab-bonus (BENCH_ONLY item `bonusspin`) the measured run alternates
// phases between three sets of -players members each: members without a
// bonus, members with an active bonus and real money (their bets still come
// from main, with the bonus checks and the wagering on top), and members with
// an active bonus and no real money (every bet takes the game wallet's split
// path and stakes bonus money). The server's CPU time per spin of each phase
// gives the two ratios to the members without a bonus.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/wallet"
)

const (
	funds    = 100_000_000 // minor units per player
	minStake = 100
	maxStake = 1_000
	password = "BenchSpin2026"
)

type config struct {
	timeline, abBonus         bool
	phases                    int
	bin, dbURL, addr, logFile string
	players, clients, rate    int
	duration, warmup          time.Duration
}

type result struct {
	benchkit.Load
	Errors           int64   `json:"errors"`
	FreeSpinRounds   int64   `json:"freeSpinRounds"`
	UnfinishedRounds int     `json:"unfinishedRounds"`
	VerifyProblems   int     `json:"verifyProblems"`
	HWMMB            float64 `json:"hwmMB"`
	ServerCPUms      float64 `json:"serverCPUmsPerSpin"` // the server's CPU time (user+system) per measured spin
	MachineBusyPct   float64 `json:"machineBusyPct"`     // the whole machine over the measured run (benchkit.MachineUse)
	MachineStealPct  float64 `json:"machineStealPct"`
	// With -ab-bonus: CPU per spin of each set over its phases, and the ratios to the plain set.
	Bonus *bonusAB `json:"bonus,omitempty"`
}

type bonusAB struct {
	PlainCPUms     float64 `json:"plainCPUms"`
	BonusMainCPUms float64 `json:"bonusMainCPUms"`
	BonusOnlyCPUms float64 `json:"bonusOnlyCPUms"`
	MainRatio      float64 `json:"bonusMainRatio"`
	OnlyRatio      float64 `json:"bonusOnlyRatio"`
	Phases         int     `json:"phases"`
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL (fresh)")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:19900", "server address (loopback)")
	flag.StringVar(&c.logFile, "log", "", "server log file (default stderr)")
	flag.IntVar(&c.players, "players", 200, "players")
	flag.IntVar(&c.clients, "clients", 64, "concurrent HTTP connections (max spins in flight)")
	flag.IntVar(&c.rate, "rate", 1000, "spins per second")
	flag.DurationVar(&c.duration, "duration", 20*time.Second, "measured run")
	flag.DurationVar(&c.warmup, "warmup", 5*time.Second, "warm-up at the same rate")
	flag.BoolVar(&c.timeline, "timeline", false, "print p50/p99 for each second of the measured run (stderr)")
	flag.BoolVar(&c.abBonus, "ab-bonus", false, "alternate phases: members without a bonus, with a bonus and real money, with a bonus only")
	flag.IntVar(&c.phases, "phases", 4, "with -ab-bonus: rounds of the three phases in the measured run")
	profile := benchkit.ProfileFlag()
	flag.Parse()
	if c.dbURL == "" {
		fmt.Fprintln(os.Stderr, "inhouse: -db is required")
		os.Exit(2)
	}
	stopProfile := profile()
	err := run(c)
	stopProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "inhouse:", err)
		os.Exit(2)
	}
}

func run(c config) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := startServer(c)
	if err != nil {
		return err
	}
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _, _ = srv.Process.Wait() }()

	d, err := db.Open(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer d.Close()
	tokens, err := loginPlayers(ctx, d, c.players, "bench", funds, false)
	if err != nil {
		return err
	}
	sets := [][]string{tokens}
	if c.abBonus {
		withMain, err := loginPlayers(ctx, d, c.players, "benchbm", funds, true)
		if err != nil {
			return err
		}
		bonusOnly, err := loginPlayers(ctx, d, c.players, "benchbo", 0, true)
		if err != nil {
			return err
		}
		sets = append(sets, withMain, bonusOnly)
	}
	// phase is the set the next spins go to; spins[i] and ticks[i] add up each set's measured phases.
	var phase atomic.Int32
	var setSpins [3]atomic.Int64
	var setTicks [3]int64
	fmt.Printf("in-house bench: %s, slot spins, %d players, %d req/s, %d clients, %s after %s warm-up\n",
		benchkit.DBLabel(c.dbURL), c.players, c.rate, c.clients, c.duration, c.warmup)

	// Each worker keeps one connection (benchkit.HTTPConn: no Transport
	// goroutines between the bench and the socket).
	base := "/wps/inhouse/"
	runID := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	var errs, freeRounds atomic.Int64
	var seq atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var samples []benchkit.Sample
	var measuring atomic.Bool

	type answer struct {
		Value struct {
			Round struct {
				ID      int64           `json:"id"`
				Status  string          `json:"status"`
				Outcome json.RawMessage `json:"outcome"`
			} `json:"round"`
		} `json:"value"`
		Success bool   `json:"success"`
		Code    string `json:"code"`
	}
	type worker struct {
		conn *benchkit.HTTPConn
		buf  []byte
	}
	post := func(w *worker, path, token, key string, body string) (answer, error) {
		var a answer
		status, b, err := w.conn.Post(base+path, []benchkit.Header{
			{Name: "Content-Type", Value: "application/json"},
			{Name: "Authorization", Value: "Bearer " + token},
			{Name: "Idempotency-Key", Value: key},
		}, body, w.buf)
		w.buf = b
		if err != nil {
			return a, err
		}
		if err := json.Unmarshal(b, &a); err != nil {
			return a, err
		}
		if status != http.StatusOK || !a.Success {
			return a, fmt.Errorf("%s: %d %s", path, status, a.Code)
		}
		return a, nil
	}
	var logged atomic.Int32
	spin := func(w *worker, due time.Time) {
		n := seq.Add(1)
		set := int(phase.Load())
		toks := sets[set]
		p := int(n) % len(toks)
		key := "b" + runID + "-" + strconv.FormatInt(n, 36)
		a, err := post(w, "slot/spin", toks[p], key, `{"amount":`+strconv.FormatInt(minStake+rand.Int64N(maxStake-minStake+1), 10)+`}`)
		done := time.Now()
		if err != nil {
			errs.Add(1)
			if logged.Add(1) <= 5 {
				fmt.Fprintln(os.Stderr, "spin:", err)
			}
			return
		}
		if measuring.Load() {
			setSpins[set].Add(1)
			mu.Lock()
			lat = append(lat, done.Sub(due))
			if c.timeline {
				samples = append(samples, benchkit.Sample{Due: due, Latency: done.Sub(due)})
			}
			mu.Unlock()
		}
		// Free spins keep the round open: play them out (not measured).
		for i := 0; a.Value.Round.Status == "OPEN" && i < 200; i++ {
			if i == 0 {
				freeRounds.Add(1)
			}
			a, err = post(w, "slot/free", toks[p], key+"-f"+strconv.Itoa(i), `{"roundId":`+strconv.FormatInt(a.Value.Round.ID, 10)+`}`)
			if err != nil {
				errs.Add(1)
				return
			}
		}
	}

	jobs := make(chan time.Time, 1<<16)
	var wg sync.WaitGroup
	for i := 0; i < c.clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{conn: benchkit.NewHTTPConn(c.addr, 5*time.Second)}
			defer w.conn.Close()
			for due := range jobs {
				spin(w, due)
			}
		}()
	}
	interval := time.Duration(float64(time.Second) / float64(c.rate))
	start := time.Now()
	warmEnd := start.Add(c.warmup)
	end := warmEnd.Add(c.duration)
	var measuredStart time.Time
	var cpuStart int64
	var machineStart benchkit.MachineTicks
	measured := 0
	nphases := 3 * max(c.phases, 1)
	phaseLen := c.duration / time.Duration(nphases)
	cur, phaseTicks := 0, int64(0)
	for i := 0; ; i++ {
		due := start.Add(time.Duration(i) * interval)
		if !due.Before(end) || ctx.Err() != nil {
			break
		}
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		}
		if !due.Before(warmEnd) && !measuring.Load() {
			measuring.Store(true)
			measuredStart = time.Now()
			cpuStart = benchkit.CPUTicks(srv.Process.Pid)
			machineStart = benchkit.ReadMachineTicks()
		}
		if c.abBonus {
			// In the warm-up the sets take turns spin by spin; then each phase is one set's.
			next := i % 3
			if measuring.Load() {
				next = int(due.Sub(warmEnd)/phaseLen) % 3
			}
			if next != cur || (measuring.Load() && phaseTicks == 0) {
				t := benchkit.CPUTicks(srv.Process.Pid)
				if measuring.Load() && phaseTicks != 0 {
					setTicks[cur] += t - phaseTicks
				}
				if measuring.Load() {
					phaseTicks = t
				}
				cur = next
				phase.Store(int32(next))
			}
		}
		if measuring.Load() {
			measured++
		}
		jobs <- due
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(measuredStart)
	cpuUsed := benchkit.CPUTicks(srv.Process.Pid) - cpuStart
	if c.abBonus && phaseTicks != 0 {
		setTicks[cur] += benchkit.CPUTicks(srv.Process.Pid) - phaseTicks
	}
	busy, steal := benchkit.MachineUse(machineStart, benchkit.ReadMachineTicks())
	if ctx.Err() != nil {
		return ctx.Err()
	}

	if c.timeline {
		benchkit.PrintTimeline(os.Stderr, warmEnd, benchkit.Timeline(warmEnd, samples))
	}
	res := result{Load: benchkit.NewLoad(c.dbURL, c.rate, lat, measured, elapsed), Errors: errs.Load(), FreeSpinRounds: freeRounds.Load()}
	res.HWMMB = float64(benchkit.HWMKB(srv.Process.Pid)) / 1024
	res.MachineBusyPct, res.MachineStealPct = busy, steal
	if len(lat) > 0 {
		res.ServerCPUms = float64(cpuUsed) * 10 / float64(len(lat)) // ticks are 10 ms (USER_HZ 100); free spins included
	}
	if c.abBonus {
		per := func(i int) float64 {
			if n := setSpins[i].Load(); n > 0 {
				return float64(setTicks[i]) * 10 / float64(n)
			}
			return 0
		}
		ab := &bonusAB{PlainCPUms: per(0), BonusMainCPUms: per(1), BonusOnlyCPUms: per(2), Phases: nphases}
		if ab.PlainCPUms > 0 {
			ab.MainRatio, ab.OnlyRatio = ab.BonusMainCPUms/ab.PlainCPUms, ab.BonusOnlyCPUms/ab.PlainCPUms
		}
		res.Bonus = ab
		fmt.Printf("server CPU per spin: no bonus %.3f ms, bonus and real money %.3f ms (x%.3f), bonus only %.3f ms (x%.3f); %d phases\n",
			ab.PlainCPUms, ab.BonusMainCPUms, ab.MainRatio, ab.BonusOnlyCPUms, ab.OnlyRatio, nphases)
	}

	// Every round of the run ended; the ledger balances.
	time.Sleep(200 * time.Millisecond)
	if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM inhouse_round WHERE state NOT IN ('COMPLETED', 'CANCELLED') AND idem_key LIKE ?`), "b"+runID+"-%").Scan(&res.UnfinishedRounds); err != nil {
		return err
	}
	rep, err := ledger.NewStore(d, nil).Verify(ctx)
	if err != nil {
		return err
	}
	res.VerifyProblems = len(rep.Problems)

	fmt.Printf("%d spins in %.1fs: %.0f req/s; latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; %d errors; %d rounds with free spins; unfinished rounds %d; ledger verify problems %d; server VmHWM %.1f MB, CPU %.2f ms per spin; machine busy %.0f %%, steal %.1f %%\n",
		res.Requests, elapsed.Seconds(), res.RequestsPerSecond, res.P50ms, res.P90ms, res.P99ms, res.Maxms, res.Errors, res.FreeSpinRounds, res.UnfinishedRounds, res.VerifyProblems, res.HWMMB, res.ServerCPUms, res.MachineBusyPct, res.MachineStealPct)
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	return nil
}

// loginPlayers creates n members (<prefix>0001 ...) in the server's database,
// funds their main wallets with main, grants each a bonus of `funds` when
// bonus is set (wagering far beyond the run, a maximum bet the stakes stay
// under) and logs each in, returning the session tokens.
func loginPlayers(ctx context.Context, d *db.DB, n int, prefix string, main int64, bonus bool) ([]string, error) {
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	b, err := brands.Current(ctx)
	if err != nil {
		return nil, err
	}
	currency := b.Currency.Code
	members := account.NewStore(d)
	p := account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32} // cheap: the bench measures spins, not logins
	hash, err := account.HashPassword(password, p)
	if err != nil {
		return nil, err
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = p, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	l := ledger.NewStore(d, nil)
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return nil, err
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	gw := gamewallet.NewService(gamewallet.NewStore(d), nil, wallet.NewService(l, brands, nil, logger), l, clock.System{}, logger, gamewallet.Config{})
	now := time.Now()
	tokens := make([]string, n)
	for i := range tokens {
		name := fmt.Sprintf("%s%04d", prefix, i+1)
		m, err := members.MemberByAccount(ctx, name)
		if err != nil {
			m = account.Member{Account: name, Nickname: name, Type: account.TypeMember, PasswordHash: hash, PasswordChangedAt: now, CreatedAt: now, RegisterMethod: "SEED"}
			if err := members.CreateMember(ctx, &m); err != nil {
				return nil, fmt.Errorf("create %s: %w", name, err)
			}
		}
		acct, err := l.EnsureAccount(ctx, ledger.PlayerMain(m.ID, currency))
		if err != nil {
			return nil, err
		}
		if main > 0 {
			if _, err := l.Post(ctx, ledger.PostingRequest{Key: "bench-inhouse-fund:" + strconv.FormatInt(m.ID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
				{AccountID: clearing.ID, Amount: -main, Currency: currency}, {AccountID: acct.ID, Amount: main, Currency: currency}}}); err != nil {
				return nil, err
			}
		}
		if bonus {
			if _, err := gw.GrantBonus(ctx, gamewallet.GrantRequest{Key: "bench-inhouse-bonus:" + strconv.FormatInt(m.ID, 10), MemberID: m.ID, Currency: currency,
				Source: "BENCH", Title: "bench", Amount: funds, WagerRequired: 1e12, MaxBet: 10 * maxStake,
				Weights: map[string]int64{"RNG": 10_000, "BGS": 10_000}, ValidFor: 24 * time.Hour}); err != nil {
				return nil, fmt.Errorf("bonus %s: %w", name, err)
			}
		}
		res, err := accounts.Login(ctx, account.LoginRequest{Username: name, Password: password}, account.Client{IP: "127.0.0." + strconv.Itoa(1+i%250), UserAgent: "bench-inhouse"})
		if err != nil {
			return nil, fmt.Errorf("login %s: %w", name, err)
		}
		tokens[i] = res.Token
	}
	return tokens, nil
}

// startServer starts the server in demo mode and waits until it is ready.
func startServer(c config) (*exec.Cmd, error) {
	return benchkit.StartServer(c.bin, benchkit.ServerEnv(benchkit.Demo(c.addr, c.dbURL)...), c.addr, c.logFile)
}
