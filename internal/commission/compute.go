package commission

import (
	"math/big"
)

// The computations are pure: team figures and a contract's terms in, a bill's
// amount and how it was reached out. docs/agents.md, "Contracts and
// commissions", has a worked example of each; compute_test.go computes
// exactly those.

// BasisPoints is 100 %: rates are integer basis points (1 bp = 0.01 %).
const BasisPoints = 10_000

// TeamTotals are a team's figures over one period, integer minor units.
type TeamTotals struct {
	ValidBets     int64 `json:"validBets"`
	Bets          int64 `json:"bets"`
	Wins          int64 `json:"wins"`
	NetLoss       int64 `json:"netLoss"`       // Bets - Wins: what the team lost (negative: the team won)
	ActiveMembers int64 `json:"activeMembers"` // members with valid bets of at least the brand minimum in the period
}

// Result is a computed bill: the amount and the inputs that decided it.
type Result struct {
	Amount   int64 // what the payee is owed, minor units, never negative
	Tier     int   // 1-based tier reached, 0: none
	Rate     int64 // bp of the tier (dividend, wages)
	CarryIn  int64 // dividend: the earlier periods' team win still to be recovered (<= 0)
	CarryOut int64 // dividend: what the next period starts with (<= 0)
}

// share is amount × rate / 10,000, rounded down (towards zero for the
// non-negative amounts it gets), without overflow.
func share(amount, rate int64) int64 {
	if amount <= 0 || rate <= 0 {
		return 0
	}
	var p big.Int
	p.Mul(big.NewInt(amount), big.NewInt(rate))
	p.Quo(&p, big.NewInt(BasisPoints))
	return p.Int64()
}

// reached is the highest tier whose every threshold the figures meet
// (1-based; 0 when none). Tiers are validated to rise, so a later tier
// reached beats an earlier one.
func reached(tiers []Tier, validBets, netLoss, active int64) int {
	best := 0
	for i, t := range tiers {
		if validBets >= t.ValidBets && netLoss >= t.NetLoss && active >= t.ActiveMembers {
			best = i + 1
		}
	}
	return best
}

// Dividend computes a dividend bill. carryIn is the previous period's
// CarryOut under the same contract (0 for the first). The period's net loss
// is first set against the carried team win: effective = NetLoss + carryIn.
// The tier is chosen on the period's valid bets, the effective net loss and
// the active members, and the rate applies to the effective net loss. When
// the effective net loss is negative (the team won, net of what was
// carried), nothing is paid and it carries into the next period; otherwise
// the carry is used up (CarryOut 0), whether a tier was reached or not.
func Dividend(t TeamTotals, tiers []Tier, carryIn int64) Result {
	if carryIn > 0 {
		carryIn = 0
	}
	eff := t.NetLoss + carryIn
	r := Result{CarryIn: carryIn}
	if eff < 0 {
		r.CarryOut = eff
		return r
	}
	r.Tier = reached(tiers, t.ValidBets, eff, t.ActiveMembers)
	if r.Tier == 0 {
		return r
	}
	r.Rate = tiers[r.Tier-1].Rate
	r.Amount = share(eff, r.Rate)
	return r
}

// Wage computes a daily or hourly wage bill: the tier reached by the
// period's valid bets and active members, its rate on the valid bets.
func Wage(t TeamTotals, tiers []Tier) Result {
	var r Result
	r.Tier = reached(tiers, t.ValidBets, 0, t.ActiveMembers)
	if r.Tier == 0 {
		return r
	}
	r.Rate = tiers[r.Tier-1].Rate
	r.Amount = share(t.ValidBets, r.Rate)
	return r
}

// Realtime computes a real-time salary bill over one 5-minute window: the
// bet rate on every valid bet, plus the loss rate on the team's net loss
// when the team lost in the window, or the win rate on the team's net win
// when it won. There are no tiers and nothing carries over.
func Realtime(t TeamTotals, rates Rates) Result {
	amount := share(t.ValidBets, rates.BetRate)
	switch {
	case t.NetLoss > 0:
		amount += share(t.NetLoss, rates.LossRate)
	case t.NetLoss < 0:
		amount += share(-t.NetLoss, rates.WinRate)
	}
	return Result{Amount: amount}
}

// rateAt is what a contract's tiers pay at the given figures (0: no tier).
func rateAt(tiers []Tier, validBets, netLoss, active int64) int64 {
	if i := reached(tiers, validBets, netLoss, active); i > 0 {
		return tiers[i-1].Rate
	}
	return 0
}

// withinBound reports whether every tier of offer pays at most what bound
// pays at that tier's thresholds, and returns the first tier (1-based) that
// does not. Since a contract's rate only rises with the figures, checking
// each offered tier at its own thresholds covers every figures the offer
// could meet: at any figures the offer pays the rate of some tier t whose
// thresholds they meet, and bound pays at least its rate at t's thresholds.
func withinBound(offer, bound Terms) (bool, int) {
	if offer.Realtime != nil || bound.Realtime != nil {
		if offer.Realtime == nil || bound.Realtime == nil {
			return false, 0
		}
		o, b := *offer.Realtime, *bound.Realtime
		return o.WinRate <= b.WinRate && o.LossRate <= b.LossRate && o.BetRate <= b.BetRate, 0
	}
	for i, t := range offer.Tiers {
		if t.Rate > rateAt(bound.Tiers, t.ValidBets, t.NetLoss, t.ActiveMembers) {
			return false, i + 1
		}
	}
	return true, 0
}
