// Package commission holds the contracts between an upline and a direct
// downline agent (dividend, daily wage, hourly wage, real-time salary), the
// pure computation of a bill from a team's figures, and the settlement that
// records each bill with its inputs and pays it through the ledger (issue 31,
// parts 4 and 5). The agent tree, the team figures, the brand switches and
// the messages come in through interfaces cmd/palaro adapts. See
// docs/agents.md, "Contracts and commissions", and docs/commission-api.md.
package commission

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Type is a contract type. The values are stored.
type Type string

const (
	TypeDividend   Type = "dividend"
	TypeDailyWage  Type = "daily_wage"
	TypeHourlyWage Type = "hourly_wage"
	TypeRealtime   Type = "realtime"
)

// Types lists the contract types.
var Types = []Type{TypeDividend, TypeDailyWage, TypeHourlyWage, TypeRealtime}

func (t Type) valid() bool {
	return t == TypeDividend || t == TypeDailyWage || t == TypeHourlyWage || t == TypeRealtime
}

// Period is how long a contract's settlement period is. The values are stored.
type Period string

const (
	PeriodFiveMinutes Period = "5min"
	PeriodHourly      Period = "hourly"
	PeriodDaily       Period = "daily"
	PeriodWeekly      Period = "weekly"
	PeriodSemiMonthly Period = "semimonthly"
	PeriodMonthly     Period = "monthly"
)

// DividendPeriods are the periods a dividend contract may have.
var DividendPeriods = []Period{PeriodDaily, PeriodWeekly, PeriodSemiMonthly, PeriodMonthly}

// fixedPeriod is the period of the types that have only one.
func fixedPeriod(t Type) Period {
	switch t {
	case TypeDailyWage:
		return PeriodDaily
	case TypeHourlyWage:
		return PeriodHourly
	case TypeRealtime:
		return PeriodFiveMinutes
	}
	return ""
}

// Contract statuses. The values are stored.
const (
	StatusPending    = "pending"
	StatusActive     = "active"
	StatusRejected   = "rejected"
	StatusTerminated = "terminated"
)

// Why a contract ended. The values are stored.
const (
	EndUpline   = "upline"   // the upline terminated it (or withdrew its offer)
	EndDownline = "downline" // the downline terminated it
	EndReplaced = "replaced" // the downline accepted a new contract of the type
	EndAuto     = "auto"     // the upline's own new contract pays less (spec section 4)
	EndOperator = "operator" // an operator ended a platform contract
)

// Bill statuses. The values are stored.
const (
	BillDue               = "due" // recorded, payment not tried yet (a crash between the two)
	BillPaid              = "paid"
	BillPartlyPaid        = "partly_paid"
	BillInsufficientFunds = "insufficient_funds"
	BillNotReached        = "not_reached"
	BillAwaitingApproval  = "awaiting_approval"
	BillRejected          = "rejected"
	BillExpired           = "expired"
)

// BillStatuses lists the bill statuses (query filters).
var BillStatuses = []string{BillDue, BillPaid, BillPartlyPaid, BillInsufficientFunds, BillNotReached, BillAwaitingApproval, BillRejected, BillExpired}

// Tier is one step of a dividend or wage contract: reached when the team's
// figures meet every threshold; Rate in basis points.
type Tier struct {
	ValidBets     int64 `json:"validBets"`
	NetLoss       int64 `json:"netLoss"` // dividend only; 0 for wages
	ActiveMembers int64 `json:"activeMembers"`
	Rate          int64 `json:"rate"`
}

// Rates are a real-time salary's rates, basis points.
type Rates struct {
	WinRate  int64 `json:"winRate"`
	LossRate int64 `json:"lossRate"`
	BetRate  int64 `json:"betRate"`
}

// Terms are what a contract pays: tiers, or real-time rates.
type Terms struct {
	Tiers    []Tier `json:"tiers"`
	Realtime *Rates `json:"realtime"`
}

