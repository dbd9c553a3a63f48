package inhouse

import (
	"context"
	"errors"
	"maps"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/inhouse/slot"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// The operator's settings of the in-house games (GET and PATCH
// /ops/v1/games/inhouse, docs/operator-api.md "Games"): each game's stake
// range and jackpot share, and the slot's RTP profile. They are brand data
// (brand.Inhouse), so a change reaches every instance within
// brand.RefreshEvery, and each is read when a round opens: a round already
// open keeps what it was opened with (the slot draws every spin of a round,
// free spins included, at its start).

// BrandWriter changes the brand document under its version (*brand.Service).
type BrandWriter interface {
	Versioned(ctx context.Context) (brand.Config, int64, error)
	Update(ctx context.Context, c brand.Config, version int64) (brand.Config, int64, error)
}

// GameSettings is one game's settings in force; Own* are the game's own
// values (0 or "": it takes the brand's all-games value or the default).
type GameSettings struct {
	Game                  string `json:"game"`
	Name                  string `json:"name"`
	MinBet                int64  `json:"minBet"`
	MaxBet                int64  `json:"maxBet"`
	JackpotContributionBp int64  `json:"jackpotContributionBp"`
	SlotProfile           string `json:"slotProfile,omitempty"` // the slot only
	OwnMinBet             int64  `json:"ownMinBet"`
	OwnMaxBet             int64  `json:"ownMaxBet"`
	OwnContributionBp     int64  `json:"ownJackpotContributionBp"`
	OwnSlotProfile        string `json:"ownSlotProfile,omitempty"`
}

// Settings is every in-house game's settings.
type Settings struct {
	Currency     string         `json:"currency"`
	Decimals     int            `json:"decimals"`
	SlotProfiles []string       `json:"slotProfiles"`
	Items        []GameSettings `json:"items"`
}

// SettingsPatch changes one game; nil fields stay, 0 (or "") returns a
// field to the brand's all-games value.
type SettingsPatch struct {
	MinBet                *int64  `json:"minBet"`
	MaxBet                *int64  `json:"maxBet"`
	JackpotContributionBp *int64  `json:"jackpotContributionBp"`
	SlotProfile           *string `json:"slotProfile"`
	Reason                string  `json:"reason"`
}

// MaxStake bounds a stake limit an operator sets (minor units).
const MaxStake = 100_000_000_000

var (
	ErrNothingToChange = apperr.Invalid("inhouse.nothing_to_change")
	ErrSlotOnly        = apperr.Invalid("inhouse.slot_only")
)

func init() {
	for code, m := range map[string][2]string{
		"inhouse.invalid_bet_range": {"Enter a minimum and a maximum bet between {low} and {high}, the maximum not below the minimum.",
			"Maglagay ng pinakamababa at pinakamataas na taya mula {low} hanggang {high}, at hindi mas mababa ang pinakamataas sa pinakamababa."},
		"inhouse.invalid_slot_profile": {"Choose an RTP profile: {profiles}.",
			"Pumili ng RTP profile: {profiles}."},
		"inhouse.slot_only": {"Only the slot has an RTP profile.",
			"Ang slot lang ang may RTP profile."},
		"inhouse.invalid_jackpot_share": {"The jackpot share is 1 to 10000 basis points (0.01 % to 100 %).",
			"Ang bahagi para sa jackpot ay 1 hanggang 10000 basis point (0.01 % hanggang 100 %)."},
		"inhouse.nothing_to_change": {"Change at least one setting.",
			"Magbago ng kahit isang setting."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

// profileOf is the slot profile in force: the brand's, else the server's.
func profileOf(rules brand.Inhouse, server string) (slot.Profile, error) {
	if rules.SlotProfile != "" {
		return slot.ParseProfile(rules.SlotProfile)
	}
	return slot.ParseProfile(server)
}

// slotProfile is the profile a spin opening now plays.
func (s *Service) slotProfile(ctx context.Context) (slot.Profile, error) {
	_, _, rules, err := s.rules(ctx)
	if err != nil {
		return "", err
	}
	return profileOf(rules, s.cfg.SlotProfile)
}

// Settings answers every in-house game's settings in force.
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	if s.brands == nil {
		return Settings{}, apperr.NotFound("inhouse.unknown_game")
	}
	c, _, err := s.brands.Versioned(ctx)
	if err != nil {
		return Settings{}, err
	}
	names := s.gameNames(ctx)
	out := Settings{Currency: c.Currency.Code, Decimals: c.Currency.Decimals, Items: make([]GameSettings, 0, len(Slugs))}
	for _, p := range slot.Profiles() {
		out.SlotProfiles = append(out.SlotProfiles, string(p))
	}
	for _, slug := range Slugs {
		out.Items = append(out.Items, s.settingsOf(c.Inhouse, slug, names[slug]))
	}
	return out, nil
}

func (s *Service) gameNames(ctx context.Context) map[string]string {
	out := map[string]string{}
	if bySlug, _, err := s.games(ctx); err == nil {
		for slug, g := range bySlug {
			out[slug] = g.GameName
		}
	}
	return out
}

func (s *Service) settingsOf(i brand.Inhouse, slug, name string) GameSettings {
	r := i.Range(slug)
	own := i.Games[slug]
	g := GameSettings{Game: slug, Name: name, MinBet: r.MinBet, MaxBet: r.MaxBet, JackpotContributionBp: i.ContributionBpOf(slug),
		OwnMinBet: own.MinBet, OwnMaxBet: own.MaxBet, OwnContributionBp: own.JackpotContributionBp}
	if g.Name == "" {
		g.Name = slug
	}
	if slug == GameSlot {
		p, err := profileOf(i, s.cfg.SlotProfile)
		if err != nil {
			p = slot.DefaultProfile
		}
		g.SlotProfile, g.OwnSlotProfile = string(p), i.SlotProfile
	}
	return g
}

// settingsTries bounds the read-change-write retries against other brand changes.
const settingsTries = 5

// UpdateSettings changes one game's settings in the brand document (kept
// under its version: another change meanwhile is read again and kept) and
// answers them before and after. Bad input changes nothing.
func (s *Service) UpdateSettings(ctx context.Context, slug string, p SettingsPatch) (before, after GameSettings, err error) {
	known := false
	for _, g := range Slugs {
		known = known || g == slug
	}
	if !known || s.brands == nil {
		return before, after, apperr.NotFound("inhouse.unknown_game")
	}
	if p.MinBet == nil && p.MaxBet == nil && p.JackpotContributionBp == nil && p.SlotProfile == nil {
		return before, after, ErrNothingToChange
	}
	if p.SlotProfile != nil {
		if slug != GameSlot {
			return before, after, ErrSlotOnly
		}
		if _, err := slot.ParseProfile(*p.SlotProfile); err != nil {
			return before, after, apperr.Invalid("inhouse.invalid_slot_profile").With("profiles", "94, 96, 97")
		}
	}
	if p.JackpotContributionBp != nil && (*p.JackpotContributionBp < 0 || *p.JackpotContributionBp > 10000) {
		return before, after, apperr.Invalid("inhouse.invalid_jackpot_share")
	}
	names := s.gameNames(ctx)
	for range settingsTries {
		c, v, err := s.brands.Versioned(ctx)
		if err != nil {
			return before, after, err
		}
		rangeErr := apperr.Invalid("inhouse.invalid_bet_range").With("low", money.Format(1, c.Currency.Decimals)).
			With("high", money.Format(MaxStake, c.Currency.Decimals))
		for _, b := range []*int64{p.MinBet, p.MaxBet} {
			if b != nil && (*b < 0 || *b > MaxStake) {
				return before, after, rangeErr
			}
		}
		next := c
		next.Inhouse.Games = maps.Clone(c.Inhouse.Games)
		if next.Inhouse.Games == nil {
			next.Inhouse.Games = map[string]brand.BetRange{}
		}
		own := next.Inhouse.Games[slug]
		set(&own.MinBet, p.MinBet)
		set(&own.MaxBet, p.MaxBet)
		set(&own.JackpotContributionBp, p.JackpotContributionBp)
		if p.SlotProfile != nil {
			next.Inhouse.SlotProfile = *p.SlotProfile
		}
		if own == (brand.BetRange{}) {
			delete(next.Inhouse.Games, slug)
		} else {
			next.Inhouse.Games[slug] = own
		}
		if len(next.Inhouse.Games) == 0 {
			next.Inhouse.Games = nil
		}
		// The range as it will apply, before Range's own repair of an inverted one.
		lo, hi := own.MinBet, own.MaxBet
		if lo == 0 {
			lo = next.Inhouse.MinBet
		}
		if hi == 0 {
			hi = next.Inhouse.MaxBet
		}
		if lo == 0 {
			lo = brand.DefaultInhouseMinBet
		}
		if hi == 0 {
			hi = brand.DefaultInhouseMaxBet
		}
		if hi < lo {
			return before, after, rangeErr
		}
		if _, _, err := s.brands.Update(ctx, next, v); errors.Is(err, brand.ErrVersionConflict) {
			continue
		} else if err != nil {
			return before, after, err
		}
		return s.settingsOf(c.Inhouse, slug, names[slug]), s.settingsOf(next.Inhouse, slug, names[slug]), nil
	}
	return before, after, brand.ErrVersionConflict
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
