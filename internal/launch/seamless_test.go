package launch

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
	"github.com/palaro/palaro/internal/wallet"
)

var vendorSecret = []byte("launch-test-vendor-secret")

// wallets is the real seamless service (sessions and callback API) over the
// real ledger and wallet, with its callback routes on a real HTTP server.
type wallets struct {
	svc *gamewallet.Service
	srv *httptest.Server
}

func newWallets(t *testing.T, d *db.DB) *wallets {
	t.Helper()
	ctx := context.Background()
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, testNow); err != nil {
		t.Fatal(err)
	}
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	games := game.NewService(gstore, clock.System{}, quiet, time.Hour)
	l := ledger.NewStore(d, clock.System{})
	catalog := gamewallet.NewCatalogGames(games)
	svc := gamewallet.NewService(gamewallet.NewStore(d), catalog, wallet.NewService(l, brands, nil, quiet), l, clock.System{}, quiet, gamewallet.Config{})
	mux := http.NewServeMux()
	seamless.NewHandler(seamless.NewService(svc, catalog, clock.System{}, quiet, seamless.Config{Secrets: map[string][]byte{"PG": vendorSecret, "AGL": vendorSecret}})).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &wallets{svc: svc, srv: srv}
}

// balance asks the seamless API, as the vendor, for the balance behind a session token.
func (w *wallets) balance(t *testing.T, vendor, token, player, currency string) (int, seamless.Response) {
	t.Helper()
	body, _ := json.Marshal(seamless.Request{SessionToken: token, PlayerID: player, Currency: currency})
	req, _ := http.NewRequest(http.MethodPost, w.srv.URL+"/lgw/vendor/"+vendor+"/wallet/"+seamless.OpBalance, bytes.NewReader(body))
	req.Header.Set(vendorwallet.SignatureHeader, vendorwallet.Sign(vendorSecret, time.Now(), body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out seamless.Response
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, out
}

// TestSeamlessLaunch: a seamless vendor's launch opens a game session the
// vendor can use on the wallet API; trial accounts' sessions play FUN.
func TestSeamlessLaunch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWallets(t, d)
		s := newSite(t, d, w.svc)
		tok := s.login(t, "demo01")
		player := "m" + strconv.FormatInt(s.memberID(t, "demo01"), 10)
		g := s.firstGame(t, "PG", "RNG")

		r := s.want(t, launchPath(g), tok, 200, "ok")
		u, _ := url.Parse(r.value["url"].(string))
		session := u.Query().Get("t")
		if session == "" || session == tok || u.Query().Get("p") != player || u.Query().Get("p") != seamless.PlayerID(s.memberID(t, "demo01")) {
			t.Fatalf("url %s: want a game session token (not the login token) and player %s", u, player)
		}
		if status, res := w.balance(t, "PG", session, player, "PHP"); status != 200 || res.Status != "OK" || res.Balance == nil {
			t.Fatalf("balance with the launch's session: %d %+v", status, res)
		}
		madeUp := session[:len(session)-2] + "00" // its last byte changed (1 in 256 tokens ends in 00)
		if madeUp == session {
			madeUp = session[:len(session)-2] + "ff"
		}
		if status, res := w.balance(t, "PG", madeUp, player, "PHP"); status == 200 {
			t.Fatalf("a made-up session works: %+v", res)
		}
		// Each launch opens its own session.
		r2 := s.want(t, launchPath(g), tok, 200, "ok")
		u2, _ := url.Parse(r2.value["url"].(string))
		if u2.Query().Get("t") == session {
			t.Error("two launches share a session token")
		}

		// Window-mode seamless vendor (AGL, LIVE, launch_mode window in the demo).
		agl := s.firstGame(t, "AGL", "LIVE")
		if r := s.want(t, launchPath(agl), tok, 200, "ok"); r.value["mode"] != ModeWindow {
			t.Errorf("AGL mode %v, want WINDOW", r.value["mode"])
		}

		// A trial account on a free-play vendor plays FUN through its session.
		if err := s.rules.PutRule(context.Background(), Rule{Vendor: "PG", FreePlay: true}, testNow); err != nil {
			t.Fatal(err)
		}
		r = s.want(t, launchPath(g), s.trial(t), 200, "ok")
		u, _ = url.Parse(r.value["url"].(string))
		if u.Query().Get("c") != FreePlayCurrency || u.Query().Get("t") == "" {
			t.Fatalf("trial url %s", u)
		}
		if status, res := w.balance(t, "PG", u.Query().Get("t"), u.Query().Get("p"), FreePlayCurrency); status != 200 || res.Currency != FreePlayCurrency {
			t.Fatalf("trial balance: %d %+v", status, res)
		}
	})
}
