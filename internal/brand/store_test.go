package brand

import (
	"context"
	"errors"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t.Run("ErrNotFound", func(t *testing.T) {
			if _, err := s.Load(ctx); !errors.Is(err, ErrNotFound) {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("OK/InsertIfEmpty", func(t *testing.T) {
			ok, err := s.InsertIfEmpty(ctx, Demo(), 1)
			if err != nil || !ok {
				t.Fatalf("first insert: %v %v", ok, err)
			}
			ok, err = s.InsertIfEmpty(ctx, Demo(), 2)
			if err != nil || ok {
				t.Fatalf("second insert: %v %v", ok, err)
			}
			c, err := s.Load(ctx)
			if err != nil || c.MerchantCode != "PALARO_DEMO" || c.Currency.Symbol != "₱" || len(c.Region.BlockedCountries) != 2 {
				t.Fatalf("load: %+v %v", c.Info.MerchantCode, err)
			}
		})
		t.Run("OK/SaveReplaces", func(t *testing.T) {
			c := Demo()
			c.MerchantCode = "OTHER"
			c.Maintenance = true
			if err := s.Save(ctx, c, 3); err != nil {
				t.Fatal(err)
			}
			got, err := s.Load(ctx)
			if err != nil || got.MerchantCode != "OTHER" || !got.Maintenance {
				t.Fatalf("got %s %v %v", got.MerchantCode, got.Maintenance, err)
			}
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM brand`).Scan(&n); err != nil || n != 1 {
				t.Fatalf("rows %d %v", n, err)
			}
		})
	})
}
