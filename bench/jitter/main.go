// Command jitter measures how quickly this machine wakes a sleeping thread
// (BENCH_ONLY item `machine`, see bench/README.md). Every latency target of
// `make bench` is a p99 of requests that each cross several threads and
// processes (load generator, server goroutines, the ledger's writer,
// PostgreSQL's backends); each crossing wakes something that slept. On a
// machine whose idle CPUs take milliseconds to wake (a virtual machine on a
// busy host), that cost lands in every p99, whatever the code does. This
// command puts a figure on it, measured with nothing else running, so the
// other runs' figures can be read against it.
//
// Three measurements, each a distribution (p50, p99, p99.9, max):
//
//   - timer: how much later than asked a 1 ms sleep returns;
//   - idle round trip: a 64-byte message to an echo process over loopback
//     TCP and back, each after 1 ms of idle (both sides asleep, as a server
//     under a moderate load mostly is);
//   - busy round trip: the same back to back (both sides awake);
//   - log flush: an 8 KiB write and fdatasync to a preallocated 16 MiB file
//     (as PostgreSQL's commit writes and flushes its log), every 2 ms. Every
//     PostgreSQL commit that moves money waits for one; a virtual disk whose
//     flush now and then takes tens of milliseconds puts that in the
//     PostgreSQL rows' p99 (SQLite commits do not flush, only its
//     checkpoints do). The flushes over 10 ms are also counted and summed:
//     a virtual disk can stall for tens to hundreds of milliseconds a few
//     times a minute, idle or not.
//
// The echo side is this program started again with -echo, a separate
// process, as the server and PostgreSQL are. The last line of output is one
// JSON object with the figures (for run.sh).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
)

// Dist is a latency distribution in microseconds.
type Dist struct {
	N    int     `json:"n"`
	P50  float64 `json:"p50us"`
	P99  float64 `json:"p99us"`
	P999 float64 `json:"p999us"`
	Max  float64 `json:"maxus"`
}

type result struct {
	Timer      Dist   `json:"timer"`
	IdleRTT    Dist   `json:"idleRoundTrip"`
	BusyRTT    Dist   `json:"busyRoundTrip"`
	Flush      Dist   `json:"logFlush"`
	FlushStall Stalls `json:"logFlushStalls"`
	GoMaxProc  int    `json:"gomaxprocs"`
}

// Stalls are the flushes that took longer than stallOver: how many, the
// time they took together, and the probe's whole time. A commit waits
// behind a stalled flush, and so does every request queued behind that
// commit; at 1,000 requests/s a p99 under 15 ms allows the requests of
// about 10 ms a second (1 %) to wait that long.
type Stalls struct {
	N      int     `json:"n"`
	Ms     float64 `json:"ms"`
	WallMs float64 `json:"wallMs"`
}

// stallOver is what counts as a stalled flush.
const stallOver = 10 * time.Millisecond

// stalls sums the flushes in d over stallOver; wall is the probe's time.
func stalls(d []time.Duration, wall time.Duration) Stalls {
	st := Stalls{WallMs: float64(wall.Microseconds()) / 1e3}
	for _, v := range d {
		if v > stallOver {
			st.N++
			st.Ms += float64(v.Microseconds()) / 1e3
		}
	}
	return st
}

// summarize returns d's distribution.
func summarize(d []time.Duration) Dist {
	if len(d) == 0 {
		return Dist{}
	}
	us := func(pm int) float64 { return float64(benchkit.PerMille(d, pm).Nanoseconds()) / 1e3 }
	return Dist{N: len(d), P50: us(500), P99: us(990), P999: us(999), Max: us(1000)}
}

// timer measures the oversleep of n sleeps of one millisecond.
func timer(n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		t := time.Now()
		time.Sleep(time.Millisecond)
		out[i] = max(time.Since(t)-time.Millisecond, 0)
	}
	return out
}

const msgSize = 64

// roundTrips sends n messages to the echo peer on c, each after idle
// (none: back to back), and returns each round trip's time.
func roundTrips(c net.Conn, n int, idle time.Duration) ([]time.Duration, error) {
	msg := make([]byte, msgSize)
	back := make([]byte, msgSize)
	out := make([]time.Duration, n)
	for i := range out {
		if idle > 0 {
			time.Sleep(idle)
		}
		msg[0] = byte(i)
		t := time.Now()
		if _, err := c.Write(msg); err != nil {
			return nil, err
		}
		if _, err := io.ReadFull(c, back); err != nil {
			return nil, err
		}
		out[i] = time.Since(t)
		if back[0] != msg[0] {
			return nil, fmt.Errorf("echo answered message %d with %d", msg[0], back[0])
		}
	}
	return out, nil
}

