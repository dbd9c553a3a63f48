package transfervendor

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// TestRounds: every round Play settles is served once by the rounds call,
// in settlement order, page by page after the cursor; concurrent rounds get
// consecutive sequence numbers; a refused round is not in the history; a
// cursor never handed out and a lost answer are no answer.
func TestRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d)
		store := NewStore(d)
		players := []string{"m7", "m8", "m9"}
		for i, p := range players {
			if r, err := f.client.Deposit(ctx, vendorwallet.Player{ID: p, Currency: "PHP"}, 1000, fmt.Sprintf("trrounds0000000000000%03d", i)); err != nil || r.Status != vendorwallet.StatusSuccess {
				t.Fatalf("deposit %+v %v", r, err)
			}
		}
		var wg sync.WaitGroup
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if _, err := store.Play(ctx, "JDB", players[i%3], "PHP", "JDB_GAME", fmt.Sprintf("sground%03d", i), 50, int64(i), time.Now()); err != nil {
					t.Errorf("play %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		// Refused: not in the history.
		if _, err := store.Play(ctx, "JDB", "m7", "PHP", "JDB_GAME", "sgroundpoor", 5000, 0, time.Now()); !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("poor: %v", err)
		}

		seen := map[string]bool{}
		since, pages := "", 0
		for {
			a, err := f.client.Rounds(ctx, since, 5)
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, r := range a.Rounds {
				if seen[r.RoundID] || r.Validate() != nil || r.Bet != 50 || r.ValidBet != 50 || r.Status != vendorwallet.RoundCompleted || r.GameCode != "JDB_GAME" {
					t.Fatalf("round %+v", r)
				}
				seen[r.RoundID] = true
			}
			if want := fmt.Sprint(len(seen)); a.Next != want {
				t.Fatalf("next %q after %d rounds", a.Next, len(seen))
			}
			since = a.Next
			if !a.More {
				break
			}
		}
		if len(seen) != 12 || pages != 3 || seen["sgroundpoor"] {
			t.Fatalf("%d rounds in %d pages", len(seen), pages)
		}
		// Nothing after the end: the cursor stays.
		if a, err := f.client.Rounds(ctx, since, 5); err != nil || len(a.Rounds) != 0 || a.More || a.Next != since {
			t.Fatalf("end %+v %v", a, err)
		}
		// A new round comes after the cursor.
		if _, err := store.Play(ctx, "JDB", "m8", "PHP", "JDB_GAME", "sgroundlate", 50, 0, time.Now()); err != nil {
			t.Fatal(err)
		}
		if a, err := f.client.Rounds(ctx, since, 5); err != nil || len(a.Rounds) != 1 || a.Rounds[0].RoundID != "sgroundlate" || a.Next != "13" {
			t.Fatalf("late %+v %v", a, err)
		}
		for _, bad := range []string{"x", "-1", "007"} {
			if _, err := f.client.Rounds(ctx, bad, 5); !errors.Is(err, vendorwallet.ErrUnknown) {
				t.Errorf("cursor %q: %v", bad, err)
			}
		}
		f.srv.Inject(FaultLoseAnswer, "rounds")
		if _, err := f.client.Rounds(ctx, "", 5); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("lost answer: %v", err)
		}
	})
}
