package figures_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var quiet = slog.New(slog.DiscardHandler)

var manila = time.FixedZone("Asia/Manila", 8*3600)

func inManila(context.Context) *time.Location { return manila }

func appendFacts(t testing.TB, d *db.DB, facts ...activity.Fact) {
	t.Helper()
	ctx := context.Background()
	for start := 0; start < len(facts); start += 50 {
		chunk := facts[start:min(start+50, len(facts))]
		if err := d.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, chunk...) }); err != nil {
			t.Fatal(err)
		}
	}
}

func round(key string, member int64, bet, win int64, at time.Time) activity.Fact {
	return activity.Fact{Key: key, Kind: activity.RoundSettled, MemberID: member, Currency: "PHP", Vendor: "BGS", Game: "slot",
		Category: "SLOT", Amount: bet, Win: win, ValidBet: bet, Ref: key, StartedAt: at.Add(-time.Second), At: at}
}

func deposit(key string, member, amount int64, at time.Time) activity.Fact {
	return activity.Fact{Key: key, Kind: activity.DepositCredited, MemberID: member, Currency: "PHP", Amount: amount, Ref: key, At: at}
}

// consume runs the stream's sequencer and the figures until the figures
// hold every appended event.
func consume(t testing.TB, d *db.DB, f *figures.Figures, want int64) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc := activity.NewService(activity.NewStore(d), clock.System{}, quiet, activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	svc.Register(f)
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	waitPosition(t, activity.NewStore(d), want, 20*time.Second)
	cancel()
	_ = svc.Wait(context.Background())
}

