package slot

import (
	"math"
	"runtime"
	"sync"
)

// The par sheet, computed two ways: an analytic expectation from the strips
// (lines are independent draws of one symbol per reel, the scatter count is
// a convolution over the reels) and a full enumeration of every reel-stop
// combination (hit frequency, variance, top award). The free-spin feature
// is valued exactly by a dynamic programme over (spins played, spins
// awarded) that includes retriggers and the MaxFreeSpins cap.

// GameStats are the exact results of enumerating one strip set; pays are
// in line bets with the free-game multiplier applied.
type GameStats struct {
	Combos   int64      // product of the strip lengths
	Count    [4]int64   // combinations per trigger class: 0 = fewer than 3 scatters, 1..3 = 3, 4, 5 scatters
	Sum      [4]int64   // sum of the spin win per class
	Sum2     [4]int64   // sum of the squared spin win per class
	Hits     int64      // combinations with a win
	Max      int64      // largest spin win
	MaxN     int64      // combinations that pay Max
	MaxStops [Reels]int // the first combination (in stop order) that pays Max
}

func lessStops(a, b [Reels]int) bool {
	for r := range a {
		if a[r] != b[r] {
			return a[r] < b[r]
		}
	}
	return false
}

func classOf(scat int) int { return max(min(scat, Reels)-2, 0) }

// classAward is the free spins a trigger class awards.
func classAward(c int) int {
	if c == 0 {
		return 0
	}
	return freeSpinAwards[c+2]
}

// enumerate visits every stop combination of g, in parallel.
func (g *game) enumerate() GameStats {
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan int)
	parts := make([]GameStats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(st *GameStats) {
			defer wg.Done()
			for s0 := range jobs {
				g.enumerateFrom(s0, st)
			}
		}(&parts[w])
	}
	for s0 := range g.lens[0] {
		jobs <- s0
	}
	close(jobs)
	wg.Wait()
	var t GameStats
	for _, p := range parts {
		for c := range 4 {
			t.Count[c] += p.Count[c]
			t.Sum[c] += p.Sum[c]
			t.Sum2[c] += p.Sum2[c]
		}
		t.Hits += p.Hits
		switch {
		case p.Max > t.Max:
			t.Max, t.MaxN, t.MaxStops = p.Max, p.MaxN, p.MaxStops
		case p.Max == t.Max && p.Max > 0:
			t.MaxN += p.MaxN
			if lessStops(p.MaxStops, t.MaxStops) {
				t.MaxStops = p.MaxStops
			}
		}
	}
	t.Combos = 1
	for _, n := range g.lens {
		t.Combos *= int64(n)
	}
	return t
}

func (g *game) enumerateFrom(s0 int, st *GameStats) {
	stops := [Reels]int{s0}
	for s1 := range g.lens[1] {
		stops[1] = s1
		for s2 := range g.lens[2] {
			stops[2] = s2
			for s3 := range g.lens[3] {
				stops[3] = s3
				for s4 := range g.lens[4] {
					stops[4] = s4
					pay, scat := g.evalStops(&stops)
					c := classOf(scat)
					st.Count[c]++
					st.Sum[c] += pay
					st.Sum2[c] += pay * pay
					if pay > 0 {
						st.Hits++
						if pay > st.Max {
							st.Max, st.MaxN, st.MaxStops = pay, 0, stops
						}
						if pay == st.Max {
							st.MaxN++
						}
					}
				}
			}
		}
	}
}

// Par is a profile's par sheet. Money figures are multiples of the total bet.
type Par struct {
	Profile             Profile
	RTP                 float64    // total return per base spin (base + feature), fraction
	BaseRTP             float64    // base-game lines and scatter
	FeatureRTP          float64    // free spins
	HitFrequency        float64    // base spins with any win (a trigger always pays the scatter)
	TriggerFrequency    float64    // base spins that award free spins
	FreeSpinsPerTrigger float64    // expected free spins played per trigger, retriggers and cap included
	FeatureMean         float64    // expected feature win per trigger
	CapProbability      float64    // probability that a trigger reaches MaxFreeSpins
	StdDev              float64    // standard deviation of a round (base spin + its free spins)
	BaseTopAward        float64    // largest base spin win
	BaseTopProb         float64    // its probability per base spin
	BaseTopStops        [Reels]int // first stops that pay it
	FreeTopAward        float64    // largest free spin win (multiplier included)
	FreeTopProb         float64    // its probability per free spin
	FreeTopStops        [Reels]int // first stops that pay it
	TopAward            float64    // the larger of the two
	TopAwardRate        float64    // expected occurrences of TopAward per round (base spin + feature)
	BaseCombos          int64
	FreeCombos          int64
}

// freeDP holds the first and second moments of the feature total and the
// cap probability for a round in state (played, awarded).
type freeDP struct {
	m1, m2, spins, cap [MaxFreeSpins + 1][MaxFreeSpins + 1]float64
}

// solveFree values the feature from the free game's per-class moments:
// q[c] = P(class c), e1[c] = E[X·1{c}], e2[c] = E[X²·1{c}].
func solveFree(q, e1, e2 [4]float64) *freeDP {
	d := &freeDP{}
	for a := 0; a <= MaxFreeSpins; a++ {
		if a == MaxFreeSpins {
			d.cap[a][a] = 1
		}
	}
	for k := MaxFreeSpins - 1; k >= 0; k-- {
		for a := k + 1; a <= MaxFreeSpins; a++ {
			var m1, m2, sp, cp float64
			for c := range 4 {
				if q[c] == 0 {
					continue
				}
				n := a + CappedAward(a, classAward(c))
				v1, v2 := d.m1[k+1][n], d.m2[k+1][n]
				m1 += e1[c] + q[c]*v1
				m2 += e2[c] + 2*e1[c]*v1 + q[c]*v2
				sp += q[c] * (1 + d.spins[k+1][n])
				cp += q[c] * d.cap[k+1][n]
			}
			d.m1[k][a], d.m2[k][a], d.spins[k][a], d.cap[k][a] = m1, m2, sp, cp
		}
	}
	return d
}

