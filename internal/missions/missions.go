// Package missions is the missions and leaderboards of the personal centre
// (issue 32 part 7, docs/rewards.md "Missions and leaderboards"): daily and
// weekly missions whose progress the stream consumer "missions" counts from
// settled rounds, credited deposits and logins, and leaderboards ranked from
// settled rounds over a day or a week. A completed mission and a paid
// leaderboard place become rewards in the reward centre (internal/rewards),
// under unique keys, so each is issued exactly once.
package missions

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Periods of a mission or a leaderboard, in the brand's zone: a calendar
// day, or an ISO week from Monday 00:00.
const (
	Daily  = "DAILY"
	Weekly = "WEEKLY"
)

// Kinds of mission.
const (
	// KindBet: valid bets of at least Target on Category (any when empty).
	KindBet = "BET"
	// KindRounds: Target settled rounds of Game (any game of Category when
	// Game is empty).
	KindRounds = "ROUNDS"
	// KindDeposit: credited deposits of at least Target.
	KindDeposit = "DEPOSIT"
	// KindLogin: logins on Target days in a row within the period.
	KindLogin = "LOGIN"
)

// Metrics of a leaderboard.
const (
	// MetricMultiplier: the highest win/bet of a single round, in
	// hundredths (25.50x is 2550), of rounds whose bet is at least MinBet.
	MetricMultiplier = "MULTIPLIER"
	// MetricValidBet: the sum of valid bets of rounds of at least MinBet.
	MetricValidBet = "VALID_BET"
)

// Statuses of a mission or a leaderboard.
const (
	StatusActive = "ACTIVE"
	StatusPaused = "PAUSED"
)

// Sources of the rewards this package issues.
const (
	SourceMission     = "MISSION"
	SourceLeaderboard = "LEADERBOARD"
)

// ClaimDays is how long a mission's or a prize's reward waits in the
// reward centre after its period ends.
const ClaimDays = 7

var (
	ErrNotFound      = apperr.NotFound("missions.not_found")
	ErrBoardNotFound = apperr.NotFound("missions.board_not_found")
	ErrRealOnly      = apperr.Forbidden("reward.real_only")
)

// Mission is one mission as stored.
type Mission struct {
	ID            int64  `json:"id"`
	TitleEN       string `json:"titleEN"`
	TitleTY       string `json:"titleTY"`
	Period        string `json:"period"`
	Kind          string `json:"kind"`
	Category      string `json:"category"`
	Game          string `json:"game"`
	Target        int64  `json:"target"`
	RewardAmount  int64  `json:"rewardAmount"`
	RewardKind    string `json:"rewardKind"`
	WagerMultiple int64  `json:"wagerMultiple"`
	Status        string `json:"status"`
	StartsAt      int64  `json:"startsAt"`
	EndsAt        int64  `json:"endsAt"`
	Sort          int    `json:"sort"`
	CreatedAt     int64  `json:"createdAt"`
	UpdatedAt     int64  `json:"updatedAt"`
}

// Board is one leaderboard as stored. Its prizes are by rank: as many
// places are paid as there are prizes.
type Board struct {
	ID        int64   `json:"id"`
	TitleEN   string  `json:"titleEN"`
	TitleTY   string  `json:"titleTY"`
	Period    string  `json:"period"`
	Metric    string  `json:"metric"`
	Category  string  `json:"category"`
	MinBet    int64   `json:"minBet"`
	Prizes    []int64 `json:"prizes"`
	Status    string  `json:"status"`
	StartsAt  int64   `json:"startsAt"`
	EndsAt    int64   `json:"endsAt"`
	CreatedAt int64   `json:"createdAt"`
	UpdatedAt int64   `json:"updatedAt"`
}

// Pool is the sum of a board's prizes.
func (b Board) Pool() int64 {
	var s int64
	for _, p := range b.Prizes {
		s += p
	}
	return s
}

// live tells whether something ACTIVE with that schedule counts a fact at t.
func live(status string, startsAt, endsAt int64, t time.Time) bool {
	ms := t.UnixMilli()
	return status == StatusActive && ms >= startsAt && (endsAt == 0 || ms < endsAt)
}

// PeriodOf is the period of kind (Daily or Weekly) holding t in loc: its
// key (the first day, YYYY-MM-DD), start and end.
func PeriodOf(kind string, t time.Time, loc *time.Location) (key string, start, end time.Time) {
	t = t.In(loc)
	start = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	if kind == Weekly {
		start = start.AddDate(0, 0, -((int(start.Weekday()) + 6) % 7))
		return start.Format(time.DateOnly), start, start.AddDate(0, 0, 7)
	}
	return start.Format(time.DateOnly), start, start.AddDate(0, 0, 1)
}

