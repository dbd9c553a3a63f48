// Command hashburst is the password-hashing burst of `make bench` (BENCH_ONLY
// item `hashburst`, see bench/README.md). It starts `palaro serve` on a fresh
// database with the demo brand (bot check off, PALARO_TRUST_PROXY=1 so each
// request can name its own client IP in X-Forwarded-For, and the given
// PALARO_MEMORY_LIMIT), creates one member in that database with a session,
// sets its 6-digit payment password and a payout account over HTTP, then
// fires three bursts of -n parallel requests:
//
//   - empty: withdrawals of 100.00 with the right payment password from the
//     member with a zero balance (the balance refuses them before any
//     hash);
//   - funded: the same after crediting the member 10,000.00, so every request
//     passes the cheap checks and asks for an argon2id check of the payment
//     password (the daily limit of 5 withdrawals refuses the rest afterwards);
//   - logins: operator logins (POST /ops/v1/login, not sealed) with -n
//     different unknown usernames from -n different IPs, each an argon2id
//     check of the dummy hash: what a botnet's guesses cost.
//
// During each burst it samples the server's resident memory (VmRSS in
// /proc/<pid>/status) and the latency of GET /wps/system/status (one request
// at a time, every 10 ms). Targets: RSS below the memory limit, status p99
// below 50 ms.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

const (
	member   = "burst01"
	password = "BurstLogin2026"
	pin      = "468024"
	payee    = "Juan Dela Cruz"
)

type config struct {
	bin, dbURL, addr, logFile, memLimit string
	n                                   int
}

