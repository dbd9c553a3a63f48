// Package seamless is the vendor callback API: a game vendor's server calls
// us (POST /lgw/vendor/{vendor}/wallet/{op}, signed JSON) to read a
// player's balance, debit a bet, credit a win, roll a bet back and end a
// round. It is a thin adapter over the typed game wallet
// (internal/gamewallet): it checks the vendor and the signature, decodes
// the body, calls the typed method and encodes its answer or refusal in the
// protocol's words. The protocol a vendor implements is docs/vendor-api.md.
package seamless

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Vendors tells whether a vendor code is a seamless-wallet vendor of the
// catalogue: gamewallet.CatalogGames.
type Vendors interface {
	SeamlessVendor(ctx context.Context, vendor string) (bool, error)
}

// SecretStore keeps a generated secret once for every instance:
// account.Store.Secret.
type SecretStore interface {
	Secret(ctx context.Context, name, candidate string, now time.Time) (string, error)
}

// Config holds the vendors' signing secrets.
type Config struct {
	// Secrets are the vendors' signing secrets by vendor code (from
	// PALARO_VENDOR_<CODE>_SECRET). A vendor without one gets a generated
	// secret kept in GeneratedSecrets, when set (demo mode); else its
	// callbacks are refused.
	Secrets          map[string][]byte
	GeneratedSecrets SecretStore
}

// Service is the callback API over the game wallet.
type Service struct {
	wallet  *gamewallet.Service
	vendors Vendors
	clock   clock.Clock
	logger  *slog.Logger
	cfg     Config
	secrets sync.Map // vendor -> []byte
}

// NewService adapts the game wallet to the vendor callback API.
func NewService(wallet *gamewallet.Service, vendors Vendors, clk clock.Clock, logger *slog.Logger, cfg Config) *Service {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{wallet: wallet, vendors: vendors, clock: clk, logger: logger, cfg: cfg}
}

// VendorSecret is the secret a vendor signs its callbacks with (and we our
// answers): PALARO_VENDOR_<CODE>_SECRET, else in demo mode one generated
// once and kept in the database. The in-binary sandbox vendor reads it here.
func (s *Service) VendorSecret(ctx context.Context, vendor string) ([]byte, error) {
	if v, ok := s.secrets.Load(vendor); ok {
		return v.([]byte), nil
	}
	if v := s.cfg.Secrets[vendor]; len(v) > 0 {
		s.secrets.Store(vendor, v)
		return v, nil
	}
	if s.cfg.GeneratedSecrets == nil || !idRe.MatchString(vendor) {
		return nil, apperr.NotFound("seamless.unknown_vendor").With("vendor", vendor)
	}
	ok, err := s.vendors.SeamlessVendor(ctx, vendor)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.NotFound("seamless.unknown_vendor").With("vendor", vendor)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, apperr.Internal(err, "vendor secret")
	}
	v, err := s.cfg.GeneratedSecrets.Secret(ctx, "seamless_vendor:"+vendor, hex.EncodeToString(b[:]), s.clock.Now())
	if err != nil {
		return nil, err
	}
	s.secrets.Store(vendor, []byte(v))
	return []byte(v), nil
}

// knownSecret is a vendor's secret once it has been loaded (never generates one).
func (s *Service) knownSecret(vendor string) ([]byte, error) {
	if v, ok := s.secrets.Load(vendor); ok {
		return v.([]byte), nil
	}
	return nil, apperr.NotFound("seamless.unknown_vendor")
}

// PlayerID is the id a vendor knows a member by ("m<memberID>").
func PlayerID(memberID int64) string { return gamewallet.PlayerID(memberID) }