// Contract is one contract between an upline (0: the platform) and a
// direct downline agent.
type Contract struct {
	ID              int64  `json:"id"`
	Type            Type   `json:"type"`
	Period          Period `json:"period"`
	UplineID        int64  `json:"uplineId"`
	UplineAccount   string `json:"uplineAccount"`
	DownlineID      int64  `json:"downlineId"`
	DownlineAccount string `json:"downlineAccount"`
	Terms
	Status     string `json:"status"`
	EndReason  string `json:"endReason"`
	ReplacesID int64  `json:"replacesId"`
	OfferedAt  int64  `json:"offeredAt"` // Unix ms
	DecidedAt  int64  `json:"decidedAt"`
	EndedAt    int64  `json:"endedAt"`
}

// BillInputs are what a bill's amount was computed from.
type BillInputs struct {
	TeamTotals
	CarryIn  int64 `json:"carryIn"`
	CarryOut int64 `json:"carryOut"`
	Tier     int   `json:"tier"`
	Rate     int64 `json:"rate"`
	WinRate  int64 `json:"winRate"`
	LossRate int64 `json:"lossRate"`
	BetRate  int64 `json:"betRate"`
}

// Bill is what one contract owes for one period.
type Bill struct {
	ID           int64      `json:"id"`
	ContractID   int64      `json:"contractId"`
	Type         Type       `json:"type"`
	PayerID      int64      `json:"payerId"` // 0: the platform
	PayerAccount string     `json:"payerAccount"`
	PayeeID      int64      `json:"payeeId"`
	PayeeAccount string     `json:"payeeAccount"`
	PeriodStart  int64      `json:"periodStart"`
	PeriodEnd    int64      `json:"periodEnd"`
	Inputs       BillInputs `json:"inputs"`
	Amount       int64      `json:"amount"`
	Paid         int64      `json:"paid"`
	PartAmount   int64      `json:"-"` // decided at expiry, before it is posted
	Status       string     `json:"status"`
	Currency     string     `json:"currency"`
	CreatedAt    int64      `json:"createdAt"`
	PaidAt       int64      `json:"paidAt"`
}

// Tree is the agent tree as this package needs it (cmd/palaro adapts the
// account service).
type Tree interface {
	// Member tells a member's upline (0: none), whether it is an agent and
	// its account name; apperr not-found when there is no such member.
	Member(ctx context.Context, id int64) (Member, error)
	// Members reads several members (unknown ids are left out).
	Members(ctx context.Context, ids []int64) (map[int64]Member, error)
}

// Member is one node of the tree.
type Member struct {
	ID       int64
	Account  string
	UplineID int64
	IsAgent  bool
}

// TeamFigures gives a team's totals over [from, to): the agent's team as
// the agent package defines it (the agent and every member below it, all
// levels). Members with valid bets of at least activeMin in the range are
// active.
type TeamFigures interface {
	// Teams sums the team of each agent (the agent and every member below
	// it, all levels) over [from, to) in currency; loc is the brand's zone.
	Teams(ctx context.Context, agents []int64, currency string, from, to time.Time, loc *time.Location, activeMin int64) (map[int64]TeamTotals, error)
}

// Settings are the brand's rules for contracts (brand document, section
// "commission"; cmd/palaro adapts the brand service).
type Settings struct {
	Enabled          map[Type]bool
	ActiveMin        int64 // valid bets in the period that make a member active, minor units
	PlatformApproval bool  // platform-paid bills wait for an operator
	ExpireAfter      time.Duration
	Currency         string
	Decimals         int
	Location         *time.Location
}

// SettingsSource reads the brand's current settings.
type SettingsSource interface {
	CommissionSettings(ctx context.Context) (Settings, error)
}

