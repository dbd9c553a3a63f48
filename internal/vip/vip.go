// Package vip is the VIP club and bonus bets (issue 32 parts 4 and 5,
// docs/rewards.md "VIP ranks and bonus bets"): levels by accumulated valid
// bets (and deposits), fed by the stream consumer "vip.progress"; a cash
// reward on reaching a level; weekly and monthly rewards and the monthly
// keep rule settled by jobs over the daily figures; and the manual rebate
// (bonus bets) on the valid bets since the member's last claim, at the
// level's rates. Every payment is a reward issued through internal/rewards.
package vip

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Sources of the rewards the club issues.
const (
	SourceLevelUp   = "VIP_LEVEL_UP"
	SourceWeekly    = "VIP_WEEKLY"
	SourceMonthly   = "VIP_MONTHLY"
	SourceBonusBets = "VIP_BONUS_BETS"
)

// Sources is every source the club issues (the member's VIP reward history).
var Sources = []string{SourceLevelUp, SourceWeekly, SourceMonthly, SourceBonusBets}

// Limits of the levels table.
const (
	MaxLevels   = 20
	MaxRate     = 1000 // basis points: 10 %
	MaxNameLen  = 40
	MaxAmount   = 1_000_000_000_00
	DefaultDays = 7 // claim window of the club's rewards when the brand sets none
)

var (
	ErrOff          = apperr.Forbidden("vip.off")
	ErrBelowMinimum = apperr.Conflict("vip.below_minimum")
	ErrInvalid      = apperr.Invalid("vip.invalid_levels")
)

// Level is one rank of the club. Amounts are minor units of the brand's
// currency; Rates are basis points per game category.
type Level struct {
	Level int `json:"level"`
	// Name is the EN name; Names the name per language code (EN and TY
	// required, the brand's other languages optional), shown to a member
	// in their language, else in EN.
	Name          string            `json:"name"`
	Names         map[string]string `json:"names"`
	MinValidBets  int64             `json:"minValidBets"`
	MinDeposits   int64             `json:"minDeposits"`
	KeepValidBets int64             `json:"keepValidBets"`
	UpgradeReward int64             `json:"upgradeReward"`
	WeeklyReward  int64             `json:"weeklyReward"`
	MonthlyReward int64             `json:"monthlyReward"`
	Rates         map[string]int64  `json:"rates"`
}

// Levels is a validated table, index i holding level i+1.
type Levels []Level

// At is the level n (clamped to the table).
func (ls Levels) At(n int) Level {
	if len(ls) == 0 {
		return Level{Level: 1, Rates: map[string]int64{}}
	}
	return ls[max(1, min(n, len(ls)))-1]
}

// LabelName is the level's name in lang, else its EN name.
func (l Level) LabelName(lang string) string {
	if n := l.Names[strings.ToUpper(lang)]; n != "" {
		return n
	}
	if n := l.Names["EN"]; n != "" {
		return n
	}
	return l.Name
}

// InLanguage is the table with each level's Name in lang (the member's
// pages).
func (ls Levels) InLanguage(lang string) Levels {
	out := make(Levels, len(ls))
	for i, l := range ls {
		l.Name = l.LabelName(lang)
		out[i] = l
	}
	return out
}

// normalize trims the names and takes Name from the EN one (a table from
// before names per language keeps its one name as EN).
func (l *Level) normalize() {
	names := map[string]string{}
	for k, v := range l.Names {
		if v = strings.TrimSpace(v); v != "" {
			names[strings.ToUpper(k)] = v
		}
	}
	if names["EN"] == "" && strings.TrimSpace(l.Name) != "" {
		names["EN"] = strings.TrimSpace(l.Name)
	}
	l.Names, l.Name = names, names["EN"]
}

// Reached is the highest level whose thresholds bets and deposits meet.
func (ls Levels) Reached(bets, deposits int64) int {
	n := 1
	for _, l := range ls {
		if bets >= l.MinValidBets && deposits >= l.MinDeposits {
			n = l.Level
		}
	}
	return n
}

