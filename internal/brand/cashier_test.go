package brand

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

func TestCashierValidate(t *testing.T) {
	zero := int64(0)
	big := int64(101)
	bank := &BankDetails{BankName: "BDO", AccountName: "Palaro", AccountNumber: "123"}
	cases := []struct {
		name   string
		mutate func(c *Cashier)
		reason string // "" = valid
	}{
		{"Demo", func(c *Cashier) {}, ""},
		{"Empty", func(c *Cashier) { *c = Cashier{} }, ""},
		{"TurnoverOff", func(c *Cashier) { c.TurnoverMultiple = &zero }, ""},
		{"DuplicateCode", func(c *Cashier) { c.DepositMethods[1].Code = c.DepositMethods[0].Code }, "unique"},
		{"BadCode", func(c *Cashier) { c.DepositMethods[0].Code = "bdo bank" }, "code"},
		{"NoName", func(c *Cashier) { c.DepositMethods[0].Name = " " }, "name"},
		{"MinAboveMax", func(c *Cashier) { c.DepositMethods[0].Min = c.DepositMethods[0].Max + 1 }, "min <= max"},
		{"ZeroMin", func(c *Cashier) { c.DepositMethods[0].Min = 0 }, "min <= max"},
		{"BankWithoutDetails", func(c *Cashier) { c.DepositMethods[0].Bank = nil }, "bank.bankName"},
		{"BankWithProvider", func(c *Cashier) { c.DepositMethods[0].Provider = "sandbox" }, "no provider"},
		{"OnlineWithoutProvider", func(c *Cashier) { c.DepositMethods[1].Provider = "" }, "provider code"},
		{"OnlineWithBank", func(c *Cashier) { c.DepositMethods[1].Bank = bank }, "no bank"},
		{"UnknownType", func(c *Cashier) { c.DepositMethods[1].Type = "CARD" }, "BANK or ONLINE"},
		{"ForcedReceiptRange", func(c *Cashier) { c.ForcedReceiptMinutes = -1 }, "forcedReceiptMinutes"},
		{"TurnoverRange", func(c *Cashier) { c.TurnoverMultiple = &big }, "turnoverMultiple"},
		{"WithdrawNegative", func(c *Cashier) { c.Withdraw.Min = -1 }, "negative"},
		{"WithdrawMinAboveMax", func(c *Cashier) { c.Withdraw = WithdrawRules{Min: 500, Max: 100} }, "min <= max"},
		{"AgentTransferSet", func(c *Cashier) { c.AgentTransfer = TransferRules{Min: 1000, Max: 2000} }, ""},
		{"AgentTransferNegative", func(c *Cashier) { c.AgentTransfer.Max = -1 }, "negative"},
		{"AgentTransferMinAboveMax", func(c *Cashier) { c.AgentTransfer = TransferRules{Min: 500, Max: 100} }, "agentTransfer: want min <= max"},
		{"AgentTransferMinAboveDefaultMax", func(c *Cashier) { c.AgentTransfer = TransferRules{Min: DefaultAgentTransferMax + 1} }, "agentTransfer: want min <= max"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := Demo()
			tc.mutate(&c.Cashier)
			err := c.Validate()
			if tc.reason == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(fmt.Sprint(apperr.As(err).Params["reason"]), tc.reason) {
				t.Fatalf("got %v, want a reason with %q", err, tc.reason)
			}
		})
	}
}

func TestCashierDefaults(t *testing.T) {
	var c Cashier
	if c.ForcedReceipt() != 1440*time.Minute || c.Turnover() != 1 {
		t.Fatalf("defaults %v %d", c.ForcedReceipt(), c.Turnover())
	}
	if w := c.WithdrawLimits(); w != (WithdrawRules{Min: DefaultWithdrawMin, Max: DefaultWithdrawMax, DailyLimit: DefaultWithdrawDailyLimit}) {
		t.Fatalf("withdraw defaults %+v", w)
	}
	if a := c.AgentTransferLimits(); a != (TransferRules{Min: DefaultAgentTransferMin, Max: DefaultAgentTransferMax}) {
		t.Fatalf("agent transfer defaults %+v", a)
	}
	zero := int64(0)
	c.TurnoverMultiple = &zero
	c.ForcedReceiptMinutes = 60
	if c.Turnover() != 0 || c.ForcedReceipt() != time.Hour {
		t.Fatal("explicit values not kept")
	}
	d := DemoCashier()
	if m, ok := d.Method("GCASH"); !ok || m.Provider != "sandbox" || m.Type != DepositOnline {
		t.Fatalf("GCASH %+v", m)
	}
	if _, ok := d.Method("NOPE"); ok {
		t.Fatal("unknown method found")
	}
}
