// Package account holds members, agents and their sessions: registration,
// login, passwords and tokens (issue 3). Design notes: docs/accounts.md.
package account

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Member types. The spec names agent types 1, 2, 41, 42 and trial 4; a plain
// player is 0 (our choice: the spec does not name one).
const (
	TypeMember       = 0
	TypeAgent        = 1
	TypeAgentSub     = 2
	TypeTrial        = 4
	TypeAgentPartner = 41
	TypeAgentPartSub = 42
)

// IsAgentType reports the spec's agent types.
func IsAgentType(t int) bool { return t == 1 || t == 2 || t == 41 || t == 42 }

// Member statuses.
const (
	StatusActive   = 0
	StatusDisabled = 1
)

// Member is one player, trial player or agent.
type Member struct {
	ID                 int64
	Account            string
	Nickname           string
	Type               int
	Status             int
	PasswordHash       string
	DefaultPassword    bool
	PasswordChangedAt  time.Time
	LastLoginAt        time.Time // zero: never
	LastLoginIP        string
	Email              string
	Mobile             string
	CountryDialingCode string
	PayeeName          string
	ReferralCode       string
	ReferrerID         int64  // the member whose referral code it registered with (not stored here: the member.referred fact carries it)
	AffiliateCode      string // the agent code this member registered under
	OwnAffiliateCode   string // an agent's own invitation code, "" for others
	ParentID           int64
	RegisterURL        string
	Domain             string
	RegisterMethod     string
	RegisterIP         string
	Extra              string // JSON of optional register fields (line, whatsapp, ...)
	Avatar             string // URL of a chosen avatar; "" for the generated one
	CreatedAt          time.Time
}

// Role is who a caller is, for permission checks.
type Role int

const (
	RoleVisitor Role = iota
	RoleMember
	RoleTrial
	RoleAgent
)

func (r Role) String() string {
	return [...]string{"visitor", "member", "trial", "agent"}[r]
}

// Caller is the resolved identity of a request. The zero value is a visitor.
type Caller struct {
	MemberID  int64
	Account   string
	Nickname  string
	Type      int
	TokenHash string
	// SessionStart is when the session began (zero for a visitor).
	SessionStart time.Time
	// Restricted: a withdrawal-only session (responsible gaming, gate.go).
	Restricted bool

	member     *Member // the member as resolved with the session (read-only; may be nil)
	restricted error   // what a restricted session answers outside RestrictedRoutes
}

func (c Caller) Role() Role {
	switch {
	case c.MemberID == 0:
		return RoleVisitor
	case c.Type == TypeTrial:
		return RoleTrial
	case IsAgentType(c.Type):
		return RoleAgent
	default:
		return RoleMember
	}
}

// LoggedIn is true for any session holder (member, trial or agent).
func (c Caller) LoggedIn() bool { return c.MemberID != 0 }

// Real is true for a logged-in, non-trial account (spec section 6: trial
// users are blocked where a real account is needed).
func (c Caller) Real() bool { return c.LoggedIn() && c.Type != TypeTrial }

// Authenticator is what other domains need from this one: the caller behind
// a token. Handlers of other domains use Resolve/CallerFrom (http.go).
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Caller, error)
}

// UserInfo is the spec's "user info" (member info: id, account, nickname, type).
type UserInfo struct {
	ID                 int64  `json:"id"`
	Account            string `json:"account"`
	Username           string `json:"username"`
	Nickname           string `json:"nickname"`
	Type               int    `json:"type"`
	IsAgent            bool   `json:"isAgent"`
	IsTrial            bool   `json:"isTrial"`
	Email              string `json:"email"`
	Mobile             string `json:"mobileNum"`
	CountryDialingCode string `json:"countryDialingCode"`
	PayeeName          string `json:"payeeName"`
	AffiliateCode      string `json:"affiliateCode,omitempty"`
	CreatedTime        int64  `json:"createdTime"`
	LastLoginTime      *int64 `json:"lastLoginTime"`
	// RGRestricted: this session is withdrawal-only (docs/responsible-gaming.md).
	RGRestricted bool `json:"rgRestricted"`
}

