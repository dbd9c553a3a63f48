package game

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)

		t.Run("EmptyCatalogLoads", func(t *testing.T) {
			data, err := s.Load(ctx)
			if err != nil || len(data.Vendors) != 0 || len(data.Games) != 0 || data.Version != 0 {
				t.Fatalf("load empty: %+v, %v", data, err)
			}
		})

		t.Run("SeedDemoOnceThenNoOp", func(t *testing.T) {
			seeded, err := SeedDemo(ctx, s, testNow)
			if err != nil || !seeded {
				t.Fatalf("first seed: %v, %v", seeded, err)
			}
			seeded, err = SeedDemo(ctx, s, testNow)
			if err != nil || seeded {
				t.Fatalf("second seed must be a no-op: %v, %v", seeded, err)
			}
		})

		t.Run("LoadRoundTrips", func(t *testing.T) {
			vendors, games, winners := DemoCatalog(testNow)
			data, err := s.Load(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(data.Vendors) != len(vendors) || len(data.Games) != len(games) {
				t.Fatalf("loaded %d vendors, %d games; want %d, %d", len(data.Vendors), len(data.Games), len(vendors), len(games))
			}
			if data.Version != 1 {
				t.Errorf("version %d after one import, want 1", data.Version)
			}
			byCode := map[string]Game{}
			for _, g := range data.Games {
				byCode[g.GameCode] = g
			}
			for _, want := range games {
				got := byCode[want.GameCode]
				if got.NodeID != want.NodeID || got.Name != want.Name || got.IsHot != want.IsHot || got.IsNew != want.IsNew ||
					got.SubCategory != want.SubCategory || got.Maintenance != want.Maintenance || !got.CreatedAt.Equal(want.CreatedAt.Truncate(time.Millisecond)) {
					t.Fatalf("game %s: got %+v want %+v", want.GameCode, got, want)
				}
			}
			// Winners come back capped per board, in board order.
			perBoard := map[string]int{}
			for i, w := range data.Winners {
				perBoard[w.Kind+"/"+w.GameType]++
				if i > 0 && data.Winners[i-1].Kind == w.Kind && data.Winners[i-1].GameType == w.GameType && winnerBefore(w, data.Winners[i-1]) {
					t.Fatalf("winners out of board order at %d", i)
				}
			}
			for k, n := range perBoard {
				if n > MaxWinnerLimit {
					t.Errorf("board %s has %d entries", k, n)
				}
			}
			if len(data.Winners) == 0 || len(winners) < 60 {
				t.Fatalf("winners: loaded %d, demo %d", len(data.Winners), len(winners))
			}
		})

		t.Run("WritesBumpVersion", func(t *testing.T) {
			before, _ := s.Version(ctx)
			v := Vendor{Code: "NEWV", GameType: "RNG", DisplayName: "New Vendor", LaunchMode: LaunchIframe, Sort: 99}
			if err := s.PutVendor(ctx, &v, testNow); err != nil {
				t.Fatal(err)
			}
			g := Game{Name: "Bagong Laro", VendorCode: "NEWV", GameType: "RNG", GameCode: "NEWV_BAGONG_LARO", Sort: 1}
			if err := s.PutGame(ctx, &g, testNow); err != nil {
				t.Fatal(err)
			}
			if g.NodeID == 0 {
				t.Fatal("PutGame must assign a node id")
			}
			w := Winner{Kind: KindBig, CustomerName: "ab***cd", WinAmount: 123456, NodeID: g.NodeID, WonAt: testNow}
			if err := s.AddWinner(ctx, &w, testNow); err != nil || w.ID == 0 || w.GameType != "RNG" {
				t.Fatalf("add winner: %+v, %v", w, err)
			}
			after, _ := s.Version(ctx)
			if want := (Versions{Catalog: before.Catalog + 2, Winners: before.Winners + 1}); after != want {
				t.Fatalf("versions %+v -> %+v, want %+v (a vendor and a game move the catalogue's, a winner the boards')", before, after, want)
			}
			v2, ws, err := s.LoadWinners(ctx)
			if err != nil || v2 != after.Winners || len(ws) == 0 {
				t.Fatalf("load winners: version %d (want %d), %d entries, %v", v2, after.Winners, len(ws), err)
			}
		})

		t.Run("ErrDuplicateGameCode", func(t *testing.T) {
			g := Game{Name: "Copy", VendorCode: "NEWV", GameType: "RNG", GameCode: "NEWV_BAGONG_LARO"}
			err := s.PutGame(ctx, &g, testNow)
			if !errors.Is(err, apperr.Conflict("game.duplicate")) {
				t.Fatalf("want game.duplicate, got %v", err)
			}
		})

		t.Run("ErrVendorNotFound", func(t *testing.T) {
			g := Game{Name: "Orphan", VendorCode: "NOPE", GameType: "RNG", GameCode: "NOPE_ORPHAN"}
			if err := s.PutGame(ctx, &g, testNow); !errors.Is(err, apperr.NotFound("game.vendor_not_found")) {
				t.Fatalf("want game.vendor_not_found, got %v", err)
			}
		})

		t.Run("ErrWinnerGameNotFound", func(t *testing.T) {
			w := Winner{Kind: KindBig, CustomerName: "x***y", WinAmount: 1, NodeID: 999999, WonAt: testNow}
			if err := s.AddWinner(ctx, &w, testNow); !errors.Is(err, apperr.NotFound("game.not_found")) {
				t.Fatalf("want game.not_found, got %v", err)
			}
		})
	})
}
