package referral

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rewards"
)

// links is the accounts' side of the abuse flags (cmd/palaro adds the
// payout accounts).
type links struct{}

func (links) LinkedTx(ctx context.Context, tx *db.Tx, member int64) (map[int64][]string, error) {
	return account.LinkedTx(ctx, tx, member)
}

type env struct {
	d      *db.DB
	clk    *clock.Fixed
	brands *brand.Service
	centre *rewards.Service
	ops    *rewards.Ops
	svc    *Service
	store  *account.Store
}

func newEnv(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	centre := rewards.NewService(d, nil, nil, brands, clk, log)
	centre.UseLinker(links{})
	store := account.NewStore(d)
	members := memberReader{store}
	return &env{d: d, clk: clk, brands: brands, centre: centre, ops: rewards.NewOps(centre, nil, members, nil),
		svc: NewService(d, brands, centre, members, links{}, clk, log), store: store}
}

type memberReader struct{ s *account.Store }

func (m memberReader) MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error) {
	return m.s.MembersByID(ctx, ids)
}

var tokens int

// member registers an account that logged in from ip.
func (e *env) member(t *testing.T, name, ip string) int64 {
	t.Helper()
	tokens++
	now := e.clk.Now()
	m := account.Member{Account: name, Nickname: name, Type: account.TypeMember, PasswordChangedAt: now, RegisterIP: ip, RegisterMethod: "WEB", CreatedAt: now}
	s := account.Session{TokenHash: "tok" + strconv.Itoa(tokens) + name, LoginType: "username", IP: ip, UserAgent: "Mozilla/5.0 test",
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := e.store.CreateMemberWithSession(context.Background(), &m, &s); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

func (e *env) apply(t *testing.T, evs ...activity.Event) {
	t.Helper()
	c := e.svc.Consumer()
	if err := e.d.InTx(context.Background(), func(tx *db.Tx) error { return c.Apply(context.Background(), tx, evs) }); err != nil {
		t.Fatal(err)
	}
}

func referred(friend, referrer int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: "referred:" + itoa(friend), Kind: activity.Referred, MemberID: friend, Ref: itoa(referrer), Detail: "CODE", At: at}}
}

func deposit(member, amount int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: "deposit:" + itoa(member) + ":" + itoa(at.UnixMilli()), Kind: activity.DepositCredited,
		MemberID: member, Currency: "PHP", Amount: amount, At: at}}
}

func round(member, valid int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: "round:" + itoa(member) + ":" + itoa(at.UnixMilli()), Kind: activity.RoundSettled,
		MemberID: member, Currency: "PHP", Amount: valid, ValidBet: valid, Category: "RNG", At: at}}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func (e *env) friend(t *testing.T, referrer, friend int64) Friend {
	t.Helper()
	list, _, err := e.svc.Friends(context.Background(), referrer, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range list {
		if f.MemberID == friend {
			return f
		}
	}
	t.Fatalf("friend %d of %d not listed: %+v", friend, referrer, list)
	return Friend{}
}

func (e *env) waiting(t *testing.T, member int64) []rewards.Reward {
	t.Helper()
	p, err := e.centre.List(context.Background(), member, false, "EN", 1, 50)
	if err != nil {
		t.Fatal(err)
	}
	return p.List
}

// TestReferralRuleMet is docs/rewards.md "Referral" worked example 1: the
// demo rule (first deposit ₱500, ₱2,000 valid bets within 14 days, ₱188):
// the friend deposits ₱500.00 and bets ₱1,500.00 then ₱600.00 on day 3:
// the second round meets the rule and the referrer gets one ₱188.00 CASH
// reward; a replay of the whole stream adds nothing.
func TestReferralRuleMet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		referrer := e.member(t, "alice01", "203.0.113.1")
		code, err := e.svc.Code(ctx, referrer)
		if err != nil || len(code) != CodeLen {
			t.Fatalf("code %q %v", code, err)
		}
		if again, _ := e.svc.Code(ctx, referrer); again != code {
			t.Fatalf("code changed: %q then %q", code, again)
		}
		if id, err := e.svc.ReferrerByCode(ctx, " "+code+" "); err != nil || id != referrer {
			t.Fatalf("code resolves to %d %v", id, err)
		}
		if _, err := e.svc.ReferrerByCode(ctx, "NOPE2345"); !errors.Is(err, ErrCodeInvalid) {
			t.Fatalf("unknown code: %v", err)
		}
		friend := e.member(t, "bobby02", "198.51.100.7")
		t0 := e.clk.Now()
		stream := []activity.Event{referred(friend, referrer, t0), deposit(friend, 500_00, t0.Add(time.Hour)),
			round(friend, 1500_00, t0.Add(48*time.Hour)), deposit(friend, 100_00, t0.Add(49*time.Hour))}
		e.apply(t, stream...)
		if f := e.friend(t, referrer, friend); f.Status != ShowDeposited || f.FirstDeposit != 500_00 || f.ValidBets != 1500_00 {
			t.Fatalf("before the rule is met: %+v", f)
		}
		if w := e.waiting(t, referrer); len(w) != 0 {
			t.Fatalf("rewarded early: %+v", w)
		}
		last := round(friend, 600_00, t0.Add(72*time.Hour))
		e.apply(t, last)
		f := e.friend(t, referrer, friend)
		if f.Status != ShowQualified || f.ValidBets != 2100_00 {
			t.Fatalf("after the rule is met: %+v", f)
		}
		w := e.waiting(t, referrer)
		if len(w) != 1 || w[0].Amount != 188_00 || w[0].Kind != rewards.KindCash || w[0].Source != SourceReferral {
			t.Fatalf("reward %+v", w)
		}
		// A replay from the start of the stream rebuilds the referral and issues nothing more.
		if err := d.InTx(ctx, func(tx *db.Tx) error { return e.svc.Consumer().Reset(ctx, tx) }); err != nil {
			t.Fatal(err)
		}
		e.apply(t, append(stream, last)...)
		e.apply(t, last)
		if w := e.waiting(t, referrer); len(w) != 1 {
			t.Fatalf("after replay %d rewards", len(w))
		}
		_, tot, err := e.svc.Friends(ctx, referrer, true)
		if err != nil || tot.Invited != 1 || tot.Qualified != 1 || tot.Waiting != 188_00 {
			t.Fatalf("totals %+v %v", tot, err)
		}
	})
}

