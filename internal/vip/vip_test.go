package vip

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/wallet"
)

type poster struct {
	*wallet.Service
	l *ledger.Store
}

func (p poster) EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error) {
	return p.l.EnsureAccount(ctx, spec)
}

type instance struct {
	svc *Service
	rw  *rewards.Service
	l   *ledger.Store
	db  *db.DB
}

func newInstance(d *db.DB, clk clock.Clock) instance {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	brands := brand.NewService(brand.NewStore(d), clk)
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, log)
	gw := gamewallet.NewService(gamewallet.NewStore(d), nil, w, l, clk, log, gamewallet.Config{})
	rw := rewards.NewService(d, gw, poster{w, l}, brands, clk, log)
	return instance{svc: NewService(d, brands, rw, clk, log), rw: rw, l: l, db: d}
}

// twoInstances opens two handles on one migrated database with the demo
// brand and levels, as two servers would.
func twoInstances(t *testing.T, dialect db.Dialect, clk clock.Clock) (instance, instance) {
	t.Helper()
	ctx := context.Background()
	url := dbtest.URL(t, dialect)
	var handles [2]*db.DB
	for i := range handles {
		d, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if i == 0 {
			if _, err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := brand.NewService(brand.NewStore(d), clk).Seed(ctx, brand.Demo()); err != nil {
				t.Fatal(err)
			}
			if _, err := SeedDemo(ctx, d, clk.Now().UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		handles[i] = d
	}
	return newInstance(handles[0], clk), newInstance(handles[1], clk)
}

var seq int

func round(member int64, category string, validBet int64, at time.Time) activity.Event {
	seq++
	return activity.Event{Seq: int64(seq), Fact: activity.Fact{Key: "round:" + strconv.Itoa(seq), Kind: activity.RoundSettled, MemberID: member, Currency: "PHP",
		Category: category, Amount: validBet, ValidBet: validBet, At: at}}
}

func apply(t *testing.T, in instance, evs ...activity.Event) {
	t.Helper()
	c := in.svc.ProgressConsumer()
	if err := in.db.InTx(context.Background(), func(tx *db.Tx) error { return c.Apply(context.Background(), tx, evs) }); err != nil {
		t.Fatal(err)
	}
}

func rewardsOf(t *testing.T, in instance, member int64) []rewards.Reward {
	t.Helper()
	rs, err := in.rw.BySources(context.Background(), member, Sources, "EN", 100)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].ID < rs[j].ID })
	return rs
}

func mainBalance(t *testing.T, in instance, member int64) int64 {
	t.Helper()
	a, err := in.l.FindAccount(context.Background(), ledger.PlayerMain(member, "PHP"))
	if err != nil {
		return 0
	}
	return a.Balance
}

