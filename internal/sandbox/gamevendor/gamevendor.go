// Package gamevendor is the demo's sandbox game vendor, served by the binary
// itself in demo mode only (docs/sandbox-games.md). It plays the part of
// every demo third-party vendor: a game page (GET /sandbox/games/play?t=)
// with a 3-reel slot or a high-card table game whose outcomes are drawn on
// the server, and a vendor server behind it that bets and pays through the
// platform's seamless wallet API over real HTTP (signed, retried with
// backoff, a bet whose answer was lost rolled back) — or, for the
// transfer-wallet vendors (JDB, CQ9), against the player's balance at the
// sandbox transfer vendor (internal/sandbox/transfervendor).
package gamevendor

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
)

// Prefix is where the sandbox games are served.
const Prefix = "/sandbox/games"

// Ticket lifetimes: the launch URL's ticket is short-lived; the page's play
// token lives as long as a seamless game session.
const (
	LaunchTicketTTL = 5 * time.Minute
	PlayTokenTTL    = 12 * time.Hour
)

// Secrets gives the vendors' signing secrets for the seamless API:
// seamless.Service.VendorSecret.
type Secrets interface {
	VendorSecret(ctx context.Context, vendor string) ([]byte, error)
}

// Catalog is the games catalogue: game.Service.
type Catalog interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// Config builds a Vendor.
type Config struct {
	// BaseURL is the platform's own origin the seamless calls go to
	// (cmd/palaro's selfBaseURL), read on every call.
	BaseURL func() string
	// Secrets signs the seamless calls.
	Secrets Secrets
	// TicketKey seals launch tickets and play tokens (any length; hashed).
	TicketKey []byte
	// Catalog finds games and tells seamless from transfer vendors.
	Catalog Catalog
	// Transfer is the sandbox transfer vendor's books, for JDB and CQ9.
	Transfer *transfervendor.Store
	HTTP     *http.Client // nil: a default client
	Retry    Retry        // zero: DefaultRetry
	Clock    clock.Clock
	Logger   *slog.Logger
}

// Vendor is the sandbox game vendor.
type Vendor struct {
	client   *client
	aead     cipher.AEAD
	catalog  Catalog
	transfer *transfervendor.Store
	clock    clock.Clock
	logger   *slog.Logger

	mu      sync.Mutex
	backlog []settlement // wins and rollbacks still to deliver
}

