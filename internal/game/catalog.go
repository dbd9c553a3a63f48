package game

import (
	"sort"
	"strings"
	"time"
)

// Read models, with the field names of docs/api.md.

// GameView is a game as every list shows it.
type GameView struct {
	NodeID      int64  `json:"nodeId"`
	NodeName    string `json:"nodeName"`
	GameName    string `json:"gameName"`
	Vassalage   string `json:"vassalage"`
	GameType    string `json:"gameType"`
	GameCode    string `json:"gameCode"`
	IsHot       int    `json:"isHot"`
	IsNew       int    `json:"isNew"`
	SubCategory string `json:"subCategory"`
	ShowIcon    string `json:"showIcon"`
	IconURL     string `json:"iconUrl"`
	IsGame      string `json:"isGame"`
	Maintenance bool   `json:"maintenance"`
}

// VendorCard is a vendor tile.
type VendorCard struct {
	Vassalage   string `json:"vassalage"`
	GameType    string `json:"gameType"`
	DisplayName string `json:"displayName"`
	LagerIcon   string `json:"lagerIcon"`
	IsGame      string `json:"isGame"`
	LaunchMode  string `json:"launchMode"`
	IsNew       int    `json:"isNew"`
	Maintenance bool   `json:"maintenance"`
	Sort        int    `json:"sort"`
	GameCount   int    `json:"gameCount"`
}

// Menu is one entry of /lgw/games/game_menus.
type Menu struct {
	GameType    string `json:"gameType"`
	MenuCode    string `json:"menuCode"`
	PageCode    string `json:"pageCode"`
	VendorCount int    `json:"vendorCount"`
	Sort        int    `json:"sort"`
}

// VendorType lists the vendor codes of one category.
type VendorType struct {
	GameType string   `json:"gameType"`
	Vendors  []string `json:"vendors"`
}

// Lane is one category row of vendor cards.
type Lane struct {
	Title        string       `json:"title"`
	Cards        []VendorCard `json:"cards"`
	GameClassify []VendorType `json:"gameClassify"`
}

// WinnerVo is the game and player part of a winner entry.
type WinnerVo struct {
	CustomerName string `json:"customerName"`
	WinAmount    int64  `json:"winAmount"`
	GameName     string `json:"gameName"`
	IconURL      string `json:"iconUrl"`
	NodeID       int64  `json:"nodeId"`
	Vassalage    string `json:"vassalage"`
	GameType     string `json:"gameType"`
	GameCode     string `json:"gameCode"`
}

// WinnerView is one ranked winner board entry; Time is Unix milliseconds.
type WinnerView struct {
	Rank int      `json:"rank"`
	Kind string   `json:"kind"`
	Vo   WinnerVo `json:"vo"`
	Time int64    `json:"time"`
}

// GamePage is one page of a game list.
type GamePage struct {
	Games      []GameView `json:"games"`
	PageNo     int        `json:"pageNo"`
	PageSize   int        `json:"pageSize"`
	Total      int        `json:"total"`
	TotalPages int        `json:"totalPages"`
}

// ListFilter selects games. Zero values mean "any"; Keyword is matched
// case-insensitively against the name.
type ListFilter struct {
	GameType    string
	Vendors     []string
	Keyword     string
	SubCategory string
	Selection   string // SelectAll, SelectHot, SelectNew
	PageNo      int
	PageSize    int
}

// HotFilter selects hot games.
type HotFilter struct {
	GameType string
	Vendors  []string
	Limit    int
}

// Limits of the list queries.
const (
	DefaultPageSize    = 24
	MaxPageSize        = 100
	DefaultHotLimit    = 6
	MaxHotLimit        = 50
	DefaultWinnerLimit = 20
	MaxWinnerLimit     = 50
	MaxKeywordRunes    = 50
)

// Data is what the store loads for a snapshot. Winners holds at most
// MaxWinnerLimit entries per (kind, category), already in board order.
type Data struct {
	Version        int64 // the catalogue's version (vendors, games)
	WinnersVersion int64 // the winner boards' version
	Vendors        []Vendor
	Games          []Game
	Winners        []Winner
}

type vendorKey struct{ code, gameType string }

