package reports

import (
	"context"
	"fmt"
	"sort"

	"github.com/palaro/palaro/internal/figures"
)

// Grouping of a report's rows in time.
const (
	GroupDay   = "day"
	GroupMonth = "month"
	GroupTotal = "total" // one row per key over the whole period
)

// Daily is the dashboard's metrics per day or per month of p.
func (s *Service) Daily(ctx context.Context, p Period, group string) ([]DayPoint, error) {
	if group != GroupDay && group != GroupMonth {
		return nil, ErrInvalidGroup
	}
	b, err := s.brand.Current(ctx)
	if err != nil {
		return nil, err
	}
	days, err := s.dayMetrics(ctx, b.Info.Currency.Code, p.From, p.To)
	if err != nil {
		return nil, err
	}
	if group == GroupDay {
		return fillDays(p, days), nil
	}
	months := map[string]*DayPoint{}
	var keys []string
	for _, d := range days {
		k := d.Day[:7]
		m := months[k]
		if m == nil {
			m = &DayPoint{Day: k}
			months[k] = m
			keys = append(keys, k)
		}
		add(&m.Metrics, d.Metrics)
	}
	sort.Strings(keys)
	out := make([]DayPoint, 0, len(keys))
	for _, k := range keys {
		m := months[k]
		first, last := max(k+"-01", p.From), min(k+"-31", p.To)
		if m.ActivePlayers, err = activePlayers(ctx, s.db, first, last); err != nil {
			return nil, err
		}
		m.derive()
		out = append(out, *m)
	}
	return out, nil
}

// GameRow is one line of the games report.
type GameRow struct {
	Period    string `json:"period"` // the day, the month (YYYY-MM) or "" for the whole period
	Vendor    string `json:"vendor"`
	Category  string `json:"category,omitempty"`
	Game      string `json:"game,omitempty"`
	Name      string `json:"name"`
	Turnover  int64  `json:"turnover"`
	ValidBets int64  `json:"validBets"`
	Wins      int64  `json:"wins"`
	GGR       int64  `json:"ggr"`
	HoldBP    int64  `json:"holdBp"`
	Rounds    int64  `json:"rounds"`
}

// Breakdowns of the games report.
const (
	ByVendor   = "vendor"
	ByCategory = "category"
	ByGame     = "game"
)

var byCols = map[string]string{ByVendor: "vendor", ByCategory: "category", ByGame: "vendor, category, game"}

// maxGameRows bounds the games report (a year of days by game would be large).
const maxGameRows = 20_000

// Games is the games report of p by vendor, category or game, per day,
// month or over the whole period; rows by period, then GGR.
func (s *Service) Games(ctx context.Context, p Period, group, by string) ([]GameRow, bool, error) {
	cols, ok := byCols[by]
	if !ok {
		return nil, false, ErrInvalidGroup
	}
	periodExpr := map[string]string{GroupDay: "day", GroupMonth: "SUBSTR(day, 1, 7)", GroupTotal: "''"}[group]
	if periodExpr == "" {
		return nil, false, ErrInvalidGroup
	}
	b, err := s.brand.Current(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+periodExpr+` AS period, `+cols+`, SUM(bets), SUM(valid_bets), SUM(wins), SUM(rounds)
 FROM report_games_daily WHERE day >= ? AND day <= ? AND currency = ?
 GROUP BY period, `+cols+` ORDER BY period, SUM(bets) - SUM(wins) DESC LIMIT ?`), p.From, p.To, b.Info.Currency.Code, maxGameRows+1)
	if err != nil {
		return nil, false, fmt.Errorf("reports: games: %w", err)
	}
	defer rows.Close()
	out := []GameRow{}
	for rows.Next() {
		var r GameRow
		dest := []any{&r.Period}
		switch by {
		case ByVendor:
			dest = append(dest, &r.Vendor)
		case ByCategory:
			dest = append(dest, &r.Category)
		default:
			dest = append(dest, &r.Vendor, &r.Category, &r.Game)
		}
		if err := rows.Scan(append(dest, &r.Turnover, &r.ValidBets, &r.Wins, &r.Rounds)...); err != nil {
			return nil, false, err
		}
		r.GGR = r.Turnover - r.Wins
		if r.Turnover != 0 {
			r.HoldBP = r.GGR * 10_000 / r.Turnover
		}
		if s.names != nil {
			switch by {
			case ByVendor:
				r.Name = s.names.VendorName(ctx, r.Vendor)
			case ByGame:
				r.Name = s.names.GameName(ctx, r.Vendor, r.Game)
			}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	truncated := len(out) > maxGameRows
	if truncated {
		out = out[:maxGameRows]
	}
	return out, truncated, nil
}

// PlayerRow is one member of the players ranking.
type PlayerRow struct {
	Rank        int    `json:"rank"`
	MemberID    int64  `json:"memberId"`
	Username    string `json:"username"`
	Turnover    int64  `json:"turnover"`
	ValidBets   int64  `json:"validBets"`
	Wins        int64  `json:"wins"`
	PnL         int64  `json:"pnl"` // the house's result: turnover - wins
	Rounds      int64  `json:"rounds"`
	Deposits    int64  `json:"deposits"`
	Withdrawals int64  `json:"withdrawals"`
	Bonus       int64  `json:"bonus"`
}

// PlayerPage is a page of the players ranking.
type PlayerPage struct {
	Items    []PlayerRow `json:"items"`
	Total    int64       `json:"total"`
	Page     int         `json:"page"`
	PageSize int         `json:"pageSize"`
	Currency string      `json:"currency"`
	Decimals int         `json:"decimals"`
}

// Players ranks the members of p by rank (pnl, deposits, turnover).
func (s *Service) Players(ctx context.Context, p Period, rank string, page, size int) (PlayerPage, error) {
	r := figures.Rank(rank)
	if r != figures.RankProfit && r != figures.RankDeposits && r != figures.RankTurnover {
		return PlayerPage{}, ErrInvalidRank
	}
	b, err := s.brand.Current(ctx)
	if err != nil {
		return PlayerPage{}, err
	}
	offset := (page - 1) * size
	ms, total, err := s.figures.MemberRanking(ctx, b.Info.Currency.Code, p.From, p.To, r, offset, size)
	if err != nil {
		return PlayerPage{}, err
	}
	ids := make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = m.MemberID
	}
	var names map[int64]string
	if s.names != nil && len(ids) > 0 {
		if names, err = s.names.Usernames(ctx, ids); err != nil {
			return PlayerPage{}, err
		}
	}
	out := PlayerPage{Items: make([]PlayerRow, len(ms)), Total: total, Page: page, PageSize: size,
		Currency: b.Info.Currency.Code, Decimals: b.Info.Currency.Decimals}
	for i, m := range ms {
		out.Items[i] = PlayerRow{Rank: offset + i + 1, MemberID: m.MemberID, Username: names[m.MemberID], Turnover: m.Bets,
			ValidBets: m.ValidBets, Wins: m.Wins, PnL: m.Bets - m.Wins, Rounds: m.Rounds, Deposits: m.Deposits,
			Withdrawals: m.Withdrawals, Bonus: m.Bonus}
	}
	return out, nil
}
