package account

import (
	"context"
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Security centre, binding a mobile number or e-mail, and the code for a
// password change under CHNGPASSVERIF3 (docs/accounts.md, "Security centre").

// Audit events of this file.
const (
	EventBindMobile   = "bind_mobile"
	EventBindEmail    = "bind_email"
	EventPasswordCode = "password_code"
)

// BindPerMember caps the bind and password codes one member asks for in an hour.
const BindPerMember = 10

func init() {
	for pattern, roles := range map[string][]Role{
		"GET /wps/member/security":              realOnly,
		"POST /wps/member/bind/mobile/code":     realOnly,
		"PUT /wps/member/bind/mobile":           realOnly,
		"POST /wps/member/bind/email/code":      realOnly,
		"PUT /wps/member/bind/email":            realOnly,
		"POST /wps/member/password/code":        realOnly,
		"POST /wps/session/login/verify":        anyone,
		"POST /wps/session/login/verify/resend": anyone,
	} {
		routeRoles[pattern] = roles
	}
}

func (h *Handler) securityHandlers() map[string]func(http.ResponseWriter, *http.Request, Caller) {
	return map[string]func(http.ResponseWriter, *http.Request, Caller){
		"GET /wps/member/security": func(w http.ResponseWriter, r *http.Request, c Caller) {
			respond(w, r)(h.svc.Security(r.Context(), c))
		},
		"POST /wps/member/bind/mobile/code": func(w http.ResponseWriter, r *http.Request, c Caller) {
			var req BindMobileRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.BindMobileCode(r.Context(), c, req, h.client(r)))
			}
		},
		"PUT /wps/member/bind/mobile": func(w http.ResponseWriter, r *http.Request, c Caller) {
			var req BindMobileRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.BindMobile(r.Context(), c, req, h.client(r)))
			}
		},
		"POST /wps/member/bind/email/code": func(w http.ResponseWriter, r *http.Request, c Caller) {
			var req BindEmailRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.BindEmailCode(r.Context(), c, req, h.client(r)))
			}
		},
		"PUT /wps/member/bind/email": func(w http.ResponseWriter, r *http.Request, c Caller) {
			var req BindEmailRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.BindEmail(r.Context(), c, req, h.client(r)))
			}
		},
		"POST /wps/member/password/code": func(w http.ResponseWriter, r *http.Request, c Caller) {
			respond(w, r)(h.svc.PasswordCode(r.Context(), c, h.client(r)))
		},
		"POST /wps/session/login/verify": func(w http.ResponseWriter, r *http.Request, _ Caller) {
			var req LoginVerifyRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.LoginVerify(r.Context(), req, h.client(r)))
			}
		},
		"POST /wps/session/login/verify/resend": func(w http.ResponseWriter, r *http.Request, _ Caller) {
			var req LoginVerifyRequest
			if decode(w, r, &req) {
				respond(w, r)(h.svc.LoginVerifyResend(r.Context(), req, h.client(r)))
			}
		},
	}
}

// decode reads a JSON body; false means the error has been answered. An
// empty body reads as {}.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if r.ContentLength == 0 && r.Body != nil {
		return true
	}
	if err := httpx.DecodeJSON(r, v); err != nil {
		httpx.Fail(w, r, err)
		return false
	}
	return true
}

// respond writes a service answer.
func respond(w http.ResponseWriter, r *http.Request) func(any, error) {
	return func(v any, err error) {
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, v)
	}
}

// SecurityInfo is GET /wps/member/security: what is bound (masked) and the
// recent account activity.
type SecurityInfo struct {
	Account                 string `json:"account"`
	Nickname                string `json:"nickname"`
	MobileBound             bool   `json:"mobileBound"`
	MobileNum               string `json:"mobileNum"` // masked: 9*****4567
	CountryDialingCode      string `json:"countryDialingCode"`
	EmailBound              bool   `json:"emailBound"`
	Email                   string `json:"email"` // masked: d***1@palaro.example
	PasswordChangedTime     *int64 `json:"passwordChangedTime"`
	LastLoginTime           *int64 `json:"lastLoginTime"` // the login before the latest one
	LastLoginIP             string `json:"lastLoginIp"`
	ChangePasswordNeedsCode bool   `json:"changePasswordNeedsCode"`
}

