package slot

import (
	"testing"

	"github.com/palaro/palaro/internal/fair"
)

// BenchmarkSimulateRound is the hot loop of bench/slotsim: one round (base
// spin and any free spins) on one goroutine.
func BenchmarkSimulateRound(b *testing.B) {
	bg, fg := gameFor(DefaultProfile, false), gameFor(DefaultProfile, true)
	var res SimResult
	b.ReportAllocs()
	b.ResetTimer()
	simulate(bg, fg, newFastSource(1), int64(b.N), &res)
}

// BenchmarkPlayBase is a public base spin drawn from the HMAC stream.
func BenchmarkPlayBase(b *testing.B) {
	src := fair.NewStream("0000000000000000000000000000000000000000000000000000000000000000", "bench", 0)
	b.ReportAllocs()
	for b.Loop() {
		PlayBase(src, DefaultProfile)
	}
}
