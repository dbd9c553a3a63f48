package gamevendor

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// fixedSecrets answers one secret for every vendor (the seamless side is
// not used by these tests: transfer vendors never call it).
type fixedSecrets []byte

func (s fixedSecrets) VendorSecret(context.Context, string) ([]byte, error) { return s, nil }

// catalogue loads the demo catalogue into d.
func catalogue(t testing.TB, d *db.DB) *game.Service {
	t.Helper()
	ctx := context.Background()
	if _, err := game.SeedDemo(ctx, game.NewStore(d), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	games := game.NewService(game.NewStore(d), clock.System{}, nil, time.Hour)
	if _, err := games.Catalog(ctx); err != nil {
		t.Fatal(err)
	}
	return games
}

// firstGame finds a game of a vendor and category in the demo catalogue.
func firstGame(t testing.TB, games *game.Service, vendor, gameType string) game.GameView {
	t.Helper()
	cat, err := games.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	page := cat.ListGames(game.ListFilter{Vendors: []string{vendor}, GameType: gameType, PageNo: 1, PageSize: 10})
	if len(page.Games) == 0 {
		t.Fatalf("no %s %s game in the demo catalogue", vendor, gameType)
	}
	return page.Games[0]
}

// page is a browser on the sandbox game page.
type page struct {
	srv   *httptest.Server
	token string
	html  string
	csp   string
}

func openPage(t *testing.T, srv *httptest.Server, url string) *page {
	t.Helper()
	res, err := http.Get(srv.URL + url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("page: %d %s", res.StatusCode, b)
	}
	m := regexp.MustCompile(`data-token="([^"]+)"`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("no play token in the page: %s", b)
	}
	return &page{srv: srv, token: m[1], html: string(b), csp: res.Header.Get("Content-Security-Policy")}
}

type answer struct {
	Error       string   `json:"error"`
	Message     string   `json:"message"`
	Balance     *int64   `json:"balance"`
	BalanceText string   `json:"balanceText"`
	Win         int64    `json:"win"`
	Bet         int64    `json:"bet"`
	RoundID     string   `json:"roundId"`
	Reels       []string `json:"reels"`
	Player      string   `json:"player"`
	Pending     bool     `json:"pending"`
}

func (p *page) play(t *testing.T, bet int64, lang string) (int, answer) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"token": p.token, "bet": bet, "lang": lang})
	res, err := http.Post(p.srv.URL+Prefix+"/api/play", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var a answer
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, a
}

// TestTransferVendorPlay: a JDB game plays against the player's wallet at
// the sandbox transfer vendor (funded by a real signed deposit), every
// round moving exactly win - bet there; an unfunded player is told the
// balance is insufficient, in English or Tagalog.
func TestTransferVendorPlay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		games := catalogue(t, d)
		secret := []byte("transfer-secret")
		mux := http.NewServeMux()
		transfervendor.New(d, secret, []string{"JDB", "CQ9"}, nil, nil).Routes(mux)
		clk := clock.NewFixed(time.Now())
		v, err := New(Config{BaseURL: func() string { return "http://127.0.0.1:1" }, Secrets: fixedSecrets("unused"),
			TicketKey: []byte("k"), Catalog: games, Transfer: transfervendor.NewStore(d), Clock: clk})
		if err != nil {
			t.Fatal(err)
		}
		v.Routes(mux)
		srv := httptest.NewServer(mux)
		defer srv.Close()

		jdb := vendorwallet.NewClient(func() string { return transfervendor.BaseURL(srv.URL, "JDB") }, secret, nil, nil)
		if r, err := jdb.Deposit(ctx, vendorwallet.Player{ID: "m7", Currency: "PHP"}, 50_000, "trgamevendor000000000001"); err != nil || r.Status != vendorwallet.StatusSuccess {
			t.Fatalf("deposit: %+v %v", r, err)
		}
		g := firstGame(t, games, "JDB", "RNG")
		url, err := v.LaunchURL(ctx, LaunchParams{Vendor: "JDB", NodeID: g.NodeID, PlayerID: "m7", Currency: "PHP", Language: "EN"})
		if err != nil {
			t.Fatal(err)
		}
		p := openPage(t, srv, url)
		if !strings.Contains(p.html, "SANDBOX GAME") || !strings.Contains(p.html, "500.00") || !strings.Contains(p.html, game.GameIcon(g.NodeID)) {
			t.Fatalf("page lacks the label, balance or art: %s", p.html)
		}
		bal := int64(50_000)
		for i := 0; i < 5; i++ {
			code, a := p.play(t, 1000, "EN")
			if code != 200 || a.Bet != 1000 || len(a.Reels) != 3 || a.RoundID == "" {
				t.Fatalf("play: %d %+v", code, a)
			}
			bal += a.Win - 1000
			if *a.Balance != bal {
				t.Fatalf("balance %d, want %d", *a.Balance, bal)
			}
		}
		if got, _ := jdb.Balance(ctx, vendorwallet.Player{ID: "m7", Currency: "PHP"}); got != bal {
			t.Fatalf("vendor wallet %d, want %d", got, bal)
		}
		// CQ9's wallet of the same player is untouched.
		if got, _ := transfervendor.NewStore(d).Balance(ctx, "CQ9", "m7"); got != 0 {
			t.Fatalf("CQ9 wallet moved: %d", got)
		}

		url, _ = v.LaunchURL(ctx, LaunchParams{Vendor: "JDB", NodeID: g.NodeID, PlayerID: "m8", Currency: "PHP", Language: "TY"})
		p2 := openPage(t, srv, url)
		if code, a := p2.play(t, 100, "TY"); code != http.StatusConflict || a.Error != ErrCodeInsufficientFunds || a.Message != texts["TY"]["err_insufficient_funds"] {
			t.Fatalf("unfunded: %d %+v", code, a)
		}
		if code, a := p2.play(t, 123, "EN"); code != http.StatusBadRequest || a.Error != ErrCodeBadBet {
			t.Fatalf("odd bet: %d %+v", code, a)
		}
	})
}