// Catalog is an immutable snapshot of the catalogue with every ordering the
// list endpoints need precomputed. Methods are safe for concurrent use.
type Catalog struct {
	Generation uint64 // increases with every snapshot this process builds
	Version    int64  // the store's catalogue version it was built from
	// WinnersVersion is the store's winner-board version its boards were
	// built from (a new entry moves only this one: withWinners).
	WinnersVersion int64
	LoadedAt       time.Time
	// nextBoundary is the next scheduled maintenance edge (Unix ms; 0:
	// none): the service rebuilds once it passes.
	nextBoundary int64

	games    []GameView // global order: sort, category sort, nodeId
	hot      []bool
	isNew    []bool
	sub      []string
	folded   []string // lower-cased names for search
	byID     map[int64]int32
	all      []int32
	byCat    map[string][]int32
	byVendor map[vendorKey][]int32

	vendors     []Vendor // category sort, vendor sort, code
	vendorByKey map[vendorKey]int
	vendorCodes map[string]bool

	menus       []Menu
	lanes       []Lane
	vendorTypes []VendorType
	newVendors  []VendorCard
	winners     map[string]map[string][]WinnerView // kind -> category or ALL -> ranked
}

func catSort(code string) int {
	if c, ok := CategoryByCode(code); ok {
		return c.Sort
	}
	return 1 << 20
}

// NewCatalog builds a snapshot from loaded data.
func NewCatalog(d Data, generation uint64, now time.Time) *Catalog {
	c := &Catalog{
		Generation:     generation,
		Version:        d.Version,
		LoadedAt:       now,
		WinnersVersion: d.WinnersVersion,
		byID:           make(map[int64]int32, len(d.Games)),
		byCat:          map[string][]int32{},
		byVendor:       map[vendorKey][]int32{},
		vendorByKey:    map[vendorKey]int{},
		vendorCodes:    map[string]bool{},
	}

	// Switched-off vendors and games are left out; scheduled maintenance is
	// decided at build, and the service rebuilds at the next window edge.
	nowMs := now.UnixMilli()
	edge := func(o Ops) {
		if b := nextBoundary(o, nowMs); b != 0 && (c.nextBoundary == 0 || b < c.nextBoundary) {
			c.nextBoundary = b
		}
	}
	vendors := make([]Vendor, 0, len(d.Vendors))
	for _, v := range d.Vendors {
		if v.Disabled {
			continue
		}
		v.Maintenance = inMaintenance(v.Maintenance, v.Ops, nowMs)
		edge(v.Ops)
		vendors = append(vendors, v)
	}
	sort.SliceStable(vendors, func(i, j int) bool {
		a, b := vendors[i], vendors[j]
		if ca, cb := catSort(a.GameType), catSort(b.GameType); ca != cb {
			return ca < cb
		}
		if a.Sort != b.Sort {
			return a.Sort < b.Sort
		}
		return a.Code < b.Code
	})
	c.vendors = vendors
	for i, v := range vendors {
		c.vendorByKey[vendorKey{v.Code, v.GameType}] = i
		c.vendorCodes[v.Code] = true
	}

	games := make([]Game, 0, len(d.Games))
	for _, g := range d.Games {
		if _, ok := c.vendorByKey[vendorKey{g.VendorCode, g.GameType}]; ok && !g.Disabled {
			g.Maintenance = inMaintenance(g.Maintenance, g.Ops, nowMs)
			edge(g.Ops)
			games = append(games, g)
		}
	}
	sort.Slice(games, func(i, j int) bool {
		a, b := games[i], games[j]
		if a.Sort != b.Sort {
			return a.Sort < b.Sort
		}
		if ca, cb := catSort(a.GameType), catSort(b.GameType); ca != cb {
			return ca < cb
		}
		return a.NodeID < b.NodeID
	})
	counts := map[vendorKey]int{}
	c.games = make([]GameView, len(games))
	c.hot = make([]bool, len(games))
	c.isNew = make([]bool, len(games))
	c.sub = make([]string, len(games))
	c.folded = make([]string, len(games))
	c.all = make([]int32, len(games))
	for i, g := range games {
		k := vendorKey{g.VendorCode, g.GameType}
		v := vendors[c.vendorByKey[k]]
		icon := GameIcon(g.NodeID)
		c.games[i] = GameView{
			NodeID: g.NodeID, NodeName: g.Name, GameName: g.Name, Vassalage: g.VendorCode, GameType: g.GameType,
			GameCode: g.GameCode, IsHot: b2i(g.IsHot), IsNew: b2i(g.IsNew), SubCategory: g.SubCategory,
			ShowIcon: icon, IconURL: icon, IsGame: v.IsGame, Maintenance: g.Maintenance || v.Maintenance,
		}
		c.hot[i], c.isNew[i], c.sub[i] = g.IsHot, g.IsNew, g.SubCategory
		c.folded[i] = Fold(g.Name)
		c.byID[g.NodeID] = int32(i)
		c.all[i] = int32(i)
		c.byCat[g.GameType] = append(c.byCat[g.GameType], int32(i))
		c.byVendor[k] = append(c.byVendor[k], int32(i))
		counts[k]++
	}

	// Vendor read models.
	var newest []Vendor
	for _, cat := range Categories {
		var cards []VendorCard
		var codes []string
		for _, v := range vendors {
			if v.GameType != cat.Code {
				continue
			}
			cards = append(cards, card(v, counts[vendorKey{v.Code, v.GameType}]))
			codes = append(codes, v.Code)
		}
		if len(cards) == 0 {
			continue
		}
		c.menus = append(c.menus, Menu{GameType: cat.Code, MenuCode: cat.MenuCode, PageCode: cat.PageCode, VendorCount: len(cards), Sort: cat.Sort})
		vt := VendorType{GameType: cat.Code, Vendors: codes}
		c.vendorTypes = append(c.vendorTypes, vt)
		c.lanes = append(c.lanes, Lane{Title: cat.Code, Cards: cards, GameClassify: []VendorType{vt}})
	}
	for _, v := range vendors {
		if v.IsNew {
			newest = append(newest, v)
		}
	}
	sort.SliceStable(newest, func(i, j int) bool { return newest[i].CreatedAt.After(newest[j].CreatedAt) })
	c.newVendors = make([]VendorCard, 0, len(newest))
	for _, v := range newest {
		c.newVendors = append(c.newVendors, card(v, counts[vendorKey{v.Code, v.GameType}]))
	}
	if c.menus == nil {
		c.menus, c.lanes, c.vendorTypes = []Menu{}, []Lane{}, []VendorType{}
	}

	c.buildWinners(d.Winners)
	return c
}

