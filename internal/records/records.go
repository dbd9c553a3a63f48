// Package records serves a member's betting record and personal profit and
// loss (spec section 2, personal centre "personalHistoryCopy" and
// "personalProfit") over the rounds the seamless wallet keeps, and feeds the
// winner boards from rounds as they end.
package records

import (
	"context"
	"github.com/palaro/palaro/internal/brand"
	"sort"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Limits of the records queries (the same as the account record's).
const (
	MaxDays         = 92 // a range covers at most this many calendar days, both ends included
	DefaultDays     = 7  // no dates: the last 7 days up to today
	DefaultPageSize = 20
	MaxPageSize     = 100
	dateLayout      = "2006-01-02"
)

// DefaultTimezone is the time zone when no Zone is given (brand.DefaultTimezone).
const DefaultTimezone = brand.DefaultTimezone

// RoundSource is what records needs from the seamless wallet
// (*seamless.Service): a member's rounds, their totals, and the profit per
// day and category.
type RoundSource interface {
	Rounds(ctx context.Context, q gamewallet.RoundQuery) ([]gamewallet.Round, int, error)
	RoundTotals(ctx context.Context, q gamewallet.RoundQuery) (gamewallet.Totals, error)
	ProfitByDay(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]gamewallet.DayProfit, error)
}

// GameNames names a game for the record (the catalogue); "" when unknown.
type GameNames interface {
	GameName(ctx context.Context, vendor, gameCode string, nodeID int64) string
}

// BetQuery is what the browser asks the betting record for; dates are
// calendar days in the brand timezone, both included.
type BetQuery struct {
	From, To                 string
	GameType, Vendor, Status string
	Page, PageSize           int
}

// Bet is one round in the betting record; times are Unix milliseconds.
type Bet struct {
	ID        int64  `json:"id"`                 // the round's row id (the back office's round detail)
	MemberID  int64  `json:"memberId,omitempty"` // whose round, in a team's record (BetsOfMembers) only
	RoundID   string `json:"roundId"`
	Vendor    string `json:"vendor"`
	GameCode  string `json:"gameCode"`
	GameName  string `json:"gameName"`
	GameType  string `json:"gameType"`
	Bet       int64  `json:"bet"`
	ValidBet  int64  `json:"validBet"`
	Win       int64  `json:"win"`
	Profit    int64  `json:"profit"` // win - valid bet, the member's side
	Status    string `json:"status"`
	StartedAt int64  `json:"startedAt"`
	EndedAt   int64  `json:"endedAt,omitempty"`
}

// Sums are totals in minor units; Profit is Win - ValidBet (the member's side).
type Sums struct {
	Bet      int64 `json:"bet"`
	ValidBet int64 `json:"validBet"`
	Win      int64 `json:"win"`
	Profit   int64 `json:"profit"`
	Rounds   int   `json:"rounds"`
}

func (s *Sums) add(bet, valid, win int64, rounds int) {
	s.Bet += bet
	s.ValidBet += valid
	s.Win += win
	s.Profit += win - valid
	s.Rounds += rounds
}

// BetPage is the answer of GET /wps/records/bets.
type BetPage struct {
	List     []Bet  `json:"list"`
	Total    int    `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
	Sums     Sums   `json:"sums"`
	From     string `json:"from"`
	To       string `json:"to"`
	Timezone string `json:"timezone"`
}

// CategoryProfit is one category's totals on one day.
type CategoryProfit struct {
	GameType string `json:"gameType"`
	Sums
}

// ProfitDay is one day of the profit and loss, newest day first.
type ProfitDay struct {
	Day        string           `json:"day"`
	Categories []CategoryProfit `json:"categories"`
	Total      Sums             `json:"total"`
}

// ProfitReport is the answer of GET /wps/records/profit.
type ProfitReport struct {
	Days     []ProfitDay `json:"days"`
	Total    Sums        `json:"total"`
	From     string      `json:"from"`
	To       string      `json:"to"`
	Timezone string      `json:"timezone"`
}

// Service reads the records.
type Service struct {
	rounds RoundSource
	names  GameNames
	clock  interface{ Now() time.Time }
	zone   Zone
}

// Zone yields the brand time zone (brand.Service satisfies it), read per
// request so a brand change applies at once.
type Zone interface {
	Location(ctx context.Context) *time.Location
}

// NewService builds the records service; zone nil means DefaultTimezone.
func NewService(rounds RoundSource, names GameNames, clk interface{ Now() time.Time }, zone Zone) *Service {
	return &Service{rounds: rounds, names: names, clock: clk, zone: zone}
}

func (s *Service) location(ctx context.Context) *time.Location {
	if s.zone != nil {
		return s.zone.Location(ctx)
	}
	return BrandLocation()
}

// BrandLocation is DefaultTimezone, or a fixed UTC+8 when the system has no
// zone database.
func BrandLocation() *time.Location {
	if loc, err := time.LoadLocation(DefaultTimezone); err == nil {
		return loc
	}
	return time.FixedZone("PHT", 8*3600)
}

func requireReal(c account.Caller) error {
	return account.Allowed(c, account.RoleMember, account.RoleAgent)
}

// span resolves calendar days to [from, to) in the brand timezone.
func (s *Service) span(tz *time.Location, fromS, toS string) (from, to time.Time, err error) {
	today := s.clock.Now().In(tz)
	if fromS == "" && toS == "" {
		end := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, tz)
		return end.AddDate(0, 0, -(DefaultDays - 1)), end.AddDate(0, 0, 1), nil
	}
	f, err1 := time.ParseInLocation(dateLayout, fromS, tz)
	t, err2 := time.ParseInLocation(dateLayout, toS, tz)
	if err1 != nil || err2 != nil {
		return from, to, apperr.Invalid("records.invalid_range").With("reason", "date")
	}
	if t.Before(f) {
		return from, to, apperr.Invalid("records.invalid_range").With("reason", "order")
	}
	if t.AddDate(0, 0, 1-MaxDays).After(f) {
		return from, to, apperr.Invalid("records.invalid_range").With("reason", "too_long").With("max", MaxDays)
	}
	return f, t.AddDate(0, 0, 1), nil
}

var statuses = map[string]bool{gamewallet.StatusOpen: true, gamewallet.StatusCompleted: true, gamewallet.StatusCancelled: true}

// Bets is one page of the caller's betting record, newest round first, with
// the sums of every matching round.
func (s *Service) Bets(ctx context.Context, c account.Caller, q BetQuery) (BetPage, error) {
	if err := requireReal(c); err != nil {
		return BetPage{}, err
	}
	return s.BetsOf(ctx, c.MemberID, q)
}

// BetsOf is one page of a member's betting record for the back office (the
// same rounds, filters and limits as the member's own).
func (s *Service) BetsOf(ctx context.Context, memberID int64, q BetQuery) (BetPage, error) {
	return s.betsOf(ctx, memberID, nil, q)
}

// BetsOfMembers is one page of several members' rounds together (an
// agent's team, internal/agent/teamreport; the caller checked the members
// are its team), each with its member: the same filters and limits, at
// most gamewallet.MaxQueryMembers members. No members: an empty page.
func (s *Service) BetsOfMembers(ctx context.Context, memberIDs []int64, q BetQuery) (BetPage, error) {
	if len(memberIDs) == 0 {
		memberIDs = []int64{-1} // nobody's rounds, with the same checks and answer shape
	}
	return s.betsOf(ctx, 0, memberIDs, q)
}

func (s *Service) betsOf(ctx context.Context, memberID int64, memberIDs []int64, q BetQuery) (BetPage, error) {
	tz := s.location(ctx)
	from, to, err := s.span(tz, q.From, q.To)
	if err != nil {
		return BetPage{}, err
	}
	q.Status = strings.ToUpper(q.Status)
	if q.Status != "" && !statuses[q.Status] {
		return BetPage{}, apperr.Invalid("request.invalid_param").With("name", "status")
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	if q.Page < 1 {
		return BetPage{}, apperr.Invalid("request.invalid_page").With("name", "page")
	}
	if q.PageSize < 1 || q.PageSize > MaxPageSize {
		return BetPage{}, apperr.Invalid("request.invalid_page_size").With("name", "pageSize").With("max", MaxPageSize)
	}
	gameType := strings.ToUpper(q.GameType)
	if gameType == "ALL" {
		gameType = ""
	}
	rq := gamewallet.RoundQuery{MemberID: memberID, MemberIDs: memberIDs, From: from, To: to, GameType: gameType, Vendor: strings.ToUpper(q.Vendor), Status: q.Status,
		Offset: (q.Page - 1) * q.PageSize, Limit: q.PageSize}
	rows, total, err := s.rounds.Rounds(ctx, rq)
	if err != nil {
		return BetPage{}, err
	}
	out := BetPage{List: make([]Bet, 0, len(rows)), Total: total, Page: q.Page, PageSize: q.PageSize, Timezone: tz.String(),
		From: from.Format(dateLayout), To: to.AddDate(0, 0, -1).Format(dateLayout)}
	for _, r := range rows {
		b := s.bet(ctx, r)
		if len(memberIDs) > 0 {
			b.MemberID = r.MemberID
		}
		out.List = append(out.List, b)
	}
	if out.Sums, err = s.sums(ctx, rq, rows, total); err != nil {
		return BetPage{}, err
	}
	return out, nil
}

func (s *Service) bet(ctx context.Context, r gamewallet.Round) Bet {
	b := Bet{ID: r.ID, RoundID: r.RoundID, Vendor: r.Vendor, GameCode: r.GameCode, GameType: r.GameType, Bet: r.Bet, ValidBet: r.ValidBet,
		Win: r.Win, Profit: r.Profit(), Status: r.Status, StartedAt: r.StartedAt.UnixMilli()}
	if !r.EndedAt.IsZero() {
		b.EndedAt = r.EndedAt.UnixMilli()
	}
	if s.names != nil {
		b.GameName = s.names.GameName(ctx, r.Vendor, r.GameCode, r.NodeID)
	}
	if b.GameName == "" {
		b.GameName = r.GameCode
	}
	return b
}

// sums totals every round of the filter (not only the page).
func (s *Service) sums(ctx context.Context, rq gamewallet.RoundQuery, page []gamewallet.Round, total int) (Sums, error) {
	var out Sums
	if rq.Offset == 0 && len(page) >= total {
		for _, r := range page { // the page holds every round
			out.add(r.Bet, r.ValidBet, r.Win, 1)
		}
		return out, nil
	}
	t, err := s.rounds.RoundTotals(ctx, rq)
	if err != nil {
		return out, err
	}
	out.add(t.Bet, t.ValidBet, t.Win, t.Rounds)
	return out, nil
}

// Profit is the caller's profit and loss per day (newest first) and
// category, with day and range totals.
func (s *Service) Profit(ctx context.Context, c account.Caller, fromS, toS string) (ProfitReport, error) {
	if err := requireReal(c); err != nil {
		return ProfitReport{}, err
	}
	tz := s.location(ctx)
	from, to, err := s.span(tz, fromS, toS)
	if err != nil {
		return ProfitReport{}, err
	}
	cells, err := s.rounds.ProfitByDay(ctx, c.MemberID, from, to, tz)
	if err != nil {
		return ProfitReport{}, err
	}
	out := ProfitReport{Days: []ProfitDay{}, Timezone: tz.String(), From: from.Format(dateLayout), To: to.AddDate(0, 0, -1).Format(dateLayout)}
	index := map[string]int{}
	for _, cell := range cells {
		i, ok := index[cell.Day]
		if !ok {
			i = len(out.Days)
			index[cell.Day] = i
			out.Days = append(out.Days, ProfitDay{Day: cell.Day, Categories: []CategoryProfit{}})
		}
		d := &out.Days[i]
		cp := CategoryProfit{GameType: cell.GameType}
		cp.add(cell.Bet, cell.ValidBet, cell.Win, cell.Rounds)
		d.Categories = append(d.Categories, cp)
		d.Total.add(cell.Bet, cell.ValidBet, cell.Win, cell.Rounds)
		out.Total.add(cell.Bet, cell.ValidBet, cell.Win, cell.Rounds)
	}
	sortDays(out.Days)
	return out, nil
}

// sortDays puts the newest day first and each day's categories in code order.
func sortDays(days []ProfitDay) {
	sort.Slice(days, func(i, j int) bool { return days[i].Day > days[j].Day })
	for _, d := range days {
		sort.Slice(d.Categories, func(i, j int) bool { return d.Categories[i].GameType < d.Categories[j].GameType })
	}
}

func init() {
	apperr.Register("records.invalid_range", map[string]string{
		"EN": "Choose a valid date range of at most 92 days.",
		"TY": "Pumili ng tamang hanay ng petsa na hindi hihigit sa 92 araw.",
	})
}

// CatalogNames names games from the catalogue snapshot (*game.Service).
type CatalogNames struct {
	Games interface {
		Catalog(ctx context.Context) (*game.Catalog, error)
	}
}

// GameName is the game's name by node id, "" when the catalogue has no such game.
func (n CatalogNames) GameName(ctx context.Context, _, _ string, nodeID int64) string {
	c, err := n.Games.Catalog(ctx)
	if err != nil || c == nil {
		return ""
	}
	if g, ok := c.Game(nodeID); ok {
		return g.GameName
	}
	return ""
}
