package missions

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var manila = func() *time.Location { l, _ := time.LoadLocation("Asia/Manila"); return l }()

// at is a time in Manila (the demo brand's zone) in November 2026: the
// week of Monday the 23rd.
func at(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, manila) }

// open is one server's missions over its own handle on a migrated,
// seeded database.
func open(t *testing.T, url string, migrate bool) *Service {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	clk := clock.NewFixed(at(25, 12, 0))
	if migrate {
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := brand.NewService(brand.NewStore(d), clk).Seed(ctx, brand.Demo()); err != nil {
			t.Fatal(err)
		}
	}
	return NewService(d, brand.NewService(brand.NewStore(d), clk), clk, slog.New(slog.DiscardHandler))
}

func each(t *testing.T, fn func(t *testing.T, s *Service, url string)) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			url := dbtest.URL(t, dialect)
			fn(t, open(t, url, true), url)
		})
	}
}

// feed appends facts and runs the stream until the consumer has passed
// every position.
func feed(t *testing.T, s *Service, facts ...activity.Fact) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if len(facts) > 0 {
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, facts...) }); err != nil {
			t.Fatal(err)
		}
	}
	st := activity.NewStore(s.db)
	run := activity.NewService(st, clock.System{}, slog.New(slog.DiscardHandler),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	run.Register(s.Consumer())
	if err := run.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		head, err1 := st.Head(ctx)
		p, err2 := st.Position(ctx, Name)
		if err1 == nil && err2 == nil && p >= head && head > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("consumer at %d of %d (%v %v)", p, head, err1, err2)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	_ = run.Wait(context.Background())
}

var seq int

func key(p string) string { seq++; return p + ":" + itoa(int64(seq)) }

func round(member int64, cat, game string, bet, win int64, t time.Time) activity.Fact {
	return activity.Fact{Key: key("round"), Kind: activity.RoundSettled, MemberID: member, Currency: "PHP", Vendor: "V", Game: game, Category: cat,
		Amount: bet, Win: win, ValidBet: bet, At: t, StartedAt: t}
}

func rollback(f activity.Fact) activity.Fact {
	return activity.Fact{Key: f.Key + ":rollback", Kind: activity.RoundCancelled, Detail: "rollback", MemberID: f.MemberID, Currency: f.Currency,
		Vendor: f.Vendor, Game: f.Game, Category: f.Category, Amount: -f.Amount, Win: -f.Win, ValidBet: -f.ValidBet, At: f.At}
}

func depositFact(member, amount int64, t time.Time) activity.Fact {
	return activity.Fact{Key: key("deposit"), Kind: activity.DepositCredited, MemberID: member, Currency: "PHP", Amount: amount, At: t}
}

func login(member int64, t time.Time) activity.Fact {
	return activity.Fact{Key: key("login"), Kind: activity.LoggedIn, MemberID: member, At: t} // as written at login: no currency
}

func mustMission(t *testing.T, s *Service, in MissionInput) Mission {
	t.Helper()
	m, err := s.SaveMission(context.Background(), 0, in)
	if err != nil {
		t.Fatalf("%+v: %v", in, err)
	}
	return m
}

func progressOf(t *testing.T, s *Service, mission, member int64, period string) (int64, bool) {
	t.Helper()
	var p, done int64
	err := s.db.QueryRowContext(context.Background(), s.db.Rebind(`SELECT progress, completed_at FROM mission_progress WHERE mission_id = ? AND member_id = ? AND period_key = ?`),
		mission, member, period).Scan(&p, &done)
	if db.IsNoRows(err) {
		return 0, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return p, done > 0
}

// rewardsOf lists the reward keys and amounts issued from source.
func rewardsOf(t *testing.T, s *Service, source string) map[string]int64 {
	t.Helper()
	rows, err := s.db.QueryContext(context.Background(), s.db.Rebind(`SELECT reward_key, amount FROM reward WHERE source = ?`), source)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var a int64
		if err := rows.Scan(&k, &a); err != nil {
			t.Fatal(err)
		}
		out[k] = a
	}
	return out
}

