package slot

// The tool that found the strip counts of strips.go: a greedy search on
// the analytic RTP, one symbol moved (or added, or removed) per step. It
// runs only on request:
//
//	TUNE=1 FEAT=0.28 go test ./internal/inhouse/slot -run TestTuneStrips -v
//
// FEAT is the feature RTP the free strips aim at; the base strips of each
// profile then aim at the total. Its output is pasted into strips.go.

import (
	"math"
	"os"
	"strconv"
	"testing"
)

func gameOfCounts(c [Reels][NumSymbols]int, mult int64) *game {
	var strips [Reels][]Symbol
	for r := range Reels {
		strips[r] = layout(c[r], r*7)
	}
	return newGame(strips, mult)
}

// greedy moves toward target of f(counts)
func tuneCounts(t *testing.T, c [Reels][NumSymbols]int, f func([Reels][NumSymbols]int) float64, target float64, minL, maxL int) [Reels][NumSymbols]int {
	cur := f(c)
	for it := 0; it < 400 && math.Abs(cur-target) > 0.0002; it++ {
		best, bestV := c, cur
		try := func(n [Reels][NumSymbols]int) {
			v := f(n)
			if math.Abs(v-target) < math.Abs(bestV-target) {
				best, bestV = n, v
			}
		}
		for r := range Reels {
			L := 0
			for _, v := range c[r] {
				L += v
			}
			for s := 0; s < NumSymbols; s++ {
				if s == int(Scatter) {
					continue
				}
				if L < maxL {
					n := c
					n[r][s]++
					try(n)
				}
				if L > minL && c[r][s] > 1 {
					n := c
					n[r][s]--
					try(n)
				}
				for s2 := 0; s2 < NumSymbols; s2++ {
					if s2 == s || s2 == int(Scatter) || c[r][s] <= 1 {
						continue
					}
					n := c
					n[r][s]--
					n[r][s2]++
					try(n)
				}
			}
		}
		if bestV == cur {
			break
		}
		c, cur = best, bestV
	}
	t.Logf("tuned to %.5f (target %.5f)", cur, target)
	return c
}

func fill(row [NumSymbols]int) (c [Reels][NumSymbols]int) {
	for r := range c {
		c[r] = row
	}
	return c
}

func TestTuneStrips(t *testing.T) {
	if os.Getenv("TUNE") == "" {
		t.Skip("set TUNE=1 to search strip counts")
	}
	featT, _ := strconv.ParseFloat(os.Getenv("FEAT"), 64)
	baseRow := [NumSymbols]int{1, 1, 3, 3, 3, 4, 4, 5, 5, 5}
	freeRow := [NumSymbols]int{2, 1, 3, 3, 3, 3, 3, 4, 4, 4}
	bc := fill(baseRow)
	bg := gameOfCounts(bc, 1)
	_, bq := analyticGame(bg)
	trig := bq[1] + bq[2] + bq[3]
	t.Logf("trigger 1/%.1f", 1/trig)
	featOf := func(fc [Reels][NumSymbols]int) float64 {
		fe, fq := analyticGame(gameOfCounts(fc, FreeGameMultiplier))
		var e1, z [4]float64
		e1[0] = fe
		d := solveFree(fq, e1, z)
		v := 0.0
		for c := 1; c < 4; c++ {
			v += bq[c] * d.m1[0][classAward(c)]
		}
		return v
	}
	fc := tuneCounts(t, fill(freeRow), featOf, featT, 26, 40)
	feat := featOf(fc)
	t.Logf("free counts %v feat %.5f", fc, feat)
	fe, fq := analyticGame(gameOfCounts(fc, FreeGameMultiplier))
	var e1, z [4]float64
	e1[0] = fe
	d := solveFree(fq, e1, z)
	for _, tot := range []float64{0.94, 0.96, 0.97} {
		totOf := func(c [Reels][NumSymbols]int) float64 {
			e, q := analyticGame(gameOfCounts(c, 1))
			for k := 1; k < 4; k++ {
				e += q[k] * d.m1[0][classAward(k)]
			}
			return e
		}
		c := tuneCounts(t, bc, totOf, tot, 28, 40)
		e, q := analyticGame(gameOfCounts(c, 1))
		t.Logf("profile %.2f base counts %#v base %.5f total %.5f trig %v", tot, c, e, totOf(c), q)
	}
}
