package webui

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"
)

const consoleIndex = `<!doctype html><html><head><title>c</title>` +
	`<script type="module" crossorigin src="/console/assets/index-abc.js"></script>` +
	`<link rel="stylesheet" crossorigin href="/console/assets/index-abc.css"></head><body><div id="root"></div></body></html>`

func testConsole(t *testing.T) http.Handler {
	t.Helper()
	c := newConsole(fstest.MapFS{
		"index.html":           {Data: []byte(consoleIndex)},
		"assets/index-abc.js":  {Data: []byte(strings.Repeat("console.log(1);", 40))},
		"assets/index-abc.css": {Data: []byte("body{}")},
		"favicon.svg":          {Data: []byte("<svg/>")},
	})
	if !c.Built() {
		t.Fatal("test build not loaded")
	}
	mux := http.NewServeMux()
	c.Routes(mux)
	mux.Handle("/", http.NotFoundHandler()) // the storefront's place
	return mux
}

// Every page path under /console/ is the console's index.html (the router
// decides), with the console's strict policy and no caching.
func TestConsolePages(t *testing.T) {
	h := testConsole(t)
	for _, p := range []string{"/console/", "/console/login", "/console/audit", "/console/audit?page=2", "/console/some/deep/link"} {
		w := get(h, p)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `<div id="root">`) {
			t.Fatalf("%s: %d %q", p, w.Code, w.Body.String())
		}
		hd := w.Header()
		if hd.Get("Content-Security-Policy") != consolePolicy || hd.Get("Cache-Control") != "no-cache" || hd.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", p, hd)
		}
	}
	if w := get(h, "/console"); w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "/console/" {
		t.Errorf("/console: %d %v", w.Code, w.Header())
	}
	if w := get(h, "/consolex"); w.Code != http.StatusNotFound {
		t.Errorf("/consolex reached the console: %d", w.Code)
	}
}

// The policy: only the site's own scripts and styles, no inline code, no
// eval, no framing, nothing from other origins.
func TestConsolePolicy(t *testing.T) {
	csp := get(testConsole(t), "/console/").Header().Get("Content-Security-Policy")
	want := map[string]string{
		"default-src":     "default-src 'none'",
		"script-src":      "script-src 'self'",
		"style-src":       "style-src 'self'",
		"connect-src":     "connect-src 'self'",
		"img-src":         "img-src 'self' data: blob:",
		"frame-ancestors": "frame-ancestors 'none'",
		"base-uri":        "base-uri 'none'",
		"object-src":      "object-src 'none'",
		"form-action":     "form-action 'self'",
	}
	for name, d := range want {
		if got := directive(csp, name); got != d {
			t.Errorf("%s = %q, want %q (policy %q)", name, got, d, csp)
		}
	}
	for _, bad := range []string{"unsafe-inline", "unsafe-eval", "sha256-", "http:", "https:", "*"} {
		if strings.Contains(csp, bad) {
			t.Errorf("policy has %q: %s", bad, csp)
		}
	}
}

// Hashed assets are cached for a year, other files for an hour; a missing
// asset is a plain 404 (never the page, which a browser would try to run as
// a module); assets are served gzip to clients that take it; only GET/HEAD.
func TestConsoleAssets(t *testing.T) {
	h := testConsole(t)
	w := get(h, "/console/assets/index-abc.js")
	if w.Code != http.StatusOK || w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || w.Header().Get("Content-Security-Policy") != "" {
		t.Fatalf("asset: %d %v", w.Code, w.Header())
	}
	if w := get(h, "/console/favicon.svg"); w.Code != http.StatusOK || w.Header().Get("Cache-Control") != "public, max-age=3600" {
		t.Errorf("favicon: %d %v", w.Code, w.Header())
	}
	if w := get(h, "/console/assets/index-old.js"); w.Code != http.StatusNotFound || strings.Contains(w.Body.String(), "root") {
		t.Errorf("missing asset: %d %q", w.Code, w.Body.String())
	}
	r := httptest.NewRequest("GET", "/console/assets/index-abc.js", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	gw := httptest.NewRecorder()
	h.ServeHTTP(gw, r)
	if gw.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("no gzip: %v", gw.Header())
	}
	pw := httptest.NewRecorder()
	h.ServeHTTP(pw, httptest.NewRequest("POST", "/console/login", nil))
	if pw.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", pw.Code)
	}
}

// The embedded console build (when `make web` has run) keeps to the policy:
// its index.html has no inline script or style and no inline event handler,
// and every file it references is in the build, under /console/.
func TestEmbeddedConsoleBuild(t *testing.T) {
	sub, err := fs.Sub(consoleDist, "consoledist")
	if err != nil {
		t.Fatal(err)
	}
	index, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		t.Skip("the console is not built (make web)")
	}
	z := html.NewTokenizer(bytes.NewReader(index))
	var refs []string
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, more := z.TagName()
		attrs := map[string]string{}
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			attrs[string(k)] = string(v)
		}
		for k := range attrs {
			if strings.HasPrefix(k, "on") || k == "style" {
				t.Errorf("index.html: <%s %s=...>: inline code the policy refuses", name, k)
			}
		}
		switch string(name) {
		case "script":
			if attrs["src"] == "" {
				t.Error("index.html has an inline <script>")
			}
			refs = append(refs, attrs["src"])
		case "style":
			t.Error("index.html has an inline <style>")
		case "link":
			refs = append(refs, attrs["href"])
		}
	}
	if len(refs) == 0 {
		t.Fatal("index.html loads nothing")
	}
	c := NewConsole()
	for _, ref := range refs {
		if !regexp.MustCompile(`^/console/`).MatchString(ref) {
			t.Errorf("index.html references %q outside /console/", ref)
			continue
		}
		if _, ok := c.files[strings.TrimPrefix(ref, "/console")]; !ok {
			t.Errorf("index.html references %q, not in the build", ref)
		}
	}
}
