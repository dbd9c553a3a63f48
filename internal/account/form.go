package account

import (
	"context"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// FormCheck is what another domain's public form (the affiliate
// application) shares with registration and feedback: the bot check, a
// budget per IP and per member per hour in the same limiter (shared
// between instances through Redis when configured), and for visitors the
// captcha.
type FormCheck struct {
	Name       string // the budget's key, e.g. "affiliate"
	PerHour    int64
	Botcheck   string
	CaptchaKey string
	Captcha    string
}

// CheckForm runs the checks in registration's order: bot check, budget,
// then the captcha (taken once, so a refused request still spends it).
func (s *Service) CheckForm(ctx context.Context, c Caller, f FormCheck, cl Client) error {
	f.Captcha, f.CaptchaKey = strings.TrimSpace(f.Captcha), strings.TrimSpace(f.CaptchaKey)
	if !c.LoggedIn() && (f.Captcha == "" || f.CaptchaKey == "") {
		return apperr.Invalid("auth.captcha_required")
	}
	if err := s.checkBot(ctx, f.Botcheck); err != nil {
		return err
	}
	if err := s.hit(ctx, f.Name+":ip:"+cl.IP, time.Hour, f.PerHour, "request.too_many"); err != nil {
		return err
	}
	if c.LoggedIn() {
		if err := s.hit(ctx, f.Name+":member:"+itoa(c.MemberID), time.Hour, f.PerHour, "request.too_many"); err != nil {
			return err
		}
		return nil
	}
	return s.checkCaptcha(ctx, f.CaptchaKey, f.Captcha)
}
