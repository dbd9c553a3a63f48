package account

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"
	"unicode"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/session"
)

// The account side of third-party login: a linked login's exchange, linking
// an existing account, creating a new one.

// OAuthExchange is POST /wps/oauth/exchange.
type OAuthExchange struct {
	Code string `json:"code"`
}

// Exchange trades the one-time code of a linked login for a session
// (login type thirdParty: never a forced password change, spec section 4).
func (o *OAuth) Exchange(ctx context.Context, req OAuthExchange, cl Client) (LoginResult, error) {
	if req.Code == "" || len(req.Code) > MaxKey {
		return LoginResult{}, apperr.Invalid("oauth.ticket_invalid")
	}
	if err := o.svc.hit(ctx, "oauth:exchange:"+cl.IP, o.svc.cfg.LockoutWindow, o.svc.cfg.LockoutAfterIP, "request.too_many"); err != nil {
		return LoginResult{}, err
	}
	t, err := o.svc.store.TakeOAuthTicket(ctx, session.Hash(req.Code), ticketLogin, o.svc.clock.Now())
	if err != nil {
		return LoginResult{}, err
	}
	m, err := o.svc.store.MemberByID(ctx, t.MemberID)
	if err != nil {
		return LoginResult{}, err
	}
	if m.Status != StatusActive {
		return LoginResult{}, apperr.Forbidden("auth.account_disabled")
	}
	res, err := o.svc.startSession(ctx, m, false, LoginTypeThirdParty, cl, o.svc.brandConfig(ctx))
	if err != nil {
		return LoginResult{}, err
	}
	res.PasswordExpired = false
	o.svc.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: "oauth:" + t.Provider})
	return res, nil
}

// LoginTypeThirdParty is the session login type of Google and Facebook logins.
const LoginTypeThirdParty = "thirdParty"

// OAuthLinkRequest is POST /wps/oauth/link: the ticket and the existing
// account's credentials (the usual login checks apply).
type OAuthLinkRequest struct {
	Ticket     string `json:"ticket"`
	Username   string `json:"username"`
	Password   string `json:"password"`
	Captcha    string `json:"captcha"`
	CaptchaKey string `json:"captchaKey"`
	Botcheck   string `json:"botcheck"`
	Remember   bool   `json:"rememberMe"`
}

// Link logs in with username and password (all of Login's limits, captcha
// and bot check) and links the ticket's provider account to that member,
// permanently. The answer is that login's.
func (o *OAuth) Link(ctx context.Context, req OAuthLinkRequest, cl Client) (LoginResult, error) {
	if req.Ticket == "" || len(req.Ticket) > MaxKey {
		return LoginResult{}, apperr.Invalid("oauth.ticket_invalid")
	}
	hash := session.Hash(req.Ticket)
	t, err := o.svc.store.PeekOAuthTicket(ctx, hash, ticketLink, o.svc.clock.Now())
	if err != nil {
		return LoginResult{}, err
	}
	res, err := o.svc.Login(ctx, LoginRequest{Type: "username", Username: req.Username, Password: req.Password,
		Captcha: req.Captcha, CaptchaKey: req.CaptchaKey, Botcheck: req.Botcheck, Remember: req.Remember}, cl)
	if err != nil {
		return LoginResult{}, err
	}
	if res.Token == "" { // a further login step is pending: nothing is linked without a session
		return LoginResult{}, apperr.Forbidden("oauth.link_needs_login")
	}
	if _, err := o.svc.store.LinkWithTicket(ctx, hash, res.UserInfo.ID, o.svc.clock.Now()); err != nil {
		// The login worked but the link did not (ticket spent meanwhile, or
		// this member already has an account of this provider): undo the session.
		th := session.Hash(res.Token)
		if _, rerr := o.svc.store.RevokeSession(ctx, th, o.svc.clock.Now()); rerr == nil {
			o.svc.revoked(ctx, res.UserInfo.ID, th, "")
		}
		return LoginResult{}, err
	}
	o.svc.audit(ctx, AuditEvent{MemberID: res.UserInfo.ID, Account: res.UserInfo.Account, Event: EventOAuthLink, IP: cl.IP, Detail: t.Provider})
	return res, nil
}

// OAuthRegisterRequest is POST /wps/oauth/register.
type OAuthRegisterRequest struct {
	Ticket        string `json:"ticket"`
	AffiliateCode string `json:"affiliateCode"`
	// ReferralCode is the referral link's code the visitor arrived with,
	// as a form registration sends it (referral.go).
	ReferralCode string `json:"referralCode"`
}

