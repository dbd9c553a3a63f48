package slot

import "math/bits"

// The evaluator: precomputed windows per reel stop and an allocation-free
// line evaluation shared by PlayBase/PlayFree, the simulation and the par
// sheet enumeration.

// game is one strip set (a profile's base or free game) with its tables.
type game struct {
	strips [Reels][]Symbol
	lens   [Reels]int
	mult   int64                // free-game multiplier (1 in the base game)
	win    [Reels][][Rows]uint8 // window (rows 0..2) shown at each stop
	scat   [Reels][]uint8       // scatters in that window
	// lines[r][stop][s] is the set of lines (bit l = line l) whose cell on
	// reel r shows s or a wild (for s = Wild: a wild) at that stop.
	lines [Reels][][NumSymbols]uint32
}

// lineCells is paylines flattened to cell indexes reel*Rows+row.
var lineCells = func() (c [NumLines][Reels]uint8) {
	for l, rows := range paylines {
		for r, row := range rows {
			c[l][r] = uint8(r*Rows + row)
		}
	}
	return c
}()

func newGame(strips [Reels][]Symbol, mult int64) *game {
	g := &game{strips: strips, mult: mult}
	for r, s := range strips {
		n := len(s)
		g.lens[r] = n
		g.win[r] = make([][Rows]uint8, n)
		g.scat[r] = make([]uint8, n)
		g.lines[r] = make([][NumSymbols]uint32, n)
		for i := range n {
			for row := range Rows {
				sym := s[(i+row)%n]
				g.win[r][i][row] = uint8(sym)
				if sym == Scatter {
					g.scat[r][i]++
				}
			}
			for l, rows := range paylines {
				c := s[(i+rows[r])%n]
				for t := range Symbol(NumSymbols) {
					if c == t || (c == Wild && t != Scatter) {
						g.lines[r][i][t] |= 1 << l
					}
				}
			}
		}
	}
	return g
}

// hit is a line win in line bets (before the free-game multiplier).
type hit struct {
	line  uint8
	sym   uint8
	count uint8
	pay   int64
}

// evalGrid evaluates the 15 cells (reel*Rows+row). It returns the line pays
// in line bets before the free-game multiplier, and fills hits (if not nil)
// with the paying lines, returning how many.
func evalGrid(cells *[Reels * Rows]uint8, hits *[NumLines]hit) (pay int64, nhits int) {
	for l := range NumLines {
		lc := &lineCells[l]
		w := 0
		for w < Reels && cells[lc[w]] == uint8(Wild) {
			w++
		}
		var p int64
		sym, n := uint8(Wild), w
		if w == Reels {
			p = linePays[Wild][Reels]
		} else {
			p = linePays[Wild][w]
			s := cells[lc[w]]
			if s != uint8(Scatter) {
				m := w + 1
				for m < Reels {
					c := cells[lc[m]]
					if c != s && c != uint8(Wild) {
						break
					}
					m++
				}
				if q := linePays[s][m]; q > p {
					p, sym, n = q, s, m
				}
			}
		}
		if p > 0 {
			pay += p
			if hits != nil {
				hits[nhits] = hit{line: uint8(l), sym: sym, count: uint8(n), pay: p}
			}
			nhits++
		}
	}
	return pay, nhits
}

// cellsAt fills the 15 cells for the given stops and returns the scatter count.
func (g *game) cellsAt(stops *[Reels]int, cells *[Reels * Rows]uint8) (scat int) {
	for r := range Reels {
		w := &g.win[r][stops[r]]
		cells[r*Rows], cells[r*Rows+1], cells[r*Rows+2] = w[0], w[1], w[2]
		scat += int(g.scat[r][stops[r]])
	}
	return scat
}

// evalStops is the hot path: the spin's win in line bets, multiplier
// included, and the scatter count. It does not allocate. It evaluates the 20
// lines at once as bit sets: the lines with three or more of symbol s
// (wilds substituting) are the intersection of the per-reel sets, minus the
// lines that start with three wilds, which are rare and go through
// linePayOf (the wilds' own pay competes with the symbol's there). Lines
// that start with one or two wilds followed by s belong to s, and lines
// whose first non-wild is the scatter pay nothing below three wilds.
func (g *game) evalStops(stops *[Reels]int) (pay int64, scat int) {
	m0, m1, m2 := &g.lines[0][stops[0]], &g.lines[1][stops[1]], &g.lines[2][stops[2]]
	m3, m4 := &g.lines[3][stops[3]], &g.lines[4][stops[4]]
	wild3 := m0[Wild] & m1[Wild] & m2[Wild]
	for s := Jeepney; s < NumSymbols; s++ {
		a3 := m0[s] & m1[s] & m2[s] &^ wild3
		if a3 == 0 {
			continue
		}
		a4 := a3 & m3[s]
		a5 := a4 & m4[s]
		p := &linePays[s]
		pay += p[3]*int64(bits.OnesCount32(a3^a4)) + p[4]*int64(bits.OnesCount32(a4^a5)) + p[5]*int64(bits.OnesCount32(a5))
	}
	for wild3 != 0 {
		l := bits.TrailingZeros32(wild3)
		wild3 &= wild3 - 1
		var x [Reels]uint8
		for r := range Reels {
			x[r] = g.win[r][stops[r]][paylines[l][r]]
		}
		pay += linePayOf(&x)
	}
	for r := range Reels {
		scat += int(g.scat[r][stops[r]])
	}
	pay += scatterPays[min(scat, Reels)] * NumLines
	return pay * g.mult, scat
}

// spin builds the public Spin for stops already reduced to the strip lengths.
func (g *game) spin(stops [Reels]int) Spin {
	var cells [Reels * Rows]uint8
	var hits [NumLines]hit
	scat := g.cellsAt(&stops, &cells)
	pay, n := evalGrid(&cells, &hits)
	sp := Spin{Free: g.mult != 1, Stops: stops, Scatter: scat}
	for r := range Reels {
		for row := range Rows {
			sp.Grid[r][row] = Symbol(cells[r*Rows+row])
		}
	}
	if n > 0 {
		sp.Lines = make([]LineWin, n)
		for i, h := range hits[:n] {
			sp.Lines[i] = LineWin{Line: int(h.line), Symbol: Symbol(h.sym), Count: int(h.count), Multiplier: h.pay * g.mult * unit}
		}
	} else {
		sp.Lines = []LineWin{}
	}
	sc := min(scat, Reels)
	sp.ScatterWin = scatterPays[sc] * NumLines * g.mult * unit
	sp.FreeSpinsAwarded = freeSpinAwards[sc]
	sp.Multiplier = (pay*g.mult)*unit + sp.ScatterWin
	return sp
}
