package rg

import (
	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var ctx = context.Background()

// Adding and lowering hold at once; a raise waits 24 h, cannot be
// confirmed before, cannot be asked twice, and the old limit holds meanwhile.
func TestLowerAtOnceRaiseAfterCoolingOff(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(7)
		s, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(1000)})
		ok(t, err)
		if l := limitOf(t, s, Deposit, Day); val(l.Effective) != int64(1000) || l.Pending != nil {
			t.Fatalf("added limit: %+v", l)
		}
		s, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(500)})
		ok(t, err)
		if l := limitOf(t, s, Deposit, Day); val(l.Effective) != int64(500) {
			t.Fatalf("lowered limit: %+v", l)
		}
		s, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(800)})
		ok(t, err)
		l := limitOf(t, s, Deposit, Day)
		if val(l.Effective) != int64(500) || l.Pending == nil || val(l.Pending.Amount) != int64(800) || l.Pending.Confirmable ||
			l.Pending.EffectiveAt != start.Add(CoolingOff).UnixMilli() {
			t.Fatalf("raise must wait, the old limit holding: %+v %+v", l, l.Pending)
		}
		// The old limit is what the deposit check counts against.
		wantCode(t, f.svc.CheckDeposit(ctx, 7, "PHP", 501, 0), "rg.deposit_limit")
		ok(t, f.svc.CheckDeposit(ctx, 7, "PHP", 500, 0))

		f.clock.Advance(CoolingOff - time.Second)
		e := wantCode(t, func() error { _, err := f.svc.Confirm(ctx, p, Deposit, Day); return err }(), "rg.cooling_off")
		if e.Params["effectiveAt"] != start.Add(CoolingOff).UnixMilli() {
			t.Fatalf("cooling_off params %v", e.Params)
		}
		wantCode(t, func() error {
			_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(900)})
			return err
		}(), "rg.raise_pending")
		wantCode(t, func() error {
			_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day})
			return err
		}(), "rg.raise_pending")

		f.clock.Advance(time.Second)
		s, err = f.svc.Settings(ctx, p)
		ok(t, err)
		if l := limitOf(t, s, Deposit, Day); !l.Pending.Confirmable || val(l.Effective) != int64(500) {
			t.Fatalf("after 24 h the raise is confirmable, not applied: %+v", l)
		}
		s, err = f.svc.Confirm(ctx, p, Deposit, Day)
		ok(t, err)
		if l := limitOf(t, s, Deposit, Day); val(l.Effective) != int64(800) || l.Pending != nil {
			t.Fatalf("confirmed raise: %+v", l)
		}
		wantCode(t, func() error { _, err := f.svc.Confirm(ctx, p, Deposit, Day); return err }(), "rg.nothing_pending")
		want := []string{ChangeLimitSet, ChangeLimitLowered, ChangeRaiseRequested, ChangeRaiseConfirmed}
		if got := changes(t, f, 7); !reflect.DeepEqual(got, want) {
			t.Fatalf("history %v, want %v", got, want)
		}
		if n := facts(t, f, 7); n != len(want) {
			t.Fatalf("%d rg.changed facts, want one per change (%d)", n, len(want))
		}
	})
}

// A removal waits like a raise; cancelling keeps the limit; lowering drops
// a waiting raise at once.
func TestRemoveCancelAndLowerWhilePending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(8)
		_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Week, Amount: amt(1000)})
		ok(t, err)
		s, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Week})
		ok(t, err)
		if l := limitOf(t, s, Loss, Week); l.Pending == nil || l.Pending.Amount != nil || val(l.Effective) != int64(1000) {
			t.Fatalf("removal must wait: %+v", l)
		}
		s, err = f.svc.Cancel(ctx, p, Loss, Week)
		ok(t, err)
		if l := limitOf(t, s, Loss, Week); l.Pending != nil || val(l.Effective) != int64(1000) {
			t.Fatalf("cancelled: %+v", l)
		}
		wantCode(t, func() error { _, err := f.svc.Cancel(ctx, p, Loss, Week); return err }(), "rg.nothing_pending")

		_, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Week})
		ok(t, err)
		f.clock.Advance(CoolingOff)
		s, err = f.svc.Confirm(ctx, p, Loss, Week)
		ok(t, err)
		if l := limitOf(t, s, Loss, Week); l.Effective != nil || l.Amount != nil {
			t.Fatalf("removed: %+v", l)
		}

		_, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Month, Amount: amt(1000)})
		ok(t, err)
		_, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Month, Amount: amt(5000)})
		ok(t, err)
		s, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Month, Amount: amt(400)})
		ok(t, err)
		if l := limitOf(t, s, Wager, Month); l.Pending != nil || val(l.Effective) != int64(400) {
			t.Fatalf("lowering drops the waiting raise: %+v", l)
		}
		want := []string{ChangeLimitSet, ChangeRaiseRequested, ChangeRaiseCancelled, ChangeRaiseRequested, ChangeLimitRemoved,
			ChangeLimitSet, ChangeRaiseRequested, ChangeRaiseCancelled, ChangeLimitLowered}
		if got := changes(t, f, 8); !reflect.DeepEqual(got, want) {
			t.Fatalf("history %v, want %v", got, want)
		}
	})
}

