package missions

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/money"
	"github.com/palaro/palaro/internal/rewards"
)

// Limits of what an operator sets.
const (
	MaxTitle    = 80
	MaxRounds   = 10_000
	MaxPrizes   = 100
	MaxWager    = 100
	MaxCategory = 16
	MaxGame     = 64
	// MaxAmount bounds a reward, a target amount, a minimum bet and a
	// prize (minor units).
	MaxAmount = 100_000_000
)

var (
	ErrInvalidTitle    = apperr.Invalid("missions.invalid_title").With("max", MaxTitle)
	ErrInvalidPeriod   = apperr.Invalid("missions.invalid_period")
	ErrInvalidKind     = apperr.Invalid("missions.invalid_kind")
	ErrInvalidMetric   = apperr.Invalid("missions.invalid_metric")
	ErrInvalidStatus   = apperr.Invalid("missions.invalid_status")
	ErrInvalidTarget   = apperr.Invalid("missions.invalid_target")
	ErrInvalidReward   = apperr.Invalid("missions.invalid_reward")
	ErrInvalidSchedule = apperr.Invalid("missions.invalid_schedule")
	ErrInvalidCode     = apperr.Invalid("missions.invalid_code")
	ErrInvalidPrizes   = apperr.Invalid("missions.invalid_prizes").With("max", MaxPrizes)
	ErrInvalidMinBet   = apperr.Invalid("missions.invalid_min_bet")
)

// MissionInput is a mission as the console sends it: money in major units
// as decimal strings (target of BET and DEPOSIT, reward), counts as
// integers in Target (ROUNDS, LOGIN days).
type MissionInput struct {
	TitleEN       string `json:"titleEN"`
	TitleTY       string `json:"titleTY"`
	Period        string `json:"period"`
	Kind          string `json:"kind"`
	Category      string `json:"category"`
	Game          string `json:"game"`
	Target        string `json:"target"`
	RewardAmount  string `json:"rewardAmount"`
	RewardKind    string `json:"rewardKind"`
	WagerMultiple int64  `json:"wagerMultiple"`
	Status        string `json:"status"`
	StartsAt      int64  `json:"startsAt"`
	EndsAt        int64  `json:"endsAt"`
	Sort          int    `json:"sort"`
}

// BoardInput is a leaderboard as the console sends it.
type BoardInput struct {
	TitleEN  string   `json:"titleEN"`
	TitleTY  string   `json:"titleTY"`
	Period   string   `json:"period"`
	Metric   string   `json:"metric"`
	Category string   `json:"category"`
	MinBet   string   `json:"minBet"`
	Prizes   []string `json:"prizes"`
	Status   string   `json:"status"`
	StartsAt int64    `json:"startsAt"`
	EndsAt   int64    `json:"endsAt"`
}

func checkTitle(s string, required bool) (string, error) {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	if (required && n == 0) || n > MaxTitle || !utf8.ValidString(s) {
		return "", ErrInvalidTitle
	}
	return s, nil
}

// checkCode: empty, or upper-case letters, digits and underscores (a
// category or game code as the catalogue writes them).
func checkCode(s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if len(s) > max {
		return "", ErrInvalidCode
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 'a' && c <= 'z' || c == '-' || c == '.') {
			return "", ErrInvalidCode
		}
	}
	return s, nil
}

func amount(s string, dec int, err error) (int64, error) {
	v, perr := money.Parse(strings.TrimSpace(s), dec)
	if perr != nil || v <= 0 || v > MaxAmount {
		return 0, err
	}
	return v, nil
}

func checkCommon(period, status *string, startsAt, endsAt int64) error {
	*period = strings.ToUpper(strings.TrimSpace(*period))
	if *period != Daily && *period != Weekly {
		return ErrInvalidPeriod
	}
	*status = strings.ToUpper(strings.TrimSpace(*status))
	if *status == "" {
		*status = StatusActive
	}
	if *status != StatusActive && *status != StatusPaused {
		return ErrInvalidStatus
	}
	if startsAt < 0 || endsAt < 0 || (endsAt > 0 && endsAt <= startsAt) {
		return ErrInvalidSchedule
	}
	return nil
}