// BindMobileRequest is the body of POST /wps/member/bind/mobile/code and PUT /wps/member/bind/mobile.
type BindMobileRequest struct {
	CountryDialingCode string `json:"countryDialingCode"`
	MobileNum          string `json:"mobileNum"`
	VerificationCode   string `json:"verificationCode"`
	Botcheck           string `json:"botcheck"`
}

// BindEmailRequest is the body of POST /wps/member/bind/email/code and PUT /wps/member/bind/email.
type BindEmailRequest struct {
	Email            string `json:"email"`
	VerificationCode string `json:"verificationCode"`
	Botcheck         string `json:"botcheck"`
}

// CodeSent answers the code requests that name where the code went.
type CodeSent struct {
	ExpiredMinutes int    `json:"expiredMinutes"`
	MaskedTarget   string `json:"maskedTarget"`
}

func optMS(t time.Time) *int64 {
	if t.IsZero() {
		return nil
	}
	v := t.UnixMilli()
	return &v
}

func requireReal(c Caller) error {
	switch {
	case !c.LoggedIn():
		return apperr.Unauthorized("auth.token_required")
	case !c.Real():
		return apperr.Forbidden("auth.real_account_required")
	}
	return nil
}

// Security answers the security centre.
func (s *Service) Security(ctx context.Context, c Caller) (SecurityInfo, error) {
	if err := requireReal(c); err != nil {
		return SecurityInfo{}, err
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return SecurityInfo{}, err
	}
	prevAt, prevIP, err := s.store.PreviousLogin(ctx, m.ID)
	if err != nil {
		return SecurityInfo{}, err
	}
	info := SecurityInfo{Account: m.Account, Nickname: m.Nickname, MobileBound: m.Mobile != "", EmailBound: m.Email != "",
		PasswordChangedTime: optMS(m.PasswordChangedAt), LastLoginTime: optMS(prevAt), LastLoginIP: prevIP}
	if info.MobileBound {
		info.MobileNum, info.CountryDialingCode = maskMobile(m.Mobile), m.CountryDialingCode
	}
	if info.EmailBound {
		info.Email = maskEmail(m.Email)
	}
	_, hasTarget := verifyTarget(m, "sms")
	info.ChangePasswordNeedsCode = switchOn(s.brandConfig(ctx), "CHNGPASSVERIF3") && hasTarget
	return info, nil
}

// verifyTarget is where a member's own codes go: the preferred method when
// bound, else the other; false when nothing is bound.
func verifyTarget(m Member, prefer string) (codeTarget, bool) {
	mobile := func() (codeTarget, bool) {
		dial := m.CountryDialingCode
		if dial == "" {
			dial = DefaultDialingCode
		}
		return smsTarget(dial, m.Mobile), m.Mobile != ""
	}
	email := func() (codeTarget, bool) { return emailTarget(m.Email), m.Email != "" }
	first, second := mobile, email
	if prefer == "email" {
		first, second = email, mobile
	}
	if t, ok := first(); ok {
		return t, true
	}
	return second()
}

func (s *Service) memberCodeBudget(ctx context.Context, memberID int64) error {
	return s.hit(ctx, "bind:member:"+itoa(memberID), time.Hour, BindPerMember, "sms.too_many")
}

func (r *BindMobileRequest) normalize() (dial, mobile string, err error) {
	r.MobileNum, r.VerificationCode = strings.TrimSpace(r.MobileNum), strings.TrimSpace(r.VerificationCode)
	if err := firstErr(maxLen("mobileNum", r.MobileNum, 20), maxLen("countryDialingCode", r.CountryDialingCode, 8),
		maxLen("verificationCode", r.VerificationCode, MaxCaptcha)); err != nil {
		return "", "", err
	}
	if r.MobileNum == "" {
		return "", "", apperr.Invalid("sms.mobile_required")
	}
	return normalizeMobile(r.CountryDialingCode, r.MobileNum)
}