// TestMissionProgressPerKind: progress per kind from stream facts against
// hand-computed cases (docs/rewards.md "Missions and leaderboards"):
//
//   - BET daily, RNG, ₱500.00: member 1 bets 200.00 then 300.00 on RNG on
//     the 25th (done at the second), 1,000.00 on LIVE (not RNG: nothing);
//     member 5 bets 300.00 at 23:30 on the 25th and 300.00 at 00:30 on the
//     26th: two days of 300.00, done on neither.
//   - ROUNDS daily, 3 rounds of game "slot": member 1 plays 2 slot rounds
//     and 1 dice round, then one slot round is rolled back: 1 of 3.
//   - DEPOSIT weekly, ₱1,000.00: member 2 deposits 400.00 and 700.00 (done,
//     1,100.00); member 3 999.99 (not done).
//   - LOGIN weekly, 3 days in a row: member 4 logs in Mon 23, Tue 24 twice,
//     Thu 26 (the run breaks: 1), Fri 27, Sat 28: 3, done on the 28th.
//   - LOGIN daily: member 4's five login days are five rewards.
//   - a mission that ended on the 24th counts member 2's deposit of the
//     23rd (done, rewarded) and nothing after; a paused one counts nothing.
func TestMissionProgressPerKind(t *testing.T) {
	each(t, func(t *testing.T, s *Service, _ string) {
		ctx := context.Background()
		bet := mustMission(t, s, MissionInput{TitleEN: "Bet 500 on slots", Period: "daily", Kind: KindBet, Category: "RNG", Target: "500", RewardAmount: "20", RewardKind: "CASH"})
		rounds := mustMission(t, s, MissionInput{TitleEN: "Play 3 slot rounds", Period: "DAILY", Kind: KindRounds, Category: "BGS", Game: "slot", Target: "3", RewardAmount: "10", RewardKind: "CASH"})
		dep := mustMission(t, s, MissionInput{TitleEN: "Deposit 1,000", Period: "WEEKLY", Kind: KindDeposit, Target: "1000", RewardAmount: "50", RewardKind: "BONUS", WagerMultiple: 5})
		streak := mustMission(t, s, MissionInput{TitleEN: "3 days in a row", Period: "WEEKLY", Kind: KindLogin, Target: "3", RewardAmount: "100", RewardKind: "CASH"})
		daily := mustMission(t, s, MissionInput{TitleEN: "Log in today", Period: "DAILY", Kind: KindLogin, Target: "1", RewardAmount: "2", RewardKind: "CASH"})
		expired := mustMission(t, s, MissionInput{TitleEN: "Old", Period: "DAILY", Kind: KindDeposit, Target: "1", RewardAmount: "1", RewardKind: "CASH",
			StartsAt: at(1, 0, 0).UnixMilli(), EndsAt: at(24, 0, 0).UnixMilli()})
		paused := mustMission(t, s, MissionInput{TitleEN: "Paused", Period: "DAILY", Kind: KindDeposit, Target: "1", RewardAmount: "1", RewardKind: "CASH", Status: "PAUSED"})

		slot1 := round(1, "BGS", "slot", 100, 0, at(25, 9, 0))
		feed(t, s,
			round(1, "RNG", "reel", 200_00, 0, at(25, 10, 0)), round(1, "RNG", "reel", 300_00, 50_00, at(25, 11, 0)), round(1, "LIVE", "bac", 1000_00, 0, at(25, 11, 30)),
			round(5, "RNG", "reel", 300_00, 0, at(25, 23, 30)), round(5, "RNG", "reel", 300_00, 0, at(26, 0, 30)),
			slot1, round(1, "BGS", "slot", 100, 300, at(25, 9, 5)), round(1, "BGS", "dice", 100, 0, at(25, 9, 10)), rollback(slot1),
			depositFact(2, 400_00, at(23, 8, 0)), depositFact(2, 700_00, at(27, 8, 0)), depositFact(3, 999_99, at(25, 8, 0)),
			login(4, at(23, 9, 0)), login(4, at(24, 9, 0)), login(4, at(24, 20, 0)), login(4, at(26, 9, 0)), login(4, at(27, 9, 0)), login(4, at(28, 9, 0)),
		)
		check := func(name string, mission, member int64, period string, want int64, wantDone bool) {
			t.Helper()
			p, done := progressOf(t, s, mission, member, period)
			if p != want || done != wantDone {
				t.Errorf("%s: member %d %s progress %d done %v, want %d %v", name, member, period, p, done, want, wantDone)
			}
		}
		check("bet", bet.ID, 1, "2026-11-25", 500_00, true)
		check("bet day 1", bet.ID, 5, "2026-11-25", 300_00, false)
		check("bet day 2", bet.ID, 5, "2026-11-26", 300_00, false)
		check("rounds", rounds.ID, 1, "2026-11-25", 1, false)
		check("deposit", dep.ID, 2, "2026-11-23", 1100_00, true)
		check("deposit short", dep.ID, 3, "2026-11-23", 999_99, false)
		check("streak", streak.ID, 4, "2026-11-23", 3, true)
		for _, d := range []string{"2026-11-23", "2026-11-24", "2026-11-26", "2026-11-27", "2026-11-28"} {
			check("daily login", daily.ID, 4, d, 1, true)
		}
		check("before its end", expired.ID, 2, "2026-11-23", 400_00, true)
		check("expired", expired.ID, 2, "2026-11-27", 0, false)
		check("expired", expired.ID, 3, "2026-11-25", 0, false)
		check("paused", paused.ID, 2, "2026-11-27", 0, false)

		got := rewardsOf(t, s, SourceMission)
		want := map[string]int64{
			"mission:" + itoa(bet.ID) + ":1:2026-11-25":     20_00,
			"mission:" + itoa(dep.ID) + ":2:2026-11-23":     50_00,
			"mission:" + itoa(streak.ID) + ":4:2026-11-23":  100_00,
			"mission:" + itoa(expired.ID) + ":2:2026-11-23": 1_00,
		}
		for _, d := range []string{"2026-11-23", "2026-11-24", "2026-11-26", "2026-11-27", "2026-11-28"} {
			want["mission:"+itoa(daily.ID)+":4:"+d] = 2_00
		}
		if len(got) != len(want) {
			t.Fatalf("rewards %v, want %v", got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("reward %s = %d, want %d (all %v)", k, got[k], v, got)
			}
		}
		var kind string
		var wager int64
		if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT kind, wager_required FROM reward WHERE reward_key = ?`), "mission:"+itoa(dep.ID)+":2:2026-11-23").Scan(&kind, &wager); err != nil ||
			kind != "BONUS" || wager != 250_00 {
			t.Fatalf("bonus reward %s %d %v", kind, wager, err)
		}
	})
}

// TestMissionCompletesOnce: the completing facts given again (appended
// again: the stream skips their keys; the same batch applied twice: the
// progress's last position skips it; the consumer replayed from the start)
// issue the reward once.
func TestMissionCompletesOnce(t *testing.T) {
	each(t, func(t *testing.T, s *Service, _ string) {
		ctx := context.Background()
		m := mustMission(t, s, MissionInput{TitleEN: "Play 2", Period: "DAILY", Kind: KindRounds, Target: "2", RewardAmount: "10", RewardKind: "CASH"})
		facts := []activity.Fact{round(9, "RNG", "a", 100, 0, at(25, 10, 0)), round(9, "RNG", "b", 100, 0, at(25, 10, 1)), round(9, "RNG", "c", 100, 0, at(25, 10, 2))}
		feed(t, s, facts...)
		feed(t, s, facts...)
		if p, done := progressOf(t, s, m.ID, 9, "2026-11-25"); p != 3 || !done {
			t.Fatalf("progress %d %v", p, done)
		}
		evs, err := activity.NewStore(s.db).EventsAfter(ctx, 0, 100)
		if err != nil || len(evs) != 3 {
			t.Fatalf("%d events %v", len(evs), err)
		}
		c := s.Consumer()
		for range 2 {
			if err := s.db.InTx(ctx, func(tx *db.Tx) error { return c.Apply(ctx, tx, evs) }); err != nil {
				t.Fatal(err)
			}
		}
		if p, _ := progressOf(t, s, m.ID, 9, "2026-11-25"); p != 3 {
			t.Fatalf("a batch given again counted: %d", p)
		}
		if err := activity.NewStore(s.db).Replay(ctx, c, time.Now()); err != nil {
			t.Fatal(err)
		}
		feed(t, s)
		if p, done := progressOf(t, s, m.ID, 9, "2026-11-25"); p != 3 || !done {
			t.Fatalf("after replay %d %v", p, done)
		}
		if got := rewardsOf(t, s, SourceMission); len(got) != 1 {
			t.Fatalf("rewards %v", got)
		}
	})
}

// TestLeaderboardRankingAndPayout: a weekly multiplier board (RNG, minimum
// bet ₱10.00, prizes ₱300, ₱200, ₱100) ranks from the stream: member 2's
// 50.00x (20.00 won 1,000.00) first, member 1's 25.00x (10.00 won 250.00,
// then a 1.00x that does not lower it) second, member 4's 25.00x reached
// later third, member 5's 1.50x fourth (no prize); member 3's 100x on a
// ₱5.00 bet and a LIVE round do not count. A valid-bet board sums, a
// rollback taking its bet back. Before the week ends nothing is paid; two
// concurrent runs after it pay each place once.
func TestLeaderboardRankingAndPayout(t *testing.T) {
	each(t, func(t *testing.T, s *Service, url string) {
		ctx := context.Background()
		b, err := s.SaveBoard(ctx, 0, BoardInput{TitleEN: "Lantern", Period: "WEEKLY", Metric: MetricMultiplier, Category: "RNG", MinBet: "10", Prizes: []string{"300", "200", "100"}})
		if err != nil {
			t.Fatal(err)
		}
		vb, err := s.SaveBoard(ctx, 0, BoardInput{TitleEN: "Turnover", Period: "DAILY", Metric: MetricValidBet, Prizes: []string{"50"}})
		if err != nil {
			t.Fatal(err)
		}
		big := round(7, "BGS", "slot", 500_00, 0, at(25, 9, 0))
		feed(t, s,
			round(1, "RNG", "r", 10_00, 250_00, at(24, 10, 0)), round(2, "RNG", "r", 20_00, 1000_00, at(24, 11, 0)),
			round(3, "RNG", "r", 5_00, 500_00, at(24, 12, 0)), round(4, "RNG", "r", 10_00, 250_00, at(25, 10, 0)),
			round(1, "RNG", "r", 100_00, 100_00, at(25, 11, 0)), round(6, "LIVE", "b", 100_00, 10000_00, at(25, 11, 0)),
			round(5, "RNG", "r", 10_00, 15_00, at(26, 11, 0)),
			round(8, "BGS", "slot", 300_00, 0, at(25, 8, 0)), big, rollback(big),
		)
		es, err := s.Ranked(ctx, b.ID, "2026-11-23", 10)
		if err != nil {
			t.Fatal(err)
		}
		type place struct {
			member int64
			score  int64
		}
		want := []place{{2, 5000}, {1, 2500}, {4, 2500}, {5, 150}}
		if len(es) != len(want) {
			t.Fatalf("standings %+v", es)
		}
		for i, w := range want {
			if es[i].MemberID != w.member || es[i].Score != w.score || es[i].Rank != i+1 {
				t.Fatalf("place %d: %+v, want %+v (all %+v)", i+1, es[i], w, es)
			}
		}
		st, err := s.Standing(ctx, b, "2026-11-23", 2, 4, "EN", nil, true)
		if err != nil || st.Me == nil || st.Me.Rank != 3 || st.Me.Prize != 100_00 || len(st.Entries) != 2 || st.Participants != 4 || st.Pool != 600_00 {
			t.Fatalf("standing %+v %v", st, err)
		}
		tv, err := s.Ranked(ctx, vb.ID, "2026-11-25", 10)
		if err != nil {
			t.Fatal(err)
		}
		// The 25th: member 8 300.00, members 1 and 6 100.00 each (the same
		// time: member 1 first), member 4 10.00; member 7's 500.00 taken back.
		turnover := map[int64]int64{}
		for _, e := range tv {
			turnover[e.MemberID] = e.Score
		}
		if len(tv) != 4 || tv[0].MemberID != 8 || tv[1].MemberID != 1 || turnover[8] != 300_00 || turnover[1] != 100_00 || turnover[7] != 0 || turnover[6] != 100_00 || turnover[4] != 10_00 {
			t.Fatalf("valid-bet board %+v", tv)
		}

		// The week of the 23rd ends Monday the 30th 00:00 in Manila.
		if n, err := s.PayEnded(ctx, at(29, 23, 59)); err != nil || n != 3 { // the daily board's 24th, 25th and 26th
			t.Fatalf("before the week's end: %d %v", n, err)
		}
		if got := rewardsOf(t, s, SourceLeaderboard); len(got) != 3 {
			t.Fatalf("daily board prizes %v", got)
		}
		other := open(t, url, false)
		var wg sync.WaitGroup
		paid := make([]int, 2)
		errs := make([]error, 2)
		for i, svc := range []*Service{s, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				paid[i], errs[i] = svc.PayEnded(ctx, at(30, 0, 5))
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("concurrent payouts: %v %v", errs[0], errs[1])
		}
		got := rewardsOf(t, s, SourceLeaderboard)
		prefix := "leaderboard:" + itoa(b.ID) + ":2026-11-23:"
		wantPrizes := map[string]int64{prefix + "2": 300_00, prefix + "1": 200_00, prefix + "4": 100_00}
		for k, v := range wantPrizes {
			if got[k] != v {
				t.Fatalf("prize %s = %d (all %v)", k, got[k], got)
			}
		}
		if len(got) != 6 {
			t.Fatalf("prizes %v", got)
		}
		var winners int
		var total int64
		if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT winners, total FROM leaderboard_payout WHERE board_id = ? AND period_key = ?`), b.ID, "2026-11-23").Scan(&winners, &total); err != nil ||
			winners != 3 || total != 600_00 {
			t.Fatalf("payout row %d %d %v", winners, total, err)
		}
		if n, err := s.PayEnded(ctx, at(30, 1, 0)); err != nil || n != 0 {
			t.Fatalf("a third run paid %d %v", n, err)
		}
	})
}

