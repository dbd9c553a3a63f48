package game

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestDemoCatalog(t *testing.T) {
	vendors, games, winners := DemoCatalog(testNow)
	t.Run("EnoughGamesAndFlags", func(t *testing.T) {
		perCat, hot, subs := map[string]int{}, map[string]int{}, map[string]int{}
		codes := map[string]bool{}
		for _, g := range games {
			if err := g.Validate(); err != nil {
				t.Fatalf("game %s: %v", g.GameCode, err)
			}
			if codes[g.GameCode] {
				t.Fatalf("duplicate game code %s", g.GameCode)
			}
			codes[g.GameCode] = true
			perCat[g.GameType]++
			if g.IsHot {
				hot[g.GameType]++
			}
			subs[g.SubCategory]++
		}
		if n := perCat["RNG"] + perCat["LIVE"] + perCat["FISH"] + perCat["PVP"] + perCat["BGS"]; n < 400 {
			t.Errorf("%d games in RNG, LIVE, FISH, PVP, BGS; want >= 400", n)
		}
		for _, c := range []string{"RNG", "LIVE", "FISH", "PVP", "BGS"} {
			if hot[c] < 8 {
				t.Errorf("%s has %d hot games, want >= 8", c, hot[c])
			}
		}
		for _, s := range SubCategories {
			if subs[s] == 0 {
				t.Errorf("no game in sub-category %s", s)
			}
		}
	})
	t.Run("VendorFlags", func(t *testing.T) {
		var vassalage, window, maint, isNew int
		for _, v := range vendors {
			if err := v.Validate(); err != nil {
				t.Fatalf("vendor %s: %v", v.Code, err)
			}
			if v.IsGame == IsGameVassalage {
				vassalage++
			}
			if v.LaunchMode == LaunchWindow {
				window++
			}
			if v.Maintenance {
				maint++
			}
			if v.IsNew {
				isNew++
			}
		}
		if vassalage == 0 || window == 0 || maint == 0 || isNew < 2 {
			t.Fatalf("vassalage %d, window %d, maintenance %d, new %d", vassalage, window, maint, isNew)
		}
	})
	t.Run("WinnersMasked", func(t *testing.T) {
		kinds := map[string]int{}
		for _, w := range winners {
			kinds[w.Kind]++
			if !strings.Contains(w.CustomerName, "***") || w.WinAmount <= 0 {
				t.Fatalf("winner %+v", w)
			}
		}
		if kinds[KindBig] < 40 || kinds[KindJackpot] < 20 {
			t.Fatalf("winners %v", kinds)
		}
	})
}