// buildWinners sets the winner boards from the loaded entries: per
// category as loaded, ALL merged from them (the overall top N is always
// inside the union of per-category top Ns). Entries of games not in the
// catalogue are left out.
func (c *Catalog) buildWinners(ws []Winner) {
	c.winners = make(map[string]map[string][]WinnerView, 2)
	for _, kind := range []string{KindBig, KindJackpot} {
		byCat := map[string][]WinnerView{}
		var merged []Winner
		for _, w := range ws {
			if w.Kind != kind {
				continue
			}
			if _, ok := c.byID[w.NodeID]; !ok {
				continue
			}
			merged = append(merged, w)
		}
		sort.SliceStable(merged, func(i, j int) bool { return winnerBefore(merged[i], merged[j]) })
		for _, w := range merged {
			byCat[w.GameType] = appendWinner(c, byCat[w.GameType], w)
			if len(byCat["ALL"]) < MaxWinnerLimit {
				byCat["ALL"] = appendWinner(c, byCat["ALL"], w)
			}
		}
		c.winners[kind] = byCat
	}
}

// withWinners is a snapshot with c's vendors and games (shared, as
// snapshots are immutable) and the given winner boards.
func (c *Catalog) withWinners(ws []Winner, winnersVersion int64, generation uint64, now time.Time) *Catalog {
	n := *c
	n.Generation, n.WinnersVersion, n.LoadedAt = generation, winnersVersion, now
	n.buildWinners(ws)
	return &n
}

// winnerBefore is board order: biggest amount first for BIG, latest first for JACKPOT.
func winnerBefore(a, b Winner) bool {
	if a.Kind == KindJackpot {
		if !a.WonAt.Equal(b.WonAt) {
			return a.WonAt.After(b.WonAt)
		}
	} else if a.WinAmount != b.WinAmount {
		return a.WinAmount > b.WinAmount
	}
	return a.ID < b.ID
}

func appendWinner(c *Catalog, list []WinnerView, w Winner) []WinnerView {
	if len(list) >= MaxWinnerLimit {
		return list
	}
	g := c.games[c.byID[w.NodeID]]
	return append(list, WinnerView{
		Rank: len(list) + 1, Kind: w.Kind, Time: w.WonAt.UnixMilli(),
		Vo: WinnerVo{CustomerName: w.CustomerName, WinAmount: w.WinAmount, GameName: g.GameName, IconURL: g.IconURL,
			NodeID: g.NodeID, Vassalage: g.Vassalage, GameType: g.GameType, GameCode: g.GameCode},
	})
}

