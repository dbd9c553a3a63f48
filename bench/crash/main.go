// Command crash is the Crash benchmark of `make bench` (BENCH_ONLY item
// `crash`, see bench/README.md): 2,000 players on one shared round.
//
// It prepares a fresh database (`palaro seed`: schema and demo brand), plants
// a hash chain whose first round crashes between -minpoint and -maxpoint (so
// every player has time to cash out; the chain is otherwise made exactly as
// the server makes one), creates -players members with a session each and
// funds them, then starts `palaro serve` with a long betting phase. Every
// player opens a websocket (loopback, token as subprotocol) and bets over
// HTTP; half set an automatic cash-out (targets spread from 1.10x to above
// the point, so some lose), half cash out by hand at a time spread over the
// flight. Measured:
//
//   - broadcast latency: for every message every client receives, the
//     client's receive time minus the message's server timestamp `at` (one
//     machine, one clock): p50/p99/max overall and for cash-outs;
//   - delivery: every client must see every bet and every cash-out once;
//   - settlement: every bet CASHED or LOST and settled, its in-house round
//     COMPLETED with the same win, exactly one seamless win (endRound) per
//     round with that amount, and `ledger verify` clean.
//
// The 2,000 readers use a lean websocket client of their own (wsclient.go:
// one 64 KiB read buffer, frame headers parsed in place, pings answered),
// since they share the cores with the server they measure.
//
// The last line of output is one JSON object with the figures (for run.sh).
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/crash"
	"github.com/palaro/palaro/internal/inhouse/crashgame"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
)

const (
	funds    = 1_000_000 // minor units per player
	currency = "PHP"     // the demo brand's
)

type config struct {
	bin, dbURL, addr, logFile string
	players, sockets, workers int
	betSpread                 time.Duration
	writes                    int           // PALARO_CRASH_WRITES_PER_SECOND; <0: the server's default
	frame                     time.Duration // PALARO_CRASH_FRAME_EVERY; 0: the server's default
	betting                   time.Duration
	minPoint, maxPoint        int64
}

type result struct {
	DB               string  `json:"db"`
	Players          int     `json:"players"`
	Sockets          int     `json:"sockets"`
	Point            int64   `json:"point"`
	Bets             int     `json:"bets"`
	CashedOut        int     `json:"cashedOut"`
	Lost             int     `json:"lost"`
	ManualCashouts   int     `json:"manualCashouts"`
	Messages         int64   `json:"messages"`
	P50ms            float64 `json:"p50ms"`
	P99ms            float64 `json:"p99ms"`
	Maxms            float64 `json:"maxms"`
	CashoutP99ms     float64 `json:"cashoutP99ms"`
	BetP99ms         float64 `json:"betP99ms"` // the bets' messages, broadcast while the other players are still betting
	Missing          int64   `json:"missingDeliveries"`
	Duplicates       int64   `json:"duplicateDeliveries"`
	Dropped          int64   `json:"droppedSockets"`
	Errors           int64   `json:"errors"`
	Unsettled        int     `json:"unsettled"`
	SettleMismatches int     `json:"settleMismatches"`
	VerifyProblems   int     `json:"verifyProblems"`
	HWMMB            float64 `json:"hwmMB"`
	ServerCPUs       float64 `json:"serverCPUSeconds"`
	BenchCPUs        float64 `json:"benchCPUSeconds"`
	WallSeconds      float64 `json:"wallSeconds"`
	MachineBusyPct   float64 `json:"machineBusyPct"` // the whole machine from the server's start (benchkit.MachineUse)
	MachineStealPct  float64 `json:"machineStealPct"`
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL (fresh)")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:19950", "server address (loopback)")
	flag.StringVar(&c.logFile, "log", "", "server log file (default stderr)")
	flag.IntVar(&c.players, "players", 2000, "players (one websocket and one bet each)")
	flag.IntVar(&c.sockets, "sockets", -1, "websockets (default: one per player; more reuse the players' tokens; at least 1)")
	flag.IntVar(&c.workers, "workers", 32, "concurrent HTTP requests (bets, cash-outs)")
	flag.DurationVar(&c.betSpread, "betspread", 0, "place the bets evenly over this time (open loop), as players bet during the betting phase; 0: as fast as the workers can")
	flag.IntVar(&c.writes, "writes", -1, "server PALARO_CRASH_WRITES_PER_SECOND (0: a frame every 25 ms however many sockets; default: the server's)")
	flag.DurationVar(&c.frame, "frame", 0, "server PALARO_CRASH_FRAME_EVERY (default: the server's)")
	flag.DurationVar(&c.betting, "betting", 60*time.Second, "betting phase of the measured round")
	flag.Int64Var(&c.minPoint, "minpoint", 300, "lowest crash point of the planted round (hundredths)")
	flag.Int64Var(&c.maxPoint, "maxpoint", 500, "highest crash point of the planted round (hundredths)")
	profile := benchkit.ProfileFlag()
	flag.Parse()
	stopProfile := profile()
	if c.sockets < 0 {
		c.sockets = c.players
	}
	c.sockets = max(c.sockets, 1)
	if c.dbURL == "" {
		fmt.Fprintln(os.Stderr, "crash: -db is required")
		os.Exit(2)
	}
	err := run(c)
	stopProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "crash:", err)
		os.Exit(2)
	}
}

