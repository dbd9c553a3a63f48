package game

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// The operator's routes over the catalogue (/ops/v1/games): every vendor
// and game with its switches, whatever the storefront shows; changes to
// them (on and off, maintenance now or scheduled, hot and new, order,
// sub-category), each audited with before and after. A change bumps the
// catalogue version in its transaction, so every instance's snapshot
// follows within DefaultRefreshInterval.

// VendorPatch changes a vendor within one category; nil fields stay.
type VendorPatch struct {
	DisplayName *string `json:"displayName"`
	Disabled    *bool   `json:"disabled"`
	Maintenance *bool   `json:"maintenance"`
	Window      *Window `json:"maintenanceWindow"`
	IsNew       *bool   `json:"isNew"`
	Sort        *int    `json:"sort"`
	Reason      string  `json:"reason"`
}

// GamePatch changes a game; nil fields stay.
type GamePatch struct {
	Disabled    *bool   `json:"disabled"`
	Maintenance *bool   `json:"maintenance"`
	Window      *Window `json:"maintenanceWindow"`
	IsHot       *bool   `json:"isHot"`
	IsNew       *bool   `json:"isNew"`
	Sort        *int    `json:"sort"`
	SubCategory *string `json:"subCategory"`
	Reason      string  `json:"reason"`
}

// Window is scheduled maintenance in Unix ms ({0, 0} clears it).
type Window struct {
	From int64 `json:"from"`
	To   int64 `json:"to"`
}

// OpsVendor and OpsGame are the operator's view.
type OpsVendor struct {
	Code              string `json:"code"`
	GameType          string `json:"gameType"`
	DisplayName       string `json:"displayName"`
	WalletType        string `json:"walletType"`
	Disabled          bool   `json:"disabled"`
	Maintenance       bool   `json:"maintenance"`
	MaintenanceWindow Window `json:"maintenanceWindow"`
	InMaintenance     bool   `json:"inMaintenance"` // the switch or the window, now
	IsNew             bool   `json:"isNew"`
	Sort              int    `json:"sort"`
	Games             int    `json:"games"`
}

type OpsGame struct {
	NodeID            int64  `json:"nodeId"`
	GameCode          string `json:"gameCode"`
	Name              string `json:"name"`
	Vendor            string `json:"vendor"`
	GameType          string `json:"gameType"`
	SubCategory       string `json:"subCategory"`
	Disabled          bool   `json:"disabled"`
	Maintenance       bool   `json:"maintenance"`
	MaintenanceWindow Window `json:"maintenanceWindow"`
	InMaintenance     bool   `json:"inMaintenance"`
	IsHot             bool   `json:"isHot"`
	IsNew             bool   `json:"isNew"`
	Sort              int    `json:"sort"`
}

// MaxOrder bounds one reorder request.
const MaxOrder = 2000

var (
	ErrInvalidReason = apperr.Invalid("game.invalid_reason")
	ErrInvalidWindow = apperr.Invalid("game.invalid_window")
	ErrInvalidOrder  = apperr.Invalid("game.invalid_order")
)