func bindMobilePurpose(id int64) string { return "bind_mobile:" + itoa(id) }
func bindEmailPurpose(id int64) string  { return "bind_email:" + itoa(id) }
func passwordPurpose(id int64) string   { return "password:" + itoa(id) }

// BindMobileCode texts a code to a number the member wants to bind. The
// code goes to the new number only; a number of another member is refused.
func (s *Service) BindMobileCode(ctx context.Context, c Caller, req BindMobileRequest, cl Client) (SMSSent, error) {
	if err := requireReal(c); err != nil {
		return SMSSent{}, err
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return SMSSent{}, err
	}
	dial, mobile, err := req.normalize()
	if err != nil {
		return SMSSent{}, err
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return SMSSent{}, err
	}
	if m.Mobile == mobile && (m.CountryDialingCode == dial || m.CountryDialingCode == "" && dial == DefaultDialingCode) {
		return SMSSent{}, apperr.Invalid("account.already_bound")
	}
	if other, err := s.store.MemberByMobile(ctx, dial, mobile); err == nil && other.ID != m.ID {
		return SMSSent{}, apperr.Conflict("account.mobile_taken")
	} else if err != nil && apperr.As(err).Kind != apperr.KindNotFound {
		return SMSSent{}, err
	}
	if err := s.memberCodeBudget(ctx, m.ID); err != nil {
		return SMSSent{}, err
	}
	if err := s.codeLimits(ctx, bindMobilePurpose(m.ID), dial+mobile, cl); err != nil {
		return SMSSent{}, err
	}
	if err := s.deliverCode(ctx, bindMobilePurpose(m.ID), smsTarget(dial, mobile)); err != nil {
		return SMSSent{}, err
	}
	return SMSSent{ExpiredMinutes: s.cfg.SMSExpiredMinutes}, nil
}

// BindMobile binds (or re-binds) the number the code was sent to.
func (s *Service) BindMobile(ctx context.Context, c Caller, req BindMobileRequest, cl Client) (SecurityInfo, error) {
	if err := requireReal(c); err != nil {
		return SecurityInfo{}, err
	}
	dial, mobile, err := req.normalize()
	if err != nil {
		return SecurityInfo{}, err
	}
	if err := s.checkCode(ctx, bindMobilePurpose(c.MemberID), smsTarget(dial, mobile), req.VerificationCode); err != nil {
		return SecurityInfo{}, err
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return SecurityInfo{}, err
	}
	if err := s.store.BindMobile(ctx, m.ID, dial, mobile, s.clock.Now()); err != nil {
		return SecurityInfo{}, err
	}
	detail := "new"
	if m.Mobile != "" {
		detail = "rebind from " + maskMobile(m.Mobile)
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventBindMobile, IP: cl.IP, Detail: detail})
	s.dropSessions(m.ID, "", "") // member info changed: reload it
	return s.Security(ctx, c)
}

func normalizeEmail(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", apperr.Invalid("account.email_required")
	}
	if err := maxLen("email", raw, 128); err != nil {
		return "", err
	}
	a, err := mail.ParseAddress(raw)
	if err != nil || a.Address != raw || a.Name != "" || !strings.Contains(raw[strings.LastIndexByte(raw, '@')+1:], ".") {
		return "", apperr.Invalid("account.invalid_email")
	}
	return raw, nil
}

