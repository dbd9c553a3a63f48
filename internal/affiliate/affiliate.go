// Package affiliate keeps the affiliate applications (issue 31, part 8): a
// visitor or a member asks to become an affiliate from the storefront
// (POST /wps/affiliate/apply), an operator reviews the applications in the
// console (/ops/v1/affiliates, agents.read / agents.write) and approves one
// with an agent type and an optional upline, or rejects it with a reason.
// Approval makes the account an agent with an invitation code through
// account.Service (a visitor gets a new agent account with a default
// password); the applicant is told by a platform message and, for a new
// account, its sign-in details by SMS and e-mail. It owns only
// affiliate_application (migration 0040). See docs/agents.md, "Affiliate
// applications".
package affiliate

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Statuses of an application.
const (
	StatusPending  = 0
	StatusApproved = 1
	StatusRejected = 2
)

// StatusNames are the statuses as the API names them.
var StatusNames = map[int]string{StatusPending: "PENDING", StatusApproved: "APPROVED", StatusRejected: "REJECTED"}

// Channels an affiliate promotes on.
var Channels = []string{"FACEBOOK", "TIKTOK", "YOUTUBE", "TELEGRAM", "INSTAGRAM", "WEBSITE", "OTHER"}

// Field bounds in characters, after trimming.
const (
	MaxContactName = 64
	MaxEmail       = 128
	MaxChannelURL  = 256
	MaxMessage     = 500
	MaxReason      = 500
	MaxUsername    = 32
	MaxAudience    = 1_000_000_000
)

// Notice kinds this package sends (texts in internal/notify).
const (
	KindApproved = notify.KindAffiliateApproved
	KindRejected = notify.KindAffiliateRejected
)

// Accounts is what this package needs from account.Service.
type Accounts interface {
	CheckForm(ctx context.Context, c account.Caller, f account.FormCheck, cl account.Client) error
	MakeAgent(ctx context.Context, memberID int64, agentType int, uplineID int64) (before, after account.AgentState, err error)
	CreateAgent(ctx context.Context, n account.NewAgent) (account.AgentState, string, error)
	SendSignInDetails(ctx context.Context, d account.SignInDetails) ([]string, error)
	MemberByUsername(ctx context.Context, username string) (account.Member, error)
	MemberDetail(ctx context.Context, id int64) (account.MemberSummary, error)
}

// ChangeAuditor writes one operator audit row with before and after.
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// ApplyRequest is POST /wps/affiliate/apply.
type ApplyRequest struct {
	ContactName        string `json:"contactName"`
	CountryDialingCode string `json:"countryDialingCode"`
	Mobile             string `json:"mobileNum"`
	Email              string `json:"email"`
	Channel            string `json:"channel"`
	ChannelURL         string `json:"channelUrl"`
	Audience           int64  `json:"audience"`
	Message            string `json:"message"`
	Username           string `json:"username"` // a visitor's wished username (optional; the operator decides)
	Captcha            string `json:"captcha"`
	CaptchaKey         string `json:"captchaKey"`
	Botcheck           string `json:"botcheck"`
}

func invalid(code string) *apperr.Error { return apperr.Invalid(code) }

func tooLong(field string, max int) *apperr.Error {
	return apperr.Invalid("affiliate.too_long").With("field", field).With("max", max)
}

// Normalize trims and checks the form; one code per problem, in the
// form's order, so the storefront can name the field.
func (r *ApplyRequest) Normalize(visitor bool) error {
	trim := func(s string) string { return strings.TrimSpace(s) }
	r.ContactName, r.Mobile, r.Email = trim(r.ContactName), trim(r.Mobile), trim(r.Email)
	r.Channel, r.ChannelURL, r.Message = strings.ToUpper(trim(r.Channel)), trim(r.ChannelURL), trim(r.Message)
	r.Username = trim(r.Username)
	r.CountryDialingCode = strings.TrimPrefix(trim(r.CountryDialingCode), "+")
	for _, f := range []struct {
		name string
		v    string
		max  int
	}{{"contactName", r.ContactName, MaxContactName}, {"email", r.Email, MaxEmail}, {"mobileNum", r.Mobile, 20},
		{"countryDialingCode", r.CountryDialingCode, 4}, {"channelUrl", r.ChannelURL, MaxChannelURL},
		{"message", r.Message, MaxMessage}, {"username", r.Username, MaxUsername}} {
		if !utf8.ValidString(f.v) {
			return invalid("affiliate.invalid_field").With("field", f.name)
		}
		if utf8.RuneCountInString(f.v) > f.max {
			return tooLong(f.name, f.max)
		}
	}
	if r.ContactName == "" {
		return invalid("affiliate.contact_name_required")
	}
	if r.Mobile == "" && r.Email == "" {
		return invalid("affiliate.contact_required")
	}
	if r.Mobile != "" {
		m, ok := normalizeMobile(r.Mobile)
		if !ok || (r.CountryDialingCode != "" && !digitsOnly(r.CountryDialingCode)) {
			return invalid("affiliate.invalid_mobile")
		}
		r.Mobile = m
		if r.CountryDialingCode == "" {
			r.CountryDialingCode = account.DefaultDialingCode
		}
	} else {
		r.CountryDialingCode = ""
	}
	if r.Email != "" {
		a, err := mail.ParseAddress(r.Email)
		if err != nil || a.Address != r.Email || !strings.Contains(r.Email[strings.LastIndexByte(r.Email, '@'):], ".") {
			return invalid("affiliate.invalid_email")
		}
	}
	if !contains(Channels, r.Channel) {
		return invalid("affiliate.channel_invalid").With("allowed", strings.Join(Channels, ", "))
	}
	if r.ChannelURL == "" {
		return invalid("affiliate.channel_url_required")
	}
	if r.Audience < 0 || r.Audience > MaxAudience {
		return invalid("affiliate.audience_invalid").With("max", MaxAudience)
	}
	if !visitor {
		r.Username = "" // a member applies with its own account
	}
	return nil
}

