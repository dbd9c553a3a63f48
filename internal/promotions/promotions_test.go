package promotions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/wallet"
)

// members answers members from a map: ids 1..99 registered a day before the
// test's start, 500 an agent whose downline is 501 (direct) and 502 (via
// 501), 900 registered 60 days before.
type members struct{ start time.Time }

func (m members) MembersByID(_ context.Context, ids []int64) (map[int64]account.Member, error) {
	out := map[int64]account.Member{}
	for _, id := range ids {
		mem := account.Member{ID: id, Account: "player" + strconv.FormatInt(id, 10), Type: 0, CreatedAt: m.start.Add(-24 * time.Hour)}
		switch id {
		case 500:
			mem.Type = 1
		case 501:
			mem.ParentID = 500
		case 502:
			mem.ParentID = 501
		case 900:
			mem.CreatedAt = m.start.AddDate(0, 0, -60)
		case 4242:
			mem.Type = account.TypeTrial
		}
		out[id] = mem
	}
	return out, nil
}

type auditor struct{}

func (auditor) AuditChange(context.Context, operator.Caller, string, string, string, string, any, any) error {
	return nil
}

type poster struct {
	*wallet.Service
	l *ledger.Store
}

func (p poster) EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error) {
	return p.l.EnsureAccount(ctx, spec)
}

type site struct {
	d   *db.DB
	clk *clock.Fixed
	s   *Service
	ops *Ops
	rw  *rewards.Service
	l   *ledger.Store
	gw  *gamewallet.Service
}

// start is a Tuesday, 12:00 in Manila.
var start = time.Date(2026, 3, 10, 4, 0, 0, 0, time.UTC)

func newSite(t *testing.T, dialect db.Dialect) *site {
	t.Helper()
	ctx := context.Background()
	d := dbtest.Open(t, dialect)
	clk := clock.NewFixed(start)
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, log)
	gw := gamewallet.NewService(gamewallet.NewStore(d), nil, w, l, clk, log, gamewallet.Config{})
	rw := rewards.NewService(d, gw, poster{w, l}, brands, clk, log)
	s := NewService(d, members{start}, brands, rw, nil, clk, log)
	ops := NewOps(s, auditor{}).UseCosts(rewards.NewOps(rw, gw, nil, nil))
	return &site{d: d, clk: clk, s: s, ops: ops, rw: rw, l: l, gw: gw}
}

func (st *site) create(t *testing.T, d Draft) Promotion {
	t.Helper()
	if d.StartsAt == 0 {
		d.StartsAt, d.EndsAt = start.Add(-time.Hour).UnixMilli(), start.AddDate(0, 1, 0).UnixMilli()
	}
	if d.TitleEN == "" {
		d.TitleEN, d.TitleTY = "Test "+d.Type, "Subok "+d.Type
	}
	if d.ClaimDays == 0 {
		d.ClaimDays = 7
	}
	p, err := st.ops.Create(context.Background(), operator.Caller{ID: 1}, d)
	if err != nil {
		t.Fatalf("create %+v: %v", d, err)
	}
	return p
}