type player struct {
	id    int64
	name  string
	token string
	auto  int64 // automatic cash-out target; 0: by hand at manual
	hand  int64
	betID int64
}

func run(c config) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	seed := exec.CommandContext(ctx, c.bin, "seed") // schema + demo brand
	seed.Env = serverEnv(c)
	if out, err := seed.CombinedOutput(); err != nil {
		return fmt.Errorf("palaro seed: %v: %s", err, out)
	}
	d, err := db.Open(ctx, c.dbURL)
	if err != nil {
		return err
	}
	defer d.Close()
	point, err := plantChain(ctx, d, c)
	if err != nil {
		return err
	}
	players, err := makePlayers(ctx, d, c, point)
	if err != nil {
		return err
	}
	srv, err := startServer(c)
	if err != nil {
		return err
	}
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _, _ = srv.Process.Wait() }()
	served, machineStart := time.Now(), benchkit.ReadMachineTicks()
	fmt.Printf("crash bench: %s, %d players, planted point %d.%02dx, betting %s\n", benchkit.DBLabel(c.dbURL), c.players, point/100, point%100, c.betting)

	base := "http://" + c.addr
	round, err := openRound(base, 30*time.Second)
	if err != nil {
		return fmt.Errorf("state: %v", err)
	}
	roundID := round.ID

	// sockets
	socks := make([]*sock, c.sockets)
	var dialErr atomic.Int64
	t0 := time.Now()
	parallel(64, len(socks), func(i int) {
		s, err := dial(ctx, c.addr, players[i%len(players)].token, c.players)
		if err != nil {
			dialErr.Add(1)
			return
		}
		socks[i] = s
	})
	if n := dialErr.Load(); n > 0 {
		return fmt.Errorf("%d websockets failed to open", n)
	}
	// A socket is subscribed once its state message has come: the server
	// adds it to the broadcast after the handshake's answer, and a bet
	// placed before that is in its state, not sent to it as a message
	// (which the count below would take for a missing delivery).
	for _, s := range socks {
		if err := s.waitReady(ctx, 30*time.Second); err != nil {
			return err
		}
	}
	fmt.Printf("%d websockets open in %.1fs\n", len(socks), time.Since(t0).Seconds())

	// bets
	client := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: c.workers, MaxConnsPerHost: c.workers}}
	var errs atomic.Int64
	t0 = time.Now()
	parallel(c.workers, len(players), func(i int) {
		if c.betSpread > 0 { // bet i is due at its share of the spread
			time.Sleep(time.Until(t0.Add(c.betSpread * time.Duration(i) / time.Duration(len(players)))))
		}
		p := &players[i]
		var ans struct {
			Bet crashgame.BetView `json:"bet"`
		}
		if err := post(client, base+"/wps/inhouse/crash/bet", p.token, "b"+strconv.Itoa(i), map[string]any{"amount": 100 + int64(i%50)*100, "autoCashout": p.auto}, &ans); err != nil {
			errs.Add(1)
			fmt.Fprintln(os.Stderr, "bet:", err)
			return
		}
		p.betID = ans.Bet.ID
	})
	fmt.Printf("%d bets placed in %.1fs (%d errors)\n", len(players), time.Since(t0).Seconds(), errs.Load())

	// the flight: wait for running, cash out by hand on schedule
	startedAt, err := socks[0].waitRunning(ctx, c.betting+30*time.Second)
	if err != nil {
		return err
	}
	var manual atomic.Int64
	jobs := make(chan *player, len(players))
	for i := range players {
		if players[i].auto == 0 && players[i].betID != 0 {
			jobs <- &players[i]
		}
	}
	close(jobs)
	var due []*player
	for p := range jobs {
		due = append(due, p)
	}
	slices.SortFunc(due, func(a, b *player) int { return int(a.hand - b.hand) })
	queue := make(chan *player, len(due))
	var wg sync.WaitGroup
	for w := 0; w < c.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range queue {
				if err := post(client, base+"/wps/inhouse/crash/cashout", p.token, "c"+strconv.FormatInt(p.id, 10), map[string]any{"roundId": roundID}, nil); err != nil {
					errs.Add(1)
					fmt.Fprintln(os.Stderr, "cashout:", err)
					continue
				}
				manual.Add(1)
			}
		}()
	}
	for _, p := range due {
		time.Sleep(time.Until(startedAt.Add(crash.TimeTo(p.hand))))
		queue <- p
	}
	close(queue)
	wg.Wait()
	for _, s := range socks {
		if err := s.waitCrashed(ctx, time.Until(startedAt.Add(crash.TimeTo(point)))+30*time.Second); err != nil {
			return err
		}
	}
	res := result{DB: benchkit.DBLabel(c.dbURL), Players: c.players, Sockets: len(socks), Point: point, ManualCashouts: int(manual.Load())}

	// settlement
	if err := checkSettlement(ctx, d, roundID, &res); err != nil {
		return err
	}
	res.Errors = errs.Load()
	res.HWMMB = float64(benchkit.HWMKB(srv.Process.Pid)) / 1024
	res.ServerCPUs = benchkit.CPUSeconds(srv.Process.Pid)
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		res.BenchCPUs = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	}
	res.WallSeconds = time.Since(served).Seconds()
	res.MachineBusyPct, res.MachineStealPct = benchkit.MachineUse(machineStart, benchkit.ReadMachineTicks())

	// deliveries and latency
	cashed := map[int64]bool{}
	bets := map[int64]bool{}
	rows, err := d.QueryContext(ctx, d.Rebind(`SELECT id, state FROM crash_bet WHERE round_id = ?`), roundID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var state string
		if err := rows.Scan(&id, &state); err != nil {
			return err
		}
		if state == crashgame.BetCashed || state == crashgame.BetLost { // placed, hence broadcast (a bet refunded at betting end never was)
			bets[id] = true
		}
		if state == crashgame.BetCashed {
			cashed[id] = true
		}
	}
	rows.Close()
	var all, co, bl []time.Duration
	for _, s := range socks {
		s.mu.Lock()
		all = append(all, s.lat...)
		co = append(co, s.cashLat...)
		bl = append(bl, s.betLat...)
		res.Messages += int64(len(s.lat))
		for id := range bets {
			switch s.bets.get(id) {
			case 0:
				res.Missing++
			case 1:
			default:
				res.Duplicates++
			}
		}
		for id := range cashed {
			switch s.cashouts.get(id) {
			case 0:
				res.Missing++
			case 1:
			default:
				res.Duplicates++
			}
		}
		if s.dropped {
			res.Dropped++
		}
		s.mu.Unlock()
		s.conn.Close()
	}
	res.P50ms, res.P99ms, res.Maxms, res.CashoutP99ms, res.BetP99ms = benchkit.Pct(all, 50), benchkit.Pct(all, 99), benchkit.Pct(all, 100), benchkit.Pct(co, 99), benchkit.Pct(bl, 99)
	fmt.Printf("round %d: point %d, %d bets, %d cashed out (%d by hand), %d lost; %d messages received: broadcast latency p50 %.1f ms, p99 %.1f ms (cash-outs %.1f, bets %.1f), max %.1f ms; missing %d, duplicate %d, dropped sockets %d; errors %d; unsettled %d, settlement mismatches %d; ledger verify problems %d; server VmHWM %.1f MB; CPU seconds: server %.1f, bench %.1f in %.1f s; machine busy %.0f %%, steal %.1f %%\n",
		roundID, res.Point, res.Bets, res.CashedOut, res.ManualCashouts, res.Lost, res.Messages, res.P50ms, res.P99ms, res.CashoutP99ms, res.BetP99ms, res.Maxms, res.Missing, res.Duplicates, res.Dropped, res.Errors, res.Unsettled, res.SettleMismatches, res.VerifyProblems, res.HWMMB, res.ServerCPUs, res.BenchCPUs, res.WallSeconds, res.MachineBusyPct, res.MachineStealPct)
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	return nil
}

