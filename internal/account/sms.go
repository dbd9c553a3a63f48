package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/session"
)

// SMSSender delivers a text to a phone. LogSMS is the demo provider; a
// gateway provider implements the same method.
type SMSSender interface {
	SendSMS(ctx context.Context, countryDialingCode, mobile, text string) error
}

// Mailer sends an e-mail. LogMailer is the demo provider.
type Mailer interface {
	SendMail(ctx context.Context, to, subject, body string) error
}

// ErrUnconfigured is what Unconfigured answers: the operation is off.
var ErrUnconfigured = errors.New("no SMS provider or mailer configured")

// Unconfigured is the provider until one is set with Messaging: SMS and
// e-mail endpoints answer auth.operation_disabled instead of pretending.
type Unconfigured struct{}

func (Unconfigured) SendSMS(context.Context, string, string, string) error  { return ErrUnconfigured }
func (Unconfigured) SendMail(context.Context, string, string, string) error { return ErrUnconfigured }

// LogSMS writes texts to the log instead of sending them (demo mode).
type LogSMS struct{ Logger *slog.Logger }

func (l LogSMS) SendSMS(ctx context.Context, dial, mobile, text string) error {
	logger := l.Logger
	if logger == nil {
		logger = slog.Default()
	}
	logger.InfoContext(ctx, "sms (log provider)", "to", "+"+dial+mobile, "text", text)
	return nil
}

// LogMailer writes e-mails to the log instead of sending them (demo mode).
type LogMailer struct{ Logger *slog.Logger }

func (l LogMailer) SendMail(ctx context.Context, to, subject, body string) error {
	logger := l.Logger
	if logger == nil {
		logger = slog.Default()
	}
	logger.InfoContext(ctx, "mail (log mailer)", "to", to, "subject", subject, "body", body)
	return nil
}

// Messaging sets the SMS provider, the mailer and the base URL of reset
// links (e.g. "https://palaro.example"; empty: http://<brand mainDomain>).
func (s *Service) Messaging(sms SMSSender, mail Mailer, resetBaseURL string) {
	s.sms, s.mailer, s.resetBaseURL = sms, mail, strings.TrimRight(resetBaseURL, "/")
}

// SMS code purposes.
const (
	smsRegister = "register"
	smsLogin    = "login" // login by code and password reset by phone
)

// DefaultDialingCode applies when a request names no country (the demo brand is in the Philippines).
const DefaultDialingCode = "63"