// TestLevelUp: docs/rewards.md "VIP ranks", worked example 1. Valid bets
// climb the demo levels; each level climbed pays its upgrade reward once,
// a jump over levels pays each; a rolled-back round takes its valid bet
// back without lowering the level; deposits gate a level that asks for them.
func TestLevelUp(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
			a, _ := twoInstances(t, dialect, clk)
			now := clk.Now()
			if p, _ := a.svc.PublicState(ctx, 5, "EN"); !p.HasVip || p.VipRankLevel != 1 || p.VipLabelName != "Bronze" {
				t.Fatalf("new member %+v", p)
			}
			apply(t, a, round(5, "RNG", 600_00, now), round(5, "LIVE", 400_00, now))
			// 1,000.00 reaches Silver exactly.
			if m, _ := a.svc.Member(ctx, 5); m.Level != 2 || m.ValidBets != 1_000_00 {
				t.Fatalf("1,000.00 should reach Silver: %+v", m)
			}
			apply(t, a, round(5, "LIVE", 100_00, now), round(5, "RNG", 9_000_00, now)) // 10,100.00: Gold
			rs := rewardsOf(t, a, 5)
			if len(rs) != 2 || rs[0].Amount != 18_00 || rs[1].Amount != 88_00 || rs[0].Source != SourceLevelUp || rs[0].Kind != rewards.KindCash {
				t.Fatalf("level-up rewards %+v", rs)
			}
			// A jump from Bronze to Platinum pays Silver, Gold and Platinum.
			apply(t, a, round(6, "SPORTS", 60_000_00, now))
			if rs := rewardsOf(t, a, 6); len(rs) != 3 || rs[0].Amount+rs[1].Amount+rs[2].Amount != 18_00+88_00+288_00 {
				t.Fatalf("jump rewards %+v", rs)
			}
			// A rollback takes the valid bet back; the level stays.
			rb := round(6, "SPORTS", -60_000_00, now)
			rb.Kind, rb.Detail = activity.RoundCancelled, "rollback"
			apply(t, a, rb)
			if m, _ := a.svc.Member(ctx, 6); m.Level != 4 || m.ValidBets != 0 {
				t.Fatalf("after rollback %+v", m)
			}
			// Climbing to Platinum again pays nothing new.
			apply(t, a, round(6, "SPORTS", 60_000_00, now))
			if rs := rewardsOf(t, a, 6); len(rs) != 3 {
				t.Fatalf("re-climb paid again: %+v", rs)
			}
			if p, _ := a.svc.PublicState(ctx, 6, "EN"); p.VipRankLevel != 4 || p.VipLabelName != "Platinum" {
				t.Fatalf("public %+v", p)
			}

			// Deposits: Silver asking for 500.00 of deposits as well.
			ls := DemoLevels()
			ls[1].MinDeposits = 500_00
			for i := 2; i < len(ls); i++ {
				ls[i].MinDeposits = 500_00
			}
			if err := a.svc.SaveLevels(ctx, ls); err != nil {
				t.Fatal(err)
			}
			apply(t, a, round(7, "RNG", 2_000_00, now))
			if m, _ := a.svc.Member(ctx, 7); m.Level != 1 {
				t.Fatalf("without deposits %+v", m)
			}
			seq++
			apply(t, a, activity.Event{Seq: int64(seq), Fact: activity.Fact{Key: "deposit:" + strconv.Itoa(seq), Kind: activity.DepositCredited, MemberID: 7,
				Currency: "PHP", Amount: 500_00, At: now}})
			if m, _ := a.svc.Member(ctx, 7); m.Level != 2 || m.Deposits != 500_00 {
				t.Fatalf("with deposits %+v", m)
			}
		})
	}
}

