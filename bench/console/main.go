// Command console measures the operator console's reads on a seeded
// database (`palaro bench seed-members`): it starts `palaro serve` on it
// (demo mode, debug log level so the server logs each /ops request with
// its own duration), signs in ops01 with the demo one-time code, sends
// every request one at a time with its own X-Request-Id, and reads each
// request's server time (duration_ms of the server's request line, from
// the request's arrival to the last byte written) from the log. It prints
// p50/p95/p99 per request kind against the target and, as the last line,
// one JSON object for bench/run.sh. Beside the times, the server's CPU time
// per page load of each kind (from /proc), which a busy machine does not
// inflate the way it does the times.
//
//	go run ./bench/console -db sqlite:///tmp/x/palaro.db -members 1000000
package main

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx": the backends' pids

	"github.com/palaro/palaro/bench/benchkit"
)

func main() {
	bin := flag.String("bin", "bin/palaro", "the palaro binary")
	dbURL := flag.String("db", "", "the seeded database (PALARO_DATABASE_URL)")
	addr := flag.String("addr", "127.0.0.1:18260", "the server's loopback address")
	members := flag.Int("members", 1_000_000, "generated members in the database (palaro bench seed-members --members)")
	n := flag.Int("n", 200, "requests per kind")
	target := flag.Float64("target", 150, "p95 target, ms of server time")
	logFile := flag.String("log", "", "the server's log (default: a temporary file)")
	flag.Parse()
	if *dbURL == "" {
		fmt.Fprintln(os.Stderr, "console: -db is required")
		os.Exit(2)
	}
	if err := run(*bin, *dbURL, *addr, *logFile, *members, *n, *target); err != nil {
		fmt.Fprintln(os.Stderr, "console:", err)
		os.Exit(2)
	}
}

type kind struct {
	name string
	// paths is one page load: one or more requests.
	paths func() []string
}

type result struct {
	Name  string  `json:"name"`
	N     int     `json:"n"`
	P50   float64 `json:"p50"`
	P95   float64 `json:"p95"`
	P99   float64 `json:"p99"`
	Max   float64 `json:"max"`
	Pass  bool    `json:"pass"`
	Found int     `json:"found"`           // answers with at least one item
	CPU   float64 `json:"cpuMs,omitempty"` // the server's CPU time per page load
	// DBCPU is the CPU time per page load of the PostgreSQL backends
	// serving the database (same machine; SQLite: none).
	DBCPU float64 `json:"dbCpuMs,omitempty"`
}