type burst struct {
	Name       string         `json:"name"`
	Requests   int            `json:"requests"`
	Codes      map[string]int `json:"codes"` // "409 ledger.insufficient_funds": count
	Seconds    float64        `json:"seconds"`
	PeakRSSMB  float64        `json:"peakRssMB"`
	StatusN    int            `json:"statusSamples"`
	StatusP50  float64        `json:"statusP50ms"`
	StatusP99  float64        `json:"statusP99ms"`
	StatusMax  float64        `json:"statusMaxms"`
	StatusErrs int            `json:"statusErrors"`
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL (fresh)")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:19400", "server address (loopback)")
	flag.StringVar(&c.logFile, "log", "", "server log file (default stderr)")
	flag.StringVar(&c.memLimit, "memlimit", "1GiB", "PALARO_MEMORY_LIMIT of the server (the RSS target)")
	flag.IntVar(&c.n, "n", 400, "parallel requests per burst")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "hashburst:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	limitMB, err := sizeMB(c.memLimit)
	if err != nil {
		return err
	}
	srv, err := benchkit.StartServer(c.bin, benchkit.ServerEnv(append(benchkit.Demo(c.addr, c.dbURL),
		"PALARO_BOTCHECK_OFF=1", "PALARO_TRUST_PROXY=1", "PALARO_MEMORY_LIMIT="+c.memLimit)...), c.addr, c.logFile)
	if err != nil {
		return err
	}
	defer stop(srv)
	ctx := context.Background()
	d, err := db.Open(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer d.Close()
	token, memberID, currency, err := newMember(ctx, d)
	if err != nil {
		return err
	}
	base := "http://" + c.addr
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c.n, MaxConnsPerHost: 0}, Timeout: 60 * time.Second}
	if st, code, err := call(client, "PUT", base+"/wps/member/payment-password", token, "", map[string]string{
		"password": password, "newPaymentPassword": pin, "confirmPaymentPassword": pin}); err != nil || st != 200 {
		return fmt.Errorf("payment password: %d %s %v", st, code, err)
	}
	var acct struct {
		Value struct {
			ID int64 `json:"id"`
		} `json:"value"`
	}
	st, body, err := do(client, "POST", base+"/wps/member/payout-accounts", token, "", map[string]string{
		"type": "BANK", "bankCode": "BDO", "accountName": payee, "accountNumber": "001234567890", "paymentPassword": pin})
	if err != nil || st != 200 || json.Unmarshal(body, &acct) != nil || acct.Value.ID == 0 {
		return fmt.Errorf("payout account: %d %s %v", st, body, err)
	}
	pid := srv.Process.Pid
	withdraw := func(tag string) func(i int) (int, string) {
		return func(i int) (int, string) {
			st, code, _ := call(client, "POST", base+"/wps/cashier/withdrawals", token, "", map[string]any{
				"payoutAccountId": acct.Value.ID, "amount": "100", "paymentPassword": pin}, "Idempotency-Key", tag+"-"+strconv.Itoa(i))
			return st, code
		}
	}
	fmt.Printf("server pid %d, memory limit %s, %d parallel requests per burst\n", pid, c.memLimit, c.n)
	var bursts []burst
	b := fire("empty", c.n, pid, client, base, withdraw("empty"))
	bursts = append(bursts, b)
	if err := fund(ctx, d, memberID, currency, 1_000_000); err != nil {
		return err
	}
	bursts = append(bursts, fire("funded", c.n, pid, client, base, withdraw("funded")))
	bursts = append(bursts, fire("logins", c.n, pid, client, base, func(i int) (int, string) {
		st, code, _ := call(client, "POST", base+"/ops/v1/login", "", fmt.Sprintf("10.%d.%d.%d", i/65536%256, i/256%256, i%256+1),
			map[string]string{"username": "ghost" + strconv.Itoa(i), "password": "wrong-password"})
		return st, code
	}))

	out := map[string]any{"memoryLimitMB": limitMB, "requests": c.n, "serverHWMMB": float64(benchkit.HWMKB(pid)) / 1024}
	for _, b := range bursts {
		fmt.Printf("%-7s %.2f s; peak RSS %.0f MB; /wps/system/status (%d samples) p50 %.1f ms, p99 %.1f ms, max %.1f ms, errors %d; answers %s\n",
			b.Name, b.Seconds, b.PeakRSSMB, b.StatusN, b.StatusP50, b.StatusP99, b.StatusMax, b.StatusErrs, codes(b.Codes))
		out[b.Name+"Seconds"] = b.Seconds
		out[b.Name+"PeakRssMB"] = b.PeakRSSMB
		out[b.Name+"StatusP50ms"] = b.StatusP50
		out[b.Name+"StatusP99ms"] = b.StatusP99
		out[b.Name+"StatusMaxms"] = b.StatusMax
		out[b.Name+"StatusSamples"] = b.StatusN
		out[b.Name+"StatusErrors"] = b.StatusErrs
		out[b.Name+"Answers"] = codes(b.Codes)
		out[b.Name+"Errors"] = b.Codes["000 transport"] + b.Codes["500 server.internal"]
	}
	raw, _ := json.Marshal(out)
	fmt.Println(string(raw))
	return nil
}