// normalizeMobile keeps the digits of a national number (spaces and
// dashes dropped, one trunk 0 dropped), 6 to 15 of them.
func normalizeMobile(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			return "", false
		}
	}
	n := strings.TrimPrefix(b.String(), "0")
	return n, len(n) >= 6 && len(n) <= 15
}

func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Application is one stored application.
type Application struct {
	ID                 int64     `json:"id"`
	MemberID           int64     `json:"memberId,omitempty"` // 0: a visitor
	Account            string    `json:"account,omitempty"`  // the member's username when it applied
	ContactName        string    `json:"contactName"`
	CountryDialingCode string    `json:"countryDialingCode,omitempty"`
	Mobile             string    `json:"mobileNum,omitempty"`
	Email              string    `json:"email,omitempty"`
	Channel            string    `json:"channel"`
	ChannelURL         string    `json:"channelUrl"`
	Audience           int64     `json:"audience"`
	Message            string    `json:"message"`
	Username           string    `json:"username,omitempty"` // a visitor's wished username
	Language           string    `json:"language"`
	IP                 string    `json:"ip"`
	UserAgent          string    `json:"userAgent"`
	Status             int       `json:"-"`
	StatusName         string    `json:"status"`
	AgentType          int       `json:"agentType,omitempty"`
	UplineID           int64     `json:"uplineId,omitempty"`
	AgentID            int64     `json:"agentId,omitempty"`
	AgentAccount       string    `json:"agentAccount,omitempty"`
	InvitationCode     string    `json:"invitationCode,omitempty"`
	Delivered          string    `json:"delivered,omitempty"` // "sms,email": where a new account's sign-in details went
	Reason             string    `json:"reason,omitempty"`
	DecidedByName      string    `json:"decidedBy,omitempty"`
	DecidedAt          time.Time `json:"-"`
	CreatedAt          time.Time `json:"-"`
	DecidedAtMS        int64     `json:"decidedAt,omitempty"`
	CreatedAtMS        int64     `json:"createdAt"`
}

func (a *Application) fill() {
	a.StatusName = StatusNames[a.Status]
	a.CreatedAtMS = a.CreatedAt.UnixMilli()
	if !a.DecidedAt.IsZero() {
		a.DecidedAtMS = a.DecidedAt.UnixMilli()
	}
}

// pendingKeys are the applicant's keys held while an application is
// pending (the unique indexes of migration 0040): the member or the
// visitor's mobile, and the visitor's e-mail (nil: none).
func (a *Application) pendingKeys() (key, email any) {
	if a.MemberID != 0 {
		return "member:" + itoa(a.MemberID), nil
	}
	if a.Mobile != "" {
		key = "mobile:" + a.CountryDialingCode + a.Mobile
	}
	if a.Email != "" {
		email = "email:" + strings.ToLower(a.Email)
	}
	return key, email
}

// Errors and their EN and TY messages.
var (
	ErrNotFound       = apperr.NotFound("affiliate.not_found")
	ErrAlreadyPending = apperr.Conflict("affiliate.already_pending")
	ErrAlreadyAgent   = apperr.Conflict("affiliate.already_agent")
	ErrDecided        = apperr.Conflict("affiliate.already_decided")
)

var messages = map[string][2]string{
	"affiliate.invalid_field":         {"The {field} is not valid.", "Hindi wasto ang {field}."},
	"affiliate.too_long":              {"The {field} is too long (at most {max} characters).", "Masyadong mahaba ang {field} (hanggang {max} na character)."},
	"affiliate.contact_name_required": {"Please enter your name.", "Pakilagay ang iyong pangalan."},
	"affiliate.contact_required":      {"Please enter a mobile number or an e-mail address.", "Pakilagay ang numero ng mobile o e-mail address."},
	"affiliate.invalid_mobile":        {"Please enter a valid mobile number.", "Pakilagay ang wastong numero ng mobile."},
	"affiliate.invalid_email":         {"Please enter a valid e-mail address.", "Pakilagay ang wastong e-mail address."},
	"affiliate.channel_invalid":       {"Choose the channel you promote on.", "Piliin ang channel kung saan ka nagpo-promote."},
	"affiliate.channel_url_required":  {"Please enter your channel's address or handle.", "Pakilagay ang address o handle ng iyong channel."},
	"affiliate.audience_invalid":      {"The audience must be a whole number from 0 to {max}.", "Ang audience ay dapat buong numero mula 0 hanggang {max}."},
	"affiliate.already_pending":       {"You already have an application under review.", "May application ka nang sinusuri."},
	"affiliate.already_agent":         {"This account is already an agent.", "Ahente na ang account na ito."},
	"affiliate.not_found":             {"This application does not exist.", "Walang ganitong application."},
	"affiliate.already_decided":       {"This application has already been decided.", "Napagpasyahan na ang application na ito."},
	"affiliate.reason_required":       {"Write the reason for the rejection (1 to {max} characters).", "Isulat ang dahilan ng pagtanggi (1 hanggang {max} na character)."},
	"affiliate.username_required":     {"Choose the username of the new agent account.", "Pumili ng username para sa bagong account ng ahente."},
	"affiliate.upline_not_found":      {"No agent has this username.", "Walang ahenteng may ganitong username."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
