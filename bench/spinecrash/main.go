// Command spinecrash is the play spine's crash benchmark of `make bench`
// (BENCH_ONLY items `spinecrash` and `twoinstance`, see bench/README.md). It
// starts `palaro serve` (demo mode, a known secret for the vendor PG) on a
// fresh database, prepares players in that database as bench/seamless and
// bench/inhouse do, and drives a mixed load over HTTP:
//
//   - vendor rounds: a signed seamless `bet`, then a signed `win` with
//     endRound (POST /lgw/vendor/PG/wallet/*), as a vendor's server does;
//   - in-house slot spins (POST /wps/inhouse/slot/spin with an
//     Idempotency-Key; free spins played out with /slot/free);
//   - operator adjustments (POST /ops/v1/adjustments as finance01): plain
//     ledger postings with their `adjustment` facts.
//
// Every request without an answer (the server was killed) is sent again with
// the same transaction id or Idempotency-Key until one is given. Each
// acknowledged operation is recorded here.
//
//	-mode crash: one server, killed with SIGKILL -kills times at spread
//	moments and restarted each time.
//	-mode twoinstance: two servers on one PostgreSQL (and Redis, -redis), the
//	load spread over both; the one holding the activity stream's leases is
//	killed with SIGKILL once and not restarted; the survivor keeps the load.
//	The takeover is timed: from the kill until the survivor holds every lease
//	of the stream, and until every event appended before the kill is
//	numbered and applied by every consumer.
//
// Afterwards, with the load stopped and the consumers caught up (and, when a
// kill left in-house rounds unfinished, the server started once more for
// in-house recovery): `palaro ledger verify` and `palaro events verify` must
// exit 0; every acknowledged round (vendor and in-house) is COMPLETED with
// its round.settled fact in the stream once; every acknowledged bet, win and
// adjustment is posted once with the amount asked, and no key sent is posted
// twice; every completed round in the database has one settled fact and
// every settled fact a completed round; each consumer's rows (daily figures,
// daily reports) add up to the stream's facts; and every in-house round ended
// as its wallet round, fact and money say.
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
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/palaro/palaro/bench/benchkit"
	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
)

const (
	vendor       = "PG"
	secret       = "bench-spinecrash-secret-0123456789abcdef"
	firstVendor  = 910_000_000 // synthetic member ids of the vendor players
	funds        = 100_000_000 // minor units per player
	password     = "BenchSpin2026"
	giveUpAfter  = 90 * time.Second // a request unanswered this long ends the run as a tool error
	retryPause   = 50 * time.Millisecond
	operatorUser = "finance01"
	operatorPass = "Palaro2026"
)

type config struct {
	mode, bin, dbURL, logFile, redis string
	addrs                            []string
	players, clients, rate, kills    int
	duration                         time.Duration
}

type result struct {
	Mode     string  `json:"mode"`
	DB       string  `json:"db"`
	Kills    int     `json:"kills"`
	Seconds  float64 `json:"seconds"`
	Requests int64   `json:"requests"`
	Retries  int64   `json:"retries"` // requests sent again after no answer
	// Acknowledged operations.
	VendorRounds  int    `json:"vendorRounds"` // wins with endRound answered OK
	VendorBets    int    `json:"vendorBets"`   // bets answered OK
	Spins         int    `json:"spins"`        // spin rounds answered COMPLETED (after their free spins)
	Adjustments   int    `json:"adjustments"`  // adjustments answered 200
	Refused       int    `json:"refused"`      // definite refusals (not acknowledged; checked not posted twice)
	RefusedSample string `json:"refusedSample,omitempty"`
	InProgress    int    `json:"inProgress"` // spins retried after a kill answered inhouse.in_progress: left to in-house recovery, not acknowledged
	// Checks.
	RoundsMissing     int    `json:"roundsMissing"`  // acknowledged rounds not COMPLETED or without their settled fact
	BetsWrong         int    `json:"betsWrong"`      // acknowledged bets/wins/adjustments not posted once with their amount
	FactsWrong        int    `json:"factsWrong"`     // adjustment facts missing/stray; completed rounds without a settled fact and back
	FiguresRounds     int64  `json:"figuresRounds"`  // rounds counted in the daily figures
	ReportRounds      int64  `json:"reportRounds"`   // rounds counted in the daily reports (reports.daily)
	ReportsChecked    bool   `json:"reportsChecked"` // the binary has reports.daily
	ConsumersWrong    int    `json:"consumersWrong"` // consumers whose rows do not add up to the stream's facts
	SettledFacts      int64  `json:"settledFacts"`   // round.settled facts in the stream
	VerifyExit        int    `json:"verifyExit"`     // palaro ledger verify
	Verify            string `json:"verify"`
	EventsExit        int    `json:"eventsExit"` // palaro events verify
	Events            string `json:"events"`
	CaughtUp          bool   `json:"caughtUp"`          // every consumer at the head, nothing unnumbered, after the load
	InhousePending    int    `json:"inhousePending"`    // acknowledged spins whose in-house round still waits for recovery (info)
	InhouseCancelled  int    `json:"inhouseCancelled"`  // acknowledged spins cancelled afterwards (a failure)
	RecoveryRun       bool   `json:"recoveryRun"`       // the server started once more for in-house recovery
	InhouseWrong      int    `json:"inhouseWrong"`      // in-house rounds whose end state disagrees with the wallet's round, its fact or the money
	InhouseUnfinished int    `json:"inhouseUnfinished"` // in-house rounds PENDING, SETTLING or REFUNDING after recovery
	InhouseOpen       int    `json:"inhouseOpen"`       // slot rounds with free spins left (info)
	RolledBack        int64  `json:"rolledBack"`        // settled rounds undone (round:<id>:rollback facts)
	// twoinstance: the takeover.
	Killed        string  `json:"killed,omitempty"`   // the instance killed (lease holder)
	Survivor      string  `json:"survivor,omitempty"` // the instance that took over
	LeasesMs      float64 `json:"leasesMs"`           // kill -> the survivor holds every stream lease
	CaughtUpMs    float64 `json:"caughtUpMs"`         // kill -> every event appended before the kill numbered and applied
	SurvivorAcked int     `json:"survivorAcked"`      // operations acknowledged by the survivor after the kill
	AnswersFirst  int64   `json:"answersFirst"`       // answers given by the first server (twoinstance: the spread)
	AnswersSecond int64   `json:"answersSecond"`      // and by the second
	OK            bool    `json:"ok"`
}

