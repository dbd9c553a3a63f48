// Package notify keeps the messages (notices) a member receives from the
// platform, such as "your deposit was credited", and pushes each new one to
// the member's open sockets as a realtime "notice" event. A message is
// stored as a kind plus parameters and rendered in the reader's language at
// read time, so one row serves every language. See docs/payments.md,
// "Notifications".
package notify

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Notifier is what other domains (cashier, withdrawals) see.
type Notifier interface {
	Notify(ctx context.Context, memberID int64, n Notice) error
	// NotifyMany sends each notice to its member as Notify does, written
	// a few hundred a transaction: a job telling thousands of members
	// something pays a commit per chunk, not one each.
	NotifyMany(ctx context.Context, ns []Addressed) error
}

// Addressed is a notice and the member it goes to.
type Addressed struct {
	MemberID int64
	Notice   Notice
}

// Notice is one message to a member: a kind and its parameters.
type Notice struct {
	Kind   string            `json:"kind"`
	Params map[string]string `json:"params"` // amount (formatted), currency, orderNo, reason
}

// Kinds of notices.
const (
	KindDepositCredited    = "deposit_credited"
	KindDepositFailed      = "deposit_failed"
	KindDepositRejected    = "deposit_rejected"
	KindWithdrawalApproved = "withdrawal_approved"
	KindWithdrawalRejected = "withdrawal_rejected"
	KindWithdrawalPaid     = "withdrawal_paid"
	KindFeedbackReply      = "feedback_reply"

	// Contracts and commissions (internal/commission). Params: contractId,
	// type (dividend, daily_wage, hourly_wage, realtime), upline and
	// downline (account names; upline empty for the platform); the bill
	// kinds also amount, currency, period (its start, brand time) and billId.
	KindContractOffered      = "contract_offered"
	KindContractAccepted     = "contract_accepted"
	KindContractRejected     = "contract_rejected"
	KindContractTerminated   = "contract_terminated"
	KindContractAutoEnded    = "contract_auto_terminated"
	KindCommissionPaid       = "commission_paid"
	KindCommissionPartlyPaid = "commission_partly_paid"
	KindCommissionUnpaid     = "commission_unpaid"      // to the payee: the payer lacks the funds, retried
	KindCommissionPayerShort = "commission_payer_short" // to the paying upline: top up to pay it
	KindCommissionNotReached = "commission_not_reached"
	KindCommissionAwaiting   = "commission_awaiting" // waiting for an operator's approval
	KindCommissionRejected   = "commission_rejected"
	KindCommissionExpired    = "commission_expired"
	KindAffiliateApproved    = "affiliate_approved" // code: the new agent's invitation code; type: its agent type
	KindAffiliateRejected    = "affiliate_rejected" // reason: the operator's own words
)

// EventNotice is the realtime event type; its data is NoticeEvent.
const EventNotice = "notice"

// NoticeEvent is the data of a realtime "notice" event.
type NoticeEvent struct {
	ID     int64             `json:"id"`
	Kind   string            `json:"kind"`
	Params map[string]string `json:"params"`
}

// Message is one stored notice as a reader sees it.
type Message struct {
	ID        int64             `json:"id"`
	Kind      string            `json:"kind"`
	Title     string            `json:"title"`
	Body      string            `json:"body"`
	Params    map[string]string `json:"params"`
	Read      bool              `json:"read"`
	CreatedAt int64             `json:"createdAt"` // Unix ms
}

// Page is a page of messages.
type Page struct {
	List     []Message `json:"list"`
	Total    int       `json:"total"`
	Page     int       `json:"page"`
	PageSize int       `json:"pageSize"`
}

// stored is a message row.
type stored struct {
	ID        int64
	MemberID  int64
	Kind      string
	Params    map[string]string
	ReadAt    time.Time // zero: unread
	CreatedAt time.Time
}