func run(bin, dbURL, addr, logFile string, members, n int, target float64) error {
	if logFile == "" {
		f, err := os.CreateTemp("", "console-bench-*.log")
		if err != nil {
			return err
		}
		f.Close()
		logFile = f.Name()
		defer os.Remove(logFile)
	}
	env := benchkit.ServerEnv(append(benchkit.Demo(addr, dbURL), "PALARO_LOG_LEVEL=debug")...)
	cmd, err := benchkit.StartServer(bin, env, addr, logFile)
	if err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill() }()
	base := "http://" + addr
	var otp benchkit.DemoOTP
	token, err := login(base, &otp)
	if err != nil {
		return err
	}
	c := &client{base: base, token: token, http: &http.Client{Timeout: 60 * time.Second}}

	// The first generated member (u0) and the brand's today.
	var first struct {
		Items []struct {
			ID       int64  `json:"id"`
			Username string `json:"username"`
		} `json:"items"`
	}
	if err := c.getJSON("/ops/v1/players?by=username&q=u0&pageSize=1", &first); err != nil {
		return err
	}
	if len(first.Items) == 0 || first.Items[0].Username != "u0" {
		return errors.New("no generated members (u0): run palaro bench seed-members first")
	}
	firstID := first.Items[0].ID
	var dash struct {
		Period struct {
			To string `json:"to"`
		} `json:"period"`
	}
	if err := c.getJSON("/ops/v1/reports/dashboard", &dash); err != nil {
		return err
	}
	today, err := time.Parse(time.DateOnly, dash.Period.To)
	if err != nil {
		return fmt.Errorf("dashboard period: %q", dash.Period.To)
	}

	r := rand.New(rand.NewPCG(30, 1))
	pick := func() int { return r.IntN(members) }
	one := func(p string) []string { return []string{p} }
	kinds := []kind{
		{"search: username prefix (u + 1 to 5 digits)", func() []string {
			s := strconv.Itoa(pick())
			return one("/ops/v1/players?by=username&q=u" + s[:min(1+r.IntN(5), len(s))])
		}},
		{"search: mobile (national, +63, 0…)", func() []string {
			i := pick()
			q := [...]string{fmt.Sprintf("9%09d", i), fmt.Sprintf("+63 9%09d", i), fmt.Sprintf("09%09d", i)}[r.IntN(3)]
			return one("/ops/v1/players?by=mobile&q=" + url.QueryEscape(q))
		}},
		{"search: IP (registration, login)", func() []string {
			i := pick()
			q := fmt.Sprintf("10.%d.%d.%d", i/65536%256, i/256%256, i%256)
			if r.IntN(2) == 1 {
				q = fmt.Sprintf("172.16.%d.%d", i/4/256%256, i/4%256)
			}
			return one("/ops/v1/players?by=ip&q=" + q)
		}},
		{"player page: profile + logins + linked", func() []string {
			id := strconv.FormatInt(firstID+int64(pick()), 10)
			return []string{"/ops/v1/players/" + id, "/ops/v1/players/" + id + "/logins?page=1&pageSize=20", "/ops/v1/players/" + id + "/linked"}
		}},
		{"dashboard: 30 days (ending today or one of the 14 days before)", func() []string {
			to := today.AddDate(0, 0, -r.IntN(15))
			return one("/ops/v1/reports/dashboard?from=" + to.AddDate(0, 0, -29).Format(time.DateOnly) + "&to=" + to.Format(time.DateOnly))
		}},
		{"deposits queue: pending review, first page", func() []string {
			return one("/ops/v1/cashier/deposits?status=PENDING_REVIEW&page=1&pageSize=20")
		}},
		{"deposits queue: all statuses, first page", func() []string {
			return one("/ops/v1/cashier/deposits?page=1&pageSize=20")
		}},
		{"withdrawals queue: pending review, first page", func() []string {
			return one("/ops/v1/cashier/withdrawals?status=PENDING_REVIEW&page=1&pageSize=20")
		}},
		{"withdrawals queue: all statuses, first page", func() []string {
			return one("/ops/v1/cashier/withdrawals?page=1&pageSize=20")
		}},
	}

	// Warm-up: one page load of each kind (the server's first reads of
	// each table), not measured.
	for _, k := range kinds {
		for _, p := range k.paths() {
			if _, err := c.get(p, ""); err != nil {
				return err
			}
		}
	}
	type sent struct {
		kind int
		ids  []string
	}
	var loads []sent
	found := make([]int, len(kinds))
	perPath := map[string]int{} // request ids of the player page's parts
	seq := 0
	m0 := benchkit.ReadMachineTicks()
	cpu := make([]float64, len(kinds)) // the server's CPU ms per page load, by kind
	dbCPU := make([]float64, len(kinds))
	pid := cmd.Process.Pid
	backends, err := openBackends(dbURL)
	if err != nil {
		return err
	}
	defer backends.close()
	// One kind after the other, each timed for the server's CPU too (user +
	// system, /proc): what a request costs whatever else the machine does.
	for ki, k := range kinds {
		t0 := benchkit.CPUTicks(pid)
		b0, err := backends.ticks()
		if err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			s := sent{kind: ki}
			for _, p := range k.paths() {
				seq++
				id := fmt.Sprintf("cb%07d", seq)
				hit, err := c.get(p, id)
				if err != nil {
					return fmt.Errorf("%s: %w", p, err)
				}
				if hit && len(s.ids) == 0 {
					found[ki]++
				}
				s.ids = append(s.ids, id)
				perPath[id] = len(s.ids) - 1
			}
			loads = append(loads, s)
		}
		cpu[ki] = float64(benchkit.CPUTicks(pid)-t0) * 10 / float64(n)
		b1, err := backends.ticks()
		if err != nil {
			return err
		}
		dbCPU[ki] = float64(spent(b0, b1)) * 10 / float64(n)
	}
	time.Sleep(300 * time.Millisecond) // the last lines reach the log
	times, err := serverTimes(logFile)
	if err != nil {
		return err
	}
	lat := make([][]time.Duration, len(kinds))
	parts := make([][]time.Duration, 3) // the player page's requests alone
	for _, s := range loads {
		var sum time.Duration
		for _, id := range s.ids {
			d, ok := times[id]
			if !ok {
				return fmt.Errorf("request %s: no line in the server's log", id)
			}
			sum += d
			if len(s.ids) == 3 {
				parts[perPath[id]] = append(parts[perPath[id]], d)
			}
		}
		lat[s.kind] = append(lat[s.kind], sum)
	}
	busy, steal := benchkit.MachineUse(m0, benchkit.ReadMachineTicks())
	fmt.Printf("console reads on %s, %d generated members; server time (the server's own request log, duration_ms), %d page loads per kind, one at a time; machine busy %.0f %%, steal %.0f %%\n\n",
		benchkit.DBLabel(dbURL), members, n, busy, steal)
	fmt.Printf("| request | p50 ms | p95 ms | p99 ms | max ms | server CPU ms / load | PostgreSQL CPU ms / load | found | p95 < %.0f ms |\n|---|---|---|---|---|---|---|---|---|\n", target)
	var out []result
	row := func(name string, v []time.Duration, hits int, cpuMS, dbMS float64) {
		res := result{Name: name, N: len(v), P50: benchkit.Pct(v, 50), P95: benchkit.Pct(v, 95), P99: benchkit.Pct(v, 99),
			Max: benchkit.Pct(v, 100), Found: hits, CPU: cpuMS, DBCPU: dbMS}
		res.Pass = res.P95 < target
		verdict := "PASS"
		if !res.Pass {
			verdict = "FAIL"
		}
		cpuCol, dbCol := "—", "—"
		if cpuMS > 0 {
			cpuCol = fmt.Sprintf("%.1f", cpuMS)
		}
		if backends.db != nil && name[0] != ' ' {
			dbCol = fmt.Sprintf("%.1f", dbMS)
		}
		fmt.Printf("| %s | %.1f | %.1f | %.1f | %.1f | %s | %s | %d/%d | %s |\n", name, res.P50, res.P95, res.P99, res.Max, cpuCol, dbCol, hits, len(v), verdict)
		out = append(out, res)
	}
	for ki, k := range kinds {
		row(k.name, lat[ki], found[ki], cpu[ki], dbCPU[ki])
		if len(parts[0]) > 0 && strings.HasPrefix(k.name, "player page") {
			for pi, name := range []string{"  GET /ops/v1/players/{id}", "  GET /ops/v1/players/{id}/logins", "  GET /ops/v1/players/{id}/linked"} {
				row(name, parts[pi], len(parts[pi]), 0, 0)
			}
		}
	}
	b, _ := json.Marshal(map[string]any{"db": benchkit.DBLabel(dbURL), "members": members, "targetMs": target, "rows": out,
		"machineBusyPct": busy, "machineStealPct": steal})
	fmt.Println()
	fmt.Println(string(b))
	return nil
}