// Bad input of every kind: a clear code and nothing changed.
func TestBadInputChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(9)
		_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(1000)})
		ok(t, err)
		_, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(2000)}) // pending
		ok(t, err)
		before, err := f.svc.Settings(ctx, p)
		ok(t, err)
		hist := changes(t, f, 9)
		cases := []struct {
			name string
			call func() error
			code string
		}{
			{"zero", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Day, Amount: amt(0)})
				return err
			}, "rg.invalid_amount"},
			{"negative", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Day, Amount: amt(-5)})
				return err
			}, "rg.invalid_amount"},
			{"above max", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Day, Amount: amt(1_000_001)})
				return err
			}, "rg.above_max"},
			{"unknown type", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: "BONUS", Period: Day, Amount: amt(5)})
				return err
			}, "rg.invalid_type"},
			{"empty type", func() error { _, err := f.svc.SetLimit(ctx, p, LimitInput{Period: Day, Amount: amt(5)}); return err }, "rg.invalid_type"},
			{"money limit per session", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: SessionPeriod, Amount: amt(5)})
				return err
			}, "rg.invalid_period"},
			{"session limit per day", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Session, Period: Day, Amount: amt(30)})
				return err
			}, "rg.invalid_period"},
			{"session too short", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Session, Period: SessionPeriod, Amount: amt(4)})
				return err
			}, "rg.invalid_minutes"},
			{"session too long", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Session, Period: SessionPeriod, Amount: amt(1441)})
				return err
			}, "rg.invalid_minutes"},
			{"raise while pending", func() error {
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Deposit, Period: Day, Amount: amt(3000)})
				return err
			}, "rg.raise_pending"},
			{"confirm too early", func() error { _, err := f.svc.Confirm(ctx, p, Deposit, Day); return err }, "rg.cooling_off"},
			{"confirm nothing", func() error { _, err := f.svc.Confirm(ctx, p, Deposit, Week); return err }, "rg.nothing_pending"},
			{"confirm bad period", func() error { _, err := f.svc.Confirm(ctx, p, Deposit, "YEAR"); return err }, "rg.invalid_period"},
			{"reality check not offered", func() error { _, err := f.svc.SetRealityCheck(ctx, p, 20); return err }, "rg.invalid_minutes"},
			{"reality check negative", func() error { _, err := f.svc.SetRealityCheck(ctx, p, -15); return err }, "rg.invalid_minutes"},
			{"time-out not offered", func() error { _, err := f.svc.Timeout(ctx, p, "1H"); return err }, "rg.invalid_period"},
			{"time-out empty", func() error { _, err := f.svc.Timeout(ctx, p, ""); return err }, "rg.invalid_period"},
			{"exclusion not offered", func() error { _, err := f.svc.Exclude(ctx, p, "2Y"); return err }, "rg.invalid_period"},
			{"exclusion a time-out period", func() error { _, err := f.svc.Exclude(ctx, p, "24H"); return err }, "rg.invalid_period"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { wantCode(t, c.call(), c.code) })
		}
		after, err := f.svc.Settings(ctx, p)
		ok(t, err)
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("bad input changed the settings:\n%+v\n%+v", before, after)
		}
		if got := changes(t, f, 9); !reflect.DeepEqual(got, hist) {
			t.Fatalf("bad input wrote history: %v", got)
		}
		if f.sessions.count(9) != 0 {
			t.Fatal("bad input ended sessions")
		}
	})
}