// normalizeMobile checks a dialling code and national number and drops
// one leading trunk 0 (09171234567 and 9171234567 are the same number).
func normalizeMobile(dial, mobile string) (string, string, error) {
	dial = strings.TrimPrefix(strings.TrimSpace(dial), "+")
	if dial == "" {
		dial = DefaultDialingCode
	}
	if !isDialingCode(dial) {
		return "", "", invalidField("countryDialingCode")
	}
	mobile = strings.TrimSpace(mobile)
	if len(mobile) < 6 || len(mobile) > 15 || !digits(mobile) {
		return "", "", apperr.Invalid("sms.invalid_mobile")
	}
	if mobile[0] == '0' {
		mobile = mobile[1:]
	}
	return dial, mobile, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func smsCodeHash(purpose, dial, mobile, code string) string {
	sum := sha256.Sum256([]byte(purpose + "|" + dial + "|" + mobile + "|" + code))
	return hex.EncodeToString(sum[:])
}

// SMSRequest is the body of both SMS code endpoints (registration sends
// mobileNo, the others mobileNum: both are read).
type SMSRequest struct {
	MobileNum          string `json:"mobileNum"`
	MobileNo           string `json:"mobileNo"`
	CountryDialingCode string `json:"countryDialingCode"`
	Botcheck           string `json:"botcheck"`
}

// SMSSent is the value of the SMS code endpoints.
type SMSSent struct {
	ExpiredMinutes int `json:"expiredMinutes"`
}

// SendSMSCode sends a 6-digit code. Per number: one send per
// SMSResendAfter, and past SMSPerNumber sends in an hour the number is
// locked for 5 minutes ("too many requests, try again after 5 minutes"); per
// IP SMSPerIP an hour. For login codes an unknown number gets the same
// answer but no text, so the endpoint does not reveal registered numbers.
func (s *Service) SendSMSCode(ctx context.Context, purpose string, req SMSRequest, cl Client) (SMSSent, error) {
	bc := s.brandConfig(ctx)
	switch {
	case purpose == smsRegister && !(switchOn(bc, "MOBILENUMREG3") && switchOn(bc, "REGMOBVERF3")):
		return SMSSent{}, apperr.Forbidden("auth.operation_disabled")
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return SMSSent{}, err
	}
	raw := req.MobileNum
	if raw == "" {
		raw = req.MobileNo
	}
	if strings.TrimSpace(raw) == "" {
		return SMSSent{}, apperr.Invalid("sms.mobile_required")
	}
	if err := maxLen("mobileNum", strings.TrimSpace(raw), 20); err != nil {
		return SMSSent{}, err
	}
	dial, mobile, err := normalizeMobile(req.CountryDialingCode, raw)
	if err != nil {
		return SMSSent{}, err
	}
	if err := s.codeLimits(ctx, purpose, dial+mobile, cl); err != nil {
		return SMSSent{}, err
	}
	sent := SMSSent{ExpiredMinutes: s.cfg.SMSExpiredMinutes}
	_, lookupErr := s.store.MemberByMobile(ctx, dial, mobile)
	exists := lookupErr == nil
	if lookupErr != nil && apperr.As(lookupErr).Kind != apperr.KindNotFound {
		return SMSSent{}, lookupErr
	}
	switch {
	case purpose == smsRegister && exists:
		return SMSSent{}, apperr.Conflict("account.mobile_taken")
	case purpose == smsLogin && !exists:
		return sent, nil
	}
	if err := s.deliverCode(ctx, purpose, smsTarget(dial, mobile)); err != nil {
		return SMSSent{}, err
	}
	return sent, nil
}

// useSMSCode consumes a code or answers why it cannot.
func (s *Service) useSMSCode(ctx context.Context, purpose, dial, mobile, code string) error {
	if len(code) != 6 || !digits(code) {
		return apperr.Invalid("sms.invalid_code")
	}
	out, err := s.store.UseSMSCode(ctx, purpose, dial, mobile, smsCodeHash(purpose, dial, mobile, code), s.clock.Now(), s.cfg.SMSCodeTries)
	if err != nil {
		return err
	}
	switch out {
	case SMSCodeOK:
		return nil
	case SMSCodeExpired:
		return apperr.Invalid("sms.code_expired")
	default:
		return apperr.Invalid("sms.invalid_code")
	}
}

// PhoneResetRequest is POST /wps/member/password/verification.
type PhoneResetRequest struct {
	MobileNum          string `json:"mobileNum"`
	CountryDialingCode string `json:"countryDialingCode"`
	VerificationCode   string `json:"verificationCode"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword"`
}

// ResetByPhone sets a new password with a login code sent to the member's
// number, revokes every session and logs the member in.
func (s *Service) ResetByPhone(ctx context.Context, req PhoneResetRequest, cl Client) (LoginResult, error) {
	for name, p := range map[string]*string{"mobileNum": &req.MobileNum, "countryDialingCode": &req.CountryDialingCode,
		"verificationCode": &req.VerificationCode, "newPassword": &req.NewPassword, "confirmNewPassword": &req.ConfirmNewPassword} {
		*p = strings.TrimSpace(*p)
		if err := maxLen(name, *p, MaxPassword); err != nil {
			return LoginResult{}, err
		}
	}
	switch {
	case req.MobileNum == "":
		return LoginResult{}, apperr.Invalid("sms.mobile_required")
	case req.VerificationCode == "":
		return LoginResult{}, apperr.Invalid("sms.code_required")
	case req.NewPassword == "":
		return LoginResult{}, required("newPassword")
	case req.ConfirmNewPassword != "" && req.ConfirmNewPassword != req.NewPassword:
		return LoginResult{}, apperr.Invalid("account.password_mismatch")
	}
	dial, mobile, err := normalizeMobile(req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.useSMSCode(ctx, smsLogin, dial, mobile, req.VerificationCode); err != nil {
		return LoginResult{}, err
	}
	m, err := s.store.MemberByMobile(ctx, dial, mobile)
	if err != nil {
		return LoginResult{}, apperr.Invalid("sms.invalid_code")
	}
	if err := s.checkPassword(ctx, m.Account, req.NewPassword); err != nil {
		return LoginResult{}, err
	}
	if m.Status != StatusActive || m.Type == TypeTrial {
		return LoginResult{}, apperr.Forbidden("auth.account_disabled")
	}
	hash, err := s.hash(ctx, req.NewPassword)
	if err != nil {
		return LoginResult{}, err
	}
	now := s.clock.Now()
	if err := s.store.ChangePassword(ctx, m.ID, hash, now, ""); err != nil {
		return LoginResult{}, err
	}
	s.revoked(ctx, m.ID, "", "")
	m.PasswordHash, m.DefaultPassword, m.PasswordChangedAt = hash, false, now
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventPasswordChange, IP: cl.IP, Detail: "phone"})
	res, err := s.startSession(ctx, m, false, "sms", cl, s.brandConfig(ctx))
	if err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: "phone_reset"})
	return res, nil
}

