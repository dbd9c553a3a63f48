package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"sort"
	"syscall"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/wallet"
)

// The agents' bench (issue 31's targets, bench/README.md "agents"):
//
//	palaro bench seed-agents --members N --rounds M [--days 30] [--levels 6] [--rounds-per-player-day 25] [--slot-days 2] [--tz Asia/Manila] [--currency PHP] [--force]
//	palaro bench agents --agent ID [--n 200] [--settle=false] [--cpuprofile FILE]
const benchAgentsUse = "usage: palaro bench seed-agents --members N --rounds M [--days D] [--levels L] [--rounds-per-player-day R] [--slot-days S] [--tz ZONE] [--currency C] [--force] | bench agents --agent ID [--n N] [--settle=false] [--cpuprofile FILE]"

// benchSettleTarget is issue 31's bound on settling the whole tree's daily
// wages and dividends.
const benchSettleTarget = 60 * time.Second

func benchAgentsCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	members := fs.Int("members", 0, "members below the top agent")
	rounds := fs.Int("rounds", 0, "settled rounds")
	days := fs.Int("days", 30, "days the rounds are spread over, today included")
	levels := fs.Int("levels", 6, "levels of the tree, the top agent included")
	perPlayer := fs.Int("rounds-per-player-day", 25, "rounds a player plays a day")
	slotDays := fs.Int("slot-days", 2, "days, today included, whose rounds also go to the commission slots")
	tz := fs.String("tz", brand.DefaultTimezone, "the brand's time zone")
	currency := fs.String("currency", "PHP", "the rounds' currency")
	force := fs.Bool("force", false, "seed even if the database holds other members")
	agentID := fs.Int64("agent", 0, "the top agent to read as")
	n := fs.Int("n", 200, "reads per kind")
	settle := fs.Bool("settle", true, "also time the settlement of the whole tree (once per seed)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the settlement to this file")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 || !benchCurrency.MatchString(*currency) {
		return errors.New(benchAgentsUse)
	}
	loc, err := time.LoadLocation(*tz)
	if err != nil {
		return fmt.Errorf("--tz: %w", err)
	}
	if args[0] == "seed-agents" {
		if *members <= 0 || *rounds < 0 || *days <= 0 || *levels < 2 || *perPlayer <= 0 || *slotDays < 0 || *slotDays > 8 {
			return errors.New(benchAgentsUse)
		}
		return benchSeedAgents(ctx, cfg, agentSeed{members: *members, rounds: *rounds, days: *days, levels: *levels, perPlayer: *perPlayer,
			slotDays: *slotDays, currency: *currency, loc: loc, force: *force}, out)
	}
	if *agentID <= 0 || *n < 0 {
		return errors.New(benchAgentsUse)
	}
	return benchAgents(ctx, cfg, *agentID, *n, *settle, *cpuProfile, out)
}

// agentTreeShape is a tree of members+1 nodes over levels levels: node 0
// the top agent, every node above the last level an agent with the same
// number of downlines, the last level's members filling up to members.
func agentTreeShape(members, levels int) (parents []int, isAgent []bool) {
	// The least fan-out whose last level holds members, in integers (the
	// float root of 100,000 over 5 levels is a hair above 10).
	fan := 1
	for lastLevel(fan, levels) < members {
		fan++
	}
	parents, isAgent = []int{-1}, []bool{true}
	level := []int{0}
	for l := 1; l < levels && len(parents) <= members; l++ {
		var next []int
		for _, p := range level {
			for k := 0; k < fan && len(parents) <= members; k++ {
				parents = append(parents, p)
				isAgent = append(isAgent, l < levels-1)
				next = append(next, len(parents)-1)
			}
		}
		level = next
	}
	return parents, isAgent
}

// lastLevel is fan^(levels-1), capped above at 1<<40.
func lastLevel(fan, levels int) int {
	n := 1
	for range levels - 1 {
		n = min(n*fan, 1<<40)
	}
	return n
}

// agentSeed is what `palaro bench seed-agents` generates.
type agentSeed struct {
	members, rounds, days, levels, perPlayer, slotDays int
	currency                                           string
	loc                                                *time.Location
	force                                              bool
	now                                                time.Time // zero: the time it starts
}