// Errors (docs/commission-api.md).
var (
	ErrTypeInvalid       = apperr.Invalid("commission.type_invalid")
	ErrTypeDisabled      = apperr.Forbidden("commission.type_disabled")
	ErrPeriodInvalid     = apperr.Invalid("commission.period_invalid")
	ErrTiersInvalid      = apperr.Invalid("commission.tiers_invalid")
	ErrTiersOrder        = apperr.Invalid("commission.tiers_order")
	ErrTiersRate         = apperr.Invalid("commission.tiers_rate")
	ErrRatesInvalid      = apperr.Invalid("commission.rates_invalid")
	ErrNotDirectDownline = apperr.Forbidden("commission.not_direct_downline")
	ErrNotTopAgent       = apperr.Forbidden("commission.not_top_agent")
	ErrUplineNoContract  = apperr.Conflict("commission.upline_no_contract")
	ErrRateAboveUpline   = apperr.Conflict("commission.rate_above_upline")
	ErrOfferPending      = apperr.Conflict("commission.offer_pending")
	ErrContractNotFound  = apperr.NotFound("commission.contract_not_found")
	ErrNotPending        = apperr.Conflict("commission.not_pending")
	ErrNotActive         = apperr.Conflict("commission.not_active")
	ErrNotParty          = apperr.Forbidden("commission.not_party")
	ErrBillNotFound      = apperr.NotFound("commission.bill_not_found")
	ErrBillNotAwaiting   = apperr.Conflict("commission.bill_not_awaiting")
)

func init() {
	for code, m := range map[string][2]string{
		"commission.type_invalid":        {"Unknown contract type.", "Hindi kilalang uri ng kontrata."},
		"commission.type_disabled":       {"This contract type is not available.", "Hindi available ang ganitong uri ng kontrata."},
		"commission.period_invalid":      {"Choose a daily, weekly, semi-monthly or monthly period.", "Pumili ng panahong araw-araw, lingguhan, kada kalahating buwan o buwanan."},
		"commission.tiers_invalid":       {"Give 1 to 10 tiers with thresholds of zero or more and rates from 0.01% to 100%.", "Maglagay ng 1 hanggang 10 antas na may hangganang sero o higit at porsiyentong 0.01% hanggang 100%."},
		"commission.tiers_order":         {"Each tier's thresholds must be above the previous tier's.", "Dapat mas mataas ang mga hangganan ng bawat antas kaysa sa nauna."},
		"commission.tiers_rate":          {"Each tier's rate must be higher than the previous tier's.", "Dapat mas mataas ang porsiyento ng bawat antas kaysa sa nauna."},
		"commission.rates_invalid":       {"Give win, loss and bet rates from 0% to 100%, not all zero.", "Ilagay ang porsiyento sa panalo, talo at taya mula 0% hanggang 100%, hindi lahat sero."},
		"commission.not_direct_downline": {"Contracts can only be offered to your direct downline agents.", "Sa direktang downline na ahente mo lang maaaring mag-alok ng kontrata."},
		"commission.not_top_agent":       {"A platform contract can only go to an agent without an upline.", "Sa ahenteng walang upline lang maaaring ibigay ang kontrata ng platform."},
		"commission.upline_no_contract":  {"You have no active contract of this type to offer from.", "Wala kang aktibong kontrata ng ganitong uri na mapagbabatayan ng alok."},
		"commission.rate_above_upline":   {"Tier {tier} pays more than your own contract.", "Mas malaki ang ibinabayad ng antas {tier} kaysa sa sarili mong kontrata."},
		"commission.offer_pending":       {"An offer of this type to this agent is already waiting for an answer.", "May naghihintay nang alok na ganitong uri sa ahenteng ito."},
		"commission.contract_not_found":  {"This contract does not exist.", "Walang ganitong kontrata."},
		"commission.not_pending":         {"This offer has already been answered.", "Nasagot na ang alok na ito."},
		"commission.not_active":          {"This contract is not active.", "Hindi aktibo ang kontratang ito."},
		"commission.not_party":           {"You cannot do this with this contract.", "Hindi mo ito magagawa sa kontratang ito."},
		"commission.bill_not_found":      {"This bill does not exist.", "Walang ganitong singil."},
		"commission.period_open":         {"That is not one whole period that has ended.", "Hindi iyan isang buong panahong tapos na."},
		"commission.bill_not_awaiting":   {"This bill is not waiting for approval.", "Hindi naghihintay ng pag-apruba ang singil na ito."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
