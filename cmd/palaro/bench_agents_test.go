package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBenchAgents: a small seeded team holds in the daily figures and the
// commission slots the play the generator made, a contract of each type
// per agent and the agents' float; the measurement reads every kind and
// settles the whole tree once, every bill paid or not reached; a second
// settlement is refused rather than timing a no-op.
func TestBenchAgents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loc, _ := time.LoadLocation("Asia/Manila")
		now := time.Now()
		s := agentSeed{members: 150, rounds: 20_000, days: 10, levels: 4, perPlayer: 25, slotDays: 2, currency: "PHP", loc: loc, now: now}
		h, _ := account.HashPassword("Bench2026x", cheapArgon2)
		var out bytes.Buffer
		if err := seedAgents(ctx, d, s, h, &out); err != nil {
			t.Fatal(err)
		}
		var top int64 = 1
		if !strings.Contains(out.String(), "top agent 1\n") {
			t.Fatalf("seed output:\n%s", out.String())
		}

		// What the generator made: every round's sums, and those of the slots' window.
		parents, isAgent := agentTreeShape(s.members, s.levels)
		y, m, dd := now.In(loc).Date()
		from := time.Date(y, m, dd-1, 0, 5, 0, 0, loc) // yesterday after its first slot: not whole days, so read from the slots
		to := time.Date(y, m, dd, 0, 0, 0, 0, loc)
		var all, window commission.Play
		err := agentBenchEvents(top, parents, isAgent, s.rounds, s.days, s.perPlayer, s.currency, loc, now, 1000, func(evs []activity.Event) error {
			for _, e := range evs {
				if e.Kind != activity.RoundSettled {
					continue
				}
				all.Bets, all.ValidBets, all.Wins = all.Bets+e.Amount, all.ValidBets+e.ValidBet, all.Wins+e.Win
				if !e.At.Before(from) && e.At.Before(to) {
					window.Bets, window.ValidBets, window.Wins = window.Bets+e.Amount, window.ValidBets+e.ValidBet, window.Wins+e.Win
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		sums, err := figures.New(d, nil, nil).PlaySums(ctx, "PHP", "2000-01-01", "2999-12-31")
		if err != nil {
			t.Fatal(err)
		}
		var got commission.Play
		for _, p := range sums {
			got.Bets, got.ValidBets, got.Wins = got.Bets+p.Bets, got.ValidBets+p.ValidBets, got.Wins+p.Wins
		}
		if got != all || all.Bets == 0 {
			t.Fatalf("daily figures hold %+v, the rounds were %+v", got, all)
		}
		teams := &commission.Teams{DB: d, Uplines: agent.NewStore(d), Clock: clock.System{}}
		tt, err := teams.Teams(ctx, []int64{top}, "PHP", from, to, loc, benchActiveMin)
		if err != nil {
			t.Fatal(err)
		}
		if w := tt[top]; w.Bets != window.Bets || w.ValidBets != window.ValidBets || w.Wins != window.Wins || window.Bets == 0 {
			t.Fatalf("the slots give the top agent's team %+v, its rounds were %+v", w, window)
		}
		agents := 0
		for _, a := range isAgent {
			if a {
				agents++
			}
		}
		var contracts int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM commission_contract WHERE status = 'active'`).Scan(&contracts); err != nil {
			t.Fatal(err)
		}
		if contracts != 2*agents {
			t.Fatalf("%d contracts for %d agents", contracts, agents)
		}

		out.Reset()
		if err := measureAgents(ctx, d, top, 3, true, "", &out); err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var res struct {
			Rows   []benchRead    `json:"rows"`
			Settle []benchSettled `json:"settle"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Rows) != 4*3 { // four kinds, as the top agent and at levels 2 and 3
			t.Fatalf("%d rows: %+v", len(res.Rows), res.Rows)
		}
		if len(res.Settle) != 2 {
			t.Fatalf("%+v", res.Settle)
		}
		for _, st := range res.Settle {
			if st.Contracts != agents || st.Created != agents || st.Unpaid != 0 || st.Paid == 0 || st.Paid+st.NotReached != agents {
				t.Fatalf("%s: %+v", st.Name, st.Summary)
			}
		}
		if rep, err := ledger.NewStore(d, clock.System{}).Verify(ctx); err != nil || len(rep.Problems) > 0 {
			t.Fatalf("ledger verify: %v %+v", err, rep.Problems)
		}
		if err := measureAgents(ctx, d, top, 1, true, "", &out); !errors.Is(err, errBenchSettled) {
			t.Fatalf("a second settlement: %v", err)
		}
	})
}

// TestAgentTreeShape: 100,000 members over 6 levels is fan-out 10, not
// the 11 a float root would give.
func TestAgentTreeShape(t *testing.T) {
	parents, isAgent := agentTreeShape(100_000, 6)
	agents := 0
	for _, a := range isAgent {
		if a {
			agents++
		}
	}
	if len(parents) != 100_001 || agents != 11_111 || parents[10] != 0 || parents[11] != 1 {
		t.Fatalf("%d nodes, %d agents, parents[10..11] %v", len(parents), agents, parents[10:12])
	}
}