// An operator's limit holds whatever the player does; the player may go
// lower but not above it; every operator change is audited with before
// and after.
func TestOperatorImposedLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		op := operator.Caller{ID: 3, Username: "ops01", Role: operator.RoleAdmin}
		p := player(10)
		o, err := f.svc.Impose(ctx, op, 10, LimitInput{Type: Loss, Period: Day, Amount: amt(300)}, "  player asked support  ")
		ok(t, err)
		if l := limitOf(t, o.Settings, Loss, Day); val(l.OperatorAmount) != int64(300) || val(l.Effective) != int64(300) || l.Amount != nil {
			t.Fatalf("imposed: %+v", l)
		}
		if o.Session != nil || len(o.History) != 1 || o.History[0].By != ByOperator || o.History[0].Reason != "player asked support" {
			t.Fatalf("operator view: %+v", o)
		}
		e := wantCode(t, func() error {
			_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Day, Amount: amt(301)})
			return err
		}(), "rg.operator_limit")
		if e.Params["max"] != int64(300) {
			t.Fatalf("params %v", e.Params)
		}
		s, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Day, Amount: amt(200)})
		ok(t, err)
		if l := limitOf(t, s, Loss, Day); val(l.Effective) != int64(200) {
			t.Fatalf("player below the operator: %+v", l)
		}
		// Removing their own limit leaves the operator's.
		_, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Loss, Period: Day})
		ok(t, err)
		f.clock.Advance(CoolingOff)
		s, err = f.svc.Confirm(ctx, p, Loss, Day)
		ok(t, err)
		if l := limitOf(t, s, Loss, Day); val(l.Effective) != int64(300) {
			t.Fatalf("the operator's limit must hold: %+v", l)
		}
		f.activity.add(10, f.clock.Now(), Sums{Bets: 250, Wins: 0})
		e = wantCode(t, f.svc.CheckBet(ctx, 10, "PHP", "SB", 51), "rg.loss_limit")
		if e.Params["remaining"] != int64(50) || e.Params["limit"] != int64(300) || e.Params["period"] != "DAY" {
			t.Fatalf("params %v", e.Params)
		}
		o, err = f.svc.Impose(ctx, op, 10, LimitInput{Type: Loss, Period: Day}, "reviewed")
		ok(t, err)
		if l := limitOf(t, o.Settings, Loss, Day); l.Effective != nil {
			t.Fatalf("lifted: %+v", l)
		}
		if len(f.audit.rows) != 2 || f.audit.rows[0].action != "rg.limit" || f.audit.rows[0].target != "member:10" ||
			f.audit.rows[1].detail["before"] == nil || f.audit.rows[1].detail["after"] != (*int64)(nil) {
			t.Fatalf("audit rows %+v", f.audit.rows)
		}
		want := []string{ChangeImposed, ChangeLimitSet, ChangeRaiseRequested, ChangeLimitRemoved, ChangeImpositionLifted}
		if got := changes(t, f, 10); !reflect.DeepEqual(got, want) {
			t.Fatalf("history %v, want %v", got, want)
		}
		// Bad operator input changes nothing.
		wantCode(t, func() error {
			_, err := f.svc.Impose(ctx, op, 10, LimitInput{Type: Loss, Period: Day, Amount: amt(5)}, " ")
			return err
		}(), "rg.invalid_reason")
		wantCode(t, func() error {
			_, err := f.svc.Impose(ctx, op, 500, LimitInput{Type: Loss, Period: Day, Amount: amt(5)}, "x")
			return err
		}(), "operator.member_not_found")
		wantCode(t, func() error { _, err := f.svc.OpsBlock(ctx, op, 10, BlockTimeout, "1H", "x"); return err }(), "rg.invalid_period")
		if len(f.audit.rows) != 2 || len(changes(t, f, 10)) != len(want) {
			t.Fatal("refused operator changes were recorded")
		}
	})
}