// TestLevelsValidate: a bad levels table is refused and changes nothing.
func TestLevelsValidate(t *testing.T) {
	bad := func(mut func(Levels) Levels) Levels { return mut(DemoLevels()) }
	for name, ls := range map[string]Levels{
		"empty":          {},
		"first not zero": bad(func(l Levels) Levels { l[0].MinValidBets = 1; return l }),
		"not rising":     bad(func(l Levels) Levels { l[3].MinValidBets = l[2].MinValidBets; return l }),
		"gap":            bad(func(l Levels) Levels { l[4].Level = 9; return l }),
		"no EN name":     bad(func(l Levels) Levels { l[1].Names = map[string]string{"TY": "Pilak"}; return l }),
		"no TY name":     bad(func(l Levels) Levels { l[1].Names = map[string]string{"EN": "Silver"}; return l }),
		"blank TY name":  bad(func(l Levels) Levels { l[1].Names = map[string]string{"EN": "Silver", "TY": " "}; return l }),
		"long name":      bad(func(l Levels) Levels { l[1].Names["CN"] = strings.Repeat("银", MaxNameLen+1); return l }),
		"unknown lang":   bad(func(l Levels) Levels { l[1].Names["XX"] = "Silver"; return l }),
		"rate":           bad(func(l Levels) Levels { l[1].Rates["RNG"] = MaxRate + 1; return l }),
		"category":       bad(func(l Levels) Levels { l[1].Rates["NOPE"] = 10; return l }),
		"negative":       bad(func(l Levels) Levels { l[2].WeeklyReward = -1; return l }),
	} {
		if err := Validate(ls); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := Validate(DemoLevels()); err != nil {
		t.Fatal(err)
	}
}

// TestLevelNames: a level's name in the member's language (EN and TY
// required, others optional), EN where the language has none; the demo's
// names in both.
func TestLevelNames(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
			a, _ := twoInstances(t, dialect, clk)
			apply(t, a, round(12, "RNG", 1_000_00, clk.Now())) // Silver
			for lang, want := range map[string]string{"EN": "Silver", "TY": "Pilak", "CN": "Silver", "": "Silver"} {
				if p, err := a.svc.PublicState(ctx, 12, lang); err != nil || p.VipLabelName != want || p.VipRankLevel != 2 {
					t.Errorf("demo %q: %+v %v, want %s", lang, p, err, want)
				}
			}
			ls := DemoLevels()
			ls[1].Names = map[string]string{"EN": " Silver Club ", "TY": "Klub Pilak", "CN": "白银"}
			ls[1].Name = "ignored: the EN name is the name"
			if err := a.svc.SaveLevels(ctx, ls); err != nil {
				t.Fatal(err)
			}
			got, err := a.svc.Levels(ctx)
			if err != nil || got[1].Name != "Silver Club" || got[1].Names["EN"] != "Silver Club" || got[1].Names["CN"] != "白银" || len(got[1].Names) != 3 {
				t.Fatalf("saved %+v %v", got[1], err)
			}
			for lang, want := range map[string]string{"EN": "Silver Club", "TY": "Klub Pilak", "CN": "白银", "JA": "Silver Club"} {
				if p, _ := a.svc.PublicState(ctx, 12, lang); p.VipLabelName != want {
					t.Errorf("saved %s: %q, want %q", lang, p.VipLabelName, want)
				}
			}
			page, err := a.svc.Page(ctx, 12, "TY", nil)
			if err != nil || page.Name != "Klub Pilak" || page.Next == nil || page.Next.Name != "Ginto" || page.Levels[7].Name != "Diyamante" {
				t.Fatalf("TY page %+v %v", page, err)
			}
			// A level without its TY name is refused and nothing changes.
			ls[2].Names = map[string]string{"EN": "Gold"}
			if err := a.svc.SaveLevels(ctx, ls); !errors.Is(err, ErrInvalid) {
				t.Fatalf("without TY: %v", err)
			}
			if got, _ := a.svc.Levels(ctx); got[2].Names["TY"] != "Ginto" {
				t.Fatalf("changed: %+v", got[2])
			}
		})
	}
}