// BindEmailCode e-mails a code to an address the member wants to bind.
func (s *Service) BindEmailCode(ctx context.Context, c Caller, req BindEmailRequest, cl Client) (SMSSent, error) {
	if err := requireReal(c); err != nil {
		return SMSSent{}, err
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return SMSSent{}, err
	}
	email, err := normalizeEmail(req.Email)
	if err != nil {
		return SMSSent{}, err
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return SMSSent{}, err
	}
	if strings.EqualFold(m.Email, email) {
		return SMSSent{}, apperr.Invalid("account.already_bound")
	}
	if other, err := s.store.MemberByEmail(ctx, email); err == nil && other.ID != m.ID {
		return SMSSent{}, apperr.Conflict("account.email_taken")
	} else if err != nil && apperr.As(err).Kind != apperr.KindNotFound {
		return SMSSent{}, err
	}
	if err := s.memberCodeBudget(ctx, m.ID); err != nil {
		return SMSSent{}, err
	}
	t := emailTarget(email)
	_, _, limitKey := t.key()
	if err := s.codeLimits(ctx, bindEmailPurpose(m.ID), limitKey, cl); err != nil {
		return SMSSent{}, err
	}
	if err := s.deliverCode(ctx, bindEmailPurpose(m.ID), t); err != nil {
		return SMSSent{}, err
	}
	return SMSSent{ExpiredMinutes: s.cfg.SMSExpiredMinutes}, nil
}

// BindEmail binds (or re-binds) the address the code was sent to.
func (s *Service) BindEmail(ctx context.Context, c Caller, req BindEmailRequest, cl Client) (SecurityInfo, error) {
	if err := requireReal(c); err != nil {
		return SecurityInfo{}, err
	}
	email, err := normalizeEmail(req.Email)
	if err != nil {
		return SecurityInfo{}, err
	}
	if err := maxLen("verificationCode", req.VerificationCode, MaxCaptcha); err != nil {
		return SecurityInfo{}, err
	}
	if err := s.checkCode(ctx, bindEmailPurpose(c.MemberID), emailTarget(email), req.VerificationCode); err != nil {
		return SecurityInfo{}, err
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return SecurityInfo{}, err
	}
	if err := s.store.BindEmail(ctx, m.ID, email, s.clock.Now()); err != nil {
		return SecurityInfo{}, err
	}
	detail := "new"
	if m.Email != "" {
		detail = "rebind from " + maskEmail(m.Email)
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventBindEmail, IP: cl.IP, Detail: detail})
	s.dropSessions(m.ID, "", "")
	return s.Security(ctx, c)
}

// PasswordCode sends the CHNGPASSVERIF3 code to the bound mobile (or the
// e-mail when no mobile is bound).
func (s *Service) PasswordCode(ctx context.Context, c Caller, cl Client) (CodeSent, error) {
	if err := requireReal(c); err != nil {
		return CodeSent{}, err
	}
	if !switchOn(s.brandConfig(ctx), "CHNGPASSVERIF3") {
		return CodeSent{}, apperr.Forbidden("auth.operation_disabled")
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return CodeSent{}, err
	}
	t, ok := verifyTarget(m, "sms")
	if !ok {
		return CodeSent{}, apperr.Invalid("account.no_verify_target")
	}
	if err := s.memberCodeBudget(ctx, m.ID); err != nil {
		return CodeSent{}, err
	}
	_, _, limitKey := t.key()
	if err := s.codeLimits(ctx, passwordPurpose(m.ID), limitKey, cl); err != nil {
		return CodeSent{}, err
	}
	if err := s.deliverCode(ctx, passwordPurpose(m.ID), t); err != nil {
		return CodeSent{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventPasswordCode, IP: cl.IP, Detail: t.Method})
	return CodeSent{ExpiredMinutes: s.cfg.SMSExpiredMinutes, MaskedTarget: t.masked()}, nil
}

// passwordChangeCode checks the CHNGPASSVERIF3 code of a password change.
// With the switch off, or nothing bound to send a code to, none is needed.
func (s *Service) passwordChangeCode(ctx context.Context, m Member, code string) error {
	if !switchOn(s.brandConfig(ctx), "CHNGPASSVERIF3") {
		return nil
	}
	t, ok := verifyTarget(m, "sms")
	if !ok {
		return nil
	}
	if err := maxLen("verificationCode", code, MaxCaptcha); err != nil {
		return err
	}
	return s.checkCode(ctx, passwordPurpose(m.ID), t, code)
}