// TestReferralNotMet is worked example 2: bets after the 14-day window do
// not count; a first deposit below ₱500 never qualifies, whatever follows.
func TestReferralNotMet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		referrer := e.member(t, "carol03", "203.0.113.3")
		late := e.member(t, "dave0004", "198.51.100.4")
		small := e.member(t, "erin0005", "198.51.100.5")
		t0 := e.clk.Now()
		e.apply(t, referred(late, referrer, t0), referred(small, referrer, t0),
			deposit(late, 1000_00, t0.Add(time.Hour)), round(late, 1999_00, t0.Add(13*24*time.Hour)),
			round(late, 5000_00, t0.Add(14*24*time.Hour+time.Minute)),
			deposit(small, 499_99, t0.Add(time.Hour)), deposit(small, 5000_00, t0.Add(2*time.Hour)), round(small, 9000_00, t0.Add(3*time.Hour)))
		if w := e.waiting(t, referrer); len(w) != 0 {
			t.Fatalf("rewarded: %+v", w)
		}
		if f := e.friend(t, referrer, late); f.ValidBets != 1999_00 || f.Status != ShowDeposited {
			t.Fatalf("late friend %+v", f)
		}
		if f := e.friend(t, referrer, small); f.Status != ShowExpired || f.FirstDeposit != 499_99 {
			t.Fatalf("small friend %+v", f)
		}
		e.clk.Advance(15 * 24 * time.Hour)
		if f := e.friend(t, referrer, late); f.Status != ShowExpired {
			t.Fatalf("after the window %+v", f)
		}
	})
}