func main() {
	var c config
	var addrs string
	flag.StringVar(&c.mode, "mode", "crash", "crash | twoinstance")
	flag.StringVar(&c.bin, "bin", "bin/palaro", "palaro binary")
	flag.StringVar(&c.dbURL, "db", "", "database URL (fresh)")
	flag.StringVar(&addrs, "addr", "127.0.0.1:19990", "server address (loopback); twoinstance: two, comma separated")
	flag.StringVar(&c.logFile, "log", "", "server log file (appended; default stderr)")
	flag.StringVar(&c.redis, "redis", "", "twoinstance: PALARO_REDIS_URL of both servers (empty: none)")
	flag.IntVar(&c.players, "players", 100, "players per kind (vendor, in-house)")
	flag.IntVar(&c.clients, "clients", 32, "concurrent clients")
	flag.IntVar(&c.rate, "rate", 300, "operations per second (vendor rounds, spins, adjustments)")
	flag.IntVar(&c.kills, "kills", 3, "crash: SIGKILLs")
	flag.DurationVar(&c.duration, "duration", 40*time.Second, "load duration")
	flag.Parse()
	c.addrs = strings.Split(addrs, ",")
	if c.dbURL == "" || (c.mode == "twoinstance" && len(c.addrs) != 2) || (c.mode != "crash" && c.mode != "twoinstance") {
		fmt.Fprintln(os.Stderr, "spinecrash: -db, -mode crash with -addr, or -mode twoinstance with two -addr")
		os.Exit(2)
	}
	res, err := run(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "spinecrash: ERROR:", err)
		os.Exit(2)
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
}

// ---------------------------------------------------------------- servers

type server struct {
	addr string
	cmd  *exec.Cmd
	dead atomic.Bool
}

var servers struct {
	sync.Mutex
	all []*server
}

func (c config) env(addr string) []string {
	extra := append(benchkit.Demo(addr, c.dbURL), "PALARO_VENDOR_"+vendor+"_SECRET="+secret)
	if c.redis != "" {
		extra = append(extra, "PALARO_REDIS_URL="+c.redis)
	}
	return benchkit.ServerEnv(extra...)
}

func (c config) start(s *server) error {
	cmd, err := benchkit.StartServer(c.bin, c.env(s.addr), s.addr, c.logFile)
	if err != nil {
		return err
	}
	servers.Lock()
	s.cmd = cmd
	s.dead.Store(false)
	servers.Unlock()
	return nil
}

func (s *server) pid() int { return s.cmd.Process.Pid }

