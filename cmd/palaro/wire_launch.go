package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/sandbox/gamevendor"
)

// wireLaunch serves GET /wps/game/launchGame and /wps/game/recommended
// (docs/vendor-api.md, "Launch"). A vendor's adapter is, in order: a fixed
// launch URL template from PALARO_GAME_VENDOR_<CODE>_LAUNCH_URL (optional
// PALARO_GAME_VENDOR_<CODE>_LAUNCH_MODE = IFRAME or WINDOW); else, in demo
// mode, the sandbox game vendor (sandbox, nil outside demo mode); else none
// (the launch answers launch.vendor_unavailable). sessions opens seamless
// game sessions (nil: seamless vendors are unavailable); recent records
// launched games; inhouseGames (nil: none) launches vendor BGS; funds opens a trial account's FUN balance before its
// first free-play game.
func (m *Main) wireLaunch(ctx context.Context, mux *http.ServeMux, games *game.Service, brands *brand.Service, accounts *account.Service,
	sessions launch.SessionOpener, recent launch.RecentRecorder, sandbox launch.Adapter, funds launch.FreePlayFunds, inhouseGames launch.Adapter) error {
	cat, err := games.Catalog(ctx)
	if err != nil {
		return err
	}
	registry := launch.NewRegistry()
	if inhouseGames != nil { // the in-house games open /originals/<slug> (wire_inhouse.go); a launch URL template below still wins
		registry.Register(inhouse.Vendor, inhouseGames)
	}
	var configured []string
	for _, v := range cat.WalletVendors() {
		conf := m.Config.GameLaunch[config.Code(v.Code)]
		tmpl := conf.URL
		if tmpl == "" {
			continue
		}
		a, err := launch.NewURLTemplate(tmpl, conf.Mode)
		if err != nil {
			return fmt.Errorf("PALARO_GAME_VENDOR_%s_LAUNCH_URL: %w", config.Code(v.Code), err)
		}
		registry.Register(v.Code, a)
		configured = append(configured, v.Code)
		if a.Mode() != launch.ModeWindow { // the game popup frames it: the pages' frame-src lists its origin
			m.web.FrameSources = append(m.web.FrameSources, tmpl)
		}
	}
	if m.Config.Demo && sandbox != nil {
		registry.SetDefault(sandbox)
	}
	m.Logger.Info("game launch", "configured_vendors", configured, "sandbox_default", m.Config.Demo && sandbox != nil, "seamless_sessions", sessions != nil)
	svc := launch.NewService(games, brands, launch.NewStore(m.DB), registry, sessions, recent, m.Logger)
	svc.UseFreePlayFunds(funds)
	launch.NewHandler(svc, accounts).Routes(mux)
	return nil
}

// sandboxAdapter keeps a nil sandbox vendor (outside demo mode) a nil
// adapter rather than an interface holding a nil pointer.
func sandboxAdapter(v *gamevendor.Vendor) launch.Adapter {
	if v == nil {
		return nil
	}
	return v
}

// brandImageSources are the image URLs of the brand beyond the site itself
// (image CDNs, logos, favicon): the storefront pages' img-src lists their
// origins (internal/webui).
func brandImageSources(brands *brand.Service) func(context.Context) []string {
	return func(ctx context.Context) []string {
		c, err := brands.Current(ctx)
		if err != nil {
			return nil
		}
		t := c.Theme
		return append(append([]string{}, c.ImageCDNs...), t.LogoURL, t.LogoLightURL, t.FaviconURL)
	}
}
