package launch

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Rules is what the service needs from the rule store.
type Rules interface {
	Rule(ctx context.Context, vendor, gameCode string) (Rule, error)
}

// FreePlayCurrency is the currency trial accounts play with (wallet.FreePlayCurrency).
const FreePlayCurrency = "FUN"

// Service launches games.
type Service struct {
	catalog  Catalog
	brand    Brand
	rules    Rules
	adapters *Registry
	sessions SessionOpener  // nil: seamless vendors cannot be launched
	recent   RecentRecorder // nil: launches are not remembered
	funds    FreePlayFunds  // nil: a trial account's FUN balance is opened elsewhere (UseFreePlayFunds)
	logger   *slog.Logger

	// LobbyURL is where a game's "back" button leads (default "/").
	LobbyURL string
}

func NewService(catalog Catalog, brand Brand, rules Rules, adapters *Registry, sessions SessionOpener, recent RecentRecorder, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{catalog: catalog, brand: brand, rules: rules, adapters: adapters, sessions: sessions, recent: recent, logger: logger, LobbyURL: "/"}
}

// Launch checks that the caller may play the game and returns where to open it.
func (s *Service) Launch(ctx context.Context, c account.Caller, q Query) (Answer, error) {
	if !c.LoggedIn() {
		return Answer{}, apperr.Unauthorized("auth.token_required")
	}
	cat, err := s.catalog.Catalog(ctx)
	if err != nil {
		return Answer{}, err
	}
	g, v, lobby, err := resolve(cat, q)
	if err != nil {
		return Answer{}, err
	}
	ruleOf := g.GameCode
	if lobby { // the vendor's lobby: only the vendor's own rule counts
		ruleOf = ""
	}
	rule, err := s.rules.Rule(ctx, v.Code, ruleOf)
	if err != nil {
		return Answer{}, apperr.Internal(err, "launch rule")
	}
	switch {
	case rule.Disabled:
		return Answer{}, apperr.Forbidden("launch.game_disabled")
	case c.Role() == account.RoleTrial && !rule.FreePlay:
		return Answer{}, apperr.Forbidden("auth.real_account_required")
	case v.Maintenance || g.Maintenance: // a lobby's game is in maintenance only when all the vendor's are
		return Answer{}, apperr.Conflict("launch.maintenance").With("gameType", v.GameType).With("vendor", v.Code)
	}
	adapter, ok := s.adapters.Lookup(v.Code)
	if !ok {
		return Answer{}, apperr.New(apperr.KindUnavailable, "launch.vendor_unavailable")
	}
	b, err := s.brand.Current(ctx)
	if err != nil {
		return Answer{}, apperr.Internal(err, "brand")
	}
	req := Request{
		MemberID: c.MemberID, Account: c.Account, PlayerID: playerID(c.MemberID),
		Game: g, Lobby: lobby, Vendor: v,
		Language: q.Language, Device: q.Device, LobbyURL: s.LobbyURL, Currency: b.Currency.Code,
	}
	if req.Language == "" {
		req.Language = strings.ToUpper(b.DefaultLanguage)
	}
	if req.Device == "" {
		req.Device = DeviceWeb
	}
	if c.Role() == account.RoleTrial {
		req.Currency = FreePlayCurrency
		if err := s.openFreePlay(ctx, c); err != nil {
			return Answer{}, err
		}
	}
	if v.WalletType != game.WalletTransfer { // seamless: the vendor calls our wallet API with this session
		if s.sessions == nil {
			return Answer{}, apperr.New(apperr.KindUnavailable, "launch.vendor_unavailable")
		}
		if req.SessionToken, err = s.sessions.OpenSession(ctx, c.MemberID, v.Code, g.GameCode, g.NodeID, req.Currency); err != nil {
			return Answer{}, wrap(err, "open game session")
		}
	}
	res, err := adapter.Launch(ctx, req)
	if err != nil {
		return Answer{}, wrap(err, "vendor launch "+v.Code)
	}
	if !validURL(res.URL) {
		s.logger.ErrorContext(ctx, "vendor adapter returned a bad launch URL", "vendor", v.Code, "url", res.URL)
		return Answer{}, apperr.New(apperr.KindUnavailable, "launch.vendor_unavailable")
	}
	mode := res.Mode
	if mode == "" {
		mode = ModeIframe
		if v.LaunchMode == game.LaunchWindow {
			mode = ModeWindow
		}
	}
	if !lobby && s.recent != nil {
		if err := s.recent.RecordLaunch(ctx, c.MemberID, g.NodeID); err != nil {
			s.logger.WarnContext(ctx, "recording a recent game failed", "member", c.MemberID, "node", g.NodeID, "err", err)
		}
	}
	return Answer{URL: onCDN(res.URL, b.LaunchGameCDNs, c.MemberID), Mode: mode,
		NodeID: g.NodeID, GameCode: g.GameCode, Vendor: v.Code, GameType: v.GameType}, nil
}

