package slot

import (
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/palaro/palaro/internal/fair"
)

// The simulation: whole rounds (a base spin and the free spins it leads to)
// on a fast generator, in parallel, through the same evaluator as
// PlayBase/PlayFree, without allocating.

// fastSource is ChaCha8 with the draw contract of fair.Stream
// (Intn = floor(Uint32 * n / 2^32)).
type fastSource struct{ r *rand.ChaCha8 }

func newFastSource(seed uint64) *fastSource {
	var s [32]byte
	for i := range 8 {
		s[i] = byte(seed >> (8 * i))
	}
	return &fastSource{r: rand.NewChaCha8(s)}
}

func (f *fastSource) Uint32() uint32 { return uint32(f.r.Uint64() >> 32) }
func (f *fastSource) Intn(n int) int { return fair.Scale(f.Uint32(), n) }

// SimResult sums a simulation. Wins are in line bets (1/20 of the total bet).
type SimResult struct {
	Rounds    int64
	Sum       int64   // total win, line bets
	SumSq     float64 // sum of squared round wins, total bets squared
	Hits      int64   // base spins with a win
	Triggers  int64   // base spins that awarded free spins
	FreeSpins int64   // free spins played
	Capped    int64   // rounds that reached MaxFreeSpins
	Max       int64   // largest round win, line bets
}

// RTP is the measured return per round as a fraction of the total bet.
func (s SimResult) RTP() float64 { return float64(s.Sum) / NumLines / float64(s.Rounds) }

func (s *SimResult) add(o SimResult) {
	s.Rounds += o.Rounds
	s.Sum += o.Sum
	s.SumSq += o.SumSq
	s.Hits += o.Hits
	s.Triggers += o.Triggers
	s.FreeSpins += o.FreeSpins
	s.Capped += o.Capped
	s.Max = max(s.Max, o.Max)
}

// Simulate plays rounds of prof on workers goroutines (0 = GOMAXPROCS),
// worker w drawing from ChaCha8 seeded with seed*1000003+w; the result
// depends only on (prof, rounds, seed, workers).
func Simulate(prof Profile, rounds int64, seed uint64, workers int) SimResult {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	bg, fg := gameFor(prof, false), gameFor(prof, true)
	parts := make([]SimResult, workers)
	var wg sync.WaitGroup
	per := rounds / int64(workers)
	for w := range workers {
		n := per
		if w == workers-1 {
			n = rounds - per*int64(workers-1)
		}
		wg.Add(1)
		go func(res *SimResult) {
			defer wg.Done()
			simulate(bg, fg, newFastSource(seed*1000003+uint64(w)), n, res)
		}(&parts[w])
	}
	wg.Wait()
	var t SimResult
	for _, p := range parts {
		t.add(p)
	}
	return t
}

func simulate(bg, fg *game, src *fastSource, n int64, res *SimResult) {
	var stops [Reels]int
	draw := func(g *game) {
		for r := range Reels {
			stops[r] = src.Intn(g.lens[r])
		}
	}
	for range n {
		draw(bg)
		win, scat := bg.evalStops(&stops)
		if win > 0 {
			res.Hits++
		}
		if awarded := CappedAward(0, freeSpinAwards[min(scat, Reels)]); awarded > 0 {
			res.Triggers++
			for played := 0; played < awarded; played++ {
				draw(fg)
				w, s := fg.evalStops(&stops)
				win += w
				awarded += CappedAward(awarded, freeSpinAwards[min(s, Reels)])
				res.FreeSpins++
			}
			if awarded == MaxFreeSpins {
				res.Capped++
			}
		}
		res.Sum += win
		f := float64(win) / NumLines
		res.SumSq += f * f
		res.Max = max(res.Max, win)
	}
	res.Rounds += n
}
