package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/jobs"
)

// commissionSite is a running server with an agent tree for the
// settlement tests: the facts go through the real stream, figures, tree
// closure and commission slots.
type commissionSite struct {
	t     *testing.T
	m     *Main
	url   string
	loc   *time.Location
	clock clock.Clock
	// past offers and accepts contracts as of a week ago: in force for the
	// days the tests settle
	past *commission.Service
}

func newCommissionSite(t *testing.T, d db.Dialect) *commissionSite {
	url := dbtest.URL(t, d)
	m := startMainAt(t, url, true)
	loc := brand.NewService(brand.NewStore(m.DB), clock.System{}).Location(context.Background())
	return &commissionSite{t: t, m: m, url: url, loc: loc, clock: clock.System{},
		past: commandJobDeps(m.DB, clock.NewFixed(time.Now().AddDate(0, 0, -7)), nil).Commissions}
}

// agent creates an account of type typ under parent.
func (s *commissionSite) account(name string, typ int, parent int64) int64 {
	s.t.Helper()
	h, _ := account.HashPassword(account.DemoPassword, cheapArgon2)
	m := account.Member{Account: name, Nickname: name, PasswordHash: h, ParentID: parent, Type: typ,
		RegisterMethod: "WEB", CreatedAt: time.Now(), PasswordChangedAt: time.Now()}
	if err := account.NewStore(s.m.DB).CreateMember(context.Background(), &m); err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

// play appends a settled round of member at at.
func (s *commissionSite) play(key string, member, bet, win int64, at time.Time) {
	s.t.Helper()
	err := s.m.DB.InTx(context.Background(), func(tx *db.Tx) error {
		return activity.Append(context.Background(), tx, activity.Fact{Key: "test-round:" + key, Kind: activity.RoundSettled, MemberID: member,
			Currency: "PHP", Vendor: "BGS", Game: "slot", Category: "SLOT", Amount: bet, Win: win, ValidBet: bet, StartedAt: at, At: at})
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func (s *commissionSite) contract(upline int64, req commission.OfferRequest) commission.Contract {
	s.t.Helper()
	ctx := context.Background()
	svc := s.past
	var c commission.Contract
	var err error
	if upline == 0 {
		c, err = svc.OfferPlatform(ctx, operator.Caller{ID: 1, Username: "admin01", Role: operator.RoleAdmin}, req)
	} else {
		c, err = svc.Offer(ctx, upline, req)
	}
	if err == nil {
		c, err = svc.Accept(ctx, req.DownlineID, c.ID)
	}
	if err != nil {
		s.t.Fatalf("contract to %d: %v", req.DownlineID, err)
	}
	return c
}

func dailyWage(to int64, tiers ...commission.Tier) commission.OfferRequest {
	return commission.OfferRequest{DownlineID: to, Type: commission.TypeDailyWage, Period: commission.PeriodDaily, Tiers: tiers}
}

func (s *commissionSite) bills(agent int64) []commission.Bill {
	s.t.Helper()
	p, err := s.m.commissions.Bills(context.Background(), commission.BillFilter{PayeeID: agent}, 1, 100)
	if err != nil {
		s.t.Fatal(err)
	}
	return p.List
}

func (s *commissionSite) balance(member int64) int64 {
	s.t.Helper()
	a, err := ledger.NewStore(s.m.DB, s.clock).EnsureAccount(context.Background(), ledger.PlayerMain(member, "PHP"))
	if err != nil {
		s.t.Fatal(err)
	}
	return a.Balance
}

// fund credits a member's main balance as a deposit would.
func (s *commissionSite) fund(member, amount int64, key string) {
	s.t.Helper()
	ctx := context.Background()
	l := ledger.NewStore(s.m.DB, s.clock)
	clr, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
	if err != nil {
		s.t.Fatal(err)
	}
	main, err := l.EnsureAccount(ctx, ledger.PlayerMain(member, "PHP"))
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := l.Post(ctx, ledger.PostingRequest{Key: key, Kind: ledger.KindDeposit,
		Lines: []ledger.Line{{AccountID: clr.ID, Amount: -amount, Currency: "PHP"}, {AccountID: main.ID, Amount: amount, Currency: "PHP"}}}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *commissionSite) verifyLedger() {
	s.t.Helper()
	rep, err := ledger.NewStore(s.m.DB, s.clock).Verify(context.Background())
	if err != nil || !rep.OK() {
		s.t.Fatalf("ledger: %+v %v", rep, err)
	}
}

// day is the brand's day n days ago, as a daily job's period.
func (s *commissionSite) day(ago int) jobs.Period {
	s.t.Helper()
	y, mo, d := time.Now().In(s.loc).Date()
	start := time.Date(y, mo, d-ago, 0, 0, 0, 0, s.loc)
	return jobs.Period{ID: start.Format(time.DateOnly), Start: start, End: time.Date(y, mo, d-ago+1, 0, 0, 0, 0, s.loc)}
}

// A three-level tree settled through `palaro jobs run` (a second process
// on the same database while the server runs): the platform pays A on A's
// whole team, A pays B on B's team, each at its own rate; a re-run pays
// nothing twice; the ledger balances.
func TestCommissionJobsSettleTheTree(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newCommissionSite(t, d)
		a := s.account("cm_a", account.TypeAgent, 0)
		b := s.account("cm_b", account.TypeAgentSub, a)
		m1 := s.account("cm_m1", account.TypeMember, b)
		m2 := s.account("cm_m2", account.TypeMember, b)
		m3 := s.account("cm_m3", account.TypeMember, a)
		s.contract(0, dailyWage(a, commission.Tier{ValidBets: 10_000, ActiveMembers: 1, Rate: 100}, commission.Tier{ValidBets: 50_000, ActiveMembers: 3, Rate: 200}))
		s.contract(a, dailyWage(b, commission.Tier{ValidBets: 10_000, ActiveMembers: 1, Rate: 50}))
		s.fund(a, 10_000, "cm-fund") // A pays B from its own balance

		day := s.day(2)
		noon := day.Start.Add(12 * time.Hour)
		s.play("1", m1, 20_000, 5_000, noon)
		s.play("2", m2, 15_000, 30_000, noon.Add(time.Minute))
		s.play("3", m3, 30_000, 0, noon.Add(2*time.Minute))
		s.play("4", m3, 99_000, 0, day.End.Add(time.Minute))   // the next day: not in the period
		s.play("5", m1, 5_000, 0, day.Start.Add(-time.Minute)) // the day before

		before := s.balance(b)
		code, out := runPalaro(t, s.url, "jobs", "run", "commission.daily_wage", "--period", day.ID)
		if code != 0 || !strings.Contains(out, "done") {
			t.Fatalf("jobs run: %d\n%s", code, out)
		}
		// A's team: 65,000 valid by 3 active members → tier 2 (2 %) = 1,300.
		ab := s.bills(a)
		if len(ab) != 1 || ab[0].Amount != 1_300 || ab[0].Status != commission.BillPaid || ab[0].Inputs.ValidBets != 65_000 ||
			ab[0].Inputs.ActiveMembers != 3 || ab[0].Inputs.Tier != 2 || ab[0].PayerID != 0 {
			t.Fatalf("A's bills: %+v", ab)
		}
		// B's team: 35,000 valid by 2 → 0.5 % = 175, paid by A.
		bb := s.bills(b)
		if len(bb) != 1 || bb[0].Amount != 175 || bb[0].PayerID != a || bb[0].Inputs.NetLoss != 35_000-35_000 {
			t.Fatalf("B's bills: %+v", bb)
		}
		if bb[0].Status == commission.BillPaid && s.balance(b)-before != 175 {
			t.Fatalf("B's balance moved by %d", s.balance(b)-before)
		}
		// again: nothing new, nothing paid twice
		aBal, bBal := s.balance(a), s.balance(b)
		if code, out := runPalaro(t, s.url, "jobs", "run", "commission.daily_wage", "--period", day.ID); code != 0 {
			t.Fatalf("re-run: %d\n%s", code, out)
		}
		if len(s.bills(a)) != 1 || len(s.bills(b)) != 1 || s.balance(a) != aBal || s.balance(b) != bBal {
			t.Fatalf("a re-run changed something: %+v %+v", s.bills(a), s.bills(b))
		}
		// the list shows the job with its last period
		if code, out := runPalaro(t, s.url, "jobs", "list"); code != 0 || !strings.Contains(out, "commission.daily_wage") ||
			!strings.Contains(out, day.ID) || !strings.Contains(out, "commission.dividend.monthly") {
			t.Fatalf("jobs list: %d\n%s", code, out)
		}
		// today is not due: refused, unless run --as-of tomorrow
		today := s.day(0)
		if code, out := runPalaro(t, s.url, "jobs", "run", "commission.daily_wage", "--period", today.ID); code != 1 || !strings.Contains(out, "not due") {
			t.Fatalf("today: %d\n%s", code, out)
		}
		s.play("6", m3, 40_000, 0, time.Now().Add(-time.Minute))
		asOf := today.End.Add(time.Hour).Format(time.RFC3339)
		if code, out := runPalaro(t, s.url, "jobs", "run", "commission.daily_wage", "--period", today.ID, "--as-of", asOf); code != 0 {
			t.Fatalf("today as of tomorrow: %d\n%s", code, out)
		}
		if ab := s.bills(a); len(ab) != 2 || ab[0].Inputs.ValidBets != 40_000 || ab[0].Amount != 400 {
			t.Fatalf("A's bills after today: %+v", ab)
		}
		s.verifyLedger()
	})
}

// After downtime two server processes on one database catch up on the
// missed days together: each day is settled once (one job run, one bill
// per contract), the ledger balanced.
func TestCommissionCatchUpAcrossInstances(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		s := newCommissionSite(t, d)
		// a database whose scheduler never ran the job (the server ran the
		// latest due day at its start: forget it)
		if _, err := s.m.DB.ExecContext(ctx, `DELETE FROM job_run WHERE name = 'commission.daily_wage'`); err != nil {
			t.Fatal(err)
		}
		a := s.account("cu_a", account.TypeAgent, 0)
		m1 := s.account("cu_m1", account.TypeMember, a)
		s.contract(0, dailyWage(a, commission.Tier{ValidBets: 1_000, ActiveMembers: 1, Rate: 100}))
		for ago := 5; ago >= 1; ago-- {
			s.play(fmt.Sprintf("cu%d", ago), m1, int64(ago)*10_000, 0, s.day(ago).Start.Add(10*time.Hour))
		}
		// the scheduler's last run before the downtime: 5 days ago, run on the 4th day
		then := clock.NewFixed(s.day(4).Start.Add(12 * time.Hour))
		reg, err := jobRegistry(commandJobDeps(s.m.DB, then, nil))
		if err != nil {
			t.Fatal(err)
		}
		// The running server's own runner may hold the job's claim for a
		// moment (its real clock's day): tick again until the period ran.
		ran := 0
		for try := 0; ran == 0 && try < 50; try++ {
			n, err := jobs.NewRunner(jobs.NewStore(s.m.DB), reg, then, nil, jobs.DefaultConfig).Tick(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if ran = n; ran == 0 {
				time.Sleep(100 * time.Millisecond)
			}
		}
		if ran != 1 {
			t.Fatalf("tick on the 4th day ran %d periods", ran)
		}
		// the downtime: this server stops; two instances start on the database
		store, err := db.Open(ctx, s.url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		s.m.Close()
		for range 2 {
			cmd := exec.Command(os.Args[0], "-test.run=^TestMainProcess$", "--", "serve")
			cmd.Env = append(os.Environ(), envRunMain+"=1", "PALARO_DATABASE_URL="+s.url, "PALARO_LOG_LEVEL=error",
				"PALARO_ADDR=127.0.0.1:0", "PALARO_METRICS_ADDR=off")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		}
		svc := commandJobDeps(store, clock.System{}, nil).Commissions
		due := 4 // days 4 to 1 ago; yesterday only once past the settlement time
		if time.Now().Before(s.day(1).End.Add(brand.Commission{}.SettleTime())) {
			due = 3
		}
		var bills []commission.Bill
		deadline := time.Now().Add(90 * time.Second)
		for {
			p, err := svc.Bills(ctx, commission.BillFilter{PayeeID: a}, 1, 100)
			if err != nil {
				t.Fatal(err)
			}
			bills = p.List
			if len(bills) >= 1+due || time.Now().After(deadline) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		time.Sleep(time.Second) // a second settlement of a day would show by now
		p, err := svc.Bills(ctx, commission.BillFilter{PayeeID: a}, 1, 100)
		if err != nil {
			t.Fatal(err)
		}
		bills = p.List
		days := map[int64]int{}
		for _, b := range bills {
			days[b.PeriodStart]++
			if b.Status != commission.BillPaid {
				t.Fatalf("bill %+v", b)
			}
		}
		for ago := 5; ago > 4-due; ago-- {
			p := s.day(ago)
			if days[p.Start.UnixMilli()] != 1 {
				t.Fatalf("day %s: %d bills (%+v)", p.ID, days[p.Start.UnixMilli()], bills)
			}
			row, ok, err := jobs.NewStore(store).Get(ctx, "commission.daily_wage", p.ID)
			if err != nil || !ok || row.Status != jobs.StatusDone || row.Attempts != 1 {
				t.Fatalf("job run %s: %+v %v %v", p.ID, row, ok, err)
			}
		}
		if len(bills) != 1+due {
			t.Fatalf("%d bills, want %d: %+v", len(bills), 1+due, bills)
		}
		rep, err := ledger.NewStore(store, clock.System{}).Verify(ctx)
		if err != nil || !rep.OK() {
			t.Fatalf("ledger: %+v %v", rep, err)
		}
	})
}

// kill -9 in the middle of a settlement paying many bills (after some of
// its postings, typically before their bills are marked paid, which is
// written per level): the next run pays each bill once, whatever the dead
// one had done.
func TestCommissionKilledMidSettlement(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		s := newCommissionSite(t, d)
		top := s.account("kl_top", account.TypeAgent, 0)
		s.contract(0, dailyWage(top, commission.Tier{ValidBets: 1_000, ActiveMembers: 1, Rate: 300}))
		day := s.day(2)
		const n = 60
		subs := make([]int64, n)
		for i := range n {
			subs[i] = s.account(fmt.Sprintf("kl_s%03d", i), account.TypeAgentSub, top)
			mem := s.account(fmt.Sprintf("kl_m%03d", i), account.TypeMember, subs[i])
			s.contract(top, dailyWage(subs[i], commission.Tier{ValidBets: 1_000, ActiveMembers: 1, Rate: 100}))
			s.play(fmt.Sprintf("kl%d", i), mem, 10_000, 0, day.Start.Add(time.Hour))
		}
		s.fund(top, n*1_000, "kl-fund") // top pays 100 to each sub-agent
		cmd := exec.Command(os.Args[0], "-test.run=^TestMainProcess$", "--", "jobs", "run", "commission.daily_wage", "--period", day.ID)
		cmd.Env = append(os.Environ(), envRunMain+"=1", "PALARO_DATABASE_URL="+s.url, "PALARO_LOG_LEVEL=error")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			var posted int
			if err := s.m.DB.QueryRowContext(ctx, `SELECT count(*) FROM ledger_posting WHERE kind = 'commission'`).Scan(&posted); err != nil {
				t.Fatal(err)
			}
			if posted >= 5 {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the settlement never paid")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		var posted, paid int
		_ = s.m.DB.QueryRowContext(ctx, `SELECT count(*) FROM ledger_posting WHERE kind = 'commission'`).Scan(&posted)
		_ = s.m.DB.QueryRowContext(ctx, `SELECT count(*) FROM commission_bill WHERE status = 'paid'`).Scan(&paid)
		t.Logf("killed after %d postings, %d bills marked paid", posted, paid)
		// the dead run's claim holds until its lease passes: another instance takes the period over then
		later := clock.NewFixed(time.Now().Add(jobs.DefaultConfig.Lease + time.Second))
		reg, err := jobRegistry(commandJobDeps(s.m.DB, later, nil))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := jobs.NewRunner(jobs.NewStore(s.m.DB), reg, later, nil, jobs.DefaultConfig).RunPeriod(ctx, "commission.daily_wage", day.ID); err != nil {
			t.Fatal(err)
		}
		for _, sub := range subs {
			bs := s.bills(sub)
			if len(bs) != 1 || bs[0].Status != commission.BillPaid || s.balance(sub) != 100 {
				t.Fatalf("sub-agent %d: %+v, balance %d", sub, bs, s.balance(sub))
			}
		}
		if tb := s.bills(top); len(tb) != 1 || tb[0].Status != commission.BillPaid || tb[0].Amount != 3*n*100 {
			t.Fatalf("top: %+v", tb)
		}
		s.verifyLedger()
	})
}

// Hourly wages and real-time salaries read the 5-minute slots: only the
// period's rounds count, a rolled-back round counts nothing.
func TestCommissionSubDayFromSlots(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newCommissionSite(t, d)
		a := s.account("sd_a", account.TypeAgent, 0)
		m1 := s.account("sd_m1", account.TypeMember, a)
		m2 := s.account("sd_m2", account.TypeMember, a)
		s.contract(0, commission.OfferRequest{DownlineID: a, Type: commission.TypeHourlyWage, Period: commission.PeriodHourly,
			Tiers: []commission.Tier{{ValidBets: 1_000, ActiveMembers: 2, Rate: 100}}})
		s.contract(0, commission.OfferRequest{DownlineID: a, Type: commission.TypeRealtime, Period: commission.PeriodFiveMinutes,
			Realtime: &commission.Rates{WinRate: 10, LossRate: 500, BetRate: 20}})
		hour := s.day(2).Start.Add(13 * time.Hour)
		s.play("sd1", m1, 10_000, 2_000, hour.Add(time.Minute))  // first slot
		s.play("sd2", m2, 10_000, 0, hour.Add(59*time.Minute))   // last slot
		s.play("sd3", m2, 7_000, 0, hour.Add(61*time.Minute))    // the next hour
		s.play("sd4", m1, 9_000, 0, hour.Add(-time.Millisecond)) // the hour before
		s.play("sd5", m1, 4_000, 1_000, hour.Add(2*time.Minute)) // rolled back below
		err := s.m.DB.InTx(context.Background(), func(tx *db.Tx) error {
			return activity.Append(context.Background(), tx, activity.Fact{Key: "test-rollback:sd5", Kind: activity.RoundCancelled, MemberID: m1,
				Currency: "PHP", Vendor: "BGS", Game: "slot", Category: "SLOT", Amount: -4_000, Win: -1_000, ValidBet: -4_000, Detail: "rollback",
				At: hour.Add(3 * time.Minute)})
		})
		if err != nil {
			t.Fatal(err)
		}
		id := hour.In(s.loc).Format("2006-01-02T15")
		if code, out := runPalaro(t, s.url, "jobs", "run", "commission.hourly_wage", "--period", id); code != 0 {
			t.Fatalf("hourly: %d\n%s", code, out)
		}
		bills := s.bills(a)
		if len(bills) != 1 || bills[0].Inputs.ValidBets != 20_000 || bills[0].Inputs.ActiveMembers != 2 || bills[0].Amount != 200 {
			t.Fatalf("hourly bill: %+v", bills)
		}
		// the first 5 minutes: m1's 10,000 with 2,000 won (lost 8,000) → 0.2 % × 10,000 + 5 % × 8,000 = 20 + 400
		slot := hour.In(s.loc).Format("2006-01-02T15:04")
		if code, out := runPalaro(t, s.url, "jobs", "run", "commission.realtime", "--period", slot); code != 0 {
			t.Fatalf("realtime: %d\n%s", code, out)
		}
		var rt []commission.Bill
		for _, b := range s.bills(a) {
			if b.Type == commission.TypeRealtime {
				rt = append(rt, b)
			}
		}
		if len(rt) != 1 || rt[0].Inputs.ValidBets != 10_000 || rt[0].Inputs.NetLoss != 8_000 || rt[0].Amount != 420 {
			t.Fatalf("realtime bill: %+v", rt)
		}
		s.verifyLedger()
	})
}
