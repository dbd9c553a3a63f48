// Command ledger is the money-path benchmark of `make bench` (BENCH_ONLY items
// `ledger` and `ledgercrash`, see bench/README.md). It starts `palaro serve`
// on the database it is given, creates players with `palaro member add`,
// logs in the demo operator finance01 and drives POST /ops/v1/adjustments
// with concurrent keep-alive clients:
//
//	throughput: CLIENTS clients post random CREDIT/DEBIT adjustments between
//	random players and the house for -duration; reports postings/s, p50/p99
//	and the server's peak RSS.
//	crash: the same load while the server is killed with SIGKILL 3-5 times at
//	random moments and restarted; clients retry in-flight requests with the
//	same Idempotency-Key; then `palaro ledger verify` must pass and every
//	acknowledged key must be in the ledger exactly once, with no posting for a
//	key that was never sent.
//
//	engine (engine.go): no server and no HTTP: a fresh database opened in this
//	process as the server opens it, -players funded player accounts and the
//	house, -clients goroutines posting player <-> house transfers straight
//	into ledger.Store.Post; reports postings/s, p50/p99, this process's
//	memory and CPU, then runs the ledger Verify (exit 1 when it finds problems).
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
)

type config struct {
	mode       string
	bin        string
	dbURL      string
	addr       string
	players    int
	clients    int
	duration   time.Duration
	warmup     time.Duration
	kills      int
	logFile    string
	serverEnv  string
	cpuProfile string
}

func main() {
	var c config
	flag.StringVar(&c.mode, "mode", "throughput", "throughput | crash | engine")
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL for the server (fresh database)")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:19100", "loopback address for the server (not used by engine)")
	flag.IntVar(&c.players, "players", 200, "players to create")
	flag.IntVar(&c.clients, "clients", 32, "concurrent clients (HTTP connections; engine: goroutines)")
	flag.DurationVar(&c.duration, "duration", 15*time.Second, "measured duration (crash: total duration)")
	flag.DurationVar(&c.warmup, "warmup", 3*time.Second, "warm-up before measuring (throughput)")
	flag.IntVar(&c.kills, "kills", 0, "crash: SIGKILLs (0: random 3..5)")
	flag.StringVar(&c.logFile, "log", "", "server log file (appended)")
	flag.StringVar(&c.serverEnv, "server-env", "", "extra server environment, space separated K=V")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "engine: write a CPU profile of the measured window to this file")
	flag.Parse()
	if c.dbURL == "" {
		fatal(errors.New("-db is required"))
	}
	// run.sh's timeout or trap stops us with SIGTERM/SIGINT: take the server down too.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-sig
		current.Lock()
		if s := current.s; s != nil && s.cmd != nil {
			_ = s.cmd.Process.Kill()
		}
		current.Unlock()
		fmt.Fprintln(os.Stderr, "bench/ledger: interrupted")
		os.Exit(2)
	}()
	var err error
	switch c.mode {
	case "throughput":
		err = throughput(c)
	case "crash":
		err = crash(c)
	case "engine":
		err = engine(c)
	default:
		err = fmt.Errorf("unknown -mode %q", c.mode)
	}
	if errors.Is(err, errVerify) {
		fmt.Fprintln(os.Stderr, "bench/ledger: FAIL:", err)
		os.Exit(1)
	}
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench/ledger: ERROR:", err)
	os.Exit(2)
}

// ---------------------------------------------------------------- server

type server struct {
	c   config
	cmd *exec.Cmd
	log *os.File
}

// current is the server to take down on a signal.
var current struct {
	sync.Mutex
	s *server
}

func (s *server) start() error {
	current.Lock()
	current.s = s
	current.Unlock()
	cmd := exec.Command(s.c.bin, "serve")
	env := []string{}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "PALARO_") || strings.HasPrefix(e, "PALARO_DEBUG_ADDR=") { // the profiler (cmd/palaro/debug.go) may be asked for
			env = append(env, e)
		}
	}
	env = append(env, "PALARO_ADDR="+s.c.addr, "PALARO_DATABASE_URL="+s.c.dbURL, "PALARO_DEMO=1",
		"PALARO_LOG_LEVEL=warn", "PALARO_SHUTDOWN_GRACE=2s")
	if s.c.serverEnv != "" {
		env = append(env, strings.Fields(s.c.serverEnv)...)
	}
	cmd.Env = env
	if s.log == nil {
		s.log = os.Stderr
		if s.c.logFile != "" {
			f, err := os.OpenFile(s.c.logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
			if err != nil {
				return err
			}
			s.log = f
		}
	}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	// The server dies with the benchmark, whatever stops it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s serve: %w", s.c.bin, err)
	}
	s.cmd = cmd
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("palaro serve exited during start-up (log: %s)", s.c.logFile)
		default:
		}
		resp, err := http.Get("http://" + s.c.addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("palaro serve not ready after 60 s")
}

