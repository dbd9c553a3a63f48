package slot

// Generators of the sections of docs/games/slot.md between
// "<!-- generated:... -->" markers; the tests compare them with the file
// (go test -run Doc -update rewrites them after a reviewed change).

import (
	"fmt"
	"strings"

	"github.com/palaro/palaro/internal/fair"
)

const docPath = "docs/games/slot.md"

func pct(f float64) string { return fmt.Sprintf("%.4f%%", f*100) }

// parTable is the machine-readable par sheet; TestParSheetDocRTP parses it.
func parTable(pars []Par) string {
	var b strings.Builder
	b.WriteString("| profile | RTP | base RTP | feature RTP | hit frequency | feature 1 in | free spins per feature | feature mean (x bet) | σ per round (x bet) | volatility index (1.645σ) | top award (x bet) | top award 1 in (rounds) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range pars {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %.2f | %.4f | %.4f | %.4f | %.3f | %g | %.4g |\n",
			p.Profile, pct(p.RTP), pct(p.BaseRTP), pct(p.FeatureRTP), pct(p.HitFrequency), 1/p.TriggerFrequency,
			p.FreeSpinsPerTrigger, p.FeatureMean, p.StdDev, 1.645*p.StdDev, p.TopAward, 1/p.TopAwardRate)
	}
	b.WriteString("\n| profile | base combinations | base top award (x bet) | at stops | P per base spin | free combinations | free top award (x bet, ×2 included) | at stops | P per free spin | P(feature reaches the 100-spin cap) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range pars {
		fmt.Fprintf(&b, "| %s | %d | %g | %s | %.4g | %d | %g | %s | %.4g | %.3g |\n",
			p.Profile, p.BaseCombos, p.BaseTopAward, stopsString(p.BaseTopStops), p.BaseTopProb,
			p.FreeCombos, p.FreeTopAward, stopsString(p.FreeTopStops), p.FreeTopProb, p.CapProbability)
	}
	return b.String()
}

func stopsString(s [Reels]int) string {
	return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(s)), " "), "[]")
}

func paytableDoc() string {
	var b strings.Builder
	b.WriteString("| symbol | 3 | 4 | 5 |\n|---|---|---|---|\n")
	for s := Wild; s < NumSymbols; s++ {
		if s == Scatter {
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", s, linePays[s][3], linePays[s][4], linePays[s][5])
	}
	b.WriteString("\nScatter (SCATTER anywhere, in TOTAL bets, ×2 in free spins) and free spins awarded:\n\n| scatters | pays (x total bet) | free spins |\n|---|---|---|\n")
	for n := 3; n <= Reels; n++ {
		fmt.Fprintf(&b, "| %d | %d | %d |\n", n, scatterPays[n], freeSpinAwards[n])
	}
	b.WriteString("\nPaylines (row on reels 1..5, 0 = top):\n\n| line | rows |\n|---|---|\n")
	for l, rows := range paylines {
		fmt.Fprintf(&b, "| %d | %s |\n", l, stopsString(rows))
	}
	return b.String()
}

func stripsDoc() string {
	var b strings.Builder
	b.WriteString("| profile | game | reel | length | strip (index 0 first) |\n|---|---|---|---|---|\n")
	for _, p := range Profiles() {
		for _, free := range []bool{false, true} {
			game := "base"
			if free {
				game = "free"
			}
			for r, s := range ReelStrips(p, free) {
				names := make([]string, len(s))
				for i, sym := range s {
					names[i] = sym.String()
				}
				fmt.Fprintf(&b, "| %s | %s | %d | %d | %s |\n", p, game, r+1, len(s), strings.Join(names, " "))
			}
		}
	}
	return b.String()
}

// vectorSeed is the server seed of the determinism vectors: SHA-256("palaro-slot") in hex.
const (
	vectorServerSeed = "28b65ce87b07e38e76132da5ff7cc3c34e6476bdb299a63edaa97582c3456035"
	vectorClientSeed = "fiesta"
)

type vector struct {
	prof  Profile
	nonce uint64
}

// vectorNonces picks the vectors: nonces 0..2 for every profile and the
// first nonce of profile 96 whose base spin awards free spins.
func vectorNonces() []vector {
	var v []vector
	for _, p := range Profiles() {
		for n := range uint64(3) {
			v = append(v, vector{p, n})
		}
	}
	for n := uint64(0); ; n++ {
		if PlayBase(fair.NewStream(vectorServerSeed, vectorClientSeed, n), Profile96).FreeSpinsAwarded > 0 {
			return append(v, vector{Profile96, n})
		}
	}
}

func gridString(g [Reels][Rows]Symbol) string {
	rows := make([]string, Rows)
	for row := range Rows {
		cells := make([]string, Reels)
		for r := range Reels {
			cells[r] = g[r][row].String()
		}
		rows[row] = strings.Join(cells, " ")
	}
	return strings.Join(rows, " / ")
}

func vectorsDoc() string {
	var b strings.Builder
	fmt.Fprintf(&b, "serverSeed `%s`, clientSeed `%s`. Multipliers in 1/10000 of the total bet.\n\n", vectorServerSeed, vectorClientSeed)
	b.WriteString("| profile | nonce | spin | stops | grid (top / middle / bottom row) | line wins (line:symbol×count=multiplier) | scatters | free spins awarded | spin multiplier | round multiplier |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, v := range vectorNonces() {
		rd := PlayRound(fair.NewStream(vectorServerSeed, vectorClientSeed, v.nonce), v.prof)
		for i, sp := range rd.Spins {
			name := "base"
			if i > 0 {
				name = fmt.Sprintf("free %d", i)
			}
			wins := make([]string, len(sp.Lines))
			for j, l := range sp.Lines {
				wins[j] = fmt.Sprintf("%d:%s×%d=%d", l.Line, l.Symbol, l.Count, l.Multiplier)
			}
			round := ""
			if i == len(rd.Spins)-1 {
				round = fmt.Sprint(rd.Multiplier)
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %d | %d | %d | %s |\n", v.prof, v.nonce, name, stopsString(sp.Stops),
				gridString(sp.Grid), strings.Join(wins, " "), sp.Scatter, sp.FreeSpinsAwarded, sp.Multiplier, round)
		}
	}
	return b.String()
}
