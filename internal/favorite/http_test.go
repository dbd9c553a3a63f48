package favorite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestAuthorization walks every route as every role: logged-in accounts of
// every kind keep lists, visitors are asked for a token.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		g := s.gamesOf(t, "RNG", 1)[0]
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return s.login(t, "demo01") },
			account.RoleAgent:   func() string { return s.login(t, "agent01") },
			account.RoleTrial:   func() string { return s.trial(t) },
		}
		routes := []struct {
			method, path string
			body         any
		}{
			{"GET", "/wps/relay/favoriteIds", nil},
			{"GET", "/wps/relay/favoriteList?clientType=3&platform=WEB&language=EN&pageNo=1&pageSize=999", nil},
			{"POST", "/wps/relay/favorite", AddRequest{NodeID: g.NodeID, Vendor: g.Vassalage, GameType: g.GameType}},
			{"DELETE", fmt.Sprintf("/wps/relay/favorite?nodeId=%d", g.NodeID), nil},
			{"GET", "/wps/relay/recentGames?pageNo=1&pageSize=20&gameType=RNG&language=EN&clientType=3", nil},
		}
		if len(routes) != len(routeRoles) {
			t.Fatalf("matrix covers %d routes, handler has %d", len(routes), len(routeRoles))
		}
		for role, tok := range tokens {
			token := tok()
			for _, rt := range routes {
				if _, ok := routeRoles[rt.method+" "+pathOnly(rt.path)]; !ok {
					t.Fatalf("route %s %s not in routeRoles", rt.method, rt.path)
				}
				r := s.do(t, rt.method, rt.path, token, rt.body)
				want, code := 200, "ok"
				if role == account.RoleVisitor {
					want, code = 401, "auth.token_required"
				}
				if r.status != want || r.env.Code != code {
					t.Errorf("role %v %s %s: %d %s, want %d %s", role, rt.method, rt.path, r.status, r.env.Code, want, code)
				}
			}
		}
		// A dead token is an expired session, not a visitor.
		if r := s.do(t, "GET", "/wps/relay/favoriteIds", "not-a-token", nil); r.status != 401 {
			t.Errorf("dead token: %d %s", r.status, r.env.Code)
		}
	})
}

func pathOnly(p string) string {
	for i := range p {
		if p[i] == '?' {
			return p[:i]
		}
	}
	return p
}

