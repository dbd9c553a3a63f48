package points

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/withdraw"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const goodPassword = "246810"

type fixture struct {
	svc *Service
	db  *db.DB
	clk *clock.Fixed
}

// newFixture is the mall over a migrated database with the demo brand, the
// withdrawal service's payment passwords (members 1..40 have goodPassword).
func newFixture(t *testing.T, dialect db.Dialect) fixture {
	t.Helper()
	ctx := context.Background()
	d := dbtest.Open(t, dialect)
	clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	ws := withdraw.NewStore(d)
	cfg := withdraw.DefaultConfig
	cfg.Argon2 = testArgon2
	pw := withdraw.NewService(withdraw.Deps{Store: ws, Members: account.NewStore(d), Brand: brands, Clock: clk}, cfg)
	hash, err := account.SharedHasher().Hash(ctx, goodPassword, testArgon2)
	if err != nil {
		t.Fatal(err)
	}
	for m := int64(1); m <= 40; m++ {
		if err := ws.SetPaymentPassword(ctx, m, "", hash, clk.Now()); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	return fixture{svc: NewService(d, brands, pw, clk, log), db: d, clk: clk}
}

func (f fixture) apply(t *testing.T, evs ...activity.Event) {
	t.Helper()
	c := f.svc.EarnConsumer()
	if err := f.db.InTx(context.Background(), func(tx *db.Tx) error { return c.Apply(context.Background(), tx, evs) }); err != nil {
		t.Fatal(err)
	}
}

func round(member int64, id int, category string, validBet int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: fmt.Sprintf("round:%d", id), Kind: activity.RoundSettled, MemberID: member, Currency: "PHP",
		Category: category, Amount: validBet, ValidBet: validBet, Ref: fmt.Sprint(id), At: at}}
}

func deposit(member int64, order string, amount int64, at time.Time) activity.Event {
	return activity.Event{Fact: activity.Fact{Key: "deposit:" + order, Kind: activity.DepositCredited, MemberID: member, Currency: "PHP",
		Amount: amount, Ref: order, At: at}}
}

func (f fixture) give(t *testing.T, member int64, pts int64) {
	t.Helper()
	// 1 point per 100.00 of deposits in the demo brand.
	f.apply(t, deposit(member, fmt.Sprintf("give-%d-%d", member, f.clk.Now().UnixNano()), pts*100_00, f.clk.Now()))
	f.clk.Advance(time.Millisecond)
}

func (f fixture) balance(t *testing.T, member int64) int64 {
	t.Helper()
	s, err := f.svc.Balance(context.Background(), member)
	if err != nil {
		t.Fatal(err)
	}
	return s.Balance
}

func (f fixture) goods(t *testing.T, stock int64, limit int) Item {
	t.Helper()
	it, err := f.svc.CreateItem(context.Background(), ItemInput{Kind: KindGoods, NameEN: "Cap", NameTY: "Sombrero", Points: 100, Stock: stock, MemberLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	return it
}

var addr = &Address{Name: "Juan Dela Cruz", Phone: "+639171234567", Address: "12 Rizal St, Makati City"}

// TestEarning is docs/rewards.md "Points mall", worked example 1: with the
// demo brand's rules (RNG 1 per 100.00, LIVE 1 per 200.00, DEPOSIT 1 per
// 100.00), valid bets of 60.00 + 60.00 + 250.00 on slots earn 1 then 2
// points (carries 60.00, 20.00, 70.00: 0 + 1 + 2 = 3 points, 70.00 left), 150.00
// on live earns nothing (carry 150.00), a 500.00 deposit earns 5, a
// category without a rule (PVP) earns nothing; a replay from the start
// adds nothing; a rolled-back 100.00 slot round takes 100.00 off the carry
// (-30.00), so the next point needs 130.00 more.
func TestEarning(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			now := f.clk.Now()
			evs := []activity.Event{
				round(7, 1, "RNG", 60_00, now), round(7, 2, "RNG", 60_00, now), round(7, 3, "RNG", 250_00, now),
				round(7, 4, "LIVE", 150_00, now), deposit(7, "D1", 500_00, now), round(7, 5, "PVP", 1000_00, now),
			}
			f.apply(t, evs...)
			// A replay from the start (Reset, then the same facts): the keys add nothing twice.
			if err := f.db.InTx(ctx, func(tx *db.Tx) error { return f.svc.EarnConsumer().Reset(ctx, tx) }); err != nil {
				t.Fatal(err)
			}
			f.apply(t, evs...)
			if got := f.balance(t, 7); got != 1+2+5 {
				t.Fatalf("balance %d, want 8", got)
			}
			h, err := f.svc.History(ctx, 7, 1, 20)
			if err != nil || h.Total != 3 {
				t.Fatalf("history %+v %v", h, err)
			}
			dep := h.List[0]
			if dep.Type != TypeEarnDeposit || dep.Change != 5 || dep.Balance != 8 || dep.Ref != "D1" || dep.AmountRequired != 500_00 || dep.Status != StatusApproved {
				t.Fatalf("deposit entry %+v", dep)
			}
			if e := h.List[1]; e.Type != TypeEarnBet || e.Name != "RNG" || e.Change != 2 || e.Balance != 3 || e.Ref != "R3" {
				t.Fatalf("bet entry %+v", e)
			}
			// Rollback of a 100.00 slot round: carry 70.00 - 100.00 = -30.00; the next 120.00 leaves 90.00, no point.
			f.apply(t, activity.Event{Fact: activity.Fact{Key: "round:9:rollback", Kind: activity.RoundCancelled, Detail: "rollback", MemberID: 7,
				Category: "RNG", ValidBet: -100_00, At: now}}, round(7, 10, "RNG", 120_00, now))
			if got := f.balance(t, 7); got != 8 {
				t.Fatalf("after a rollback: %d", got)
			}
			f.apply(t, round(7, 11, "RNG", 10_00, now)) // carry 100.00: one point
			if got := f.balance(t, 7); got != 9 {
				t.Fatalf("after the carry reached 100.00: %d", got)
			}
		})
	}
}

