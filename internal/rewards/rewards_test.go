package rewards

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
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
	"github.com/palaro/palaro/internal/wallet"
)

type poster struct {
	*wallet.Service
	l *ledger.Store
}

func (p poster) EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error) {
	return p.l.EnsureAccount(ctx, spec)
}

// instance is one server's reward centre over a database handle of its own.
type instance struct {
	svc *Service
	gw  *gamewallet.Service
	l   *ledger.Store
}

func newInstance(t *testing.T, d *db.DB, clk clock.Clock) instance {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	brands := brand.NewService(brand.NewStore(d), clk)
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, log)
	gw := gamewallet.NewService(gamewallet.NewStore(d), nil, w, l, clk, log, gamewallet.Config{})
	return instance{svc: NewService(d, gw, poster{w, l}, brands, clk, log), gw: gw, l: l}
}

// twoInstances opens two handles on one migrated database (a file, or a
// PostgreSQL schema), as two servers would.
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
		}
		handles[i] = d
	}
	return newInstance(t, handles[0], clk), newInstance(t, handles[1], clk)
}

func deposit(member, amount int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: "deposit:" + itoa(member) + ":" + itoa(amount), Kind: activity.DepositCredited,
		MemberID: member, Currency: "PHP", Amount: amount, At: at}}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// TestWelcomeAndClaims: the first deposit (at least the minimum) issues the
// welcome bonus once; later deposits and replays do not; of concurrent
// claims on two instances exactly one succeeds and the bonus is granted
// once; a second BONUS reward waits while the first is live; a CASH reward
// pays into main; expired rewards cannot be claimed; the ledger verifies.
func TestWelcomeAndClaims(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
			a, b := twoInstances(t, dialect, clk)
			w := a.svc.WelcomeConsumer()
			now := clk.Now()
			events := []activity.Event{deposit(7, 100_00, now), deposit(8, 1000_00, now), deposit(8, 2000_00, now), deposit(9, 9000_00, now)}
			apply := func(evs []activity.Event) {
				t.Helper()
				if err := a.svc.db.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, evs) }); err != nil {
					t.Fatal(err)
				}
			}
			apply(events)
			apply(events) // a replay adds nothing
			if n, _ := a.svc.Waiting(ctx, 7); n != 0 {
				t.Fatalf("below the minimum deposit: %d rewards", n)
			}
			page, err := a.svc.List(ctx, 8, false, "EN", 1, 20)
			if err != nil || page.Total != 1 || page.Waiting != 1 {
				t.Fatalf("member 8: %+v %v", page, err)
			}
			r := page.List[0]
			// 100 % of 1,000.00; requirement 15 × (1,000 + 1,000); the demo brand's terms.
			if r.Amount != 1000_00 || r.Kind != KindBonus || r.WagerRequired != 30000_00 || r.MaxBet != 500_00 || r.ValidDays != 30 || r.Source != SourceWelcome {
				t.Fatalf("welcome reward %+v", r)
			}
			if p9, _ := a.svc.List(ctx, 9, false, "TY", 1, 20); len(p9.List) != 1 || p9.List[0].Amount != 5000_00 || p9.List[0].Title == "Welcome Bonus" {
				t.Fatalf("capped reward %+v", p9)
			}

			// Concurrent claims on two instances: exactly one.
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					inst := a
					if i%2 == 1 {
						inst = b
					}
					_, _, errs[i] = inst.svc.Claim(ctx, 8, r.ID, "EN")
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case errors.Is(err, ErrClaimed):
				default:
					t.Fatalf("claim: %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d claims succeeded", won)
			}
			g, live, err := a.gw.Bonus(ctx, 8)
			if err != nil || !live || g.Amount != 1000_00 || g.Balance != 1000_00 || g.WagerRequired != 30000_00 {
				t.Fatalf("grant %+v %v %v", g, live, err)
			}
			if n, _ := a.svc.Waiting(ctx, 8); n != 0 {
				t.Fatalf("waiting after the claim: %d", n)
			}

			// A second BONUS reward waits while the first is live; a CASH one pays.
			for _, is := range []Issue{
				{Key: "op:1", MemberID: 8, Currency: "PHP", Source: SourceOperator, TitleEN: "Goodwill", TitleTY: "Pasasalamat", Amount: 50_00, Kind: KindBonus,
					WagerRequired: 50_00, ValidDays: 1, ClaimBy: now.Add(time.Hour)},
				{Key: "op:2", MemberID: 8, Currency: "PHP", Source: SourceOperator, TitleEN: "Cash gift", TitleTY: "Regalong pera", Amount: 25_00, Kind: KindCash,
					ClaimBy: now.Add(time.Hour)},
				{Key: "op:3", MemberID: 8, Currency: "PHP", Source: SourceOperator, TitleEN: "Late", TitleTY: "Huli", Amount: 5_00, Kind: KindCash,
					ClaimBy: now.Add(time.Minute)},
			} {
				if err := b.svc.Issue(ctx, is); err != nil {
					t.Fatal(err)
				}
			}
			claimed, skipped, err := a.svc.ClaimAll(ctx, 8, "EN")
			if err != nil || claimed != 2 || skipped != 1 {
				t.Fatalf("claim all: %d %d %v", claimed, skipped, err)
			}
			main, err := a.l.FindAccount(ctx, ledger.PlayerMain(8, "PHP"))
			if err != nil || main.Balance != 30_00 {
				t.Fatalf("main %+v %v", main, err)
			}
			hist, _ := a.svc.List(ctx, 8, true, "EN", 1, 20)
			if hist.Total != 3 {
				t.Fatalf("history %+v", hist)
			}
			clk.Advance(2 * time.Hour)
			waiting, _ := a.svc.List(ctx, 8, false, "EN", 1, 20)
			if len(waiting.List) != 0 {
				t.Fatalf("expired still waiting: %+v", waiting)
			}
			hist, _ = a.svc.List(ctx, 8, true, "EN", 1, 20)
			var bonusID int64
			for _, r := range hist.List {
				if r.Kind == KindBonus && r.Status == StatusExpired {
					bonusID = r.ID
				}
			}
			if _, _, err := a.svc.Claim(ctx, 8, bonusID, "EN"); !errors.Is(err, ErrExpired) {
				t.Fatalf("claim after expiry: %v", err)
			}
			if err := a.svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if _, _, err := a.svc.Claim(ctx, 8, 999999, "EN"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("unknown reward: %v", err)
			}
			rep, err := a.l.Verify(ctx)
			if err != nil || !rep.OK() {
				t.Fatalf("verify %+v %v", rep, err)
			}
		})
	}
}