// PeriodByKey is the period of kind named key (its first day) in loc.
func PeriodByKey(kind, key string, loc *time.Location) (start, end time.Time, ok bool) {
	d, err := time.ParseInLocation(time.DateOnly, key, loc)
	if err != nil {
		return start, end, false
	}
	k, s, e := PeriodOf(kind, d, loc)
	return s, e, k == key
}

// Brands is the brand configuration (brand.Service).
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
	Location(ctx context.Context) *time.Location
}

// Service is the missions and leaderboards.
type Service struct {
	db     *db.DB
	brands Brands
	clock  clock.Clock
	logger *slog.Logger
}

// NewService wires the missions.
func NewService(d *db.DB, brands Brands, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, brands: brands, clock: clk, logger: logger}
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	Rebind(q string) string
}

const missionCols = `id, title_en, title_ty, period, kind, category, game, target, reward_amount, reward_kind, wager_multiple, status, starts_at, ends_at, sort, created_at, updated_at`

func scanMission(row interface{ Scan(...any) error }) (Mission, error) {
	var m Mission
	err := row.Scan(&m.ID, &m.TitleEN, &m.TitleTY, &m.Period, &m.Kind, &m.Category, &m.Game, &m.Target, &m.RewardAmount, &m.RewardKind,
		&m.WagerMultiple, &m.Status, &m.StartsAt, &m.EndsAt, &m.Sort, &m.CreatedAt, &m.UpdatedAt)
	return m, err
}

const boardCols = `id, title_en, title_ty, period, metric, category, min_bet, prizes, status, starts_at, ends_at, created_at, updated_at`

func scanBoard(row interface{ Scan(...any) error }) (Board, error) {
	var b Board
	var prizes string
	err := row.Scan(&b.ID, &b.TitleEN, &b.TitleTY, &b.Period, &b.Metric, &b.Category, &b.MinBet, &prizes, &b.Status, &b.StartsAt, &b.EndsAt,
		&b.CreatedAt, &b.UpdatedAt)
	if err == nil {
		b.Prizes = []int64{}
		err = json.Unmarshal([]byte(prizes), &b.Prizes)
	}
	return b, err
}

func missionsIn(ctx context.Context, q querier, where string, args ...any) ([]Mission, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT `+missionCols+` FROM mission `+where+` ORDER BY sort, id`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Mission{}
	for rows.Next() {
		m, err := scanMission(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func boardsIn(ctx context.Context, q querier, where string, args ...any) ([]Board, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT `+boardCols+` FROM leaderboard `+where+` ORDER BY id`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Board{}
	for rows.Next() {
		b, err := scanBoard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Missions lists every mission (the console).
func (s *Service) Missions(ctx context.Context) ([]Mission, error) {
	ms, err := missionsIn(ctx, s.db, ``)
	if err != nil {
		return nil, apperr.Internal(err, "select missions")
	}
	return ms, nil
}

// Boards lists every leaderboard (the console).
func (s *Service) Boards(ctx context.Context) ([]Board, error) {
	bs, err := boardsIn(ctx, s.db, ``)
	if err != nil {
		return nil, apperr.Internal(err, "select leaderboards")
	}
	return bs, nil
}

// Mission reads one mission.
func (s *Service) Mission(ctx context.Context, id int64) (Mission, error) {
	ms, err := missionsIn(ctx, s.db, `WHERE id = ?`, id)
	if err != nil {
		return Mission{}, apperr.Internal(err, "select mission")
	}
	if len(ms) == 0 {
		return Mission{}, ErrNotFound.With("id", id)
	}
	return ms[0], nil
}

// Board reads one leaderboard.
func (s *Service) Board(ctx context.Context, id int64) (Board, error) {
	bs, err := boardsIn(ctx, s.db, `WHERE id = ?`, id)
	if err != nil {
		return Board{}, apperr.Internal(err, "select leaderboard")
	}
	if len(bs) == 0 {
		return Board{}, ErrBoardNotFound.With("id", id)
	}
	return bs[0], nil
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// title is the EN or TY title for lang.
func title(en, ty, lang string) string {
	if lang == "TY" && ty != "" {
		return ty
	}
	return en
}
