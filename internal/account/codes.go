package account

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// codeTarget is where a one-time code goes: a mobile number (method sms) or
// an e-mail address (method email). E-mail codes share account_sms_code
// with dialling code "@" and the lower-cased address as the "mobile".
type codeTarget struct {
	Method string // "sms" or "email"
	Dial   string
	Mobile string
	Email  string
}

const emailDial = "@"

func smsTarget(dial, mobile string) codeTarget {
	return codeTarget{Method: "sms", Dial: dial, Mobile: mobile}
}
func emailTarget(email string) codeTarget {
	return codeTarget{Method: "email", Email: strings.ToLower(strings.TrimSpace(email))}
}

// key is the stored (dial, mobile) pair and the rate-limit name of a target.
func (t codeTarget) key() (dial, mobile, limitKey string) {
	if t.Method == "email" {
		return emailDial, t.Email, "mail:" + t.Email
	}
	return t.Dial, t.Mobile, t.Dial + t.Mobile
}

// masked is the target as shown to the member: "+63 9** *** 4567" or "d***1@palaro.example".
func (t codeTarget) masked() string {
	if t.Method == "email" {
		return maskEmail(t.Email)
	}
	return "+" + t.Dial + " " + maskMobileGrouped(t.Mobile)
}

// codeLimits applies the SMS limits to any target: one code per
// SMSResendAfter per purpose (a member binding a number may ask for a
// password code right after), past SMSPerNumber in an hour whatever the
// purpose a 5-minute lock (audited), and SMSPerIP an hour from one IP.
func (s *Service) codeLimits(ctx context.Context, purpose, limitKey string, cl Client) error {
	if n, err := s.count(ctx, "sms:lock:"+limitKey); err != nil {
		return err
	} else if n > 0 {
		return tooMany("sms.too_many")
	}
	if err := s.hit(ctx, resendKey(purpose, limitKey), s.cfg.SMSResendAfter, 1, "sms.too_soon"); err != nil {
		return err
	}
	if n, err := s.limiter.Hit(ctx, "sms:hour:"+limitKey, time.Hour); err != nil {
		return apperr.Internal(err, "rate limit")
	} else if n > s.cfg.SMSPerNumber {
		_, _ = s.limiter.Hit(ctx, "sms:lock:"+limitKey, 5*time.Minute)
		_ = s.limiter.Reset(ctx, "sms:hour:"+limitKey)
		acct := limitKey
		if !strings.HasPrefix(acct, "mail:") {
			acct = "+" + acct
		}
		s.audit(ctx, AuditEvent{Account: acct, Event: EventLockout, IP: cl.IP, Detail: "sms"})
		return tooMany("sms.too_many")
	}
	return s.hit(ctx, "sms:ip:"+cl.IP, time.Hour, s.cfg.SMSPerIP, "sms.too_many")
}

func resendKey(purpose, limitKey string) string {
	return "sms:resend:" + purposeName(purpose) + ":" + limitKey
}

func newCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1000000))
	return fmt.Sprintf("%06d", n.Int64())
}

// deliverCode stores a fresh code for purpose and target (retiring older
// ones) and sends it. When sending fails the code is retired at once (it
// never reached anyone) and the resend wait is lifted, so the member can
// ask again straight away.
func (s *Service) deliverCode(ctx context.Context, purpose string, t codeTarget) error {
	dial, mobile, limitKey := t.key()
	code := newCode()
	now := s.clock.Now()
	if err := s.store.PutSMSCode(ctx, purpose, dial, mobile, smsCodeHash(purpose, dial, mobile, code), now,
		now.Add(time.Duration(s.cfg.SMSExpiredMinutes)*time.Minute)); err != nil {
		return err
	}
	var err error
	if t.Method == "email" {
		brandName := ""
		if bc := s.brandConfig(ctx); bc != nil {
			brandName = bc.BrandName
		}
		err = s.sendMail(ctx, codeMail(langFrom(ctx), brandName, t.Email, code, s.cfg.SMSExpiredMinutes))
	} else {
		err = s.sendCodeSMS(ctx, purpose, dial, mobile, code)
	}
	if err != nil {
		if rerr := s.store.RetireSMSCodes(ctx, purpose, dial, mobile, s.clock.Now()); rerr != nil {
			return rerr
		}
		_ = s.limiter.Reset(ctx, resendKey(purpose, limitKey))
		return err
	}
	return nil
}

// checkCode consumes a code sent to a target.
func (s *Service) checkCode(ctx context.Context, purpose string, t codeTarget, code string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return apperr.Invalid("sms.code_required")
	}
	dial, mobile, _ := t.key()
	return s.useSMSCode(ctx, purpose, dial, mobile, code)
}

// maskMobile keeps the first digit and the last four: 9171234567 → 9*****4567.
func maskMobile(national string) string {
	if len(national) <= 5 {
		return strings.Repeat("*", len(national))
	}
	return national[:1] + strings.Repeat("*", len(national)-5) + national[len(national)-4:]
}

// maskMobileGrouped is maskMobile in groups of three: 9** *** 4567.
func maskMobileGrouped(national string) string {
	m := maskMobile(national)
	if len(m) <= 4 {
		return m
	}
	head, tail := m[:len(m)-4], m[len(m)-4:]
	var parts []string
	for len(head) > 3 {
		parts = append(parts, head[:3])
		head = head[3:]
	}
	if head != "" {
		parts = append(parts, head)
	}
	return strings.Join(append(parts, tail), " ")
}

// maskEmail keeps the first and last character of the local part and the domain.
func maskEmail(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return "***"
	}
	local, domain := email[:at], email[at:]
	r := []rune(local)
	switch {
	case len(r) == 0:
		return "***" + domain
	case len(r) <= 2:
		return string(r[:1]) + "***" + domain
	default:
		return string(r[:1]) + "***" + string(r[len(r)-1:]) + domain
	}
}
