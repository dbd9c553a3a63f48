package brand

import (
	"fmt"
	"time"
)

// Rewards holds the promotions the reward centre runs (internal/rewards,
// docs/rewards.md); private.
type Rewards struct {
	// Welcome is the first-deposit match; off when Percent is 0.
	Welcome Welcome `json:"welcome"`
	// Rebate is the daily rebate; off when Rates is empty.
	Rebate Rebate `json:"rebate"`
	// VIP is the VIP club's terms (its levels are internal/vip's table).
	VIP VIP `json:"vip"`
	// Referral is the refer-a-friend rule (internal/referral); the program
	// runs while the REFERRAL switch is on and Amount is above zero.
	Referral Referral `json:"referral"`
	// Points are the points mall's earning and conversion rules (points.go).
	Points Points `json:"points"`
}

// VIP: the club's rewards (level-up, weekly, monthly) wait ClaimDays in the
// reward centre; a bonus-bets claim needs at least BonusBetsMin (minor
// units).
type VIP struct {
	ClaimDays    int   `json:"claimDays"`
	BonusBetsMin int64 `json:"bonusBetsMin"`
}

// Referral: a member registered with another's referral code qualifies
// when, within WindowDays of registering, its first deposit is at least
// MinFirstDeposit and its valid bets reach MinValidBets; the referrer then
// gets a CASH reward of Amount to claim within ClaimDays. A referral keeps
// the rule in force when its member registered. Minor units.
type Referral struct {
	Amount          int64 `json:"amount"`
	MinFirstDeposit int64 `json:"minFirstDeposit"`
	MinValidBets    int64 `json:"minValidBets"`
	WindowDays      int   `json:"windowDays"`
	ClaimDays       int   `json:"claimDays"`
}

// Limits of the referral rule.
const (
	MaxReferralAmount = 100_000_000
	MaxReferralDays   = 365
)

// ValidateReferral checks the referral rule (also the console's editor).
func ValidateReferral(r Referral) error {
	switch {
	case r.Amount == 0 && r.MinFirstDeposit == 0 && r.MinValidBets == 0 && r.WindowDays == 0 && r.ClaimDays == 0:
		return nil // off
	case r.Amount <= 0 || r.Amount > MaxReferralAmount:
		return fmt.Errorf("rewards.referral.amount: %d is not within 1..%d", r.Amount, MaxReferralAmount)
	case r.MinFirstDeposit < 0 || r.MinFirstDeposit > MaxReferralAmount, r.MinValidBets < 0 || r.MinValidBets > 100*MaxReferralAmount:
		return fmt.Errorf("rewards.referral: minFirstDeposit and minValidBets must not be negative or beyond the limits")
	case r.WindowDays < 1 || r.WindowDays > MaxReferralDays, r.ClaimDays < 1 || r.ClaimDays > MaxReferralDays:
		return fmt.Errorf("rewards.referral: windowDays and claimDays must be within 1..%d", MaxReferralDays)
	}
	return nil
}

// Rebate: every day at At (the brand's zone) each member's valid bets of the
// day before, per category, times the category's rate (basis points), issue
// a CASH reward when the sum reaches MinAmount, to claim within ClaimDays.
// Days before StartsAt (Unix ms) are not paid.
type Rebate struct {
	Rates     map[string]int64 `json:"rates"`
	At        string           `json:"at"` // "HH:MM"
	MinAmount int64            `json:"minAmount"`
	ClaimDays int              `json:"claimDays"`
	StartsAt  int64            `json:"startsAt"`
}

// DefaultRebateAt is Rebate.At when unset.
const DefaultRebateAt = "05:00"

// AtTime is At as a time of day.
func (r Rebate) AtTime() time.Duration {
	at := r.At
	if at == "" {
		at = DefaultRebateAt
	}
	t, err := time.Parse("15:04", at)
	if err != nil {
		return 5 * time.Hour
	}
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute
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
	if err := validateRebate(r.Rebate); err != nil {
		return err
	}
	if v := r.VIP; v.ClaimDays < 0 || v.ClaimDays > 365 || v.BonusBetsMin < 0 {
		return fmt.Errorf("rewards.vip: claimDays must be within 0..365 and bonusBetsMin not negative")
	}
	if err := ValidateReferral(r.Referral); err != nil {
		return err
	}
	if err := validatePoints(r.Points); err != nil {
		return err
	}
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

func validateRebate(r Rebate) error {
	for c, v := range r.Rates {
		if v < 0 || v > 1000 || c == "" {
			return fmt.Errorf("rewards.rebate.rates.%s: %d is not within 0..1000 basis points", c, v)
		}
	}
	if r.At != "" {
		if _, err := time.Parse("15:04", r.At); err != nil {
			return fmt.Errorf("rewards.rebate.at: %q is not HH:MM", r.At)
		}
	}
	if len(r.Rates) > 0 && (r.ClaimDays < 1 || r.ClaimDays > 365) {
		return fmt.Errorf("rewards.rebate.claimDays: %d is not within 1..365", r.ClaimDays)
	}
	if r.MinAmount < 0 {
		return fmt.Errorf("rewards.rebate.minAmount: %d is negative", r.MinAmount)
	}
	return nil
}
