package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
)

// The agent reports' bench (issue 31 part 3, bench/README.md "agents"):
//
//	palaro bench seed-agents --members N --rounds M [--days 30] [--levels 6] [--rounds-per-player-day 25] [--tz Asia/Manila] [--currency PHP] [--force]
//	palaro bench agents --agent ID [--n 200] [--tz Asia/Manila] [--currency PHP]
const benchAgentsUse = "usage: palaro bench seed-agents --members N --rounds M [--days D] [--levels L] [--rounds-per-player-day R] [--tz ZONE] [--currency C] [--force] | bench agents --agent ID [--n N] [--tz ZONE] [--currency C]"

func benchAgentsCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	members := fs.Int("members", 0, "members below the top agent")
	rounds := fs.Int("rounds", 0, "settled rounds")
	days := fs.Int("days", 30, "days the rounds are spread over, today included")
	levels := fs.Int("levels", 6, "levels of the tree, the top agent included")
	perPlayer := fs.Int("rounds-per-player-day", 25, "rounds a player plays a day")
	tz := fs.String("tz", brand.DefaultTimezone, "the brand's time zone")
	currency := fs.String("currency", "PHP", "the rounds' currency")
	force := fs.Bool("force", false, "seed even if the database holds other members")
	agentID := fs.Int64("agent", 0, "the top agent to read as")
	n := fs.Int("n", 200, "reads per kind")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 || !benchCurrency.MatchString(*currency) {
		return errors.New(benchAgentsUse)
	}
	loc, err := time.LoadLocation(*tz)
	if err != nil {
		return fmt.Errorf("--tz: %w", err)
	}
	if args[0] == "seed-agents" {
		if *members <= 0 || *rounds < 0 || *days <= 0 || *levels < 2 || *perPlayer <= 0 {
			return errors.New(benchAgentsUse)
		}
		return benchSeedAgents(ctx, cfg, *members, *rounds, *days, *levels, *perPlayer, *currency, loc, *force, out)
	}
	if *agentID <= 0 || *n <= 0 {
		return errors.New(benchAgentsUse)
	}
	return benchAgents(ctx, cfg, *agentID, *n, *currency, loc, out)
}

// agentTreeShape is a tree of members+1 nodes over levels levels: node 0
// the top agent, every node above the last level an agent with the same
// number of downlines, the last level's members filling up to members.
func agentTreeShape(members, levels int) (parents []int, isAgent []bool) {
	fan := int(math.Ceil(math.Pow(float64(members), 1/float64(levels-1))))
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

func benchSeedAgents(ctx context.Context, cfg config.Config, members, rounds, days, levels, perPlayer int, currency string, loc *time.Location,
	force bool, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	accounts := account.NewStore(store)
	if real, err := accounts.RealMembers(ctx); err != nil {
		return err
	} else if real > 0 && !force {
		return fmt.Errorf("the database holds %d members that were not generated for benches: refusing (--force to seed anyway)", real)
	}
	hash, err := account.HashPassword("Bench2026x", account.DefaultArgon2)
	if err != nil {
		return err
	}
	parents, isAgent := agentTreeShape(members, levels)
	t0 := time.Now()
	base, err := accounts.BenchSeedAgentTree(ctx, parents, isAgent, hash, time.Now())
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
		len(parents), agents, levels, base, base+int64(len(parents))-1, time.Since(t0).Round(time.Millisecond))
	t1 := time.Now()
	if err := teamreport.BenchSeed(ctx, store, base, parents, isAgent, rounds, days, perPlayer, currency, loc, time.Now()); err != nil {
		return err
	}
	fmt.Fprintf(out, "report rows of %d rounds over %d days in %s\n", rounds, days, time.Since(t1).Round(time.Millisecond))
	maintain := `ANALYZE`
	if store.Dialect == "postgres" {
		maintain = `VACUUM ANALYZE`
	}
	if _, err := store.ExecContext(ctx, maintain); err != nil {
		return err
	}
	fmt.Fprintf(out, "top agent %d\n", base)
	return nil
}

// benchBrand is the brand the measurement reads as (the seeded database
// need not hold a brand).
type benchBrand struct {
	currency string
	loc      *time.Location
}

func (b benchBrand) Current(context.Context) (*brand.Config, error) {
	return &brand.Config{Info: brand.Info{Currency: brand.Currency{Code: b.currency, Decimals: 2}, Timezone: b.loc.String()}}, nil
}
func (b benchBrand) Location(context.Context) *time.Location { return b.loc }

// benchAgents times the overview and the first page of user loss for 30
// days, as the top agent and as agents of each level below it, through
// the service the handlers call (the server time of the reads, without the
// HTTP and session steps every /wps call shares).
func benchAgents(ctx context.Context, cfg config.Config, top int64, n int, currency string, loc *time.Location, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	accounts := account.NewService(account.NewStore(store), brand.NewService(brand.NewStore(store), clock.System{}),
		account.NewMemoryLimiter(clock.System{}), clock.System{}, account.DefaultConfig)
	tree := agent.NewStore(store)
	svc := teamreport.NewService(store, teamreport.Deps{Team: agentTeam{tree}, Members: reportMembers{accounts}, Brand: benchBrand{currency, loc},
		Clock: clock.System{}})
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
	var rows []map[string]any
	r := rand.New(rand.NewPCG(5, 6))
	period := teamreport.PeriodQuery{Preset: "last30"}
	for l, agents := range byLevel {
		for _, kind := range []string{"overview", "loss"} {
			caller := func() account.Caller {
				return account.Caller{MemberID: agents[r.IntN(len(agents))], Type: 1}
			}
			read := func(c account.Caller) error {
				if kind == "overview" {
					_, err := svc.Overview(ctx, c, period)
					return err
				}
				_, err := svc.Loss(ctx, c, teamreport.LossQuery{PeriodQuery: period})
				return err
			}
			if err := read(caller()); err != nil { // warm-up
				return err
			}
			times := make([]float64, 0, n)
			for i := 0; i < n; i++ {
				c := caller()
				t0 := time.Now()
				if err := read(c); err != nil {
					return err
				}
				times = append(times, float64(time.Since(t0).Microseconds())/1000)
			}
			sort.Float64s(times)
			q := func(p float64) float64 { return times[min(len(times)-1, int(p*float64(len(times))))] }
			name := fmt.Sprintf("%s, 30 days, level %d agent", kind, l+1)
			if l == 0 {
				name = kind + ", 30 days, top agent"
			}
			rows = append(rows, map[string]any{"name": name, "p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "pass": q(0.95) < 200})
			fmt.Fprintf(out, "| %s | p95 < 200 ms | p50 %.1f ms, **p95 %.1f ms**, p99 %.1f ms |\n", name, q(0.5), q(0.95), q(0.99))
		}
	}
	line, _ := json.Marshal(map[string]any{"rows": rows})
	fmt.Fprintln(out, string(line))
	return nil
}

func nodeIDs(nodes []agent.Node) []int64 {
	out := make([]int64, len(nodes))
	for i, nd := range nodes {
		out[i] = nd.MemberID
	}
	return out
}