// plantChain stores a chain whose first round crashes in [minPoint, maxPoint].
func plantChain(ctx context.Context, d *db.DB, c config) (int64, error) {
	for i := 0; i < 100000; i++ {
		var b [32]byte
		_, _ = rand.Read(b[:])
		seed := hex.EncodeToString(b[:])
		h := seed
		const length = 1000
		for j := 0; j < length; j++ {
			h = fair.HashHex(h)
		}
		salt := "palaro-bench-crash"
		if p := fair.CrashPoint(h, salt); p >= c.minPoint && p <= c.maxPoint {
			ch := &crashgame.Chain{Seed: seed, Length: length, Salt: salt, TerminalHash: fair.HashHex(h)}
			if err := ch.Load(); err != nil {
				return 0, err
			}
			return p, crashgame.NewStore(d).InsertChain(ctx, ch, time.Now())
		}
	}
	return 0, errors.New("no chain with a first point in range")
}

// makePlayers creates members with a live session each and funds them.
func makePlayers(ctx context.Context, d *db.DB, c config, point int64) ([]player, error) {
	store := account.NewStore(d)
	l := ledger.NewStore(d, nil)
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return nil, err
	}
	run := strconv.FormatInt(time.Now().Unix()%100000, 36)
	players := make([]player, c.players)
	now := time.Now()
	var firstErr error
	var mu sync.Mutex
	parallel(8, c.players, func(i int) {
		var b [32]byte // a token as account.Service makes them
		_, _ = rand.Read(b[:])
		tok := base64.RawURLEncoding.EncodeToString(b[:])
		sum := sha256.Sum256([]byte(tok))
		m := &account.Member{Account: fmt.Sprintf("cb%s%05d", run, i), Nickname: "bench", PasswordHash: "-", CreatedAt: now}
		sess := &account.Session{TokenHash: hex.EncodeToString(sum[:]), LoginType: "bench", IP: "127.0.0.1", CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(24 * time.Hour)}
		err := store.CreateMemberWithSession(ctx, m, sess)
		if err == nil {
			var main ledger.Account
			if main, err = l.EnsureAccount(ctx, ledger.PlayerMain(m.ID, currency)); err == nil {
				_, err = l.Post(ctx, ledger.PostingRequest{Key: "bench-crash-fund:" + strconv.FormatInt(m.ID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
					{AccountID: clearing.ID, Amount: -funds, Currency: currency}, {AccountID: main.ID, Amount: funds, Currency: currency}}})
			}
		}
		if err != nil {
			mu.Lock()
			firstErr = errors.Join(firstErr, err)
			mu.Unlock()
			return
		}
		p := player{id: m.ID, name: m.Account, token: tok}
		r := mrand.Int64N(1000)
		if i%2 == 0 { // automatic: 1.10x up to a quarter above the point
			p.auto = 110 + r*(point*5/4-110)/1000
		} else { // by hand: 1.10x up to 90% of the way to the point
			p.hand = 110 + r*(point*9/10-110)/1000
		}
		players[i] = p
	})
	return players, firstErr
}

