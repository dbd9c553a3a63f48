// Command seamless is the seamless-wallet benchmark of `make bench`
// (BENCH_ONLY item `seamless`, see bench/README.md). It starts `palaro
// serve` (demo catalogue) on the database it is given with a known secret
// for the demo vendor PG, opens game sessions for -players funded players in
// that database (as a launch would), then plays rounds as a vendor's server
// does: a signed `bet` then a signed `win` with endRound, over keep-alive
// HTTP, at -rate requests per second for -duration after -warmup.
//
// The load is open-loop: round i is due at start + i/(rate/2); a round that
// waits for a free client counts its wait in its bet's latency, so a stall
// shows in p99 (no coordinated omission). Afterwards the ledger is verified
// and every round of the run must be COMPLETED.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
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
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
)

const (
	vendor   = "PG"
	secret   = "bench-seamless-secret-0123456789abcdef"
	firstID  = 900_000_000 // synthetic member ids of the bench players
	funds    = 100_000_000 // minor units per player
	maxStake = 1_000
)

type config struct {
	timeline                  bool
	bin, dbURL, addr, logFile string
	players, clients, rate    int
	duration, warmup          time.Duration
}

type result struct {
	benchkit.Load
	BetP99ms        float64 `json:"betP99ms"`
	WinP99ms        float64 `json:"winP99ms"`
	Errors          int64   `json:"errors"`
	OpenRounds      int     `json:"openRounds"`
	VerifyProblems  int     `json:"verifyProblems"`
	HWMMB           float64 `json:"hwmMB"`
	MachineBusyPct  float64 `json:"machineBusyPct"` // the whole machine over the measured run (benchkit.MachineUse)
	MachineStealPct float64 `json:"machineStealPct"`
	// ServerCPUms is the server's CPU time (user+system) per measured round
	// (a bet and a win): what the A/B spine item compares.
	ServerCPUms float64 `json:"serverCPUmsPerRound"`
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL (fresh)")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:19800", "server address (loopback)")
	flag.StringVar(&c.logFile, "log", "", "server log file (default stderr)")
	flag.IntVar(&c.players, "players", 200, "players")
	flag.IntVar(&c.clients, "clients", 64, "concurrent vendor connections (max rounds in flight)")
	flag.IntVar(&c.rate, "rate", 2000, "callbacks per second (bet + win)")
	flag.DurationVar(&c.duration, "duration", 20*time.Second, "measured run")
	flag.DurationVar(&c.warmup, "warmup", 5*time.Second, "warm-up at the same rate")
	flag.BoolVar(&c.timeline, "timeline", false, "print p50/p99 for each second of the measured run (stderr)")
	profile := benchkit.ProfileFlag()
	flag.Parse()
	if c.dbURL == "" {
		fmt.Fprintln(os.Stderr, "seamless: -db is required")
		os.Exit(2)
	}
	stopProfile := profile()
	err := run(c)
	stopProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "seamless:", err)
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
	g, currency, err := pickGame(ctx, d)
	if err != nil {
		return err
	}
	tokens, err := openSessions(ctx, d, c.players, g, currency)
	if err != nil {
		return err
	}
	fmt.Printf("seamless bench: %s, game %s, %d players, %d req/s (%d rounds/s), %d clients, %s after %s warm-up\n",
		benchkit.DBLabel(c.dbURL), g.GameCode, c.players, c.rate, c.rate/2, c.clients, c.duration, c.warmup)

	// Each worker keeps one connection (benchkit.HTTPConn: no Transport
	// goroutines handing requests and answers over; the bench shares the
	// 2 cores with the server and PostgreSQL).
	base := "/lgw/vendor/" + vendor + "/wallet/"
	var errs atomic.Int64
	var mu sync.Mutex
	var lat, betLat, winLat []time.Duration
	var samples []benchkit.Sample
	var measuring atomic.Bool
	var seq atomic.Int64
	runID := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)

	type worker struct {
		conn *benchkit.HTTPConn
		buf  []byte
	}
	call := func(w *worker, op string, body []byte) bool {
		status, b, err := w.conn.Post(base+op, []benchkit.Header{
			{Name: "Content-Type", Value: "application/json"},
			{Name: vendorwallet.SignatureHeader, Value: vendorwallet.Sign([]byte(secret), time.Now(), body)},
		}, string(body), w.buf)
		w.buf = b
		return err == nil && status == http.StatusOK
	}
	play := func(w *worker, due time.Time) {
		n := seq.Add(1)
		p := int(n) % c.players
		stake := 100 + rand.Int64N(maxStake)
		round := "r" + runID + "-" + strconv.FormatInt(n, 36)
		common := fmt.Sprintf(`"sessionToken":%q,"playerId":%q,"roundId":%q,"gameCode":%q,"currency":%q`,
			tokens[p], seamless.PlayerID(firstID+int64(p)), round, g.GameCode, currency)
		bet := []byte(fmt.Sprintf(`{%s,"txId":"b%s","amount":%d}`, common, round, stake))
		okBet := call(w, seamless.OpBet, bet)
		betDone := time.Now()
		win := []byte(fmt.Sprintf(`{%s,"txId":"w%s","amount":%d,"endRound":true}`, common, round, rand.Int64N(2*stake+1)))
		okWin := okBet && call(w, seamless.OpWin, win)
		winDone := time.Now()
		if !okBet || !okWin {
			errs.Add(1)
		}
		if measuring.Load() {
			mu.Lock()
			b, w := betDone.Sub(due), winDone.Sub(betDone)
			lat, betLat, winLat = append(lat, b, w), append(betLat, b), append(winLat, w)
			if c.timeline { // both callbacks of the round, in the second the round was due
				samples = append(samples, benchkit.Sample{Due: due, Latency: b}, benchkit.Sample{Due: due, Latency: w})
			}
			mu.Unlock()
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
				play(w, due)
			}
		}()
	}
	interval := time.Duration(float64(time.Second) / (float64(c.rate) / 2))
	start := time.Now()
	warmEnd := start.Add(c.warmup)
	end := warmEnd.Add(c.duration)
	var measuredStart time.Time
	var machineStart benchkit.MachineTicks
	var cpuStart int64
	var measuredRounds int
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
			machineStart = benchkit.ReadMachineTicks()
			cpuStart = benchkit.CPUTicks(srv.Process.Pid)
		}
		if measuring.Load() {
			measuredRounds++
		}
		jobs <- due
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(measuredStart)
	cpuUsed := benchkit.CPUTicks(srv.Process.Pid) - cpuStart
	busy, steal := benchkit.MachineUse(machineStart, benchkit.ReadMachineTicks())
	if ctx.Err() != nil {
		return ctx.Err()
	}

	if c.timeline {
		benchkit.PrintTimeline(os.Stderr, warmEnd, benchkit.Timeline(warmEnd, samples))
	}
	res := result{Load: benchkit.NewLoad(c.dbURL, c.rate, lat, 2*measuredRounds, elapsed), Errors: errs.Load()}
	res.BetP99ms, res.WinP99ms = benchkit.Pct(betLat, 99), benchkit.Pct(winLat, 99)
	res.HWMMB = float64(benchkit.HWMKB(srv.Process.Pid)) / 1024
	res.MachineBusyPct, res.MachineStealPct = busy, steal
	if measuredRounds > 0 {
		res.ServerCPUms = float64(cpuUsed) * 10 / float64(measuredRounds) // ticks are 10 ms (USER_HZ 100)
	}

	// Every round ended; the ledger balances.
	time.Sleep(200 * time.Millisecond)
	if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM game_round WHERE status = ? AND round_id LIKE ?`), gamewallet.StatusOpen, "r"+runID+"-%").Scan(&res.OpenRounds); err != nil {
		return err
	}
	rep, err := ledger.NewStore(d, nil).Verify(ctx)
	if err != nil {
		return err
	}
	res.VerifyProblems = len(rep.Problems)

	fmt.Printf("%d callbacks in %.1fs: %.0f req/s; latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms (bet %.2f, win %.2f), max %.2f ms; %d errors; open rounds %d; ledger verify problems %d; server VmHWM %.1f MB; machine busy %.0f %%, steal %.1f %%\n",
		res.Requests, elapsed.Seconds(), res.RequestsPerSecond, res.P50ms, res.P90ms, res.P99ms, res.BetP99ms, res.WinP99ms, res.Maxms, res.Errors, res.OpenRounds, res.VerifyProblems, res.HWMMB, res.MachineBusyPct, res.MachineStealPct)
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	return nil
}

// pickGame is the first PG slot not under maintenance, and the brand
// currency. It reads the game table itself, by the columns every schema
// has: the spine A/B runs this program against the base commit's schema
// too, which this tree's catalogue code does not read.
func pickGame(ctx context.Context, d *db.DB) (game.GameView, string, error) {
	var g game.GameView
	err := d.QueryRowContext(ctx, d.Rebind(`SELECT node_id, game_code FROM game WHERE vendor_code = ? AND game_type = 'RNG' AND maintenance = 0
		ORDER BY sort, node_id LIMIT 1`), vendor).Scan(&g.NodeID, &g.GameCode)
	if db.IsNoRows(err) {
		return game.GameView{}, "", errors.New("no " + vendor + " game in the demo catalogue")
	}
	if err != nil {
		return game.GameView{}, "", err
	}
	b, err := brand.NewService(brand.NewStore(d), clock.System{}).Current(ctx)
	if err != nil {
		return game.GameView{}, "", err
	}
	return g, b.Currency.Code, nil
}

// openSessions funds the players and opens a game session each, as a
// launch would, in the server's database.
func openSessions(ctx context.Context, d *db.DB, n int, g game.GameView, currency string) ([]string, error) {
	l := ledger.NewStore(d, nil)
	sessions := gamewallet.NewService(gamewallet.NewStore(d), nil, nil, l, nil, nil, gamewallet.Config{})
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return nil, err
	}
	tokens := make([]string, n)
	for i := range tokens {
		id := int64(firstID + i)
		main, err := l.EnsureAccount(ctx, ledger.PlayerMain(id, currency))
		if err != nil {
			return nil, err
		}
		if _, err := l.Post(ctx, ledger.PostingRequest{Key: "bench-seamless-fund:" + strconv.FormatInt(id, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -funds, Currency: currency}, {AccountID: main.ID, Amount: funds, Currency: currency}}}); err != nil {
			return nil, err
		}
		if tokens[i], err = sessions.OpenSession(ctx, id, vendor, g.GameCode, g.NodeID, currency); err != nil {
			return nil, err
		}
	}
	return tokens, nil
}

// startServer starts the server in demo mode with the bench vendor's
// secret and waits until it is ready.
func startServer(c config) (*exec.Cmd, error) {
	env := benchkit.ServerEnv(append(benchkit.Demo(c.addr, c.dbURL), "PALARO_VENDOR_"+vendor+"_SECRET="+secret)...)
	return benchkit.StartServer(c.bin, env, c.addr, c.logFile)
}
