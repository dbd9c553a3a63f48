package main

import (
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
)

func TestReadyBanner(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var b strings.Builder
		readyBanner{URL: "http://localhost:8080"}.write(&b)
		out := b.String()
		want := []string{"http://localhost:8080", "demo01", "agent01", "http://localhost:8080/agent", account.DemoPassword, "http://localhost:8080/ops/v1"}
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