// sock is one websocket client and what it received.
type sock struct {
	conn     *wsConn
	mu       sync.Mutex
	lat      []time.Duration
	cashLat  []time.Duration
	betLat   []time.Duration
	bets     counts // deliveries per bet id
	cashouts counts
	running  chan time.Time
	ready    chan struct{} // closed at the state message (subscribed)
	crashed  chan struct{}
	dropped  bool
}

func dial(ctx context.Context, addr, token string, n int) (*sock, error) {
	conn, err := wsDial(addr, "/wps/inhouse/crash/ws", []string{crashgame.Subprotocol, "bearer." + token}, 30*time.Second)
	if err != nil {
		return nil, err
	}
	s := &sock{conn: conn, lat: make([]time.Duration, 0, 2*n+8), running: make(chan time.Time, 1), ready: make(chan struct{}), crashed: make(chan struct{})}
	go s.read()
	return s, nil
}

// read parses each message's lines: the type, the bet id and "at" only.
// The message is read in place in the connection's buffer (wsConn.next)
// and the results are recorded under one lock per message: the 2,000
// readers share the cores with the server, so their CPU shows up in the
// latency they measure.
func (s *sock) read() {
	var once, subscribed sync.Once
	for {
		b, err := s.conn.next()
		now := time.Now().UnixNano()
		if err != nil {
			s.mu.Lock()
			if closeCode(err) == crashgame.CloseSlowClient {
				s.dropped = true
			}
			s.mu.Unlock()
			once.Do(func() { close(s.crashed) })
			return
		}
		s.mu.Lock()
		for len(b) > 0 {
			line := b
			if i := bytes.IndexByte(b, '\n'); i >= 0 {
				line, b = b[:i], b[i+1:]
			} else {
				b = nil
			}
			m, ok := scan(line)
			if !ok {
				continue
			}
			lat := time.Duration(now - m.At*int64(time.Millisecond))
			if m.Type != "state" {
				s.lat = append(s.lat, lat)
			}
			switch m.Type {
			case "bet":
				s.bets.inc(m.ID)
				s.betLat = append(s.betLat, lat)
			case "cashout":
				s.cashouts.inc(m.ID)
				s.cashLat = append(s.cashLat, lat)
			case "running":
				select {
				case s.running <- time.UnixMilli(m.StartedAt):
				default:
				}
			case "state":
				subscribed.Do(func() { close(s.ready) })
			case "crashed":
				once.Do(func() { close(s.crashed) })
			}
		}
		s.mu.Unlock()
	}
}