// checkMission validates in into a mission (amounts in dec decimals).
func checkMission(in MissionInput, dec int) (Mission, error) {
	var m Mission
	var err error
	if m.TitleEN, err = checkTitle(in.TitleEN, true); err != nil {
		return m, err
	}
	if m.TitleTY, err = checkTitle(in.TitleTY, false); err != nil {
		return m, err
	}
	m.Period, m.Status = in.Period, in.Status
	if err := checkCommon(&m.Period, &m.Status, in.StartsAt, in.EndsAt); err != nil {
		return m, err
	}
	m.StartsAt, m.EndsAt, m.Sort = in.StartsAt, in.EndsAt, in.Sort
	m.Kind = strings.ToUpper(strings.TrimSpace(in.Kind))
	if m.Category, err = checkCode(in.Category, MaxCategory); err != nil {
		return m, err
	}
	m.Category = strings.ToUpper(m.Category)
	if m.Game, err = checkCode(in.Game, MaxGame); err != nil {
		return m, err
	}
	switch m.Kind {
	case KindBet, KindDeposit:
		if m.Target, err = amount(in.Target, dec, ErrInvalidTarget); err != nil {
			return m, err
		}
	case KindRounds, KindLogin:
		n, perr := strconv.ParseInt(strings.TrimSpace(in.Target), 10, 64)
		limit := int64(MaxRounds)
		if m.Kind == KindLogin {
			limit = 1 // a day holds one login day
			if m.Period == Weekly {
				limit = 7
			}
		}
		if perr != nil || n < 1 || n > limit {
			return m, ErrInvalidTarget.With("max", limit)
		}
		m.Target = n
	default:
		return m, ErrInvalidKind
	}
	if m.Kind != KindBet && m.Kind != KindRounds {
		m.Category = ""
	}
	if m.Kind != KindRounds {
		m.Game = ""
	}
	if m.RewardAmount, err = amount(in.RewardAmount, dec, ErrInvalidReward); err != nil {
		return m, err
	}
	m.RewardKind = strings.ToUpper(strings.TrimSpace(in.RewardKind))
	switch m.RewardKind {
	case rewards.KindCash:
	case rewards.KindBonus:
		if in.WagerMultiple < 0 || in.WagerMultiple > MaxWager {
			return m, ErrInvalidReward
		}
		m.WagerMultiple = in.WagerMultiple
	default:
		return m, ErrInvalidReward
	}
	return m, nil
}

// checkBoard validates in into a leaderboard: prizes by rank, each above
// zero and none above the place before it.
func checkBoard(in BoardInput, dec int) (Board, error) {
	var b Board
	var err error
	if b.TitleEN, err = checkTitle(in.TitleEN, true); err != nil {
		return b, err
	}
	if b.TitleTY, err = checkTitle(in.TitleTY, false); err != nil {
		return b, err
	}
	b.Period, b.Status = in.Period, in.Status
	if err := checkCommon(&b.Period, &b.Status, in.StartsAt, in.EndsAt); err != nil {
		return b, err
	}
	b.StartsAt, b.EndsAt = in.StartsAt, in.EndsAt
	b.Metric = strings.ToUpper(strings.TrimSpace(in.Metric))
	if b.Metric != MetricMultiplier && b.Metric != MetricValidBet {
		return b, ErrInvalidMetric
	}
	if b.Category, err = checkCode(in.Category, MaxCategory); err != nil {
		return b, err
	}
	b.Category = strings.ToUpper(b.Category)
	if s := strings.TrimSpace(in.MinBet); s != "" && s != "0" {
		if b.MinBet, err = amount(s, dec, ErrInvalidMinBet); err != nil {
			return b, err
		}
	}
	if len(in.Prizes) == 0 || len(in.Prizes) > MaxPrizes {
		return b, ErrInvalidPrizes
	}
	b.Prizes = make([]int64, len(in.Prizes))
	for i, p := range in.Prizes {
		v, err := amount(p, dec, ErrInvalidPrizes)
		if err != nil {
			return b, err
		}
		if i > 0 && v > b.Prizes[i-1] {
			return b, ErrInvalidPrizes
		}
		b.Prizes[i] = v
	}
	return b, nil
}

// ChangeAuditor writes one operator audit row (operator.Service).
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

func (s *Service) decimals(ctx context.Context) (int, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return 0, err
	}
	return b.Currency.Decimals, nil
}

