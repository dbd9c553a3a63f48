package transfervendor

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// TestPlayConcurrent: parallel game rounds against one wallet never take it
// below zero; exactly the affordable ones are settled, each recorded once;
// a round id cannot be played twice; an unfunded player has nothing to bet.
func TestPlayConcurrent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d)
		bob := vendorwallet.Player{ID: "m2", Currency: "PHP"}
		if r, err := f.client.Deposit(ctx, bob, 1000, "trplaytest00000000000001"); err != nil || r.Status != vendorwallet.StatusSuccess {
			t.Fatalf("deposit %+v %v", r, err)
		}
		store := NewStore(d)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, poor := 0, 0
		played := ""
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := store.Play(ctx, "JDB", "m2", "PHP", "JDB_GAME", "sgplay"+strconv.Itoa(100+i), 100, 0, time.Now())
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
					played = "sgplay" + strconv.Itoa(100+i)
				case errors.Is(err, ErrInsufficientFunds):
					poor++
				default:
					t.Errorf("play %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		if ok != 10 || poor != 6 {
			t.Fatalf("%d settled, %d refused; want 10 and 6", ok, poor)
		}
		if bal, _ := store.Balance(ctx, "JDB", "m2"); bal != 0 {
			t.Fatalf("balance %d", bal)
		}
		if r, err := f.client.Deposit(ctx, bob, 500, "trplaytest00000000000002"); err != nil || r.Status != vendorwallet.StatusSuccess {
			t.Fatal(err)
		}
		if bal, err := store.Play(ctx, "JDB", "m2", "PHP", "JDB_GAME", played, 100, 300, time.Now()); !errors.Is(err, ErrDuplicateRound) || bal != 500 {
			t.Fatalf("replayed round: %d %v", bal, err)
		}
		if bal, err := store.Play(ctx, "JDB", "m2", "PHP", "JDB_GAME", "sgplaywin", 100, 300, time.Now()); err != nil || bal != 700 {
			t.Fatalf("win: %d %v", bal, err)
		}
		if bal, err := store.Play(ctx, "JDB", "m2", "USD", "JDB_GAME", "sgplayusd", 100, 0, time.Now()); !errors.Is(err, ErrCurrencyMismatch) || bal != 700 {
			t.Fatalf("currency: %d %v", bal, err)
		}
		if _, err := store.Play(ctx, "JDB", "m404", "PHP", "JDB_GAME", "sgplaynone", 100, 0, time.Now()); !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("unfunded: %v", err)
		}
	})
}