func (st *site) promo(t *testing.T, id int64) Promotion {
	t.Helper()
	p, err := getPromotion(context.Background(), st.d, id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (st *site) status(t *testing.T, member, id int64) View {
	t.Helper()
	c := account.Caller{}
	if member > 0 {
		c = account.Caller{MemberID: member}
	}
	vs, err := st.s.Statuses(context.Background(), c, "EN")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.ID == id {
			return v
		}
	}
	t.Fatalf("promotion %d not in the statuses", id)
	return View{}
}

func (st *site) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	if err := st.d.QueryRowContext(context.Background(), st.d.Rebind(q), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func member(id int64) account.Caller {
	return account.Caller{MemberID: id, Account: "player" + strconv.FormatInt(id, 10)}
}

var dialects = []db.Dialect{db.SQLite, db.Postgres}

// TestReloadAmount: the worked examples of docs/rewards.md "Reload": 30 %
// up to ₱1,500 from ₱500.
func TestReloadAmount(t *testing.T) {
	p := Promotion{Percent: 30_00, Cap: 1500_00, MinDeposit: 500_00}
	for _, c := range []struct{ deposit, want int64 }{
		{499_99, 0},
		{500_00, 150_00},
		{1234_56, 370_36}, // 370.368 rounds down
		{5000_00, 1500_00},
		{9000_00, 1500_00},
	} {
		if got := ReloadAmount(p, c.deposit); got != c.want {
			t.Errorf("deposit %d: got %d, want %d", c.deposit, got, c.want)
		}
	}
}

// TestCashbackAmount: the net loss table of docs/rewards.md "Cashback":
// 10 % of slots and fishing, 5 % of live, up to ₱2,000; wins offset nothing.
func TestCashbackAmount(t *testing.T) {
	p := Promotion{Rates: map[string]int64{"RNG": 10_00, "FISH": 10_00, "LIVE": 5_00}, Cap: 2000_00}
	for _, c := range []struct {
		loss map[string]int64
		want int64
	}{
		{map[string]int64{"RNG": 12345_67, "LIVE": 200_00, "SPORTS": 500_00, "FISH": -300_00}, 1234_56 + 10_00},
		{map[string]int64{"RNG": -5000_00, "FISH": 99_99}, 9_99},
		{map[string]int64{"RNG": 30000_00}, 2000_00},
		{map[string]int64{"SPORTS": 1000_00}, 0},
	} {
		if got := CashbackAmount(p, c.loss); got != c.want {
			t.Errorf("%v: got %d, want %d", c.loss, got, c.want)
		}
	}
	p.Percent = 2_00 // categories without a rate
	if got := CashbackAmount(p, map[string]int64{"SPORTS": 1000_00}); got != 20_00 {
		t.Errorf("default rate: %d", got)
	}
}

func deposit(member, amount int64, at time.Time, n int) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: fmt.Sprintf("deposit:%d:%d", member, n), Kind: activity.DepositCredited, MemberID: member,
		Currency: "PHP", Amount: amount, At: at}}
}