func (s *server) pid() int { return s.cmd.Process.Pid }

func (s *server) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	for i := 0; i < 100 && processAlive(s.pid()); i++ {
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *server) stop() {
	if s.cmd == nil || !processAlive(s.pid()) {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	for i := 0; i < 100 && processAlive(s.pid()); i++ {
		time.Sleep(50 * time.Millisecond)
	}
	_ = s.cmd.Process.Kill()
}

// processAlive: the child is reaped by cmd.Wait, so /proc/<pid> goes away.
func processAlive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}

// memKB reads VmHWM (peak resident set) and VmRSS of a process, in KiB.
func memKB(pid int) (hwm, rss int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmHWM:":
			hwm = v
		case "VmRSS:":
			rss = v
		}
	}
	return hwm, rss
}

// ---------------------------------------------------------------- setup

var memberRe = regexp.MustCompile(`member created: id=(\d+)`)

// addPlayers runs `palaro member add` for n players, a few at a time.
func addPlayers(c config, n int) ([]int64, error) {
	ids := make([]int64, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	tag := strconv.FormatInt(time.Now().Unix()%100000, 36)
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			cmd := exec.Command(c.bin, "member", "add", "--username", fmt.Sprintf("lb%s%03d", tag, i))
			cmd.Env = append(os.Environ(), "PALARO_DATABASE_URL="+c.dbURL, "PALARO_MEMBER_PASSWORD=BenchPass2026", "PALARO_LOG_LEVEL=warn")
			out, err := cmd.CombinedOutput()
			m := memberRe.FindSubmatch(out)
			if err != nil || m == nil {
				errs <- fmt.Errorf("palaro member add: %v: %s", err, bytes.TrimSpace(out))
				return
			}
			ids[i], _ = strconv.ParseInt(string(m[1]), 10, 64)
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return ids, nil
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Value   json.RawMessage `json:"value"`
}

type client struct {
	base string
	http *http.Client
	mu   sync.RWMutex
	tok  string
}

func newClient(addr string, conns int) *client {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConns:        conns * 2,
		MaxIdleConnsPerHost: conns * 2,
		MaxConnsPerHost:     conns * 2,
		IdleConnTimeout:     30 * time.Second,
	}
	return &client{base: "http://" + addr, http: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

func (c *client) token() string { c.mu.RLock(); defer c.mu.RUnlock(); return c.tok }

// demoOTP gives finance01's one-time codes (FINANCE signs in with one).
var demoOTP benchkit.DemoOTP

func (c *client) login() error {
	body := `{"username":"finance01","password":"Palaro2026","otp":"` + demoOTP.Next() + `"}`
	resp, err := c.http.Post(c.base+"/ops/v1/login", "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || !env.Success {
		return fmt.Errorf("login of finance01: status %d code %q %v", resp.StatusCode, env.Code, err)
	}
	var v struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(env.Value, &v); err != nil || v.Token == "" {
		return fmt.Errorf("login of finance01: no token")
	}
	c.mu.Lock()
	c.tok = v.Token
	c.mu.Unlock()
	return nil
}

type adjustment struct {
	key       string
	member    int64
	direction string
	cents     int64
}

func (a adjustment) body() string {
	return fmt.Sprintf(`{"memberId":%d,"direction":%q,"amount":"%d.%02d","reason":"ledger bench"}`, a.member, a.direction, a.cents/100, a.cents%100)
}

// outcome of one request: status, error code, transport error.
type outcome struct {
	status int
	code   string
	err    error // transport error: no answer
}

func (c *client) adjust(a adjustment) outcome {
	req, _ := http.NewRequest(http.MethodPost, c.base+"/ops/v1/adjustments", strings.NewReader(a.body()))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token())
	req.Header.Set("Idempotency-Key", a.key)
	resp, err := c.http.Do(req)
	if err != nil {
		return outcome{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return outcome{err: err}
	}
	var env envelope
	_ = json.Unmarshal(b, &env)
	return outcome{status: resp.StatusCode, code: env.Code}
}

// fund credits every player once (not measured), so debits mostly succeed.
func fund(cl *client, ids []int64, prefix string, cents int64, sent func(string)) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(ids))
	sem := make(chan struct{}, 16)
	for _, id := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			a := adjustment{key: fmt.Sprintf("%sfund-%d", prefix, id), member: id, direction: "CREDIT", cents: cents}
			if sent != nil {
				sent(a.key)
			}
			if o := cl.adjust(a); o.err != nil || o.status != 200 {
				errs <- fmt.Errorf("funding member %d: status %d code %q %v", id, o.status, o.code, o.err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func randomAdjustment(r *rand.Rand, ids []int64, key string) adjustment {
	a := adjustment{key: key, member: ids[r.IntN(len(ids))], direction: "CREDIT", cents: 100 + r.Int64N(4900)}
	if r.IntN(2) == 0 {
		a.direction = "DEBIT"
	}
	return a
}

func setup(c config, s *server) (*client, []int64, error) {
	if err := s.start(); err != nil {
		return nil, nil, err
	}
	t0 := time.Now()
	ids, err := addPlayers(c, c.players)
	if err != nil {
		return nil, nil, err
	}
	fmt.Printf("setup: %d players created with palaro member add in %.1f s\n", len(ids), time.Since(t0).Seconds())
	cl := newClient(c.addr, c.clients)
	if err := cl.login(); err != nil {
		return nil, nil, err
	}
	return cl, ids, nil
}

// ---------------------------------------------------------------- throughput

type throughputResult struct {
	Mode         string  `json:"mode"`
	Clients      int     `json:"clients"`
	Players      int     `json:"players"`
	Seconds      float64 `json:"seconds"`
	Requests     int64   `json:"requests"`
	Postings     int64   `json:"postings"` // 200 answers
	Refused      int64   `json:"refused"`  // 409 ledger.insufficient_funds
	Errors       int64   `json:"errors"`   // anything else
	ErrorSample  string  `json:"errorSample,omitempty"`
	PostingsPerS float64 `json:"postingsPerSecond"`
	RequestsPerS float64 `json:"requestsPerSecond"`
	P50ms        float64 `json:"p50ms"`
	P90ms        float64 `json:"p90ms"`
	P99ms        float64 `json:"p99ms"`
	MaxMs        float64 `json:"maxMs"`
	PeakRSSMB    float64 `json:"peakRssMB"` // max VmRSS sampled during the run
	HWMMB        float64 `json:"hwmMB"`     // VmHWM at the end: peak since the server started (includes set-up)
	ServerCPU    float64 `json:"serverCpuCores"`
	ClientCPU    float64 `json:"clientCpuCores"` // this program (the clients)
	OthersCPU    float64 `json:"othersCpuCores"` // everything else: PostgreSQL backends, other work on the machine
}

func throughput(c config) error {
	s := &server{c: c}
	defer s.stop()
	cl, ids, err := setup(c, s)
	if err != nil {
		return err
	}
	if err := fund(cl, ids, "tp-", 500_000, nil); err != nil {
		return err
	}
	run := func(d time.Duration, measure bool) throughputResult {
		var mu sync.Mutex
		var lat []time.Duration
		var ok, refused, bad atomic.Int64
		var sample atomic.Value
		stop := time.Now().Add(d)
		var wg sync.WaitGroup
		var peak atomic.Int64
		done := make(chan struct{})
		go func() { // sample the server's memory
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				_, rss := memKB(s.pid())
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
		cpu0, self0 := cpuTicks(s.pid()), cpuTicks(os.Getpid())
		busy0, total0 := machineTicks()
		t0 := time.Now()
		phase := "w"
		if measure {
			phase = "m"
		}
		for w := 0; w < c.clients; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
				var mine []time.Duration
				for n := 0; time.Now().Before(stop); n++ {
					a := randomAdjustment(r, ids, fmt.Sprintf("tp%s-%d-%d", phase, w, n))
					t := time.Now()
					o := cl.adjust(a)
					el := time.Since(t)
					switch {
					case o.err == nil && o.status == 200:
						ok.Add(1)
					case o.err == nil && o.status == 409 && o.code == "ledger.insufficient_funds":
						refused.Add(1)
					default:
						bad.Add(1)
						sample.CompareAndSwap(nil, fmt.Sprintf("status %d code %q err %v", o.status, o.code, o.err))
					}
					mine = append(mine, el)
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		el := time.Since(t0)
		cpu1, self1 := cpuTicks(s.pid()), cpuTicks(os.Getpid())
		busy1, total1 := machineTicks()
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
		hwm, _ := memKB(s.pid())
		res := throughputResult{Mode: "throughput", Clients: c.clients, Players: len(ids), Seconds: el.Seconds(),
			Requests: int64(len(lat)), Postings: ok.Load(), Refused: refused.Load(), Errors: bad.Load(),
			PostingsPerS: float64(ok.Load()) / el.Seconds(), RequestsPerS: float64(len(lat)) / el.Seconds(),
			P50ms: pct(0.50), P90ms: pct(0.90), P99ms: pct(0.99), MaxMs: pct(1.0),
			PeakRSSMB: float64(peak.Load()) / 1024, HWMMB: float64(hwm) / 1024,
			ServerCPU: float64(cpu1-cpu0) / clkTck / el.Seconds(), ClientCPU: float64(self1-self0) / clkTck / el.Seconds()}
		if total1 > total0 {
			machine := float64(runtimeNumCPU()) * float64(busy1-busy0) / float64(total1-total0)
			res.OthersCPU = max(0, machine-res.ServerCPU-res.ClientCPU)
		}
		if v := sample.Load(); v != nil {
			res.ErrorSample = v.(string)
		}
		return res
	}
	if c.warmup > 0 {
		w := run(c.warmup, false)
		fmt.Printf("warm-up %.0f s: %.0f postings/s, p99 %.1f ms\n", c.warmup.Seconds(), w.PostingsPerS, w.P99ms)
	}
	res := run(c.duration, true)
	fmt.Printf("measured %.1f s with %d clients: %d requests, %d postings (%.0f/s), %d refused for insufficient funds, %d errors%s\n",
		res.Seconds, res.Clients, res.Requests, res.Postings, res.PostingsPerS, res.Refused, res.Errors, errSuffix(res.ErrorSample))
	fmt.Printf("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; server peak RSS %.1f MB (VmHWM %.1f MB)\n",
		res.P50ms, res.P90ms, res.P99ms, res.MaxMs, res.PeakRSSMB, res.HWMMB)
	fmt.Printf("CPU cores used: server %.2f, clients %.2f, others %.2f (PostgreSQL backends and any other work on the machine)\n",
		res.ServerCPU, res.ClientCPU, res.OthersCPU)
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	return nil
}

func errSuffix(s string) string {
	if s == "" {
		return ""
	}
	return " (first error: " + s + ")"
}

const clkTck = 100.0 // USER_HZ on Linux

func runtimeNumCPU() int { return runtime.NumCPU() }

// machineTicks: busy and total jiffies of the whole machine (/proc/stat).
func machineTicks() (busy, total int64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		total += n
		if i != 3 && i != 4 { // idle, iowait
			busy += n
		}
	}
	return busy, total
}

func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+2:]
	}
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// ---------------------------------------------------------------- crash

type crashResult struct {
	Mode         string `json:"mode"`
	Kills        int    `json:"kills"`
	Sent         int    `json:"sent"`         // distinct keys sent
	Acked        int    `json:"acked"`        // keys answered 200
	Refused      int    `json:"refused"`      // keys answered 409 insufficient funds
	Retries      int64  `json:"retries"`      // requests sent again with the same key after no answer
	Postings     int    `json:"postings"`     // adjustment postings in the ledger
	MissingAcked int    `json:"missingAcked"` // acknowledged keys not in the ledger
	Duplicated   int    `json:"duplicated"`   // keys in the ledger more than once
	Unknown      int    `json:"unknownKeys"`  // postings whose key was never sent
	AmountWrong  int    `json:"amountWrong"`  // acknowledged postings whose amount differs from the request
	Verify       string `json:"verify"`       // palaro ledger verify output (last line)
	VerifyExit   int    `json:"verifyExit"`
	// The activity stream: each adjustment posting's fact exactly once,
	// and the daily figures equal to their recompute (palaro events verify).
	FactsMissing int    `json:"factsMissing"` // postings without their adjustment fact
	FactsExtra   int    `json:"factsExtra"`   // adjustment facts twice, or without a posting
	Events       string `json:"events"`       // palaro events verify output (last line)
	EventsExit   int    `json:"eventsExit"`
	OK           bool   `json:"ok"`
}

func crash(c config) error {
	s := &server{c: c}
	defer s.stop()
	cl, ids, err := setup(c, s)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	sent := map[string]adjustment{}
	acked := map[string]bool{}
	refused := map[string]bool{}
	// A small float per player: some debits are refused, and a refused key
	// must not appear in the ledger.
	const float = 10_000
	markSent := func(k string) { mu.Lock(); sent[k] = adjustment{key: k, cents: float}; mu.Unlock() }
	if err := fund(cl, ids, "cr-", float, markSent); err != nil {
		return err
	}
	mu.Lock()
	for k := range sent {
		acked[k] = true
	}
	mu.Unlock()

	kills := c.kills
	if kills <= 0 {
		kills = 3 + rand.IntN(3)
	}
	var retries atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), c.duration)
	defer cancel()
	var wg sync.WaitGroup
	var fatalErr atomic.Value
	for w := 0; w < c.clients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for n := 0; ctx.Err() == nil; n++ {
				a := randomAdjustment(r, ids, fmt.Sprintf("cr-%d-%d", w, n))
				mu.Lock()
				sent[a.key] = a
				mu.Unlock()
				// Retry the same key and body until the server answers; an
				// in-flight request may or may not have committed before the kill.
				for attempt := 0; ; attempt++ {
					if attempt > 0 {
						retries.Add(1)
						time.Sleep(50 * time.Millisecond)
					}
					o := cl.adjust(a)
					if o.err != nil || o.status >= 500 {
						if attempt > 2000 {
							fatalErr.CompareAndSwap(nil, fmt.Errorf("key %s: no answer after %d attempts: %v", a.key, attempt, o.err))
							return
						}
						continue
					}
					if o.status == 401 { // session lost: log in again, same key
						for cl.login() != nil {
							time.Sleep(100 * time.Millisecond)
						}
						continue
					}
					mu.Lock()
					switch {
					case o.status == 200:
						acked[a.key] = true
					case o.status == 409 && o.code == "ledger.insufficient_funds":
						refused[a.key] = true
					default:
						fatalErr.CompareAndSwap(nil, fmt.Errorf("key %s: unexpected answer %d %s", a.key, o.status, o.code))
					}
					mu.Unlock()
					break
				}
			}
		}()
	}
	// The killer: kills spread over the run at random moments.
	slot := c.duration / time.Duration(kills+1)
	for k := 0; k < kills; k++ {
		wait := slot/2 + time.Duration(rand.Int64N(int64(slot)))
		select {
		case <-time.After(wait):
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			kills = k
			break
		}
		s.kill()
		fmt.Printf("kill -9 #%d of the server at %s\n", k+1, time.Now().Format("15:04:05.000"))
		if err := s.start(); err != nil {
			cancel()
			wg.Wait()
			return fmt.Errorf("restart after kill %d: %w", k+1, err)
		}
	}
	wg.Wait()
	if v := fatalErr.Load(); v != nil {
		return v.(error)
	}
	s.stop()

	res := crashResult{Mode: "crash", Kills: kills, Sent: len(sent), Acked: len(acked), Refused: len(refused), Retries: retries.Load()}
	// palaro ledger verify on the database the server used.
	cmd := exec.Command(c.bin, "ledger", "verify")
	cmd.Env = append(os.Environ(), "PALARO_DATABASE_URL="+c.dbURL, "PALARO_LOG_LEVEL=warn")
	out, err := cmd.CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	res.Verify = lines[len(lines)-1]
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			res.VerifyExit = ee.ExitCode()
		} else {
			return fmt.Errorf("palaro ledger verify: %w", err)
		}
	}
	fmt.Printf("palaro ledger verify (exit %d):\n%s\n", res.VerifyExit, strings.TrimSpace(string(out)))

	// Every adjustment posting in the ledger, by its client key.
	posted, err := ledgerKeys(c.dbURL)
	if err != nil {
		return err
	}
	res.Postings = len(posted)
	for k := range acked {
		p, ok := posted[k]
		switch {
		case !ok:
			res.MissingAcked++
		case p.count != 1:
			res.Duplicated++
		case p.cents != sent[k].cents:
			res.AmountWrong++
		}
	}
	for k, p := range posted {
		if _, ok := sent[k]; !ok {
			res.Unknown++
		}
		if p.count > 1 && !acked[k] {
			res.Duplicated++
		}
		if refused[k] {
			res.AmountWrong++ // a key answered "insufficient funds" must not have posted
		}
	}
	facts, err := adjustmentFacts(c.dbURL)
	if err != nil {
		return err
	}
	for k, p := range posted {
		switch n := facts[k]; {
		case n == 0:
			res.FactsMissing++
		case n > 1 || p.count > 1:
			res.FactsExtra++
		}
	}
	for k := range facts {
		if _, ok := posted[k]; !ok {
			res.FactsExtra++
		}
	}
	// The server is stopped; its consumers applied what they had (verify
	// compares the figures with the stream up to their own position).
	ev := exec.Command(c.bin, "events", "verify")
	ev.Env = append(os.Environ(), "PALARO_DATABASE_URL="+c.dbURL, "PALARO_LOG_LEVEL=warn")
	evOut, err := ev.CombinedOutput()
	evLines := strings.Split(strings.TrimSpace(string(evOut)), "\n")
	res.Events = evLines[0]
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return fmt.Errorf("palaro events verify: %w", err)
		}
		res.EventsExit = ee.ExitCode()
	}
	fmt.Printf("palaro events verify (exit %d):\n%s\n", res.EventsExit, strings.TrimSpace(string(evOut)))
	res.OK = res.VerifyExit == 0 && res.MissingAcked == 0 && res.Duplicated == 0 && res.Unknown == 0 && res.AmountWrong == 0 && kills >= 3 &&
		res.FactsMissing == 0 && res.FactsExtra == 0 && res.EventsExit == 0
	fmt.Printf("crash run: %d kills, %d keys sent, %d acknowledged, %d refused (insufficient funds), %d retries after no answer\n",
		res.Kills, res.Sent, res.Acked, res.Refused, res.Retries)
	fmt.Printf("ledger: %d adjustment postings; acknowledged but missing %d, duplicated %d, never sent %d, wrong amount/refused but posted %d\n",
		res.Postings, res.MissingAcked, res.Duplicated, res.Unknown, res.AmountWrong)
	fmt.Printf("activity stream: postings without their fact %d, facts twice or without a posting %d\n", res.FactsMissing, res.FactsExtra)
	j, _ := json.Marshal(res)
	fmt.Println(string(j))
	return nil
}

