package wallet

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/realtime"
)

// staticBrand serves a brand configuration tests can change.
type staticBrand struct {
	mu sync.Mutex
	c  brand.Config
}

func (b *staticBrand) Current(context.Context) (*brand.Config, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.c
	return &c, nil
}

// recorder is a realtime.Publisher that keeps what was published.
type recorder struct {
	mu     sync.Mutex
	events []published
}

type published struct {
	member int64
	ev     realtime.Event
	data   BalanceEvent
}

func (r *recorder) Publish(_ context.Context, memberID int64, ev realtime.Event) error {
	var d BalanceEvent
	if err := json.Unmarshal(ev.Data, &d); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, published{memberID, ev, d})
	return nil
}

// take returns the events so far and forgets them.
func (r *recorder) take() []published {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

type env struct {
	t      testing.TB
	ledger *ledger.Store
	brand  *staticBrand
	rec    *recorder
	svc    *Service
}

func newEnv(t testing.TB, d *db.DB) *env {
	l := ledger.NewStore(d, nil)
	b := &staticBrand{c: brand.Demo()}
	rec := &recorder{}
	return &env{t: t, ledger: l, brand: b, rec: rec, svc: NewService(l, b, rec, nil)}
}

func (e *env) account(spec ledger.AccountSpec) ledger.Account {
	e.t.Helper()
	a, err := e.ledger.EnsureAccount(context.Background(), spec)
	if err != nil {
		e.t.Fatalf("ensure %+v: %v", spec, err)
	}
	return a
}

func (e *env) balance(id int64) int64 {
	e.t.Helper()
	v, err := e.ledger.Balance(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

func (e *env) verifyClean() {
	e.t.Helper()
	rep, err := e.ledger.Verify(context.Background())
	if err != nil || !rep.OK() {
		e.t.Fatalf("verify: %v %v", err, rep.Problems)
	}
}

// parallel runs fn(i) for i in [0, n) at the same moment and waits for all.
func parallel(n int, fn func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			fn(i)
		}()
	}
	close(start)
	wg.Wait()
}

func TestMainAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)

		t.Run("ConcurrentFirstCallsMakeOneAccount", func(t *testing.T) {
			member := account.Caller{MemberID: 7, Type: account.TypeMember}
			ids := make([]int64, 20)
			errs := make([]error, 20)
			parallel(20, func(i int) {
				a, err := e.svc.MainAccount(ctx, member)
				ids[i], errs[i] = a.ID, err
			})
			for i := range ids {
				if errs[i] != nil || ids[i] != ids[0] {
					t.Fatalf("call %d: id %d err %v (first id %d)", i, ids[i], errs[i], ids[0])
				}
			}
			accts, err := e.ledger.AccountsOf(ctx, ledger.OwnerMember, 7)
			if err != nil || len(accts) != 1 {
				t.Fatalf("accounts %+v %v", accts, err)
			}
			if a := accts[0]; a.Purpose != ledger.PurposePlayerMain || a.Currency != "PHP" || a.Balance != 0 || a.Version != 0 {
				t.Fatalf("account %+v", a)
			}
			if ev := e.rec.take(); len(ev) != 0 {
				t.Fatalf("creating an account published %v", ev)
			}
		})

		t.Run("TrialConcurrentFirstCallsOpenOnce", func(t *testing.T) {
			trial := account.Caller{MemberID: 8, Type: account.TypeTrial}
			bals := make([]int64, 20)
			errs := make([]error, 20)
			parallel(20, func(i int) {
				a, err := e.svc.MainAccount(ctx, trial)
				bals[i], errs[i] = a.Balance, err
			})
			for i := range bals {
				if errs[i] != nil || bals[i] != FreePlayOpening {
					t.Fatalf("call %d: balance %d err %v", i, bals[i], errs[i])
				}
			}
			accts, err := e.ledger.AccountsOf(ctx, ledger.OwnerMember, 8)
			if err != nil || len(accts) != 1 || accts[0].Currency != FreePlayCurrency || accts[0].Version != 1 {
				t.Fatalf("accounts %+v %v", accts, err)
			}
			house, err := e.ledger.FindAccount(ctx, ledger.System(ledger.PurposeHouse, FreePlayCurrency))
			if err != nil || house.Balance != -FreePlayOpening {
				t.Fatalf("house %+v %v", house, err)
			}
			ev := e.rec.take()
			if len(ev) != 1 || ev[0].member != 8 || ev[0].data != (BalanceEvent{FreePlayOpening, FreePlayCurrency}) {
				t.Fatalf("events %+v, want one opening event", ev)
			}
			e.verifyClean()
		})

		t.Run("TrialOpeningPostsOnce", func(t *testing.T) {
			trial := account.Caller{MemberID: 9, Type: account.TypeTrial}
			for i := 0; i < 3; i++ {
				b, err := e.svc.Balance(ctx, trial)
				want := Balance{Balance: FreePlayOpening, Currency: "FUN", CurrencySymbol: "FUN", Decimals: 2, FreePlay: true}
				if err != nil || b != want {
					t.Fatalf("call %d: %+v %v", i, b, err)
				}
			}
			a, err := e.ledger.FindAccount(ctx, ledger.PlayerMain(9, FreePlayCurrency))
			if err != nil || a.Version != 1 {
				t.Fatalf("account %+v %v: want exactly one posting", a, err)
			}
			// The opening posting is the one with the documented key.
			p, err := e.ledger.Post(ctx, ledger.PostingRequest{Key: "freeplay-opening:9", Kind: ledger.KindAdjustment,
				Lines: []ledger.Line{
					{AccountID: e.account(ledger.System(ledger.PurposeHouse, FreePlayCurrency)).ID, Amount: -FreePlayOpening, Currency: FreePlayCurrency},
					{AccountID: a.ID, Amount: FreePlayOpening, Currency: FreePlayCurrency},
				}, Metadata: map[string]string{"reason": "freeplay_opening"}})
			if err != nil || !p.Replay {
				t.Fatalf("opening key: replay=%v err=%v", p.Replay, err)
			}
			if ev := e.rec.take(); len(ev) != 1 {
				t.Fatalf("events %+v", ev)
			}
		})

		t.Run("RealAccountsInBrandCurrency", func(t *testing.T) {
			for _, typ := range []int{account.TypeMember, account.TypeAgent, account.TypeAgentSub, account.TypeAgentPartner, account.TypeAgentPartSub} {
				b, err := e.svc.Balance(ctx, account.Caller{MemberID: int64(100 + typ), Type: typ})
				if want := (Balance{Currency: "PHP", CurrencySymbol: "₱", Decimals: 2}); err != nil || b != want {
					t.Fatalf("type %d: %+v %v", typ, b, err)
				}
			}
		})

		t.Run("ErrVisitor", func(t *testing.T) {
			if _, err := e.svc.Balance(ctx, account.Caller{}); apperr.As(err).Code != "auth.token_required" {
				t.Fatalf("got %v", err)
			}
		})
	})
}