// TestReloadConsumer: a reload with a join step matches the first deposit
// of at least the minimum after joining, once per day; replays add nothing;
// the statuses follow (join, joined, claim, claimed, joined the next day).
func TestReloadConsumer(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeReload, JoinRequired: true, Percent: 30_00, Cap: 1500_00, MinDeposit: 500_00, Frequency: Daily,
				RewardKind: KindBonus, WagerMultiple: 10, MaxBet: 500_00, ValidDays: 7, Budget: 10_000_00})
			c := st.s.DepositConsumer()
			apply := func(evs ...activity.Event) {
				t.Helper()
				if err := st.d.InTx(ctx, func(tx *db.Tx) error { return c.Apply(ctx, tx, evs) }); err != nil {
					t.Fatal(err)
				}
			}
			now := st.clk.Now()
			if v := st.status(t, 7, p.ID); v.Status != StatusJoin || v.Action != ActionJoin {
				t.Fatalf("before joining: %+v", v)
			}
			apply(deposit(7, 1000_00, now, 1)) // not joined yet
			if _, err := st.s.Join(ctx, member(7), p.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := st.s.Join(ctx, member(7), p.ID); !errors.Is(err, ErrAlreadyJoined) {
				t.Fatalf("second join: %v", err)
			}
			if v := st.status(t, 7, p.ID); v.Status != StatusJoined || v.Action != ActionNone || !v.Joined {
				t.Fatalf("joined: %+v", v)
			}
			st.clk.Advance(time.Minute)
			now = st.clk.Now()
			first := []activity.Event{deposit(7, 400_00, now, 2), deposit(7, 1234_56, now, 3), deposit(7, 5000_00, now, 4)}
			apply(first...)
			apply(first...) // a replay adds nothing
			keys := []string{RewardKey(p.ID, 7, now.In(manila(t)).Format(time.DateOnly))}
			got, err := st.rw.KeyStatuses(ctx, 7, keys)
			if err != nil || got[keys[0]] != rewards.StatusIssued {
				t.Fatalf("reward: %v %v", got, err)
			}
			page, _ := st.rw.List(ctx, 7, false, "EN", 1, 20)
			if len(page.List) != 1 || page.List[0].Amount != 370_36 || page.List[0].Kind != KindBonus || page.List[0].WagerRequired != 3703_60 || page.List[0].Source != rewards.SourcePromotion {
				t.Fatalf("rewards: %+v", page.List)
			}
			if sp := st.promo(t, p.ID).Spent; sp != 370_36 {
				t.Fatalf("spent %d", sp)
			}
			v := st.status(t, 7, p.ID)
			if v.Status != StatusClaim || v.Action != ActionClaim {
				t.Fatalf("after the deposit: %+v", v)
			}
			if _, _, err := st.rw.Claim(ctx, 7, page.List[0].ID, "EN"); err != nil {
				t.Fatal(err)
			}
			if v := st.status(t, 7, p.ID); v.Status != StatusClaimed {
				t.Fatalf("after the claim: %+v", v)
			}
			// The next day: joined again, and the day's first qualifying deposit matches.
			st.clk.Advance(24 * time.Hour)
			if v := st.status(t, 7, p.ID); v.Status != StatusJoined {
				t.Fatalf("the next day: %+v", v)
			}
			apply(deposit(7, 600_00, st.clk.Now(), 5))
			if sp := st.promo(t, p.ID).Spent; sp != 370_36+180_00 {
				t.Fatalf("spent after day 2: %d", sp)
			}
			// A member registered 60 days ago is not eligible for a 30-day newcomer reload.
			q := st.create(t, Draft{Type: TypeReload, Percent: 100_00, Cap: 100_00, Frequency: Once, RewardKind: KindCash, NewWithinDays: 30})
			apply(deposit(900, 1000_00, st.clk.Now(), 6), deposit(8, 1000_00, st.clk.Now(), 7))
			if st.promo(t, q.ID).Spent != 100_00 {
				t.Fatalf("newcomer reload spent %d", st.promo(t, q.ID).Spent)
			}
			if v := st.status(t, 900, q.ID); v.Status != StatusClose || v.Reason != "ineligible" {
				t.Fatalf("ineligible: %+v", v)
			}
		})
	}
}

func manila(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Asia/Manila")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestBudgetUnderParallelJoins: a ₱50 fixed bonus with a ₱175 budget:
// twelve members join at once, exactly three are paid, the others get
// promotion.budget_exhausted and nothing; one member joining eight times
// at once is paid once.
func TestBudgetUnderParallelJoins(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeFixed, Amount: 50_00, Frequency: Once, RewardKind: KindCash, Budget: 175_00})
			var wg sync.WaitGroup
			errs := make([]error, 12)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = st.s.Join(ctx, member(int64(10+i)), p.ID)
				}()
			}
			wg.Wait()
			paid := 0
			for _, err := range errs {
				switch {
				case err == nil:
					paid++
				case errors.Is(err, ErrBudget):
				default:
					t.Fatalf("join: %v", err)
				}
			}
			if paid != 3 {
				t.Fatalf("%d joins paid", paid)
			}
			if sp := st.promo(t, p.ID).Spent; sp != 150_00 {
				t.Fatalf("spent %d", sp)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM reward WHERE source = 'PROMOTION'`); n != 3 {
				t.Fatalf("%d rewards", n)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM promotion_join`); n != 3 {
				t.Fatalf("%d joins kept", n)
			}
			if v := st.status(t, 40, p.ID); v.Status != StatusClose || v.Reason != "budget" {
				t.Fatalf("status past the budget: %+v", v)
			}

			q := st.create(t, Draft{Type: TypeFixed, Amount: 20_00, Frequency: Once, RewardKind: KindBonus, WagerMultiple: 5, ValidDays: 7})
			errs = make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = st.s.Join(ctx, member(50), q.ID)
				}()
			}
			wg.Wait()
			paid = 0
			for _, err := range errs {
				switch {
				case err == nil:
					paid++
				case errors.Is(err, ErrAlreadyJoined):
				default:
					t.Fatalf("join: %v", err)
				}
			}
			if paid != 1 || st.promo(t, q.ID).Spent != 20_00 {
				t.Fatalf("one member: %d paid, spent %d", paid, st.promo(t, q.ID).Spent)
			}
			if v := st.status(t, 50, q.ID); v.Status != StatusClaim {
				t.Fatalf("after joining: %+v", v)
			}
		})
	}
}

