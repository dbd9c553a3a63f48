package brand

import "fmt"

// Points are the points mall's rules (internal/points, docs/rewards.md
// "Points mall"); private. Earning is off when Earn is empty.
type Points struct {
	// Earn is, per game category (RNG, LIVE, ...) and "DEPOSIT" for credited
	// deposits, how many points every Per minor units of valid bet (or of
	// deposit) earn.
	Earn map[string]PointsRule `json:"earn"`
	// Convert turns points into a CASH reward; off when Points is 0.
	Convert PointsConvert `json:"convert"`
	// ClaimDays is how long a reward the mall issues waits in the reward
	// centre (default 7).
	ClaimDays int `json:"claimDays"`
}

// PointsDeposit is the Earn key of credited deposits.
const PointsDeposit = "DEPOSIT"

// PointsRule: Points points for every Per minor units.
type PointsRule struct {
	Per    int64 `json:"per"`
	Points int64 `json:"points"`
}

// PointsConvert: Amount minor units for every Points points, MinPoints at
// least per conversion; a conversion is a whole number of Points.
type PointsConvert struct {
	Points    int64 `json:"points"`
	Amount    int64 `json:"amount"`
	MinPoints int64 `json:"minPoints"`
}

// PointsClaimDays is ClaimDays with its default.
func (p Points) PointsClaimDays() int {
	if p.ClaimDays <= 0 {
		return 7
	}
	return p.ClaimDays
}

func validatePoints(p Points) error {
	for c, r := range p.Earn {
		if c == "" || r.Per <= 0 || r.Points < 0 || r.Points > 1_000_000 {
			return fmt.Errorf("rewards.points.earn.%s: per must be positive, points within 0..1000000", c)
		}
	}
	c := p.Convert
	if c.Points < 0 || c.Amount < 0 || c.MinPoints < 0 || (c.Points > 0 && c.Amount <= 0) {
		return fmt.Errorf("rewards.points.convert: points, amount and minPoints not negative; amount positive when points is set")
	}
	if p.ClaimDays < 0 || p.ClaimDays > 365 {
		return fmt.Errorf("rewards.points.claimDays: %d is not within 0..365", p.ClaimDays)
	}
	return nil
}
