// Package fairtest holds what the games' tests share: a fast Source for
// large simulations, a scripted Source that forces chosen draws (to prove an
// award reachable), and the RTP tolerance check.
package fairtest

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/fair"
)

// Fast is a ChaCha8 generator with the Source contract of fair.Stream
// (Intn = floor(Uint32 * n / 2^32)); about 20 times faster than HMAC.
type Fast struct{ r *rand.ChaCha8 }

// NewFast seeds a Fast source from one number (tests use fixed seeds).
func NewFast(seed uint64) *Fast {
	var s [32]byte
	for i := range 8 {
		s[i] = byte(seed >> (8 * i))
	}
	return &Fast{r: rand.NewChaCha8(s)}
}

func (f *Fast) Uint32() uint32 { return uint32(f.r.Uint64() >> 32) }
func (f *Fast) Intn(n int) int { return fair.Scale(f.Uint32(), n) }

// Scripted returns the given 32-bit words in order, then panics. Words(n, k)
// gives the word that makes Intn(n) return k.
type Scripted struct {
	Words []uint32
	i     int
}

func (s *Scripted) Uint32() uint32 {
	w := s.Words[s.i]
	s.i++
	return w
}
func (s *Scripted) Intn(n int) int { return fair.Scale(s.Uint32(), n) }

// Used reports how many words were drawn.
func (s *Scripted) Used() int { return s.i }

// Word is the smallest u with floor(u * n / 2^32) == k.
func Word(n, k int) uint32 {
	return uint32((uint64(k)<<32 + uint64(n) - 1) / uint64(n))
}

// K is the number of standard deviations the simulated RTP may differ from
// the exact one: a false alarm at 5 sigma has probability below 1e-6 per
// check, yet an error of a few tenths of a percent in a game fails.
const K = 5.0

// Simulate runs rounds in parallel (one Fast source per worker, seeded from
// seed) and returns the sum of the multipliers (1/10000 units) and the sum of
// their squares (in whole-stake units squared, as float64) and the wins.
func Simulate(rounds int, seed uint64, play func(src fair.Source) int64) (sum int64, sumSq float64, wins int) {
	workers := runtime.GOMAXPROCS(0)
	var mu sync.Mutex
	var wg sync.WaitGroup
	per := rounds / workers
	for w := range workers {
		n := per
		if w == workers-1 {
			n = rounds - per*(workers-1)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := NewFast(seed*1000003 + uint64(w))
			var s int64
			var sq float64
			var hits int
			for range n {
				m := play(src)
				s += m
				f := float64(m) / 10000
				sq += f * f
				if m > 0 {
					hits++
				}
			}
			mu.Lock()
			sum += s
			sumSq += sq
			wins += hits
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum, sumSq, wins
}

// CheckRTP fails t when the measured mean multiplier (sum in 1/10000 over n
// rounds) is further than K * sigma / sqrt(n) from the exact RTP.
func CheckRTP(t testing.TB, name string, sum int64, n int, rtp, variance float64) {
	t.Helper()
	got := float64(sum) / 10000 / float64(n)
	tol := K * math.Sqrt(variance/float64(n))
	if math.Abs(got-rtp) > tol {
		t.Errorf("%s: simulated RTP %.5f, exact %.5f, tolerance %.5f (n=%d)", name, got, rtp, tol, n)
	} else {
		t.Logf("%s: simulated RTP %.5f, exact %.5f, tolerance ±%.5f (n=%d)", name, got, rtp, tol, n)
	}
}

// CheckRate is CheckRTP for a frequency: hits out of n against probability p.
func CheckRate(t testing.TB, name string, hits, n int, p float64) {
	t.Helper()
	got := float64(hits) / float64(n)
	tol := K * math.Sqrt(p*(1-p)/float64(n))
	if math.Abs(got-p) > tol {
		t.Errorf("%s: hit frequency %.5f, exact %.5f, tolerance %.5f", name, got, p, tol)
	}
}
