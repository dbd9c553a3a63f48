package secrets

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestFirstWins: parallel first asks agree on one value, and later asks
// read it whatever they offer.
func TestFirstWins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := NewStore(d)
		ctx := context.Background()
		got := make([]string, 16)
		var wg sync.WaitGroup
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v, err := s.Secret(ctx, "k", string(rune('a'+i)), time.Now())
				if err != nil {
					t.Error(err)
				}
				got[i] = v
			}()
		}
		wg.Wait()
		for _, v := range got {
			if v != got[0] || v == "" {
				t.Fatalf("values differ: %q", got)
			}
		}
		if v, err := s.Secret(ctx, "k", "other", time.Now()); err != nil || v != got[0] {
			t.Fatalf("later ask: %q %v", v, err)
		}
	})
}
