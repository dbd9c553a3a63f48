// Package slot is the maths of "Palaro Parol Spins", a 5-reel, 3-row video
// slot with 20 fixed lines, a wild (the parol lantern), a scatter (the sun,
// Araw) that pays anywhere and awards free spins, and three RTP profiles
// (about 94, 96 and 97 percent) that share one paytable and differ only in
// their reel strips. The package is pure: no storage, no HTTP, no clock.
// The par sheet and test vectors are in docs/games/slot.md.
//
// Units: every multiplier leaves the package relative to the TOTAL bet in
// 1/10000 (10000 = 1.00x), so the server pays bet*multiplier/10000. Paytable
// entries are in line bets (total bet / 20) in 1/10000, as the UI shows them.
package slot

import (
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Source is what a spin draws from: a *fair.Stream in play, a faster
// generator in simulations.
type Source = fair.Source

func init() {
	apperr.Register("slot.bad_profile", map[string]string{
		"EN": "Unknown slot RTP profile; choose 94, 96 or 97.",
		"TY": "Hindi kilalang RTP profile ng slot; pumili ng 94, 96 o 97.",
	})
}

// Profile is an RTP profile chosen by the operator.
type Profile string

const (
	Profile94 Profile = "94"
	Profile96 Profile = "96"
	Profile97 Profile = "97"
	// DefaultProfile is used when the operator chose none.
	DefaultProfile = Profile96
)

// Profiles lists the profiles, lowest RTP first.
func Profiles() []Profile { return []Profile{Profile94, Profile96, Profile97} }

// ParseProfile checks an operator-supplied profile; "" means the default.
func ParseProfile(s string) (Profile, error) {
	if s == "" {
		return DefaultProfile, nil
	}
	for _, p := range Profiles() {
		if string(p) == s {
			return p, nil
		}
	}
	return "", apperr.Invalid("slot.bad_profile")
}

func (p Profile) index() int {
	switch p {
	case Profile94:
		return 0
	case Profile97:
		return 2
	default:
		return 1
	}
}

// Symbol is a reel symbol.
type Symbol int

const (
	Wild       Symbol = iota // the parol lantern: substitutes for every symbol but the scatter, and pays its own line
	Scatter                  // the sun (Araw): pays anywhere, 3 or more award free spins
	Jeepney                  // high
	Carabao                  // high
	Sampaguita               // high
	Ace                      // low
	King
	Queen
	Jack
	Ten
	NumSymbols = iota
)

var symbolNames = [NumSymbols]string{"WILD", "SCATTER", "JEEPNEY", "CARABAO", "SAMPAGUITA", "A", "K", "Q", "J", "10"}

// String is the symbol's stable name, the one the UI keys its art and i18n on.
func (s Symbol) String() string {
	if s < 0 || int(s) >= NumSymbols {
		return "?"
	}
	return symbolNames[s]
}

// Symbols returns the symbol names indexed by Symbol.
func Symbols() []string { return append([]string(nil), symbolNames[:]...) }

const (
	// Reels and Rows are the size of the window.
	Reels = 5
	Rows  = 3
	// NumLines is the number of fixed paylines; the line bet is the total bet / NumLines.
	NumLines = 20
	// FreeGameMultiplier multiplies every free-spin win (lines and scatter).
	FreeGameMultiplier = 2
	// MaxFreeSpins caps the free spins one base spin can lead to, initial
	// award and retriggers together (see CappedAward).
	MaxFreeSpins = 100
	// unit is 1/10000 of the total bet per line bet: 10000 / NumLines.
	unit = 10000 / NumLines
)

// paylines gives the row (0 = top) on each reel for each line.
var paylines = [NumLines][Reels]int{
	{1, 1, 1, 1, 1},
	{0, 0, 0, 0, 0},
	{2, 2, 2, 2, 2},
	{0, 1, 2, 1, 0},
	{2, 1, 0, 1, 2},
	{1, 0, 0, 0, 1},
	{1, 2, 2, 2, 1},
	{0, 0, 1, 2, 2},
	{2, 2, 1, 0, 0},
	{1, 2, 1, 0, 1},
	{1, 0, 1, 2, 1},
	{0, 1, 1, 1, 0},
	{2, 1, 1, 1, 2},
	{0, 1, 0, 1, 0},
	{2, 1, 2, 1, 2},
	{1, 1, 0, 1, 1},
	{1, 1, 2, 1, 1},
	{0, 0, 2, 0, 0},
	{2, 2, 0, 2, 2},
	{0, 2, 2, 2, 0},
}

// Paylines returns the row (0 = top) on each reel for each of the 20 lines.
func Paylines() [NumLines][Reels]int { return paylines }

// linePays is the paytable in line bets for 0..5 of a kind, left to right.
var linePays = [NumSymbols][6]int64{
	Wild:       {0, 0, 0, 50, 250, 1000},
	Jeepney:    {0, 0, 0, 40, 150, 500},
	Carabao:    {0, 0, 0, 30, 100, 300},
	Sampaguita: {0, 0, 0, 25, 75, 200},
	Ace:        {0, 0, 0, 10, 40, 150},
	King:       {0, 0, 0, 10, 30, 120},
	Queen:      {0, 0, 0, 5, 25, 100},
	Jack:       {0, 0, 0, 5, 20, 80},
	Ten:        {0, 0, 0, 5, 15, 60},
}

// scatterPays is what 0..5 scatters anywhere pay, in TOTAL bets.
var scatterPays = [6]int64{0, 0, 0, 2, 10, 50}

// freeSpinAwards is the number of free spins 0..5 scatters award.
var freeSpinAwards = [6]int{0, 0, 0, 10, 15, 20}

// Paytable returns, per paying symbol, what 0..5 of a kind pay as a multiple
// of the LINE bet in 1/10000. The scatter's row is what 0..5 scatters
// anywhere pay, also in line bets (its total-bet pays are ScatterPays).
func Paytable() map[Symbol][6]int64 {
	t := make(map[Symbol][6]int64, NumSymbols)
	for s := Symbol(0); s < NumSymbols; s++ {
		var row [6]int64
		for n := range row {
			if s == Scatter {
				row[n] = scatterPays[n] * NumLines * 10000
			} else {
				row[n] = linePays[s][n] * 10000
			}
		}
		t[s] = row
	}
	return t
}

// ScatterPays returns what 0..5 scatters anywhere pay as a multiple of the
// TOTAL bet in 1/10000 (before the free-game multiplier).
func ScatterPays() [6]int64 {
	var r [6]int64
	for i, v := range scatterPays {
		r[i] = v * 10000
	}
	return r
}

// FreeSpinAwards returns the free spins awarded for 0..5 scatters.
func FreeSpinAwards() [6]int { return freeSpinAwards }

// CappedAward is how many of award free spins may still be granted when
// awardedSoFar have been granted in this round (MaxFreeSpins in total).
func CappedAward(awardedSoFar, award int) int {
	if left := MaxFreeSpins - awardedSoFar; award > left {
		return max(left, 0)
	}
	return award
}

// LineWin is one paying line of a spin.
type LineWin struct {
	Line       int    `json:"line"`       // 0..19, index into Paylines
	Symbol     Symbol `json:"symbol"`     // the paying symbol (Wild when the wilds' own pay is larger)
	Count      int    `json:"count"`      // 3..5 symbols from the left
	Multiplier int64  `json:"multiplier"` // of the TOTAL bet, 1/10000, free-game multiplier included
}

// Spin is the outcome of one base or free spin.
type Spin struct {
	Free             bool                `json:"free"`
	Stops            [Reels]int          `json:"stops"` // strip index shown on the top row of each reel
	Grid             [Reels][Rows]Symbol `json:"grid"`  // reel x row, row 0 = top
	Lines            []LineWin           `json:"lines"`
	Scatter          int                 `json:"scatter"`          // scatters in the window
	ScatterWin       int64               `json:"scatterWin"`       // scatter pay, of the TOTAL bet in 1/10000
	FreeSpinsAwarded int                 `json:"freeSpinsAwarded"` // before the round cap (see CappedAward)
	Multiplier       int64               `json:"multiplier"`       // whole spin win, of the TOTAL bet in 1/10000
}

// PlayBase plays one base-game spin: one src.Intn(len(strip)) per reel, reels 0..4 in order.
func PlayBase(src Source, prof Profile) Spin { return play(src, prof, false) }

// PlayFree plays one free spin on the free-game strips; it may award more free spins.
func PlayFree(src Source, prof Profile) Spin { return play(src, prof, true) }

func play(src Source, prof Profile, free bool) Spin {
	g := gameFor(prof, free)
	var stops [Reels]int
	for r := range stops {
		stops[r] = src.Intn(g.lens[r])
	}
	return g.spin(stops)
}

// SpinAt evaluates the window at the given stops (each taken modulo its strip
// length), e.g. to replay or verify a recorded spin.
func SpinAt(prof Profile, free bool, stops [Reels]int) Spin {
	g := gameFor(prof, free)
	for r := range stops {
		stops[r] = ((stops[r] % g.lens[r]) + g.lens[r]) % g.lens[r]
	}
	return g.spin(stops)
}

// ReelStrips returns a copy of the strips of a profile (base or free game).
func ReelStrips(prof Profile, free bool) [Reels][]Symbol {
	g := gameFor(prof, free)
	var out [Reels][]Symbol
	for r := range out {
		out[r] = append([]Symbol(nil), g.strips[r]...)
	}
	return out
}

// Round is a base spin followed by all the free spins it leads to.
type Round struct {
	Spins      []Spin
	Multiplier int64 // sum of all spins, of the TOTAL bet in 1/10000
}

// PlayRound plays a base spin and every free spin it leads to (capped at
// MaxFreeSpins), drawing from src in play order. The server plays the same
// sequence one request at a time; simulations and the verifier use this.
func PlayRound(src Source, prof Profile) Round {
	b := PlayBase(src, prof)
	rd := Round{Spins: []Spin{b}, Multiplier: b.Multiplier}
	awarded := CappedAward(0, b.FreeSpinsAwarded)
	for played := 0; played < awarded; played++ {
		f := PlayFree(src, prof)
		rd.Spins = append(rd.Spins, f)
		rd.Multiplier += f.Multiplier
		awarded += CappedAward(awarded, f.FreeSpinsAwarded)
	}
	return rd
}