func (s *server) kill() {
	s.dead.Store(true)
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	for i := 0; i < 250 && alive(s.pid()); i++ {
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *server) stop() {
	if s.cmd == nil || !alive(s.pid()) {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	for i := 0; i < 200 && alive(s.pid()); i++ {
		time.Sleep(50 * time.Millisecond)
	}
	_ = s.cmd.Process.Kill()
}

// alive: benchkit reaps the child, so /proc/<pid> goes (or shows a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return false
}

func stopAll() {
	servers.Lock()
	all := servers.all
	servers.Unlock()
	for _, s := range all {
		s.stop()
	}
}

// ---------------------------------------------------------------- records

type vendorRound struct {
	bet, win       int64
	betOK, roundOK bool
}

type spinRec struct {
	member int64
	key    string
	state  string // the last answer's round state ("" when none)
}

type adjRec struct {
	member int64
	cents  int64 // signed: a credit positive
	acked  bool
}

type records struct {
	sync.Mutex
	rounds     map[string]*vendorRound // by round id
	spins      []spinRec
	adjs       map[string]*adjRec // by Idempotency-Key
	refused    int
	inProgress int
	sample     string
	afterAck   int // acknowledged after the kill (twoinstance)
}

func (r *records) refuse(what string) {
	r.Lock()
	r.refused++
	if r.sample == "" {
		r.sample = what
	}
	r.Unlock()
}

// ---------------------------------------------------------------- run

func run(c config) (result, error) {
	res := result{Mode: c.mode, DB: benchkit.DBLabel(c.dbURL)}
	ctx := context.Background()
	defer stopAll()
	// run.sh's timeout or trap stops us: take the servers down too.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() { <-sig; stopAll(); fmt.Fprintln(os.Stderr, "spinecrash: interrupted"); os.Exit(2) }()

	first := &server{addr: c.addrs[0]}
	servers.all = []*server{first}
	if err := c.start(first); err != nil {
		return res, err
	}
	d, err := db.Open(ctx, c.dbURL)
	if err != nil {
		return res, err
	}
	defer d.Close()
	st := activity.NewStore(d)
	g, currency, err := pickGame(ctx, d)
	if err != nil {
		return res, err
	}
	vendorTokens, err := openSessions(ctx, d, c.players, g, currency)
	if err != nil {
		return res, err
	}
	members, spinTokens, err := loginPlayers(ctx, d, c.players)
	if err != nil {
		return res, err
	}
	if c.mode == "twoinstance" {
		second := &server{addr: c.addrs[1]}
		if err := c.start(second); err != nil {
			return res, err
		}
		servers.Lock()
		servers.all = append(servers.all, second)
		servers.Unlock()
	}
	op := &operator{}
	if err := op.login(c.addrs[0]); err != nil {
		return res, err
	}
	fmt.Printf("spinecrash %s on %s: game %s, %d vendor and %d in-house players, %d ops/s (vendor rounds 40 %%, spins 45 %%, adjustments 15 %%), %d clients, %s\n",
		c.mode, res.DB, g.GameCode, c.players, c.players, c.rate, c.clients, c.duration)

	rec := &records{rounds: map[string]*vendorRound{}, adjs: map[string]*adjRec{}}
	var requests, retries atomic.Int64
	var answered [2]atomic.Int64 // answers per server (twoinstance: the spread)
	var fatal atomic.Value
	var afterKill atomic.Bool
	runID := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)

	// send posts to a live server, preferring pref, until an answer comes
	// (any status below 500).
	send := func(conns []*benchkit.HTTPConn, buf *[]byte, pref int, path string, headers func() []benchkit.Header, body string) (int, []byte, bool) {
		t0 := time.Now()
		for attempt := 0; ; attempt++ {
			if attempt > 0 {
				retries.Add(1)
				time.Sleep(retryPause)
			}
			if time.Since(t0) > giveUpAfter {
				fatal.CompareAndSwap(nil, fmt.Errorf("%s: no answer for %s", path, giveUpAfter))
				return 0, nil, false
			}
			i := (pref + attempt) % len(conns)
			servers.Lock()
			dead := servers.all[i].dead.Load()
			servers.Unlock()
			if dead && len(conns) > 1 {
				i = (i + 1) % len(conns)
			}
			requests.Add(1)
			status, b, err := conns[i].Post(path, headers(), body, *buf)
			*buf = b
			if err != nil || status >= 500 {
				continue
			}
			answered[i%2].Add(1)
			return status, b, true
		}
	}

	playVendor := func(conns []*benchkit.HTTPConn, buf *[]byte, n int64) {
		p := rand.IntN(len(vendorTokens))
		stake := 100 + rand.Int64N(1000)
		var win int64
		if rand.IntN(2) == 0 {
			win = 1 + rand.Int64N(2*stake)
		}
		round := "r" + runID + "-" + strconv.FormatInt(n, 36)
		vr := &vendorRound{bet: stake, win: win}
		rec.Lock()
		rec.rounds[round] = vr
		rec.Unlock()
		common := fmt.Sprintf(`"sessionToken":%q,"playerId":%q,"roundId":%q,"gameCode":%q,"currency":%q`,
			vendorTokens[p], seamless.PlayerID(firstVendor+int64(p)), round, g.GameCode, currency)
		call := func(op, body string) bool {
			status, b, ok := send(conns, buf, int(n), "/lgw/vendor/"+vendor+"/wallet/"+op, func() []benchkit.Header {
				return []benchkit.Header{{Name: "Content-Type", Value: "application/json"},
					{Name: vendorwallet.SignatureHeader, Value: vendorwallet.Sign([]byte(secret), time.Now(), []byte(body))}}
			}, body)
			if !ok {
				return false
			}
			var a seamless.Response
			if status != http.StatusOK || json.Unmarshal(b, &a) != nil || a.Status != "OK" {
				rec.refuse(fmt.Sprintf("%s %d %s", op, status, a.Code))
				return false
			}
			return true
		}
		if !call(seamless.OpBet, fmt.Sprintf(`{%s,"txId":"b%s","amount":%d}`, common, round, stake)) {
			return
		}
		rec.Lock()
		vr.betOK = true
		rec.Unlock()
		if !call(seamless.OpWin, fmt.Sprintf(`{%s,"txId":"w%s","amount":%d,"endRound":true}`, common, round, win)) {
			return
		}
		rec.Lock()
		vr.roundOK = true
		if afterKill.Load() {
			rec.afterAck++
		}
		rec.Unlock()
	}

	type spinAnswer struct {
		Value struct {
			Round struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			} `json:"round"`
		} `json:"value"`
		Success bool   `json:"success"`
		Code    string `json:"code"`
	}
	spin := func(conns []*benchkit.HTTPConn, buf *[]byte, n int64) {
		p := rand.IntN(len(spinTokens))
		key := "s" + runID + "-" + strconv.FormatInt(n, 36)
		post := func(path, k, body string) (spinAnswer, bool) {
			var a spinAnswer
			status, b, ok := send(conns, buf, int(n), "/wps/inhouse/"+path, func() []benchkit.Header {
				return []benchkit.Header{{Name: "Content-Type", Value: "application/json"},
					{Name: "Authorization", Value: "Bearer " + spinTokens[p]}, {Name: "Idempotency-Key", Value: k}}
			}, body)
			if !ok {
				return a, false
			}
			if json.Unmarshal(b, &a) != nil || status != http.StatusOK || !a.Success {
				if a.Code == "inhouse.in_progress" { // the first request died before it finished: recovery settles the round
					rec.Lock()
					rec.inProgress++
					rec.Unlock()
					return a, false
				}
				rec.refuse(fmt.Sprintf("%s %d %s", path, status, a.Code))
				return a, false
			}
			return a, true
		}
		a, ok := post("slot/spin", key, `{"amount":`+strconv.FormatInt(100+rand.Int64N(900), 10)+`}`)
		if !ok {
			return
		}
		for i := 0; a.Value.Round.Status == "OPEN" && i < 200; i++ {
			next, ok := post("slot/free", key+"-f"+strconv.Itoa(i), `{"roundId":`+strconv.FormatInt(a.Value.Round.ID, 10)+`}`)
			if !ok {
				break
			}
			a = next
		}
		rec.Lock()
		rec.spins = append(rec.spins, spinRec{member: members[p], key: key, state: a.Value.Round.Status})
		if afterKill.Load() && a.Value.Round.Status == "COMPLETED" {
			rec.afterAck++
		}
		rec.Unlock()
	}

	adjust := func(conns []*benchkit.HTTPConn, buf *[]byte, n int64) {
		key := "a" + runID + "-" + strconv.FormatInt(n, 36)
		m := members[rand.IntN(len(members))]
		cents := 100 + rand.Int64N(4900)
		dir := "CREDIT"
		if rand.IntN(2) == 0 {
			dir, cents = "DEBIT", -cents
		}
		ar := &adjRec{member: m, cents: cents}
		rec.Lock()
		rec.adjs[key] = ar
		rec.Unlock()
		body := fmt.Sprintf(`{"memberId":%d,"direction":%q,"amount":"%d.%02d","reason":"spinecrash bench"}`, m, dir, abs(cents)/100, abs(cents)%100)
		for {
			status, b, ok := send(conns, buf, int(n), "/ops/v1/adjustments", func() []benchkit.Header {
				return []benchkit.Header{{Name: "Content-Type", Value: "application/json"},
					{Name: "Authorization", Value: "Bearer " + op.token()}, {Name: "Idempotency-Key", Value: key}}
			}, body)
			if !ok {
				return
			}
			if status == http.StatusUnauthorized { // a session lost: log in again, same key
				op.relogin(c.addrs)
				continue
			}
			var env struct {
				Code string `json:"code"`
			}
			_ = json.Unmarshal(b, &env)
			if status != http.StatusOK {
				rec.refuse(fmt.Sprintf("adjustment %d %s", status, env.Code))
				return
			}
			rec.Lock()
			ar.acked = true
			if afterKill.Load() {
				rec.afterAck++
			}
			rec.Unlock()
			return
		}
	}

	loadCtx, endLoad := context.WithTimeout(ctx, c.duration)
	defer endLoad()
	jobs := make(chan int64)
	var wg sync.WaitGroup
	for w := 0; w < c.clients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			servers.Lock()
			all := servers.all
			servers.Unlock()
			conns := make([]*benchkit.HTTPConn, len(all))
			for i := range conns {
				conns[i] = benchkit.NewHTTPConn(all[i].addr, 10*time.Second)
				defer conns[i].Close()
			}
			var buf []byte
			for n := range jobs {
				switch k := n % 20; {
				case k < 8:
					playVendor(conns, &buf, n)
				case k < 17:
					spin(conns, &buf, n)
				default:
					adjust(conns, &buf, n)
				}
			}
		}()
	}
	go func() { // the pacer: a tick per operation, dropped while every client is busy
		defer close(jobs)
		t := time.NewTicker(time.Duration(float64(time.Second) / float64(c.rate)))
		defer t.Stop()
		for n := int64(1); ; n++ {
			select {
			case <-loadCtx.Done():
				return
			case <-t.C:
			}
			select {
			case jobs <- n:
			case <-loadCtx.Done():
				return
			}
		}
	}()

	t0 := time.Now()
	var takeover chan takeoverResult
	switch c.mode {
	case "crash":
		slot := c.duration / time.Duration(c.kills+1)
		for k := 0; k < c.kills; k++ {
			wait := time.Until(t0.Add(slot*time.Duration(k+1) - slot/4 + time.Duration(rand.Int64N(int64(slot/2)))))
			select {
			case <-time.After(wait):
			case <-loadCtx.Done():
			}
			if loadCtx.Err() != nil {
				break
			}
			first.kill()
			res.Kills++
			fmt.Printf("kill -9 #%d of the server (pid %d) at %.1f s\n", k+1, first.pid(), time.Since(t0).Seconds())
			if err := c.start(first); err != nil {
				endLoad()
				wg.Wait()
				return res, fmt.Errorf("restart after kill %d: %w", k+1, err)
			}
			fmt.Printf("   restarted (pid %d), ready after %.1f s\n", first.pid(), time.Since(t0).Seconds())
		}
	case "twoinstance":
		select {
		case <-time.After(c.duration * 2 / 5):
		case <-loadCtx.Done():
		}
		victim, survivor, err := leaseHolder(ctx, st)
		if err != nil {
			endLoad()
			wg.Wait()
			return res, err
		}
		res.Killed, res.Survivor = victim.addr, survivor.addr
		victim.kill()
		killedAt := time.Now()
		afterKill.Store(true)
		res.Kills = 1
		fmt.Printf("kill -9 of %s (pid %d, holding the stream's leases) at %.1f s; %s (pid %d) survives\n",
			victim.addr, victim.pid(), time.Since(t0).Seconds(), survivor.addr, survivor.pid())
		takeover = make(chan takeoverResult, 1)
		go func() { takeover <- watchTakeover(ctx, st, survivor.pid(), killedAt) }()
	}
	<-loadCtx.Done()
	wg.Wait()
	res.Seconds = time.Since(t0).Seconds()
	if v := fatal.Load(); v != nil {
		return res, v.(error)
	}
	if takeover != nil {
		tr := <-takeover
		if tr.err != nil {
			return res, tr.err
		}
		res.LeasesMs, res.CaughtUpMs = ms(tr.leases), ms(tr.caughtUp)
		fmt.Printf("takeover: the survivor held every stream lease %.1f s after the kill; every event appended before the kill was applied by every consumer %.1f s after it\n",
			tr.leases.Seconds(), tr.caughtUp.Seconds())
	}
	res.Requests, res.Retries = requests.Load(), retries.Load()
	if c.mode == "twoinstance" {
		res.AnswersFirst, res.AnswersSecond = answered[0].Load(), answered[1].Load()
		fmt.Printf("answers: %d by %s, %d by %s\n", res.AnswersFirst, c.addrs[0], res.AnswersSecond, c.addrs[1])
	}

	// The consumers catch up with the load stopped; then the servers stop.
	res.CaughtUp = waitCaughtUp(ctx, st, 60*time.Second)
	stopAll()
	// Spins a kill left unfinished are settled by in-house recovery once
	// they are older than its grace: one more start runs it, so every round
	// is checked in its end state.
	recovered, err := recoverInhouse(ctx, c, d, first)
	if err != nil {
		return res, err
	}
	res.RecoveryRun = recovered
	if recovered {
		res.CaughtUp = res.CaughtUp && waitCaughtUp(ctx, st, 60*time.Second)
		stopAll()
	}

	if err := check(ctx, c, d, rec, &res); err != nil {
		return res, err
	}
	res.OK = res.RoundsMissing == 0 && res.BetsWrong == 0 && res.FactsWrong == 0 && res.VerifyExit == 0 && res.EventsExit == 0 &&
		res.CaughtUp && res.InhouseCancelled == 0 && res.ConsumersWrong == 0 && res.InhouseWrong == 0 && res.InhouseUnfinished == 0 && res.VendorRounds > 0 && res.Spins > 0 && res.Adjustments > 0
	if c.mode == "crash" {
		res.OK = res.OK && res.Kills == c.kills
	} else {
		res.OK = res.OK && res.CaughtUpMs > 0 && res.SurvivorAcked > 0
	}
	fmt.Printf("load: %.0f s, %d requests, %d sent again after no answer; acknowledged: %d vendor rounds (%d bets), %d spins, %d adjustments; %d refused%s; %d spins in progress after a kill (left to recovery)\n",
		res.Seconds, res.Requests, res.Retries, res.VendorRounds, res.VendorBets, res.Spins, res.Adjustments, res.Refused, suffix(res.RefusedSample), res.InProgress)
	fmt.Printf("checks: acknowledged rounds missing or without their fact %d; bets, wins and adjustments not posted once as asked %d; facts wrong %d; settled facts %d (rolled back %d); rounds in the figures %d, in the reports %d; consumers not adding up to the stream %d; consumers caught up %v; acknowledged spins cancelled %d (waiting for recovery %d)\n",
		res.RoundsMissing, res.BetsWrong, res.FactsWrong, res.SettledFacts, res.RolledBack, res.FiguresRounds, res.ReportRounds, res.ConsumersWrong, res.CaughtUp, res.InhouseCancelled, res.InhousePending)
	fmt.Printf("in-house rounds (recovery run: %v): end state disagreeing with the wallet, its fact or the money %d; unfinished %d; slot rounds with free spins left %d\n",
		res.RecoveryRun, res.InhouseWrong, res.InhouseUnfinished, res.InhouseOpen)
	fmt.Printf("palaro ledger verify exit %d (%s); palaro events verify exit %d (%s)\n", res.VerifyExit, res.Verify, res.EventsExit, res.Events)
	return res, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func suffix(s string) string {
	if s == "" {
		return ""
	}
	return " (first: " + s + ")"
}