func waitPosition(t testing.TB, st *activity.Store, want int64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		p, err := st.Position(context.Background(), figures.Name)
		if err == nil && p >= want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("figures at %d (%v), want %d", p, err, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Days are cut in the brand's time zone: a round a second before midnight
// in Manila (16:00 UTC) is on one day, a second after on the next; Totals
// counts whole days.
func TestDaysInTheBrandZone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, inManila)
		midnight := time.Date(2026, 11, 27, 0, 0, 0, 0, manila)
		appendFacts(t, d,
			round("r1", 5, 1000, 500, midnight.Add(-time.Second)),
			round("r2", 5, 2000, 0, midnight.Add(time.Second)),
			deposit("d1", 5, 50000, midnight.Add(-time.Hour)),
			activity.Fact{Key: "t1", Kind: activity.TransferOut, MemberID: 5, Currency: "PHP", Vendor: "TV", Amount: 700, At: midnight.Add(time.Hour)},
			activity.Fact{Key: "l1", Kind: activity.LoggedIn, MemberID: 5, At: midnight},
			round("other", 6, 9999, 0, midnight),
		)
		consume(t, d, f, 6)
		days, err := f.Days(ctx, 5, midnight.Add(-24*time.Hour), midnight.Add(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		want := []figures.Day{
			{MemberID: 5, Day: "2026-11-26", Currency: "PHP", Sums: figures.Sums{Deposits: 50000, DepositCount: 1}},
			{MemberID: 5, Day: "2026-11-26", Currency: "PHP", Category: "SLOT", Vendor: "BGS", Sums: figures.Sums{Bets: 1000, ValidBets: 1000, Wins: 500, Rounds: 1}},
			{MemberID: 5, Day: "2026-11-27", Currency: "PHP", Vendor: "TV", Sums: figures.Sums{TransfersOut: 700}},
			{MemberID: 5, Day: "2026-11-27", Currency: "PHP", Category: "SLOT", Vendor: "BGS", Sums: figures.Sums{Bets: 2000, ValidBets: 2000, Rounds: 1}},
		}
		if fmt.Sprint(days) != fmt.Sprint(want) {
			t.Fatalf("days\n got %+v\nwant %+v", days, want)
		}
		// The 27th, midnight to midnight: its rows.
		tot, err := f.Totals(ctx, 5, "PHP", midnight, midnight.Add(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if tot != (figures.Sums{Bets: 2000, ValidBets: 2000, Rounds: 1, TransfersOut: 700}) {
			t.Fatalf("totals of the 27th: %+v", tot)
		}
		if tot.NetLoss() != 2700 {
			t.Fatalf("net loss %d", tot.NetLoss())
		}
		// Parts of days are exact to the millisecond: a session from 00:30
		// to 02:00 has the transfer only; 22:00 to 00:30 crosses midnight.
		if tot, err := f.Totals(ctx, 5, "PHP", midnight.Add(30*time.Minute), midnight.Add(2*time.Hour)); err != nil || tot != (figures.Sums{TransfersOut: 700}) {
			t.Fatalf("00:30-02:00: %+v %v", tot, err)
		}
		if tot, err := f.Totals(ctx, 5, "PHP", midnight.Add(-2*time.Hour), midnight.Add(30*time.Minute)); err != nil ||
			tot != (figures.Sums{Bets: 3000, ValidBets: 3000, Wins: 500, Rounds: 2, Deposits: 50000, DepositCount: 1}) {
			t.Fatalf("22:00-00:30: %+v %v", tot, err)
		}
		if tot, err := f.Totals(ctx, 5, "PHP", midnight.Add(-time.Second), midnight.Add(time.Second)); err != nil ||
			tot != (figures.Sums{Bets: 1000, ValidBets: 1000, Wins: 500, Rounds: 1}) {
			t.Fatalf("the last second of the 26th: %+v %v", tot, err)
		}
		// Two whole days and a part of the third.
		if tot, err := f.Totals(ctx, 5, "PHP", midnight.Add(-24*time.Hour), midnight.Add(90*time.Minute)); err != nil ||
			tot != (figures.Sums{Bets: 3000, ValidBets: 3000, Wins: 500, Rounds: 2, Deposits: 50000, DepositCount: 1, TransfersOut: 700}) {
			t.Fatalf("26th 00:00 - 27th 01:30: %+v %v", tot, err)
		}
		if tot, _ := f.Totals(ctx, 5, "USD", midnight.Add(-24*time.Hour), midnight.Add(24*time.Hour)); tot != (figures.Sums{}) {
			t.Fatalf("another currency: %+v", tot)
		}
		if _, err := f.Totals(ctx, 5, "PHP", midnight, midnight); err != figures.ErrRange {
			t.Fatalf("empty range: %v", err)
		}
	})
}

// Totals are exact while the consumer lags: events after its position and
// events not numbered yet are added to the rows.
func TestTotalsAddTheUnappliedEvents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, inManila)
		now := time.Now()
		appendFacts(t, d, round("a", 9, 100, 0, now), deposit("b", 9, 1000, now))
		consume(t, d, f, 2)
		// Numbered but not applied: the consumer is not running.
		svc := activity.NewService(st, clock.System{}, quiet, activity.Config{Renew: 20 * time.Millisecond, SequenceEvery: 10 * time.Millisecond})
		sctx, stop := context.WithCancel(ctx)
		if err := svc.Start(sctx); err != nil {
			t.Fatal(err)
		}
		appendFacts(t, d, round("c", 9, 200, 50, now))
		deadline := time.Now().Add(10 * time.Second)
		for h, _ := st.Head(ctx); h < 3; h, _ = st.Head(ctx) {
			if time.Now().After(deadline) {
				t.Fatal("not numbered")
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		_ = svc.Wait(ctx)
		// Not numbered at all.
		appendFacts(t, d, round("d", 9, 300, 0, now))
		tot, err := f.Totals(ctx, 9, "PHP", now.Add(-time.Hour), now.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		want := figures.Sums{Bets: 600, ValidBets: 600, Wins: 50, Rounds: 3, Deposits: 1000, DepositCount: 1}
		if tot != want {
			t.Fatalf("totals %+v, want %+v", tot, want)
		}
		// From midnight: the rows plus the events after their position.
		y, mo, dd := now.In(manila).Date()
		if tot, err := f.Totals(ctx, 9, "PHP", time.Date(y, mo, dd, 0, 0, 0, 0, manila), now.Add(time.Hour)); err != nil || tot != want {
			t.Fatalf("from midnight: %+v %v, want %+v", tot, err, want)
		}
		consume(t, d, f, 4)
		if tot2, _ := f.Totals(ctx, 9, "PHP", now.Add(-time.Hour), now.Add(time.Hour)); tot2 != want {
			t.Fatalf("after applying: %+v", tot2)
		}
	})
}

// A replay rebuilds the same figures, and Verify finds them equal to the
// stream; a row changed behind the consumer's back is reported.
func TestReplayAndVerify(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, inManila)
		facts := randomFacts(300, time.Now().Add(-72*time.Hour))
		appendFacts(t, d, facts...)
		consume(t, d, f, int64(len(facts)))
		from, to := time.Now().Add(-96*time.Hour), time.Now().Add(time.Hour)
		before := allDays(t, f, from, to)
		if rep, err := f.Verify(ctx, nil, time.Time{}); err != nil || !rep.OK() || rep.Rows == 0 {
			t.Fatalf("verify: %+v %v", rep, err)
		}
		if err := st.Replay(ctx, f, time.Now()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM figures_daily`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rows after reset: %d %v", n, err)
		}
		consume(t, d, f, int64(len(facts)))
		if after := allDays(t, f, from, to); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("replay rebuilt other figures\nbefore %v\nafter  %v", before, after)
		}
		if _, err := d.ExecContext(ctx, `UPDATE figures_daily SET bets = bets + 1 WHERE rounds > 0`); err != nil {
			t.Fatal(err)
		}
		rep, err := f.Verify(ctx, nil, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.OK() {
			t.Fatal("verify missed a changed row")
		}
	})
}

// Verify compares round.settled facts with the rounds' own record.
func TestVerifyAgainstTheRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, inManila)
		at := time.Now().Add(-time.Hour)
		appendFacts(t, d, round("a", 3, 100, 20, at), round("b", 3, 50, 0, at))
		consume(t, d, f, 2)
		day := figures.DayOf(at.Add(-time.Second), manila)
		src := fakeRounds{3: {{Day: day, Category: "SLOT", Bets: 150, ValidBets: 150, Wins: 20, Rounds: 2}}}
		if rep, err := f.Verify(ctx, src, time.Time{}.Add(time.Millisecond)); err != nil || !rep.OK() || rep.Members != 1 {
			t.Fatalf("verify: %+v %v", rep, err)
		}
		src[3][0].Rounds = 3 // a round the stream lacks
		src[3] = append(src[3], figures.RoundDay{Day: "2020-01-01", Category: "LIVE", Bets: 1, Rounds: 1})
		rep, err := f.Verify(ctx, src, time.Time{}.Add(time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Problems) != 2 {
			t.Fatalf("problems %q, want 2", rep.Problems)
		}
	})
}

type fakeRounds map[int64][]figures.RoundDay

func (f fakeRounds) RoundDays(_ context.Context, member int64, _, _ time.Time, _ *time.Location) ([]figures.RoundDay, error) {
	return f[member], nil
}

func allDays(t testing.TB, f *figures.Figures, from, to time.Time) []figures.Day {
	t.Helper()
	var out []figures.Day
	for m := int64(1); m <= 20; m++ {
		days, err := f.Days(context.Background(), m, from, to)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, days...)
	}
	return out
}

// randomFacts are n facts of members 1..20 spread over three days from
// start, of every kind the figures count and some they do not.
func randomFacts(n int, start time.Time) []activity.Fact {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	out := make([]activity.Fact, n)
	for i := range out {
		m := int64(r.IntN(20) + 1)
		at := start.Add(time.Duration(r.IntN(72*3600)) * time.Second)
		key := fmt.Sprintf("f%d", i)
		switch r.IntN(6) {
		case 0, 1, 2:
			out[i] = round(key, m, int64(r.IntN(10000)+1), int64(r.IntN(20000)), at)
		case 3:
			out[i] = deposit(key, m, int64(r.IntN(100000)+1), at)
		case 4:
			out[i] = activity.Fact{Key: key, Kind: activity.WithdrawalPaid, MemberID: m, Currency: "PHP", Amount: int64(r.IntN(50000) + 1), At: at}
		default:
			out[i] = activity.Fact{Key: key, Kind: activity.LoggedIn, MemberID: m, At: at}
		}
	}
	return out
}

// Days follow the zone's own midnights, also on a day of 23 hours.
func TestDaysAcrossADaylightSavingChange(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone database")
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, func(context.Context) *time.Location { return ny })
		mar8 := time.Date(2026, 3, 8, 0, 0, 0, 0, ny) // clocks go from 02:00 to 03:00
		mar9 := time.Date(2026, 3, 9, 0, 0, 0, 0, ny)
		appendFacts(t, d,
			deposit("a", 4, 100, mar8.Add(-time.Minute)),
			deposit("b", 4, 200, time.Date(2026, 3, 8, 1, 30, 0, 0, ny)),
			deposit("c", 4, 400, time.Date(2026, 3, 8, 23, 59, 0, 0, ny)),
			deposit("e", 4, 800, mar9),
		)
		consume(t, d, f, 4)
		if mar9.Sub(mar8) != 23*time.Hour {
			t.Fatalf("the 8th lasts %v", mar9.Sub(mar8))
		}
		if tot, err := f.Totals(ctx, 4, "PHP", mar8, mar9); err != nil || tot.Deposits != 600 {
			t.Fatalf("the 8th: %+v %v", tot, err)
		}
		if tot, err := f.Totals(ctx, 4, "PHP", time.Date(2026, 3, 8, 3, 0, 0, 0, ny), mar9.Add(time.Hour)); err != nil || tot.Deposits != 1200 {
			t.Fatalf("the 8th from 03:00 to the 9th 01:00: %+v %v", tot, err)
		}
		days, err := f.Days(ctx, 4, mar8.Add(-time.Hour), mar9.Add(time.Hour))
		if err != nil || len(days) != 3 || days[1].Day != "2026-03-08" || days[1].Deposits != 600 {
			t.Fatalf("days %+v %v", days, err)
		}
	})
}

// A settled round taken back whole (a rolled-back betwin) leaves nothing in
// the day it was counted in, whenever the rollback comes.
func TestRolledBackRoundLeavesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := activity.NewStore(d)
		f := figures.New(d, st, inManila)
		at := time.Date(2026, 11, 26, 23, 0, 0, 0, manila)
		settled := round("round:9", 5, 1000, 2500, at)
		back := settled
		back.Key, back.Kind, back.Detail = "round:9:rollback", activity.RoundCancelled, "rollback"
		back.Amount, back.ValidBet, back.Win = -1000, -1000, -2500
		appendFacts(t, d, settled, round("round:10", 5, 300, 0, at), back,
			activity.Fact{Key: "round:11", Kind: activity.RoundCancelled, MemberID: 5, Currency: "PHP", Vendor: "BGS", Category: "SLOT", Amount: 50, At: at})
		consume(t, d, f, 4)
		s, err := f.Totals(ctx, 5, "PHP", at.Add(-time.Hour), at.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if want := (figures.Sums{Bets: 300, ValidBets: 300, Rounds: 1}); s != want {
			t.Fatalf("totals %+v, want %+v", s, want)
		}
	})
}

// TotalsMany gives each member what Totals gives them alone, and that is
// the facts in the member's window: members from the start of time, from a
// midnight, from the middle of a day, from within the last day and from
// after every fact, the rows applied for some facts and the rest not
// applied yet.
func TestTotalsMany(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := figures.New(d, activity.NewStore(d), inManila)
		start := time.Now().Add(-72 * time.Hour).Truncate(time.Hour)
		facts := randomFacts(400, start)
		appendFacts(t, d, facts[:300]...)
		consume(t, d, f, 300)
		appendFacts(t, d, facts[300:]...) // not applied: the consumer is stopped
		y, mo, dd := start.In(manila).Date()
		froms := []time.Time{time.UnixMilli(0), time.Date(y, mo, dd+1, 0, 0, 0, 0, manila), start.Add(30*time.Hour + 17*time.Minute),
			time.Now().Add(-20 * time.Minute), time.Now().Add(time.Hour)}
		for _, to := range []time.Time{time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), start.Add(50 * time.Hour)} {
			from := map[int64]time.Time{}
			for m := int64(1); m <= 20; m++ {
				if fr := froms[int(m)%len(froms)]; fr.Before(to) {
					from[m] = fr
				}
			}
			many, err := f.TotalsMany(ctx, "PHP", from, to)
			if err != nil {
				t.Fatal(err)
			}
			for m, fr := range from {
				alone, err := f.Totals(ctx, m, "PHP", fr, to)
				if err != nil {
					t.Fatal(err)
				}
				if many[m] != alone {
					t.Fatalf("member %d from %v: many %+v, alone %+v", m, fr, many[m], alone)
				}
				var bets, deposits int64
				for _, fa := range facts {
					if fa.MemberID != m || fa.At.Before(fr) || !fa.At.Before(to) {
						continue
					}
					switch fa.Kind {
					case activity.RoundSettled:
						bets += fa.Amount
					case activity.DepositCredited:
						deposits += fa.Amount
					}
				}
				if alone.Bets != bets || alone.Deposits != deposits {
					t.Fatalf("member %d from %v: bets %d deposits %d, the facts say %d and %d", m, fr, alone.Bets, alone.Deposits, bets, deposits)
				}
			}
		}
	})
}
