package brand

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// RefreshEvery bounds how stale the cached brand may be: an operator's
// import takes effect on every instance within this time, without restart.
const RefreshEvery = 2 * time.Second

// Status codes of GET /wps/system/status.
const (
	StatusNormal      = 0
	StatusMaintenance = 1
	StatusRegion      = 2
)

// Client is who is asking, as decided by the HTTP edge (see ClientFrom).
type Client struct {
	IP      netip.Addr
	Country string // ISO alpha-2 from a trusted edge, "" when unknown
}

// Location is the status call's echo of the client.
type Location struct {
	IP      string `json:"ip"`
	Country string `json:"country"`
}

// Status is the value of GET /wps/system/status.
type Status struct {
	Status      int  `json:"status"`
	Maintenance bool `json:"maintenance"`
	// MaintenanceUntil is the end of the scheduled window in force (Unix ms; absent when none).
	MaintenanceUntil  int64    `json:"maintenanceUntil,omitempty"`
	RegionRestriction bool     `json:"regionRestriction"`
	Location          Location `json:"location"`
	Info              Info     `json:"info"`
}

// Service serves the brand from a short-lived in-memory copy.
type Service struct {
	store *Store
	clock clock.Clock

	mu       sync.Mutex
	cached   *Config
	loadedAt time.Time
}

func NewService(store *Store, clk clock.Clock) *Service {
	return &Service{store: store, clock: clk}
}

// Current returns the brand, re-reading the store at most every RefreshEvery.
// When a re-read fails the last good copy is served and the error logged.
func (s *Service) Current(ctx context.Context) (*Config, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	if s.cached != nil && now.Sub(s.loadedAt) < RefreshEvery {
		return s.cached, nil
	}
	c, err := s.store.Load(ctx)
	if err != nil {
		if s.cached != nil && !errors.Is(err, ErrNotFound) {
			slog.ErrorContext(ctx, "brand reload failed, serving cached copy", "err", err)
			return s.cached, nil
		}
		if errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, apperr.Internal(err, "brand")
	}
	s.cached, s.loadedAt = &c, now
	return s.cached, nil
}

// Location is the brand time zone (DefaultTimezone while the brand cannot be read).
func (s *Service) Location(ctx context.Context) *time.Location {
	c, err := s.Current(ctx)
	if err != nil {
		return (&Info{}).Location()
	}
	return c.Info.Location()
}

// Status decides normal, maintenance or region restricted for this client.
// Maintenance wins over region restriction.
func (s *Service) Status(ctx context.Context, cl Client) (Status, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return Status{}, err
	}
	maintenance, until := c.MaintenanceAt(s.clock.Now())
	st := Status{
		Maintenance:       maintenance,
		MaintenanceUntil:  until,
		RegionRestriction: c.Region.Restricts(cl),
		Location:          Location{Country: cl.Country},
		Info:              c.Info.Public(),
	}
	if cl.IP.IsValid() {
		st.Location.IP = cl.IP.String()
	}
	switch {
	case st.Maintenance:
		st.Status = StatusMaintenance
	case st.RegionRestriction:
		st.Status = StatusRegion
	}
	return st, nil
}

// Whitelabel returns the switch tree.
func (s *Service) Whitelabel(ctx context.Context) ([]Switch, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return nil, err
	}
	return c.Whitelabel, nil
}

// Register returns the registration field rules.
func (s *Service) Register(ctx context.Context) (RegisterSettings, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return RegisterSettings{}, err
	}
	return c.Register, nil
}

// DomainRoutes returns the domain routing table.
func (s *Service) DomainRoutes(ctx context.Context) ([]DomainRoute, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return nil, err
	}
	return c.DomainRoute, nil
}

// ServiceTarget resolves a customer-service token to its real address.
func (s *Service) ServiceTarget(ctx context.Context, token string) (string, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return "", err
	}
	for _, cs := range c.CustomerService {
		if cs.Path == token {
			return cs.Target, nil
		}
	}
	return "", ErrBadToken
}

// Resource returns the configured resource of a type (Android, iOS, ...).
func (s *Service) Resource(ctx context.Context, resourceType string) (Resource, error) {
	c, err := s.Current(ctx)
	if err != nil {
		return Resource{}, err
	}
	for _, r := range c.Resources {
		if strings.EqualFold(r.ResourceType, resourceType) {
			return r, nil
		}
	}
	return Resource{}, ErrNoResource
}

// Export reads the stored document, bypassing the cache.
func (s *Service) Export(ctx context.Context) (Config, error) {
	return s.store.Load(ctx)
}

// Import validates and stores a document; this instance sees it at once,
// others within RefreshEvery.
func (s *Service) Import(ctx context.Context, c Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := s.store.Save(ctx, c, s.clock.Now().UnixMilli()); err != nil {
		return apperr.Internal(err, "brand import")
	}
	s.mu.Lock()
	s.cached = nil
	s.mu.Unlock()
	return nil
}

// ErrVersionConflict: the brand changed since the version the caller read.
var ErrVersionConflict = apperr.Conflict("brand.version_conflict")

// Versioned reads the stored document and its version (bypassing the cache).
func (s *Service) Versioned(ctx context.Context) (Config, int64, error) {
	return s.store.LoadVersioned(ctx)
}

// Update validates c and stores it if the stored version is still version;
// it answers the stored document it replaced and the new version. This
// instance sees the change at once, others within RefreshEvery.
func (s *Service) Update(ctx context.Context, c Config, version int64) (Config, int64, error) {
	if err := c.Validate(); err != nil {
		return Config{}, 0, err
	}
	before, next, ok, err := s.store.SaveIf(ctx, c, version, s.clock.Now().UnixMilli())
	if err != nil {
		return Config{}, 0, apperr.Internal(err, "brand update")
	}
	if !ok {
		return Config{}, 0, ErrVersionConflict
	}
	s.mu.Lock()
	s.cached = nil
	s.mu.Unlock()
	return before, next, nil
}

// Seed stores c when no brand exists yet; false when one did.
func (s *Service) Seed(ctx context.Context, c Config) (bool, error) {
	if err := c.Validate(); err != nil {
		return false, err
	}
	return s.store.InsertIfEmpty(ctx, c, s.clock.Now().UnixMilli())
}