// TestRedeemOnce: of parallel redeems of the last item in stock by
// different members exactly one succeeds, the others take nothing; the
// same request key twice redeems once; a member's limit holds under
// parallel requests; the balance never goes below zero.
func TestRedeemOnce(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			it := f.goods(t, 1, 0)
			for m := int64(1); m <= 6; m++ {
				f.give(t, m, 100)
			}
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = f.svc.Redeem(ctx, int64(i+1), "k", RedeemRequest{ItemID: it.ID, Quantity: 1, PaymentPassword: goodPassword, Address: addr}, "EN")
				}()
			}
			wg.Wait()
			won := 0
			for i, err := range errs {
				switch {
				case err == nil:
					won++
					if f.balance(t, int64(i+1)) != 0 {
						t.Fatalf("winner's balance")
					}
				case errors.Is(err, ErrOutOfStock):
					if f.balance(t, int64(i+1)) != 100 {
						t.Fatalf("a refused redeem took points")
					}
				default:
					t.Fatalf("redeem: %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d redeems of the last item", won)
			}
			if got, _ := f.svc.item(ctx, f.db, it.ID); got.Stock != 0 {
				t.Fatalf("stock %d", got.Stock)
			}

			// One member, parallel requests on a limit of 2 with points for 5: two succeed.
			lim := f.goods(t, -1, 2)
			f.give(t, 20, 500)
			errs = make([]error, 5)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = f.svc.Redeem(ctx, 20, fmt.Sprint("l", i), RedeemRequest{ItemID: lim.ID, PaymentPassword: goodPassword, Address: addr}, "EN")
				}()
			}
			wg.Wait()
			won = 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if apperr.As(err).Code != "points.limit_reached" {
					t.Fatalf("limit: %v", err)
				}
			}
			if won != 2 || f.balance(t, 20) != 300 {
				t.Fatalf("%d redeemed, balance %d", won, f.balance(t, 20))
			}

			// The same key twice: one redemption; not enough points: nothing moves.
			cash, err := f.svc.CreateItem(ctx, ItemInput{Kind: KindBonusCash, NameEN: "Cash", Points: 150, Amount: 25_00, Stock: -1})
			if err != nil {
				t.Fatal(err)
			}
			r1, err := f.svc.Redeem(ctx, 20, "same", RedeemRequest{ItemID: cash.ID, PaymentPassword: goodPassword}, "EN")
			if err != nil {
				t.Fatal(err)
			}
			r2, err := f.svc.Redeem(ctx, 20, "same", RedeemRequest{ItemID: cash.ID, PaymentPassword: goodPassword}, "EN")
			if err != nil || r2.ID != r1.ID || !r2.Replayed || f.balance(t, 20) != 150 {
				t.Fatalf("replay %+v %v balance %d", r2, err, f.balance(t, 20))
			}
			if _, err := f.svc.Redeem(ctx, 20, "x1", RedeemRequest{ItemID: cash.ID, Quantity: 2, PaymentPassword: goodPassword}, "EN"); !errors.Is(err, ErrNotEnough) {
				t.Fatalf("not enough: %v", err)
			}
			if f.balance(t, 20) != 150 {
				t.Fatal("a refused redeem moved points")
			}
			// The bonus cash waits in the reward centre as CASH under the redemption's key.
			var kind, key string
			var amount int64
			if err := f.db.QueryRowContext(ctx, f.db.Rebind(`SELECT kind, reward_key, amount FROM reward WHERE member_id = ?`), 20).Scan(&kind, &key, &amount); err != nil ||
				kind != rewards.KindCash || amount != 25_00 || key != fmt.Sprintf("points:redeem:%d", r1.ID) {
				t.Fatalf("reward %s %s %d %v", kind, key, amount, err)
			}
			if r1.Status != StatusApproved || r1.Ref != fmt.Sprintf("PM%08d", r1.ID) {
				t.Fatalf("redemption %+v", r1)
			}
		})
	}
}