// SaveMission creates (id 0) or replaces a mission. Progress already
// counted stays; the new terms count from now on.
func (s *Service) SaveMission(ctx context.Context, id int64, in MissionInput) (Mission, error) {
	dec, err := s.decimals(ctx)
	if err != nil {
		return Mission{}, err
	}
	m, err := checkMission(in, dec)
	if err != nil {
		return Mission{}, err
	}
	now := s.clock.Now().UnixMilli()
	if id == 0 {
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO mission (title_en, title_ty, period, kind, category, game, target, reward_amount, reward_kind,
				wager_multiple, status, starts_at, ends_at, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				m.TitleEN, m.TitleTY, m.Period, m.Kind, m.Category, m.Game, m.Target, m.RewardAmount, m.RewardKind, m.WagerMultiple, m.Status,
				m.StartsAt, m.EndsAt, m.Sort, now, now).Scan(&id)
		})
		if err != nil {
			return Mission{}, apperr.Internal(err, "insert mission")
		}
		return s.Mission(ctx, id)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE mission SET title_en = ?, title_ty = ?, period = ?, kind = ?, category = ?, game = ?, target = ?,
		reward_amount = ?, reward_kind = ?, wager_multiple = ?, status = ?, starts_at = ?, ends_at = ?, sort = ?, updated_at = ? WHERE id = ?`),
		m.TitleEN, m.TitleTY, m.Period, m.Kind, m.Category, m.Game, m.Target, m.RewardAmount, m.RewardKind, m.WagerMultiple, m.Status,
		m.StartsAt, m.EndsAt, m.Sort, now, id)
	if err != nil {
		return Mission{}, apperr.Internal(err, "update mission")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return Mission{}, ErrNotFound.With("id", id)
	}
	return s.Mission(ctx, id)
}

// SaveBoard creates (id 0) or replaces a leaderboard.
func (s *Service) SaveBoard(ctx context.Context, id int64, in BoardInput) (Board, error) {
	dec, err := s.decimals(ctx)
	if err != nil {
		return Board{}, err
	}
	b, err := checkBoard(in, dec)
	if err != nil {
		return Board{}, err
	}
	prizes, _ := json.Marshal(b.Prizes)
	now := s.clock.Now().UnixMilli()
	if id == 0 {
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO leaderboard (title_en, title_ty, period, metric, category, min_bet, prizes, status,
				starts_at, ends_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				b.TitleEN, b.TitleTY, b.Period, b.Metric, b.Category, b.MinBet, string(prizes), b.Status, b.StartsAt, b.EndsAt, now, now).Scan(&id)
		})
		if err != nil {
			return Board{}, apperr.Internal(err, "insert leaderboard")
		}
		return s.Board(ctx, id)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE leaderboard SET title_en = ?, title_ty = ?, period = ?, metric = ?, category = ?, min_bet = ?,
		prizes = ?, status = ?, starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?`),
		b.TitleEN, b.TitleTY, b.Period, b.Metric, b.Category, b.MinBet, string(prizes), b.Status, b.StartsAt, b.EndsAt, now, id)
	if err != nil {
		return Board{}, apperr.Internal(err, "update leaderboard")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return Board{}, ErrBoardNotFound.With("id", id)
	}
	return s.Board(ctx, id)
}

// messages are the server-side EN/TY texts of this package's codes; the
// web has its own under errors.missions in every language.
var messages = map[string][2]string{
	"missions.not_found":       {"This mission does not exist.", "Walang ganitong misyon."},
	"missions.board_not_found": {"This leaderboard does not exist.", "Walang ganitong leaderboard."},
	"missions.invalid_title":   {"Enter a title of at most {max} characters.", "Maglagay ng pamagat na hanggang {max} na character."},
	"missions.invalid_period":  {"Choose daily or weekly.", "Pumili ng araw-araw o lingguhan."},
	"missions.invalid_kind":    {"Choose what the mission asks for.", "Piliin kung ano ang hinihingi ng misyon."},
	"missions.invalid_metric":  {"Choose how the leaderboard ranks players.", "Piliin kung paano niraranggo ng leaderboard ang mga manlalaro."},
	"missions.invalid_status":  {"The status must be active or paused.", "Dapat aktibo o naka-pause ang status."},
	"missions.invalid_target": {"Enter a target above zero (for login days, at most one a day, seven a week).",
		"Maglagay ng target na higit sa zero (sa mga araw ng pag-login, hanggang isa bawat araw, pito bawat linggo)."},
	"missions.invalid_reward":   {"Enter a reward amount above zero and a valid reward type.", "Maglagay ng halaga ng reward na higit sa zero at tamang uri ng reward."},
	"missions.invalid_schedule": {"The end must be after the start.", "Dapat pagkatapos ng simula ang katapusan."},
	"missions.invalid_code":     {"Category and game codes use letters, digits and underscores only.", "Mga titik, numero at underscore lamang ang mga code ng kategorya at laro."},
	"missions.invalid_prizes": {"Enter 1 to {max} prizes above zero, none larger than the place before it.",
		"Maglagay ng 1 hanggang {max} na premyo na higit sa zero, walang mas malaki kaysa sa naunang puwesto."},
	"missions.invalid_min_bet":    {"Enter a valid minimum bet.", "Maglagay ng tamang minimum na taya."},
	"missions.invalid_period_key": {"Choose a valid period.", "Pumili ng tamang panahon."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