// A time-out ends every session at once, refuses login and every money
// path until it ends by itself.
func TestTimeoutEndsSessionsAndRefusesLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(11)
		s, err := f.svc.Timeout(ctx, p, "7D")
		ok(t, err)
		until := start.Add(7 * 24 * time.Hour).UnixMilli()
		if s.Block == nil || s.Block.Kind != BlockTimeout || s.Block.Until != until || s.Block.RevocableFrom != nil {
			t.Fatalf("block %+v", s.Block)
		}
		if f.sessions.count(11) != 1 {
			t.Fatal("the time-out must end every session")
		}
		_, err = f.svc.Login(ctx, 11)
		if e := wantCode(t, err, "rg.timeout"); e.Params["until"] != until {
			t.Fatalf("params %v", e.Params)
		}
		_, err = f.svc.Session(ctx, 11, start)
		wantCode(t, err, "rg.timeout")
		wantCode(t, f.svc.CheckDeposit(ctx, 11, "PHP", 1, 0), "rg.timeout")
		wantCode(t, f.svc.CheckBet(ctx, 11, "PHP", "SB", 1), "rg.timeout")
		wantCode(t, f.svc.CheckTransfer(ctx, 11, "PHP", "TV", 1, 0), "rg.timeout")
		if !IsBlocked(f.svc.CheckBet(ctx, 11, "PHP", "SB", 1)) {
			t.Fatal("IsBlocked")
		}
		f.clock.Advance(7*24*time.Hour - time.Millisecond)
		wantCode(t, func() error { _, err := f.svc.Login(ctx, 11); return err }(), "rg.timeout")
		f.clock.Advance(time.Millisecond)
		restricted, err := f.svc.Login(ctx, 11)
		if err != nil || restricted {
			t.Fatalf("the time-out ends by itself: %v %v", restricted, err)
		}
		ok(t, f.svc.CheckDeposit(ctx, 11, "PHP", 1, 0))
	})
}

// A self-exclusion cannot be shortened by anyone, gives a withdrawal-only
// session while there is a balance, refuses login without one, and ends by
// itself on its date.
func TestExclusionNotRevocable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(12)
		s, err := f.svc.Exclude(ctx, p, "1Y")
		ok(t, err)
		until := start.AddDate(1, 0, 0).UnixMilli()
		if s.Block == nil || s.Block.Kind != BlockExclusion || s.Block.Until != until || val(s.Block.RevocableFrom) != start.AddDate(0, 6, 0).UnixMilli() {
			t.Fatalf("block %+v", s.Block)
		}
		if f.sessions.count(12) != 1 {
			t.Fatal("the exclusion must end every session")
		}
		// A shorter time-out, by the player or an operator, does not shorten it.
		_, err = f.svc.Timeout(ctx, p, "24H")
		ok(t, err)
		o, err := f.svc.OpsBlock(ctx, operator.Caller{ID: 1, Role: operator.RoleCashier}, 12, BlockExclusion, "6M", "support")
		ok(t, err)
		if o.Block.Kind != BlockExclusion || o.Block.Until != until {
			t.Fatalf("shortened: %+v", o.Block)
		}
		// No balance: login refused. A balance: a withdrawal-only session.
		_, err = f.svc.Login(ctx, 12)
		wantCode(t, err, "rg.self_excluded")
		f.balances.bal[12] = 500
		restricted, err := f.svc.Login(ctx, 12)
		if err != nil || !restricted {
			t.Fatalf("withdrawal-only session: %v %v", restricted, err)
		}
		rule, err := f.svc.Session(ctx, 12, start)
		ok(t, err)
		if e := wantCode(t, rule.Restricted, "rg.self_excluded"); e.Params["until"] != until {
			t.Fatalf("params %v", e.Params)
		}
		wantCode(t, f.svc.CheckDeposit(ctx, 12, "PHP", 1, 0), "rg.self_excluded")
		f.clock.Advance(time.Until(time.UnixMilli(until)) - time.Until(f.clock.Now()))
		restricted, err = f.svc.Login(ctx, 12)
		if err != nil || restricted {
			t.Fatalf("the exclusion ends by itself on its date: %v %v", restricted, err)
		}
		if a := f.audit.rows; len(a) != 1 || a[0].action != "rg.exclusion" {
			t.Fatalf("audit %+v", a)
		}
	})
}

