package mines

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/fair/fairtest"
	"github.com/palaro/palaro/internal/platform/apperr"
)

func allParams() []Params {
	var ps []Params
	for s := MinSize; s <= MaxSize; s++ {
		for m := 1; m < s*s; m++ {
			ps = append(ps, Params{s, m})
		}
	}
	return ps
}

func TestValidate(t *testing.T) {
	for _, p := range []Params{{2, 1}, {9, 1}, {5, 0}, {5, 25}, {5, -1}, {3, 9}} {
		if err := p.Validate(); !errors.Is(err, apperr.Invalid("mines.bad_params")) {
			t.Errorf("%+v: %v", p, err)
		}
		if Multiplier(p, 1) != 0 || Multipliers(p) != nil {
			t.Errorf("%+v: multiplier for invalid params", p)
		}
	}
	if len(allParams()) != 8+15+24+35+48+63 {
		t.Fatal("params count")
	}
	for _, p := range allParams() {
		if p.Validate() != nil {
			t.Fatalf("%+v refused", p)
		}
	}
}

func TestMultiplierValues(t *testing.T) {
	cases := []struct {
		p    Params
		k    int
		want int64
	}{
		{Params{5, 1}, 0, 9900},
		{Params{5, 1}, 1, 10312},   // 0.99 * 25/24 = 1.03125
		{Params{5, 3}, 1, 11250},   // 0.99 * 25/22
		{Params{5, 3}, 2, 12857},   // 0.99 * 25*24/(22*21) = 1.285714...
		{Params{5, 24}, 1, 247500}, // 0.99 * 25
		{Params{5, 1}, 24, 247500}, // 0.99 * C(25,24)/C(24,24)
		{Params{3, 8}, 1, 89100},
		{Params{8, 32}, 32, MaxMultiplier}, // 0.99 * C(64,32) ≫ cap
		{Params{5, 3}, 23, 0},              // more than the safe tiles
		{Params{5, 3}, -1, 0},
	}
	for _, c := range cases {
		if got := Multiplier(c.p, c.k); got != c.want {
			t.Errorf("Multiplier(%+v, %d) = %d, want %d", c.p, c.k, got, c.want)
		}
	}
}

// Every (size, mines, reveals) pays at most 0.99 back and, unless capped,
// loses less than a 1/10000 multiplier step to flooring.
func TestExactRTPAll(t *testing.T) {
	capped := 0
	for _, p := range allParams() {
		ms := Multipliers(p)
		for k := 1; k <= p.Safe(); k++ {
			ex := Exact(p, k)
			if ms[k] < ms[k-1] {
				t.Fatalf("%+v: multiplier falls at %d", p, k)
			}
			if ex.RTP > 0.99+1e-12 {
				t.Fatalf("%+v k=%d: RTP %v", p, k, ex.RTP)
			}
			if ms[k] == MaxMultiplier {
				capped++
				continue
			}
			if ex.RTP < 0.99-ex.HitFrequency*1e-4-1e-12 {
				t.Fatalf("%+v k=%d: RTP %v too low", p, k, ex.RTP)
			}
		}
	}
	t.Logf("%d capped states", capped)
}

// On 3x3 boards every layout is enumerated: the exact RTP of "reveal tiles
// 0..k-1 then cash out" must match Exact.
func TestExactByEnumeration(t *testing.T) {
	for m := 1; m < 9; m++ {
		p := Params{3, m}
		for k := 1; k <= p.Safe(); k++ {
			var paid int64
			layouts := 0
			for mask := 0; mask < 1<<9; mask++ {
				if popcount(mask) != m {
					continue
				}
				layouts++
				if mask&(1<<k-1) == 0 { // tiles 0..k-1 all safe
					paid += Multiplier(p, k)
				}
			}
			rtp := float64(paid) / 10000 / float64(layouts)
			if math.Abs(rtp-Exact(p, k).RTP) > 1e-12 {
				t.Errorf("%+v k=%d: enumerated %v, exact %v", p, k, rtp, Exact(p, k).RTP)
			}
		}
	}
}

func popcount(x int) int {
	n := 0
	for ; x > 0; x &= x - 1 {
		n++
	}
	return n
}

func TestLayoutShape(t *testing.T) {
	src := fairtest.NewFast(7)
	for _, p := range allParams() {
		l := Layout(src, p)
		if len(l) != p.Mines || !slices.IsSorted(l) || l[0] < 0 || l[len(l)-1] >= p.Tiles() {
			t.Fatalf("%+v: layout %v", p, l)
		}
		if len(slices.Compact(slices.Clone(l))) != len(l) {
			t.Fatalf("%+v: duplicate mines %v", p, l)
		}
	}
}

// Layouts are uniform: on 3x3 with 2 mines each of the 36 pairs comes up
// with probability 1/36.
func TestLayoutUniform(t *testing.T) {
	const n = 360_000
	p := Params{3, 2}
	counts := map[[2]int]int{}
	src := fairtest.NewFast(11)
	for range n {
		l := Layout(src, p)
		counts[[2]int{l[0], l[1]}]++
	}
	if len(counts) != 36 {
		t.Fatalf("%d distinct layouts", len(counts))
	}
	for pair, c := range counts {
		fairtest.CheckRate(t, fmt.Sprint("layout ", pair), c, n, 1.0/36)
	}
}

