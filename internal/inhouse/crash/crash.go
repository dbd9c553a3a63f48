// Package crash is the maths of Crash: one shared round at a time whose
// crash point comes from the published hash chain (fair.CrashPoint); the
// multiplier grows with time from 1.00x until it reaches the point; a bet
// cashed out (by hand or at its set target) at or below the point wins
// bet * multiplier. Points and multipliers here are in hundredths
// (100 = 1.00x). Par sheet: docs/games/crash.md.
package crash

import (
	"math"
	"math/big"
	"time"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

const (
	// MinTarget and MaxTarget bound a cash-out target (automatic or the
	// multiplier at a manual cash-out): 1.01x .. 1,000,000.00x. The top
	// award of the game is MaxTarget.
	MinTarget = 101
	MaxTarget = 100_000_000
	// Growth is the multiplier's growth rate per millisecond of flight:
	// multiplier(t) = e^(Growth * t ms); 2x after 11.553 s, 10x after 38.376 s.
	Growth = 0.00006
)

// Point is the crash point of the round with this chain hash, in hundredths.
func Point(hash, salt string) int64 { return fair.CrashPoint(hash, salt) }

// MultiplierAt is floor(100 * e^(Growth * ms)) in hundredths, ms the whole
// milliseconds of flight (negative counts as 0). The display curve; the
// round's result is decided by comparing targets with the point.
func MultiplierAt(elapsed time.Duration) int64 {
	ms := elapsed.Milliseconds()
	if ms < 0 {
		ms = 0
	}
	return int64(math.Floor(100 * math.Exp(Growth*float64(ms))))
}

// TimeTo is the first whole millisecond at which MultiplierAt reaches point
// (0 for points at or below 1.00x).
func TimeTo(point int64) time.Duration {
	if point <= 100 {
		return 0
	}
	ms := int64(math.Ceil(math.Log(float64(point)/100) / Growth))
	for ms > 0 && MultiplierAt(time.Duration(ms-1)*time.Millisecond) >= point {
		ms--
	}
	for MultiplierAt(time.Duration(ms)*time.Millisecond) < point {
		ms++
	}
	return time.Duration(ms) * time.Millisecond
}

// CheckTarget accepts cash-out targets from MinTarget to MaxTarget.
func CheckTarget(target int64) error {
	if target < MinTarget || target > MaxTarget {
		return apperr.Invalid("crash.bad_target").With("min", "1.01").With("max", "1000000.00")
	}
	return nil
}

// Wins reports whether a bet cashing out at target wins in a round crashing
// at point: the target must be reached, point >= target.
func Wins(point, target int64) bool { return point >= target }

var e52 = new(big.Int).Lsh(big.NewInt(1), 52)

// Reach is the exact probability that a round's point is at least x
// hundredths, as a fraction count / 2^52 of the equally likely 52-bit
// numbers r: r must not be a multiple of 33 and 100 + floor(99r/(e-r)) >= x,
// i.e. r >= ceil((x-100) * e / (x-1)).
func Reach(x int64) (count *big.Int, total *big.Int) {
	total = new(big.Int).Set(e52)
	if x <= 100 {
		return new(big.Int).Set(e52), total
	}
	// r0 = ceil((x-100) e / (x-1))
	num := new(big.Int).Mul(big.NewInt(x-100), e52)
	den := big.NewInt(x - 1)
	r0 := new(big.Int).Add(num, new(big.Int).Sub(den, big.NewInt(1)))
	r0.Quo(r0, den)
	if r0.Cmp(e52) >= 0 {
		return new(big.Int), total
	}
	count = new(big.Int).Sub(e52, r0)
	// multiples of 33 in [r0, e) = ceil(e/33) - ceil(r0/33)
	m := new(big.Int).Sub(ceilDiv(e52, fair.CrashBustModulus), ceilDiv(r0, fair.CrashBustModulus))
	count.Sub(count, m)
	return count, total
}

func ceilDiv(a *big.Int, d int64) *big.Int {
	bd := big.NewInt(d)
	q := new(big.Int).Add(a, big.NewInt(d-1))
	return q.Quo(q, bd)
}

// ReachProbability is Reach as a float64.
func ReachProbability(x int64) float64 {
	c, t := Reach(x)
	f, _ := new(big.Rat).SetFrac(c, t).Float64()
	return f
}

// Stats of a bet with a cash-out target (hundredths), multipliers as
// multiples of the stake: HitFrequency = P(point >= target), RTP =
// HitFrequency * target/100, Variance = HitFrequency * m^2 - RTP^2.
type Stats struct{ RTP, HitFrequency, Variance float64 }

// Exact computes the Stats of cashing out at target.
func Exact(target int64) Stats {
	p := ReachProbability(target)
	m := float64(target) / 100
	rtp := p * m
	return Stats{RTP: rtp, HitFrequency: p, Variance: p*m*m - rtp*rtp}
}

func init() {
	apperr.Register("crash.bad_target", map[string]string{
		"EN": "Choose a cash-out multiplier from {min}x to {max}x.",
		"TY": "Pumili ng multiplier sa pag-cash out mula {min}x hanggang {max}x.",
	})
}