// The session time limit ends the token after its minutes; the settings
// show the session's end and net result.
func TestSessionLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(13)
		f.clock.Advance(10 * time.Minute)
		f.activity.add(13, start.Add(time.Minute), Sums{Bets: 1000, Wins: 400})
		f.activity.add(13, start.Add(-time.Minute), Sums{Bets: 99999}) // before the session
		s, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Session, Period: SessionPeriod, Amount: amt(30)})
		ok(t, err)
		l := limitOf(t, s, Session, SessionPeriod)
		if val(l.Effective) != int64(30) || l.Used != 10 || l.ResetsAt != nil {
			t.Fatalf("session limit %+v", l)
		}
		if s.Session == nil || s.Session.StartedAt != start.UnixMilli() || val(s.Session.EndsAt) != start.Add(30*time.Minute).UnixMilli() ||
			s.Session.NetResult != -600 {
			t.Fatalf("session %+v", s.Session)
		}
		rule, err := f.svc.Session(ctx, 13, start)
		ok(t, err)
		if !rule.EndsAt.Equal(start.Add(30*time.Minute)) || rule.Restricted != nil {
			t.Fatalf("rule %+v", rule)
		}
		wantCode(t, rule.Ended, "rg.session_limit")
		// Raising the session limit waits like any raise.
		s, err = f.svc.SetLimit(ctx, p, LimitInput{Type: Session, Period: SessionPeriod, Amount: amt(60)})
		ok(t, err)
		if l := limitOf(t, s, Session, SessionPeriod); l.Pending == nil || val(l.Effective) != int64(30) {
			t.Fatalf("raise %+v", l)
		}
		s, err = f.svc.SetRealityCheck(ctx, p, 30)
		ok(t, err)
		if s.RealityCheck.Minutes == nil || *s.RealityCheck.Minutes != 30 {
			t.Fatalf("reality check %+v", s.RealityCheck)
		}
		s, err = f.svc.SetRealityCheck(ctx, p, 0)
		ok(t, err)
		if s.RealityCheck.Minutes != nil {
			t.Fatal("reality check off")
		}
	})
}

// The sums: the windows are the brand's day, week from Monday and month;
// where several limits apply, the one with the least remaining is named.
func TestChecksCountTheWindowsLowestWins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(14)
		for _, in := range []LimitInput{
			{Type: Deposit, Period: Day, Amount: amt(1000)}, {Type: Deposit, Period: Week, Amount: amt(1500)},
			{Type: Deposit, Period: Month, Amount: amt(5000)}, {Type: Wager, Period: Day, Amount: amt(800)},
		} {
			_, err := f.svc.SetLimit(ctx, p, in)
			ok(t, err)
		}
		manila, _ := time.LoadLocation("Asia/Manila")
		monday := time.Date(2026, 3, 9, 0, 0, 0, 0, manila)
		f.activity.add(14, monday.Add(-time.Second), Sums{Deposits: 3000})           // last week, this month
		f.activity.add(14, monday, Sums{Deposits: 900})                              // this week, not today
		f.activity.add(14, start, Sums{Deposits: 100, Bets: 500, TransfersOut: 200}) // today
		// Day: 100 used of 1000; week: 1000 used of 1500; month: 4000 of 5000.
		ok(t, f.svc.CheckDeposit(ctx, 14, "PHP", 500, 0))
		e := wantCode(t, f.svc.CheckDeposit(ctx, 14, "PHP", 501, 0), "rg.deposit_limit")
		if e.Params["period"] != "WEEK" || e.Params["remaining"] != int64(500) || e.Params["limit"] != int64(1500) {
			t.Fatalf("params %v", e.Params)
		}
		// Open orders count: 450 pending leaves 50 this week.
		e = wantCode(t, f.svc.CheckDeposit(ctx, 14, "PHP", 51, 450), "rg.deposit_limit")
		if e.Params["remaining"] != int64(50) {
			t.Fatalf("params %v", e.Params)
		}
		// Wagers: bets plus transfers out (700 of 800).
		ok(t, f.svc.CheckTransfer(ctx, 14, "PHP", "TV", 100, 0))
		wantCode(t, f.svc.CheckTransfer(ctx, 14, "PHP", "TV", 100, 1), "rg.wager_limit")
		if !IsLimit(f.svc.CheckBet(ctx, 14, "PHP", "SB", 1<<63-1)) {
			t.Fatal("the largest bet must not wrap around the limit")
		}
		if !IsLimit(f.svc.CheckBet(ctx, 14, "PHP", "SB", 101)) {
			t.Fatal("IsLimit")
		}
		s, err := f.svc.Settings(ctx, p)
		ok(t, err)
		day, week, month := limitOf(t, s, Deposit, Day), limitOf(t, s, Deposit, Week), limitOf(t, s, Deposit, Month)
		if day.Used != 100 || week.Used != 1000 || month.Used != 4000 || limitOf(t, s, Wager, Day).Used != 700 {
			t.Fatalf("used %d %d %d", day.Used, week.Used, month.Used)
		}
		if *week.ResetsAt != monday.AddDate(0, 0, 7).UnixMilli() || *day.ResetsAt != time.Date(2026, 3, 12, 0, 0, 0, 0, manila).UnixMilli() ||
			*month.ResetsAt != time.Date(2026, 4, 1, 0, 0, 0, 0, manila).UnixMilli() {
			t.Fatalf("resetsAt %d %d %d", *day.ResetsAt, *week.ResetsAt, *month.ResetsAt)
		}
		// A member without limits costs no sums at all.
		calls := f.activity.calls
		ok(t, f.svc.CheckBet(ctx, 15, "PHP", "SB", 1_000_000_000))
		if f.activity.calls != calls {
			t.Fatal("no limit, no sums")
		}
	})
}