// TestBonusBets: docs/rewards.md "Bonus bets", worked example 2. The
// valid bets since the last claim, per category, at the member's level's
// rates; below the minimum nothing is taken; a claim pays the main balance
// once and starts a new window; of 20 parallel claims on two instances
// exactly one succeeds.
func TestBonusBets(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
			a, b := twoInstances(t, dialect, clk)
			now := clk.Now()
			// Bronze: RNG 30.00 at 0.20 % is 0.06, below the 1.00 minimum.
			apply(t, a, round(8, "RNG", 30_00, now))
			if bb, _ := a.svc.BonusBets(ctx, 8); bb.Amount != 6 || bb.Claimable || bb.Minimum != 100 {
				t.Fatalf("bronze %+v", bb)
			}
			if _, err := a.svc.ClaimBonusBets(ctx, 8, "k-below", "EN"); !errors.Is(err, ErrBelowMinimum) {
				t.Fatalf("below minimum: %v", err)
			}
			apply(t, a, round(8, "RNG", 470_00, now)) // 500.00 at 0.20 % = 1.00
			if c, err := a.svc.ClaimBonusBets(ctx, 8, "k-bronze", "EN"); err != nil || c.Amount != 1_00 || !c.Paid || c.Level != 1 {
				t.Fatalf("bronze claim %+v %v", c, err)
			}

			// Gold (10,100.00 played): RNG 9,600.00 at 0.40 % = 38.40, LIVE 500.00 at 0.20 % = 1.00.
			apply(t, a, round(9, "RNG", 600_00, now), round(9, "LIVE", 500_00, now), round(9, "RNG", 9_000_00, now))
			bb, err := a.svc.BonusBets(ctx, 9)
			if err != nil || bb.Level != 3 || bb.Amount != 39_40 || bb.ValidBets != 10_100_00 || len(bb.Lines) != 2 ||
				bb.Lines[0] != (CategoryLine{"LIVE", 500_00, 20, 1_00}) || bb.Lines[1] != (CategoryLine{"RNG", 9_600_00, 40, 38_40}) {
				t.Fatalf("gold %+v %v", bb, err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 20)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					in := a
					if i%2 == 1 {
						in = b
					}
					_, errs[i] = in.svc.ClaimBonusBets(ctx, 9, fmt.Sprintf("k-gold-%d", i), "EN")
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case errors.Is(err, ErrBelowMinimum):
				default:
					t.Fatalf("claim: %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d claims succeeded", won)
			}
			if got := mainBalance(t, a, 9); got != 39_40 {
				t.Fatalf("main %d", got)
			}
			// The next window holds only what came after the claim.
			apply(t, a, round(9, "LIVE", 1_000_00, now))
			if bb, _ := a.svc.BonusBets(ctx, 9); bb.ValidBets != 1_000_00 || bb.Amount != 2_00 {
				t.Fatalf("next window %+v", bb)
			}
			cl, err := a.svc.Claims(ctx, 9, 10)
			if err != nil || len(cl) != 1 || cl[0].Amount != 39_40 || cl[0].ValidBets != 10_100_00 {
				t.Fatalf("claims %+v %v", cl, err)
			}
			if rep, err := a.l.Verify(ctx); err != nil || !rep.OK() {
				t.Fatalf("ledger %+v %v", rep, err)
			}
		})
	}
}

// TestBonusBetsSameKey: a claim repeated with its Idempotency-Key answers
// the first claim, also when the repeats run in parallel on two
// instances: one claim, one payment, every answer the same claim; a
// repeat after more play still answers the first claim and leaves the new
// window waiting, which a new key claims.
func TestBonusBetsSameKey(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
			a, b := twoInstances(t, dialect, clk)
			now := clk.Now()
			// Gold: RNG 9,600.00 at 0.40 % = 38.40, LIVE 500.00 at 0.20 % = 1.00.
			apply(t, a, round(11, "RNG", 600_00, now), round(11, "LIVE", 500_00, now), round(11, "RNG", 9_000_00, now))
			var wg sync.WaitGroup
			claims := make([]Claim, 12)
			errs := make([]error, len(claims))
			for i := range claims {
				wg.Add(1)
				go func() {
					defer wg.Done()
					in := a
					if i%2 == 1 {
						in = b
					}
					claims[i], errs[i] = in.svc.ClaimBonusBets(ctx, 11, "same-key", "EN")
				}()
			}
			wg.Wait()
			fresh := 0
			for i, err := range errs {
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				c := claims[i]
				if c.ID != claims[0].ID || c.Amount != 39_40 || c.ValidBets != 10_100_00 || c.Level != 3 || len(c.Lines) != 2 {
					t.Fatalf("request %d answered %+v, request 0 %+v", i, c, claims[0])
				}
				if !c.Replayed {
					fresh++
				}
			}
			if fresh != 1 {
				t.Fatalf("%d requests claimed", fresh)
			}
			if got := mainBalance(t, a, 11); got != 39_40 {
				t.Fatalf("main %d", got)
			}
			apply(t, a, round(11, "LIVE", 1_000_00, now))
			again, err := b.svc.ClaimBonusBets(ctx, 11, "same-key", "EN")
			if err != nil || again.ID != claims[0].ID || again.Amount != 39_40 || !again.Replayed || !again.Paid {
				t.Fatalf("repeat %+v %v", again, err)
			}
			if bb, _ := a.svc.BonusBets(ctx, 11); bb.Amount != 2_00 {
				t.Fatalf("the new window was taken: %+v", bb)
			}
			next, err := a.svc.ClaimBonusBets(ctx, 11, "next-key", "EN")
			if err != nil || next.ID == claims[0].ID || next.Amount != 2_00 || next.Replayed {
				t.Fatalf("new key %+v %v", next, err)
			}
			if got := mainBalance(t, a, 11); got != 41_40 {
				t.Fatalf("main after both %d", got)
			}
			if cl, err := a.svc.Claims(ctx, 11, 10); err != nil || len(cl) != 2 {
				t.Fatalf("claims %+v %v", cl, err)
			}
			if rep, err := a.l.Verify(ctx); err != nil || !rep.OK() {
				t.Fatalf("ledger %+v %v", rep, err)
			}
		})
	}
}

