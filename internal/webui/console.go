package webui

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

// The operator console's build (web/apps/console, `make web`), served at
// /console/.
//
//go:embed all:consoledist
var consoleDist embed.FS

// ConsolePath is where the console is served.
const ConsolePath = "/console/"

// consolePolicy is the console's Content-Security-Policy: its index.html has
// no inline script or style (the build inlines none, and a test checks the
// embedded build), so nothing but the site's own files runs or styles the
// page. Unlike the storefront it shows no brand images from other origins
// and frames nothing.
const consolePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
	"connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-src 'none'; frame-ancestors 'none'"

// Console serves the operator console: hashed assets with a long cache, and
// its index.html (no-cache, with the console's policy) for every other path
// under /console/, the router's pages.
type Console struct {
	files map[string]*file
	index *file
}

// NewConsole loads the embedded console build.
func NewConsole() *Console {
	sub, err := fs.Sub(consoleDist, "consoledist")
	if err != nil {
		return newConsole(nil)
	}
	return newConsole(sub)
}

func newConsole(sub fs.FS) *Console {
	c := &Console{files: loadFiles(sub)}
	c.index = c.files["/index.html"]
	return c
}

// Built reports whether a console build is embedded.
func (c *Console) Built() bool { return c.index != nil }

// Routes mounts the console: /console/... and /console (redirected to /console/).
func (c *Console) Routes(mux *http.ServeMux) {
	mux.Handle(ConsolePath, c)
	mux.HandleFunc("GET /console", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, ConsolePath, http.StatusMovedPermanently)
	})
}

func (c *Console) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	rel := strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(ConsolePath, "/"))
	if f, ok := c.files[rel]; ok && rel != "/index.html" {
		if strings.HasPrefix(rel, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
		send(w, r, f, http.StatusOK)
		return
	}
	if strings.HasPrefix(rel, "/assets/") {
		// A hashed file this build does not have (an old tab after a deploy):
		// a plain 404, never the page, so the browser does not run HTML as a module.
		http.NotFound(w, r)
		return
	}
	if c.index == nil {
		http.Error(w, "the console is not built: run make web", http.StatusServiceUnavailable)
		return
	}
	hd := w.Header()
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Content-Security-Policy", consolePolicy)
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Referrer-Policy", "same-origin")
	send(w, r, c.index, http.StatusOK)
}
