package slot

// Reel strips. Each strip is given as symbol counts and laid out by layout,
// a deterministic smooth interleave, so symbols are spread evenly and the
// scatter never shows twice in one window. The strips themselves are listed
// in docs/games/slot.md and a test checks the list against ReelStrips.

// baseCounts[profile][reel][symbol] and freeCounts[reel][symbol], symbols in
// Symbol order: WILD SCATTER JEEPNEY CARABAO SAMPAGUITA A K Q J 10. The
// profiles share the paytable and the free-game strips; their base strips
// differ in wild and low-symbol density. The counts were found by a greedy
// search on the analytic RTP (one symbol moved at a time) and are data now.
var baseCounts = [3][Reels][NumSymbols]int{
	{ // "94"
		{3, 1, 3, 3, 3, 4, 4, 4, 5, 4},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
	},
	{ // "96"
		{2, 1, 3, 3, 3, 4, 4, 5, 5, 4},
		{2, 1, 3, 3, 3, 4, 4, 5, 5, 4},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{1, 1, 3, 3, 2, 4, 5, 5, 5, 5},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
	},
	{ // "97"
		{2, 1, 3, 4, 3, 4, 3, 5, 5, 4},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{2, 1, 3, 3, 3, 4, 4, 5, 5, 4},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
		{1, 1, 3, 3, 3, 4, 4, 5, 5, 5},
	},
}

var freeCounts = [Reels][NumSymbols]int{
	{3, 1, 4, 3, 3, 3, 2, 4, 4, 3},
	{3, 1, 3, 3, 3, 3, 3, 4, 4, 3},
	{4, 1, 3, 3, 3, 3, 3, 4, 4, 2},
	{2, 1, 3, 3, 3, 3, 3, 4, 4, 4},
	{2, 1, 3, 3, 3, 3, 3, 4, 4, 4},
}

// layout spreads the symbols by smooth weighted round robin: at each
// position every symbol gains its count, the symbol with the most credit
// (lowest Symbol on ties) is placed and loses the strip length. offset
// rotates the result so the reels do not all start alike.
func layout(c [NumSymbols]int, offset int) []Symbol {
	n := 0
	for _, v := range c {
		n += v
	}
	out := make([]Symbol, n)
	var credit [NumSymbols]int
	for i := range n {
		best := -1
		for s := range NumSymbols {
			credit[s] += c[s]
			if c[s] > 0 && (best < 0 || credit[s] > credit[best]) {
				best = s
			}
		}
		credit[best] -= n
		out[(i+offset)%n] = Symbol(best)
	}
	return out
}

var games = func() (g [3][2]*game) {
	for p := range 3 {
		for f := range 2 {
			c, mult := baseCounts[p], int64(1)
			if f == 1 {
				c, mult = freeCounts, FreeGameMultiplier
			}
			var strips [Reels][]Symbol
			for r := range Reels {
				strips[r] = layout(c[r], r*7)
			}
			g[p][f] = newGame(strips, mult)
		}
	}
	return g
}()

func gameFor(prof Profile, free bool) *game {
	if free {
		return games[prof.index()][1]
	}
	return games[prof.index()][0]
}