func benchSeedAgents(ctx context.Context, cfg config.Config, s agentSeed, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	hash, err := account.HashPassword("Bench2026x", account.DefaultArgon2)
	if err != nil {
		return err
	}
	return seedAgents(ctx, store, s, hash, out)
}

// seedAgents seeds store; hash is every account's password hash.
func seedAgents(ctx context.Context, store *db.DB, s agentSeed, hash string, out io.Writer) error {
	accounts := account.NewStore(store)
	if real, err := accounts.RealMembers(ctx); err != nil {
		return err
	} else if real > 0 && !s.force {
		return fmt.Errorf("the database holds %d members that were not generated for benches: refusing (--force to seed anyway)", real)
	}
	brands, err := seedAgentsBrand(ctx, store, s.currency, s.loc)
	if err != nil {
		return err
	}
	began, now := time.Now(), s.now
	if now.IsZero() {
		now = began
	}
	parents, isAgent := agentTreeShape(s.members, s.levels)
	t0 := time.Now()
	base, err := accounts.BenchSeedAgentTree(ctx, parents, isAgent, hash, now)
	if err != nil {
		return err
	}
	if err := agent.BenchSeedClosure(ctx, store, base, parents); err != nil {
		return err
	}
	agents := 0
	for _, a := range isAgent {
		if a {
			agents++
		}
	}
	fmt.Fprintf(out, "tree: %d accounts (%d agents) over %d levels, ids %d..%d (a<id>, password Bench2026x), closure in %s\n",
		len(parents), agents, s.levels, base, base+int64(len(parents))-1, time.Since(t0).Round(time.Millisecond))
	t1 := time.Now()
	y, m, d := now.In(s.loc).Date()
	slotsFrom := time.Date(y, m, d-s.slotDays+1, 0, 0, 0, 0, s.loc)
	if s.slotDays == 0 {
		slotsFrom = now.Add(time.Hour) // none
	}
	if err := seedAgentsPlay(ctx, store, base, parents, isAgent, s.rounds, s.days, s.perPlayer, s.currency, s.loc, now, slotsFrom); err != nil {
		return err
	}
	fmt.Fprintf(out, "play: %d rounds over %d days into the report rows, the daily figures and (the last %d days) the commission slots in %s\n",
		s.rounds, s.days, s.slotDays, time.Since(t1).Round(time.Millisecond))
	t2 := time.Now()
	// Accepted before the first seeded day: every period the bench settles
	// finds them active.
	contracts, err := seedAgentsContracts(ctx, store, base, parents, isAgent, now.AddDate(0, 0, -s.days-1))
	if err != nil {
		return err
	}
	float, err := seedAgentsFloat(ctx, store, brands, base, isAgent, s.currency)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "contracts: %d (a daily wage and a %s dividend per agent), agents' float %d minor units in all, in %s\n",
		contracts, benchDividendPeriod, float, time.Since(t2).Round(time.Millisecond))
	maintain := `ANALYZE`
	if store.Dialect == "postgres" {
		maintain = `VACUUM ANALYZE`
	}
	if _, err := store.ExecContext(ctx, maintain); err != nil {
		return err
	}
	fmt.Fprintf(out, "seeded in %s\n", time.Since(began).Round(time.Second))
	fmt.Fprintf(out, "top agent %d\n", base)
	return nil
}

// benchRead is one kind of read's latencies, milliseconds.
type benchRead struct {
	Name string  `json:"name"`
	P50  float64 `json:"p50"`
	P95  float64 `json:"p95"`
	P99  float64 `json:"p99"`
	Pass bool    `json:"pass"`
}

// benchSettled is one settlement run of the whole tree.
type benchSettled struct {
	Name string  `json:"name"`
	Wall float64 `json:"wallS"` // seconds
	CPU  float64 `json:"cpuS"`  // this process's user + system seconds
	commission.Summary
}

