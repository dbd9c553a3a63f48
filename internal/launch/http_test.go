package launch

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/favorite"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func callerOf(role account.Role) account.Caller {
	switch role {
	case account.RoleMember:
		return account.Caller{MemberID: 1, Type: 0}
	case account.RoleTrial:
		return account.Caller{MemberID: 1, Type: account.TypeTrial}
	case account.RoleAgent:
		for typ := 0; typ < 16; typ++ {
			if account.IsAgentType(typ) {
				return account.Caller{MemberID: 1, Type: typ}
			}
		}
	}
	return account.Caller{}
}

// TestAuthorization walks every launch route as every role. JDB is a
// transfer vendor: its launch needs no seamless session.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		g := s.firstGame(t, "JDB", "RNG")
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return s.login(t, "demo01") },
			account.RoleAgent:   func() string { return s.login(t, "agent01") },
			account.RoleTrial:   func() string { return s.trial(t) },
		}
		endpoints := []struct {
			route, path string
			status      map[account.Role]int
			guard       map[account.Role]bool // passes the route's guard (trial reaches the service's free-play rule)
		}{
			{"GET /wps/game/launchGame", launchPath(g),
				map[account.Role]int{account.RoleVisitor: 401, account.RoleMember: 200, account.RoleTrial: 403, account.RoleAgent: 200},
				map[account.Role]bool{account.RoleMember: true, account.RoleTrial: true, account.RoleAgent: true}},
			{"GET /wps/game/recommended", "/wps/game/recommended?gameType=RNG",
				map[account.Role]int{account.RoleVisitor: 200, account.RoleMember: 200, account.RoleTrial: 200, account.RoleAgent: 200},
				map[account.Role]bool{account.RoleVisitor: true, account.RoleMember: true, account.RoleTrial: true, account.RoleAgent: true}},
		}
		if len(endpoints) != len(routeRoles) {
			t.Fatalf("matrix covers %d endpoints, the handler has %d", len(endpoints), len(routeRoles))
		}
		for _, ep := range endpoints {
			roles, ok := routeRoles[ep.route]
			if !ok {
				t.Fatalf("%s not routed", ep.route)
			}
			for _, role := range []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent} {
				r := s.get(t, ep.path, tokens[role]())
				if r.status != ep.status[role] {
					t.Errorf("%s as %s: got %d %s, want %d", ep.route, role, r.status, r.env.Code, ep.status[role])
				}
				if allowed := account.Allowed(callerOf(role), roles...) == nil; allowed != ep.guard[role] {
					t.Errorf("%s as %s: routeRoles says allowed=%v", ep.route, role, allowed)
				}
			}
		}
		// The codes the web reacts to.
		s.want(t, launchPath(g), "", 401, "auth.token_required")
		s.want(t, launchPath(g), s.trial(t), 403, "auth.real_account_required")
	})
}

// TestFreePlay: trial accounts launch games whose vendor or game allows free
// play, with the FUN balance; a game's own rule overrides its vendor's.
func TestFreePlay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		ctx := context.Background()
		g := s.firstGame(t, "JDB", "RNG")
		if err := s.rules.PutRule(ctx, Rule{Vendor: "JDB", FreePlay: true}, testNow); err != nil {
			t.Fatal(err)
		}
		r := s.want(t, launchPath(g), s.trial(t), 200, "ok")
		u, _ := url.Parse(r.value["url"].(string))
		if c := u.Query().Get("c"); c != FreePlayCurrency {
			t.Errorf("trial launch currency %q, want %s", c, FreePlayCurrency)
		}
		if err := s.rules.PutRule(ctx, Rule{Vendor: "JDB", GameCode: g.GameCode, FreePlay: false}, testNow); err != nil {
			t.Fatal(err)
		}
		s.want(t, launchPath(g), s.trial(t), 403, "auth.real_account_required")
		// Members are not affected by free-play rules, and play in the brand currency.
		r = s.want(t, launchPath(g), s.login(t, "demo01"), 200, "ok")
		u, _ = url.Parse(r.value["url"].(string))
		if c := u.Query().Get("c"); c != "PHP" {
			t.Errorf("member launch currency %q, want PHP", c)
		}
	})
}