// texts holds the title and body of each kind per language; {name} is
// replaced by the parameter. Languages without texts fall back to EN (the
// web renders every language itself from kind and params).
var texts = map[string]map[string][2]string{
	KindDepositCredited: {
		"EN": {"Deposit credited", "Your deposit of {amount} {currency} (order {orderNo}) has been credited to your wallet."},
		"TY": {"Naipasok na ang deposito", "Naipasok na sa iyong wallet ang deposito mong {amount} {currency} (order {orderNo})."},
	},
	KindDepositFailed: {
		"EN": {"Deposit failed", "Your deposit of {amount} {currency} (order {orderNo}) was not completed."},
		"TY": {"Hindi natuloy ang deposito", "Hindi natapos ang deposito mong {amount} {currency} (order {orderNo})."},
	},
	KindDepositRejected: {
		"EN": {"Deposit rejected", "Your deposit of {amount} {currency} (order {orderNo}) was rejected: {reason}"},
		"TY": {"Tinanggihan ang deposito", "Tinanggihan ang deposito mong {amount} {currency} (order {orderNo}): {reason}"},
	},
	KindWithdrawalApproved: {
		"EN": {"Withdrawal approved", "Your withdrawal of {amount} {currency} (order {orderNo}) has been approved and is being paid out."},
		"TY": {"Aprubado ang pag-withdraw", "Naaprubahan ang pag-withdraw mong {amount} {currency} (order {orderNo}) at ipinapadala na."},
	},
	KindWithdrawalRejected: {
		"EN": {"Withdrawal rejected", "Your withdrawal of {amount} {currency} (order {orderNo}) was rejected: {reason}. The funds are back in your wallet."},
		"TY": {"Tinanggihan ang pag-withdraw", "Tinanggihan ang pag-withdraw mong {amount} {currency} (order {orderNo}): {reason}. Naibalik na ang pondo sa iyong wallet."},
	},
	KindFeedbackReply: { // {reply} is the operator's own words
		"EN": {"Reply to your feedback", "We answered your feedback: {reply}"},
		"TY": {"Sagot sa iyong puna", "Sinagot namin ang iyong puna: {reply}"},
	},
	KindContractOffered: {
		"EN": {"New contract offer", "{upline} offered you a {type} contract (no. {contractId}). Accept or reject it in the agent centre."},
		"TY": {"Bagong alok na kontrata", "Inalok ka ni {upline} ng kontratang {type} (blg. {contractId}). Tanggapin o tanggihan ito sa sentro ng ahente."},
	},
	KindContractAccepted: {
		"EN": {"Contract accepted", "{downline} accepted your {type} contract (no. {contractId})."},
		"TY": {"Tinanggap ang kontrata", "Tinanggap ni {downline} ang iyong kontratang {type} (blg. {contractId})."},
	},
	KindContractRejected: {
		"EN": {"Contract rejected", "{downline} rejected your {type} contract offer (no. {contractId})."},
		"TY": {"Tinanggihan ang kontrata", "Tinanggihan ni {downline} ang iyong alok na kontratang {type} (blg. {contractId})."},
	},
	KindContractTerminated: {
		"EN": {"Contract ended", "The {type} contract no. {contractId} between {upline} and {downline} has ended."},
		"TY": {"Natapos ang kontrata", "Natapos na ang kontratang {type} blg. {contractId} nina {upline} at {downline}."},
	},
	KindContractAutoEnded: {
		"EN": {"Contract ended automatically", "The {type} contract no. {contractId} between {upline} and {downline} ended because {upline}'s own new contract pays less."},
		"TY": {"Kusang natapos ang kontrata", "Natapos ang kontratang {type} blg. {contractId} nina {upline} at {downline} dahil mas mababa ang bayad ng bagong kontrata ni {upline}."},
	},
	KindCommissionPaid: {
		"EN": {"Commission paid", "Your {type} commission of {amount} {currency} for the period from {period} has been paid to your wallet."},
		"TY": {"Naibayad ang komisyon", "Naibayad na sa iyong wallet ang komisyong {type} mong {amount} {currency} para sa panahong mula {period}."},
	},
	KindCommissionPartlyPaid: {
		"EN": {"Commission partly paid", "Your {type} commission for the period from {period} could only be paid in part: {paid} of {amount} {currency}."},
		"TY": {"Bahagi lang ang naibayad na komisyon", "Bahagi lang ng komisyong {type} mo para sa panahong mula {period} ang naibayad: {paid} sa {amount} {currency}."},
	},
	KindCommissionUnpaid: {
		"EN": {"Commission waiting for funds", "Your {type} commission of {amount} {currency} for the period from {period} is waiting: {upline} does not have the funds yet. It will be paid at a later settlement."},
		"TY": {"Naghihintay ng pondo ang komisyon", "Naghihintay ang komisyong {type} mong {amount} {currency} para sa panahong mula {period}: wala pang sapat na pondo si {upline}. Babayaran ito sa susunod na settlement."},
	},
	KindCommissionPayerShort: {
		"EN": {"Not enough funds to pay a commission", "You owe {downline} a {type} commission of {amount} {currency} for the period from {period}, but your balance is too low. Add funds: it is paid at the next settlement."},
		"TY": {"Kulang ang pondo para sa komisyon", "May utang kang komisyong {type} na {amount} {currency} kay {downline} para sa panahong mula {period}, pero kulang ang balanse mo. Magdagdag ng pondo: babayaran ito sa susunod na settlement."},
	},
	KindCommissionNotReached: {
		"EN": {"No commission this period", "Your team did not reach a tier of your {type} contract in the period from {period}."},
		"TY": {"Walang komisyon ngayong panahon", "Hindi naabot ng iyong team ang anumang antas ng kontratang {type} mo sa panahong mula {period}."},
	},
	KindCommissionAwaiting: {
		"EN": {"Commission awaiting approval", "Your {type} commission of {amount} {currency} for the period from {period} is waiting for approval."},
		"TY": {"Naghihintay ng pag-apruba ang komisyon", "Naghihintay ng pag-apruba ang komisyong {type} mong {amount} {currency} para sa panahong mula {period}."},
	},
	KindCommissionRejected: {
		"EN": {"Commission rejected", "Your {type} commission of {amount} {currency} for the period from {period} was rejected: {reason}"},
		"TY": {"Tinanggihan ang komisyon", "Tinanggihan ang komisyong {type} mong {amount} {currency} para sa panahong mula {period}: {reason}"},
	},
	KindCommissionExpired: {
		"EN": {"Commission expired", "Your {type} commission of {amount} {currency} for the period from {period} could not be paid in time and has expired."},
		"TY": {"Nag-expire ang komisyon", "Hindi naibayad sa takdang oras ang komisyong {type} mong {amount} {currency} para sa panahong mula {period} kaya nag-expire na ito."},
	},
	KindAffiliateApproved: {
		"EN": {"Affiliate application approved", "Welcome aboard! You are now an agent. Your invitation code is {code}: open the agent centre to share it and follow your team."},
		"TY": {"Aprubado ang application bilang affiliate", "Maligayang pagsali! Ahente ka na ngayon. Ang iyong code ng imbitasyon ay {code}: buksan ang Sentro ng ahente para ibahagi ito at subaybayan ang iyong team."},
	},
	KindAffiliateRejected: {
		"EN": {"Affiliate application not approved", "Your affiliate application was not approved: {reason}"},
		"TY": {"Hindi naaprubahan ang application bilang affiliate", "Hindi naaprubahan ang iyong application bilang affiliate: {reason}"},
	},
	KindWithdrawalPaid: {
		"EN": {"Withdrawal paid", "Your withdrawal of {amount} {currency} (order {orderNo}) has been paid. Please confirm when you receive it."},
		"TY": {"Naipadala na ang pag-withdraw", "Naipadala na ang pag-withdraw mong {amount} {currency} (order {orderNo}). Pakikumpirma kapag natanggap mo na."},
	},
}

// Kinds lists the known kinds.
func Kinds() []string {
	out := make([]string, 0, len(texts))
	for k := range texts {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Render returns the title and body of a notice in a language (EN when the
// language has no texts). Unknown parameters stay as written.
func Render(kind, lang string, params map[string]string) (title, body string) {
	byLang, ok := texts[kind]
	if !ok {
		return kind, ""
	}
	t, ok := byLang[strings.ToUpper(lang)]
	if !ok {
		t = byLang["EN"]
	}
	return fill(t[0], params), fill(t[1], params)
}

func fill(s string, params map[string]string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s = strings.ReplaceAll(s, "{"+k+"}", params[k])
	}
	return s
}

// Errors.
var (
	ErrNotFound    = apperr.NotFound("message.not_found")
	ErrUnknownKind = apperr.Invalid("message.unknown_kind")
)

func init() {
	apperr.Register("message.not_found", map[string]string{
		"EN": "This message does not exist.",
		"TY": "Walang ganitong mensahe.",
	})
	apperr.Register("message.unknown_kind", map[string]string{
		"EN": "Unknown message kind.",
		"TY": "Hindi kilalang uri ng mensahe.",
	})
}