// LoginResult is the value of a login, a registration, a free-play start and a
// password reset by phone.
type LoginResult struct {
	Token             string   `json:"token"`
	FirstTimeLogin    bool     `json:"firstTimeLogin"`
	PasswordExpired   bool     `json:"passwordExpired"`
	DefaultPassword   bool     `json:"defaultPassword"`
	PreviousLoginTime *int64   `json:"previousLoginTime"`
	ExpiresAt         int64    `json:"expiresAt"`
	UserInfo          UserInfo `json:"userInfo"`

	verify *LoginVerifyRequired // set instead of a session when a new IP needs the extra step (verify_ip.go)
}

// Field limits on the wire: longer input is refused with account.too_long
// before any rule runs.
const (
	MaxUsername = 32
	MaxPassword = 64
	MaxCaptcha  = 16
	MaxField    = 256
	MaxKey      = 64
)

// LoginRequest is POST /wps/session/login.
type LoginRequest struct {
	Type       string `json:"type"` // "username" (default) or "sms"
	Username   string `json:"username"`
	Password   string `json:"password"`
	Captcha    string `json:"captcha"`
	CaptchaKey string `json:"captchaKey"`
	Remember   bool   `json:"rememberMe"`
	AgentLogin bool   `json:"agentLogin"` // true on the /agent page: non-agents are refused
	// CountryDialingCode goes with a mobile number as username (type sms).
	CountryDialingCode string `json:"countryDialingCode"`
	Botcheck           string `json:"botcheck"` // solved proof of work (botcheck.go); not for type sms
}

// Normalize trims the fields and checks their shape (not their truth).
func (r *LoginRequest) Normalize() error {
	r.Type = strings.ToLower(strings.TrimSpace(r.Type))
	if r.Type == "" {
		r.Type = "username"
	}
	r.Username = strings.TrimSpace(r.Username)
	r.Password = strings.TrimSpace(r.Password)
	r.Captcha = strings.TrimSpace(r.Captcha)
	r.CaptchaKey = strings.TrimSpace(r.CaptchaKey)
	r.CountryDialingCode = strings.TrimSpace(r.CountryDialingCode)
	if len(r.CountryDialingCode) > 8 {
		return invalidField("countryDialingCode")
	}
	if r.Type != "username" && r.Type != "sms" {
		return invalidField("type")
	}
	if err := firstErr(
		maxLen("username", r.Username, MaxUsername), maxLen("password", r.Password, MaxPassword),
		maxLen("captcha", r.Captcha, MaxCaptcha), maxLen("captchaKey", r.CaptchaKey, MaxKey),
	); err != nil {
		return err
	}
	if r.Username == "" || r.Password == "" {
		return apperr.Invalid("auth.credentials_required")
	}
	return nil
}

// RegisterRequest is PUT /wps/member/register (spec section 3, registration user).
type RegisterRequest struct {
	Username           string `json:"username"`
	Password           string `json:"password"`
	ConfirmPassword    string `json:"confirmPassword"`
	PayeeName          string `json:"payeeName"`
	Email              string `json:"email"`
	QQNum              string `json:"qqNum"`
	MobileNum          string `json:"mobileNum"`
	CountryDialingCode string `json:"countryDialingCode"`
	RecommenderID      string `json:"recommenderId"`
	Captcha            string `json:"captcha"`
	CaptchaKey         string `json:"captchaKey"`
	VerificationCode   string `json:"verificationCode"`
	AffiliateCode      string `json:"affiliateCode"`
	PaymentPassword    string `json:"paymentPassword"`
	Line               string `json:"line"`
	Whatsapp           string `json:"whatsapp"`
	Facebook           string `json:"facebook"`
	Telegram           string `json:"telegram"`
	Zalo               string `json:"zalo"`
	Wechat             string `json:"wechat"`
	IDNumber           string `json:"idNumber"`
	Birthday           string `json:"birthday"`
	Nationality        string `json:"nationality"`
	Address            string `json:"address"`
	Occupation         string `json:"occupation"`
	SourceOfIncome     string `json:"sourceOfIncome"`
	ReferralCode       string `json:"referralCode"`
	Domain             string `json:"domain"`
	RegisterURL        string `json:"registerUrl"`
	RegisterMethod     string `json:"registerMethod"`
	Login              *bool  `json:"login"` // spec: login (true); false registers without a session
	Botcheck           string `json:"botcheck"`
}