// TestLaunch: what a member's launch gives the adapter and the browser.
func TestLaunch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		ctx := context.Background()
		tok := s.login(t, "demo01")
		id := s.memberID(t, "demo01")
		g := s.firstGame(t, "JDB", "RNG")

		t.Run("OK", func(t *testing.T) {
			r := s.want(t, launchPath(g), tok, 200, "ok")
			raw := r.value["url"].(string)
			u, err := url.Parse(raw)
			if err != nil || u.Path != "/play/JDB/"+g.GameCode {
				t.Fatalf("url %q", raw)
			}
			q := u.Query()
			for k, want := range map[string]string{"node": strconv.FormatInt(g.NodeID, 10), "t": "", "p": "m" + strconv.FormatInt(id, 10),
				"l": "EN", "d": "H5", "c": "PHP", "cat": "RNG"} {
				if q.Get(k) != want {
					t.Errorf("url %s=%q, want %q", k, q.Get(k), want)
				}
			}
			if r.value["mode"] != ModeIframe || r.value["vendor"] != "JDB" || r.value["gameType"] != "RNG" ||
				r.value["nodeId"] != float64(g.NodeID) || r.value["gameCode"] != g.GameCode {
				t.Errorf("answer %v", r.value)
			}
			page, err := s.recent.Recent(ctx, id, favorite.ListQuery{PageNo: 1, PageSize: 10})
			if err != nil || len(page.List) == 0 || page.List[0].NodeID != g.NodeID {
				t.Errorf("recent after launch: %+v, %v", page, err)
			}
		})

		t.Run("OK/ByNodeIDOnly", func(t *testing.T) {
			r := s.want(t, "/wps/game/launchGame?nodeId="+strconv.FormatInt(g.NodeID, 10), tok, 200, "ok")
			u, _ := url.Parse(r.value["url"].(string))
			if u.Query().Get("l") != "TY" || u.Query().Get("d") != DeviceWeb {
				t.Errorf("defaults: language %q (want the brand's TY), device %q", u.Query().Get("l"), u.Query().Get("d"))
			}
		})

		t.Run("OK/WindowMode", func(t *testing.T) {
			f := s.firstGame(t, "JDB", "FISH")
			s.want(t, launchPath(f), tok, 200, "ok") // iframe first
			c, _ := s.games.Catalog(ctx)
			v, _ := c.VendorOf("JDB", "FISH")
			v.LaunchMode = game.LaunchWindow
			if _, err := s.games.PutVendor(ctx, v); err != nil {
				t.Fatal(err)
			}
			if r := s.want(t, launchPath(f), tok, 200, "ok"); r.value["mode"] != ModeWindow {
				t.Errorf("mode %v, want WINDOW", r.value["mode"])
			}
			if r := s.want(t, launchPath(g), tok, 200, "ok"); r.value["mode"] != ModeIframe { // JDB in RNG is still iframe
				t.Errorf("JDB RNG mode %v, want IFRAME", r.value["mode"])
			}
		})

		t.Run("OK/AdapterModeOverrides", func(t *testing.T) {
			a, err := NewURLTemplate("https://cq9.example/launch?player={player}&lang={lang}", ModeWindow)
			if err != nil {
				t.Fatal(err)
			}
			s.registry.Register("CQ9", a)
			c := s.firstGame(t, "CQ9", "RNG")
			r := s.want(t, launchPath(c), tok, 200, "ok")
			if r.value["mode"] != ModeWindow || r.value["url"] != "https://cq9.example/launch?player=m"+strconv.FormatInt(id, 10)+"&lang=EN" {
				t.Errorf("answer %v", r.value)
			}
		})

		t.Run("OK/VendorLobby", func(t *testing.T) {
			before, _ := s.recent.Recent(ctx, id, favorite.ListQuery{PageNo: 1, PageSize: 10})
			f := s.firstGame(t, "JDB", "FISH")
			r := s.want(t, "/wps/game/launchGame?vendor=JDB&gameType=FISH", tok, 200, "ok")
			if r.value["nodeId"] != float64(f.NodeID) || r.value["gameType"] != "FISH" {
				t.Errorf("lobby answer %v, want the vendor's first game %d", r.value, f.NodeID)
			}
			after, _ := s.recent.Recent(ctx, id, favorite.ListQuery{PageNo: 1, PageSize: 10})
			if after.Total != before.Total || (len(after.List) > 0 && after.List[0].NodeID != before.List[0].NodeID) {
				t.Errorf("a lobby launch changed the recent games")
			}
		})

		t.Run("ErrSeamlessWithoutSessions", func(t *testing.T) {
			s.want(t, launchPath(s.firstGame(t, "PG", "RNG")), tok, 503, "launch.vendor_unavailable")
		})

		t.Run("ErrNoAdapter", func(t *testing.T) {
			s.registry.SetDefault(nil)
			defer func() {
				tmpl, _ := NewURLTemplate(testTemplate, "")
				s.registry.SetDefault(tmpl)
			}()
			s.want(t, launchPath(g), tok, 503, "launch.vendor_unavailable")
		})

		t.Run("ErrDisabled", func(t *testing.T) {
			if err := s.rules.PutRule(ctx, Rule{Vendor: "JDB", GameCode: g.GameCode, Disabled: true}, testNow); err != nil {
				t.Fatal(err)
			}
			s.want(t, launchPath(g), tok, 403, "launch.game_disabled")
			s.want(t, launchPath(s.firstGame(t, "JDB", "FISH")), tok, 200, "ok") // the vendor's other games still launch
			if err := s.rules.PutRule(ctx, Rule{Vendor: "JDB", GameCode: g.GameCode}, testNow); err != nil {
				t.Fatal(err)
			}
			if err := s.rules.PutRule(ctx, Rule{Vendor: "CQ9", Disabled: true}, testNow); err != nil {
				t.Fatal(err)
			}
			s.want(t, launchPath(s.firstGame(t, "CQ9", "FISH")), tok, 403, "launch.game_disabled")
			s.want(t, "/wps/game/launchGame?vendor=CQ9&gameType=FISH", tok, 403, "launch.game_disabled")
			s.want(t, launchPath(g), tok, 200, "ok")
		})
	})
}

