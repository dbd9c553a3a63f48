package webui

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
	"sync/atomic"

	"golang.org/x/net/html"
)

// policy builds the pages' Content-Security-Policy. Scripts and styles come
// from the site only, plus the inline <script> and <style> elements of the
// built index.html (the theme and boot scripts, the inlined entry CSS),
// allowed by their SHA-256 hashes computed here from the embedded file, so
// the policy follows the build without a list to keep up to date. React sets
// style properties through the CSSOM, which the policy does not restrict.
type policy struct {
	scripts []string // 'sha256-…' sources of the inline scripts
	styles  []string
	frames  []string

	// last is the header for the last set of image sources (the brand's,
	// which change only on a brand import), so a page costs no rebuild.
	last atomic.Pointer[builtPolicy]
}

type builtPolicy struct {
	key    string
	page   string // frame-ancestors 'none'
	framed string // frame-ancestors 'self'
}

func newPolicy(index []byte, frames []string) *policy {
	p := &policy{}
	for _, f := range frames {
		if o := Origin(f); o != "" {
			p.frames = append(p.frames, o)
		}
	}
	z := html.NewTokenizer(bytes.NewReader(index))
	var in string
	for {
		switch z.Next() {
		case html.ErrorToken:
			return p
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			in = ""
			if t := string(name); t == "script" || t == "style" {
				in = t
				for hasAttr { // a script with src is loaded, not inline
					var k []byte
					k, _, hasAttr = z.TagAttr()
					if string(k) == "src" {
						in = ""
					}
				}
			}
		case html.TextToken:
			if in == "" {
				continue
			}
			sum := sha256.Sum256(z.Text())
			src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			if in == "script" {
				p.scripts = append(p.scripts, src)
			} else {
				p.styles = append(p.styles, src)
			}
		case html.EndTagToken:
			in = ""
		}
	}
}

// header is the policy for a page; framed pages (the in-house game frame)
// may be framed by the site itself, every other page by nobody.
func (p *policy) header(images []string, framed bool) string {
	key := strings.Join(images, " ")
	b := p.last.Load()
	if b == nil || b.key != key {
		b = p.build(images, key)
		p.last.Store(b)
	}
	if framed {
		return b.framed
	}
	return b.page
}

func (p *policy) build(images []string, key string) *builtPolicy {
	img := []string{"'self'", "data:", "blob:"}
	for _, s := range images {
		if o := Origin(s); o != "" && !contains(img, o) {
			img = append(img, o)
		}
	}
	directives := []string{
		"default-src 'none'",
		"script-src " + strings.Join(append([]string{"'self'"}, p.scripts...), " "),
		"style-src " + strings.Join(append([]string{"'self'"}, p.styles...), " "),
		"img-src " + strings.Join(img, " "),
		"font-src 'self'",
		// 'self' covers the site's own websockets (/wps/ws, Crash) in CSP level 3 browsers.
		"connect-src 'self'",
		"media-src 'self'",
		"manifest-src 'self'",
		"worker-src 'self'",
		// Game pages open in the game popup's iframe: the in-house frame and the
		// demo's sandbox vendor are on the site, real vendors on their own origins.
		"frame-src " + strings.Join(append([]string{"'self'"}, p.frames...), " "),
		"form-action 'self'",
		"base-uri 'none'",
		"object-src 'none'",
	}
	head := strings.Join(directives, "; ")
	return &builtPolicy{key: key, page: head + "; frame-ancestors 'none'", framed: head + "; frame-ancestors 'self'"}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Origin is the CSP source for a URL: scheme://host[:port] for an absolute
// http(s) URL, "" for a site path (covered by 'self') or anything that is
// not a plain host, so a configured URL can never add a directive. A host
// that is a template placeholder gives the scheme alone ("https:").
func Origin(raw string) string {
	if raw == "" || strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//") {
		return ""
	}
	if strings.HasPrefix(raw, "//") {
		raw = "https:" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		if i := strings.Index(raw, "://"); i > 0 && (raw[:i] == "https" || raw[:i] == "http") && strings.Contains(raw[i:], "{") {
			return raw[:i] + ":"
		}
		return ""
	}
	if strings.Contains(u.Host, "{") {
		return u.Scheme + ":"
	}
	if u.Host == "" || !plainHost(u.Host) {
		return ""
	}
	return u.Scheme + "://" + strings.ToLower(u.Host)
}

func plainHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == ':' || c == '[' || c == ']') {
			return false
		}
	}
	return true
}