// TestWrongPassword: a wrong payment password changes nothing and counts
// towards the withdrawal's lock; after 5 the right one is locked out too.
func TestWrongPassword(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			it := f.goods(t, 5, 0)
			f.give(t, 3, 1000)
			for i := 0; i < 4; i++ {
				_, err := f.svc.Redeem(ctx, 3, fmt.Sprint("w", i), RedeemRequest{ItemID: it.ID, PaymentPassword: "000000", Address: addr}, "EN")
				if e := apperr.As(err); e.Code != "withdraw.wrong_payment_password" {
					t.Fatalf("try %d: %v", i, err)
				}
			}
			_, err := f.svc.Convert(ctx, 3, "w4", ConvertRequest{Points: 500, PaymentPassword: "000000"})
			if e := apperr.As(err); e.Code != "withdraw.payment_password_locked" {
				t.Fatalf("fifth wrong try: %v", err)
			}
			_, err = f.svc.Redeem(ctx, 3, "w5", RedeemRequest{ItemID: it.ID, PaymentPassword: goodPassword, Address: addr}, "EN")
			if e := apperr.As(err); e.Code != "withdraw.payment_password_locked" {
				t.Fatalf("locked: %v", err)
			}
			if f.balance(t, 3) != 1000 {
				t.Fatal("points moved")
			}
			if got, _ := f.svc.item(ctx, f.db, it.ID); got.Stock != 5 {
				t.Fatal("stock moved")
			}
			if p, _ := f.svc.Redemptions(ctx, 3, "", 1, 20); p.Total != 0 {
				t.Fatalf("redemptions %+v", p)
			}
			f.clk.Advance(6 * time.Minute)
			if _, err := f.svc.Redeem(ctx, 3, "w6", RedeemRequest{ItemID: it.ID, PaymentPassword: goodPassword, Address: addr}, "EN"); err != nil {
				t.Fatalf("after the lock: %v", err)
			}
			// Goods need a delivery address.
			_, err = f.svc.Redeem(ctx, 3, "w7", RedeemRequest{ItemID: it.ID, PaymentPassword: goodPassword, Address: &Address{Name: "J", Phone: "1", Address: "x"}}, "EN")
			if e := apperr.As(err); e.Code != "points.invalid_address" {
				t.Fatalf("address: %v", err)
			}
		})
	}
}

// TestRejectRefundsOnce: parallel rejections of one redemption on goods
// refund its points and stock once; an approved one cannot be rejected.
func TestRejectRefundsOnce(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			it := f.goods(t, 3, 0)
			f.give(t, 4, 250)
			r, err := f.svc.Redeem(ctx, 4, "a", RedeemRequest{ItemID: it.ID, Quantity: 2, PaymentPassword: goodPassword, Address: addr}, "EN")
			if err != nil || r.Status != StatusInProcess || r.Points != 200 || r.Address == nil || r.Address.Phone != "+639171234567" {
				t.Fatalf("redeem %+v %v", r, err)
			}
			if f.balance(t, 4) != 50 {
				t.Fatal("points not taken")
			}
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() { defer wg.Done(); _, errs[i] = f.svc.Reject(ctx, r.ID, 1, "address out of area") }()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				} else if !errors.Is(err, ErrReviewed) {
					t.Fatalf("reject: %v", err)
				}
			}
			if ok != 1 || f.balance(t, 4) != 250 {
				t.Fatalf("%d rejections, balance %d", ok, f.balance(t, 4))
			}
			if got, _ := f.svc.item(ctx, f.db, it.ID); got.Stock != 3 {
				t.Fatalf("stock %d", got.Stock)
			}
			h, _ := f.svc.History(ctx, 4, 1, 20)
			if h.List[0].Type != TypeRefund || h.List[0].Change != 200 || h.List[0].Status != StatusRejected || h.List[0].Remark != "address out of area" {
				t.Fatalf("refund entry %+v", h.List[0])
			}
			r2, err := f.svc.Redeem(ctx, 4, "b", RedeemRequest{ItemID: it.ID, PaymentPassword: goodPassword, Address: addr}, "EN")
			if err != nil {
				t.Fatal(err)
			}
			if a, err := f.svc.Approve(ctx, r2.ID, 1); err != nil || a.Status != StatusApproved {
				t.Fatalf("approve %+v %v", a, err)
			}
			if _, err := f.svc.Reject(ctx, r2.ID, 1, "too late"); !errors.Is(err, ErrReviewed) {
				t.Fatalf("reject after approval: %v", err)
			}
			if f.balance(t, 4) != 150 {
				t.Fatalf("balance %d", f.balance(t, 4))
			}
		})
	}
}