func TestListGames(t *testing.T) {
	svc, _ := sqliteDemo(t)
	c, err := svc.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rngTotal := c.ListGames(ListFilter{GameType: "RNG", PageNo: 1, PageSize: 100}).Total

	tests := []struct {
		name  string
		f     ListFilter
		check func(t *testing.T, p GamePage)
	}{
		{"FirstPage", ListFilter{GameType: "RNG", PageNo: 1, PageSize: 24}, func(t *testing.T, p GamePage) {
			if len(p.Games) != 24 || p.Total != rngTotal || p.TotalPages != (rngTotal+23)/24 {
				t.Fatalf("got %d games, total %d, pages %d", len(p.Games), p.Total, p.TotalPages)
			}
		}},
		{"LastPagePartial", ListFilter{GameType: "RNG", PageNo: (rngTotal + 23) / 24, PageSize: 24}, func(t *testing.T, p GamePage) {
			if want := rngTotal - (p.PageNo-1)*24; len(p.Games) != want {
				t.Fatalf("last page has %d, want %d", len(p.Games), want)
			}
		}},
		{"PageBeyondEndEmpty", ListFilter{GameType: "RNG", PageNo: 999, PageSize: 24}, func(t *testing.T, p GamePage) {
			if len(p.Games) != 0 || p.Games == nil || p.Total != rngTotal {
				t.Fatalf("got %d games (nil %v), total %d", len(p.Games), p.Games == nil, p.Total)
			}
		}},
		{"PagesDoNotOverlap", ListFilter{GameType: "LIVE", PageNo: 2, PageSize: 10}, func(t *testing.T, p GamePage) {
			first := c.ListGames(ListFilter{GameType: "LIVE", PageNo: 1, PageSize: 10})
			seen := map[int64]bool{}
			for _, g := range append(first.Games, p.Games...) {
				if seen[g.NodeID] {
					t.Fatalf("node %d on both pages", g.NodeID)
				}
				seen[g.NodeID] = true
			}
		}},
		{"OneVendor", ListFilter{GameType: "RNG", Vendors: []string{"PG"}, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			for _, g := range p.Games {
				if g.Vassalage != "PG" || g.GameType != "RNG" {
					t.Fatalf("got %s/%s", g.Vassalage, g.GameType)
				}
			}
			if p.Total != 32 {
				t.Fatalf("PG has %d RNG games, want 32", p.Total)
			}
		}},
		{"VendorList", ListFilter{GameType: "FISH", Vendors: []string{"FC", "JL"}, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			if p.Total != 22 {
				t.Fatalf("FC+JL fish total %d, want 22", p.Total)
			}
		}},
		{"VendorAcrossCategories", ListFilter{Vendors: []string{"JDB"}, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			cats := map[string]bool{}
			for _, g := range p.Games {
				cats[g.GameType] = true
			}
			if !cats["RNG"] || !cats["FISH"] {
				t.Fatalf("JDB categories %v", cats)
			}
		}},
		{"KeywordCaseInsensitive", ListFilter{Keyword: Fold("PERLAS NG"), PageNo: 1, PageSize: 24}, func(t *testing.T, p GamePage) {
			if p.Total != 1 || p.Games[0].GameName != "Perlas ng Silangan" {
				t.Fatalf("got %+v", p)
			}
		}},
		{"KeywordUnicode", ListFilter{Keyword: Fold("XỔ SỐ MIỀN"), PageNo: 1, PageSize: 24}, func(t *testing.T, p GamePage) {
			if p.Total != 3 {
				t.Fatalf("unicode search found %d, want 3", p.Total)
			}
		}},
		{"KeywordNoMatch", ListFilter{Keyword: "zzzz", PageNo: 1, PageSize: 24}, func(t *testing.T, p GamePage) {
			if p.Total != 0 || p.TotalPages != 0 || p.Games == nil {
				t.Fatalf("got %+v", p)
			}
		}},
		{"SelectionHot", ListFilter{GameType: "PVP", Selection: SelectHot, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			if p.Total < 8 {
				t.Fatalf("only %d hot PVP games", p.Total)
			}
			for _, g := range p.Games {
				if g.IsHot != 1 {
					t.Fatalf("%s not hot", g.GameCode)
				}
			}
		}},
		{"SelectionNew", ListFilter{GameType: "RNG", Selection: SelectNew, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			if p.Total == 0 {
				t.Fatal("no new RNG games")
			}
			for _, g := range p.Games {
				if g.IsNew != 1 {
					t.Fatalf("%s not new", g.GameCode)
				}
			}
		}},
		{"SubCategoryBingo", ListFilter{SubCategory: SubBingo, PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			if p.Total == 0 {
				t.Fatal("no bingo games")
			}
			for _, g := range p.Games {
				if g.SubCategory != SubBingo {
					t.Fatalf("%s is %q", g.GameCode, g.SubCategory)
				}
			}
		}},
		{"CategoryOrderIsSortThenNode", ListFilter{GameType: "RNG", PageNo: 1, PageSize: 100}, func(t *testing.T, p GamePage) {
			// The first row holds each vendor's first game, so vendors interleave.
			vendors := map[string]bool{}
			for _, g := range p.Games[:8] {
				vendors[g.Vassalage] = true
			}
			if len(vendors) != 8 {
				t.Fatalf("first 8 RNG games come from %d vendors", len(vendors))
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, c.ListGames(tt.f)) })
	}
}