// loginBySMS is the verification-code login (MOBILEVERCODELOGIN3): the
// username is the mobile number, the password the code from
// /wps/verification/sms/noLogin. The forced change is skipped (spec section 4).
func (s *Service) loginBySMS(ctx context.Context, req LoginRequest, cl Client) (LoginResult, error) {
	bc := s.brandConfig(ctx)
	if !switchOn(bc, "MOBILEVERCODELOGIN3") {
		return LoginResult{}, apperr.Forbidden("auth.operation_disabled")
	}
	dial, mobile, err := normalizeMobile(req.CountryDialingCode, req.Username)
	if err != nil {
		return LoginResult{}, err
	}
	key := "login:acct:+" + dial + mobile
	if n, err := s.limiter.Hit(ctx, key, s.cfg.LockoutWindow); err != nil {
		return LoginResult{}, apperr.Internal(err, "rate limit")
	} else if n > s.cfg.LockoutAfter {
		return LoginResult{}, tooMany("auth.locked")
	}
	if err := s.useSMSCode(ctx, smsLogin, dial, mobile, req.Password); err != nil {
		s.audit(ctx, AuditEvent{Account: "+" + dial + mobile, Event: EventLoginFail, IP: cl.IP, Detail: "sms"})
		return LoginResult{}, err
	}
	m, err := s.store.MemberByMobile(ctx, dial, mobile)
	if err != nil {
		return LoginResult{}, apperr.Invalid("sms.invalid_code")
	}
	if m.Status != StatusActive {
		return LoginResult{}, apperr.Forbidden("auth.account_disabled")
	}
	if req.AgentLogin && !IsAgentType(m.Type) {
		return LoginResult{}, apperr.Forbidden("auth.not_agent")
	}
	_ = s.limiter.Reset(ctx, key)
	res, err := s.startSession(ctx, m, req.Remember, "sms", cl, bc)
	if err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: "sms"})
	return res, nil
}

// ResetByEmail sends a reset link when username and e-mail match a member.
// The answer is the same whether or not they match (no enumeration).
func (s *Service) ResetByEmail(ctx context.Context, username, email string, cl Client) error {
	username, email = strings.TrimSpace(username), strings.TrimSpace(email)
	switch {
	case username == "":
		return required("username")
	case email == "":
		return required("email")
	}
	if err := firstErr(maxLen("username", username, MaxUsername), maxLen("email", email, 128)); err != nil {
		return err
	}
	if err := s.hit(ctx, "reset:ip:"+cl.IP, time.Hour, s.cfg.ResetPerIP, "request.too_many"); err != nil {
		return err
	}
	m, err := s.store.MemberByAccount(ctx, username)
	if err != nil || m.Email == "" || !strings.EqualFold(m.Email, email) || m.Status != StatusActive || m.Type == TypeTrial {
		return nil
	}
	if n, _ := s.limiter.Hit(ctx, "reset:member:"+itoa(m.ID), time.Hour); n > 3 {
		return nil
	}
	token, hash := session.NewToken()
	now := s.clock.Now()
	if err := s.store.PutResetToken(ctx, hash, m.ID, now, now.Add(s.cfg.ResetTokenTTL)); err != nil {
		return err
	}
	base := s.resetBaseURL
	if base == "" {
		if bc := s.brandConfig(ctx); bc != nil && bc.MainDomain != "" {
			base = "http://" + bc.MainDomain
		}
	}
	link := base + "/?resetToken=" + token
	brandName := ""
	if bc := s.brandConfig(ctx); bc != nil {
		brandName = bc.BrandName
	}
	if err := s.sendMail(ctx, resetMail(langFrom(ctx), brandName, m.Email, m.Nickname, link, int(s.cfg.ResetTokenTTL/time.Minute))); err != nil {
		if apperr.As(err).Code == "mail.send_failed" { // logged; answering it would tell that the pair matched
			s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: "reset_mail", IP: cl.IP, Detail: "send_failed"})
			return nil
		}
		return err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: "reset_mail", IP: cl.IP})
	return nil
}

// ResetByToken sets a new password with an e-mailed token and revokes every session.
func (s *Service) ResetByToken(ctx context.Context, token, newPassword, confirm string, cl Client) error {
	token, newPassword, confirm = strings.TrimSpace(token), strings.TrimSpace(newPassword), strings.TrimSpace(confirm)
	if len(token) != session.TokenLen {
		return apperr.Invalid("account.reset_invalid")
	}
	if err := maxLen("newPassword", newPassword, MaxPassword); err != nil {
		return err
	}
	if newPassword == "" {
		return required("newPassword")
	}
	if confirm != "" && confirm != newPassword {
		return apperr.Invalid("account.password_mismatch")
	}
	// The policy is checked before the token is spent, so a refused password
	// does not use up the link.
	now := s.clock.Now()
	id, err := s.store.ResetTokenMember(ctx, session.Hash(token), now)
	if err != nil {
		return err
	}
	if id == 0 {
		return apperr.Invalid("account.reset_invalid")
	}
	m, err := s.store.MemberByID(ctx, id)
	if err != nil {
		return err
	}
	if err := s.checkPassword(ctx, m.Account, newPassword); err != nil {
		return err
	}
	// Hashed before the token is spent, so a busy answer leaves the link usable.
	hash, err := s.hash(ctx, newPassword)
	if err != nil {
		return err
	}
	if used, err := s.store.UseResetToken(ctx, session.Hash(token), now); err != nil {
		return err
	} else if used != m.ID {
		return apperr.Invalid("account.reset_invalid")
	}
	if err := s.store.ChangePassword(ctx, m.ID, hash, now, ""); err != nil {
		return err
	}
	s.revoked(ctx, m.ID, "", "")
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventPasswordChange, IP: cl.IP, Detail: "email"})
	return nil
}