// ---------------------------------------------------------------- operator

type operator struct {
	mu  sync.Mutex
	tok string
	otp benchkit.DemoOTP // finance01 signs in with a one-time code
}

func (o *operator) token() string { o.mu.Lock(); defer o.mu.Unlock(); return o.tok }

func (o *operator) login(addr string) error {
	conn := benchkit.NewHTTPConn(addr, 10*time.Second)
	defer conn.Close()
	status, b, err := conn.Post("/ops/v1/login", []benchkit.Header{{Name: "Content-Type", Value: "application/json"}},
		fmt.Sprintf(`{"username":%q,"password":%q,"otp":%q}`, operatorUser, operatorPass, o.otp.Next()), nil)
	if err != nil {
		return err
	}
	var env struct {
		Success bool   `json:"success"`
		Code    string `json:"code"`
		Value   struct {
			Token string `json:"token"`
		} `json:"value"`
	}
	if json.Unmarshal(b, &env) != nil || !env.Success || env.Value.Token == "" {
		return fmt.Errorf("operator login: %d %s", status, env.Code)
	}
	o.mu.Lock()
	o.tok = env.Value.Token
	o.mu.Unlock()
	return nil
}

func (o *operator) relogin(addrs []string) {
	for i := 0; ; i++ {
		if o.login(addrs[i%len(addrs)]) == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ---------------------------------------------------------------- the stream's leases

// leaseHolder names the server holding the figures consumer's lease (and
// so the one to kill) and the other.
func leaseHolder(ctx context.Context, st *activity.Store) (victim, survivor *server, err error) {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		s, err := st.Status(ctx)
		if err != nil {
			return nil, nil, err
		}
		for _, cs := range s.Consumers {
			if cs.Lease.Holder == "" || time.Now().After(cs.Lease.Expires) {
				continue
			}
			pid := holderPID(cs.Lease.Holder)
			servers.Lock()
			all := servers.all
			servers.Unlock()
			for i, sv := range all {
				if sv.pid() == pid {
					if holderPID(s.Sequencer.Holder) != pid {
						fmt.Printf("note: the sequencer's lease is held by %s, the consumers' by %s\n", s.Sequencer.Holder, cs.Lease.Holder)
					}
					return sv, all[1-i], nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, nil, errors.New("no server holds the consumers' lease")
}

// holderPID reads the pid of a holder name host-pid-random.
func holderPID(holder string) int {
	parts := strings.Split(holder, "-")
	if len(parts) < 3 {
		return 0
	}
	pid, _ := strconv.Atoi(parts[len(parts)-2])
	return pid
}

type takeoverResult struct {
	leases, caughtUp time.Duration
	err              error
}

// watchTakeover times, from the kill, until the survivor holds the
// sequencer's and every consumer's lease, and until no event appended
// before the kill waits for a position or for any consumer.
func watchTakeover(ctx context.Context, st *activity.Store, survivor int, killed time.Time) takeoverResult {
	var tr takeoverResult
	for time.Since(killed) < 60*time.Second {
		s, err := st.Status(ctx)
		if err != nil {
			return takeoverResult{err: err}
		}
		now := time.Now()
		if tr.leases == 0 {
			held := holderPID(s.Sequencer.Holder) == survivor && s.Sequencer.Expires.After(now)
			for _, cs := range s.Consumers {
				held = held && holderPID(cs.Lease.Holder) == survivor && cs.Lease.Expires.After(now)
			}
			if held {
				tr.leases = now.Sub(killed)
			}
		}
		if tr.leases > 0 && tr.caughtUp == 0 {
			done := s.OldestPending.IsZero() || !s.OldestPending.Before(killed)
			for _, cs := range s.Consumers {
				done = done && (cs.Oldest.IsZero() || !cs.Oldest.Before(killed))
			}
			if done {
				tr.caughtUp = now.Sub(killed)
				return tr
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return takeoverResult{err: fmt.Errorf("no takeover within 60 s of the kill (leases after %v)", tr.leases)}
}

// waitCaughtUp waits until nothing waits for a position and every consumer
// is at the head.
func waitCaughtUp(ctx context.Context, st *activity.Store, within time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		s, err := st.Status(ctx)
		if err != nil || s.Pending > 0 {
			continue
		}
		done := true
		for _, cs := range s.Consumers {
			done = done && cs.Position == s.Head
		}
		if done {
			return true
		}
	}
	return false
}

// recoverInhouse, when in-house rounds are unfinished (PENDING, SETTLING,
// REFUNDING: a kill stopped their requests), waits until the last of them
// is older than recovery's grace, starts the server s (its start-up runs a
// recovery pass) and waits until none is left.
func recoverInhouse(ctx context.Context, c config, d *db.DB, s *server) (bool, error) {
	const unfinished = `FROM inhouse_round WHERE state IN ('PENDING', 'SETTLING', 'REFUNDING')`
	var n int
	var last int64
	if err := d.QueryRowContext(ctx, `SELECT count(*), COALESCE(max(updated_at), 0) `+unfinished).Scan(&n, &last); err != nil {
		return false, err
	}
	if n == 0 {
		return false, nil
	}
	wait := time.Until(time.UnixMilli(last).Add(inhouse.DefaultPendingGrace + time.Second))
	fmt.Printf("%d in-house rounds unfinished: the server starts again in %.0f s for in-house recovery\n", n, max(0, wait.Seconds()))
	time.Sleep(wait)
	if err := c.start(s); err != nil {
		return false, fmt.Errorf("start for recovery: %w", err)
	}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if err := d.QueryRowContext(ctx, `SELECT count(*) `+unfinished).Scan(&n); err != nil {
			return false, err
		}
		if n == 0 {
			return true, nil
		}
	}
	fmt.Printf("%d in-house rounds still unfinished after recovery\n", n)
	return true, nil
}

// ---------------------------------------------------------------- checks

func check(ctx context.Context, c config, d *db.DB, rec *records, res *result) error {
	rec.Lock()
	defer rec.Unlock()
	res.Refused, res.RefusedSample, res.SurvivorAcked, res.InProgress = rec.refused, rec.sample, rec.afterAck, rec.inProgress

	// Postings by key, with the player's line (signed) and count.
	type posted struct {
		n     int
		cents int64
	}
	postings := map[string]*posted{}
	rows, err := d.QueryContext(ctx, `SELECT p.idempotency_key, l.amount FROM ledger_posting p
 JOIN ledger_line l ON l.posting_id = p.id JOIN ledger_account a ON a.id = l.account_id AND a.purpose = 'player_main'
 WHERE p.idempotency_key LIKE 'seamless:%' OR p.idempotency_key LIKE 'adjust:%'`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var k string
		var amt int64
		if err := rows.Scan(&k, &amt); err != nil {
			rows.Close()
			return err
		}
		if strings.HasPrefix(k, "adjust:") { // adjust:<operator>:<client key>
			if parts := strings.SplitN(k, ":", 3); len(parts) == 3 {
				k = "adjust:" + parts[2]
			}
		}
		p := postings[k]
		if p == nil {
			p = &posted{}
			postings[k] = p
		}
		p.n++
		p.cents = amt
	}
	rows.Close()

	// Rounds: vendor rounds by their id, in-house ones by the game wallet's
	// round id (slot-<in-house id>).
	type roundRow struct {
		id       int64
		status   string
		bet, win int64
	}
	rounds := map[string]roundRow{}
	completed, cancelled := map[int64]bool{}, map[int64]bool{}
	rows, err = d.QueryContext(ctx, `SELECT id, vendor, round_id, status, bet, win FROM game_round`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var r roundRow
		var v, rid string
		if err := rows.Scan(&r.id, &v, &rid, &r.status, &r.bet, &r.win); err != nil {
			rows.Close()
			return err
		}
		rounds[v+"/"+rid] = r
		if r.status == gamewallet.StatusCompleted {
			completed[r.id] = true
		}
		if r.status == gamewallet.StatusCancelled {
			cancelled[r.id] = true
		}
	}
	rows.Close()

	// Facts of rounds and adjustments.
	settled, rolledBack := map[int64]int{}, map[int64]int{}
	adjFacts := map[string]int{}
	rows, err = d.QueryContext(ctx, `SELECT fact_key, kind FROM activity_event WHERE kind IN ('round.settled', 'round.cancelled', 'adjustment')`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var k, kind string
		if err := rows.Scan(&k, &kind); err != nil {
			rows.Close()
			return err
		}
		if kind == string(activity.RoundCancelled) {
			// round:<id> (cancelled before it settled) or round:<id>:rollback
			// (a settled round undone: it takes the settled fact back out).
			if id, ok := strings.CutSuffix(strings.TrimPrefix(k, "round:"), ":rollback"); ok {
				n, _ := strconv.ParseInt(id, 10, 64)
				rolledBack[n]++
				res.RolledBack++
			}
			continue
		}
		if kind == string(activity.RoundSettled) {
			res.SettledFacts++
			id, err := strconv.ParseInt(strings.TrimPrefix(k, "round:"), 10, 64)
			if err != nil {
				res.FactsWrong++ // a settled fact not keyed by its round
				continue
			}
			settled[id]++
			continue
		}
		if parts := strings.SplitN(k, ":", 3); len(parts) == 3 {
			adjFacts["adjust:"+parts[2]]++
		}
	}
	rows.Close()
	for id := range completed {
		if settled[id] != 1 {
			res.FactsWrong++
		}
	}
	for id := range settled {
		// A settled round is COMPLETED, or CANCELLED later with its rollback fact.
		if !completed[id] && !(cancelled[id] && rolledBack[id] == 1) {
			res.FactsWrong++
		}
	}
	for id, n := range rolledBack {
		if n != 1 || settled[id] != 1 || !cancelled[id] {
			res.FactsWrong++
		}
	}
	for k, p := range postings {
		if strings.HasPrefix(k, "adjust:") && (adjFacts[k] != 1 || p.n != 1) {
			res.FactsWrong++
		}
	}
	for k := range adjFacts {
		if postings[k] == nil {
			res.FactsWrong++
		}
	}

	postedOnce := func(key string, cents int64) bool {
		p := postings[key]
		return p != nil && p.n == 1 && p.cents == cents
	}
	for round, vr := range rec.rounds {
		betKey, winKey := "seamless:"+vendor+":b"+round, "seamless:"+vendor+":w"+round
		if p := postings[betKey]; p != nil && p.n > 1 {
			res.BetsWrong++
		}
		if p := postings[winKey]; p != nil && p.n > 1 {
			res.BetsWrong++
		}
		if vr.betOK {
			res.VendorBets++
			if !postedOnce(betKey, -vr.bet) {
				res.BetsWrong++
			}
		}
		if !vr.roundOK {
			continue
		}
		res.VendorRounds++
		if vr.win > 0 && !postedOnce(winKey, vr.win) {
			res.BetsWrong++
		}
		r, ok := rounds[vendor+"/"+round]
		if !ok || r.status != gamewallet.StatusCompleted || settled[r.id] != 1 {
			res.RoundsMissing++
		}
	}
	for k, ar := range rec.adjs {
		if p := postings["adjust:"+k]; p != nil && p.n > 1 {
			res.BetsWrong++
		}
		if !ar.acked {
			continue
		}
		res.Adjustments++
		if !postedOnce("adjust:"+k, ar.cents) {
			res.BetsWrong++
		}
	}

	// In-house spins: the round opened by (member, Idempotency-Key).
	type ihRow struct {
		id    int64
		game  string
		state string
	}
	ih := map[string]ihRow{}
	rows, err = d.QueryContext(ctx, `SELECT id, member_id, idem_key, game, state FROM inhouse_round`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var r ihRow
		var m int64
		var k string
		if err := rows.Scan(&r.id, &m, &k, &r.game, &r.state); err != nil {
			rows.Close()
			return err
		}
		ih[strconv.FormatInt(m, 10)+"/"+k] = r
	}
	rows.Close()
	// Every in-house round in an end state agreeing with the wallet's round
	// and the money: COMPLETED with its settled fact and the player's lines
	// summing to win - bet; CANCELLED with none of the player's money moved.
	net := map[int64]int64{} // in-house round id -> the player's lines of its BGS postings
	for k, p := range postings {
		rest, ok := strings.CutPrefix(k, "seamless:BGS:")
		if !ok {
			continue
		}
		rest, _, _ = strings.Cut(rest, ":") // bet-<id>[:win][:rollback]
		if _, idText, ok := strings.Cut(rest, "-"); ok {
			id, _ := strconv.ParseInt(idText, 10, 64)
			net[id] += p.cents * int64(p.n)
		}
	}
	for _, r := range ih {
		gr, ok := rounds["BGS/"+r.game+"-"+strconv.FormatInt(r.id, 10)]
		switch r.state {
		case "COMPLETED":
			if !ok || gr.status != gamewallet.StatusCompleted || settled[gr.id] != 1 || net[r.id] != gr.win-gr.bet {
				res.InhouseWrong++
			}
		case "CANCELLED":
			if (ok && gr.status != gamewallet.StatusCancelled) || net[r.id] != 0 || (ok && settled[gr.id] != rolledBack[gr.id]) {
				res.InhouseWrong++
			}
		case "OPEN": // free spins left (a free spin refused); recovery plays them after 10 min
			res.InhouseOpen++
		default:
			res.InhouseUnfinished++
		}
	}
	for _, s := range rec.spins {
		if s.state != "COMPLETED" {
			continue
		}
		res.Spins++
		r, ok := ih[strconv.FormatInt(s.member, 10)+"/"+s.key]
		if !ok {
			res.RoundsMissing++
			continue
		}
		switch r.state {
		case "CANCELLED":
			res.InhouseCancelled++
		case "COMPLETED":
		default:
			res.InhousePending++
		}
		gr, ok := rounds["BGS/"+r.game+"-"+strconv.FormatInt(r.id, 10)]
		if !ok || gr.status != gamewallet.StatusCompleted || settled[gr.id] != 1 {
			res.RoundsMissing++
		}
	}

	if err := consumerTotals(ctx, d, res); err != nil {
		return err
	}
	res.VerifyExit, res.Verify = palaro(c, "ledger", "verify")
	res.EventsExit, res.Events = palaro(c, "events", "verify")
	return nil
}

// consumerTotals compares what each consumer's rows add up to with the
// stream's facts summed here: the settled rounds (less those rolled back),
// their bets and wins, and the adjustments. A fact applied twice or not at
// all by either consumer shows as a difference.
func consumerTotals(ctx context.Context, d *db.DB, res *result) error {
	type totals struct{ rounds, bets, wins, adjustments int64 }
	var stream totals
	if err := d.QueryRowContext(ctx, `SELECT
 COALESCE(sum(CASE WHEN kind = 'round.settled' THEN 1 WHEN kind = 'round.cancelled' AND detail = 'rollback' THEN -1 ELSE 0 END), 0),
 COALESCE(sum(CASE WHEN kind = 'round.settled' OR (kind = 'round.cancelled' AND detail = 'rollback') THEN amount ELSE 0 END), 0),
 COALESCE(sum(CASE WHEN kind = 'round.settled' OR (kind = 'round.cancelled' AND detail = 'rollback') THEN win ELSE 0 END), 0),
 COALESCE(sum(CASE WHEN kind = 'adjustment' THEN amount ELSE 0 END), 0)
 FROM activity_event`).Scan(&stream.rounds, &stream.bets, &stream.wins, &stream.adjustments); err != nil {
		return err
	}
	var fig totals
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(sum(rounds), 0), COALESCE(sum(bets), 0), COALESCE(sum(wins), 0), COALESCE(sum(adjustments), 0) FROM figures_daily`).
		Scan(&fig.rounds, &fig.bets, &fig.wins, &fig.adjustments); err != nil {
		return err
	}
	res.FiguresRounds = fig.rounds
	if fig != stream {
		res.ConsumersWrong++
		fmt.Printf("figures.daily sums %+v, the stream %+v\n", fig, stream)
	}
	// reports.daily, where the binary has it (a base commit's may not).
	var rep totals
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(sum(rounds), 0), COALESCE(sum(bets), 0), COALESCE(sum(wins), 0) FROM report_games_daily`).
		Scan(&rep.rounds, &rep.bets, &rep.wins); err != nil {
		fmt.Println("reports.daily not checked:", err)
		return nil
	}
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(sum(adjustments), 0) FROM report_cash_daily`).Scan(&rep.adjustments); err != nil {
		return err
	}
	res.ReportsChecked, res.ReportRounds = true, rep.rounds
	if rep != stream {
		res.ConsumersWrong++
		fmt.Printf("reports.daily sums %+v, the stream %+v\n", rep, stream)
	}
	return nil
}

// palaro runs a palaro command on the bench's database: its exit status and
// its first line.
func palaro(c config, args ...string) (int, string) {
	cmd := exec.Command(c.bin, args...)
	cmd.Env = benchkit.ServerEnv("PALARO_DATABASE_URL="+c.dbURL, "PALARO_LOG_LEVEL=warn")
	out, err := cmd.CombinedOutput()
	text := strings.TrimSpace(string(out))
	fmt.Printf("palaro %s:\n%s\n", strings.Join(args, " "), text)
	first, _, _ := strings.Cut(text, "\n")
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, first
	case errors.As(err, &ee):
		return ee.ExitCode(), first
	default:
		return -1, err.Error()
	}
}

// ---------------------------------------------------------------- setup (as bench/seamless and bench/inhouse)

// pickGame is the first PG game not under maintenance, and the brand currency.
func pickGame(ctx context.Context, d *db.DB) (game.GameView, string, error) {
	cat, err := game.NewService(game.NewStore(d), clock.System{}, nil, time.Hour).Catalog(ctx)
	if err != nil {
		return game.GameView{}, "", err
	}
	b, err := brand.NewService(brand.NewStore(d), clock.System{}).Current(ctx)
	if err != nil {
		return game.GameView{}, "", err
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{vendor}, GameType: "RNG", PageNo: 1, PageSize: 100}).Games {
		if !g.Maintenance {
			return g, b.Currency.Code, nil
		}
	}
	return game.GameView{}, "", errors.New("no " + vendor + " game in the demo catalogue")
}

// openSessions funds the vendor players and opens a game session each, as
// a launch would.
func openSessions(ctx context.Context, d *db.DB, n int, g game.GameView, currency string) ([]string, error) {
	l := ledger.NewStore(d, nil)
	sessions := gamewallet.NewService(gamewallet.NewStore(d), nil, nil, l, nil, nil, gamewallet.Config{})
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return nil, err
	}
	tokens := make([]string, n)
	for i := range tokens {
		id := int64(firstVendor + i)
		main, err := l.EnsureAccount(ctx, ledger.PlayerMain(id, currency))
		if err != nil {
			return nil, err
		}
		if _, err := l.Post(ctx, ledger.PostingRequest{Key: "bench-spinecrash-fund:" + strconv.FormatInt(id, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -funds, Currency: currency}, {AccountID: main.ID, Amount: funds, Currency: currency}}}); err != nil {
			return nil, err
		}
		if tokens[i], err = sessions.OpenSession(ctx, id, vendor, g.GameCode, g.NodeID, currency); err != nil {
			return nil, err
		}
	}
	return tokens, nil
}

// loginPlayers creates n members, funds them and logs each in: their ids
// and session tokens.
func loginPlayers(ctx context.Context, d *db.DB, n int) ([]int64, []string, error) {
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	b, err := brands.Current(ctx)
	if err != nil {
		return nil, nil, err
	}
	currency := b.Currency.Code
	store := account.NewStore(d)
	p := account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32} // cheap: the bench is about money, not logins
	hash, err := account.HashPassword(password, p)
	if err != nil {
		return nil, nil, err
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = p, false
	accounts := account.NewService(store, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	l := ledger.NewStore(d, nil)
	clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	ids, tokens := make([]int64, n), make([]string, n)
	for i := range tokens {
		name := fmt.Sprintf("crash%04d", i+1)
		m := account.Member{Account: name, Nickname: name, Type: account.TypeMember, PasswordHash: hash, PasswordChangedAt: now, CreatedAt: now, RegisterMethod: "SEED"}
		if err := store.CreateMember(ctx, &m); err != nil {
			return nil, nil, fmt.Errorf("create %s: %w", name, err)
		}
		main, err := l.EnsureAccount(ctx, ledger.PlayerMain(m.ID, currency))
		if err != nil {
			return nil, nil, err
		}
		if _, err := l.Post(ctx, ledger.PostingRequest{Key: "bench-spinecrash-fund:" + strconv.FormatInt(m.ID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -funds, Currency: currency}, {AccountID: main.ID, Amount: funds, Currency: currency}}}); err != nil {
			return nil, nil, err
		}
		r, err := accounts.Login(ctx, account.LoginRequest{Username: name, Password: password}, account.Client{IP: "127.0.0." + strconv.Itoa(1+i%250), UserAgent: "bench-spinecrash"})
		if err != nil {
			return nil, nil, fmt.Errorf("login %s: %w", name, err)
		}
		ids[i], tokens[i] = m.ID, r.Token
	}
	return ids, tokens, nil
}