// Register creates a member for the ticket's provider account, linked to
// it, with a generated username and no password (the member logs in with
// the provider until they set one), and logs it in. Registration rules of
// the brand apply: USERNAMEREG3 on, and an agent's code unless DIRECTREG3.
func (o *OAuth) Register(ctx context.Context, req OAuthRegisterRequest, cl Client) (LoginResult, error) {
	req.AffiliateCode = strings.TrimSpace(req.AffiliateCode)
	if req.Ticket == "" || len(req.Ticket) > MaxKey {
		return LoginResult{}, apperr.Invalid("oauth.ticket_invalid")
	}
	if len(req.AffiliateCode) > 32 {
		return LoginResult{}, maxLen("affiliateCode", req.AffiliateCode, 32)
	}
	if len(req.ReferralCode) > 32 {
		return LoginResult{}, maxLen("referralCode", req.ReferralCode, 32)
	}
	bc := o.svc.brandConfig(ctx)
	if bc == nil || !bc.SwitchOn("USERNAMEREG3") {
		return LoginResult{}, apperr.Forbidden("auth.operation_disabled")
	}
	hash := session.Hash(req.Ticket)
	t, err := o.svc.store.PeekOAuthTicket(ctx, hash, ticketLink, o.svc.clock.Now())
	if err != nil {
		return LoginResult{}, err
	}
	aff := affiliate{memberType: TypeMember}
	if req.AffiliateCode != "" {
		a, err := o.svc.resolveAffiliate(ctx, req.AffiliateCode)
		if err != nil {
			return LoginResult{}, err
		}
		aff = a
	} else if !bc.SwitchOn("DIRECTREG3") {
		return LoginResult{}, required("affiliateCode")
	}
	code := strings.ToUpper(strings.TrimSpace(req.ReferralCode))
	referrer, err := o.svc.referrerOf(ctx, bc, code)
	if err != nil {
		return LoginResult{}, err
	}
	if err := o.svc.hit(ctx, "register:ip:"+cl.IP, time.Hour, o.svc.cfg.RegisterPerIP, "request.too_many"); err != nil {
		return LoginResult{}, err
	}
	rule, _ := bc.Rule("username")
	for try := 0; ; try++ {
		now := o.svc.clock.Now()
		account := generateUsername(t.Name, t.Email, t.Provider, rule, try)
		nick := t.Name
		if nick == "" {
			nick = account
		}
		m := Member{Account: account, Nickname: nick, Type: aff.memberType, PasswordChangedAt: now,
			AffiliateCode: strings.ToUpper(req.AffiliateCode), ParentID: aff.parentID, RegisterMethod: "WEB",
			ReferralCode: code, ReferrerID: referrer,
			RegisterIP: cl.IP, RegisterURL: "oauth:" + t.Provider, CreatedAt: now}
		if IsAgentType(m.Type) {
			m.OwnAffiliateCode = newAgentCode()
		}
		sess, token := o.svc.newSession(0, false, LoginTypeThirdParty, cl)
		_, err := o.svc.store.CreateLinkedMember(ctx, hash, &m, &sess, now)
		if err != nil {
			if apperr.As(err).Code == "account.username_taken" && try < 8 {
				continue
			}
			return LoginResult{}, err
		}
		o.svc.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventRegister, IP: cl.IP, Detail: "oauth:" + t.Provider})
		o.svc.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventOAuthLink, IP: cl.IP, Detail: t.Provider})
		o.svc.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: "oauth:" + t.Provider})
		res := o.svc.loginResult(m, token, sess, time.Time{}, bc)
		res.PasswordExpired = false
		return res, nil
	}
}

// generateUsername makes a name the brand's username rule accepts: letters
// of the provider name (or e-mail, or the provider id) and random digits.
func generateUsername(name, email, provider string, rule brand.FieldRule, try int) string {
	minLen, maxLen := 6, 16
	if rule.MaxLength > 0 {
		minLen, maxLen = max(rule.MinLength, 1), rule.MaxLength
	}
	var letters []rune
	for _, src := range []string{name, strings.SplitN(email, "@", 2)[0], provider} {
		for _, r := range strings.ToLower(src) {
			if r < unicode.MaxASCII && unicode.IsLetter(r) {
				letters = append(letters, r)
			}
		}
		if len(letters) >= 3 {
			break
		}
	}
	digits := 4 + try/3 // more digits after repeated collisions
	stem := maxLen - digits
	if stem > 10 {
		stem = 10
	}
	if stem < 1 {
		stem = 1
	}
	if len(letters) > stem {
		letters = letters[:stem]
	}
	out := string(letters) + randomDigits(digits)
	for len(out) < minLen {
		out += randomDigits(1)
	}
	if len(out) > maxLen {
		out = out[:maxLen]
	}
	if rule.Enabled && rule.AcceptedPattern != "" && !rule.Accepts(out) {
		// A brand rule we cannot meet with letters and digits: fall back to digits after one letter.
		out = "u" + randomDigits(max(minLen, 8)-1)
	}
	return out
}

func randomDigits(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = '0' + b[i]%10
	}
	return string(b)
}

func randomB64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Audit events of third-party login.
const (
	EventOAuthLink = "oauth_link" // a provider account linked to a member (permanent)
	EventOAuthFail = "oauth_fail" // a callback refused (detail: provider:reason)
)

func init() {
	for code, m := range map[string][2]string{
		"oauth.provider_disabled":    {"This login option is not available.", "Hindi available ang paraang ito ng pag-login."},
		"oauth.provider_unavailable": {"The login provider cannot be reached. Please try again later.", "Hindi maabot ang login provider. Pakisubukang muli mamaya."},
		"oauth.ticket_invalid":       {"This login has expired or was already used. Please try again.", "Nag-expire na o nagamit na ang login na ito. Pakisubukang muli."},
		"oauth.already_linked":       {"This account is already linked to another account of this provider.", "Naka-link na ang account na ito sa ibang account ng provider na ito."},
		"oauth.link_needs_login":     {"Please log in with your username first, then link again.", "Mag-login muna gamit ang iyong username, saka i-link muli."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