// forceLayout builds the words that make Layout place the mines exactly on
// want (a set of tiles), proving any layout reachable.
func forceLayout(p Params, want []int) *fairtest.Scripted {
	n := p.Tiles()
	tiles := make([]int, n)
	for i := range tiles {
		tiles[i] = i
	}
	var words []uint32
	for i := 0; i < p.Mines; i++ {
		j := slices.Index(tiles[i:], want[i]) + i
		words = append(words, fairtest.Word(n-i, j-i))
		tiles[i], tiles[j] = tiles[j], tiles[i]
	}
	return &fairtest.Scripted{Words: words}
}

// Every advertised multiplier is reachable: for each board the mines are
// forced onto the last tiles, the player reveals tiles 0.. in order, and
// every step up to clearing the board is a safe reveal.
func TestEveryMultiplierReachable(t *testing.T) {
	for _, p := range allParams() {
		want := make([]int, p.Mines)
		for i := range want {
			want[i] = p.Tiles() - p.Mines + i
		}
		l := Layout(forceLayout(p, want), p)
		if !slices.Equal(l, want) {
			t.Fatalf("%+v: forced layout %v, got %v", p, want, l)
		}
		for k := 1; k <= p.Safe(); k++ {
			if IsMine(l, k-1) {
				t.Fatalf("%+v: reveal %d hits a mine", p, k)
			}
		}
		if !IsMine(l, p.Tiles()-1) {
			t.Fatalf("%+v: last tile should be a mine", p)
		}
	}
	// And an arbitrary layout, e.g. mines on 0, 12 and 24 of 5x5.
	p := Params{5, 3}
	if l := Layout(forceLayout(p, []int{24, 0, 12}), p); !slices.Equal(l, []int{0, 12, 24}) {
		t.Fatalf("layout %v", l)
	}
}

func TestCheckTile(t *testing.T) {
	p := Params{5, 3}
	if err := CheckTile(p, 25, nil); !errors.Is(err, apperr.Invalid("mines.bad_tile")) {
		t.Errorf("25: %v", err)
	}
	if err := CheckTile(p, -1, nil); !errors.Is(err, apperr.Invalid("mines.bad_tile")) {
		t.Errorf("-1: %v", err)
	}
	if err := CheckTile(p, 3, []int{1, 3}); !errors.Is(err, apperr.Conflict("mines.tile_revealed")) {
		t.Errorf("revealed: %v", err)
	}
	if err := CheckTile(p, 24, []int{1, 3}); err != nil {
		t.Errorf("24: %v", err)
	}
}

// Strategy: reveal tiles 0..k-1 (the layout is uniform, so which tiles the
// player picks does not matter) and cash out.
func playStrategy(src fair.Source, p Params, k int, mult int64) int64 {
	l := Layout(src, p)
	if l[0] < k {
		return 0
	}
	return mult
}

func TestSimulationFast(t *testing.T) {
	const n = 1_000_000
	cases := []struct {
		p Params
		k int
	}{{Params{5, 3}, 5}, {Params{5, 1}, 24}, {Params{5, 24}, 1}, {Params{8, 10}, 8}, {Params{3, 4}, 3}}
	for i, c := range cases {
		ex := Exact(c.p, c.k)
		sum, _, wins := fairtest.Simulate(n, uint64(i+1), func(src fair.Source) int64 { return playStrategy(src, c.p, c.k, ex.Multiplier) })
		fairtest.CheckRTP(t, fmt.Sprintf("mines %+v k=%d", c.p, c.k), sum, n, ex.RTP, ex.Variance)
		fairtest.CheckRate(t, "mines hits", wins, n, ex.HitFrequency)
	}
}

func TestSimulationHMAC(t *testing.T) {
	const n = 100_000
	p, k := Params{5, 3}, 3
	ex := Exact(p, k)
	var sum int64
	for nonce := range uint64(n) {
		sum += playStrategy(fair.NewStream("9293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc", "sim", nonce), p, k, ex.Multiplier)
	}
	fairtest.CheckRTP(t, "mines hmac", sum, n, ex.RTP, ex.Variance)
}

func TestParSheetDoc(t *testing.T) {
	fairtest.DocSection(t, "docs/games/mines.md", "mines-5x5", sheet5x5())
	fairtest.DocSection(t, "docs/games/mines.md", "mines-all", sheetAll())
}

func sheet5x5() string {
	var b strings.Builder
	b.WriteString("| mines | multiplier after 1, 2, 3, … safe reveals (up to clearing the board) |\n|---|---|\n")
	for m := 1; m < 25; m++ {
		ms := Multipliers(Params{5, m})[1:]
		s := make([]string, len(ms))
		for i, v := range ms {
			s[i] = fmtMult(v)
		}
		fmt.Fprintf(&b, "| %d | %s |\n", m, strings.Join(s, " · "))
	}
	return b.String()
}

func sheetAll() string {
	var b strings.Builder
	b.WriteString("| size | mines | 1st reveal: multiplier, P(safe), σ | top award (board cleared) | P(top) | RTP at top | capped |\n|---|---|---|---|---|---|---|\n")
	for _, p := range allParams() {
		one := Exact(p, 1)
		top := Exact(p, p.Safe())
		capped := ""
		if top.Multiplier == MaxMultiplier {
			capped = "yes"
		}
		fmt.Fprintf(&b, "| %dx%d | %d | %sx, %.4f, %.3f | %sx | %.3g | %.4f%% | %s |\n", p.Size, p.Size, p.Mines,
			fmtMult(one.Multiplier), one.HitFrequency, math.Sqrt(one.Variance), fmtMult(top.Multiplier), top.HitFrequency, top.RTP*100, capped)
	}
	return b.String()
}

func fmtMult(v int64) string {
	s := fmt.Sprintf("%d.%04d", v/10000, v%10000)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
