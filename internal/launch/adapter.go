package launch

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// URLTemplate is an Adapter for vendors launched by a fixed URL with the
// request's fields filled in, configured per vendor (cmd/palaro:
// PALARO_GAME_VENDOR_<CODE>_LAUNCH_URL). Placeholders, each query-escaped:
// {token} {player} {game} {node} {vendor} {category} {lang} {device}
// {currency} {lobby}.
type URLTemplate struct {
	tmpl string
	mode string
}

var placeholderRe = regexp.MustCompile(`\{[a-z]+\}`)

var placeholders = map[string]func(Request) string{
	"{token}":    func(r Request) string { return r.SessionToken },
	"{player}":   func(r Request) string { return r.PlayerID },
	"{game}":     func(r Request) string { return r.Game.GameCode },
	"{node}":     func(r Request) string { return strconv.FormatInt(r.Game.NodeID, 10) },
	"{vendor}":   func(r Request) string { return r.Vendor.Code },
	"{category}": func(r Request) string { return r.Vendor.GameType },
	"{lang}":     func(r Request) string { return r.Language },
	"{device}":   func(r Request) string { return r.Device },
	"{currency}": func(r Request) string { return r.Currency },
	"{lobby}":    func(r Request) string { return r.LobbyURL },
}

// NewURLTemplate checks a template: an http(s) URL or a site path, with
// known placeholders only. mode is "" (the vendor's launch mode),
// ModeIframe or ModeWindow.
func NewURLTemplate(tmpl, mode string) (*URLTemplate, error) {
	for _, p := range placeholderRe.FindAllString(tmpl, -1) {
		if _, ok := placeholders[p]; !ok {
			return nil, fmt.Errorf("launch URL template: unknown placeholder %s", p)
		}
	}
	if !validURL(placeholderRe.ReplaceAllString(tmpl, "x")) {
		return nil, fmt.Errorf("launch URL template %q: not an http(s) URL or a site path", tmpl)
	}
	switch mode {
	case "", ModeIframe, ModeWindow:
	default:
		return nil, fmt.Errorf("launch URL template: mode %q is not IFRAME or WINDOW", mode)
	}
	return &URLTemplate{tmpl: tmpl, mode: mode}, nil
}

// Launch fills the template in.
func (t *URLTemplate) Launch(_ context.Context, r Request) (Result, error) {
	u := placeholderRe.ReplaceAllStringFunc(t.tmpl, func(p string) string {
		return url.QueryEscape(placeholders[p](r))
	})
	return Result{URL: strings.TrimSpace(u), Mode: t.mode}, nil
}

// Mode is the configured launch mode ("" for the vendor's own).
func (t *URLTemplate) Mode() string { return t.mode }