// ComputePar computes a profile's par sheet by full enumeration of the base
// and free strips (a few seconds per profile on one core).
func ComputePar(prof Profile) Par {
	return parFrom(prof, gameFor(prof, false).enumerate(), gameFor(prof, true).enumerate())
}

func parFrom(prof Profile, b, f GameStats) Par {
	const lb = NumLines // line bets per total bet
	var q, e1, e2 [4]float64
	fn := float64(f.Combos)
	for c := range 4 {
		q[c] = float64(f.Count[c]) / fn
		e1[c] = float64(f.Sum[c]) / fn / lb
		e2[c] = float64(f.Sum2[c]) / fn / (lb * lb)
	}
	d := solveFree(q, e1, e2)
	bn := float64(b.Combos)
	p := Par{Profile: prof, BaseCombos: b.Combos, FreeCombos: f.Combos}
	var er, er2, trig, spins, fmean, capP float64
	for c := range 4 {
		pc := float64(b.Count[c]) / bn
		s1 := float64(b.Sum[c]) / bn / lb
		s2 := float64(b.Sum2[c]) / bn / (lb * lb)
		p.BaseRTP += s1
		er += s1
		er2 += s2
		if c > 0 {
			n := classAward(c)
			f1, f2 := d.m1[0][n], d.m2[0][n]
			er += pc * f1
			er2 += 2*s1*f1 + pc*f2
			p.FeatureRTP += pc * f1
			trig += pc
			spins += pc * d.spins[0][n]
			fmean += pc * f1
			capP += pc * d.cap[0][n]
		}
	}
	p.RTP = er
	p.StdDev = math.Sqrt(er2 - er*er)
	p.HitFrequency = float64(b.Hits) / bn
	p.TriggerFrequency = trig
	p.FreeSpinsPerTrigger = spins / trig
	p.FeatureMean = fmean / trig
	p.CapProbability = capP / trig
	p.BaseTopAward = float64(b.Max) / lb
	p.BaseTopProb = float64(b.MaxN) / bn
	p.BaseTopStops, p.FreeTopStops = b.MaxStops, f.MaxStops
	p.FreeTopAward = float64(f.Max) / lb
	p.FreeTopProb = float64(f.MaxN) / fn
	if p.BaseTopAward >= p.FreeTopAward {
		p.TopAward, p.TopAwardRate = p.BaseTopAward, p.BaseTopProb
	} else {
		p.TopAward, p.TopAwardRate = p.FreeTopAward, spins*p.FreeTopProb
	}
	return p
}

// analyticRTP is the expected return from symbol frequencies alone: a
// line's cells are one uniform strip position per reel, so every line has
// the same expectation; scatters are convolved reel by reel. It is
// independent of the enumeration and the tests check they agree.
func analyticRTP(prof Profile) (base, feature float64) {
	bl, bq := analyticGame(gameFor(prof, false))
	fl, fq := analyticGame(gameFor(prof, true))
	base = bl
	var e1 [4]float64
	e1[0] = fl // Wald: only E[X] matters for the mean, spread over classes arbitrarily
	var zero [4]float64
	d := solveFree(fq, e1, zero)
	for c := 1; c < 4; c++ {
		feature += bq[c] * d.m1[0][classAward(c)]
	}
	return base, feature
}

// analyticGame returns the expected spin win (total bets, multiplier
// included) and the probabilities of the trigger classes.
func analyticGame(g *game) (ev float64, q [4]float64) {
	var freq [Reels][NumSymbols]float64
	for r, s := range g.strips {
		for _, sym := range s {
			freq[r][sym] += 1 / float64(len(s))
		}
	}
	var line float64
	var x [Reels]uint8
	var walk func(r int, p float64)
	walk = func(r int, p float64) {
		if p == 0 {
			return
		}
		if r == Reels {
			line += p * float64(linePayOf(&x))
			return
		}
		for s := range NumSymbols {
			x[r] = uint8(s)
			walk(r+1, p*freq[r][s])
		}
	}
	walk(0, 1)
	// scatter count distribution
	dist := []float64{1}
	for r := range Reels {
		var per [Rows + 1]float64
		for _, n := range g.scat[r] {
			per[n] += 1 / float64(g.lens[r])
		}
		next := make([]float64, len(dist)+Rows)
		for i, p := range dist {
			for j, pj := range per {
				next[i+j] += p * pj
			}
		}
		dist = next
	}
	var scat float64
	for n, p := range dist {
		scat += p * float64(scatterPays[min(n, Reels)])
		q[classOf(n)] += p
	}
	ev = (line + scat) * float64(g.mult)
	return ev, q
}

// linePayOf is the pay of one line's symbols in line bets: the reference
// rule that evalGrid implements for all lines at once.
func linePayOf(x *[Reels]uint8) int64 {
	w := 0
	for w < Reels && x[w] == uint8(Wild) {
		w++
	}
	if w == Reels {
		return linePays[Wild][Reels]
	}
	p := linePays[Wild][w]
	s := x[w]
	if s == uint8(Scatter) {
		return p
	}
	m := w + 1
	for m < Reels && (x[m] == s || x[m] == uint8(Wild)) {
		m++
	}
	return max(p, linePays[s][m])
}