// fields lists the rule-checked fields by their brand rule name.
func (r *RegisterRequest) fields() []*namedField {
	return []*namedField{
		{"username", &r.Username}, {"password", &r.Password}, {"confirmPassword", &r.ConfirmPassword},
		{"payeeName", &r.PayeeName}, {"email", &r.Email}, {"qqNum", &r.QQNum}, {"mobileNum", &r.MobileNum},
		{"recommenderId", &r.RecommenderID}, {"captcha", &r.Captcha}, {"verificationCode", &r.VerificationCode},
		{"affiliateCode", &r.AffiliateCode}, {"paymentPassword", &r.PaymentPassword}, {"line", &r.Line},
		{"whatsapp", &r.Whatsapp}, {"facebook", &r.Facebook}, {"telegram", &r.Telegram}, {"zalo", &r.Zalo},
		{"wechat", &r.Wechat}, {"idNumber", &r.IDNumber}, {"birthday", &r.Birthday},
		{"nationality", &r.Nationality}, {"address", &r.Address}, {"occupation", &r.Occupation},
		{"sourceOfIncome", &r.SourceOfIncome},
	}
}

type namedField struct {
	name string
	v    *string
}

// Normalize trims every field and refuses over-long ones.
func (r *RegisterRequest) Normalize() error {
	for _, f := range r.fields() {
		*f.v = strings.TrimSpace(*f.v)
		limit := MaxField
		switch f.name {
		case "username":
			limit = MaxUsername
		case "password", "confirmPassword", "paymentPassword":
			limit = MaxPassword
		case "captcha":
			limit = MaxCaptcha
		}
		if err := maxLen(f.name, *f.v, limit); err != nil {
			return err
		}
	}
	for name, p := range map[string]*string{
		"countryDialingCode": &r.CountryDialingCode, "captchaKey": &r.CaptchaKey, "referralCode": &r.ReferralCode,
		"domain": &r.Domain, "registerUrl": &r.RegisterURL, "registerMethod": &r.RegisterMethod,
	} {
		*p = strings.TrimSpace(*p)
		limit := MaxKey
		if name == "registerUrl" {
			limit = MaxField
		}
		if err := maxLen(name, *p, limit); err != nil {
			return err
		}
	}
	if r.RegisterMethod == "" {
		r.RegisterMethod = "WEB"
	}
	r.RegisterMethod = strings.ToUpper(r.RegisterMethod)
	if r.RegisterMethod != "WEB" {
		return invalidField("registerMethod")
	}
	if r.CountryDialingCode != "" && !isDialingCode(r.CountryDialingCode) {
		return invalidField("countryDialingCode")
	}
	return nil
}

// ChangePasswordRequest is POST /wps/member/password.
type ChangePasswordRequest struct {
	OldPassword        string `json:"oldPassword"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword"`
	// VerificationCode is required with CHNGPASSVERIF3 on (POST /wps/member/password/code).
	VerificationCode string `json:"verificationCode"`
}

func (r *ChangePasswordRequest) Normalize() error {
	r.OldPassword = strings.TrimSpace(r.OldPassword)
	r.NewPassword = strings.TrimSpace(r.NewPassword)
	r.ConfirmNewPassword = strings.TrimSpace(r.ConfirmNewPassword)
	if err := firstErr(maxLen("oldPassword", r.OldPassword, MaxPassword), maxLen("newPassword", r.NewPassword, MaxPassword),
		maxLen("confirmNewPassword", r.ConfirmNewPassword, MaxPassword)); err != nil {
		return err
	}
	switch {
	case r.OldPassword == "":
		return required("oldPassword")
	case r.NewPassword == "":
		return required("newPassword")
	case r.ConfirmNewPassword == "":
		return required("confirmNewPassword")
	case r.NewPassword != r.ConfirmNewPassword:
		return apperr.Invalid("account.password_mismatch")
	}
	return nil
}

func isDialingCode(s string) bool {
	s = strings.TrimPrefix(s, "+")
	if s == "" || len(s) > 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func maxLen(field, v string, n int) error {
	if !utf8.ValidString(v) {
		return invalidField(field)
	}
	if utf8.RuneCountInString(v) > n {
		return apperr.Invalid("account.too_long").With("field", field).With("max", n)
	}
	return nil
}

func invalidField(field string) *apperr.Error {
	return apperr.Invalid("account.invalid_field").With("field", field)
}

func required(field string) *apperr.Error {
	return apperr.Invalid("account.field_required").With("field", field)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