// benchAgents times, through the services the handlers and the jobs call
// (the server time of each, without the HTTP and session steps every /wps
// call shares): the 30-day overview, the first page of the 30-day user
// loss and the first page of team management (direct downline, and all
// levels) as the top agent and as agents of each level below it; then,
// once per seed, the settlement of the whole tree's daily wages for
// yesterday and dividends for the last period.
func benchAgents(ctx context.Context, cfg config.Config, top int64, n int, settle bool, cpuProfile string, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	return measureAgents(ctx, store, top, n, settle, cpuProfile, out)
}

// measureAgents: n reads a kind (0: none); cpuProfile, when set, is where
// the settlement's CPU profile goes.
func measureAgents(ctx context.Context, store *db.DB, top int64, n int, settle bool, cpuProfile string, out io.Writer) error {
	clk := clock.System{}
	brands := brand.NewService(brand.NewStore(store), clk)
	if _, err := brands.Current(ctx); err != nil {
		return fmt.Errorf("no brand (seed with palaro bench seed-agents): %w", err)
	}
	accounts := account.NewService(account.NewStore(store), brands, account.NewMemoryLimiter(clk), clk, account.DefaultConfig)
	wallets := wallet.NewService(ledger.NewStore(store, clk), brands, nil, nil)
	tree := agent.NewStore(store)
	reports := teamreport.NewService(store, teamreport.Deps{Team: agentTeam{tree}, Members: reportMembers{accounts}, Balances: wallets,
		Brand: brands, Clock: clk})
	agents := agent.NewService(agent.Deps{Store: tree, Members: accounts, Wallet: wallets, Brand: brands, Clock: clk})
	// Agents of each level: the direct downline agents of the level above.
	byLevel := [][]int64{{top}}
	for l := 0; l < 4; l++ {
		nodes, _, err := tree.TeamPage(ctx, byLevel[l][0], true, 0, 0, 50)
		if err != nil {
			return err
		}
		ms, err := accounts.MembersByID(ctx, nodeIDs(nodes))
		if err != nil {
			return err
		}
		var next []int64
		for _, id := range nodeIDs(nodes) {
			if account.IsAgentType(ms[id].Type) {
				next = append(next, id)
			}
		}
		if len(next) == 0 {
			break
		}
		byLevel = append(byLevel, next)
	}
	period := teamreport.PeriodQuery{Preset: "last30"}
	kinds := []struct {
		name string
		read func(account.Caller) error
	}{
		{"overview, 30 days", func(c account.Caller) error { _, err := reports.Overview(ctx, c, period); return err }},
		{"loss, 30 days", func(c account.Caller) error {
			_, err := reports.Loss(ctx, c, teamreport.LossQuery{PeriodQuery: period})
			return err
		}},
		// As GET /wps/agent/team asks by default, and its all-levels tab.
		{"team, direct", func(c account.Caller) error {
			_, err := agents.Team(ctx, c, agent.TeamQuery{Scope: agent.ScopeDirect, Page: 1, PageSize: agent.DefaultPageSize})
			return err
		}},
		{"team, all levels", func(c account.Caller) error {
			_, err := agents.Team(ctx, c, agent.TeamQuery{Scope: agent.ScopeAll, Page: 1, PageSize: agent.DefaultPageSize})
			return err
		}},
	}
	var rows []benchRead
	r := rand.New(rand.NewPCG(5, 6))
	for l, level := range byLevel {
		for _, kind := range kinds {
			if n == 0 {
				break
			}
			caller := func() account.Caller {
				return account.Caller{MemberID: level[r.IntN(len(level))], Type: 1}
			}
			if err := kind.read(caller()); err != nil { // warm-up
				return fmt.Errorf("%s: %w", kind.name, err)
			}
			times := make([]float64, 0, n)
			for i := 0; i < n; i++ {
				c := caller()
				t0 := time.Now()
				if err := kind.read(c); err != nil {
					return fmt.Errorf("%s: %w", kind.name, err)
				}
				times = append(times, float64(time.Since(t0).Microseconds())/1000)
			}
			sort.Float64s(times)
			q := func(p float64) float64 { return times[min(len(times)-1, int(p*float64(len(times))))] }
			name := fmt.Sprintf("%s, level %d agent", kind.name, l+1)
			if l == 0 {
				name = kind.name + ", top agent"
			}
			rows = append(rows, benchRead{Name: name, P50: q(0.5), P95: q(0.95), P99: q(0.99), Pass: q(0.95) < 200})
			fmt.Fprintf(out, "| %s | p95 < 200 ms | p50 %.1f ms, **p95 %.1f ms**, p99 %.1f ms |\n", name, q(0.5), q(0.95), q(0.99))
		}
	}
	result := map[string]any{"rows": rows}
	if settle {
		runs, err := benchSettle(ctx, store, cpuProfile, out)
		if err != nil {
			return err
		}
		var wall float64
		for _, s := range runs {
			wall += s.Wall
		}
		result["settle"], result["settleWallS"], result["settlePass"] = runs, wall, wall < benchSettleTarget.Seconds()
		fmt.Fprintf(out, "| settlement of the whole tree, both runs | < %s | %.1f s |\n", benchSettleTarget, wall)
	}
	line, _ := json.Marshal(result)
	fmt.Fprintln(out, string(line))
	return nil
}