// adjustmentFacts counts the adjustment facts in the stream by client key
// (fact key adjust:<operator>:<client key>, as the posting's).
func adjustmentFacts(url string) (map[string]int, error) {
	out, err := query(url, `SELECT fact_key FROM activity_event WHERE kind = 'adjustment'`)
	if err != nil {
		return nil, err
	}
	facts := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if parts := strings.SplitN(sc.Text(), ":", 3); len(parts) == 3 {
			facts[parts[2]]++
		}
	}
	return facts, sc.Err()
}

// query runs a read-only statement through the database's own CLI.
func query(url, q string) ([]byte, error) {
	var cmd *exec.Cmd
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		cmd = exec.Command("psql", url, "-qAtX", "-F", "|", "-c", q)
	} else {
		path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		cmd = exec.Command("sqlite3", "-readonly", "-separator", "|", path, q)
	}
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("query the database (%s): %w", cmd.Path, err)
	}
	return out, nil
}

type postedKey struct {
	count int
	cents int64
}

// ledgerKeys reads every adjustment posting (key adjust:<operator>:<client
// key>) with the member's line amount, through the database's own CLI.
func ledgerKeys(url string) (map[string]postedKey, error) {
	const q = `SELECT p.idempotency_key, ABS(l.amount) FROM ledger_posting p JOIN ledger_line l ON l.posting_id = p.id
		JOIN ledger_account a ON a.id = l.account_id AND a.purpose = 'player_main'
		WHERE p.idempotency_key LIKE 'adjust:%'`
	out, err := query(url, q)
	if err != nil {
		return nil, err
	}
	posted := map[string]postedKey{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		key, amt, ok := strings.Cut(sc.Text(), "|")
		if !ok {
			continue
		}
		// adjust:<operator id>:<client key>
		parts := strings.SplitN(key, ":", 3)
		if len(parts) != 3 {
			continue
		}
		v, _ := strconv.ParseInt(amt, 10, 64)
		p := posted[parts[2]]
		p.count++
		p.cents = v
		posted[parts[2]] = p
	}
	return posted, sc.Err()
}