func TestSeedDemo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		for run, want := range []bool{true, false} {
			posted, err := e.svc.SeedDemo(ctx, 1, 2)
			if err != nil || posted != want {
				t.Fatalf("run %d: posted %v err %v, want %v", run, posted, err, want)
			}
		}
		for _, id := range []int64{1, 2} {
			a, err := e.ledger.FindAccount(ctx, ledger.PlayerMain(id, "PHP"))
			if err != nil || a.Balance != DemoOpening || a.Version != 1 {
				t.Fatalf("member %d: %+v %v", id, a, err)
			}
		}
		clearing, err := e.ledger.FindAccount(ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
		if err != nil || clearing.Balance != -2*DemoOpening {
			t.Fatalf("clearing %+v %v", clearing, err)
		}
		if ev := e.rec.take(); len(ev) != 2 {
			t.Fatalf("events %+v, want one per member on the first run only", ev)
		}
		e.verifyClean()
	})
}

func TestPost(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		clearing := e.account(ledger.System(ledger.PurposeCashierClearing, "PHP"))
		house := e.account(ledger.System(ledger.PurposeHouse, "PHP"))
		alice := e.account(ledger.PlayerMain(11, "PHP"))
		bob := e.account(ledger.PlayerMain(12, "PHP"))
		aliceVendor := e.account(ledger.PlayerVendor(11, "PG", "PHP"))
		carolBonus := e.account(ledger.AccountSpec{OwnerType: ledger.OwnerMember, OwnerID: 13, Purpose: ledger.PurposeBonus, Currency: "PHP"})
		post := func(key string, lines ...ledger.Line) (ledger.Posting, error) {
			return e.svc.Post(ctx, ledger.PostingRequest{Key: key, Kind: ledger.KindTransfer, Lines: lines})
		}
		line := func(a ledger.Account, amount int64) ledger.Line {
			return ledger.Line{AccountID: a.ID, Amount: amount, Currency: "PHP"}
		}

		t.Run("OneEventPerTouchedMember", func(t *testing.T) {
			if _, err := post("dep-11", line(clearing, -500), line(alice, 500)); err != nil {
				t.Fatal(err)
			}
			if ev := e.rec.take(); len(ev) != 1 || ev[0].member != 11 || ev[0].ev.Type != "balance" || ev[0].data != (BalanceEvent{500, "PHP"}) {
				t.Fatalf("deposit events %+v", ev)
			}
			if _, err := post("pay-11-12", line(alice, -210), line(bob, 200), line(house, 10)); err != nil {
				t.Fatal(err)
			}
			ev := e.rec.take()
			got := map[int64]BalanceEvent{}
			for _, p := range ev {
				got[p.member] = p.data
			}
			if len(ev) != 2 || got[11] != (BalanceEvent{290, "PHP"}) || got[12] != (BalanceEvent{200, "PHP"}) {
				t.Fatalf("transfer events %+v", ev)
			}
		})

		t.Run("TwoAccountsOfOneMemberIsOneEvent", func(t *testing.T) {
			if _, err := post("to-vendor-11", line(alice, -50), line(aliceVendor, 50)); err != nil {
				t.Fatal(err)
			}
			if ev := e.rec.take(); len(ev) != 1 || ev[0].member != 11 || ev[0].data != (BalanceEvent{240, "PHP"}) {
				t.Fatalf("events %+v, want one with the main balance", ev)
			}
		})

		t.Run("ReplayPublishesNothing", func(t *testing.T) {
			p, err := post("to-vendor-11", line(alice, -50), line(aliceVendor, 50))
			if err != nil || !p.Replay {
				t.Fatalf("replay %v %v", p.Replay, err)
			}
			if ev := e.rec.take(); len(ev) != 0 {
				t.Fatalf("events %+v", ev)
			}
		})

		t.Run("RefusedPublishesNothing", func(t *testing.T) {
			_, err := post("too-much", line(alice, -10_000), line(bob, 10_000))
			if apperr.As(err).Code != "ledger.insufficient_funds" {
				t.Fatalf("got %v", err)
			}
			if ev := e.rec.take(); len(ev) != 0 {
				t.Fatalf("events %+v", ev)
			}
		})

		t.Run("SideAccountWithoutMainIsSilent", func(t *testing.T) {
			if _, err := post("bonus-13", line(house, -30), line(carolBonus, 30)); err != nil {
				t.Fatal(err)
			}
			if ev := e.rec.take(); len(ev) != 0 {
				t.Fatalf("events %+v", ev)
			}
		})

		if got := e.balance(alice.ID) + e.balance(bob.ID) + e.balance(aliceVendor.ID); got != 490 {
			t.Fatalf("players hold %d, want 490", got)
		}
		e.verifyClean()
	})
}

