package crash

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/fair/fairtest"
	"github.com/palaro/palaro/internal/platform/apperr"
)

const e = uint64(1) << 52

// Reach must put its boundary exactly where CrashPointFromNumber changes:
// the smallest qualifying r reaches x and the number below it does not.
func TestReachBoundary(t *testing.T) {
	for _, x := range []int64{101, 102, 150, 199, 200, 201, 333, 1000, 9999, 12345, 100000, 1000000, MaxTarget} {
		num := new(big.Int).Mul(big.NewInt(x-100), new(big.Int).SetUint64(e))
		den := big.NewInt(x - 1)
		num.Add(num, new(big.Int).Sub(den, big.NewInt(1)))
		b := num.Quo(num, den).Uint64()
		for r := b - 40; r < b+40 && r < e; r++ {
			reach := r%33 != 0 && r >= b
			if got := fair.CrashPointFromNumber(r) >= x; got != reach {
				t.Fatalf("x=%d r=%d: point %d, reach %v", x, r, fair.CrashPointFromNumber(r), reach)
			}
		}
	}
}

// The 2^52 numbers cannot be enumerated, so the exact count is checked
// against the closed form 32/33 * 99/(x-1) (and by simulation below).
func TestReachClosedForm(t *testing.T) {
	for _, x := range []int64{101, 110, 200, 1000, 100000, MaxTarget} {
		want := 32.0 / 33 * 99 / float64(x-1)
		got := ReachProbability(x)
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("P(point >= %d) = %.12f, closed form %.12f", x, got, want)
		}
	}
	if ReachProbability(100) != 1 {
		t.Error("P(point >= 1.00x) must be 1")
	}
}

func TestExactRTP(t *testing.T) {
	for _, x := range []int64{101, 150, 200, 1000, 10000, 1000000, MaxTarget} {
		ex := Exact(x)
		// RTP = 32/33 * 0.99 * x/(x-1): between 95.9% and 96.98%.
		if ex.RTP < 0.959 || ex.RTP > 0.9698 {
			t.Errorf("RTP(%d) = %v", x, ex.RTP)
		}
	}
}

func TestCheckTarget(t *testing.T) {
	for _, x := range []int64{0, 100, MaxTarget + 1, -5} {
		if err := CheckTarget(x); !errors.Is(err, apperr.Invalid("crash.bad_target")) {
			t.Errorf("%d: %v", x, err)
		}
	}
	for _, x := range []int64{MinTarget, 200, MaxTarget} {
		if err := CheckTarget(x); err != nil {
			t.Errorf("%d: %v", x, err)
		}
	}
	if !Wins(200, 200) || Wins(199, 200) {
		t.Error("Wins boundary")
	}
}

func TestMultiplierCurve(t *testing.T) {
	if MultiplierAt(0) != 100 || MultiplierAt(-time.Second) != 100 {
		t.Fatal("start must be 1.00x")
	}
	// ln 2 / 0.00006 = 11552.45 ms
	if m := MultiplierAt(11552 * time.Millisecond); m != 199 {
		t.Errorf("at 11.552s: %d", m)
	}
	if m := MultiplierAt(11553 * time.Millisecond); m != 200 {
		t.Errorf("at 11.553s: %d", m)
	}
	for _, p := range []int64{100, 101, 150, 200, 1000, 123456, MaxTarget, 446_744_073_709_551_616} {
		d := TimeTo(p)
		if MultiplierAt(d) < p {
			t.Fatalf("TimeTo(%d) = %v reaches only %d", p, d, MultiplierAt(d))
		}
		if d > 0 && MultiplierAt(d-time.Millisecond) >= p {
			t.Fatalf("TimeTo(%d) = %v is not the first millisecond", p, d)
		}
	}
	prev := int64(0)
	for ms := int64(0); ms < 300_000; ms += 7 {
		m := MultiplierAt(time.Duration(ms) * time.Millisecond)
		if m < prev {
			t.Fatalf("curve falls at %d ms", ms)
		}
		prev = m
	}
}

// fastPoint draws a 52-bit r from the fast source, as the HMAC does.
func fastPoint(src fair.Source) int64 {
	r := uint64(src.Uint32())<<20 | uint64(src.Uint32()>>12)
	return fair.CrashPointFromNumber(r)
}

func TestSimulationFast(t *testing.T) {
	const n = 1_000_000
	for i, x := range []int64{101, 200, 1000, 10000} {
		ex := Exact(x)
		sum, _, wins := fairtest.Simulate(n, uint64(i+1), func(src fair.Source) int64 {
			if fastPoint(src) >= x {
				return x * 100
			}
			return 0
		})
		fairtest.CheckRTP(t, fmt.Sprintf("crash target %d", x), sum, n, ex.RTP, ex.Variance)
		fairtest.CheckRate(t, "crash hits", wins, n, ex.HitFrequency)
	}
	// Instant bust at 1.00x: r % 33 == 0 or r < e/100.
	_, _, busts := fairtest.Simulate(n, 99, func(src fair.Source) int64 {
		if fastPoint(src) == 100 {
			return 1
		}
		return 0
	})
	fairtest.CheckRate(t, "crash 1.00x", busts, n, 1-ReachProbability(101))
}

// Real chain: 100,000 rounds of a generated hash chain, played backwards.
func TestSimulationChain(t *testing.T) {
	const n = 100_000
	chain := fair.Chain("palaro-sim-chain", n)
	x := int64(200)
	ex := Exact(x)
	var sum int64
	for i := n - 1; i >= 0; i-- {
		if Point(chain[i], "palaro-salt") >= x {
			sum += x * 100
		}
	}
	fairtest.CheckRTP(t, "crash chain", sum, n, ex.RTP, ex.Variance)
}

// The top award is reachable: r = e-1 gives the largest point of all, far
// above MaxTarget; and the r that reaches exactly MaxTarget exists.
func TestTopAwardReachable(t *testing.T) {
	if p := fair.CrashPointFromNumber(e - 1); p < MaxTarget {
		t.Fatalf("largest point %d", p)
	}
	c, _ := Reach(MaxTarget)
	if c.Sign() <= 0 {
		t.Fatal("MaxTarget unreachable")
	}
}

func TestParSheetDoc(t *testing.T) {
	fairtest.DocSection(t, "docs/games/crash.md", "crash-par", parSheet())
}

func parSheet() string {
	var b strings.Builder
	b.WriteString("| cash-out target | P(point ≥ target) = hit frequency | 1 in | RTP | σ (per unit bet) | time to reach |\n|---|---|---|---|---|---|\n")
	for _, x := range []int64{101, 110, 125, 150, 200, 300, 500, 1000, 2500, 5000, 10000, 100000, 1000000, 10000000, MaxTarget} {
		ex := Exact(x)
		fmt.Fprintf(&b, "| %d.%02dx | %.6g | %.4g | %.4f%% | %.3f | %.2f s |\n", x/100, x%100, ex.HitFrequency, 1/ex.HitFrequency,
			ex.RTP*100, math.Sqrt(ex.Variance), TimeTo(x).Seconds())
	}
	fmt.Fprintf(&b, "\nP(point = 1.00x) = %.6f (r %% 33 == 0: %.6f; r < 2^52/100: the rest).\n", 1-ReachProbability(101), 1.0/33)
	return b.String()
}