// Validate checks a levels table: levels 1..n in order (1 <= n <=
// MaxLevels), the first with thresholds 0, thresholds not decreasing and the
// valid-bets one rising, names 1..MaxNameLen characters, amounts within
// 0..MaxAmount, rates within 0..MaxRate on known categories. The error
// names the first bad field (vip.invalid_levels with field and level).
// Names: EN and TY required, each 1..MaxNameLen characters, in the
// brand's known languages (field "names").
func Validate(ls Levels) error {
	bad := func(level int, field string) error { return ErrInvalid.With("level", level).With("field", field) }
	if len(ls) < 1 || len(ls) > MaxLevels {
		return bad(0, "levels")
	}
	for i, l := range ls {
		switch {
		case l.Level != i+1:
			return bad(i+1, "level")
		case strings.TrimSpace(l.Names["EN"]) == "" || strings.TrimSpace(l.Names["TY"]) == "" || !namesOK(l.Names):
			return bad(l.Level, "names")
		case l.MinValidBets < 0 || l.MinValidBets > MaxAmount || (i == 0 && l.MinValidBets != 0) || (i > 0 && l.MinValidBets <= ls[i-1].MinValidBets):
			return bad(l.Level, "minValidBets")
		case l.MinDeposits < 0 || l.MinDeposits > MaxAmount || (i == 0 && l.MinDeposits != 0) || (i > 0 && l.MinDeposits < ls[i-1].MinDeposits):
			return bad(l.Level, "minDeposits")
		case l.KeepValidBets < 0 || l.KeepValidBets > MaxAmount:
			return bad(l.Level, "keepValidBets")
		case l.UpgradeReward < 0 || l.UpgradeReward > MaxAmount:
			return bad(l.Level, "upgradeReward")
		case l.WeeklyReward < 0 || l.WeeklyReward > MaxAmount:
			return bad(l.Level, "weeklyReward")
		case l.MonthlyReward < 0 || l.MonthlyReward > MaxAmount:
			return bad(l.Level, "monthlyReward")
		}
		for c, r := range l.Rates {
			if !isCategory(c) || r < 0 || r > MaxRate {
				return bad(l.Level, "rates")
			}
		}
	}
	return nil
}

func namesOK(names map[string]string) bool {
	for k, v := range names {
		if !slices.Contains(brand.KnownLanguages, k) || strings.TrimSpace(v) == "" || utf8.RuneCountInString(strings.TrimSpace(v)) > MaxNameLen {
			return false
		}
	}
	return true
}

// Categories are the game categories a rate may name (spec section 2's
// category codes).
var Categories = []string{"RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT", "BGS", "COCKFIGHT"}

func isCategory(c string) bool {
	for _, k := range Categories {
		if k == c {
			return true
		}
	}
	return false
}

// Brands is the brand configuration.
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Rewards is the reward centre (rewards.Service).
type Rewards interface {
	IssueMany(ctx context.Context, rs []rewards.Issue) (int, error)
	ClaimByKey(ctx context.Context, member int64, key, lang string) (rewards.Reward, error)
	BySources(ctx context.Context, member int64, sources []string, lang string, limit int) ([]rewards.Reward, error)
	KeyStatuses(ctx context.Context, member int64, keys []string) (map[string]string, error)
}

// Service is the VIP club.
type Service struct {
	db      *db.DB
	brands  Brands
	rewards Rewards
	clock   clock.Clock
	logger  *slog.Logger
}

// NewService wires the club.
func NewService(d *db.DB, brands Brands, rw Rewards, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, brands: brands, rewards: rw, clock: clk, logger: logger}
}

// Levels reads the levels table (empty when none is configured: the club
// is off).
func (s *Service) Levels(ctx context.Context) (Levels, error) {
	return readLevels(ctx, s.db.QueryContext)
}

func readLevels(ctx context.Context, query func(ctx context.Context, q string, args ...any) (*sql.Rows, error)) (Levels, error) {
	rows, err := query(ctx, `SELECT level, name, names, min_valid_bets, min_deposits, keep_valid_bets, upgrade_reward, weekly_reward, monthly_reward, rebate_rates
		FROM vip_level ORDER BY level`)
	if err != nil {
		return nil, apperr.Internal(err, "select vip levels")
	}
	defer rows.Close()
	var out Levels
	for rows.Next() {
		var l Level
		var rates, names string
		if err := rows.Scan(&l.Level, &l.Name, &names, &l.MinValidBets, &l.MinDeposits, &l.KeepValidBets, &l.UpgradeReward, &l.WeeklyReward, &l.MonthlyReward, &rates); err != nil {
			return nil, apperr.Internal(err, "scan vip level")
		}
		l.Rates = map[string]int64{}
		_ = json.Unmarshal([]byte(rates), &l.Rates)
		_ = json.Unmarshal([]byte(names), &l.Names)
		l.normalize()
		out = append(out, l)
	}
	return out, rows.Err()
}