func TestFavorites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.login(t, "demo01")
		other := s.login(t, "agent01")
		rng := s.gamesOf(t, "RNG", 3)
		live := s.gamesOf(t, "LIVE", 1)[0]

		t.Run("OK_AddTwiceIgnored", func(t *testing.T) {
			r := s.do(t, "POST", "/wps/relay/favorite", tok, AddRequest{NodeID: rng[0].NodeID, Vendor: rng[0].Vassalage, GameType: rng[0].GameType})
			if r.status != 200 || r.value["added"] != true {
				t.Fatalf("add: %d %v", r.status, r.env)
			}
			r = s.do(t, "POST", "/wps/relay/favorite", tok, AddRequest{NodeID: rng[0].NodeID})
			if r.status != 200 || r.value["added"] != false {
				t.Fatalf("add again: %d %v", r.status, r.env)
			}
			ids := nodeIDs(t, s.do(t, "GET", "/wps/relay/favoriteIds", tok, nil).value, "list")
			if !slices.Equal(ids, []int64{rng[0].NodeID}) {
				t.Fatalf("ids %v", ids)
			}
		})
		t.Run("OK_ListNewestFirstAndPaged", func(t *testing.T) {
			for _, g := range []int64{rng[1].NodeID, live.NodeID, rng[2].NodeID} {
				s.clock.Advance(time.Second)
				if r := s.do(t, "POST", "/wps/relay/favorite", tok, AddRequest{NodeID: g}); r.status != 200 {
					t.Fatalf("add %d: %v", g, r.env)
				}
			}
			all := []int64{rng[2].NodeID, live.NodeID, rng[1].NodeID, rng[0].NodeID}
			r := s.do(t, "GET", "/wps/relay/favoriteList?clientType=3&pageNo=1&pageSize=999", tok, nil)
			if got := nodeIDs(t, r.value, "content"); !slices.Equal(got, all) {
				t.Fatalf("list %v, want %v", got, all)
			}
			// Pages of 3: page 2 has the last one; totalPages 2.
			r = s.do(t, "GET", "/wps/relay/favoriteList?pageNo=2&pageSize=3", tok, nil)
			if got := nodeIDs(t, r.value, "content"); !slices.Equal(got, all[3:]) || r.value["pageNum"] != 2.0 || r.value["totalPages"] != 2.0 || r.value["total"] != 4.0 {
				t.Fatalf("page 2: %v", r.value)
			}
			// Past the end: empty content, same totals.
			r = s.do(t, "GET", "/wps/relay/favoriteList?pageNo=5&pageSize=3", tok, nil)
			if got := nodeIDs(t, r.value, "content"); len(got) != 0 || r.value["totalPages"] != 2.0 {
				t.Fatalf("page 5: %v", r.value)
			}
			// gameType narrows the list.
			r = s.do(t, "GET", "/wps/relay/favoriteList?gameType=LIVE", tok, nil)
			if got := nodeIDs(t, r.value, "content"); !slices.Equal(got, []int64{live.NodeID}) {
				t.Fatalf("LIVE: %v", got)
			}
			// Games are shaped like gameList's.
			first := r.value["content"].([]any)[0].(map[string]any)
			for _, f := range []string{"nodeId", "gameName", "vassalage", "gameType", "gameCode", "iconUrl", "isHot", "maintenance"} {
				if _, ok := first[f]; !ok {
					t.Errorf("game lacks %s: %v", f, first)
				}
			}
			// Another member's lists are their own.
			if got := nodeIDs(t, s.do(t, "GET", "/wps/relay/favoriteIds", other, nil).value, "list"); len(got) != 0 {
				t.Fatalf("agent01 sees %v", got)
			}
		})
		t.Run("OK_Remove", func(t *testing.T) {
			r := s.do(t, "DELETE", fmt.Sprintf("/wps/relay/favorite?nodeId=%d", live.NodeID), tok, nil)
			if r.status != 200 || r.value["removed"] != true {
				t.Fatalf("remove: %d %v", r.status, r.env)
			}
			r = s.do(t, "DELETE", fmt.Sprintf("/wps/relay/favorite?nodeId=%d", live.NodeID), tok, nil)
			if r.status != 200 || r.value["removed"] != false {
				t.Fatalf("remove again: %d %v", r.status, r.env)
			}
			ids := nodeIDs(t, s.do(t, "GET", "/wps/relay/favoriteIds", tok, nil).value, "list")
			if slices.Contains(ids, live.NodeID) || len(ids) != 3 {
				t.Fatalf("after remove %v", ids)
			}
		})
		t.Run("Errors", func(t *testing.T) {
			cases := []struct {
				name, method, path string
				body               any
				status             int
				code               string
			}{
				{"ErrUnknownGame", "POST", "/wps/relay/favorite", AddRequest{NodeID: 987654321}, 404, "favorite.unknown_game"},
				{"ErrUnknownGameRemove", "DELETE", "/wps/relay/favorite?nodeId=987654321", nil, 404, "favorite.unknown_game"},
				{"ErrNoNode", "POST", "/wps/relay/favorite", map[string]any{"vendor": "PG"}, 400, "favorite.invalid_node"},
				{"ErrNegativeNode", "DELETE", "/wps/relay/favorite?nodeId=-1", nil, 400, "favorite.invalid_node"},
				{"ErrBadNode", "DELETE", "/wps/relay/favorite?nodeId=abc", nil, 400, "favorite.invalid_node"},
				{"ErrMismatch", "POST", "/wps/relay/favorite", AddRequest{NodeID: rng[0].NodeID, GameType: "LIVE"}, 400, "favorite.game_mismatch"},
				{"ErrVendorMismatch", "POST", "/wps/relay/favorite", AddRequest{NodeID: rng[0].NodeID, Vendor: "NOPE"}, 400, "favorite.game_mismatch"},
				{"ErrUnknownCategory", "POST", "/wps/relay/favorite", AddRequest{NodeID: rng[0].NodeID, GameType: "XYZ"}, 400, "game.unknown_category"},
				{"ErrJSON", "POST", "/wps/relay/favorite", "not an object", 400, "request.invalid_json"},
				{"ErrPageSize", "GET", "/wps/relay/favoriteList?pageSize=1000", nil, 400, "request.invalid_page_size"},
				{"ErrRecentPageSize", "GET", "/wps/relay/recentGames?pageSize=51", nil, 400, "request.invalid_page_size"},
				{"ErrPage", "GET", "/wps/relay/recentGames?pageNo=0", nil, 400, "request.invalid_page"},
				{"ErrLanguage", "GET", "/wps/relay/favoriteList?language=XX", nil, 400, "request.invalid_language"},
				{"ErrListCategory", "GET", "/wps/relay/favoriteList?gameType=XYZ", nil, 400, "game.unknown_category"},
			}
			for _, c := range cases {
				r := s.do(t, c.method, c.path, tok, c.body)
				if r.status != c.status || r.env.Code != c.code {
					t.Errorf("%s: %d %s, want %d %s", c.name, r.status, r.env.Code, c.status, c.code)
				}
				if r.env.Message == "" || r.env.Message == r.env.Code {
					t.Errorf("%s: no server message for %s", c.name, r.env.Code)
				}
			}
		})
	})
}

func TestFavoriteLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		id := s.memberID(t, "demo01")
		// Fill to the limit directly (the catalogue does not have 999 games).
		for i := int64(1); i <= MaxFavorites; i++ {
			if _, _, err := s.svc.store.AddFavorite(ctx, id, 1_000_000+i, i, MaxFavorites); err != nil {
				t.Fatal(err)
			}
		}
		g := s.gamesOf(t, "RNG", 1)[0]
		_, err := s.svc.Add(ctx, id, AddRequest{NodeID: g.NodeID})
		if !errors.Is(err, ErrLimitReached) {
			t.Fatalf("add past the limit: %v", err)
		}
		// Ids of games the catalogue no longer has are not listed.
		ids, err := s.svc.FavoriteIDs(ctx, id)
		if err != nil || len(ids) != 0 {
			t.Fatalf("ids %v %v", ids, err)
		}
		// They can still be removed (cleaning up).
		if removed, err := s.svc.Remove(ctx, id, 1_000_001); err != nil || !removed {
			t.Fatalf("remove stale: %v %v", removed, err)
		}
		if added, err := s.svc.Add(ctx, id, AddRequest{NodeID: g.NodeID}); err != nil || !added {
			t.Fatalf("add after removal: %v %v", added, err)
		}
	})
}

func TestRecent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tok := s.login(t, "demo01")
		id := s.memberID(t, "demo01")
		rng := s.gamesOf(t, "RNG", 3)
		live := s.gamesOf(t, "LIVE", 1)[0]

		t.Run("OK_OrderAndDeduplication", func(t *testing.T) {
			// Same millisecond on purpose: the order still follows the calls.
			for _, g := range []int64{rng[0].NodeID, rng[1].NodeID, live.NodeID, rng[0].NodeID, rng[2].NodeID, rng[1].NodeID} {
				if err := s.svc.RecordLaunch(ctx, id, g); err != nil {
					t.Fatal(err)
				}
			}
			want := []int64{rng[1].NodeID, rng[2].NodeID, rng[0].NodeID, live.NodeID}
			r := s.do(t, "GET", "/wps/relay/recentGames?pageNo=1&pageSize=20&language=EN&clientType=3", tok, nil)
			if got := nodeIDs(t, r.value, "list"); !slices.Equal(got, want) {
				t.Fatalf("recent %v, want %v", got, want)
			}
			r = s.do(t, "GET", "/wps/relay/recentGames?gameType=RNG", tok, nil)
			if got := nodeIDs(t, r.value, "list"); !slices.Equal(got, want[:3]) {
				t.Fatalf("recent RNG %v", got)
			}
			r = s.do(t, "GET", "/wps/relay/recentGames?pageNo=2&pageSize=3", tok, nil)
			if got := nodeIDs(t, r.value, "list"); !slices.Equal(got, want[3:]) || r.value["totalPages"] != 2.0 {
				t.Fatalf("recent page 2 %v", r.value)
			}
		})
		t.Run("ErrUnknownGame", func(t *testing.T) {
			if err := s.svc.RecordLaunch(ctx, id, 987654321); !errors.Is(err, ErrUnknownGame) {
				t.Fatalf("unknown game: %v", err)
			}
		})
		t.Run("OK_VisitorRecordsNothing", func(t *testing.T) {
			if err := s.svc.RecordLaunch(ctx, 0, rng[0].NodeID); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OK_TrimmedToNewest", func(t *testing.T) {
			other := s.memberID(t, "agent01")
			for i := int64(1); i <= MaxRecent+5; i++ {
				if err := s.svc.store.RecordRecent(ctx, other, 2_000_000+i, testNow.UnixMilli(), MaxRecent); err != nil {
					t.Fatal(err)
				}
			}
			ids, err := s.svc.store.RecentIDs(ctx, other)
			if err != nil || len(ids) != MaxRecent || ids[0] != 2_000_000+MaxRecent+5 || ids[MaxRecent-1] != 2_000_006 {
				t.Fatalf("trimmed: %d ids (%v) %v", len(ids), ids[:min(3, len(ids))], err)
			}
			// demo01's list is untouched.
			mine, _ := s.svc.store.RecentIDs(ctx, id)
			if len(mine) != 4 {
				t.Fatalf("demo01 recent %v", mine)
			}
		})
	})
}

// TestConcurrentAdd: the same favourite added from several requests at once
// is stored once, and exactly one of them reports it added.
func TestConcurrentAdd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		id := s.memberID(t, "demo01")
		g := s.gamesOf(t, "RNG", 1)[0]
		const n = 8
		results := make(chan error, n)
		added := make(chan bool, n)
		for range n {
			go func() {
				ok, err := s.svc.Add(ctx, id, AddRequest{NodeID: g.NodeID})
				added <- ok
				results <- err
			}()
		}
		count := 0
		for range n {
			if err := <-results; err != nil {
				t.Fatal(err)
			}
			if <-added {
				count++
			}
		}
		ids, err := s.svc.FavoriteIDs(ctx, id)
		if count != 1 || err != nil || !slices.Equal(ids, []int64{g.NodeID}) {
			t.Fatalf("added %d times, ids %v %v", count, ids, err)
		}
		// Concurrent launches of the same games leave one row per game.
		for range n {
			go func() { results <- s.svc.RecordLaunch(ctx, id, g.NodeID) }()
		}
		for range n {
			if err := <-results; err != nil {
				t.Fatal(err)
			}
		}
		if rec, _ := s.svc.store.RecentIDs(ctx, id); !slices.Equal(rec, []int64{g.NodeID}) {
			t.Fatalf("recent %v", rec)
		}
	})
}
