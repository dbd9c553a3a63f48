package brand

import (
	"fmt"

	"github.com/palaro/palaro/internal/inhouse/slot"
)

// Inhouse is the brand's money rules for its in-house games (private, like
// Cashier): the stake range of every game or of one, and the share of each
// bet fed to the in-house jackpot. Amounts are integer minor units of the
// brand currency; zero or absent fields take the defaults below, so a brand
// document without the block plays as before.
type Inhouse struct {
	MinBet int64 `json:"minBet,omitempty"`
	MaxBet int64 `json:"maxBet,omitempty"`
	// Games overrides the range per game slug (dice, plinko, mines, slot,
	// crash); a zero field there takes the all-games value.
	Games map[string]BetRange `json:"games,omitempty"`
	// JackpotContributionBp is the share of every completed bet fed to the
	// jackpot pool, in 1/10000 (1 .. 10000).
	JackpotContributionBp int64 `json:"jackpotContributionBp,omitempty"`
	// SlotProfile is the slot's RTP profile (94, 96, 97); "" takes the
	// server's (PALARO_INHOUSE_SLOT_PROFILE).
	SlotProfile string `json:"slotProfile,omitempty"`
}

// BetRange is one game's stake range and, when set, its own jackpot share.
type BetRange struct {
	MinBet                int64 `json:"minBet,omitempty"`
	MaxBet                int64 `json:"maxBet,omitempty"`
	JackpotContributionBp int64 `json:"jackpotContributionBp,omitempty"`
}

// Defaults of the in-house block (a two-decimal currency: 1.00 to 10,000.00, 1 %).
const (
	DefaultInhouseMinBet         = 100
	DefaultInhouseMaxBet         = 1_000_000
	DefaultJackpotContributionBp = 100
)

// Range is a game's stake range with the defaults filled in.
func (i Inhouse) Range(slug string) BetRange {
	r := BetRange{MinBet: i.MinBet, MaxBet: i.MaxBet}
	if g, ok := i.Games[slug]; ok {
		if g.MinBet > 0 {
			r.MinBet = g.MinBet
		}
		if g.MaxBet > 0 {
			r.MaxBet = g.MaxBet
		}
	}
	if r.MinBet <= 0 {
		r.MinBet = DefaultInhouseMinBet
	}
	if r.MaxBet <= 0 {
		r.MaxBet = DefaultInhouseMaxBet
	}
	if r.MaxBet < r.MinBet {
		r.MaxBet = r.MinBet
	}
	return r
}

// ContributionBp is the jackpot's share of each bet, default filled in.
func (i Inhouse) ContributionBp() int64 {
	if i.JackpotContributionBp <= 0 {
		return DefaultJackpotContributionBp
	}
	return i.JackpotContributionBp
}

// ContributionBpOf is a game's jackpot share: its own, else the brand's.
func (i Inhouse) ContributionBpOf(slug string) int64 {
	if g, ok := i.Games[slug]; ok && g.JackpotContributionBp > 0 {
		return g.JackpotContributionBp
	}
	return i.ContributionBp()
}

func validateInhouse(i Inhouse) error {
	check := func(where string, r BetRange) error {
		switch {
		case r.MinBet < 0 || r.MaxBet < 0:
			return fmt.Errorf("inhouse%s: a stake bound is negative", where)
		case r.MinBet > 0 && r.MaxBet > 0 && r.MaxBet < r.MinBet:
			return fmt.Errorf("inhouse%s: maxBet %d is below minBet %d", where, r.MaxBet, r.MinBet)
		}
		return nil
	}
	if err := check("", BetRange{MinBet: i.MinBet, MaxBet: i.MaxBet}); err != nil {
		return err
	}
	for slug, r := range i.Games {
		if slug == "" {
			return fmt.Errorf("inhouse.games: an empty game slug")
		}
		if err := check(".games."+slug, r); err != nil {
			return err
		}
		if r.JackpotContributionBp < 0 || r.JackpotContributionBp > 10000 {
			return fmt.Errorf("inhouse.games.%s.jackpotContributionBp: %d is not within 1..10000", slug, r.JackpotContributionBp)
		}
	}
	if _, err := slot.ParseProfile(i.SlotProfile); err != nil {
		return fmt.Errorf("inhouse.slotProfile: %q is not one of %v", i.SlotProfile, slot.Profiles())
	}
	if i.JackpotContributionBp < 0 || i.JackpotContributionBp > 10000 {
		return fmt.Errorf("inhouse.jackpotContributionBp: %d is not within 1..10000", i.JackpotContributionBp)
	}
	return nil
}
