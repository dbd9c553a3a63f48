package brand

import "fmt"

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
	return nil
}