// TestTickets: the launch URL does not carry the session token readably;
// a forged, swapped or expired ticket gets the expiry page; a launch ticket
// is not a play token; the page is framable by its own origin only.
func TestTickets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		games := catalogue(t, d)
		clk := clock.NewFixed(time.Now())
		v, err := New(Config{BaseURL: func() string { return "http://127.0.0.1:1" }, Secrets: fixedSecrets("x"),
			TicketKey: []byte("ticket-key"), Catalog: games, Transfer: transfervendor.NewStore(d), Clock: clk})
		if err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		v.Routes(mux)
		srv := httptest.NewServer(mux)
		defer srv.Close()

		g := firstGame(t, games, "CQ9", "RNG")
		url, err := v.LaunchURL(ctx, LaunchParams{Vendor: "CQ9", NodeID: g.NodeID, PlayerID: "m1", Currency: "PHP", Language: "TY",
			SessionToken: "secret-session-token-xyz", LobbyURL: "/home"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(url, Prefix+"/play?t=") || strings.Contains(url, "secret-session") || !strings.HasSuffix(url, "&lang=TY") {
			t.Fatalf("launch url %q", url)
		}
		p := openPage(t, srv, url)
		if !strings.Contains(p.csp, "frame-ancestors 'self'") || !strings.Contains(p.html, "Paikutin") || !strings.Contains(p.html, `href="/home"`) {
			t.Fatalf("page: csp %q html %s", p.csp, p.html)
		}
		nonce := regexp.MustCompile(`script-src 'nonce-([^']+)'`).FindStringSubmatch(p.csp)
		if nonce == nil || !strings.Contains(p.html, `<script nonce="`+nonce[1]+`">`) {
			t.Fatal("script nonce does not match the CSP")
		}
		ticket := strings.TrimSuffix(strings.TrimPrefix(url, Prefix+"/play?t="), "&lang=TY")

		get := func(u string) int {
			res, err := http.Get(srv.URL + u)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if !strings.Contains(string(b), "SANDBOX GAME") && !strings.Contains(string(b), "PANSUBOK NA LARO") {
				t.Fatalf("no label: %s", b)
			}
			return res.StatusCode
		}
		forged := []byte(ticket)
		forged[10] ^= 1
		if code := get(Prefix + "/play?t=" + string(forged)); code != http.StatusForbidden {
			t.Fatalf("forged ticket: %d", code)
		}
		if code := get(Prefix + "/play?t=" + p.token); code != http.StatusForbidden { // a play token is no launch ticket
			t.Fatalf("play token as ticket: %d", code)
		}
		if code, a := (&page{srv: srv, token: ticket}).play(t, 100, "EN"); code != http.StatusUnauthorized || a.Error != ErrCodeBadToken {
			t.Fatalf("ticket as play token: %d %+v", code, a)
		}
		clk.Advance(LaunchTicketTTL + time.Second)
		if code := get(url); code != http.StatusForbidden {
			t.Fatalf("expired ticket: %d", code)
		}

		for _, bad := range []LaunchParams{
			{Vendor: "CQ9", NodeID: g.NodeID, Currency: "PHP"},                                          // no player
			{Vendor: "CQ9", NodeID: g.NodeID, PlayerID: "m1", Currency: "PHP", LobbyURL: "//evil.test"}, // open redirect
			{Vendor: "PG", NodeID: g.NodeID, PlayerID: "m1", Currency: "PHP"},                           // node of another vendor
		} {
			if _, err := v.LaunchURL(ctx, bad); err == nil {
				t.Fatalf("launch accepted: %+v", bad)
			}
		}
		// A lobby launch (no game) opens the vendor's first game.
		if u, err := v.LaunchURL(ctx, LaunchParams{Vendor: "CQ9", GameType: "RNG", PlayerID: "m1", Currency: "PHP"}); err != nil || u == "" {
			t.Fatalf("lobby launch: %v", err)
		}
	})
}

// FuzzOpen: any string given as a ticket or play token is refused or
// opened without panicking; nothing but a sealed ticket opens.
func FuzzOpen(f *testing.F) {
	v, err := New(Config{BaseURL: func() string { return "" }, Secrets: fixedSecrets("x"), TicketKey: []byte("k"), Catalog: nil})
	if err == nil {
		f.Fatal("New accepted a nil catalogue")
	}
	v, err = New(Config{BaseURL: func() string { return "" }, Secrets: fixedSecrets("x"), TicketKey: []byte("k"), Catalog: (*game.Service)(nil)})
	if err != nil {
		f.Fatal(err)
	}
	want := ticket{Kind: "play", Vendor: "PG", Player: "m1", Expires: time.Now().Add(time.Hour).Unix()}
	good, err := v.seal(want)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add("")
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		tk, err := v.open(s, "play")
		if err == nil && (tk.Vendor != want.Vendor || tk.Player != want.Player) { // only our seal opens
			t.Fatalf("opened a forged token %q: %+v", s, tk)
		}
	})
}