func TestCatalogReads(t *testing.T) {
	svc, _ := sqliteDemo(t)
	c, err := svc.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Run("HotDefaultLimit", func(t *testing.T) {
		list := c.HotGames(HotFilter{Limit: DefaultHotLimit})
		if len(list) != 6 {
			t.Fatalf("got %d", len(list))
		}
	})
	t.Run("HotByCategoryAndVendor", func(t *testing.T) {
		list := c.HotGames(HotFilter{GameType: "RNG", Vendors: []string{"JL"}, Limit: 50})
		if len(list) == 0 {
			t.Fatal("no hot JL games")
		}
		for _, g := range list {
			if g.IsHot != 1 || g.Vassalage != "JL" || g.GameType != "RNG" {
				t.Fatalf("got %+v", g)
			}
		}
	})
	t.Run("LanesInMenuOrderVendorsSorted", func(t *testing.T) {
		lanes := c.Lanes()
		last := 0
		for _, l := range lanes {
			cat, ok := CategoryByCode(l.Title)
			if !ok || cat.Sort <= last {
				t.Fatalf("lane %s out of order", l.Title)
			}
			last = cat.Sort
			for i := 1; i < len(l.Cards); i++ {
				if l.Cards[i-1].Sort > l.Cards[i].Sort {
					t.Fatalf("lane %s cards unsorted", l.Title)
				}
			}
			if len(l.GameClassify) != 1 || len(l.GameClassify[0].Vendors) != len(l.Cards) {
				t.Fatalf("lane %s classify %+v", l.Title, l.GameClassify)
			}
		}
		if lanes[0].Title != "LIVE" || len(lanes) != 8 {
			t.Fatalf("lanes %d, first %s", len(lanes), lanes[0].Title)
		}
	})
	t.Run("MenusOnlyCategoriesWithVendors", func(t *testing.T) {
		for _, m := range c.Menus() {
			if m.GameType == "COCKFIGHT" || m.VendorCount == 0 {
				t.Fatalf("menu %+v", m)
			}
		}
	})
	t.Run("NewVendorsNewestFirst", func(t *testing.T) {
		list := c.NewVendors()
		if len(list) < 2 {
			t.Fatalf("%d new vendors", len(list))
		}
		for _, v := range list {
			if v.IsNew != 1 {
				t.Fatalf("%s not new", v.Vassalage)
			}
		}
	})
	t.Run("WinnersBigByAmount", func(t *testing.T) {
		list := c.Winners(KindBig, "ALL", 20)
		if len(list) != 20 {
			t.Fatalf("got %d", len(list))
		}
		for i, w := range list {
			if w.Rank != i+1 || (i > 0 && list[i-1].Vo.WinAmount < w.Vo.WinAmount) || w.Vo.GameName == "" {
				t.Fatalf("entry %d: %+v", i, w)
			}
		}
	})
	t.Run("WinnersJackpotLatestFirst", func(t *testing.T) {
		list := c.Winners(KindJackpot, "ALL", 50)
		if len(list) < 20 {
			t.Fatalf("got %d", len(list))
		}
		for i := 1; i < len(list); i++ {
			if list[i-1].Time < list[i].Time {
				t.Fatalf("jackpot %d newer than %d", i, i-1)
			}
		}
	})
	t.Run("WinnersByCategory", func(t *testing.T) {
		for _, w := range c.Winners(KindBig, "LIVE", 50) {
			if w.Vo.GameType != "LIVE" {
				t.Fatalf("got %+v", w)
			}
		}
		if got := c.Winners(KindBig, "COCKFIGHT", 50); got == nil || len(got) != 0 {
			t.Fatalf("empty board must be an empty list, got %v", got)
		}
	})
}

