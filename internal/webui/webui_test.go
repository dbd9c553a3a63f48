package webui

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

const themeScript = "\n      (function () { document.documentElement.dataset.t = 'x'; })();\n    "
const bootStyle = "\n      html { background: #0e1525; }\n    "

var testIndex = "<!doctype html><html><head><title>t</title><script>" + themeScript + "</script><style>" + bootStyle +
	"</style><script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script></head><body><div id=\"root\"></div></body></html>"

func testHandler(t *testing.T, opts Options) *Handler {
	t.Helper()
	h := newHandler(fstest.MapFS{
		"index.html":          {Data: []byte(testIndex)},
		"assets/index-abc.js": {Data: []byte("console.log(1)")},
	}, opts)
	if !h.Built() {
		t.Fatal("test build not loaded")
	}
	return h
}

func get(h http.Handler, path string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	return w
}

func hashSource(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func directive(csp, name string) string {
	for _, d := range strings.Split(csp, ";") {
		d = strings.TrimSpace(d)
		if d == name || strings.HasPrefix(d, name+" ") {
			return d
		}
	}
	return ""
}

// Every route the storefront renders answers 200 (the deep links of issue 28
// among them); unknown paths get the shell with 404.
func TestPageStatus(t *testing.T) {
	h := testHandler(t, Options{})
	for _, p := range pagePaths {
		if w := get(h, p); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `id="root"`) {
			t.Errorf("GET %s = %d, want 200 with the shell", p, w.Code)
		}
	}
	for _, p := range []string{"/member/depositv2", "/member/withdraw", "/member/messageV2", "/originals/dice", "/originals/crash",
		"/resetPassword", "/member/DEPOSITV2", "/member/withdraw/", "/agentHome"} {
		if w := get(h, p); w.Code != http.StatusOK {
			t.Errorf("deep link GET %s = %d, want 200", p, w.Code)
		}
	}
	for _, p := range []string{"/nope", "/member/nope", "/originals/nope", "/member/withdraw/x", "/seamless", "/assets/missing.js", "/x.php"} {
		if w := get(h, p); w.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", p, w.Code)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := testHandler(t, Options{
		ImageSources: func(context.Context) []string {
			return []string{"/cdn/a", "https://img.example.com/brand", "https://evil.example; script-src *", "javascript:alert(1)"}
		},
		FrameSources: []string{"https://games.vendor.example/launch?t={token}", "https://{vendor}.cdn.example/x"},
	})
	t.Run("OK/Page", func(t *testing.T) {
		for _, p := range []string{"/", "/member/withdraw", "/member/depositv2", "/nope"} {
			w := get(h, p)
			csp := w.Header().Get("Content-Security-Policy")
			if got := directive(csp, "frame-ancestors"); got != "frame-ancestors 'none'" {
				t.Errorf("%s: %q, want frame-ancestors 'none' (csp %q)", p, got, csp)
			}
			if got := w.Header().Get("X-Frame-Options"); got != "DENY" {
				t.Errorf("%s: X-Frame-Options %q", p, got)
			}
			if got := w.Header().Get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
				t.Errorf("%s: Referrer-Policy %q", p, got)
			}
			if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("%s: X-Content-Type-Options %q", p, got)
			}
		}
	})
	t.Run("OK/GameFrame", func(t *testing.T) {
		for _, p := range []string{"/originals/dice", "/originals/verify"} {
			w := get(h, p)
			if got := directive(w.Header().Get("Content-Security-Policy"), "frame-ancestors"); got != "frame-ancestors 'self'" {
				t.Errorf("%s: %q, want frame-ancestors 'self'", p, got)
			}
			if got := w.Header().Get("X-Frame-Options"); got != "SAMEORIGIN" {
				t.Errorf("%s: X-Frame-Options %q", p, got)
			}
		}
	})
	t.Run("OK/Directives", func(t *testing.T) {
		csp := get(h, "/").Header().Get("Content-Security-Policy")
		want := map[string]string{
			"default-src": "default-src 'none'",
			"script-src":  "script-src 'self' " + hashSource(themeScript),
			"style-src":   "style-src 'self' " + hashSource(bootStyle),
			"img-src":     "img-src 'self' data: blob: https://img.example.com",
			"connect-src": "connect-src 'self'",
			"frame-src":   "frame-src 'self' https://games.vendor.example https:",
			"object-src":  "object-src 'none'",
			"base-uri":    "base-uri 'none'",
			"form-action": "form-action 'self'",
		}
		for name, d := range want {
			if got := directive(csp, name); got != d {
				t.Errorf("%s = %q, want %q", name, got, d)
			}
		}
		if strings.Contains(csp, "unsafe") || strings.Contains(csp, "evil") || strings.Contains(csp, "javascript") || strings.Count(csp, "script-src") != 1 {
			t.Errorf("policy allows more than the storefront needs: %q", csp)
		}
	})
	t.Run("OK/Asset", func(t *testing.T) {
		w := get(h, "/assets/index-abc.js")
		if w.Code != 200 || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("asset: %d %v", w.Code, w.Header())
		}
	})
}

// The embedded build: every inline script and style of the real index.html
// is allowed by its hash, and nothing inline needs more than a hash (inline
// event handlers or style attributes would need 'unsafe-hashes').
func TestBuiltIndexPolicy(t *testing.T) {
	sub, _ := fs.Sub(dist, "dist")
	index, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		t.Skip("storefront not built (make web)")
	}
	h := New(Options{})
	csp := get(h, "/").Header().Get("Content-Security-Policy")
	inline := regexp.MustCompile(`(?s)<(script|style)((?:\s[^>]*)?)>(.*?)</(?:script|style)>`)
	n := 0
	for _, m := range inline.FindAllSubmatch(index, -1) {
		if bytes.Contains(m[2], []byte("src=")) {
			continue
		}
		n++
		if d := directive(csp, string(m[1])+"-src"); !strings.Contains(d, hashSource(string(m[3]))) {
			t.Errorf("inline %s %.60q… is not allowed by %q", m[1], m[3], d)
		}
	}
	if n == 0 {
		t.Error("found no inline script or style: the test no longer looks at the build")
	}
	if attr := regexp.MustCompile(`(?i)<[a-z][^>]*\s(on[a-z]+|style)\s*=`).Find(index); attr != nil {
		t.Errorf("index.html has an inline attribute the policy refuses: %s", attr)
	}
}

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"/cdn/a": "", "": "", "https://a.example.com/x": "https://a.example.com", "http://A.example:8080": "http://a.example:8080",
		"//cdn.example/x": "https://cdn.example", "https://x.example;script-src": "", "ftp://x": "", "https://{vendor}.x.example/": "https:",
		"data:image/png;base64,xx": "",
	} {
		if got := Origin(in); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}