// TestMerchant: the brand runs a single wallet unless a vendor of the
// catalogue keeps a transfer wallet.
func TestMerchant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		if m, err := e.svc.Merchant(ctx); err != nil || !m.IsSingle {
			t.Fatalf("no catalogue: %+v %v", m, err)
		}
		store := game.NewStore(d)
		games := game.NewService(store, clock.System{}, nil, time.Nanosecond)
		e.svc.UseCatalog(games)
		if m, err := e.svc.Merchant(ctx); err != nil || !m.IsSingle {
			t.Fatalf("empty catalogue: %+v %v", m, err)
		}
		vendors, _, _ := game.DemoCatalog(time.Now())
		for i := range vendors {
			vendors[i].WalletType = game.WalletSeamless
		}
		if err := store.Import(ctx, vendors, nil, nil, time.Now()); err != nil {
			t.Fatal(err)
		}
		if m, err := e.svc.Merchant(ctx); err != nil || !m.IsSingle {
			t.Fatalf("seamless vendors only: %+v %v", m, err)
		}
		if _, err := games.PutVendor(ctx, game.Vendor{Code: "JDB", GameType: "FISH", DisplayName: "JDB Fishing", WalletType: game.WalletTransfer}); err != nil {
			t.Fatal(err)
		}
		if m, err := e.svc.Merchant(ctx); err != nil || m.IsSingle {
			t.Fatalf("one transfer vendor: %+v %v", m, err)
		}
	})
}
