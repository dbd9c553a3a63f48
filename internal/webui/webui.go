// Package webui serves the built React storefront embedded in the binary:
// hashed assets with a long cache, gzip precomputed at start, and the SPA
// shell for every page route (routes.json; 404 status for paths the
// storefront does not know), each page with its Content-Security-Policy.
package webui

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

//go:embed all:dist
var dist embed.FS

type file struct {
	body  []byte
	gz    []byte
	ctype string
}

// Options are what the pages' policy needs from the rest of the platform.
type Options struct {
	// ImageSources returns the image origins the brand uses beyond the site
	// itself (its image CDNs, logo, favicon), read on each page request so
	// a brand import applies without restart. Nil: none.
	ImageSources func(ctx context.Context) []string
	// FrameSources are the origins of the vendors' game pages the game
	// popup frames (their launch URLs), fixed at start.
	FrameSources []string
}

// Handler serves the storefront.
type Handler struct {
	files  map[string]*file
	index  *file
	routes map[string]bool
	policy *policy
	opts   Options
}

var compressible = map[string]bool{".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".txt": true, ".webmanifest": true, ".map": true}

// New loads the embedded build.
func New(opts Options) *Handler {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return newHandler(nil, opts)
	}
	return newHandler(sub, opts)
}

func newHandler(sub fs.FS, opts Options) *Handler {
	h := &Handler{files: loadFiles(sub), routes: pageRoutes(), opts: opts}
	h.index = h.files["/index.html"]
	if h.index != nil {
		h.policy = newPolicy(h.index.body, opts.FrameSources)
	}
	return h
}

// loadFiles reads a build: each file with its type and a gzip copy (the one
// the build wrote next to it, else compressed here), keyed by "/path".
func loadFiles(sub fs.FS) map[string]*file {
	files := map[string]*file{}
	if sub == nil {
		return files
	}
	_ = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		body, err := fs.ReadFile(sub, p)
		if err != nil {
			return nil
		}
		ext := path.Ext(p)
		f := &file{body: body, ctype: mime.TypeByExtension(ext)}
		if f.ctype == "" {
			f.ctype = http.DetectContentType(body)
		}
		if strings.HasSuffix(p, ".gz") {
			return nil // a precompressed copy: attached to its file below
		}
		if gz, err := fs.ReadFile(sub, p+".gz"); err == nil && len(gz) < len(body) {
			f.gz = gz // written by the build: Zopfli from 4 KB, else zlib level 9 (vite.config.ts, precompress)
		} else if compressible[ext] && len(body) > 128 {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(body)
			_ = zw.Close()
			if buf.Len() < len(body) {
				f.gz = buf.Bytes()
			}
		}
		files["/"+p] = f
		return nil
	})
	return files
}

// Built reports whether a storefront build is embedded.
func (h *Handler) Built() bool { return h.index != nil }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if f, ok := h.files[p]; ok && p != "/index.html" {
		if strings.HasPrefix(p, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
		send(w, r, f, http.StatusOK)
		return
	}
	if h.index == nil {
		http.Error(w, "the storefront is not built: run make web", http.StatusServiceUnavailable)
		return
	}
	status := http.StatusNotFound
	if h.isPage(p) {
		status = http.StatusOK
	}
	hd := w.Header()
	hd.Set("Cache-Control", "no-cache")
	var images []string
	if h.opts.ImageSources != nil {
		images = h.opts.ImageSources(r.Context())
	}
	framed := strings.HasPrefix(p, "/originals/")
	hd.Set("Content-Security-Policy", h.policy.header(images, framed))
	if framed {
		// The in-house game frame is the game popup's iframe: our own pages may frame it, nobody else.
		hd.Set("X-Frame-Options", "SAMEORIGIN")
	} else {
		hd.Set("X-Frame-Options", "DENY")
	}
	hd.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	send(w, r, h.index, status)
}

func send(w http.ResponseWriter, r *http.Request, f *file, status int) {
	w.Header().Set("Content-Type", f.ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	body := f.body
	if f.gz != nil {
		w.Header().Add("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			body = f.gz
		}
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