// TestConvert is docs/rewards.md "Points mall", worked example 2: with the
// demo brand's rate (100 points = 10.00, from 500 points), 700 points
// convert to a CASH reward of 70.00; 450 is below the minimum and 550 is
// not a whole number of 100; converting more than the balance moves
// nothing.
func TestConvert(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, dialect)
			f.give(t, 5, 800)
			if _, err := f.svc.Convert(ctx, 5, "c0", ConvertRequest{Points: 450, PaymentPassword: goodPassword}); apperr.As(err).Code != "points.convert_min" {
				t.Fatalf("below the minimum: %v", err)
			}
			if _, err := f.svc.Convert(ctx, 5, "c1", ConvertRequest{Points: 550, PaymentPassword: goodPassword}); apperr.As(err).Code != "points.convert_step" {
				t.Fatalf("step: %v", err)
			}
			if _, err := f.svc.Convert(ctx, 5, "c2", ConvertRequest{Points: 900, PaymentPassword: goodPassword}); !errors.Is(err, ErrNotEnough) {
				t.Fatalf("more than the balance: %v", err)
			}
			r, err := f.svc.Convert(ctx, 5, "c3", ConvertRequest{Points: 700, PaymentPassword: goodPassword})
			if err != nil || r.Amount != 70_00 || r.Kind != KindConvert || r.Status != StatusApproved {
				t.Fatalf("convert %+v %v", r, err)
			}
			if f.balance(t, 5) != 100 {
				t.Fatalf("balance %d", f.balance(t, 5))
			}
			var amount int64
			var kind string
			if err := f.db.QueryRowContext(ctx, f.db.Rebind(`SELECT amount, kind FROM reward WHERE reward_key = ?`), fmt.Sprintf("points:convert:%d", r.ID)).Scan(&amount, &kind); err != nil ||
				amount != 70_00 || kind != rewards.KindCash {
				t.Fatalf("reward %d %s %v", amount, kind, err)
			}
		})
	}
}

// TestFreeSpinsReward: the demo's free spins (20 × 5.00) issue a BONUS of
// 100.00 that only in-house play wagers, once through, bets up to 5.00.
func TestFreeSpinsReward(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, db.SQLite)
	if _, err := SeedDemo(ctx, f.db, f.clk.Now()); err != nil {
		t.Fatal(err)
	}
	items, err := f.svc.Items(ctx, 6, "TY", false)
	if err != nil || len(items) != 4 || items[1].Kind != KindFreeSpins || items[1].Name != "20 libreng spin sa Palaro Slot" {
		t.Fatalf("items %+v %v", items, err)
	}
	f.give(t, 6, 800)
	if _, err := f.svc.Redeem(ctx, 6, "fs", RedeemRequest{ItemID: items[1].ID, PaymentPassword: goodPassword}, "EN"); err != nil {
		t.Fatal(err)
	}
	var kind, weights string
	var amount, required, maxBet int64
	if err := f.db.QueryRowContext(ctx, `SELECT kind, amount, wager_required, max_bet, weights FROM reward WHERE member_id = 6`).Scan(&kind, &amount, &required, &maxBet, &weights); err != nil ||
		kind != rewards.KindBonus || amount != 100_00 || required != 100_00 || maxBet != 5_00 || weights != `{"BGS":10000}` {
		t.Fatalf("free spins reward %s %d %d %d %s %v", kind, amount, required, maxBet, weights, err)
	}
}