// fire sends n requests at once (each in its own goroutine, released
// together) while sampling the server's RSS and /wps/system/status.
func fire(name string, n, pid int, client *http.Client, base string, req func(i int) (int, string)) burst {
	b := burst{Name: name, Requests: n, Codes: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			st, code := req(i)
			mu.Lock()
			b.Codes[fmt.Sprintf("%03d %s", st, code)]++
			mu.Unlock()
		}()
	}
	done := make(chan struct{})
	sampled := make(chan struct{})
	var lat []time.Duration
	// The sampler keeps its own connection: in the burst's pool it could
	// wait for a new connection behind the burst's own dials.
	probe := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}, Timeout: 30 * time.Second}
	defer probe.CloseIdleConnections()
	go func() { // sampler: RSS and one status request at a time, every 10 ms
		defer close(sampled)
		for {
			if rss := rssMB(pid); rss > b.PeakRSSMB {
				b.PeakRSSMB = rss
			}
			t := time.Now()
			r, err := probe.Get(base + "/wps/system/status")
			if err == nil {
				_, _ = io.Copy(io.Discard, r.Body)
				r.Body.Close()
			}
			if err != nil || r.StatusCode != 200 {
				b.StatusErrs++
			} else {
				lat = append(lat, time.Since(t))
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	time.Sleep(50 * time.Millisecond) // a few samples before the burst
	t0 := time.Now()
	close(start)
	wg.Wait()
	b.Seconds = time.Since(t0).Seconds()
	time.Sleep(200 * time.Millisecond) // and the garbage the burst left
	close(done)
	<-sampled
	b.StatusN = len(lat)
	b.StatusP50, b.StatusP99 = benchkit.Pct(lat, 50), benchkit.Pct(lat, 99)
	b.StatusMax = float64(benchkit.PerMille(lat, 1000).Microseconds()) / 1000
	return b
}

// newMember creates the member with a zero balance and logs it in
// (account.Service.Login, as the login form would).
func newMember(ctx context.Context, d *db.DB) (token string, id int64, currency string, err error) {
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	bc, err := brands.Current(ctx)
	if err != nil {
		return "", 0, "", err
	}
	members := account.NewStore(d)
	hash, err := account.HashPassword(password, account.DefaultArgon2)
	if err != nil {
		return "", 0, "", err
	}
	now := time.Now()
	m := account.Member{Account: member, Nickname: member, Type: account.TypeMember, PasswordHash: hash, PayeeName: payee,
		PasswordChangedAt: now, CreatedAt: now, RegisterMethod: "SEED", RegisterIP: "127.0.0.1"}
	if err := members.CreateMember(ctx, &m); err != nil {
		return "", 0, "", err
	}
	cfg := account.DefaultConfig
	cfg.BotCheck = false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	res, err := accounts.Login(ctx, account.LoginRequest{Username: member, Password: password}, account.Client{IP: "127.0.0.1", UserAgent: "bench-hashburst"})
	if err != nil {
		return "", 0, "", fmt.Errorf("login: %w", err)
	}
	return res.Token, m.ID, bc.Currency.Code, nil
}

// fund credits the member's main account from cashier clearing.
func fund(ctx context.Context, d *db.DB, memberID int64, currency string, amount int64) error {
	l := ledger.NewStore(d, nil)
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return err
	}
	main, err := l.EnsureAccount(ctx, ledger.PlayerMain(memberID, currency))
	if err != nil {
		return err
	}
	_, err = l.Post(ctx, ledger.PostingRequest{Key: "bench-hashburst-fund", Kind: ledger.KindAdjustment, Lines: []ledger.Line{
		{AccountID: clearing.ID, Amount: -amount, Currency: currency}, {AccountID: main.ID, Amount: amount, Currency: currency}}})
	return err
}

// call sends a JSON request and returns the status and the envelope's code.
func call(c *http.Client, method, url, token, ip string, body any, hdr ...string) (int, string, error) {
	st, raw, err := do(c, method, url, token, ip, body, hdr...)
	if err != nil {
		return 0, "transport", err
	}
	var env struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(raw, &env)
	return st, env.Code, nil
}

func do(c *http.Client, method, url, token, ip string, body any, hdr ...string) (int, []byte, error) {
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, url, bytes.NewReader(raw))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	r, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	out, err := io.ReadAll(r.Body)
	return r.StatusCode, out, err
}

func rssMB(pid int) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			v, _ := strconv.ParseFloat(f[1], 64)
			return v / 1024
		}
	}
	return 0
}

func codes(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d × %s", m[k], k)
	}
	return strings.Join(parts, ", ")
}

func sizeMB(v string) (float64, error) {
	v = strings.TrimSpace(v)
	for suffix, mult := range map[string]float64{"GiB": 1024, "MiB": 1} {
		if n, ok := strings.CutSuffix(v, suffix); ok {
			f, err := strconv.ParseFloat(n, 64)
			return f * mult, err
		}
	}
	return 0, fmt.Errorf("-memlimit %q: use MiB or GiB", v)
}

func stop(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _, _ = cmd.Process.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = cmd.Process.Kill()
	}
}