// figs is a net loss table over one week.
type figs map[int64]map[string]int64

func (f figs) CaughtUp(context.Context) error { return nil }

func (f figs) EachCategoryNetLoss(_ context.Context, _, first, last string, fn func(int64, string, int64) error) error {
	if first != "2026-03-09" || last != "2026-03-15" {
		return nil
	}
	for _, m := range []int64{501, 502, 503, 504} {
		for c, v := range f[m] {
			if err := fn(m, c, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestCashback: a weekly cashback paid after Sunday over the net loss
// table: capped, joined members only, nothing on other days, nothing twice.
func TestCashback(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			table := figs{
				501: {"RNG": 12345_67, "LIVE": 200_00, "SPORTS": 500_00, "FISH": -300_00}, // 1,234.56 + 10.00
				502: {"RNG": 30000_00},                                                    // capped at 2,000.00
				503: {"RNG": -100_00},                                                     // won: nothing
				504: {"FISH": 1000_00},                                                    // did not join
			}
			p := st.create(t, Draft{Type: TypeCashback, JoinRequired: true, Rates: map[string]int64{"RNG": 10_00, "FISH": 10_00, "LIVE": 5_00},
				Cap: 2000_00, Frequency: Weekly, RewardKind: KindCash})
			for _, m := range []int64{501, 502, 503} {
				if _, err := st.s.Join(ctx, member(m), p.ID); err != nil {
					t.Fatal(err)
				}
			}
			loc := manila(t)
			if n, err := st.s.IssueCashbacks(ctx, table, time.Date(2026, 3, 14, 0, 0, 0, 0, loc)); err != nil || n != 0 {
				t.Fatalf("on a Saturday: %d %v", n, err)
			}
			sunday := time.Date(2026, 3, 15, 0, 0, 0, 0, loc)
			if n, err := st.s.IssueCashbacks(ctx, table, sunday); err != nil || n != 2 {
				t.Fatalf("after Sunday: %d %v", n, err)
			}
			if n, err := st.s.IssueCashbacks(ctx, table, sunday); err != nil || n != 0 {
				t.Fatalf("rerun: %d %v", n, err)
			}
			for m, want := range map[int64]int64{501: 1244_56, 502: 2000_00} {
				page, _ := st.rw.List(ctx, m, false, "EN", 1, 20)
				if len(page.List) != 1 || page.List[0].Amount != want || page.List[0].Kind != KindCash {
					t.Fatalf("member %d: %+v", m, page.List)
				}
			}
			if sp := st.promo(t, p.ID).Spent; sp != 3244_56 {
				t.Fatalf("spent %d", sp)
			}
			if v := st.status(t, 501, p.ID); v.Status != StatusClaim {
				t.Fatalf("cashback waiting: %+v", v)
			}
			if v := st.status(t, 503, p.ID); v.Status != StatusJoined {
				t.Fatalf("nothing to pay: %+v", v)
			}
		})
	}
}

func pngBytes(t *testing.T, pad int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return append(b.Bytes(), make([]byte, pad)...)
}

// TestApplicationApprovedOnce: an application is filed once; eight
// parallel approvals issue it once; the amount is bounded by the cap; a
// rejection carries its reason to the member's status.
func TestApplicationApprovedOnce(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeApplication, Cap: 500_00, Frequency: Once, RewardKind: KindCash, Budget: 500_00})
			if v := st.status(t, 0, p.ID); v.Status != StatusApplying || v.Action != ActionApply {
				t.Fatalf("visitor: %+v", v)
			}
			img := Upload{Data: pngBytes(t, 0), ContentType: "image/png", Name: "win.png"}
			a, err := st.s.Apply(ctx, member(7), p.ID, "  Won 250× on Lucky Lanterns ", []Upload{img, img})
			if err != nil || a.Remark != "Won 250× on Lucky Lanterns" || a.Images != 2 {
				t.Fatalf("apply: %+v %v", a, err)
			}
			if _, err := st.s.Apply(ctx, member(7), p.ID, "again", nil); !errors.Is(err, ErrAlreadyApplied) {
				t.Fatalf("second application: %v", err)
			}
			if v := st.status(t, 7, p.ID); v.Status != StatusProcess || v.ApplicationID != a.ID || v.Images != 2 {
				t.Fatalf("in review: %+v", v)
			}
			if _, err := st.ops.Approve(ctx, operator.Caller{ID: 1}, a.ID, 500_01); !errors.Is(err, ErrInvalidAmount) {
				t.Fatalf("above the cap: %v", err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = st.ops.Approve(ctx, operator.Caller{ID: int64(1 + i%2)}, a.ID, 300_00)
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case errors.Is(err, ErrDecided):
				default:
					t.Fatalf("approve: %v", err)
				}
			}
			if won != 1 || st.promo(t, p.ID).Spent != 300_00 || st.count(t, `SELECT COUNT(*) FROM reward WHERE member_id = 7`) != 1 {
				t.Fatalf("%d approvals won, spent %d", won, st.promo(t, p.ID).Spent)
			}
			if v := st.status(t, 7, p.ID); v.Status != StatusClaim || v.Action != ActionClaim {
				t.Fatalf("approved: %+v", v)
			}
			if _, err := st.ops.Reject(ctx, operator.Caller{ID: 1}, a.ID, "too late"); !errors.Is(err, ErrDecided) {
				t.Fatalf("reject after approval: %v", err)
			}

			b, err := st.s.Apply(ctx, member(8), p.ID, "Screenshot attached", []Upload{img})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.ops.Reject(ctx, operator.Caller{ID: 1}, b.ID, "no"); !errors.Is(err, ErrInvalidReason) {
				t.Fatalf("short reason: %v", err)
			}
			if _, err := st.ops.Reject(ctx, operator.Caller{ID: 1}, b.ID, "The win is below 100×"); err != nil {
				t.Fatal(err)
			}
			if v := st.status(t, 8, p.ID); v.Status != StatusRejected || v.Reason != "The win is below 100×" {
				t.Fatalf("rejected: %+v", v)
			}
			// The budget left (₱200) cannot cover ₱300: nothing approved, nothing spent.
			c, _ := st.s.Apply(ctx, member(9), p.ID, "Please", nil)
			if _, err := st.ops.Approve(ctx, operator.Caller{ID: 1}, c.ID, 300_00); !errors.Is(err, ErrBudget) {
				t.Fatalf("past the budget: %v", err)
			}
			if v := st.status(t, 9, p.ID); v.Status != StatusProcess || st.promo(t, p.ID).Spent != 300_00 {
				t.Fatalf("after a refused approval: %+v", v)
			}
			q, err := st.ops.Applications(ctx, AppPending, 1, 20)
			if err != nil || q.Total != 1 || q.Items[0].ID != c.ID || q.Items[0].Account != "player9" {
				t.Fatalf("queue: %+v %v", q, err)
			}
		})
	}
}