// line is what the bench reads of a message.
type line struct {
	Type      string
	At, ID    int64
	StartedAt int64
}

// scan picks the type, "at", the bet id and startedAt out of one message
// without a full JSON decode (2,000 clients read millions of messages on
// the same cores as the server). The server writes "type" first, a bet
// message's "bet":{"id" right after it and "at" last: those are read at
// their places, with a search as the fallback.
func scan(b []byte) (line, bool) {
	var l line
	const head = `{"type":"`
	t := len(head)
	if !bytes.HasPrefix(b, []byte(head)) {
		if t = field(b, `"type":"`); t < 0 {
			return l, false
		}
	}
	end := bytes.IndexByte(b[t:], '"')
	if end < 0 {
		return l, false
	}
	l.Type = typeName(b[t : t+end])
	l.At = lastNumber(b, `"at":`)
	switch l.Type {
	case "bet", "cashout":
		const id = `","bet":{"id":`
		if rest := b[t+end:]; bytes.HasPrefix(rest, []byte(id)) {
			l.ID = digits(rest[len(id):])
		} else {
			l.ID = number(b, `"bet":{"id":`)
		}
	case "running":
		l.StartedAt = number(b, `"startedAt":`)
	}
	return l, true
}

// typeName is the message type as a string, without an allocation for the
// types the server sends.
func typeName(b []byte) string {
	switch string(b) {
	case "bet":
		return "bet"
	case "cashout":
		return "cashout"
	case "state":
		return "state"
	case "running":
		return "running"
	case "crashed":
		return "crashed"
	case "betting":
		return "betting"
	case "settled":
		return "settled"
	}
	return string(b)
}