// echo serves one connection on ln: every msgSize bytes are written back.
func echo(ln net.Listener) error {
	c, err := ln.Accept()
	if err != nil {
		return err
	}
	defer c.Close()
	buf := make([]byte, msgSize)
	for {
		if _, err := io.ReadFull(c, buf); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if _, err := c.Write(buf); err != nil {
			return err
		}
	}
}

// startEcho starts this program again as the echo process and connects to it.
func startEcho() (net.Conn, *exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(self, "-echo")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		return nil, nil, fmt.Errorf("echo process: %w", err)
	}
	c, err := net.Dial("tcp", strings.TrimSpace(line))
	if err != nil {
		_ = cmd.Process.Kill()
		return nil, nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetNoDelay(true)
	}
	return c, cmd, nil
}

// flushes writes 8 KiB and flushes it (fdatasync) n times, every gap, to a
// preallocated 16 MiB file in dir (removed after), and returns each
// write and flush's time.
func flushes(dir string, n int, gap time.Duration) ([]time.Duration, error) {
	f, err := os.CreateTemp(dir, "jitter-flush-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	const size, block = 16 << 20, 8 << 10
	if err := f.Truncate(size); err != nil {
		return nil, err
	}
	if err := f.Sync(); err != nil {
		return nil, err
	}
	buf := make([]byte, block)
	out := make([]time.Duration, n)
	for i := range out {
		buf[0] = byte(i)
		t := time.Now()
		if _, err := f.WriteAt(buf, int64(i)*block%size); err != nil {
			return nil, err
		}
		if err := syscall.Fdatasync(int(f.Fd())); err != nil {
			return nil, err
		}
		out[i] = time.Since(t)
		time.Sleep(gap)
	}
	return out, nil
}

func run(samples int, dir string) (result, error) {
	var r result
	r.Timer = summarize(timer(samples))
	start := time.Now()
	fl, err := flushes(dir, samples, 2*time.Millisecond)
	if err != nil {
		return r, fmt.Errorf("log flush: %w", err)
	}
	r.Flush, r.FlushStall = summarize(fl), stalls(fl, time.Since(start))
	c, cmd, err := startEcho()
	if err != nil {
		return r, err
	}
	defer func() { _ = cmd.Wait() }()
	defer c.Close()
	if _, err := roundTrips(c, 100, 0); err != nil { // warm the connection
		return r, err
	}
	idle, err := roundTrips(c, samples, time.Millisecond)
	if err != nil {
		return r, err
	}
	busy, err := roundTrips(c, samples*4, 0)
	if err != nil {
		return r, err
	}
	r.IdleRTT, r.BusyRTT = summarize(idle), summarize(busy)
	return r, nil
}

func main() {
	samples := flag.Int("samples", 3000, "samples per measurement (the busy round trip takes four times as many)")
	echoMode := flag.Bool("echo", false, "run as the echo process (internal)")
	dir := flag.String("dir", ".", "directory on the disk to measure the log flush on (the database's)")
	flag.Parse()
	if *echoMode {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, "jitter echo:", err)
			os.Exit(1)
		}
		fmt.Println(ln.Addr().String())
		if err := echo(ln); err != nil {
			fmt.Fprintln(os.Stderr, "jitter echo:", err)
			os.Exit(1)
		}
		return
	}
	if *samples < 100 {
		fmt.Fprintln(os.Stderr, "jitter: -samples must be at least 100")
		os.Exit(2)
	}
	r, err := run(*samples, *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jitter:", err)
		os.Exit(1)
	}
	r.GoMaxProc = runtime.GOMAXPROCS(0)
	line := func(name string, d Dist) {
		fmt.Printf("%-28s p50 %8.1f µs  p99 %8.1f µs  p99.9 %8.1f µs  max %8.1f µs  (%d samples)\n", name, d.P50, d.P99, d.P999, d.Max, d.N)
	}
	line("timer oversleep (1 ms)", r.Timer)
	line("round trip after 1 ms idle", r.IdleRTT)
	line("round trip back to back", r.BusyRTT)
	line("log flush (8 KiB + fdatasync)", r.Flush)
	fmt.Printf("%-28s %d over %v, %.1f ms of the probe's %.1f s\n", "log flush stalls", r.FlushStall.N, stallOver, r.FlushStall.Ms, r.FlushStall.WallMs/1000)
	out, _ := json.Marshal(r)
	fmt.Println(string(out))
}
