package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/wallet"
)

// The seeded team's brand, play, contracts and agents' money for `palaro
// bench seed-agents` (bench/README.md "agents"). Bench data only.

// benchActiveMin is the seeded brand's commission.activeMin: 50.00, so a
// player of a day (25 rounds of 1.00 to 5.00) is active in it.
const benchActiveMin = 5_000

// seedAgentsBrand stores the demo brand in the bench's currency and zone,
// with dividends and daily wages on and benchActiveMin, unless the
// database holds a brand; one it holds must agree.
func seedAgentsBrand(ctx context.Context, store *db.DB, currency string, loc *time.Location) (*brand.Service, error) {
	brands := brand.NewService(brand.NewStore(store), clock.System{})
	c := brand.Demo()
	c.Info.Currency.Code, c.Info.Timezone = currency, loc.String()
	c.Commission.DailySalary, c.Commission.Dividend, c.Commission.ActiveMin, c.Commission.PlatformApproval = true, true, benchActiveMin, false
	if _, err := brands.Seed(ctx, c); err != nil {
		return nil, fmt.Errorf("bench brand: %w", err)
	}
	b, err := brands.Current(ctx)
	if err != nil {
		return nil, err
	}
	if b.Info.Currency.Code != currency || b.Info.Location().String() != loc.String() || !b.Commission.DailySalary || !b.Commission.Dividend ||
		b.Commission.PlatformApproval {
		return nil, fmt.Errorf("the database's brand (%s, %s, daily wages %t, dividends %t, platform approval %t) is not the bench's (%s, %s, both on, no approval)",
			b.Info.Currency.Code, b.Info.Location(), b.Commission.DailySalary, b.Commission.Dividend, b.Commission.PlatformApproval, currency, loc)
	}
	return brands, nil
}