// benchSettle settles the seeded tree's daily wages of yesterday, then its
// dividends of the last whole period, each one run of Service.Settle as
// its job calls it, with the stream's consumers running in this process
// as under `palaro jobs run` (the settlement waits for them to have
// applied the whole stream: the bills' own commission.paid facts, between
// the two runs).
func benchSettle(ctx context.Context, store *db.DB, cpuProfile string, out io.Writer) ([]benchSettled, error) {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	d := commandJobDeps(store, clock.System{}, logger)
	loc := d.Brands.Location(ctx)
	now := time.Now()
	today, _ := commission.PeriodBounds(commission.PeriodDaily, now, loc)
	ds, de := commission.PeriodBounds(commission.PeriodDaily, today.Add(-time.Hour), loc)
	cur, _ := commission.PeriodBounds(benchDividendPeriod, now, loc)
	ws, we := commission.PeriodBounds(benchDividendPeriod, cur.Add(-time.Hour), loc)
	for _, t := range []commission.Type{commission.TypeDailyWage, commission.TypeDividend} {
		if p, err := d.Commissions.Bills(ctx, commission.BillFilter{Type: t}, 1, 1); err != nil {
			return nil, err
		} else if p.Total > 0 {
			return nil, errBenchSettled
		}
	}
	stop, err := commandStream(ctx, store, clock.System{}, logger, d.Brands)
	if err != nil {
		return nil, err
	}
	defer stop()
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, err
		}
		defer pprof.StopCPUProfile()
	}
	runs := []struct {
		name       string
		t          commission.Type
		p          commission.Period
		start, end time.Time
	}{
		{"daily wages of " + ds.Format(time.DateOnly), commission.TypeDailyWage, commission.PeriodDaily, ds, de},
		{fmt.Sprintf("%s dividends of %s to %s", benchDividendPeriod, ws.Format(time.DateOnly), we.Add(-time.Hour).Format(time.DateOnly)),
			commission.TypeDividend, benchDividendPeriod, ws, we},
	}
	var res []benchSettled
	for _, run := range runs {
		cpu0 := cpuSeconds()
		t0 := time.Now()
		sum, err := d.Commissions.Settle(ctx, run.t, run.p, run.start, run.end)
		if err != nil {
			return nil, fmt.Errorf("settle %s: %w", run.name, err)
		}
		s := benchSettled{Name: run.name, Wall: time.Since(t0).Seconds(), CPU: cpuSeconds() - cpu0, Summary: sum}
		res = append(res, s)
		fmt.Fprintf(out, "| settlement: %s | info | %.1f s wall, %.1f s CPU; %d contracts, %d bills: %d paid, %d not reached, %d insufficient funds |\n",
			s.Name, s.Wall, s.CPU, sum.Contracts, sum.Created, sum.Paid, sum.NotReached, sum.Unpaid)
	}
	return res, nil
}

// cpuSeconds is this process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func nodeIDs(nodes []agent.Node) []int64 {
	out := make([]int64, len(nodes))
	for i, nd := range nodes {
		out[i] = nd.MemberID
	}
	return out
}