func card(v Vendor, count int) VendorCard {
	return VendorCard{Vassalage: v.Code, GameType: v.GameType, DisplayName: v.DisplayName, LagerIcon: VendorIcon(v.Code),
		IsGame: v.IsGame, LaunchMode: v.LaunchMode, IsNew: b2i(v.IsNew), Maintenance: v.Maintenance, Sort: v.Sort, GameCount: count}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Fold is the case folding used by name search (Unicode-aware lower case).
func Fold(s string) string { return strings.ToLower(s) }

// base picks the narrowest precomputed ordering for a filter.
func (c *Catalog) base(gameType string, vendors []string) []int32 {
	switch {
	case gameType != "" && len(vendors) == 1:
		return c.byVendor[vendorKey{vendors[0], gameType}]
	case gameType != "":
		return c.byCat[gameType]
	default:
		return c.all
	}
}

func (c *Catalog) vendorMatch(i int32, vendors []string) bool {
	if len(vendors) == 0 {
		return true
	}
	return contains(vendors, c.games[i].Vassalage)
}

// ListGames returns one page of games matching f (f already normalised:
// PageNo >= 1, PageSize in 1..MaxPageSize, Keyword folded).
func (c *Catalog) ListGames(f ListFilter) GamePage {
	ids := c.base(f.GameType, f.Vendors)
	narrowVendor := !(f.GameType != "" && len(f.Vendors) == 1)
	offset := (f.PageNo - 1) * f.PageSize
	page := GamePage{Games: make([]GameView, 0, min(f.PageSize, len(ids))), PageNo: f.PageNo, PageSize: f.PageSize}
	for _, i := range ids {
		if narrowVendor && !c.vendorMatch(i, f.Vendors) {
			continue
		}
		if f.SubCategory != "" && c.sub[i] != f.SubCategory {
			continue
		}
		switch f.Selection {
		case SelectHot:
			if !c.hot[i] {
				continue
			}
		case SelectNew:
			if !c.isNew[i] {
				continue
			}
		}
		if f.Keyword != "" && !strings.Contains(c.folded[i], f.Keyword) {
			continue
		}
		if page.Total >= offset && len(page.Games) < f.PageSize {
			page.Games = append(page.Games, c.games[i])
		}
		page.Total++
	}
	page.TotalPages = (page.Total + f.PageSize - 1) / f.PageSize
	return page
}

// HotGames lists up to f.Limit hot games in catalogue order.
func (c *Catalog) HotGames(f HotFilter) []GameView {
	ids := c.base(f.GameType, f.Vendors)
	narrowVendor := !(f.GameType != "" && len(f.Vendors) == 1)
	out := make([]GameView, 0, f.Limit)
	for _, i := range ids {
		if len(out) >= f.Limit {
			break
		}
		if c.hot[i] && (!narrowVendor || c.vendorMatch(i, f.Vendors)) {
			out = append(out, c.games[i])
		}
	}
	return out
}

// Game finds one game by node id.
func (c *Catalog) Game(nodeID int64) (GameView, bool) {
	i, ok := c.byID[nodeID]
	if !ok {
		return GameView{}, false
	}
	return c.games[i], true
}

// Vendor finds a vendor by code (its first category in menu order).
func (c *Catalog) Vendor(code string) (Vendor, bool) {
	for _, v := range c.vendors {
		if v.Code == code {
			return v, true
		}
	}
	return Vendor{}, false
}

// Menus lists categories with at least one vendor.
func (c *Catalog) Menus() []Menu { return c.menus }

// Lanes lists one lane per category, vendors sorted.
func (c *Catalog) Lanes() []Lane { return c.lanes }

// VendorTypes lists vendor codes per category.
func (c *Catalog) VendorTypes() []VendorType { return c.vendorTypes }

// NewVendors lists vendors flagged new, newest first.
func (c *Catalog) NewVendors() []VendorCard { return c.newVendors }

// Winners lists up to limit entries of a board; category is ALL or a category code.
func (c *Catalog) Winners(kind, category string, limit int) []WinnerView {
	list := c.winners[kind][category]
	if len(list) > limit {
		list = list[:limit]
	}
	if list == nil {
		return []WinnerView{}
	}
	return list
}