// TestDemoLeaderboard: the demo board has the terms the content's
// "Lantern Nights Leaderboard" states: weekly, highest single-spin
// multiplier, minimum bet ₱10, 100 places, ₱200,000 pool, first ₱30,000.
func TestDemoLeaderboard(t *testing.T) {
	_, bs := Demo(at(25, 0, 0))
	b := bs[0]
	if b.Period != Weekly || b.Metric != MetricMultiplier || b.MinBet != 10_00 || len(b.Prizes) != 100 || b.Pool() != 200_000_00 || b.Prizes[0] != 30_000_00 {
		t.Fatalf("%+v pool %d", b, b.Pool())
	}
	if _, err := checkBoard(BoardInput{TitleEN: b.TitleEN, Period: b.Period, Metric: b.Metric, MinBet: "10", Prizes: []string{"30000", "20000"}}, 2); err != nil {
		t.Fatal(err)
	}
}

// TestValidation: bad input is refused with its code, nothing stored.
func TestValidation(t *testing.T) {
	ok := MissionInput{TitleEN: "Bet", Period: "DAILY", Kind: KindBet, Target: "100", RewardAmount: "5", RewardKind: "CASH"}
	cases := []struct {
		name string
		edit func(*MissionInput)
		want error
	}{
		{"no title", func(m *MissionInput) { m.TitleEN = " " }, ErrInvalidTitle},
		{"period", func(m *MissionInput) { m.Period = "MONTHLY" }, ErrInvalidPeriod},
		{"kind", func(m *MissionInput) { m.Kind = "WIN" }, ErrInvalidKind},
		{"target zero", func(m *MissionInput) { m.Target = "0" }, ErrInvalidTarget},
		{"target text", func(m *MissionInput) { m.Target = "abc" }, ErrInvalidTarget},
		{"login days in a day", func(m *MissionInput) { m.Kind, m.Target = KindLogin, "2" }, ErrInvalidTarget},
		{"login days in a week", func(m *MissionInput) { m.Kind, m.Period, m.Target = KindLogin, "WEEKLY", "8" }, ErrInvalidTarget},
		{"reward", func(m *MissionInput) { m.RewardAmount = "-1" }, ErrInvalidReward},
		{"reward kind", func(m *MissionInput) { m.RewardKind = "POINTS" }, ErrInvalidReward},
		{"wager", func(m *MissionInput) { m.RewardKind, m.WagerMultiple = "BONUS", 101 }, ErrInvalidReward},
		{"schedule", func(m *MissionInput) { m.StartsAt, m.EndsAt = 10, 5 }, ErrInvalidSchedule},
		{"status", func(m *MissionInput) { m.Status = "DONE" }, ErrInvalidStatus},
		{"category", func(m *MissionInput) { m.Category = "R NG" }, ErrInvalidCode},
	}
	for _, c := range cases {
		in := ok
		c.edit(&in)
		if _, err := checkMission(in, 2); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	board := BoardInput{TitleEN: "B", Period: "WEEKLY", Metric: MetricMultiplier, Prizes: []string{"10", "20"}}
	if _, err := checkBoard(board, 2); !errors.Is(err, ErrInvalidPrizes) {
		t.Errorf("rising prizes: %v", err)
	}
	board.Prizes = nil
	if _, err := checkBoard(board, 2); !errors.Is(err, ErrInvalidPrizes) {
		t.Errorf("no prizes: %v", err)
	}
	board.Prizes, board.Metric = []string{"10"}, "LOSS"
	if _, err := checkBoard(board, 2); !errors.Is(err, ErrInvalidMetric) {
		t.Errorf("metric: %v", err)
	}
	var ae *apperr.Error
	if !errors.As(ErrInvalidTarget, &ae) {
		t.Fatal("not an apperr")
	}
}