// TestUnknownGame: games that do not exist, or not where the query says.
func TestUnknownGame(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		tok := s.login(t, "demo01")
		g := s.firstGame(t, "JDB", "RNG")
		node := strconv.FormatInt(g.NodeID, 10)
		for name, path := range map[string]string{
			"UnknownCode":     "/wps/game/launchGame?gameCode=NO_SUCH_GAME",
			"UnknownNode":     "/wps/game/launchGame?nodeId=987654321",
			"CodeNodeDiffer":  "/wps/game/launchGame?nodeId=" + node + "&gameCode=" + s.firstGame(t, "CQ9", "RNG").GameCode,
			"OtherVendor":     "/wps/game/launchGame?nodeId=" + node + "&vendor=CQ9",
			"OtherCategory":   "/wps/game/launchGame?gameCode=" + g.GameCode + "&gameType=FISH",
			"UnknownVendor":   "/wps/game/launchGame?vendor=NOPE&gameType=RNG",
			"VendorNotInType": "/wps/game/launchGame?vendor=JDB&gameType=LIVE",
		} {
			t.Run(name, func(t *testing.T) { s.want(t, path, tok, 404, "launch.unknown_game") })
		}
		for name, c := range map[string]struct{ path, code string }{
			"NoGame":       {"/wps/game/launchGame?language=EN", "launch.game_required"},
			"BadNode":      {"/wps/game/launchGame?nodeId=-3", "request.invalid_param"},
			"BadCode":      {"/wps/game/launchGame?gameCode=%3Cscript%3E", "request.invalid_param"},
			"BadDevice":    {"/wps/game/launchGame?nodeId=" + node + "&device=TV", "request.invalid_param"},
			"BadLanguage":  {"/wps/game/launchGame?nodeId=" + node + "&language=xx", "request.invalid_param"},
			"BadGameType":  {"/wps/game/launchGame?nodeId=" + node + "&gameType=CASINO", "request.invalid_param"},
			"RecommendNo":  {"/wps/game/recommended", "request.invalid_param"},
			"RecommendBad": {"/wps/game/recommended?gameType=RNG&limit=500", "request.invalid_page_size"},
		} {
			t.Run("Err"+name, func(t *testing.T) { s.want(t, c.path, tok, 400, c.code) })
		}
	})
}

