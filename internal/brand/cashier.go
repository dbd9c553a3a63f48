package brand

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Cashier is the brand's cashier block (private, like Region): the deposit
// methods players may use and the withdrawal rules. Amounts are integer minor
// units of the brand currency. Read the rules through the accessors, which
// fill in the defaults of an absent setting.
type Cashier struct {
	DepositMethods []DepositMethod `json:"depositMethods"`
	// ForcedReceiptMinutes: a PAID withdrawal the player has not confirmed
	// becomes FORCED_RECEIVED after this long; 0 or absent means 1440.
	ForcedReceiptMinutes int `json:"forcedReceiptMinutes,omitempty"`
	// TurnoverMultiple: valid bets needed per unit credited before a
	// withdrawal; absent means 1, 0 turns the check off.
	TurnoverMultiple *int64        `json:"turnoverMultiple,omitempty"`
	Withdraw         WithdrawRules `json:"withdraw"`
	// AgentTransfer bounds one transfer between an agent and its downline
	// (either way); zero fields take the defaults.
	AgentTransfer TransferRules `json:"agentTransfer,omitempty"`
}

// TransferRules bounds one agent transfer, in minor units.
type TransferRules struct {
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
}

// Defaults of the agent transfer rules (at 2 decimals: 1.00 and 50,000.00).
const (
	DefaultAgentTransferMin = 100
	DefaultAgentTransferMax = 5_000_000
)

// AgentTransferLimits are the agent transfer rules with defaults filled in.
func (c Cashier) AgentTransferLimits() TransferRules {
	t := c.AgentTransfer
	if t.Min <= 0 {
		t.Min = DefaultAgentTransferMin
	}
	if t.Max <= 0 {
		t.Max = DefaultAgentTransferMax
	}
	return t
}

// Deposit method types.
const (
	DepositBank   = "BANK"   // manual bank transfer with a receipt, reviewed by an operator
	DepositOnline = "ONLINE" // a payment provider's hosted page and webhook
)

// DepositMethod is one way to deposit.
type DepositMethod struct {
	Code     string       `json:"code"` // e.g. BDO_BANK, GCASH
	Type     string       `json:"type"` // BANK or ONLINE
	Name     string       `json:"name"`
	Min      int64        `json:"min"` // minor units
	Max      int64        `json:"max"`
	Bank     *BankDetails `json:"bank,omitempty"`     // BANK: where the player transfers to
	Provider string       `json:"provider,omitempty"` // ONLINE: payment provider code ("sandbox")
}

// BankDetails is the receiving account of a BANK method.
type BankDetails struct {
	BankName      string `json:"bankName"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"`
	Branch        string `json:"branch,omitempty"`
}

// WithdrawRules bounds withdrawals; zero fields take the defaults below.
type WithdrawRules struct {
	Min        int64 `json:"min,omitempty"`        // minor units per withdrawal
	Max        int64 `json:"max,omitempty"`        // minor units per withdrawal
	DailyLimit int   `json:"dailyLimit,omitempty"` // withdrawals per member per brand day
}

// Defaults of the cashier block.
const (
	DefaultForcedReceiptMinutes = 1440
	DefaultTurnoverMultiple     = 1
	DefaultWithdrawMin          = 10_000    // 100.00 at 2 decimals
	DefaultWithdrawMax          = 5_000_000 // 50,000.00 at 2 decimals
	DefaultWithdrawDailyLimit   = 5
)

// ForcedReceipt is how long a paid withdrawal waits for the player's
// confirmation before it counts as received.
func (c Cashier) ForcedReceipt() time.Duration {
	m := c.ForcedReceiptMinutes
	if m <= 0 {
		m = DefaultForcedReceiptMinutes
	}
	return time.Duration(m) * time.Minute
}

// Turnover is the turnover multiple (0: no turnover requirement).
func (c Cashier) Turnover() int64 {
	if c.TurnoverMultiple == nil {
		return DefaultTurnoverMultiple
	}
	return *c.TurnoverMultiple
}

// WithdrawLimits are the withdrawal rules with defaults filled in.
func (c Cashier) WithdrawLimits() WithdrawRules {
	w := c.Withdraw
	if w.Min <= 0 {
		w.Min = DefaultWithdrawMin
	}
	if w.Max <= 0 {
		w.Max = DefaultWithdrawMax
	}
	if w.DailyLimit <= 0 {
		w.DailyLimit = DefaultWithdrawDailyLimit
	}
	return w
}

