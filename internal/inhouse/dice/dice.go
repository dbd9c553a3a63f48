// Package dice is the maths of Dice: a roll of 00.00..99.99 (Intn(10000))
// against a target the player picks, under or over. Pure: no storage, no I/O.
// Par sheet: docs/games/dice.md.
package dice

import (
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

const (
	// Rolls is the number of equally likely rolls, 0..9999 (shown 00.00..99.99).
	Rolls = 10000
	// MinChance and MaxChance bound the win chance in 1/10000 (1.00%..98.00%).
	MinChance = 100
	MaxChance = 9800
	// RTPNumerator: the fair multiplier is 0.99 / chance, so
	// multiplier (1/10000) = floor(99,000,000 / chance (1/10000)).
	RTPNumerator = 99_000_000
)

// Params: Under wins when roll < Target, Over wins when roll > Target.
// Target is in hundredths (0..9999 like the roll).
type Params struct {
	Target int  `json:"target"`
	Over   bool `json:"over"`
}

// WinChance is the number of winning rolls out of 10000, i.e. the win
// chance in 1/10000. Targets outside 0..9999 give 0.
func (p Params) WinChance() int {
	if p.Target < 0 || p.Target >= Rolls {
		return 0
	}
	if p.Over {
		return Rolls - 1 - p.Target
	}
	return p.Target
}

// Validate accepts targets whose win chance is 1.00%..98.00%.
func (p Params) Validate() error {
	c := p.WinChance()
	if c < MinChance || c > MaxChance {
		return apperr.Invalid("dice.bad_target").With("min", "1.00").With("max", "98.00")
	}
	return nil
}

// Multiplier is 0.99 / chance in 1/10000, floored (0 for an invalid target).
func (p Params) Multiplier() int64 {
	c := p.WinChance()
	if c <= 0 {
		return 0
	}
	return RTPNumerator / int64(c)
}

// Outcome of one roll. Multiplier is the paid multiplier: Params.Multiplier()
// on a win, 0 on a loss.
type Outcome struct {
	Roll       int   `json:"roll"`
	Win        bool  `json:"win"`
	Multiplier int64 `json:"multiplier"`
}

// Win reports whether roll wins under p.
func (p Params) Win(roll int) bool {
	if p.Over {
		return roll > p.Target
	}
	return roll < p.Target
}

// Play draws one roll (one Intn(10000), i.e. the first 4 bytes at the
// source's cursor). p must be valid.
func Play(src fair.Source, p Params) Outcome {
	roll := src.Intn(Rolls)
	o := Outcome{Roll: roll, Win: p.Win(roll)}
	if o.Win {
		o.Multiplier = p.Multiplier()
	}
	return o
}

// Stats are the exact figures of one bet at p, multipliers as multiples of
// the stake: RTP = E[M], Variance = E[M^2] - RTP^2, HitFrequency = P(win).
type Stats struct {
	RTP, HitFrequency, Variance float64
}

// Exact computes the Stats of p exactly (up to float rounding).
func Exact(p Params) Stats {
	c := float64(p.WinChance()) / Rolls
	m := float64(p.Multiplier()) / 10000
	rtp := c * m
	return Stats{RTP: rtp, HitFrequency: c, Variance: c*m*m - rtp*rtp}
}

func init() {
	apperr.Register("dice.bad_target", map[string]string{
		"EN": "Choose a target with a win chance from {min}% to {max}%.",
		"TY": "Pumili ng target na may tsansang manalo mula {min}% hanggang {max}%.",
	})
}