// TestMaintenance: a game or vendor in maintenance answers 409
// launch.maintenance, and recommended offers playable games of the category.
func TestMaintenance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		ctx := context.Background()
		tok := s.login(t, "demo01")

		// The demo seed has WMC (LIVE) in maintenance.
		wmc := s.firstGame(t, "WMC", "LIVE")
		s.want(t, launchPath(wmc), tok, 409, "launch.maintenance")
		s.want(t, "/wps/game/launchGame?vendor=WMC&gameType=LIVE", tok, 409, "launch.maintenance")
		list := recommended(t, s, "/wps/game/recommended?gameType=LIVE&vendor=WMC&exclude="+strconv.FormatInt(wmc.NodeID, 10))
		checkRecommended(t, list, "LIVE", wmc.NodeID, "WMC", DefaultRecommend)

		// A game switched to maintenance through the catalogue store.
		g := s.firstGame(t, "JDB", "RNG")
		setMaintenance(t, s, game.MaintenanceTarget{GameCode: g.GameCode}, true)
		s.want(t, launchPath(g), tok, 409, "launch.maintenance")
		s.want(t, launchPath(s.firstGame(t, "CQ9", "RNG")), tok, 200, "ok")
		list = recommended(t, s, "/wps/game/recommended?exclude="+strconv.FormatInt(g.NodeID, 10)) // category from the game
		checkRecommended(t, list, "RNG", g.NodeID, "", DefaultRecommend)
		if l := recommended(t, s, "/wps/game/recommended?gameType=RNG&limit=3"); len(l) != 3 {
			t.Errorf("limit 3: %d games", len(l))
		}
		setMaintenance(t, s, game.MaintenanceTarget{GameCode: g.GameCode}, false)
		s.want(t, launchPath(g), tok, 200, "ok")

		// A vendor in one category: its games there, and its lobby, are in maintenance; elsewhere not.
		setMaintenance(t, s, game.MaintenanceTarget{Vendor: "JDB", GameType: "RNG"}, true)
		s.want(t, launchPath(g), tok, 409, "launch.maintenance")
		s.want(t, "/wps/game/launchGame?vendor=JDB&gameType=RNG", tok, 409, "launch.maintenance")
		s.want(t, launchPath(s.firstGame(t, "JDB", "FISH")), tok, 200, "ok")
		checkRecommended(t, recommended(t, s, "/wps/game/recommended?gameType=RNG&vendor=JDB"), "RNG", 0, "JDB", DefaultRecommend)
		for _, v := range recommended(t, s, "/wps/game/recommended?gameType=RNG&limit=24") {
			if v["vassalage"] == "JDB" {
				t.Errorf("recommended a game of a vendor in maintenance: %v", v)
			}
		}
		// Every category of a vendor.
		setMaintenance(t, s, game.MaintenanceTarget{Vendor: "JDB"}, true)
		s.want(t, launchPath(s.firstGame(t, "JDB", "FISH")), tok, 409, "launch.maintenance")
		setMaintenance(t, s, game.MaintenanceTarget{Vendor: "JDB"}, false)
		s.want(t, launchPath(g), tok, 200, "ok")

		// A vendor lobby skips a first game in maintenance; with all of them in maintenance it is too.
		f := s.firstGame(t, "CQ9", "FISH")
		setMaintenance(t, s, game.MaintenanceTarget{GameCode: f.GameCode}, true)
		if r := s.want(t, "/wps/game/launchGame?vendor=CQ9&gameType=FISH", tok, 200, "ok"); r.value["nodeId"] == float64(f.NodeID) {
			t.Errorf("lobby launched the game in maintenance %d", f.NodeID)
		}
		sb := s.firstGame(t, "PSB", "SPORTS") // the vendor's only game
		setMaintenance(t, s, game.MaintenanceTarget{GameCode: sb.GameCode}, true)
		s.want(t, "/wps/game/launchGame?vendor=PSB&gameType=SPORTS", tok, 409, "launch.maintenance")

		// Targets that do not exist.
		if _, err := s.gstore.SetMaintenance(ctx, game.MaintenanceTarget{GameCode: "NOPE"}, true, testNow); apperr.As(err).Code != "game.not_found" {
			t.Errorf("unknown game: %v", err)
		}
		if _, err := s.gstore.SetMaintenance(ctx, game.MaintenanceTarget{Vendor: "NOPE"}, true, testNow); apperr.As(err).Code != "game.vendor_not_found" {
			t.Errorf("unknown vendor: %v", err)
		}
	})
}

