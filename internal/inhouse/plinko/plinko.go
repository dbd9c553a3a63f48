// Package plinko is the maths of Plinko: a ball falls through Rows rows of
// pegs, going left or right at each (one Intn(2) per row), and lands in
// bucket = number of rights, 0..Rows. Each (rows, risk) has a symmetric
// multiplier table with an exact RTP near 99%. Par sheet: docs/games/plinko.md.
package plinko

import (
	"math"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

const (
	MinRows = 8
	MaxRows = 16
)

// Risks in display order.
var Risks = []string{"low", "medium", "high"}

// Params: Rows 8..16, Risk "low", "medium" or "high".
type Params struct {
	Rows int    `json:"rows"`
	Risk string `json:"risk"`
}

// Validate refuses unknown rows or risk.
func (p Params) Validate() error {
	if p.Rows < MinRows || p.Rows > MaxRows || tables[p.Risk] == nil {
		return apperr.Invalid("plinko.bad_params").With("min", MinRows).With("max", MaxRows)
	}
	return nil
}

// Table returns the Rows+1 bucket multipliers in 1/10000 (a copy), or nil
// for invalid params.
func Table(p Params) []int64 {
	if p.Validate() != nil {
		return nil
	}
	return append([]int64(nil), tables[p.Risk][p.Rows]...)
}

// Outcome of one drop: Path[i] is true when the ball went right at row i.
type Outcome struct {
	Path       []bool `json:"path"`
	Bucket     int    `json:"bucket"`
	Multiplier int64  `json:"multiplier"`
}

// Play drops one ball: Rows draws of Intn(2) (1 = right). p must be valid.
func Play(src fair.Source, p Params) Outcome {
	t := tables[p.Risk][p.Rows]
	o := Outcome{Path: make([]bool, p.Rows)}
	for i := range o.Path {
		if src.Intn(2) == 1 {
			o.Path[i] = true
			o.Bucket++
		}
	}
	o.Multiplier = t[o.Bucket]
	return o
}

// Stats are exact figures of one drop (multipliers as multiples of the
// stake). HitFrequency is P(multiplier > 0), always 1 here; WinFrequency is
// P(multiplier >= 1x), TopProbability is P(the top multiplier).
type Stats struct {
	RTP, Variance, HitFrequency, WinFrequency float64
	Top                                       int64
	TopProbability                            float64
}

// BucketProbability is C(rows, k) / 2^rows.
func BucketProbability(rows, k int) float64 {
	return binom(rows, k) / math.Exp2(float64(rows))
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return math.Round(r)
}

// Exact computes the Stats of p from the binomial distribution.
func Exact(p Params) Stats {
	t := tables[p.Risk][p.Rows]
	var s Stats
	var m2 float64
	for k, v := range t {
		pr := BucketProbability(p.Rows, k)
		m := float64(v) / 10000
		s.RTP += pr * m
		m2 += pr * m * m
		if v > 0 {
			s.HitFrequency += pr
		}
		if v >= 10000 {
			s.WinFrequency += pr
		}
		if v > s.Top {
			s.Top, s.TopProbability = v, 0
		}
		if v == s.Top {
			s.TopProbability += pr
		}
	}
	s.Variance = m2 - s.RTP*s.RTP
	return s
}

func init() {
	apperr.Register("plinko.bad_params", map[string]string{
		"EN": "Choose {min} to {max} rows and a risk of low, medium or high.",
		"TY": "Pumili ng {min} hanggang {max} na hanay at panganib na low, medium o high.",
	})
}

// tables[risk][rows] holds the bucket multipliers in 1/10000, symmetric,
// designed for Palaro (edge multiplier grown geometrically from 8 to 16 rows,
// shaped toward the centre, rounded to round figures, centre buckets tuned
// so the exact RTP is near 99%; see docs/games/plinko.md).
var tables = map[string]map[int][]int64{
	"low": {
		8:  {61000, 26500, 12000, 8000, 6000, 8000, 12000, 26500, 61000},
		9:  {73000, 31500, 15000, 9000, 7000, 7000, 9000, 15000, 31500, 73000},
		10: {78000, 38000, 19000, 11000, 8000, 6000, 8000, 11000, 19000, 38000, 78000},
		11: {83500, 40000, 23000, 13000, 9000, 7000, 7000, 9000, 13000, 23000, 40000, 83500},
		12: {97000, 48000, 27000, 15000, 10000, 8000, 7000, 8000, 10000, 15000, 27000, 48000, 97000},
		13: {110000, 56500, 31500, 19000, 11500, 9000, 7000, 7000, 9000, 11500, 19000, 31500, 56500, 110000},
		14: {130000, 67000, 37500, 23500, 14000, 9000, 8000, 7000, 8000, 9000, 14000, 23500, 37500, 67000, 130000},
		15: {140000, 73500, 41000, 26000, 17000, 10500, 9000, 7000, 7000, 9000, 10500, 17000, 26000, 41000, 73500, 140000},
		16: {160000, 90000, 50000, 30000, 19000, 13000, 9000, 8000, 7000, 8000, 9000, 13000, 19000, 30000, 50000, 90000, 160000},
	},
	"medium": {
		8:  {140000, 35000, 12000, 6000, 5000, 6000, 12000, 35000, 140000},
		9:  {180000, 49000, 17000, 8000, 5000, 5000, 8000, 17000, 49000, 180000},
		10: {240000, 68000, 23500, 10000, 6000, 5000, 6000, 10000, 23500, 68000, 240000},
		11: {310000, 91000, 33000, 14500, 7000, 5000, 5000, 7000, 14500, 33000, 91000, 310000},
		12: {410000, 120000, 43000, 18500, 9000, 6000, 5000, 6000, 9000, 18500, 43000, 120000, 410000},
		13: {540000, 160000, 57500, 25500, 12000, 7000, 5000, 5000, 7000, 12000, 25500, 57500, 160000, 540000},
		14: {700000, 210000, 76000, 30000, 15000, 9000, 6000, 5000, 6000, 9000, 15000, 30000, 76000, 210000, 700000},
		15: {920000, 280000, 100000, 43500, 19500, 11000, 7000, 5000, 5000, 7000, 11000, 19500, 43500, 100000, 280000, 920000},
		16: {1200000, 380000, 130000, 56500, 26500, 13000, 8000, 6000, 5000, 6000, 8000, 13000, 26500, 56500, 130000, 380000, 1200000},
	},
	"high": {
		8:  {300000, 40500, 10000, 4000, 4000, 4000, 10000, 40500, 300000},
		9:  {470000, 61500, 14000, 6000, 4000, 4000, 6000, 14000, 61500, 470000},
		10: {720000, 96500, 22000, 7000, 5000, 4000, 5000, 7000, 22000, 96500, 720000},
		11: {1100000, 150000, 31500, 11000, 6000, 4000, 4000, 6000, 11000, 31500, 150000, 1100000},
		12: {1750000, 240000, 50000, 14000, 7000, 5000, 4000, 5000, 7000, 14000, 50000, 240000, 1750000},
		13: {2700000, 370000, 78000, 24000, 9500, 5000, 4000, 4000, 5000, 9500, 24000, 78000, 370000, 2700000},
		14: {4200000, 570000, 110000, 31500, 11500, 7000, 5000, 4000, 5000, 7000, 11500, 31500, 110000, 570000, 4200000},
		15: {6500000, 900000, 170000, 48500, 19000, 8500, 5000, 4000, 4000, 5000, 8500, 19000, 48500, 170000, 900000, 6500000},
		16: {10000000, 1400000, 270000, 66000, 24000, 11000, 6000, 5000, 4000, 5000, 6000, 11000, 24000, 66000, 270000, 1400000, 10000000},
	},
}