// TestSelfReferralHeld is worked example 3: a friend who logged in from the
// referrer's IP with the same browser is held for review, not paid; of
// parallel approvals exactly one issues the reward; a rejected hold is
// never issued.
func TestSelfReferralHeld(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		referrer := e.member(t, "frank06", "203.0.113.6")
		twin := e.member(t, "frank07", "203.0.113.6")
		other := e.member(t, "frank08", "203.0.113.6")
		t0 := e.clk.Now()
		var evs []activity.Event
		for _, f := range []int64{twin, other} {
			evs = append(evs, referred(f, referrer, t0), deposit(f, 500_00, t0.Add(time.Minute)), round(f, 2000_00, t0.Add(time.Hour)))
		}
		e.apply(t, evs...)
		if w := e.waiting(t, referrer); len(w) != 0 {
			t.Fatalf("paid a self-referral: %+v", w)
		}
		f := e.friend(t, referrer, twin)
		if f.Status != ShowHeld || len(f.Flags) != 2 || f.Flags[0] != account.LinkSharedDevice || f.Flags[1] != account.LinkSharedIP {
			t.Fatalf("held friend %+v", f)
		}
		holds, err := e.ops.Holds(ctx, rewards.HoldHeld, 0, 1, 20)
		if err != nil || holds.Total != 2 || holds.Items[0].Source != SourceReferral || holds.Items[0].Account != "frank06" {
			t.Fatalf("holds %+v %v", holds, err)
		}
		op := operator.Caller{ID: 1}
		var wg sync.WaitGroup
		errs := make([]error, 6)
		id := holds.Items[1].ID // the twin's
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.ops.ApproveHold(ctx, op, id, "")
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, rewards.ErrHoldDecided):
				t.Fatalf("approval: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d approvals succeeded", ok)
		}
		if w := e.waiting(t, referrer); len(w) != 1 || w[0].Amount != 188_00 {
			t.Fatalf("after approval %+v", w)
		}
		if f := e.friend(t, referrer, twin); f.Status != ShowQualified {
			t.Fatalf("approved friend %+v", f)
		}
		if _, err := e.ops.RejectHold(ctx, op, holds.Items[0].ID, ""); err == nil {
			t.Fatal("rejected without a reason")
		}
		if _, err := e.ops.RejectHold(ctx, op, holds.Items[0].ID, "same person, same phone"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.ops.ApproveHold(ctx, op, holds.Items[0].ID, ""); !errors.Is(err, rewards.ErrHoldDecided) {
			t.Fatalf("approve after reject: %v", err)
		}
		if f := e.friend(t, referrer, other); f.Status != ShowRejected {
			t.Fatalf("rejected friend %+v", f)
		}
		if w := e.waiting(t, referrer); len(w) != 1 {
			t.Fatalf("after rejection %d rewards", len(w))
		}
	})
}

// TestWelcomeAbuseHeld: one welcome bonus per person: a second member at
// the first's IP gets its welcome bonus held, not issued; approval issues it.
func TestWelcomeAbuseHeld(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		first := e.member(t, "gina0009", "203.0.113.9")
		second := e.member(t, "gina0010", "203.0.113.9")
		loop1 := e.member(t, "hugo0011", "127.0.0.1")
		loop2 := e.member(t, "hugo0012", "127.0.0.1")
		w := e.centre.WelcomeConsumer()
		t0 := e.clk.Now()
		evs := []activity.Event{deposit(first, 1000_00, t0), deposit(second, 1000_00, t0), deposit(loop1, 1000_00, t0), deposit(loop2, 1000_00, t0)}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, evs) }); err != nil {
			t.Fatal(err)
		}
		for _, m := range []int64{first, loop1, loop2} { // loopback tells no one apart
			if len(e.waiting(t, m)) != 1 {
				t.Fatalf("member %d has no welcome bonus", m)
			}
		}
		if n := len(e.waiting(t, second)); n != 0 {
			t.Fatalf("second welcome bonus issued")
		}
		holds, err := e.ops.Holds(ctx, rewards.HoldHeld, second, 1, 20)
		if err != nil || holds.Total != 1 || holds.Items[0].Source != rewards.SourceWelcome || holds.Items[0].Flags[0] != rewards.FlagWelcomeTaken ||
			len(holds.Items[0].Linked) != 1 || holds.Items[0].Linked[0] != first {
			t.Fatalf("holds %+v %v", holds, err)
		}
		if _, err := e.ops.ApproveHold(ctx, operator.Caller{ID: 2}, holds.Items[0].ID, "checked: siblings"); err != nil {
			t.Fatal(err)
		}
		if got := e.waiting(t, second); len(got) != 1 || got[0].Kind != rewards.KindBonus {
			t.Fatalf("after approval %+v", got)
		}
	})
}

// TestReferralSwitchOff: with the REFERRAL switch off no code is made or
// shown (referral.disabled, a 403).
func TestReferralSwitchOff(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		m := e.member(t, "ivan0013", "203.0.113.13")
		cfg, v, err := e.brands.Versioned(ctx)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Whitelabel = setSwitch(cfg.Whitelabel, "REFERRAL", false)
		if _, _, err := e.brands.Update(ctx, cfg, v); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Code(ctx, m); !errors.Is(err, ErrDisabled) {
			t.Fatalf("code with the switch off: %v", err)
		}
		if _, err := e.svc.Page(ctx, m); !errors.Is(err, ErrDisabled) {
			t.Fatalf("page with the switch off: %v", err)
		}
	})
}