func setMaintenance(t *testing.T, s *site, target game.MaintenanceTarget, on bool) {
	t.Helper()
	ctx := context.Background()
	before, _ := s.gstore.Version(ctx)
	if _, err := s.gstore.SetMaintenance(ctx, target, on, testNow); err != nil {
		t.Fatal(err)
	}
	if after, _ := s.gstore.Version(ctx); after.Catalog != before.Catalog+1 {
		t.Fatalf("catalogue version %d -> %d: not bumped", before.Catalog, after.Catalog)
	}
	if err := s.games.Reload(ctx); err != nil { // a running server picks it up from the version within its interval
		t.Fatal(err)
	}
}

func recommended(t *testing.T, s *site, path string) []map[string]any {
	t.Helper()
	r := s.want(t, path, "", 200, "ok")
	raw, _ := r.value["list"].([]any)
	out := make([]map[string]any, 0, len(raw))
	for _, g := range raw {
		out = append(out, g.(map[string]any))
	}
	return out
}

func checkRecommended(t *testing.T, list []map[string]any, gameType string, exclude int64, vendor string, n int) {
	t.Helper()
	if len(list) != n {
		t.Fatalf("%d recommended games, want %d", len(list), n)
	}
	seen := map[float64]bool{}
	for _, g := range list {
		id := g["nodeId"].(float64)
		switch {
		case g["gameType"] != gameType:
			t.Errorf("recommended %v: not %s", g, gameType)
		case g["maintenance"] != false:
			t.Errorf("recommended %v: in maintenance", g)
		case id == float64(exclude):
			t.Errorf("recommended the excluded game %v", g)
		case vendor != "" && g["vassalage"] == vendor:
			t.Errorf("recommended a game of the excluded vendor %v", g)
		case seen[id]:
			t.Errorf("recommended %v twice", g)
		case g["gameName"] == "" || g["iconUrl"] == "":
			t.Errorf("recommended %v: not shaped like gameList's", g)
		}
		seen[id] = true
	}
}