// lastNumber reads the number of key when it is the object's last field
// (`…"at":123}`), scanning back from the end; else it searches.
func lastNumber(b []byte, key string) int64 {
	i := len(b) - 1
	if i >= 0 && b[i] == '}' {
		i--
	}
	j := i
	for i >= 0 && b[i] >= '0' && b[i] <= '9' {
		i--
	}
	if i < j && i+1 >= len(key) && string(b[i+1-len(key):i+1]) == key {
		return digits(b[i+1 : j+1])
	}
	return number(b, key)
}

// digits is the number at the start of b.
func digits(b []byte) int64 {
	var n int64
	for i := 0; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		n = n*10 + int64(b[i]-'0')
	}
	return n
}

func field(b []byte, key string) int {
	var i int
	if key == `"at":` {
		i = lastIndex(b, key) // "at" is the last field
	} else {
		i = bytes.Index(b, []byte(key)) // ids come first in their object
	}
	if i < 0 {
		return -1
	}
	return i + len(key)
}

// lastIndex is bytes.LastIndex for a key near the end of b: a plain scan
// back from the end, which reaches "at" (the message's last field) within a
// few dozen bytes, where bytes.LastIndex hashes its way through the whole
// line.
func lastIndex(b []byte, key string) int {
	for i := len(b) - len(key); i >= 0; i-- {
		if b[i] == key[0] && string(b[i:i+len(key)]) == key {
			return i
		}
	}
	return -1
}

// counts counts deliveries per bet id: a slice indexed by id (a fresh
// database numbers the bets from 1), a map beyond it. 2,000 sockets each
// count every bet and cash-out, millions of increments in all, which a map
// per socket makes a visible share of the bench's CPU.
type counts struct {
	small []uint8
	large map[int64]uint8
}

const countsSmall = 1 << 20

func (c *counts) inc(id int64) {
	if id >= 0 && id < countsSmall {
		if int(id) >= len(c.small) {
			c.small = append(c.small, make([]uint8, int(id)+1-len(c.small)+64)...)
		}
		if c.small[id] < 255 {
			c.small[id]++
		}
		return
	}
	if c.large == nil {
		c.large = map[int64]uint8{}
	}
	if c.large[id] < 255 {
		c.large[id]++
	}
}

func (c *counts) get(id int64) uint8 {
	if id >= 0 && id < countsSmall {
		if int(id) < len(c.small) {
			return c.small[id]
		}
		return 0
	}
	return c.large[id]
}

func number(b []byte, key string) int64 {
	i := field(b, key)
	if i < 0 {
		return 0
	}
	return digits(b[i:])
}

func (s *sock) waitRunning(ctx context.Context, d time.Duration) (time.Time, error) {
	select {
	case t := <-s.running:
		return t, nil
	case <-time.After(d):
		return time.Time{}, errors.New("the round did not start")
	case <-ctx.Done():
		return time.Time{}, ctx.Err()
	}
}

