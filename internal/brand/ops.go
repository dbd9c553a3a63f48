package brand

import "fmt"

// Ops is the brand's back-office rules (private, like Cashier).
type Ops struct {
	// TOTPRequired makes every operator enrol a TOTP second factor; ADMIN and
	// FINANCE always must (internal/operator).
	TOTPRequired bool `json:"totpRequired,omitempty"`
	// AdjustApprovalAbove is the manual adjustment amount (integer minor
	// units of the brand currency) above which a second operator must approve
	// it before it posts; 0: never.
	AdjustApprovalAbove int64 `json:"adjustApprovalAbove,omitempty"`
	// CashierConfirmAbove is the deposit or withdrawal amount (integer minor
	// units of the brand currency) above which approving it needs the
	// operator's authenticator code again; 0: never.
	CashierConfirmAbove int64 `json:"cashierConfirmAbove,omitempty"`
}

func validateOps(o Ops) error {
	if o.AdjustApprovalAbove < 0 {
		return fmt.Errorf("ops.adjustApprovalAbove: %d is negative", o.AdjustApprovalAbove)
	}
	if o.CashierConfirmAbove < 0 {
		return fmt.Errorf("ops.cashierConfirmAbove: %d is negative", o.CashierConfirmAbove)
	}
	return nil
}