// resolve finds the game and vendor a query names. A vendor without a game
// is a lobby launch: the game is the vendor's first one in catalogue order
// that is not in maintenance (its first one when all are).
func resolve(cat *game.Catalog, q Query) (game.GameView, game.Vendor, bool, error) {
	unknown := apperr.NotFound("launch.unknown_game")
	var g game.GameView
	var ok bool
	switch {
	case q.NodeID != 0:
		if g, ok = cat.Game(q.NodeID); !ok || (q.GameCode != "" && q.GameCode != g.GameCode) {
			return g, game.Vendor{}, false, unknown
		}
	case q.GameCode != "":
		if g, ok = cat.GameByCode(q.GameCode); !ok {
			return g, game.Vendor{}, false, unknown
		}
	case q.Vendor != "":
		v, ok := cat.VendorOf(q.Vendor, q.GameType)
		if !ok {
			return g, v, false, unknown
		}
		page := cat.ListGames(game.ListFilter{GameType: v.GameType, Vendors: []string{v.Code}, PageNo: 1, PageSize: game.MaxPageSize})
		if len(page.Games) == 0 {
			return g, v, false, unknown
		}
		for _, lg := range page.Games { // the first one not in maintenance, if any
			if !lg.Maintenance {
				return lg, v, true, nil
			}
		}
		return page.Games[0], v, true, nil
	default:
		return g, game.Vendor{}, false, apperr.Invalid("launch.game_required")
	}
	if (q.Vendor != "" && q.Vendor != g.Vassalage) || (q.GameType != "" && q.GameType != g.GameType) {
		return g, game.Vendor{}, false, unknown
	}
	v, ok := cat.VendorOf(g.Vassalage, g.GameType)
	if !ok {
		return g, v, false, unknown
	}
	return g, v, false, nil
}

// Recommended lists games of a category to play instead of one in maintenance.
func (s *Service) Recommended(ctx context.Context, q RecommendQuery) ([]game.GameView, error) {
	cat, err := s.catalog.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	if q.GameType == "" {
		g, ok := cat.Game(q.Exclude)
		if !ok {
			return nil, apperr.Invalid("request.invalid_param").With("name", "gameType")
		}
		q.GameType = g.GameType
	}
	if q.Limit <= 0 {
		q.Limit = DefaultRecommend
	}
	return cat.Playable(q.GameType, q.Exclude, q.Vendor, min(q.Limit, MaxRecommend)), nil
}

// validURL: an http(s) URL with a host, or a site path (not "//host").
func validURL(s string) bool {
	if s == "" || len(s) > 4096 {
		return false
	}
	if strings.HasPrefix(s, "/") {
		return !strings.HasPrefix(s, "//") && !strings.ContainsAny(s, "\\\r\n")
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// onCDN puts a site-relative launch URL on one of the brand's launch CDNs
// (the same member always gets the same one). Only absolute bases count: a
// site-path base (the demo's "/cdn/a") aliases art only, so the URL stays
// relative. Absolute adapter URLs (a vendor's own host) are left alone.
func onCDN(u string, bases []string, memberID int64) string {
	if !strings.HasPrefix(u, "/") {
		return u
	}
	var abs []string
	for _, b := range bases {
		if strings.HasPrefix(b, "https://") || strings.HasPrefix(b, "http://") {
			abs = append(abs, strings.TrimRight(b, "/"))
		}
	}
	if len(abs) == 0 {
		return u
	}
	if memberID < 0 {
		memberID = -memberID
	}
	return abs[memberID%int64(len(abs))] + u
}

// wrap keeps domain errors and wraps the rest as internal.
func wrap(err error, what string) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e
	}
	return apperr.Internal(err, "%s", what)
}
