package account

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/session"
)

// New-IP extra verification (brand loginVerify.newIp): a username/password
// login from an IP the member has never logged in from (nor registered
// from) answers a ticket instead of a session and sends a code to the bound
// mobile or e-mail; POST /wps/session/login/verify with the code opens the
// session. SMS and third-party logins never take this step (the code or the
// provider already proves the member).

// Ticket policy.
const (
	LoginTicketTTL   = 10 * time.Minute
	LoginTicketTries = 5 // wrong codes over all resends before the ticket dies
)

// Audit events of the step.
const (
	EventLoginVerify        = "login_verify"         // a code was sent (detail: method)
	EventLoginVerifySkipped = "login_verify_skipped" // new IP but nothing bound: logged in without the step
)

// LoginVerifyRequired is the login value when the extra step is needed.
type LoginVerifyRequired struct {
	VerifyRequired bool   `json:"verifyRequired"`
	VerifyMethod   string `json:"verifyMethod"` // sms or email
	VerifyTicket   string `json:"verifyTicket"`
	MaskedTarget   string `json:"maskedTarget"`
	ExpiredMinutes int    `json:"expiredMinutes"`
}

// LoginVerifyRequest is the body of POST /wps/session/login/verify and .../resend.
type LoginVerifyRequest struct {
	VerifyTicket     string `json:"verifyTicket"`
	VerificationCode string `json:"verificationCode"`
}

func loginVerifyPurpose(ticketID int64) string { return "login_verify:" + itoa(ticketID) }

// rememberIP records the IP of a session that was started.
func (s *Service) rememberIP(ctx context.Context, memberID int64, ip string) {
	if ip == "" || memberID == 0 {
		return
	}
	if err := s.store.RememberIP(ctx, memberID, ip, s.clock.Now()); err != nil {
		slog.WarnContext(ctx, "known ip not recorded", "err", err)
	}
}

// newIPStep decides whether a password login needs the extra step; when it
// does it stores a ticket, sends the code and returns the answer.
func (s *Service) newIPStep(ctx context.Context, m Member, req LoginRequest, cl Client, bc *brand.Config) (*LoginVerifyRequired, error) {
	if bc == nil || !bc.LoginVerify.NewIP || req.Type != "username" || cl.IP == "" || m.RegisterIP == cl.IP {
		return nil, nil
	}
	known, err := s.store.KnownIP(ctx, m.ID, cl.IP)
	if err != nil || known {
		return nil, err
	}
	t, ok := verifyTarget(m, bc.LoginVerify.Method)
	if !ok {
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginVerifySkipped, IP: cl.IP, Detail: "nothing bound"})
		return nil, nil
	}
	_, _, limitKey := t.key()
	if err := s.codeLimits(ctx, "login_verify", limitKey, cl); err != nil {
		return nil, err
	}
	token, hash := session.NewToken()
	now := s.clock.Now()
	tk := LoginTicket{MemberID: m.ID, Method: t.Method, Remember: req.Remember, LoginType: req.Type, IP: cl.IP,
		CreatedAt: now, ExpiresAt: now.Add(LoginTicketTTL)}
	if err := s.store.PutLoginTicket(ctx, hash, &tk); err != nil {
		return nil, err
	}
	if err := s.deliverCode(ctx, loginVerifyPurpose(tk.ID), t); err != nil {
		return nil, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginVerify, IP: cl.IP, Detail: t.Method})
	return &LoginVerifyRequired{VerifyRequired: true, VerifyMethod: t.Method, VerifyTicket: token,
		MaskedTarget: t.masked(), ExpiredMinutes: s.cfg.SMSExpiredMinutes}, nil
}

// liveTicket reads a ticket that can still be used, with its member and code target.
func (s *Service) liveTicket(ctx context.Context, ticket string) (LoginTicket, Member, codeTarget, error) {
	bad := apperr.Invalid("auth.verify_ticket_invalid")
	ticket = strings.TrimSpace(ticket)
	if len(ticket) != session.TokenLen {
		return LoginTicket{}, Member{}, codeTarget{}, bad
	}
	tk, found, err := s.store.LoginTicketByHash(ctx, session.Hash(ticket))
	if err != nil {
		return tk, Member{}, codeTarget{}, err
	}
	if !found || !tk.UsedAt.IsZero() || !s.clock.Now().Before(tk.ExpiresAt) || tk.Tries >= LoginTicketTries {
		return tk, Member{}, codeTarget{}, bad
	}
	m, err := s.store.MemberByID(ctx, tk.MemberID)
	if err != nil {
		return tk, m, codeTarget{}, err
	}
	if m.Status != StatusActive {
		return tk, m, codeTarget{}, apperr.Forbidden("auth.account_disabled")
	}
	t, ok := verifyTarget(m, tk.Method)
	if !ok {
		return tk, m, codeTarget{}, bad
	}
	return tk, m, t, nil
}

// LoginVerify checks the code of a ticket and opens the session.
func (s *Service) LoginVerify(ctx context.Context, req LoginVerifyRequest, cl Client) (LoginResult, error) {
	if err := maxLen("verificationCode", req.VerificationCode, MaxCaptcha); err != nil {
		return LoginResult{}, err
	}
	if err := maxLen("verifyTicket", req.VerifyTicket, MaxKey); err != nil {
		return LoginResult{}, err
	}
	tk, m, t, err := s.liveTicket(ctx, req.VerifyTicket)
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.checkCode(ctx, loginVerifyPurpose(tk.ID), t, req.VerificationCode); err != nil {
		if apperr.As(err).Code != "sms.invalid_code" {
			return LoginResult{}, err
		}
		n, cerr := s.store.CountTicketTry(ctx, tk.ID)
		if cerr != nil {
			return LoginResult{}, cerr
		}
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginFail, IP: cl.IP, Detail: "verify_code"})
		if n >= LoginTicketTries {
			s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLockout, IP: cl.IP, Detail: "verify_ticket"})
			return LoginResult{}, apperr.Invalid("auth.verify_ticket_invalid")
		}
		return LoginResult{}, err
	}
	if ok, err := s.store.UseLoginTicket(ctx, tk.ID, s.clock.Now(), LoginTicketTries); err != nil {
		return LoginResult{}, err
	} else if !ok {
		return LoginResult{}, apperr.Invalid("auth.verify_ticket_invalid")
	}
	res, err := s.startSession(ctx, m, tk.Remember, tk.LoginType, cl, s.brandConfig(ctx))
	if err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: tk.LoginType + " new_ip"})
	return res, nil
}

// LoginVerifyResend sends a fresh code for a live ticket (the SMS limits apply).
func (s *Service) LoginVerifyResend(ctx context.Context, req LoginVerifyRequest, cl Client) (SMSSent, error) {
	if err := maxLen("verifyTicket", req.VerifyTicket, MaxKey); err != nil {
		return SMSSent{}, err
	}
	tk, m, t, err := s.liveTicket(ctx, req.VerifyTicket)
	if err != nil {
		return SMSSent{}, err
	}
	_, _, limitKey := t.key()
	if err := s.codeLimits(ctx, "login_verify", limitKey, cl); err != nil {
		return SMSSent{}, err
	}
	if err := s.deliverCode(ctx, loginVerifyPurpose(tk.ID), t); err != nil {
		return SMSSent{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginVerify, IP: cl.IP, Detail: t.Method + " resend"})
	return SMSSent{ExpiredMinutes: s.cfg.SMSExpiredMinutes}, nil
}