// TestLaunchCDN: a relative launch URL goes on one of the brand's absolute
// launch CDNs (the same one for a member every time); site-path bases and
// vendors' absolute URLs are left alone.
func TestLaunchCDN(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, nil)
		ctx := context.Background()
		tok := s.login(t, "demo01")
		id := s.memberID(t, "demo01")
		g := s.firstGame(t, "JDB", "RNG")
		if r := s.want(t, launchPath(g), tok, 200, "ok"); !strings.HasPrefix(r.value["url"].(string), "/play/") {
			t.Errorf("demo CDN /cdn/a (a site path): url %v, want it relative", r.value["url"])
		}
		c, err := s.brands.Export(ctx)
		if err != nil {
			t.Fatal(err)
		}
		bases := []string{"https://launch-a.example", "https://launch-b.example"}
		c.LaunchGameCDNs = append([]string{"/cdn/a"}, bases...)
		if err := s.brands.Import(ctx, c); err != nil {
			t.Fatal(err)
		}
		want := bases[id%2] + "/play/JDB/" + g.GameCode
		for i := 0; i < 3; i++ {
			if r := s.want(t, launchPath(g), tok, 200, "ok"); !strings.HasPrefix(r.value["url"].(string), want+"?") {
				t.Fatalf("url %v, want it on %s", r.value["url"], want)
			}
		}
		agent := s.memberID(t, "agent01")
		if r := s.want(t, launchPath(g), s.login(t, "agent01"), 200, "ok"); !strings.HasPrefix(r.value["url"].(string), bases[agent%2]+"/play/") {
			t.Errorf("agent url %v, want %s", r.value["url"], bases[agent%2])
		}
		a, _ := NewURLTemplate("https://cq9.example/launch?p={player}", "")
		s.registry.Register("CQ9", a)
		if r := s.want(t, launchPath(s.firstGame(t, "CQ9", "RNG")), tok, 200, "ok"); !strings.HasPrefix(r.value["url"].(string), "https://cq9.example/launch?") {
			t.Errorf("vendor's absolute url moved: %v", r.value["url"])
		}
	})
}

// TestURLTemplate: templates are checked when configured; fields are escaped.
func TestURLTemplate(t *testing.T) {
	for name, tmpl := range map[string]string{
		"ErrUnknownPlaceholder": "https://v.example/?t={secret}",
		"ErrScheme":             "javascript:alert(1)",
		"ErrProtocolRelative":   "//v.example/launch",
		"ErrEmpty":              "",
	} {
		if _, err := NewURLTemplate(tmpl, ""); err == nil {
			t.Errorf("%s: %q accepted", name, tmpl)
		}
	}
	if _, err := NewURLTemplate("https://v.example/", "POPUP"); err == nil {
		t.Error("mode POPUP accepted")
	}
	a, err := NewURLTemplate("https://v.example/play?lobby={lobby}&g={game}", "")
	if err != nil {
		t.Fatal(err)
	}
	res, _ := a.Launch(context.Background(), Request{LobbyURL: "https://site.example/?a=1&b=2", Game: game.GameView{GameCode: "A B"}})
	if res.URL != "https://v.example/play?lobby=https%3A%2F%2Fsite.example%2F%3Fa%3D1%26b%3D2&g=A+B" {
		t.Errorf("url %s", res.URL)
	}
}

// FuzzQuery: the launch and recommendation decoders never panic, and refuse
// with a 400 code only.
func FuzzQuery(f *testing.F) {
	for _, s := range []string{"gameCode=JDB_1&nodeId=10001&vendor=JDB&gameType=RNG&language=en&device=H5",
		"nodeId=-1", "nodeId=99999999999999999999", "vendor=JDB", "language=ZZ", "device=web", "gameType=rng",
		"exclude=5&limit=0", "gameCode=%00", "vassalage=PG&gameType=RNG", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		r, err := http.NewRequest("GET", "/wps/game/launchGame", nil)
		if err != nil {
			t.Skip()
		}
		r.URL.RawQuery = raw
		q, err := decodeQuery(r)
		if err != nil {
			if apperr.As(err).Kind != apperr.KindInvalid {
				t.Fatalf("%q: %v is not a 400", raw, err)
			}
		} else if q.NodeID < 0 || (q.NodeID == 0 && q.GameCode == "" && q.Vendor == "") ||
			(q.Device != DeviceWeb && q.Device != DeviceH5) || len(q.GameCode) > 64 {
			t.Fatalf("%q decoded to %+v", raw, q)
		}
		if _, err := decodeRecommend(r); err != nil && apperr.As(err).Kind != apperr.KindInvalid {
			t.Fatalf("%q: recommend %v is not a 400", raw, err)
		}
	})
}
