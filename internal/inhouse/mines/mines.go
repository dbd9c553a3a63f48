// Package mines is the maths of Mines: Mines mines hidden on a Size x Size
// grid; the player reveals safe tiles one by one and may cash out at any
// time; a mine ends the round. The layout is fixed at the start of the round
// from the fair stream. Par sheet: docs/games/mines.md.
package mines

import (
	"math/big"
	"slices"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

const (
	MinSize     = 3
	MaxSize     = 8
	DefaultSize = 5
	// MaxMultiplier caps every multiplier at 1,000,000x (in 1/10000): past
	// it, boards such as 64 tiles with 32 mines would pay up to 10^18x. The
	// cap touches only very deep reveals; docs/games/mines.md lists, per
	// size and mine count, the largest multiplier and whether it is capped.
	MaxMultiplier = 1_000_000 * 10000
	// Edge: every uncapped multiplier is 0.99 / P(survive).
	edgeNumerator = 9900
)

// Params of a board: Size 3..8, Mines 1..Size*Size-1.
type Params struct {
	Size  int `json:"size"`
	Mines int `json:"mines"`
}

// Tiles is Size*Size; tiles are numbered row by row from 0.
func (p Params) Tiles() int { return p.Size * p.Size }

// Safe is the number of safe tiles.
func (p Params) Safe() int { return p.Tiles() - p.Mines }

// Validate refuses sizes outside 3..8 and mine counts outside 1..tiles-1.
func (p Params) Validate() error {
	if p.Size < MinSize || p.Size > MaxSize || p.Mines < 1 || p.Mines > p.Tiles()-1 {
		return apperr.Invalid("mines.bad_params").With("min", MinSize).With("max", MaxSize)
	}
	return nil
}

// Layout places the mines: Fisher–Yates on the tile list 0..N-1 from the
// front, for i = 0 .. Mines-1: j = i + Intn(N-i), swap tiles i and j; the
// first Mines tiles are the mines, returned sorted. p must be valid.
func Layout(src fair.Source, p Params) []int {
	n := p.Tiles()
	var buf [MaxSize * MaxSize]int
	tiles := buf[:n]
	for i := range tiles {
		tiles[i] = i
	}
	for i := 0; i < p.Mines; i++ {
		j := i + src.Intn(n-i)
		tiles[i], tiles[j] = tiles[j], tiles[i]
	}
	out := slices.Clone(tiles[:p.Mines])
	slices.Sort(out)
	return out
}

// Multiplier after revealed safe tiles: 0.99 / P(survive revealed picks) in
// 1/10000, floored, capped at MaxMultiplier; P(survive k) =
// C(N-M, k) / C(N, k). 0 for invalid params or revealed outside 0..Safe().
// (revealed = 0 gives 0.99x; whether cashing out with nothing revealed is
// allowed is the server's rule.)
func Multiplier(p Params, revealed int) int64 {
	if p.Validate() != nil || revealed < 0 || revealed > p.Safe() {
		return 0
	}
	num := big.NewInt(edgeNumerator)
	den := big.NewInt(1)
	n, m := int64(p.Tiles()), int64(p.Mines)
	for i := int64(0); i < int64(revealed); i++ {
		num.Mul(num, big.NewInt(n-i))
		den.Mul(den, big.NewInt(n-m-i))
	}
	q := num.Quo(num, den)
	if !q.IsInt64() || q.Int64() > MaxMultiplier {
		return MaxMultiplier
	}
	return q.Int64()
}

// Multipliers lists Multiplier(p, k) for k = 0..Safe().
func Multipliers(p Params) []int64 {
	if p.Validate() != nil {
		return nil
	}
	out := make([]int64, p.Safe()+1)
	for k := range out {
		out[k] = Multiplier(p, k)
	}
	return out
}

// SurviveProbability is P(the first k picks are all safe) = C(N-M,k)/C(N,k).
func SurviveProbability(p Params, k int) float64 {
	pr := 1.0
	n, m := p.Tiles(), p.Mines
	for i := 0; i < k; i++ {
		pr *= float64(n-m-i) / float64(n-i)
	}
	return pr
}

// Stats of the strategy "reveal k safe tiles, then cash out", multipliers as
// multiples of the stake: HitFrequency = P(survive k), RTP = P * M,
// Variance = P * M^2 - RTP^2.
type Stats struct {
	RTP, HitFrequency, Variance float64
	Multiplier                  int64
}

// Exact computes the Stats of revealing k tiles then cashing out.
func Exact(p Params, k int) Stats {
	pr := SurviveProbability(p, k)
	mu := Multiplier(p, k)
	m := float64(mu) / 10000
	rtp := pr * m
	return Stats{RTP: rtp, HitFrequency: pr, Variance: pr*m*m - rtp*rtp, Multiplier: mu}
}

// CheckTile validates a tile index for a reveal: inside the board and not
// already revealed.
func CheckTile(p Params, tile int, revealed []int) error {
	if tile < 0 || tile >= p.Tiles() {
		return apperr.Invalid("mines.bad_tile").With("max", p.Tiles()-1)
	}
	if slices.Contains(revealed, tile) {
		return apperr.Conflict("mines.tile_revealed")
	}
	return nil
}

// IsMine reports whether tile is in the sorted layout.
func IsMine(layout []int, tile int) bool {
	_, found := slices.BinarySearch(layout, tile)
	return found
}

func init() {
	apperr.Register("mines.bad_params", map[string]string{
		"EN": "Choose a grid of {min}x{min} to {max}x{max} and at least one mine and one safe tile.",
		"TY": "Pumili ng grid na {min}x{min} hanggang {max}x{max} at kahit isang mina at isang ligtas na tile.",
	})
	apperr.Register("mines.bad_tile", map[string]string{
		"EN": "This tile is not on the board.",
		"TY": "Wala sa board ang tile na ito.",
	})
	apperr.Register("mines.tile_revealed", map[string]string{
		"EN": "This tile is already revealed.",
		"TY": "Nabuksan na ang tile na ito.",
	})
}
