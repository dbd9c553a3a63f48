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
	KindAffiliateApproved  = "affiliate_approved" // code: the new agent's invitation code; type: its agent type
	KindAffiliateRejected  = "affiliate_rejected" // reason: the operator's own words
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
