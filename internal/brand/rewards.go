package brand

import "fmt"

// Rewards holds the promotions the reward centre runs (internal/rewards,
// docs/rewards.md); private.
type Rewards struct {
	// Welcome is the first-deposit match; off when Percent is 0.
	Welcome Welcome `json:"welcome"`
}

// Welcome: a member's first deposit of at least MinDeposit, credited at or
// after StartsAt, issues a BONUS reward of Percent of it, at most Cap, to
// claim within ClaimDays; the bonus needs WagerMultiple times the bonus
// (plus the deposit with WagerWithDeposit) in weighted valid bets, allows
// bets up to MaxBet and lasts ValidDays after its claim. Amounts are
// integer minor units; Weights are basis points per game category.
type Welcome struct {
	Percent          int64            `json:"percent"`
	Cap              int64            `json:"cap"`
	MinDeposit       int64            `json:"minDeposit"`
	WagerMultiple    int64            `json:"wagerMultiple"`
	WagerWithDeposit bool             `json:"wagerWithDeposit"`
	MaxBet           int64            `json:"maxBet"`
	MaxConvert       int64            `json:"maxConvert,omitempty"`
	ClaimDays        int              `json:"claimDays"`
	ValidDays        int              `json:"validDays"`
	Weights          map[string]int64 `json:"weights"`
	StartsAt         int64            `json:"startsAt"` // Unix ms
}

func validateRewards(r Rewards) error {
	w := r.Welcome
	switch {
	case w.Percent < 0 || w.Percent > 1000:
		return fmt.Errorf("rewards.welcome.percent: %d is not within 0..1000", w.Percent)
	case w.Percent == 0:
		return nil
	case w.Cap <= 0, w.MinDeposit < 0, w.WagerMultiple < 0 || w.WagerMultiple > 100, w.MaxBet < 0, w.MaxConvert < 0:
		return fmt.Errorf("rewards.welcome: cap must be positive; minDeposit, maxBet, maxConvert not negative; wagerMultiple within 0..100")
	case w.ClaimDays < 1 || w.ClaimDays > 365, w.ValidDays < 1 || w.ValidDays > 365:
		return fmt.Errorf("rewards.welcome: claimDays and validDays must be within 1..365")
	}
	for c, v := range w.Weights {
		if v < 0 || v > 10000 || c == "" {
			return fmt.Errorf("rewards.welcome.weights.%s: %d is not within 0..10000", c, v)
		}
	}
	return nil
}
