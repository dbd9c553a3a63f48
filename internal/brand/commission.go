package brand

import (
	"fmt"
	"time"
)

// Commission holds the agents' contract rules (internal/commission,
// docs/agents.md "Contracts and commissions"); private. The four switches
// are the spec's consolidated contract info: the contract types the brand
// offers, and the agent-centre pages shown for them.
type Commission struct {
	DailySalary    bool `json:"dailysalreqtype"`    // daily wage contracts
	Dividend       bool `json:"divtypereq"`         // dividend contracts
	HourlySalary   bool `json:"contracthoursalreq"` // hourly wage contracts
	RealtimeSalary bool `json:"realtimesalreqtype"` // real-time salary contracts
	// ActiveMin is the valid bets (integer minor units) in a period that
	// make a team member active for the contracts' tiers.
	ActiveMin int64 `json:"activeMin"`
	// PlatformApproval holds every bill the platform pays (to top agents)
	// for an operator's approval.
	PlatformApproval bool `json:"platformApproval,omitempty"`
	// ExpireDays: a bill its payer cannot pay this many days after its
	// period ends is paid in part from what the payer has, or expires; 0:
	// DefaultCommissionExpireDays.
	ExpireDays int `json:"expireDays,omitempty"`
	// SettleAt is the brand's time of day ("HH:MM", its zone) at which a
	// day's wages and daily dividends are settled, the day after; empty:
	// DefaultCommissionSettleAt.
	SettleAt string `json:"settleAt,omitempty"`
}

// DefaultCommissionSettleAt is Commission.SettleAt when unset: late
// rounds of the day have settled by then.
const DefaultCommissionSettleAt = "00:30"

// SettleTime is SettleAt as a time of day.
func (c Commission) SettleTime() time.Duration {
	at := c.SettleAt
	if at == "" {
		at = DefaultCommissionSettleAt
	}
	t, err := time.Parse("15:04", at)
	if err != nil {
		return 0
	}
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute
}

// DefaultCommissionExpireDays is Commission.ExpireDays when unset.
const DefaultCommissionExpireDays = 7

func validateCommission(c Commission) error {
	if c.ActiveMin < 0 {
		return fmt.Errorf("commission.activeMin: %d is negative", c.ActiveMin)
	}
	if c.ExpireDays < 0 || c.ExpireDays > 366 {
		return fmt.Errorf("commission.expireDays: %d is not within 0..366", c.ExpireDays)
	}
	if c.SettleAt != "" {
		if _, err := time.Parse("15:04", c.SettleAt); err != nil {
			return fmt.Errorf("commission.settleAt: %q is not a time of day HH:MM", c.SettleAt)
		}
	}
	return nil
}