// TestClosedPromotions: paused, ended and not yet started promotions
// refuse joins and applications with their codes and move nothing.
func TestClosedPromotions(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			fixed := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash})
			app := st.create(t, Draft{Type: TypeApplication, Cap: 10_00, Frequency: Once, RewardKind: KindCash})
			later := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash,
				StartsAt: start.Add(time.Hour).UnixMilli(), EndsAt: start.Add(2 * time.Hour).UnixMilli()})
			over := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash,
				StartsAt: start.Add(-2 * time.Hour).UnixMilli(), EndsAt: start.Add(-time.Hour).UnixMilli()})
			for _, id := range []int64{fixed.ID, app.ID} {
				if _, err := st.ops.SetPaused(ctx, operator.Caller{ID: 1}, id, true); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range []struct {
				id   int64
				want error
				st   string
			}{{fixed.ID, ErrPaused, StatusClose}, {later.ID, ErrNotStarted, StatusComingSoon}, {over.ID, ErrEnded, StatusClose}} {
				if _, err := st.s.Join(ctx, member(7), c.id); !errors.Is(err, c.want) {
					t.Fatalf("join %d: %v, want %v", c.id, err, c.want)
				}
				if v := st.status(t, 7, c.id); v.Status != c.st || v.Action != ActionNone {
					t.Fatalf("status %d: %+v", c.id, v)
				}
			}
			if _, err := st.s.Apply(ctx, member(7), app.ID, "hello", nil); !errors.Is(err, ErrPaused) {
				t.Fatalf("apply paused: %v", err)
			}
			if _, err := st.s.Join(ctx, account.Caller{MemberID: 4242, Type: account.TypeTrial}, later.ID); !errors.Is(err, ErrRealOnly) {
				t.Fatalf("trial: %v", err)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM promotion_join`) + st.count(t, `SELECT COUNT(*) FROM promotion_application`) +
				st.count(t, `SELECT COUNT(*) FROM reward`); n != 0 {
				t.Fatalf("%d rows written", n)
			}
			if _, err := st.ops.SetPaused(ctx, operator.Caller{ID: 1}, fixed.ID, false); err != nil {
				t.Fatal(err)
			}
			if _, err := st.s.Join(ctx, member(7), fixed.ID); err != nil {
				t.Fatalf("after resume: %v", err)
			}
			if _, err := st.s.Join(ctx, member(7), app.ID); !errors.Is(err, ErrPaused) {
				t.Fatalf("an application has no join: %v", err)
			}
			// Agent downline eligibility.
			down := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash, AgentID: 500})
			if _, err := st.s.Join(ctx, member(502), down.ID); err != nil {
				t.Fatalf("downline: %v", err)
			}
			if _, err := st.s.Join(ctx, member(7), down.ID); !errors.Is(err, ErrIneligible) {
				t.Fatalf("outside the downline: %v", err)
			}
		})
	}
}

// TestDraftValidation: the console's terms are checked per type.
func TestDraftValidation(t *testing.T) {
	base := Draft{TitleEN: "X", TitleTY: "Y", StartsAt: 1, EndsAt: 2, RewardKind: KindCash, ClaimDays: 7}
	for _, c := range []struct {
		mod   func(*Draft)
		field string
	}{
		{func(d *Draft) { d.Type = "LOTTERY" }, "type"},
		{func(d *Draft) { d.Type, d.Percent, d.Cap, d.Frequency = TypeReload, 0, 100, Once }, "percent"},
		{func(d *Draft) { d.Type, d.Percent, d.Cap, d.Frequency = TypeReload, 10_001, 100, Once }, "percent"},
		{func(d *Draft) { d.Type, d.Percent, d.Cap, d.Frequency = TypeReload, 100, 0, Once }, "cap"},
		{func(d *Draft) { d.Type, d.Amount, d.Frequency = TypeFixed, 0, Once }, "amount"},
		{func(d *Draft) { d.Type, d.Cap, d.Frequency, d.Percent = TypeCashback, 100, Once, 100 }, "frequency"},
		{func(d *Draft) {
			d.Type, d.Cap, d.Frequency, d.Rates = TypeCashback, 100, Weekly, map[string]int64{"MOON": 5}
		}, "rates"},
		{func(d *Draft) { d.Type, d.Cap, d.Frequency, d.EndsAt = TypeApplication, 100, Once, 1 }, "schedule"},
		{func(d *Draft) { d.Type, d.Cap, d.Frequency, d.RewardKind = TypeApplication, 100, Once, KindBonus }, "wagerMultiple"},
	} {
		d := base
		c.mod(&d)
		d.Normalize()
		err := d.Validate(false)
		if err == nil || errParams(err)["field"] != c.field {
			t.Errorf("%+v: %v %v, want field %s", d, err, errParams(err), c.field)
		}
	}
	d := base
	d.Type, d.Cap, d.Frequency, d.VIPMinLevel = TypeApplication, 100, Once, 2
	d.Normalize()
	if err := d.Validate(false); !errors.Is(err, ErrVIPUnavailable) {
		t.Errorf("VIP without the hook: %v", err)
	}
	if err := d.Validate(true); err != nil {
		t.Errorf("VIP with the hook: %v", err)
	}
}

func errParams(err error) map[string]any { return apperr.As(err).Params }

// multipartApply posts an application through the handler.
func multipartApply(t *testing.T, srv *httptest.Server, token string, id int64, remark string, files map[string][]byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("remark", remark)
	for name, data := range files {
		fw, err := mw.CreateFormFile("images", strings.SplitN(name, "#", 2)[0])
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(data)
	}
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/wps/promotions/"+strconv.FormatInt(id, 10)+"/apply", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(raw, &env)
	return res.StatusCode, env.Code
}

// auth answers tokens "m<id>" as that member.
type auth struct{}

func (auth) Authenticate(_ context.Context, token string) (account.Caller, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(token, "m"), 10, 64)
	if err != nil || !strings.HasPrefix(token, "m") {
		return account.Caller{}, nil
	}
	return account.Caller{MemberID: id}, nil
}

// TestApplyImages: through the handler, images are refused by their bytes
// (a GIF named .png), their size (over 5 MB) and their count (four), and
// the remark by its length, each with its code and nothing stored; an
// application's image is served to its applicant only.
func TestApplyImages(t *testing.T) {
	st := newSite(t, db.SQLite)
	p := st.create(t, Draft{Type: TypeApplication, Cap: 100_00, Frequency: Once, RewardKind: KindCash})
	mux := http.NewServeMux()
	NewHandler(st.s, auth{}).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	ok := pngBytes(t, 0)
	for _, c := range []struct {
		name   string
		remark string
		files  map[string][]byte
		code   string
	}{
		{"gif named png", "hello", map[string][]byte{"win.png": gif}, "upload.wrong_type"},
		{"too large", "hello", map[string][]byte{"big.png": pngBytes(t, MaxImageBytes)}, "upload.too_large"},
		{"four images", "hello", map[string][]byte{"a.png": ok, "b.png": ok, "c.png": ok, "d.png": ok}, "upload.too_many"},
		{"long remark", strings.Repeat("a", 141), map[string][]byte{"a.png": ok}, "promotion.invalid_remark"},
		{"empty remark", "  ", nil, "promotion.invalid_remark"},
	} {
		if status, code := multipartApply(t, srv, "m7", p.ID, c.remark, c.files); code != c.code || status < 400 || status >= 500 {
			t.Errorf("%s: %d %q, want %s", c.name, status, code, c.code)
		}
	}
	if n := st.count(t, `SELECT COUNT(*) FROM promotion_application`) + st.count(t, `SELECT COUNT(*) FROM promotion_image`); n != 0 {
		t.Fatalf("%d rows stored", n)
	}
	if status, code := multipartApply(t, srv, "", p.ID, "hello", nil); status != http.StatusUnauthorized {
		t.Fatalf("visitor: %d %s", status, code)
	}
	if status, code := multipartApply(t, srv, "m7", p.ID, strings.Repeat("é", 140), map[string][]byte{"a.png": ok, "b.jpg": ok}); status != 200 {
		t.Fatalf("valid application: %d %s", status, code)
	}
	get := func(token string) int {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/wps/promotions/applications/1/images/2", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if got := get("m7"); got != 200 {
		t.Fatalf("own image: %d", got)
	}
	if got := get("m8"); got != 404 {
		t.Fatalf("another member's image: %d", got)
	}
}
