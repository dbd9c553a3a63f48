package slot

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/fair/fairtest"
	"github.com/palaro/palaro/internal/platform/apperr"
)

func TestParseProfile(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Profile
		ok   bool
	}{{"", Profile96, true}, {"94", Profile94, true}, {"96", Profile96, true}, {"97", Profile97, true}, {"95", "", false}, {"96 ", "", false}} {
		got, err := ParseProfile(c.in)
		if c.ok != (err == nil) || got != c.want {
			t.Errorf("ParseProfile(%q) = %q, %v", c.in, got, err)
		}
		if err != nil && !errors.Is(err, apperr.Invalid("slot.bad_profile")) {
			t.Errorf("ParseProfile(%q): code %v", c.in, err)
		}
	}
}

func TestCappedAward(t *testing.T) {
	for _, c := range [][3]int{{0, 10, 10}, {90, 10, 10}, {90, 20, 10}, {100, 15, 0}, {95, 0, 0}} {
		if got := CappedAward(c[0], c[1]); got != c[2] {
			t.Errorf("CappedAward(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}

func TestPaylinesDistinct(t *testing.T) {
	seen := map[[Reels]int]int{}
	for l, rows := range Paylines() {
		if o, dup := seen[rows]; dup {
			t.Errorf("lines %d and %d are the same", o, l)
		}
		seen[rows] = l
		for _, r := range rows {
			if r < 0 || r >= Rows {
				t.Errorf("line %d row %d", l, r)
			}
		}
	}
}

// Every strip carries every symbol (so every award can show) and never
// shows two scatters in one window (so 5 is the most scatters a spin has).
func TestStrips(t *testing.T) {
	for _, p := range Profiles() {
		for _, free := range []bool{false, true} {
			for r, s := range ReelStrips(p, free) {
				var n [NumSymbols]int
				for _, sym := range s {
					n[sym]++
				}
				for sym, c := range n {
					if c == 0 {
						t.Errorf("%s free=%v reel %d: no %s", p, free, r, Symbol(sym))
					}
				}
				for i := range s {
					for d := 1; d < Rows; d++ {
						if s[i] == Scatter && s[(i+d)%len(s)] == Scatter {
							t.Errorf("%s free=%v reel %d: scatters at %d and %d share a window", p, free, r, i, i+d)
						}
					}
				}
			}
		}
	}
}

// The bit-set evaluator (simulation, enumeration) and the cell-by-cell one
// (PlayBase/PlayFree, which lists the lines) agree, and each listed line
// pays what the reference rule linePayOf says.
func TestEvaluatorsAgree(t *testing.T) {
	src := fairtest.NewFast(7)
	for _, p := range Profiles() {
		for _, free := range []bool{false, true} {
			g := gameFor(p, free)
			for range 100_000 {
				var stops [Reels]int
				for r := range stops {
					stops[r] = src.Intn(g.lens[r])
				}
				pay, scat := g.evalStops(&stops)
				sp := g.spin(stops)
				if sp.Multiplier != pay*unit || sp.Scatter != scat {
					t.Fatalf("%s free=%v stops %v: fast %d/%d, spin %d/%d", p, free, stops, pay*unit, scat, sp.Multiplier, sp.Scatter)
				}
				sum := sp.ScatterWin
				for _, l := range sp.Lines {
					var x [Reels]uint8
					for r := range Reels {
						x[r] = uint8(sp.Grid[r][paylines[l.Line][r]])
					}
					if want := linePayOf(&x) * g.mult * unit; l.Multiplier != want || l.Count < 3 {
						t.Fatalf("stops %v line %+v, want multiplier %d", stops, l, want)
					}
					sum += l.Multiplier
				}
				if sum != sp.Multiplier {
					t.Fatalf("stops %v: lines+scatter %d != %d", stops, sum, sp.Multiplier)
				}
			}
		}
	}
}

// Hand-checked spins: the rules (left to right, wild substitutes, the
// wilds' own pay when larger, scatter anywhere, free-game ×2).
func TestRules(t *testing.T) {
	W, S, J, A, K, Q, T := uint8(Wild), uint8(Scatter), uint8(Jeepney), uint8(Ace), uint8(King), uint8(Queen), uint8(Ten)
	for _, c := range []struct {
		x    [Reels]uint8
		want int64
	}{
		{[Reels]uint8{A, A, A, K, K}, 10},
		{[Reels]uint8{A, W, A, A, K}, 40},
		{[Reels]uint8{W, W, A, A, A}, 150},
		{[Reels]uint8{W, W, W, K, Q}, 50},  // wilds' own pay beats K×4 (30)
		{[Reels]uint8{W, W, W, K, K}, 120}, // K×5 beats the wilds' 50
		{[Reels]uint8{W, W, W, W, W}, 1000},
		{[Reels]uint8{W, W, S, A, A}, 0}, // the scatter breaks the line
		{[Reels]uint8{W, W, W, S, A}, 50},
		{[Reels]uint8{K, A, A, A, A}, 0},
		{[Reels]uint8{J, J, W, J, T}, 150},
	} {
		if got := linePayOf(&c.x); got != c.want {
			t.Errorf("%v pays %d, want %d", c.x, got, c.want)
		}
	}
}

// findStops returns stops of g whose window shows want[r] on row rows[r]
// for the reels where want[r] >= 0, and passes ok; nil when none exists.
func findStops(g *game, want [Reels]int, row int, ok func([Reels]int) bool) *[Reels]int {
	var cand [Reels][]int
	for r := range Reels {
		for s := range g.lens[r] {
			if want[r] < 0 || int(g.win[r][s][row]) == want[r] {
				cand[r] = append(cand[r], s)
			}
		}
	}
	var stops [Reels]int
	var walk func(r int) bool
	walk = func(r int) bool {
		if r == Reels {
			return ok(stops)
		}
		for _, s := range cand[r] {
			stops[r] = s
			if walk(r + 1) {
				return true
			}
		}
		return false
	}
	if walk(0) {
		return &stops
	}
	return nil
}

// scripted is the Source that makes PlayBase/PlayFree stop at stops.
func scripted(g *game, stops ...[Reels]int) *fairtest.Scripted {
	var w []uint32
	for _, st := range stops {
		for r, s := range st {
			w = append(w, fairtest.Word(g.lens[r], s))
		}
	}
	return &fairtest.Scripted{Words: w}
}

// Every paytable entry, every scatter count and the free-spin cap is
// reached through the real draw path (a scripted Source), in the base game
// of every profile and in the free game.
func TestEveryAwardReachable(t *testing.T) {
	for _, p := range Profiles() {
		for _, free := range []bool{false, true} {
			g := gameFor(p, free)
			play := PlayBase
			if free {
				play = PlayFree
			}
			for s := Wild; s < NumSymbols; s++ {
				if s == Scatter {
					continue
				}
				for n := 3; n <= Reels; n++ {
					want := [Reels]int{-1, -1, -1, -1, -1}
					for r := range n {
						want[r] = int(s)
					}
					st := findStops(g, want, 1, func(st [Reels]int) bool {
						for _, l := range g.spin(st).Lines {
							if l.Line == 0 && l.Symbol == s && l.Count == n {
								return true
							}
						}
						return false
					})
					if st == nil {
						t.Fatalf("%s free=%v: %s×%d not reachable on line 0", p, free, s, n)
					}
					sp := play(scripted(g, *st), p)
					if sp.Stops != *st || !hasLine(sp, s, n, linePays[s][n]*g.mult*unit) {
						t.Errorf("%s free=%v: %s×%d: %+v", p, free, s, n, sp)
					}
				}
			}
			for n := 0; n <= Reels; n++ {
				want := [Reels]int{}
				for r := range Reels {
					want[r] = -1
					if r < n {
						want[r] = int(Scatter)
					}
				}
				st := findStops(g, want, 1, func(st [Reels]int) bool {
					sc := 0
					for r := range Reels {
						sc += int(g.scat[r][st[r]])
					}
					return sc == n
				})
				if st == nil {
					t.Fatalf("%s free=%v: %d scatters not reachable", p, free, n)
				}
				sp := play(scripted(g, *st), p)
				if sp.Scatter != n || sp.FreeSpinsAwarded != freeSpinAwards[n] || sp.ScatterWin != scatterPays[n]*NumLines*g.mult*unit {
					t.Errorf("%s free=%v: %d scatters: %+v", p, free, n, sp)
				}
			}
		}
	}
}

func hasLine(sp Spin, s Symbol, n int, mult int64) bool {
	for _, l := range sp.Lines {
		if l.Symbol == s && l.Count == n && l.Multiplier == mult {
			return true
		}
	}
	return false
}

// The cap: 5 scatters in the base game (20 spins), then five free spins
// with 5 scatters each, then none: 20+20+20+20+20 = 100 spins are played and
// the fifth retrigger grants nothing.
func TestFreeSpinCapReached(t *testing.T) {
	for _, p := range Profiles() {
		bg, fg := gameFor(p, false), gameFor(p, true)
		scat := func(g *game, n int) [Reels]int {
			want := [Reels]int{-1, -1, -1, -1, -1}
			for r := range n {
				want[r] = int(Scatter)
			}
			st := findStops(g, want, 1, func(st [Reels]int) bool {
				sc := 0
				for r := range Reels {
					sc += int(g.scat[r][st[r]])
				}
				return sc == n
			})
			return *st
		}
		five, none := scat(fg, 5), scat(fg, 0)
		words := scripted(bg, scat(bg, 5)).Words
		for i := range MaxFreeSpins {
			st := none
			if i < 5 {
				st = five
			}
			words = append(words, scripted(fg, st).Words...)
		}
		src := &fairtest.Scripted{Words: words}
		rd := PlayRound(src, p)
		if len(rd.Spins) != 1+MaxFreeSpins || src.Used() != len(words) {
			t.Fatalf("%s: %d spins, %d of %d words", p, len(rd.Spins), src.Used(), len(words))
		}
		var sum int64
		for _, sp := range rd.Spins {
			sum += sp.Multiplier
		}
		if sum != rd.Multiplier {
			t.Errorf("%s: round multiplier %d, spins sum %d", p, rd.Multiplier, sum)
		}
	}
}

// The largest single-spin awards of the par sheet pay what it says at the
// stops it gives (that they are the largest is TestParSheetEnumeration's).
func TestTopAwardsReachable(t *testing.T) {
	rows := parRows(t)
	for _, p := range Profiles() {
		r := rows[string(p)]
		for _, free := range []bool{false, true} {
			award, stops := r.baseTop, r.baseStops
			play := PlayBase
			if free {
				award, stops, play = r.freeTop, r.freeStops, PlayFree
			}
			sp := play(scripted(gameFor(p, free), stops), p)
			if float64(sp.Multiplier)/10000 != award {
				t.Errorf("%s free=%v: stops %v pay %d, par sheet says %gx", p, free, stops, sp.Multiplier, award)
			}
		}
	}
}

type parRow struct {
	rtp, base, feature, sd float64
	baseTop, freeTop       float64
	baseStops, freeStops   [Reels]int
}

// parRows parses the par sheet tables of docs/games/slot.md.
func parRows(t *testing.T) map[string]parRow {
	t.Helper()
	b, err := os.ReadFile(fairtest.RepoFile(t, docPath))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "<!-- generated:slot-par -->")
	j := strings.Index(doc, "<!-- /generated:slot-par -->")
	if i < 0 || j < i {
		t.Fatal("slot-par section missing")
	}
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
		if err != nil {
			t.Fatalf("par sheet: %q: %v", s, err)
		}
		if strings.HasSuffix(strings.TrimSpace(s), "%") {
			f /= 100
		}
		return f
	}
	stops := func(s string) (st [Reels]int) {
		f := strings.Fields(s)
		if len(f) != Reels {
			t.Fatalf("par sheet stops %q", s)
		}
		for r := range st {
			st[r] = int(num(f[r]))
		}
		return st
	}
	rows := map[string]parRow{}
	for _, line := range strings.Split(doc[i:j], "\n") {
		c := strings.Split(line, "|")
		if len(c) < 3 {
			continue
		}
		prof := strings.TrimSpace(c[1])
		if _, err := ParseProfile(prof); err != nil || prof == "" {
			continue
		}
		r := rows[prof]
		switch len(c) {
		case 14: // first table
			r.rtp, r.base, r.feature, r.sd = num(c[2]), num(c[3]), num(c[4]), num(c[9])
		case 12: // second table
			r.baseTop, r.baseStops, r.freeTop, r.freeStops = num(c[3]), stops(c[4]), num(c[7]), stops(c[8])
		default:
			t.Fatalf("par sheet row %q", line)
		}
		rows[prof] = r
	}
	if len(rows) != len(Profiles()) {
		t.Fatalf("par sheet has %d profiles", len(rows))
	}
	return rows
}

// Fast: the RTP columns of the par sheet equal the analytic RTP (symbol
// frequencies, no enumeration), and each profile is within 0.1 points of its name.
func TestParSheetDocRTP(t *testing.T) {
	rows := parRows(t)
	for _, p := range Profiles() {
		base, feat := analyticRTP(p)
		r := rows[string(p)]
		for _, c := range []struct {
			name      string
			doc, want float64
		}{{"RTP", r.rtp, base + feat}, {"base", r.base, base}, {"feature", r.feature, feat}} {
			if pct(c.doc) != pct(c.want) {
				t.Errorf("%s %s: doc %s, computed %s", p, c.name, pct(c.doc), pct(c.want))
			}
		}
		nominal, _ := strconv.ParseFloat(string(p), 64)
		if math.Abs((base+feat)*100-nominal) > 0.1 {
			t.Errorf("%s: RTP %.4f%% is not within 0.1 of %g%%", p, (base+feat)*100, nominal)
		}
	}
}

// The full enumeration (every stop combination of the base and free
// strips, about 70 million evaluations per profile, a few seconds) gives
// the par sheet written in the doc, and its RTP equals the analytic one.
func TestParSheetEnumeration(t *testing.T) {
	if testing.Short() {
		t.Skip("full enumeration; run without -short")
	}
	var pars []Par
	for _, p := range Profiles() {
		par := ComputePar(p)
		base, feat := analyticRTP(p)
		if math.Abs(par.BaseRTP-base) > 1e-12 || math.Abs(par.FeatureRTP-feat) > 1e-12 {
			t.Errorf("%s: enumeration %.12f + %.12f, analytic %.12f + %.12f", p, par.BaseRTP, par.FeatureRTP, base, feat)
		}
		pars = append(pars, par)
	}
	fairtest.DocSection(t, docPath, "slot-par", parTable(pars))
}

func TestDocTables(t *testing.T) {
	fairtest.DocSection(t, docPath, "slot-paytable", paytableDoc())
	fairtest.DocSection(t, docPath, "slot-strips", stripsDoc())
}

// Determinism: fixed (serverSeed, clientSeed, nonce) give the rounds
// written in the doc, drawn from fair.NewStream.
func TestVectors(t *testing.T) {
	fairtest.DocSection(t, docPath, "slot-vectors", vectorsDoc())
	// and the stream is the only input: the same triple twice, the same round
	a := PlayRound(fair.NewStream(vectorServerSeed, vectorClientSeed, 5), Profile96)
	b := PlayRound(fair.NewStream(vectorServerSeed, vectorClientSeed, 5), Profile96)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("same seeds, different rounds")
	}
}

// One million rounds per profile on ChaCha8: the measured RTP is within
// 5σ/√n of the exact one (σ from the par sheet), and so is the feature
// trigger frequency.
func TestSimulation(t *testing.T) {
	rows := parRows(t)
	const n = 1_000_000
	for i, p := range Profiles() {
		res := Simulate(p, n, uint64(100+i), 0)
		r := rows[string(p)]
		fairtest.CheckRTP(t, "slot "+string(p), res.Sum*unit, n, r.rtp, r.sd*r.sd)
		_, q := analyticGame(gameFor(p, false))
		fairtest.CheckRate(t, "slot "+string(p)+" trigger", int(res.Triggers), n, q[1]+q[2]+q[3])
	}
}

// The simulation's allocation-free loop and the public PlayRound draw the
// same numbers in the same order and pay the same.
func TestSimulateMatchesPlayRound(t *testing.T) {
	const n = 50_000
	for _, p := range Profiles() {
		var res SimResult
		simulate(gameFor(p, false), gameFor(p, true), newFastSource(9), n, &res)
		src := newFastSource(9)
		var sum int64
		var free int64
		for range n {
			rd := PlayRound(src, p)
			sum += rd.Multiplier
			free += int64(len(rd.Spins) - 1)
		}
		if sum != res.Sum*unit || free != res.FreeSpins {
			t.Errorf("%s: PlayRound %d (%d free), simulate %d (%d free)", p, sum, free, res.Sum*unit, res.FreeSpins)
		}
	}
}

// An HMAC-stream simulation (the real draw path) agrees too, on fewer rounds.
func TestSimulationHMAC(t *testing.T) {
	rows := parRows(t)
	const n = 200_000
	var sum int64
	for nonce := range uint64(n) {
		sum += PlayRound(fair.NewStream(vectorServerSeed, "sim", nonce), Profile96).Multiplier
	}
	r := rows["96"]
	fairtest.CheckRTP(t, "slot 96 hmac", sum, n, r.rtp, r.sd*r.sd)
}