// agentBenchEvents generates the team's facts, uplines first: member
// base+i under base+parents[i] (an index, -1 for none). Every account's
// member.registered, then rounds settled over the last days days (today
// included; rounds/days a day, played by rounds/days/perPlayer members of
// the non-agents, a window that moves a third each day so players come
// back) and a deposit for every fifth player of a day. emit gets them in
// batches of up to batch events.
func agentBenchEvents(base int64, parents []int, isAgent []bool, rounds, days, perPlayer int, currency string, loc *time.Location,
	now time.Time, batch int, emit func([]activity.Event) error) error {
	buf := make([]activity.Event, 0, batch)
	add := func(e activity.Event) error {
		buf = append(buf, e)
		if len(buf) < batch {
			return nil
		}
		err := emit(buf)
		buf = buf[:0]
		return err
	}
	start := now.AddDate(0, 0, -days)
	for i, p := range parents {
		ref := ""
		if p >= 0 {
			ref = strconv.FormatInt(base+int64(p), 10)
		}
		if err := add(activity.Event{Fact: activity.Fact{Kind: activity.Registered, MemberID: base + int64(i), Ref: ref, Detail: "password",
			At: start.Add(time.Duration(i) * time.Millisecond)}}); err != nil {
			return err
		}
	}
	var players []int64
	for i := range parents {
		if !isAgent[i] {
			players = append(players, base+int64(i))
		}
	}
	if len(players) > 0 && rounds > 0 {
		r := rand.New(rand.NewPCG(31, 8))
		perDay := rounds / days
		active := max(1, min(len(players), perDay/max(1, perPlayer)))
		y, m, dd := now.In(loc).Date()
		today := time.Date(y, m, dd, 0, 0, 0, 0, loc)
		// The window runs over the players in a stride coprime with their
		// number, so a day's players are spread over the whole tree (every
		// agent's team has some) rather than under a few agents.
		stride := 7919
		for gcd(stride, len(players)) != 1 {
			stride++
		}
		for k := 0; k < days; k++ {
			day := today.AddDate(0, 0, k-days+1)
			first := (k * active / 3) % len(players)
			for n := 0; n < perDay; n++ {
				member := players[(first+n%active)%len(players)*stride%len(players)]
				at := day.Add(time.Duration(r.IntN(86_400_000)) * time.Millisecond)
				if at.After(now) {
					at = now.Add(-time.Duration(r.IntN(3_600_000)) * time.Millisecond)
				}
				bet := int64(100 * (1 + r.IntN(5)))
				win := int64(0)
				if r.IntN(10) < 4 {
					win = bet * int64(1+r.IntN(3)) * 7 / 8
				}
				if err := add(activity.Event{Fact: activity.Fact{Kind: activity.RoundSettled, MemberID: member, Currency: currency, Category: "RNG",
					Vendor: "BENCH", Amount: bet, ValidBet: bet, Win: win, At: at}}); err != nil {
					return err
				}
				if n < active && n%5 == 0 {
					if err := add(activity.Event{Fact: activity.Fact{Kind: activity.DepositCredited, MemberID: member, Currency: currency,
						Amount: 50_000, At: at}}); err != nil {
						return err
					}
				}
			}
		}
	}
	if len(buf) == 0 {
		return nil
	}
	return emit(buf)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// benchConsumer is a stream consumer fed generated events directly, those
// it wants (its filter's kinds) at or after from.
type benchConsumer struct {
	c    activity.Consumer
	from time.Time
}

func (b benchConsumer) wanted(events []activity.Event) []activity.Event {
	var kinds []activity.Kind
	if s, ok := b.c.(activity.Selective); ok {
		kinds = s.Wants().Kinds
	}
	out := make([]activity.Event, 0, len(events))
	for _, e := range events {
		if e.At.Before(b.from) {
			continue
		}
		if len(kinds) > 0 {
			found := false
			for _, k := range kinds {
				if e.Kind == k {
					found = true
					break
				}
			}
			if !found {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// seedAgentsPlay runs the consumers the reports and the settlements read
// on the generated events, through their own Apply, one transaction per
// batch for the three (no stream: the events are not stored): the agent
// reports' rows (agent.teamdaily), the daily figures (figures.daily) and
// the commission slots (commission.slots, from slotsFrom: they are kept 8
// days and only sub-day periods read them).
func seedAgentsPlay(ctx context.Context, store *db.DB, base int64, parents []int, isAgent []bool, rounds, days, perPlayer int, currency string,
	loc *time.Location, now, slotsFrom time.Time) error {
	zone := func(context.Context) *time.Location { return loc }
	consumers := []benchConsumer{
		{c: teamreport.NewConsumer(zone)},
		{c: figures.New(store, nil, zone)},
		{c: commission.NewSlotConsumer(clock.System{}), from: slotsFrom},
	}
	// Large batches: each consumer sums a batch per row before it writes,
	// so a player's rounds of a day mostly land in one upsert.
	return agentBenchEvents(base, parents, isAgent, rounds, days, perPlayer, currency, loc, now, 100_000, func(events []activity.Event) error {
		return store.InTx(ctx, func(tx *db.Tx) error {
			for _, bc := range consumers {
				if evs := bc.wanted(events); len(evs) > 0 {
					if err := bc.c.Apply(ctx, tx, evs); err != nil {
						return fmt.Errorf("%s: %w", bc.c.Name(), err)
					}
				}
			}
			return nil
		})
	})
}

// benchWageTiers and benchDividendTiers are the contracts at depth d below
// the platform (0: the platform's to the top agent): the same thresholds
// at every depth, each tier's rate 10 bp (wages) or 200 bp (dividends)
// below the upline's, so each contract is within its upline's.
func benchWageTiers(d int) []commission.Tier {
	r := int64(10 * d)
	return []commission.Tier{
		{ValidBets: 5_000, ActiveMembers: 1, Rate: 50 - r},         // 50.00, 1 active: 0.5 %
		{ValidBets: 10_000_000, ActiveMembers: 10, Rate: 80 - r},   // 100,000.00, 10 active: 0.8 %
		{ValidBets: 50_000_000, ActiveMembers: 100, Rate: 120 - r}, // 500,000.00, 100 active: 1.2 %
	}
}

func benchDividendTiers(d int) []commission.Tier {
	r := int64(200 * d)
	return []commission.Tier{
		{ValidBets: 5_000, NetLoss: 1_000, ActiveMembers: 1, Rate: 1000 - r},              // 50.00, 10.00, 1: 10 %
		{ValidBets: 10_000_000, NetLoss: 1_000_000, ActiveMembers: 20, Rate: 2000 - r},    // 100,000.00, 10,000.00, 20: 20 %
		{ValidBets: 100_000_000, NetLoss: 10_000_000, ActiveMembers: 200, Rate: 3000 - r}, // 1,000,000.00, 100,000.00, 200: 30 %
	}
}

// benchDividendPeriod is the seeded dividend contracts' period.
const benchDividendPeriod = commission.PeriodWeekly

// seedAgentsContracts gives the top agent a platform daily wage and a
// weekly dividend, and every agent one of each from its upline when it has
// agents below it, all accepted at decided (before the periods the bench
// settles). It returns how many.
func seedAgentsContracts(ctx context.Context, store *db.DB, base int64, parents []int, isAgent []bool, decided time.Time) (int, error) {
	depth := make([]int, len(parents))
	var cs []commission.BenchContract
	for i, p := range parents { // uplines first
		if !isAgent[i] {
			continue
		}
		up := int64(0)
		if p >= 0 {
			up, depth[i] = base+int64(p), depth[p]+1
		}
		cs = append(cs,
			commission.BenchContract{UplineID: up, DownlineID: base + int64(i), Type: commission.TypeDailyWage, Tiers: benchWageTiers(depth[i])},
			commission.BenchContract{UplineID: up, DownlineID: base + int64(i), Type: commission.TypeDividend, Period: benchDividendPeriod,
				Tiers: benchDividendTiers(depth[i])})
	}
	return len(cs), commission.BenchSeedContracts(ctx, store, cs, decided)
}

// benchAgentFloat is what every agent holds before the settlement: 10,000.00.
const benchAgentFloat = 1_000_000

// seedAgentsFloat credits every agent's main balance with benchAgentFloat
// from cashier clearing (as an operator's opening balance), 500 agents a
// posting under the key bench:agent-float:<first id>, so an upline whose
// downlines' bills come before its own can pay them.
func seedAgentsFloat(ctx context.Context, store *db.DB, brands *brand.Service, base int64, isAgent []bool, currency string) (int64, error) {
	ledgers := ledger.NewStore(store, clock.System{})
	wallets := wallet.NewService(ledgers, brands, nil, nil)
	clearing, err := ledgers.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, currency))
	if err != nil {
		return 0, err
	}
	var lines []ledger.Line
	var total, first int64
	post := func() error {
		if len(lines) == 0 {
			return nil
		}
		all := append([]ledger.Line{{AccountID: clearing.ID, Amount: -total, Currency: currency}}, lines...)
		_, err := wallets.Post(ctx, ledger.PostingRequest{Key: "bench:agent-float:" + strconv.FormatInt(first, 10), Kind: ledger.KindAdjustment,
			Lines: all, Metadata: map[string]string{"reason": "bench agent float"}})
		lines, total = lines[:0], 0
		return err
	}
	var sum int64
	for i, a := range isAgent {
		if !a {
			continue
		}
		id := base + int64(i)
		main, err := ledgers.EnsureAccount(ctx, ledger.PlayerMain(id, currency))
		if err != nil {
			return 0, err
		}
		if len(lines) == 0 {
			first = id
		}
		lines = append(lines, ledger.Line{AccountID: main.ID, Amount: benchAgentFloat, Currency: currency})
		total += benchAgentFloat
		sum += benchAgentFloat
		if len(lines) == 500 {
			if err := post(); err != nil {
				return 0, err
			}
		}
	}
	if err := post(); err != nil {
		return 0, err
	}
	return sum, nil
}

// errBenchSettled: the bench's settlement periods have bills already (a
// second `palaro bench agents` on one seed would time a no-op).
var errBenchSettled = errors.New("the bench's periods are settled already: seed a fresh database to time the settlement again")
