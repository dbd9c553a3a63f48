package reports

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Figures is what the reports read of the daily figures (*figures.Figures):
// the per-member sums of the players ranking. Active players come from this
// package's own rows (report_active_daily), which do not grow with members.
type Figures interface {
	MemberRanking(ctx context.Context, currency, first, last string, rank figures.Rank, offset, limit int) ([]figures.MemberSums, int64, error)
}

// BrandSource gives the brand's currency and time zone (*brand.Service).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
	Location(ctx context.Context) *time.Location
}

// Names labels games, vendors and members for people; a missing name is "".
type Names interface {
	GameName(ctx context.Context, vendor, game string) string
	VendorName(ctx context.Context, vendor string) string
	Usernames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Service answers the dashboard and the reports.
type Service struct {
	db      *db.DB
	figures Figures
	brand   BrandSource
	names   Names
	clock   clock.Clock
}

func NewService(d *db.DB, f Figures, b BrandSource, n Names, clk clock.Clock) *Service {
	return &Service{db: d, figures: f, brand: b, names: n, clock: clk}
}

// MaxDays bounds a report's period.
const MaxDays = 366

var (
	ErrInvalidRange = apperr.Invalid("reports.invalid_range")
	ErrInvalidGroup = apperr.Invalid("reports.invalid_group")
	ErrInvalidRank  = apperr.Invalid("reports.invalid_rank")
)

// Period is a range of whole days in the brand's time zone, both ends in.
type Period struct {
	From string `json:"from"`
	To   string `json:"to"`
}

func (p Period) days() int {
	a, _ := time.Parse(time.DateOnly, p.From)
	b, _ := time.Parse(time.DateOnly, p.To)
	return int(b.Sub(a).Hours()/24) + 1
}

// before is the period of the same length ending the day before p.
func (p Period) before() Period {
	a, _ := time.Parse(time.DateOnly, p.From)
	n := p.days()
	return Period{From: a.AddDate(0, 0, -n).Format(time.DateOnly), To: a.AddDate(0, 0, -1).Format(time.DateOnly)}
}

// ParsePeriod checks from and to (YYYY-MM-DD); empty means the last 30
// days to today in the brand's zone.
func (s *Service) ParsePeriod(ctx context.Context, from, to string) (Period, error) {
	if from == "" && to == "" {
		today := s.clock.Now().In(s.brand.Location(ctx))
		return Period{From: today.AddDate(0, 0, -29).Format(time.DateOnly), To: today.Format(time.DateOnly)}, nil
	}
	a, errA := time.Parse(time.DateOnly, from)
	b, errB := time.Parse(time.DateOnly, to)
	if errA != nil || errB != nil || b.Before(a) || b.Sub(a) > (MaxDays-1)*24*time.Hour {
		return Period{}, ErrInvalidRange.With("max", MaxDays)
	}
	return Period{From: from, To: to}, nil
}

// Metrics are a period's figures (docs/reports.md defines each). Money in
// minor units; HoldBP is the hold in basis points (GGR / turnover x 10,000).
type Metrics struct {
	Registrations      int64 `json:"registrations"`
	FirstDeposits      int64 `json:"firstDeposits"`
	FirstDepositAmount int64 `json:"firstDepositAmount"`
	Deposits           int64 `json:"deposits"`
	DepositCount       int64 `json:"depositCount"`
	Withdrawals        int64 `json:"withdrawals"`
	WithdrawalCount    int64 `json:"withdrawalCount"`
	NetCash            int64 `json:"netCash"`
	Turnover           int64 `json:"turnover"`
	ValidBets          int64 `json:"validBets"`
	Wins               int64 `json:"wins"`
	Rounds             int64 `json:"rounds"`
	GGR                int64 `json:"ggr"`
	HoldBP             int64 `json:"holdBp"`
	BonusCost          int64 `json:"bonusCost"`
	Adjustments        int64 `json:"adjustments"`
	NGR                int64 `json:"ngr"`
	ActivePlayers      int64 `json:"activePlayers"`
	ARPU               int64 `json:"arpu"`
}

func (m *Metrics) derive() {
	m.NetCash = m.Deposits - m.Withdrawals
	m.GGR = m.Turnover - m.Wins
	if m.Turnover != 0 {
		m.HoldBP = m.GGR * 10_000 / m.Turnover
	}
	m.NGR = m.GGR - m.BonusCost
	if m.ActivePlayers != 0 {
		m.ARPU = m.NGR / m.ActivePlayers
	}
}

// DayPoint is one day of the dashboard's chart.
type DayPoint struct {
	Day string `json:"day"`
	Metrics
}

// Top is one game or vendor of a period, by GGR.
type Top struct {
	Vendor   string `json:"vendor"`
	Game     string `json:"game,omitempty"`
	Category string `json:"category,omitempty"`
	Name     string `json:"name"`
	Turnover int64  `json:"turnover"`
	Wins     int64  `json:"wins"`
	GGR      int64  `json:"ggr"`
	Rounds   int64  `json:"rounds"`
}

// Dashboard is a period beside the one before it.
type Dashboard struct {
	Period     Period     `json:"period"`
	Previous   Period     `json:"previous"`
	Currency   string     `json:"currency"`
	Decimals   int        `json:"decimals"`
	Timezone   string     `json:"timezone"`
	Current    Metrics    `json:"current"`
	Prior      Metrics    `json:"prior"`
	Days       []DayPoint `json:"days"`
	TopGames   []Top      `json:"topGames"`
	TopVendors []Top      `json:"topVendors"`
}

// topN is how many games and vendors the dashboard lists.
const topN = 10

// Dashboard reads p and the period before it.
func (s *Service) Dashboard(ctx context.Context, p Period) (Dashboard, error) {
	b, err := s.brand.Current(ctx)
	if err != nil {
		return Dashboard{}, err
	}
	cur := b.Info.Currency.Code
	out := Dashboard{Period: p, Previous: p.before(), Currency: cur, Decimals: b.Info.Currency.Decimals, Timezone: s.brand.Location(ctx).String()}
	days, err := s.dayMetrics(ctx, cur, out.Previous.From, p.To)
	if err != nil {
		return Dashboard{}, err
	}
	for _, d := range days {
		into := &out.Current
		if d.Day < p.From {
			into = &out.Prior
		} else {
			out.Days = append(out.Days, d)
		}
		add(into, d.Metrics)
	}
	if out.Current.ActivePlayers, err = activePlayers(ctx, s.db, p.From, p.To); err != nil {
		return Dashboard{}, err
	}
	if out.Prior.ActivePlayers, err = activePlayers(ctx, s.db, out.Previous.From, out.Previous.To); err != nil {
		return Dashboard{}, err
	}
	out.Current.derive()
	out.Prior.derive()
	out.Days = fillDays(p, out.Days)
	if out.TopGames, out.TopVendors, err = s.top(ctx, cur, p); err != nil {
		return Dashboard{}, err
	}
	return out, nil
}

func add(into *Metrics, m Metrics) {
	into.Registrations += m.Registrations
	into.FirstDeposits += m.FirstDeposits
	into.FirstDepositAmount += m.FirstDepositAmount
	into.Deposits += m.Deposits
	into.DepositCount += m.DepositCount
	into.Withdrawals += m.Withdrawals
	into.WithdrawalCount += m.WithdrawalCount
	into.Turnover += m.Turnover
	into.ValidBets += m.ValidBets
	into.Wins += m.Wins
	into.Rounds += m.Rounds
	into.BonusCost += m.BonusCost
	into.Adjustments += m.Adjustments
}

// fillDays gives every day of p a point, zero where nothing happened.
func fillDays(p Period, have []DayPoint) []DayPoint {
	byDay := make(map[string]DayPoint, len(have))
	for _, d := range have {
		byDay[d.Day] = d
	}
	a, _ := time.Parse(time.DateOnly, p.From)
	out := make([]DayPoint, 0, p.days())
	for i := 0; i < p.days(); i++ {
		day := a.AddDate(0, 0, i).Format(time.DateOnly)
		d, ok := byDay[day]
		if !ok {
			d = DayPoint{Day: day}
		}
		out = append(out, d)
	}
	return out
}

// dayMetrics reads each day of [first, last] that has rows, with the
// day's active players; derived fields filled.
func (s *Service) dayMetrics(ctx context.Context, currency, first, last string) ([]DayPoint, error) {
	byDay := map[string]*DayPoint{}
	point := func(day string) *DayPoint {
		d := byDay[day]
		if d == nil {
			d = &DayPoint{Day: day}
			byDay[day] = d
		}
		return d
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT day, SUM(bets), SUM(valid_bets), SUM(wins), SUM(rounds)
 FROM report_games_daily WHERE day >= ? AND day <= ? AND currency = ? GROUP BY day`), first, last, currency)
	if err != nil {
		return nil, fmt.Errorf("reports: games by day: %w", err)
	}
	for rows.Next() {
		var day string
		var m Metrics
		if err := rows.Scan(&day, &m.Turnover, &m.ValidBets, &m.Wins, &m.Rounds); err != nil {
			rows.Close()
			return nil, err
		}
		add(&point(day).Metrics, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Registrations carry no currency ('').
	rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT day, `+sumCash+` FROM report_cash_daily
 WHERE day >= ? AND day <= ? AND currency IN (?, '') GROUP BY day`), first, last, currency)
	if err != nil {
		return nil, fmt.Errorf("reports: cash by day: %w", err)
	}
	for rows.Next() {
		var day string
		var m Metrics
		if err := rows.Scan(&day, &m.Registrations, &m.FirstDeposits, &m.FirstDepositAmount, &m.Deposits, &m.DepositCount,
			&m.Withdrawals, &m.WithdrawalCount, &m.Adjustments, &m.BonusCost); err != nil {
			rows.Close()
			return nil, err
		}
		add(&point(day).Metrics, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	active, err := activePlayersByDay(ctx, s.db, first, last)
	if err != nil {
		return nil, err
	}
	for day, n := range active {
		point(day).ActivePlayers = n
	}
	out := make([]DayPoint, 0, len(byDay))
	for _, d := range byDay {
		d.derive()
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Day < out[j].Day })
	return out, nil
}

const sumCash = `SUM(registrations), SUM(first_deposits), SUM(first_deposit_amount), SUM(deposits), SUM(deposit_count),
 SUM(withdrawals), SUM(withdrawal_count), SUM(adjustments), SUM(bonus)`

// top lists the period's games and vendors with the highest GGR, both
// from one read of the period's games (a vendor's sums are its games').
func (s *Service) top(ctx context.Context, currency string, p Period) (games, vendors []Top, err error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT vendor, game, category, SUM(bets), SUM(wins), SUM(rounds) FROM report_games_daily
 WHERE day >= ? AND day <= ? AND currency = ? GROUP BY vendor, game, category`), p.From, p.To, currency)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: top: %w", err)
	}
	defer rows.Close()
	byVendor := map[string]*Top{}
	for rows.Next() {
		var t Top
		if err := rows.Scan(&t.Vendor, &t.Game, &t.Category, &t.Turnover, &t.Wins, &t.Rounds); err != nil {
			return nil, nil, err
		}
		t.GGR = t.Turnover - t.Wins
		games = append(games, t)
		v := byVendor[t.Vendor]
		if v == nil {
			v = &Top{Vendor: t.Vendor}
			byVendor[t.Vendor] = v
		}
		v.Turnover, v.Wins, v.GGR, v.Rounds = v.Turnover+t.Turnover, v.Wins+t.Wins, v.GGR+t.GGR, v.Rounds+t.Rounds
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	for _, v := range byVendor {
		vendors = append(vendors, *v)
	}
	games, vendors = highest(games), highest(vendors)
	for i := range games {
		if s.names != nil {
			games[i].Name = s.names.GameName(ctx, games[i].Vendor, games[i].Game)
		}
	}
	for i := range vendors {
		if s.names != nil {
			vendors[i].Name = s.names.VendorName(ctx, vendors[i].Vendor)
		}
	}
	return games, vendors, nil
}

// highest is the topN of list by GGR, then turnover (then names, so ties
// always come in one order).
func highest(list []Top) []Top {
	slices.SortFunc(list, func(a, b Top) int {
		return cmp.Or(cmp.Compare(b.GGR, a.GGR), cmp.Compare(b.Turnover, a.Turnover), strings.Compare(a.Vendor, b.Vendor),
			strings.Compare(a.Game, b.Game), strings.Compare(a.Category, b.Category))
	})
	out := make([]Top, 0, min(len(list), topN))
	return append(out, list[:min(len(list), topN)]...)
}