// fakeFigures is the daily figures of a period: member -> category -> valid bets.
type fakeFigures map[int64]map[string]int64

func (f fakeFigures) EachCategorySum(_ context.Context, _, _, _ string, fn func(int64, string, int64) error) error {
	ids := make([]int64, 0, len(f))
	for id := range f {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		cats := make([]string, 0)
		for c := range f[id] {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		for _, c := range cats {
			if err := fn(id, c, f[id][c]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (fakeFigures) CaughtUp(context.Context) error { return nil }

// TestSettlement: docs/rewards.md "VIP ranks", worked example 3: the
// weekly and monthly rewards and the keep rule.
func TestSettlement(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 12, 1, 0, 5, 0, 0, time.UTC))
			a, _ := twoInstances(t, dialect, clk)
			monthStart := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			before, during := monthStart.Add(-time.Hour).UnixMilli(), monthStart.Add(48*time.Hour).UnixMilli()
			for _, m := range []struct {
				id, bets int64
				level    int
				since    int64
			}{{11, 12_000_00, 3, before}, {12, 15_000_00, 3, before}, {13, 1_500_00, 2, before}, {14, 60_000_00, 4, during}} {
				if _, err := a.db.ExecContext(ctx, a.db.Rebind(`INSERT INTO vip_member (member_id, valid_bets, deposits, level, level_since, updated_at) VALUES (?, ?, 0, ?, ?, 0)`),
					m.id, m.bets, m.level, m.since); err != nil {
					t.Fatal(err)
				}
			}
			week := fakeFigures{11: {"RNG": 500_00}, 12: {"LIVE": 60_00, "RNG": 40_00}, 15: {"RNG": 100_00}}
			s, err := a.svc.SettleWeek(ctx, week, "2026-W48", "2026-11-23", "2026-11-29")
			if err != nil || s.Members != 3 || s.Issued != 2 {
				t.Fatalf("week %+v %v", s, err)
			}
			if rs := rewardsOf(t, a, 11); len(rs) != 1 || rs[0].Amount != 18_00 || rs[0].Source != SourceWeekly {
				t.Fatalf("weekly of 11 %+v", rs)
			}
			month := fakeFigures{11: {"RNG": 3_500_00}, 12: {"RNG": 1_000_00}, 15: {"RNG": 100_00}}
			for run := 0; run < 2; run++ {
				s, err = a.svc.SettleMonth(ctx, month, "2026-11", "2026-11-01", "2026-11-30", monthStart)
				want := Settlement{Members: 3, Issued: 1, Dropped: 2}
				if run == 1 {
					want = Settlement{Members: 3}
				}
				if err != nil || s != want {
					t.Fatalf("month run %d: %+v %v", run, s, err)
				}
			}
			if rs := rewardsOf(t, a, 11); len(rs) != 2 || rs[1].Amount != 88_00 || rs[1].Source != SourceMonthly {
				t.Fatalf("monthly of 11 %+v", rs)
			}
			for id, want := range map[int64]Member{11: {Level: 3, ValidBets: 12_000_00}, 12: {Level: 2, ValidBets: 1_000_00}, 13: {Level: 1, ValidBets: 0}, 14: {Level: 4, ValidBets: 60_000_00}} {
				m, err := a.svc.Member(ctx, id)
				if err != nil || m.Level != want.Level || m.ValidBets != want.ValidBets {
					t.Fatalf("member %d: %+v %v, want %+v", id, m, err, want)
				}
			}
		})
	}
}