// SaveLevels replaces the levels table (validated first; nothing changes on
// a bad table). Members above the new top level are held at it.
func (s *Service) SaveLevels(ctx context.Context, ls Levels) error {
	ls = slices.Clone(ls)
	for i := range ls {
		ls[i].normalize()
	}
	if err := Validate(ls); err != nil {
		return err
	}
	now := s.clock.Now().UnixMilli()
	return s.db.InTx(ctx, func(tx *db.Tx) error { return writeLevels(ctx, tx, ls, now) })
}

func writeLevels(ctx context.Context, tx *db.Tx, ls Levels, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM vip_level`); err != nil {
		return err
	}
	for _, l := range ls {
		rates, err := json.Marshal(nonNil(l.Rates))
		if err != nil {
			return err
		}
		l.normalize()
		names, err := json.Marshal(l.Names)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vip_level (level, name, names, min_valid_bets, min_deposits, keep_valid_bets, upgrade_reward, weekly_reward, monthly_reward, rebate_rates, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), l.Level, l.Name, string(names), l.MinValidBets, l.MinDeposits, l.KeepValidBets, l.UpgradeReward,
			l.WeeklyReward, l.MonthlyReward, string(rates), now)
		if err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE vip_member SET level = ? WHERE level > ?`), len(ls), len(ls))
	return err
}

func nonNil(m map[string]int64) map[string]int64 {
	if m == nil {
		return map[string]int64{}
	}
	return m
}

// Member is a member's standing in the club.
type Member struct {
	Level      int   `json:"level"`
	ValidBets  int64 `json:"validBets"`
	Deposits   int64 `json:"deposits"`
	LevelSince int64 `json:"levelSince"`
}

// Member reads a member's standing (level 1 with nothing counted when the
// member has not played yet).
func (s *Service) Member(ctx context.Context, member int64) (Member, error) {
	m := Member{Level: 1}
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT level, valid_bets, deposits, level_since FROM vip_member WHERE member_id = ?`), member).
		Scan(&m.Level, &m.ValidBets, &m.Deposits, &m.LevelSince)
	if err != nil && !db.IsNoRows(err) {
		return m, apperr.Internal(err, "select vip member")
	}
	return m, nil
}

// on tells whether the brand runs the club: the VIP switch on and a levels
// table configured.
func (s *Service) on(ctx context.Context) (*brand.Config, Levels, bool, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	ls, err := s.Levels(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	return b, ls, b.SwitchOn("VIP") && len(ls) > 0, nil
}

// Public is the public state's VIP fields (spec section 3).
type Public struct {
	HasVip       bool   `json:"hasVip"`
	VipLabelName string `json:"vipLabelName"`
	VipRankLevel int    `json:"vipRankLevel"`
}

// PublicState is a member's hasVip, vipLabelName (in lang, else EN) and
// vipRankLevel; hasVip is false (and the rest empty) while the club is off.
func (s *Service) PublicState(ctx context.Context, member int64, lang string) (Public, error) {
	_, ls, on, err := s.on(ctx)
	if err != nil || !on {
		return Public{}, err
	}
	m, err := s.Member(ctx, member)
	if err != nil {
		return Public{}, err
	}
	l := ls.At(m.Level)
	return Public{HasVip: true, VipLabelName: l.LabelName(lang), VipRankLevel: l.Level}, nil
}

func claimBy(b *brand.Config, now time.Time) time.Time {
	days := b.Rewards.VIP.ClaimDays
	if days <= 0 {
		days = DefaultDays
	}
	return now.Add(time.Duration(days) * 24 * time.Hour)
}

// messages are the server-side EN/TY texts of the club's codes; the web
// has its own under errors.* in every language.
var messages = map[string][2]string{
	"vip.off": {"The VIP club is not available.", "Hindi available ang VIP club."},
	"vip.below_minimum": {"Your bonus bets are below the minimum you can claim. Keep playing and try again.",
		"Mas mababa pa sa minimum na makukuha ang iyong bonus bets. Maglaro pa at subukan muli."},
	"vip.invalid_levels": {"The VIP levels are not valid: check level {level}, field {field}.",
		"Hindi wasto ang mga VIP level: tingnan ang level {level}, field na {field}."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

// PublicFields is PublicState as the reward summary's fields.
func (s *Service) PublicFields(ctx context.Context, member int64, lang string) (map[string]any, error) {
	p, err := s.PublicState(ctx, member, lang)
	if err != nil {
		return nil, err
	}
	return map[string]any{"hasVip": p.HasVip, "vipLabelName": p.VipLabelName, "vipRankLevel": p.VipRankLevel}, nil
}