// Parallel changes of one limit: exactly one raise waits, the rest are
// refused; one history row each.
func TestParallelRaisesOnePending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		p := player(16)
		_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Week, Amount: amt(100)})
		ok(t, err)
		var wg sync.WaitGroup
		var mu sync.Mutex
		okN, pendingN := 0, 0
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := f.svc.SetLimit(ctx, p, LimitInput{Type: Wager, Period: Week, Amount: amt(int64(200 + i))})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					okN++
				case IsCode(err, "rg.raise_pending"):
					pendingN++
				default:
					t.Errorf("unexpected %v", err)
				}
			}(i)
		}
		wg.Wait()
		if okN != 1 || pendingN != 19 {
			t.Fatalf("%d raises accepted, %d refused; want 1 and 19", okN, pendingN)
		}
		if got := changes(t, f, 16); len(got) != 2 {
			t.Fatalf("history %v", got)
		}
	})
}

// After its first 6 months an exclusion can be ended at the player's
// request through support: it runs 24 more hours, then ends. Before that,
// for a 6-month one, or with none in force, nothing changes.
func TestEndExclusionAfterSixMonths(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		f := newFixture(t, store)
		op := operator.Caller{ID: 1, Role: operator.RoleCashier}
		_, err := f.svc.EndExclusion(ctx, op, 14, "player asked")
		wantCode(t, err, "rg.not_excluded")

		_, err = f.svc.Exclude(ctx, player(14), "1Y")
		ok(t, err)
		_, err = f.svc.Exclude(ctx, player(15), "6M")
		ok(t, err)
		e := wantCode(t, errOf(f.svc.EndExclusion(ctx, op, 14, "player asked")), "rg.not_revocable")
		if e.Params["revocableFrom"] != start.AddDate(0, 6, 0).UnixMilli() {
			t.Fatalf("params %v", e.Params)
		}
		_, err = f.svc.EndExclusion(ctx, op, 14, " ")
		wantCode(t, err, "rg.invalid_reason")

		wantCode(t, errOf(f.svc.EndExclusion(ctx, op, 15, "player asked")), "rg.not_revocable")
		f.clock.Advance(time.Until(start.AddDate(0, 6, 1)) - time.Until(f.clock.Now()))
		o, err := f.svc.EndExclusion(ctx, op, 14, "player asked")
		ok(t, err)
		ends := f.clock.Now().Add(ExclusionCoolingOff).UnixMilli()
		if o.Block == nil || o.Block.Kind != BlockExclusion || o.Block.Until != ends {
			t.Fatalf("block %+v, want until %d", o.Block, ends)
		}
		if o.History[0].Change != ChangeExclusionEnding {
			t.Fatalf("history %+v", o.History[0])
		}
		// Asked again: it already ends within the cooling-off; nothing changes.
		o2, err := f.svc.EndExclusion(ctx, op, 14, "again")
		ok(t, err)
		if o2.Block.Until != ends || len(o2.History) != len(o.History) {
			t.Fatalf("second request changed it: %+v", o2.Block)
		}
		_, err = f.svc.Login(ctx, 14)
		wantCode(t, err, "rg.self_excluded")
		f.clock.Advance(ExclusionCoolingOff)
		if _, err := f.svc.Login(ctx, 14); err != nil {
			t.Fatalf("after the cooling-off: %v", err)
		}
		if a := f.audit.rows; len(a) != 1 || a[0].action != "rg.exclusion_end" {
			t.Fatalf("audit %+v", a)
		}
	})
}

func errOf[T any](_ T, err error) error { return err }