// Method finds a deposit method by code.
func (c Cashier) Method(code string) (DepositMethod, bool) {
	for _, m := range c.DepositMethods {
		if m.Code == code {
			return m, true
		}
	}
	return DepositMethod{}, false
}

var (
	methodCodeRE   = regexp.MustCompile(`^[A-Z0-9_]{2,32}$`)
	providerCodeRE = regexp.MustCompile(`^[a-z][a-z0-9]{1,15}$`)
)

func validateCashier(c Cashier) error {
	seen := map[string]bool{}
	for _, m := range c.DepositMethods {
		if !methodCodeRE.MatchString(m.Code) || seen[m.Code] {
			return fmt.Errorf("cashier.depositMethods code %q must be 2-32 of A-Z, 0-9, _ and unique", m.Code)
		}
		seen[m.Code] = true
		if n := strings.TrimSpace(m.Name); n == "" || len(m.Name) > 64 {
			return fmt.Errorf("cashier method %s: name must be 1-64 characters", m.Code)
		}
		if m.Min <= 0 || m.Max < m.Min {
			return fmt.Errorf("cashier method %s: want 0 < min <= max (minor units)", m.Code)
		}
		switch m.Type {
		case DepositBank:
			b := m.Bank
			if b == nil || strings.TrimSpace(b.BankName) == "" || strings.TrimSpace(b.AccountName) == "" || strings.TrimSpace(b.AccountNumber) == "" {
				return fmt.Errorf("cashier method %s: a BANK method needs bank.bankName, accountName and accountNumber", m.Code)
			}
			if m.Provider != "" {
				return fmt.Errorf("cashier method %s: a BANK method has no provider", m.Code)
			}
		case DepositOnline:
			if !providerCodeRE.MatchString(m.Provider) {
				return fmt.Errorf("cashier method %s: an ONLINE method needs a provider code (2-16 lower-case letters or digits)", m.Code)
			}
			if m.Bank != nil {
				return fmt.Errorf("cashier method %s: an ONLINE method has no bank details", m.Code)
			}
		default:
			return fmt.Errorf("cashier method %s: type must be BANK or ONLINE", m.Code)
		}
	}
	if c.ForcedReceiptMinutes < 0 || c.ForcedReceiptMinutes > 43_200 {
		return fmt.Errorf("cashier.forcedReceiptMinutes must be 0-43200")
	}
	if t := c.TurnoverMultiple; t != nil && (*t < 0 || *t > 100) {
		return fmt.Errorf("cashier.turnoverMultiple must be 0-100")
	}
	w := c.Withdraw
	if w.Min < 0 || w.Max < 0 || w.DailyLimit < 0 {
		return fmt.Errorf("cashier.withdraw values must not be negative")
	}
	if l := c.WithdrawLimits(); l.Max < l.Min {
		return fmt.Errorf("cashier.withdraw: want min <= max")
	}
	if t := c.AgentTransfer; t.Min < 0 || t.Max < 0 {
		return fmt.Errorf("cashier.agentTransfer values must not be negative")
	}
	if l := c.AgentTransferLimits(); l.Max < l.Min {
		return fmt.Errorf("cashier.agentTransfer: want min <= max")
	}
	return nil
}

// DemoCashier is the demo brand's cashier: one bank transfer and two
// sandbox e-wallets (the sandbox provider is mounted in demo mode only).
func DemoCashier() Cashier {
	one := int64(1)
	return Cashier{
		DepositMethods: []DepositMethod{
			{Code: "BDO_BANK", Type: DepositBank, Name: "BDO bank transfer", Min: 10_000, Max: 10_000_000,
				Bank: &BankDetails{BankName: "BDO Unibank", AccountName: "Palaro Demo Inc.", AccountNumber: "0012 3456 7890", Branch: "Makati Ayala"}},
			{Code: "GCASH", Type: DepositOnline, Name: "GCash (sandbox)", Min: 5_000, Max: 5_000_000, Provider: "sandbox"},
			{Code: "MAYA", Type: DepositOnline, Name: "Maya (sandbox)", Min: 5_000, Max: 5_000_000, Provider: "sandbox"},
		},
		ForcedReceiptMinutes: DefaultForcedReceiptMinutes,
		TurnoverMultiple:     &one,
		Withdraw:             WithdrawRules{Min: 10_000, Max: 5_000_000, DailyLimit: 5},
	}
}