// fakeFigures are rows as the daily figures would sum them.
type fakeFigures struct {
	rows []struct {
		member   int64
		category string
		valid    int64
	}
}

func (f *fakeFigures) add(member int64, category string, valid int64) {
	f.rows = append(f.rows, struct {
		member   int64
		category string
		valid    int64
	}{member, category, valid})
}

func (f *fakeFigures) EachCategorySum(_ context.Context, _, _, _ string, fn func(int64, string, int64) error) error {
	for _, r := range f.rows {
		if err := fn(r.member, r.category, r.valid); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeFigures) CaughtUp(context.Context) error { return nil }

// TestDailyRebate against a hand-computed table (the demo brand's rates:
// slots 1.2 %, live 0.8 %, sports 0.6 %, minimum 1.00): a rerun issues
// nothing twice; a member below the minimum gets nothing.
func TestDailyRebate(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := clock.NewFixed(time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC))
			a, _ := twoInstances(t, dialect, clk)
			f := &fakeFigures{}
			f.add(11, "LIVE", 2000_00)   // 16.00
			f.add(11, "RNG", 10000_00)   // 120.00
			f.add(11, "SPORTS", 333_33)  // 1.99 (rounded down)
			f.add(12, "FISH", 50000_00)  // no rate
			f.add(12, "RNG", 83_33)      // 0.99: below the minimum
			f.add(13, "RNG", 1)          // 0
			f.add(14, "SPORTS", 1000_00) // 6.00
			want := map[int64]int64{11: 137_99, 14: 6_00}
			for run := 0; run < 2; run++ {
				n, err := a.svc.IssueRebates(ctx, f, "2026-11-27", clk.Now())
				if err != nil {
					t.Fatal(err)
				}
				if (run == 0 && n != 2) || (run == 1 && n != 0) {
					t.Fatalf("run %d wrote %d", run, n)
				}
			}
			for member := int64(11); member <= 14; member++ {
				p, err := a.svc.List(ctx, member, false, "TY", 1, 20)
				if err != nil {
					t.Fatal(err)
				}
				if want[member] == 0 {
					if p.Total != 0 {
						t.Fatalf("member %d: %+v", member, p)
					}
					continue
				}
				if p.Total != 1 || p.List[0].Amount != want[member] || p.List[0].Kind != KindCash || p.List[0].Title != "Araw-araw na rebate 2026-11-27" {
					t.Fatalf("member %d: %+v", member, p)
				}
			}
		})
	}
}