func login(base string, otp *benchkit.DemoOTP) (string, error) {
	body := fmt.Sprintf(`{"username":"ops01","password":"Palaro2026","otp":%q}`, otp.Next())
	resp, err := http.Post(base+"/ops/v1/login", "application/json", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var env struct {
		Success bool   `json:"success"`
		Code    string `json:"code"`
		Value   struct {
			Token string `json:"token"`
		} `json:"value"`
	}
	if json.NewDecoder(resp.Body).Decode(&env) != nil || !env.Success || env.Value.Token == "" {
		return "", fmt.Errorf("operator login: %d %s", resp.StatusCode, env.Code)
	}
	return env.Value.Token, nil
}

type client struct {
	base, token string
	http        *http.Client
}

// get sends one request and tells whether the answer listed anything (a
// non-empty items array, or any other successful answer).
func (c *client) get(path, id string) (bool, error) {
	req, err := http.NewRequest("GET", c.base+path, nil)
	if err != nil {
		return false, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if id != "" {
		req.Header.Set("X-Request-Id", id)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return false, err
	}
	if resp.StatusCode != 200 {
		return false, fmt.Errorf("%d %s", resp.StatusCode, strings.TrimSpace(string(b[:min(len(b), 300)])))
	}
	var env struct {
		Value struct {
			Items *[]json.RawMessage `json:"items"`
			List  *[]json.RawMessage `json:"list"`
		} `json:"value"`
	}
	if json.Unmarshal(b, &env) != nil {
		return true, nil
	}
	switch {
	case env.Value.Items != nil:
		return len(*env.Value.Items) > 0, nil
	case env.Value.List != nil:
		return len(*env.Value.List) > 0, nil
	}
	return true, nil
}

func (c *client) getJSON(path string, v any) error {
	req, err := http.NewRequest("GET", c.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env struct {
		Success bool            `json:"success"`
		Code    string          `json:"code"`
		Value   json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || !env.Success {
		return fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, env.Code)
	}
	return json.Unmarshal(env.Value, v)
}

// serverTimes reads duration_ms of every request line in the server's log,
// by request id.
func serverTimes(logFile string) (map[string]time.Duration, error) {
	f, err := os.Open(logFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]time.Duration{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !slices.Contains([]string{"request"}, msgOf(line)) {
			continue
		}
		var l struct {
			ID string  `json:"request_id"`
			MS float64 `json:"duration_ms"`
		}
		if json.Unmarshal(line, &l) == nil && strings.HasPrefix(l.ID, "cb") {
			out[l.ID] = time.Duration(l.MS * float64(time.Millisecond))
		}
	}
	return out, sc.Err()
}

func msgOf(line []byte) string {
	var l struct {
		Msg string `json:"msg"`
	}
	if json.Unmarshal(line, &l) != nil {
		return ""
	}
	return l.Msg
}

// backends reads the CPU time of the PostgreSQL backends serving the
// database (PostgreSQL on this machine, as the bench's loopback server
// is): on PostgreSQL a page's queries cost there, not in the server.
type backends struct{ db *sql.DB }

func openBackends(dbURL string) (*backends, error) {
	if benchkit.DBLabel(dbURL) != "postgres" {
		return &backends{}, nil
	}
	d, err := sql.Open("pgx", dbURL)
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	return &backends{db: d}, nil
}

func (b *backends) close() {
	if b.db != nil {
		b.db.Close()
	}
}

// ticks is each backend's user + system CPU ticks (this reader's own left
// out); none on SQLite.
func (b *backends) ticks() (map[int]int64, error) {
	out := map[int]int64{}
	if b.db == nil {
		return out, nil
	}
	rows, err := b.db.Query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
	if err != nil {
		return nil, fmt.Errorf("postgres backends: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if err := rows.Scan(&pid); err != nil {
			return nil, err
		}
		out[pid] = benchkit.CPUTicks(pid)
	}
	return out, rows.Err()
}

// spent is the ticks the backends used between two readings (a backend
// that started in between: all of its ticks; one that ended: none).
func spent(from, to map[int]int64) int64 {
	var n int64
	for pid, t := range to {
		n += max(t-from[pid], 0)
	}
	return n
}
