package launch

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/favorite"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

var (
	testNow    = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
)

// testTemplate is the fixed-URL adapter every vendor gets in these tests
// (unless a test registers another): it shows what the adapter was given.
const testTemplate = "/play/{vendor}/{game}?node={node}&t={token}&p={player}&l={lang}&d={device}&c={currency}&cat={category}"

// site is the launch routes over the real catalogue, brand, account and
// recent-games services, with real sessions for demo01, agent01 and trial
// users. Seamless sessions come from sessions (nil until set: seamless
// vendors then answer launch.vendor_unavailable).
type site struct {
	svc      *Service
	rules    *Store
	games    *game.Service
	gstore   *game.Store
	brands   *brand.Service
	recent   *favorite.Service
	registry *Registry
	accounts *account.Service
	members  *account.Store
	srv      *httptest.Server
	trials   int
}

func newSite(t *testing.T, d *db.DB, sessions SessionOpener) *site {
	t.Helper()
	ctx := context.Background()
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, testNow); err != nil {
		t.Fatal(err)
	}
	clk := clock.NewFixed(testNow)
	games := game.NewService(gstore, clk, nil, time.Hour)
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	registry := NewRegistry()
	tmpl, err := NewURLTemplate(testTemplate, "")
	if err != nil {
		t.Fatal(err)
	}
	registry.SetDefault(tmpl)
	recent := favorite.NewService(favorite.NewStore(d), games, clk)
	rules := NewStore(d)
	svc := NewService(games, brands, rules, registry, sessions, recent, nil)
	mux := http.NewServeMux()
	NewHandler(svc, accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &site{svc: svc, rules: rules, games: games, gstore: gstore, brands: brands, recent: recent, registry: registry,
		accounts: accounts, members: members, srv: srv}
}

func (s *site) login(t *testing.T, user string) string {
	t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func (s *site) trial(t *testing.T) string {
	t.Helper()
	s.trials++ // free-play sessions are limited per IP an hour: spread them
	res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113." + strconv.Itoa(s.trials), UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return res.Token
}

func (s *site) memberID(t *testing.T, name string) int64 {
	t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// firstGame is the first game of a vendor in a category, from the catalogue.
func (s *site) firstGame(t *testing.T, vendor, gameType string) game.GameView {
	t.Helper()
	c, err := s.games.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := c.ListGames(game.ListFilter{GameType: gameType, Vendors: []string{vendor}, PageNo: 1, PageSize: 1})
	if len(p.Games) == 0 {
		t.Fatalf("no game of %s/%s", vendor, gameType)
	}
	return p.Games[0]
}

type reply struct {
	status int
	env    httpx.Envelope
	value  map[string]any
}

func (s *site) get(t *testing.T, path, token string) reply {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode}
	if err := json.NewDecoder(res.Body).Decode(&out.env); err != nil {
		t.Fatalf("GET %s: not an envelope: %v", path, err)
	}
	out.value, _ = out.env.Value.(map[string]any)
	return out
}

func (s *site) want(t *testing.T, path, token string, status int, code string) reply {
	t.Helper()
	r := s.get(t, path, token)
	if r.status != status || r.env.Code != code {
		t.Fatalf("GET %s: got %d %s (%s), want %d %s", path, r.status, r.env.Code, r.env.Message, status, code)
	}
	return r
}

func launchPath(g game.GameView) string {
	return "/wps/game/launchGame?gameCode=" + g.GameCode + "&nodeId=" + strconv.FormatInt(g.NodeID, 10) +
		"&vendor=" + g.Vassalage + "&gameType=" + g.GameType + "&language=en&device=H5"
}
