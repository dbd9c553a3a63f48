package favorite

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

var (
	testNow    = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
)

// site is the favourite routes over the real catalogue, brand and account
// services (real sessions for demo01, agent01 and trial users).
type site struct {
	svc      *Service
	games    *game.Service
	clock    *clock.Fixed
	accounts *account.Service
	members  *account.Store
	srv      *httptest.Server
	trials   int
}

func newSite(t *testing.T, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	if _, err := game.SeedDemo(ctx, game.NewStore(d), testNow); err != nil {
		t.Fatal(err)
	}
	clk := clock.NewFixed(testNow)
	games := game.NewService(game.NewStore(d), clk, nil, time.Hour)
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
	svc := NewService(NewStore(d), games, clk)
	mux := http.NewServeMux()
	NewHandler(svc, accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &site{svc: svc, games: games, clock: clk, accounts: accounts, members: members, srv: srv}
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
	s.trials++
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

// catalog is the current snapshot.
func (s *site) catalog(t *testing.T) *game.Catalog {
	t.Helper()
	c, err := s.games.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// gamesOf lists n games of a category from the catalogue.
func (s *site) gamesOf(t *testing.T, gameType string, n int) []game.GameView {
	t.Helper()
	p := s.catalog(t).ListGames(game.ListFilter{GameType: gameType, Selection: game.SelectAll, PageNo: 1, PageSize: n})
	if len(p.Games) < n {
		t.Fatalf("demo catalogue has %d %s games, want %d", len(p.Games), gameType, n)
	}
	return p.Games
}

type reply struct {
	status int
	env    httpx.Envelope
	value  map[string]any
}

func (s *site) do(t *testing.T, method, path, token string, body any) reply {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode}
	if err := json.NewDecoder(res.Body).Decode(&out.env); err != nil {
		t.Fatalf("%s %s: not an envelope: %v", method, path, err)
	}
	out.value, _ = out.env.Value.(map[string]any)
	return out
}

// nodeIDs reads the nodeId of every game in a list field.
func nodeIDs(t *testing.T, v map[string]any, field string) []int64 {
	t.Helper()
	raw, ok := v[field].([]any)
	if !ok {
		t.Fatalf("%s missing in %v", field, v)
	}
	out := make([]int64, 0, len(raw))
	for _, x := range raw {
		switch g := x.(type) {
		case float64:
			out = append(out, int64(g))
		case map[string]any:
			out = append(out, int64(g["nodeId"].(float64)))
		}
	}
	return out
}