func (s *sock) waitReady(ctx context.Context, d time.Duration) error {
	select {
	case <-s.ready:
		return nil
	default:
	}
	select {
	case <-s.ready:
		return nil
	case <-s.crashed: // the socket ended (crashed is also closed then)
		return errors.New("a websocket ended before its state message")
	case <-time.After(d):
		return errors.New("a websocket got no state message")
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *sock) waitCrashed(ctx context.Context, d time.Duration) error {
	select {
	case <-s.crashed:
		return nil
	case <-time.After(d):
		return errors.New("a client saw no crash")
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkSettlement waits until every bet of the round is settled, then
// checks each against its in-house round, its seamless win and the ledger.
func checkSettlement(ctx context.Context, d *db.DB, roundID int64, res *result) error {
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		var n int
		if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM crash_bet WHERE round_id = ? AND settled = 0`), roundID).Scan(&n); err != nil {
			return err
		}
		res.Unsettled = n
		if n == 0 || time.Now().After(deadline) {
			break
		}
	}
	rows, err := d.QueryContext(ctx, d.Rebind(`SELECT b.state, b.win, b.settled, r.state, r.win,
		(SELECT COUNT(*) FROM seamless_tx t WHERE t.vendor = 'BGS' AND t.round_id = 'crash-' || CAST(b.inhouse_id AS TEXT) AND t.kind = 'win' AND t.status = 'OK'),
		(SELECT COALESCE(SUM(t.amount), 0) FROM seamless_tx t WHERE t.vendor = 'BGS' AND t.round_id = 'crash-' || CAST(b.inhouse_id AS TEXT) AND t.kind = 'win' AND t.status = 'OK')
		FROM crash_bet b JOIN inhouse_round r ON r.id = b.inhouse_id WHERE b.round_id = ?`), roundID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var state, rstate string
		var win, rwin, wins, paid int64
		var settled int
		if err := rows.Scan(&state, &win, &settled, &rstate, &rwin, &wins, &paid); err != nil {
			return err
		}
		res.Bets++
		switch state {
		case crashgame.BetCashed:
			res.CashedOut++
		case crashgame.BetLost:
			res.Lost++
		}
		if settled != 1 || rstate != "COMPLETED" || rwin != win || wins != 1 || paid != win {
			res.SettleMismatches++
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rep, err := ledger.NewStore(d, nil).Verify(ctx)
	if err != nil {
		return err
	}
	res.VerifyProblems = len(rep.Problems)
	return nil
}

func parallel(workers, n int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

func post(client *http.Client, url, token, key string, body any, into any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Success bool            `json:"success"`
		Code    string          `json:"code"`
		Value   json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || !env.Success {
		return fmt.Errorf("%s: %d %.200s", url, res.StatusCode, raw)
	}
	if into != nil {
		return json.Unmarshal(env.Value, into)
	}
	return nil
}

// openRound returns the round the server has open. The engine opens its
// first round shortly after the server answers HTTP (on a slow machine,
// measurably later), so the state is asked again until there is one.
func openRound(base string, wait time.Duration) (*crashgame.RoundView, error) {
	deadline := time.Now().Add(wait)
	for {
		var st struct {
			Value crashgame.State `json:"value"`
		}
		err := getJSON(base+"/wps/inhouse/crash/state", &st)
		if err == nil && st.Value.Round != nil {
			return st.Value.Round, nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("no round open %s after the server started", wait)
			}
			return nil, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func getJSON(url string, into any) error {
	res, err := http.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return json.NewDecoder(res.Body).Decode(into)
}

// serverEnv is the server's environment: no inherited PALARO_*, the demo
// brand, the bench's betting phase and a socket queue deep enough for
// the bets of the betting phase.
func serverEnv(c config) []string {
	env := benchkit.ServerEnv(benchkit.Demo(c.addr, c.dbURL)...)
	if c.writes >= 0 {
		env = append(env, "PALARO_CRASH_WRITES_PER_SECOND="+strconv.Itoa(c.writes))
	}
	if c.frame > 0 {
		env = append(env, "PALARO_CRASH_FRAME_EVERY="+c.frame.String())
	}
	return append(env, "PALARO_CRASH_BETTING="+c.betting.String(), "PALARO_CRASH_COOLDOWN=5s", "PALARO_CRASH_CLIENT_QUEUE=256")
}

// startServer starts the server with serverEnv and waits until it is ready.
func startServer(c config) (*exec.Cmd, error) {
	return benchkit.StartServer(c.bin, serverEnv(c), c.addr, c.logFile)
}