// New builds the vendor.
func New(cfg Config) (*Vendor, error) {
	if cfg.BaseURL == nil || cfg.Secrets == nil || cfg.Catalog == nil || len(cfg.TicketKey) == 0 {
		return nil, errors.New("gamevendor: BaseURL, Secrets, Catalog and TicketKey are required")
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.System{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{}
	}
	if cfg.Retry.Attempts <= 0 {
		cfg.Retry = DefaultRetry
	}
	key := sha256.Sum256(append([]byte("palaro sandbox games ticket\x00"), cfg.TicketKey...))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	clk := cfg.Clock
	return &Vendor{
		client: &client{base: cfg.BaseURL, secrets: cfg.Secrets, http: cfg.HTTP, now: clk.Now, retry: cfg.Retry, sleep: sleepCtx},
		aead:   aead, catalog: cfg.Catalog, transfer: cfg.Transfer, clock: clk, logger: cfg.Logger,
	}, nil
}

// Inject makes the sandbox's next `times` calls of op ("bet", "win",
// "rollback", "balance") to the platform misbehave with f (tests, demos).
func (v *Vendor) Inject(f Fault, op string, times int) { v.client.inject(f, op, times) }

// PendingFaults is the number of injected faults not used yet.
func (v *Vendor) PendingFaults() int { return v.client.pending() }

// LaunchParams is one launch of a sandbox game (from the launch adapter).
type LaunchParams struct {
	Vendor       string // vendor code (vassalage)
	GameCode     string // "" with NodeID 0: the vendor's first game (a lobby launch)
	NodeID       int64
	GameName     string // "" : the catalogue's name
	GameType     string // category; "" : the game's
	SessionToken string // seamless vendors: the game session token (seamless.OpenSession), never a login token
	PlayerID     string // the id the vendor knows the player by ("m<memberID>")
	Currency     string
	Language     string
	LobbyURL     string // optional; relative ("/...") or absolute http(s)
}

// ticket is what a launch ticket and a play token carry, sealed.
type ticket struct {
	Kind     string `json:"k"` // "launch" or "play"
	Vendor   string `json:"v"`
	Wallet   string `json:"w"` // game.WalletSeamless or game.WalletTransfer
	GameCode string `json:"g"`
	NodeID   int64  `json:"n"`
	Name     string `json:"nm"`
	GameType string `json:"gt"`
	Game     string `json:"gk"` // KindSlot or KindTable
	Session  string `json:"s,omitempty"`
	Player   string `json:"p"`
	Currency string `json:"c"`
	Language string `json:"l"`
	Lobby    string `json:"lo,omitempty"`
	Expires  int64  `json:"e"` // unix seconds
}

// Errors of LaunchURL.
var (
	ErrUnknownGame = errors.New("gamevendor: unknown game")
	ErrBadLaunch   = errors.New("gamevendor: bad launch parameters")
)

// LaunchURL returns the game page's URL for one launch, relative to the
// platform's origin: /sandbox/games/play?t=<sealed ticket>&lang=<EN|TY>. The
// ticket is encrypted and authenticated (the session token is not
// readable from the URL) and expires after LaunchTicketTTL.
func (v *Vendor) LaunchURL(ctx context.Context, p LaunchParams) (string, error) {
	if p.Vendor == "" || p.PlayerID == "" || p.Currency == "" || len(p.Currency) > 8 {
		return "", ErrBadLaunch
	}
	if p.LobbyURL != "" && !safeLobby(p.LobbyURL) {
		return "", ErrBadLaunch
	}
	cat, err := v.catalog.Catalog(ctx)
	if err != nil {
		return "", err
	}
	vendor, ok := cat.Vendor(p.Vendor)
	if !ok {
		return "", ErrUnknownGame
	}
	g, ok := findGame(cat, p)
	if !ok {
		return "", ErrUnknownGame
	}
	t := ticket{Kind: "launch", Vendor: p.Vendor, Wallet: vendor.WalletType, GameCode: g.GameCode, NodeID: g.NodeID,
		Name: g.GameName, GameType: g.GameType, Game: gameKind(g), Session: p.SessionToken, Player: p.PlayerID,
		Currency: p.Currency, Language: pageLangOf(p.Language), Lobby: p.LobbyURL,
		Expires: v.clock.Now().Add(LaunchTicketTTL).Unix()}
	if p.GameName != "" {
		t.Name = p.GameName
	}
	if p.GameType != "" {
		t.GameType = p.GameType
	}
	if t.Wallet != game.WalletTransfer && t.Session == "" {
		return "", ErrBadLaunch // a seamless vendor needs the game session
	}
	if t.Wallet == game.WalletTransfer && v.transfer == nil {
		return "", ErrBadLaunch
	}
	sealed, err := v.seal(t)
	if err != nil {
		return "", err
	}
	return Prefix + "/play?t=" + sealed + "&lang=" + t.Language, nil
}

func findGame(cat *game.Catalog, p LaunchParams) (game.GameView, bool) {
	if p.NodeID != 0 {
		g, ok := cat.Game(p.NodeID)
		return g, ok && g.Vassalage == p.Vendor
	}
	f := game.ListFilter{Vendors: []string{p.Vendor}, GameType: p.GameType, PageNo: 1, PageSize: game.MaxPageSize}
	for {
		page := cat.ListGames(f)
		for _, g := range page.Games {
			if p.GameCode == "" || g.GameCode == p.GameCode {
				return g, true
			}
		}
		if f.PageNo >= page.TotalPages {
			return game.GameView{}, false
		}
		f.PageNo++
	}
}

// gameKind picks the game the page plays: the table game for live and card
// (PVP) categories and table games (sub-category TG), the slot otherwise.
func gameKind(g game.GameView) string {
	if g.GameType == "LIVE" || g.GameType == "PVP" || g.SubCategory == game.SubTable {
		return KindTable
	}
	return KindSlot
}

func safeLobby(u string) bool {
	if strings.HasPrefix(u, "/") {
		return !strings.HasPrefix(u, "//") && !strings.Contains(u, `\`)
	}
	pu, err := url.Parse(u)
	return err == nil && (pu.Scheme == "http" || pu.Scheme == "https") && pu.Host != ""
}

func (v *Vendor) seal(t ticket) (string, error) {
	plain, err := json.Marshal(t)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, v.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(v.aead.Seal(nonce, nonce, plain, []byte(t.Kind))), nil
}

var errBadTicket = errors.New("gamevendor: bad or expired ticket")

func (v *Vendor) open(s, kind string) (ticket, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) < v.aead.NonceSize() {
		return ticket{}, errBadTicket
	}
	ns := v.aead.NonceSize()
	plain, err := v.aead.Open(nil, raw[:ns], raw[ns:], []byte(kind))
	if err != nil {
		return ticket{}, errBadTicket
	}
	var t ticket
	if json.Unmarshal(plain, &t) != nil || t.Kind != kind || v.clock.Now().Unix() > t.Expires {
		return ticket{}, errBadTicket
	}
	return t, nil
}

// newID is a random id with a prefix: sg + 24 hex digits for rounds.
func newID(prefix string) string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return prefix + hex.EncodeToString(b)
}