func init() {
	for code, m := range map[string][2]string{
		"game.invalid_reason": {"Give a reason of 3 to 200 characters.", "Magbigay ng dahilan na 3 hanggang 200 titik."},
		"game.invalid_window": {"The maintenance must end after it starts, and end in the future.", "Dapat matapos ang maintenance pagkatapos magsimula, at sa hinaharap."},
		"game.invalid_order":  {"List each game of one category once, at most {max}.", "Ilista nang isang beses ang bawat laro ng iisang kategorya, hanggang {max}."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

// CheckReason trims an operator's reason and checks it is 3..200 characters.
func CheckReason(s string) (string, error) {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n < 3 || n > 200 {
		return "", ErrInvalidReason
	}
	return s, nil
}

func checkWindow(w *Window, now time.Time) error {
	if w == nil || (w.From == 0 && w.To == 0) {
		return nil
	}
	if w.From <= 0 || w.To <= w.From || w.To <= now.UnixMilli() {
		return ErrInvalidWindow
	}
	return nil
}

func opsVendor(v Vendor, games int, now int64) OpsVendor {
	return OpsVendor{Code: v.Code, GameType: v.GameType, DisplayName: v.DisplayName, WalletType: v.WalletType, Disabled: v.Disabled,
		Maintenance: v.Maintenance, MaintenanceWindow: Window{v.MaintenanceFrom, v.MaintenanceTo},
		InMaintenance: inMaintenance(v.Maintenance, v.Ops, now), IsNew: v.IsNew, Sort: v.Sort, Games: games}
}

func opsGame(g Game, now int64) OpsGame {
	return OpsGame{NodeID: g.NodeID, GameCode: g.GameCode, Name: g.Name, Vendor: g.VendorCode, GameType: g.GameType,
		SubCategory: g.SubCategory, Disabled: g.Disabled, Maintenance: g.Maintenance, MaintenanceWindow: Window{g.MaintenanceFrom, g.MaintenanceTo},
		InMaintenance: inMaintenance(g.Maintenance, g.Ops, now), IsHot: g.IsHot, IsNew: g.IsNew, Sort: g.Sort}
}

// OpsVendors lists every vendor of every category, switched off ones too.
func (s *Service) OpsVendors(ctx context.Context) ([]OpsVendor, error) {
	d, err := s.store.Load(ctx)
	if err != nil {
		return nil, apperr.Internal(err, "ops vendors")
	}
	counts := map[vendorKey]int{}
	for _, g := range d.Games {
		counts[vendorKey{g.VendorCode, g.GameType}]++
	}
	now := s.clock.Now().UnixMilli()
	out := make([]OpsVendor, len(d.Vendors))
	for i, v := range d.Vendors {
		out[i] = opsVendor(v, counts[vendorKey{v.Code, v.GameType}], now)
	}
	return out, nil
}

// OpsGameFilter selects games for the operator.
type OpsGameFilter struct {
	Vendor, GameType, Query string
	Page, PageSize          int
}

// OpsGamePage is a page of games.
type OpsGamePage struct {
	Items    []OpsGame `json:"items"`
	Total    int       `json:"total"`
	Page     int       `json:"page"`
	PageSize int       `json:"pageSize"`
}

// OpsGames lists games (switched off ones too) by category, sort and id.
func (s *Service) OpsGames(ctx context.Context, f OpsGameFilter) (OpsGamePage, error) {
	d, err := s.store.Load(ctx)
	if err != nil {
		return OpsGamePage{}, apperr.Internal(err, "ops games")
	}
	q := Fold(f.Query)
	now := s.clock.Now().UnixMilli()
	var all []OpsGame
	for _, g := range d.Games {
		if (f.Vendor != "" && g.VendorCode != f.Vendor) || (f.GameType != "" && g.GameType != f.GameType) ||
			(q != "" && !strings.Contains(Fold(g.Name), q) && !strings.Contains(strings.ToLower(g.GameCode), q)) {
			continue
		}
		all = append(all, opsGame(g, now))
	}
	out := OpsGamePage{Items: []OpsGame{}, Total: len(all), Page: f.Page, PageSize: f.PageSize}
	if start := (f.Page - 1) * f.PageSize; start < len(all) {
		out.Items = all[start:min(start+f.PageSize, len(all))]
	}
	return out, nil
}

// PatchVendor changes a vendor in one category and answers it with its
// state before, for the audit.
func (s *Service) PatchVendor(ctx context.Context, code, gameType string, p VendorPatch) (before, after OpsVendor, err error) {
	now := s.clock.Now()
	if err := checkWindow(p.Window, now); err != nil {
		return before, after, err
	}
	if p.DisplayName != nil {
		if n := utf8.RuneCountInString(strings.TrimSpace(*p.DisplayName)); n == 0 || n > 64 {
			return before, after, apperr.Invalid("game.invalid_vendor").With("name", "displayName")
		}
	}
	if p.Sort != nil && (*p.Sort < 0 || *p.Sort > 1_000_000) {
		return before, after, apperr.Invalid("game.invalid_vendor").With("name", "sort")
	}
	ms := now.UnixMilli()
	bv, av, err := s.store.UpdateVendor(ctx, code, gameType, now, func(v *Vendor) {
		if p.DisplayName != nil {
			v.DisplayName = strings.TrimSpace(*p.DisplayName)
		}
		set(&v.Disabled, p.Disabled)
		set(&v.Maintenance, p.Maintenance)
		set(&v.IsNew, p.IsNew)
		set(&v.Sort, p.Sort)
		if p.Window != nil {
			v.MaintenanceFrom, v.MaintenanceTo = p.Window.From, p.Window.To
		}
	})
	if err != nil {
		return before, after, err
	}
	before, after = opsVendor(bv, 0, ms), opsVendor(av, 0, ms)
	return before, after, s.Reload(ctx)
}

// PatchGame changes a game and answers it with its state before.
func (s *Service) PatchGame(ctx context.Context, nodeID int64, p GamePatch) (before, after OpsGame, err error) {
	now := s.clock.Now()
	if err := checkWindow(p.Window, now); err != nil {
		return before, after, err
	}
	if p.SubCategory != nil && *p.SubCategory != "" && !contains(SubCategories, *p.SubCategory) {
		return before, after, apperr.Invalid("game.invalid_game").With("name", "subCategory")
	}
	if p.Sort != nil && (*p.Sort < 0 || *p.Sort > 1_000_000) {
		return before, after, apperr.Invalid("game.invalid_game").With("name", "sort")
	}
	ms := now.UnixMilli()
	bg, ag, err := s.store.UpdateGame(ctx, nodeID, now, func(g *Game) {
		set(&g.Disabled, p.Disabled)
		set(&g.Maintenance, p.Maintenance)
		set(&g.IsHot, p.IsHot)
		set(&g.IsNew, p.IsNew)
		set(&g.Sort, p.Sort)
		set(&g.SubCategory, p.SubCategory)
		if p.Window != nil {
			g.MaintenanceFrom, g.MaintenanceTo = p.Window.From, p.Window.To
		}
	})
	if err != nil {
		return before, after, err
	}
	before, after = opsGame(bg, ms), opsGame(ag, ms)
	return before, after, s.Reload(ctx)
}

// Order gives the games of one category the order listed (sort 10, 20, …);
// games of that category not listed keep theirs, after the listed ones.
func (s *Service) Order(ctx context.Context, gameType string, nodeIDs []int64) error {
	if _, ok := CategoryByCode(gameType); !ok {
		return apperr.Invalid("game.unknown_category")
	}
	if len(nodeIDs) == 0 || len(nodeIDs) > MaxOrder {
		return ErrInvalidOrder.With("max", MaxOrder)
	}
	seen := map[int64]bool{}
	for _, id := range nodeIDs {
		if seen[id] {
			return ErrInvalidOrder.With("max", MaxOrder)
		}
		seen[id] = true
	}
	if err := s.store.OrderGames(ctx, gameType, nodeIDs, s.clock.Now()); err != nil {
		return err
	}
	return s.Reload(ctx)
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
