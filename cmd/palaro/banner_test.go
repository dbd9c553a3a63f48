package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

func TestReadyBanner(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var b strings.Builder
		readyBanner{URL: "http://localhost:8080"}.write(&b)
		out := b.String()
		want := []string{"http://localhost:8080", "demo01", "agent01", "http://localhost:8080/agent", account.DemoPassword, "http://localhost:8080/ops/v1", "palaro operator otp ops01 (for ops01, finance01)"}
		for _, o := range operator.DemoOperators {
			want = append(want, o.Username+" ("+string(o.Role)+")")
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("banner lacks %q:\n%s", w, out)
			}
		}
		if n := strings.Count(out, "\n"); n > 14 {
			t.Errorf("banner is %d lines, want a short one:\n%s", n, out)
		}
		if strings.Contains(out, "console:") {
			t.Errorf("banner names a console that does not exist:\n%s", out)
		}
	})
	t.Run("OK/Console", func(t *testing.T) {
		var b strings.Builder
		readyBanner{URL: "http://localhost:8080", ConsolePath: "/console"}.write(&b)
		if !strings.Contains(b.String(), "Operator console: http://localhost:8080/console") {
			t.Errorf("banner without the console:\n%s", b.String())
		}
	})
}

func TestBrowserURL(t *testing.T) {
	for in, want := range map[string]string{
		":8080": "http://localhost:8080", "0.0.0.0:8080": "http://localhost:8080", "[::]:8080": "http://localhost:8080",
		"127.0.0.1:18420": "http://127.0.0.1:18420", "[::1]:9000": "http://[::1]:9000",
	} {
		if got := browserURL(in); got != want {
			t.Errorf("browserURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// The storefront's policy is wired to the brand and the vendor launch
// configuration: a configured vendor's origin may be framed, the brand's
// image CDN may serve images, nothing else is added.
func TestPagePolicyWiring(t *testing.T) {
	t.Setenv("PALARO_GAME_VENDOR_PG_LAUNCH_URL", "https://games.pg.example/launch?token={token}&game={game}")
	t.Setenv("PALARO_GAME_VENDOR_JDB_LAUNCH_URL", "https://win.jdb.example/play?t={token}")
	t.Setenv("PALARO_GAME_VENDOR_JDB_LAUNCH_MODE", "WINDOW")
	m := startMain(t, db.SQLite, true)
	brands := brand.NewService(brand.NewStore(m.DB), clock.System{})
	c, err := brands.Export(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c.ImageCDNs = append(c.ImageCDNs, "https://img.cdn.example/brand")
	if err := brands.Import(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second) // the server's brand copy refreshes within brand.RefreshEvery
	for {
		res, err := http.Get("http://" + m.Addr() + "/member/withdraw")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode == http.StatusServiceUnavailable {
			t.Skip("storefront not built (make web; make test builds it before the Go tests)")
		}
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != 200 || !strings.Contains(csp, "frame-src 'self' https://games.pg.example;") || strings.Contains(csp, "jdb") {
			t.Fatalf("status %d, policy %q: want the PG launch origin framed, JDB (window) not", res.StatusCode, csp)
		}
		if strings.Contains(csp, "img-src 'self' data: blob: https://img.cdn.example;") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("policy %q lacks the brand's image CDN", csp)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
