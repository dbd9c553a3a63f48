package brand

import (
	"context"
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestServiceStatus(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name        string
		maintenance bool
		client      Client
		want        int
	}{
		{"OK/Normal", false, Client{IP: netip.MustParseAddr("198.51.100.1"), Country: "PH"}, StatusNormal},
		{"Region/BlockedCountry", false, Client{IP: netip.MustParseAddr("198.51.100.1"), Country: "US"}, StatusRegion},
		{"Maintenance", true, Client{IP: netip.MustParseAddr("198.51.100.1"), Country: "PH"}, StatusMaintenance},
		{"Maintenance/WinsOverRegion", true, Client{IP: netip.MustParseAddr("198.51.100.1"), Country: "KP"}, StatusMaintenance},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clock.System{})
			c := Demo()
			c.Maintenance = tc.maintenance
			if err := svc.Import(ctx, c); err != nil {
				t.Fatal(err)
			}
			st, err := svc.Status(ctx, tc.client)
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tc.want || st.Maintenance != tc.maintenance {
				t.Fatalf("status %d maintenance %v, want %d", st.Status, st.Maintenance, tc.want)
			}
			if tc.client.Country == "KP" && !st.RegionRestriction {
				t.Fatal("regionRestriction flag should still be reported")
			}
			if st.Location.IP != tc.client.IP.String() || st.Info.CustomerService[0].Target != "" {
				t.Fatalf("location %+v or target leaked", st.Location)
			}
		})
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clock.System{})
		if _, err := svc.Status(ctx, Client{}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrInvalidConfig", func(t *testing.T) {
		svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clock.System{})
		c := Demo()
		c.DefaultLanguage = "XX"
		if err := svc.Import(ctx, c); !errors.Is(err, ErrInvalidConfig) {
			t.Fatalf("got %v", err)
		}
	})
}

// An import through another instance (another server, or the CLI) is
// seen once the cache is RefreshEvery old, not before.
func TestServiceRefresh(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Open(t, db.SQLite)
	clk := clock.NewFixed(time.Unix(1_700_000_000, 0))
	served := NewService(NewStore(d), clk)
	operator := NewService(NewStore(d), clk)
	if _, err := served.Seed(ctx, Demo()); err != nil {
		t.Fatal(err)
	}
	if st, _ := served.Status(ctx, Client{}); st.Status != StatusNormal {
		t.Fatalf("status %d", st.Status)
	}
	c := Demo()
	c.Maintenance = true
	if err := operator.Import(ctx, c); err != nil {
		t.Fatal(err)
	}
	clk.Advance(RefreshEvery - time.Millisecond)
	if st, _ := served.Status(ctx, Client{}); st.Status != StatusNormal {
		t.Fatal("cache refreshed too early")
	}
	clk.Advance(time.Millisecond)
	if st, _ := served.Status(ctx, Client{}); st.Status != StatusMaintenance {
		t.Fatalf("maintenance not seen after %s", RefreshEvery)
	}
}