func TestSnapshotReload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clk := demoService(t, d)
		first, err := svc.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("WriteThroughServiceVisibleAtOnce", func(t *testing.T) {
			g, err := svc.PutGame(ctx, Game{Name: "Kalesa Karera", VendorCode: "PG", GameType: "RNG", GameCode: "PG_KALESA_KARERA", IsHot: true, Sort: 0})
			if err != nil {
				t.Fatal(err)
			}
			c, _ := svc.Catalog(ctx)
			if c.Generation == first.Generation {
				t.Fatal("snapshot not rebuilt after a write")
			}
			if _, ok := c.Game(g.NodeID); !ok {
				t.Fatal("new game missing from the snapshot")
			}
		})
		t.Run("ExternalWriteSeenAfterInterval", func(t *testing.T) {
			store := NewStore(d)
			g := Game{Name: "Habagat Hiyas", VendorCode: "PG", GameType: "RNG", GameCode: "PG_HABAGAT_HIYAS"}
			if err := store.PutGame(ctx, &g, testNow); err != nil {
				t.Fatal(err)
			}
			c, _ := svc.Catalog(ctx)
			if _, ok := c.Game(g.NodeID); ok {
				t.Fatal("store checked before the refresh interval")
			}
			clk.Advance(2 * time.Second)
			c, _ = svc.Catalog(ctx)
			if _, ok := c.Game(g.NodeID); !ok {
				t.Fatal("external write not picked up after the interval")
			}
		})
		t.Run("UnchangedVersionKeepsSnapshot", func(t *testing.T) {
			before, _ := svc.Catalog(ctx)
			clk.Advance(5 * time.Second)
			after, _ := svc.Catalog(ctx)
			if before != after {
				t.Fatal("snapshot rebuilt without a version change")
			}
		})
		t.Run("RecordWinMasksName", func(t *testing.T) {
			w, err := svc.RecordWin(ctx, Winner{Kind: KindBig, CustomerName: "juandelacruz", WinAmount: 999_999_999_99, NodeID: 10001})
			if err != nil {
				t.Fatal(err)
			}
			c, _ := svc.Catalog(ctx)
			top := c.Winners(KindBig, "ALL", 1)
			if w.CustomerName != "ju***uz" || top[0].Vo.CustomerName != "ju***uz" {
				t.Fatalf("winner %q, top %+v", w.CustomerName, top[0])
			}
		})
		t.Run("RecordWinsRefreshesOnce", func(t *testing.T) {
			before, _ := svc.Catalog(ctx)
			added, err := svc.RecordWins(ctx, []Winner{
				{Kind: KindBig, CustomerName: "mariaclara", WinAmount: 999_999_999_98, NodeID: 10001},
				{Kind: "NOT_A_BOARD", CustomerName: "ibarra", WinAmount: 5, NodeID: 10001},
				{Kind: KindBig, CustomerName: "crisostomo", WinAmount: 999_999_999_97, NodeID: 10001},
			})
			if err == nil || len(added) != 2 {
				t.Fatalf("added %d, err %v: want the two valid entries and the invalid one's error", len(added), err)
			}
			after, _ := svc.Catalog(ctx)
			if after == before {
				t.Fatal("snapshot not refreshed")
			}
			names := map[string]bool{}
			for _, w := range after.Winners(KindBig, "ALL", 10) {
				names[w.Vo.CustomerName] = true
			}
			if !names["ma***ra"] || !names["cr***mo"] {
				t.Fatalf("board %v misses the new entries", names)
			}
			if again, _ := svc.Catalog(ctx); again != after {
				t.Fatal("snapshot rebuilt again without a change")
			}
		})
		t.Run("ExternalWinnerRefreshesOnlyTheBoards", func(t *testing.T) {
			before, _ := svc.Catalog(ctx)
			w := Winner{Kind: KindJackpot, CustomerName: "si***ng", WinAmount: 999_999_999_96, NodeID: 10001, WonAt: testNow}
			if err := NewStore(d).AddWinner(ctx, &w, testNow); err != nil {
				t.Fatal(err)
			}
			clk.Advance(2 * time.Second)
			after, _ := svc.Catalog(ctx)
			if after == before || after.WinnersVersion != before.WinnersVersion+1 || after.Version != before.Version {
				t.Fatalf("versions %d/%d -> %d/%d: want only the boards' moved", before.Version, before.WinnersVersion, after.Version, after.WinnersVersion)
			}
			if top := after.Winners(KindJackpot, "ALL", 1); len(top) == 0 || top[0].Vo.CustomerName != "si***ng" {
				t.Fatalf("jackpot board %+v misses the new entry", top)
			}
			// The games were not reloaded: the new snapshot shares them.
			if len(after.games) == 0 || &after.games[0] != &before.games[0] || len(after.games) != len(before.games) {
				t.Fatal("the games were rebuilt for a winner")
			}
			if g, ok := after.Game(10001); !ok || g.NodeID != 10001 {
				t.Fatal("game 10001 missing after a boards refresh")
			}
			// A catalogue write after it still reloads everything.
			store := NewStore(d)
			g := Game{Name: "Tala Tatlo", VendorCode: "PG", GameType: "RNG", GameCode: "PG_TALA_TATLO"}
			if err := store.PutGame(ctx, &g, testNow); err != nil {
				t.Fatal(err)
			}
			clk.Advance(2 * time.Second)
			full, _ := svc.Catalog(ctx)
			if _, ok := full.Game(g.NodeID); !ok || full.Version != after.Version+1 {
				t.Fatal("catalogue write not picked up after a boards refresh")
			}
			if top := full.Winners(KindJackpot, "ALL", 1); len(top) == 0 || top[0].Vo.CustomerName != "si***ng" {
				t.Fatal("a full reload lost the boards")
			}
		})
		t.Run("RoundOnTheBoardsOnce", func(t *testing.T) {
			var code string
			if err := d.QueryRow(`SELECT game_code FROM game WHERE node_id = 10001`).Scan(&code); err != nil {
				t.Fatal(err)
			}
			w := Winner{Kind: KindBig, CustomerName: "basilio", WinAmount: 999_999_999_95, GameCode: code, RoundKey: "round:7", WonAt: testNow}
			added, err := svc.RecordWins(ctx, []Winner{w})
			if err != nil || len(added) != 1 || added[0].NodeID != 10001 || added[0].GameType != "RNG" {
				t.Fatalf("added %+v, err %v", added, err)
			}
			before, _ := svc.Catalog(ctx)
			// The same round again (a replayed batch of facts), alone and with a new one.
			w2 := w
			w2.RoundKey, w2.CustomerName = "round:8", "sisa"
			added, err = svc.RecordWins(ctx, []Winner{w, w2})
			if err != nil || len(added) != 1 || added[0].RoundKey != "round:8" {
				t.Fatalf("again: added %+v, err %v", added, err)
			}
			if again, err := svc.RecordWins(ctx, []Winner{w, w2}); err != nil || len(again) != 0 {
				t.Fatalf("third time: added %+v, err %v", again, err)
			}
			var n int
			if err := d.QueryRow(`SELECT COUNT(*) FROM game_winner WHERE round_key IN ('round:7', 'round:8')`).Scan(&n); err != nil || n != 2 {
				t.Fatalf("%d entries, %v", n, err)
			}
			after, _ := svc.Catalog(ctx)
			if after.WinnersVersion != before.WinnersVersion+1 {
				t.Fatalf("boards version %d -> %d: want one move for the one new entry", before.WinnersVersion, after.WinnersVersion)
			}
		})
		t.Run("ErrInvalidGame", func(t *testing.T) {
			if _, err := svc.PutGame(ctx, Game{Name: "", VendorCode: "PG", GameType: "RNG", GameCode: "PG_X"}); err == nil {
				t.Fatal("want validation error")
			}
		})
	})
}
