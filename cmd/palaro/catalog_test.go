package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestCatalogMaintenance: the command flips maintenance of a game or a
// vendor, and a running server's catalogue (another process's snapshot)
// picks it up through the version counter.
func TestCatalogMaintenance(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		store, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		if _, err := store.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := game.SeedDemo(ctx, game.NewStore(store), time.Now()); err != nil {
			t.Fatal(err)
		}
		running := game.NewService(game.NewStore(store), clock.System{}, nil, time.Millisecond)
		cat, err := running.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g := cat.ListGames(game.ListFilter{GameType: "RNG", Vendors: []string{"PG"}, PageNo: 1, PageSize: 1}).Games[0]
		if g.Maintenance {
			t.Fatal("seed game already in maintenance")
		}
		snapshot := func() *game.Catalog {
			time.Sleep(5 * time.Millisecond) // past the refresh interval
			c, err := running.Catalog(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}

		if code, out := runPalaro(t, url, "catalog", "maintenance", "--game", g.GameCode, "--on"); code != 0 || !strings.Contains(out, "maintenance on") {
			t.Fatalf("exit %d %q", code, out)
		}
		if got, _ := snapshot().Game(g.NodeID); !got.Maintenance {
			t.Fatal("the running catalogue did not pick up the game's maintenance")
		}
		if code, out := runPalaro(t, url, "catalog", "maintenance", "--game", g.GameCode, "--off"); code != 0 {
			t.Fatalf("exit %d %q", code, out)
		}
		if got, _ := snapshot().Game(g.NodeID); got.Maintenance {
			t.Fatal("maintenance still on after --off")
		}

		if code, out := runPalaro(t, url, "catalog", "maintenance", "--vendor", "JDB", "--game-type", "fish", "--on"); code != 0 || !strings.Contains(out, "(1 row(s))") {
			t.Fatalf("exit %d %q", code, out)
		}
		c := snapshot()
		if v, _ := c.VendorOf("JDB", "FISH"); !v.Maintenance {
			t.Error("JDB FISH not in maintenance")
		}
		if v, _ := c.VendorOf("JDB", "RNG"); v.Maintenance {
			t.Error("JDB RNG in maintenance: only FISH was asked")
		}

		for _, args := range [][]string{
			{"catalog", "maintenance", "--game", "NO_SUCH_GAME", "--on"},
			{"catalog", "maintenance", "--vendor", "NOPE", "--off"},
		} {
			if code, out := runPalaro(t, url, args...); code != 1 || !strings.Contains(out, "not_found") {
				t.Errorf("%v: exit %d %q", args, code, out)
			}
		}
		for _, args := range [][]string{
			{"catalog", "maintenance", "--game", g.GameCode},
			{"catalog", "maintenance", "--game", g.GameCode, "--on", "--off"},
			{"catalog", "maintenance", "--game", g.GameCode, "--vendor", "PG", "--on"},
			{"catalog", "maintenance", "--game-type", "RNG", "--on"},
			{"catalog"},
		} {
			if code, out := runPalaro(t, url, args...); code != 1 || !strings.Contains(out, "usage: palaro catalog") {
				t.Errorf("%v: exit %d %q", args, code, out)
			}
		}

		if code, out := runPalaro(t, url, "catalog", "launch-rule", "--vendor", "PG", "--free-play"); code != 0 || !strings.Contains(out, "freePlay=true") {
			t.Fatalf("launch-rule: exit %d %q", code, out)
		}
		if r, err := launch.NewStore(store).Rule(ctx, "PG", g.GameCode); err != nil || !r.FreePlay || r.Disabled {
			t.Errorf("rule %+v %v", r, err)
		}
	})
}
