// Package benchkit is what the load benches (bench/seamless, bench/inhouse,
// bench/crash) share: starting `palaro serve` with a clean environment,
// percentiles, and reading a process's memory and CPU from /proc.
package benchkit

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ServerEnv is this process's environment without any PALARO_* setting
// (the bench decides the server's settings), except PALARO_DEBUG_ADDR (the
// profiler, cmd/palaro/debug.go, may be asked for), then extra.
func ServerEnv(extra ...string) []string {
	env := []string{}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "PALARO_") || strings.HasPrefix(e, "PALARO_DEBUG_ADDR=") {
			env = append(env, e)
		}
	}
	return append(env, extra...)
}

// Demo is the settings every bench server gets: its address and database,
// demo mode, warnings only, a short shutdown.
func Demo(addr, dbURL string) []string {
	return []string{"PALARO_ADDR=" + addr, "PALARO_DATABASE_URL=" + dbURL, "PALARO_DEMO=1", "PALARO_LOG_LEVEL=warn", "PALARO_SHUTDOWN_GRACE=2s"}
}

// StartServer runs `bin serve` with env, its output appended to logFile
// (stderr when empty), killed if the bench dies, and waits up to 60 s for
// GET /readyz on addr to answer 200.
func StartServer(bin string, env []string, addr, logFile string) (*exec.Cmd, error) {
	cmd := exec.Command(bin, "serve")
	cmd.Env = env
	out := io.Writer(os.Stderr)
	if logFile != "" {
		f, err := os.OpenFile(logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		out = f
	}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		select {
		case <-exited:
			return nil, errors.New("palaro serve exited during start-up")
		default:
		}
		if r, err := http.Get("http://" + addr + "/readyz"); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return cmd, nil
			}
		}
	}
	_ = cmd.Process.Kill()
	return nil, errors.New("palaro serve not ready after 60 s")
}

// Pct is the p-th percentile of v in milliseconds (0 for none).
func Pct(v []time.Duration, p int) float64 {
	return float64(PerMille(v, 10*p).Microseconds()) / 1000
}

// PerMille is the pm-th per-mille of v (990: p99, 999: p99.9; 0 for none).
func PerMille(v []time.Duration, pm int) time.Duration {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := len(s) * pm / 1000
	if i >= len(s) {
		i = len(s) - 1
	}
	return s[i]
}

// HWMKB is a process's peak resident memory (VmHWM) in KB, 0 if unknown.
func HWMKB(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			v, _ := strconv.ParseInt(f[1], 10, 64)
			return v
		}
	}
	return 0
}

// CPUTicks is a process's user + system CPU time in clock ticks (100 a
// second on Linux), 0 if unknown.
func CPUTicks(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s) // f[0] is field 3 (state); utime and stime are fields 14 and 15
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// CPUSeconds is CPUTicks in seconds.
func CPUSeconds(pid int) float64 { return float64(CPUTicks(pid)) / 100 }

// DBLabel names the database of a URL: postgres or sqlite.
func DBLabel(url string) string {
	if strings.HasPrefix(url, "postgres") {
		return "postgres"
	}
	return "sqlite"
}

// ProfileFlag registers -cpuprofile on the default flag set; call the
// returned start after flag.Parse and defer the stop it gives: the bench's
// own CPU profile (the load generator shares the cores with the server, so
// what it spends shows in the latency it measures).
func ProfileFlag() (start func() (stop func())) {
	path := flag.String("cpuprofile", "", "write the bench's own CPU profile to this file")
	return func() func() {
		if *path == "" {
			return func() {}
		}
		f, err := os.Create(*path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cpuprofile:", err)
			return func() {}
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "cpuprofile:", err)
			f.Close()
			return func() {}
		}
		return func() {
			pprof.StopCPUProfile()
			f.Close()
		}
	}
}

// Load is what every open-loop load program reports first: the database,
// the rate asked and reached, and the latency distribution of the measured
// requests. Each program's result embeds it (the JSON keys, which run.sh
// reads, stay at the top level).
type Load struct {
	DB                string  `json:"db"`
	Rate              int     `json:"targetRate"`
	RequestsPerSecond float64 `json:"requestsPerSecond"`
	Requests          int     `json:"requests"`
	P50ms             float64 `json:"p50ms"`
	P90ms             float64 `json:"p90ms"`
	P99ms             float64 `json:"p99ms"`
	Maxms             float64 `json:"maxms"`
}

// NewLoad summarises a run on dbURL at rate per second: lat holds one
// latency per measured request, done is what counts toward the rate reached
// (requests answered, or callbacks of the rounds finished) over elapsed.
func NewLoad(dbURL string, rate int, lat []time.Duration, done int, elapsed time.Duration) Load {
	l := Load{DB: DBLabel(dbURL), Rate: rate, Requests: len(lat),
		P50ms: Pct(lat, 50), P90ms: Pct(lat, 90), P99ms: Pct(lat, 99), Maxms: Pct(lat, 100)}
	if elapsed > 0 {
		l.RequestsPerSecond = float64(done) / elapsed.Seconds()
	}
	return l
}
