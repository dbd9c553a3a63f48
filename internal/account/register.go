package account

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Register creates a member by username under the brand's rules and
// switches (USERNAMEREG3 on; DIRECTREG3 off means an affiliate code is
// required) and, unless login is false, logs it in.
func (s *Service) Register(ctx context.Context, req RegisterRequest, cl Client) (LoginResult, error) {
	return s.register(ctx, req, cl, false)
}

// RegisterMobile creates a member by mobile number (MOBILENUMREG3): with
// REGMOBVERF3 the SMS code from /wps/verification/sms/register is required
// (and stands in for the captcha); with MOBILENUMPASSREG3 a password is
// required, otherwise optional. Without a username the account is named
// "m" + the national number.
func (s *Service) RegisterMobile(ctx context.Context, req RegisterRequest, cl Client) (LoginResult, error) {
	return s.register(ctx, req, cl, true)
}

func (s *Service) register(ctx context.Context, req RegisterRequest, cl Client, byMobile bool) (LoginResult, error) {
	if err := req.Normalize(); err != nil {
		return LoginResult{}, err
	}
	bc := s.brandConfig(ctx)
	switch {
	case bc == nil:
		return LoginResult{}, apperr.Forbidden("auth.operation_disabled")
	case !byMobile && !bc.SwitchOn("USERNAMEREG3"), byMobile && !bc.SwitchOn("MOBILENUMREG3"):
		return LoginResult{}, apperr.Forbidden("auth.operation_disabled")
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return LoginResult{}, err
	}
	smsChecked := false
	if byMobile {
		if req.MobileNum == "" {
			return LoginResult{}, required("mobileNum")
		}
		if rule, ok := bc.Rule("mobileNum"); ok && rule.Enabled && !rule.Accepts(req.MobileNum) {
			return LoginResult{}, apperr.Invalid("account.field_rule").With("field", "mobileNum").With("min", rule.MinLength).With("max", rule.MaxLength)
		}
		dial, national, err := normalizeMobile(req.CountryDialingCode, req.MobileNum)
		if err != nil {
			return LoginResult{}, err
		}
		req.CountryDialingCode, req.MobileNum = dial, national
		if req.Username == "" {
			req.Username = "m" + national
		}
		if bc.SwitchOn("REGMOBVERF3") {
			if req.VerificationCode == "" {
				return LoginResult{}, required("verificationCode")
			}
			if err := s.useSMSCode(ctx, smsRegister, dial, national, req.VerificationCode); err != nil {
				return LoginResult{}, err
			}
			smsChecked = true
		}
	}
	// Without MOBILENUMPASSREG3 a mobile account may start without a password
	// (it logs in by SMS code or sets one by phone).
	noPassword := byMobile && !bc.SwitchOn("MOBILENUMPASSREG3") && req.Password == "" && req.ConfirmPassword == ""
	if err := s.validateRegister(ctx, bc, &req, noPassword); err != nil {
		return LoginResult{}, err
	}
	// Counted after validation, so mistakes in the form do not use up the budget.
	if err := s.hit(ctx, "register:ip:"+cl.IP, time.Hour, s.cfg.RegisterPerIP, "request.too_many"); err != nil {
		return LoginResult{}, err
	}
	if rule, ok := bc.Rule("captcha"); ok && !smsChecked && rule.Enabled && (rule.Required || req.Captcha != "") {
		if req.Captcha == "" || req.CaptchaKey == "" {
			return LoginResult{}, required("captcha")
		}
		if err := s.checkCaptcha(ctx, req.CaptchaKey, req.Captcha); err != nil {
			return LoginResult{}, err
		}
	}
	aff := affiliate{memberType: TypeMember}
	if req.AffiliateCode != "" {
		a, err := s.resolveAffiliate(ctx, req.AffiliateCode)
		if err != nil {
			return LoginResult{}, err
		}
		aff = a
	} else if !bc.SwitchOn("DIRECTREG3") {
		return LoginResult{}, required("affiliateCode")
	}
	referrer, err := s.referrer(ctx, bc, &req)
	if err != nil {
		return LoginResult{}, err
	}
	hash := ""
	if !noPassword {
		h, err := s.hash(ctx, req.Password)
		if err != nil {
			return LoginResult{}, err
		}
		hash = h
	}
	method := "username"
	if byMobile {
		method = "mobile"
	}
	extra, err := s.registerExtra(ctx, &req)
	if err != nil {
		return LoginResult{}, err
	}
	now := s.clock.Now()
	m := Member{Account: req.Username, Nickname: req.Username, Type: aff.memberType, PasswordHash: hash,
		PasswordChangedAt: now, Email: req.Email, Mobile: req.MobileNum, CountryDialingCode: req.CountryDialingCode,
		PayeeName: req.PayeeName, ReferralCode: req.ReferralCode, ReferrerID: referrer, AffiliateCode: strings.ToUpper(req.AffiliateCode),
		ParentID: aff.parentID, RegisterURL: req.RegisterURL, Domain: req.Domain, RegisterMethod: req.RegisterMethod,
		RegisterIP: cl.IP, Extra: extra, CreatedAt: now}
	login := req.Login == nil || *req.Login
	var sess *Session
	var token string
	if login {
		ss, tok := s.newSession(0, false, method, cl)
		sess, token = &ss, tok
	}
	if err := s.createWithCode(ctx, &m, sess); err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventRegister, IP: cl.IP, Detail: method})
	if !login {
		return LoginResult{UserInfo: userInfo(m), FirstTimeLogin: true}, nil
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: "register"})
	return s.loginResult(m, token, *sess, time.Time{}, bc), nil
}

// validateRegister applies the brand's field rules (spec section 5):
// enabled fields are checked, required ones must be present, values of
// disabled fields are dropped. Username and password are always required.
func (s *Service) validateRegister(ctx context.Context, bc *brand.Config, req *RegisterRequest, noPassword bool) error {
	for _, f := range req.fields() {
		rule, ok := bc.Rule(f.name)
		always := f.name == "username" || f.name == "password" || f.name == "confirmPassword"
		switch {
		case noPassword && (f.name == "password" || f.name == "confirmPassword"):
			continue
		case f.name == "captcha", f.name == "verificationCode":
			continue // checked against the captcha store / SMS step, not by shape alone
		case !ok || !rule.Enabled:
			if always {
				if *f.v == "" {
					return required(f.name)
				}
				continue
			}
			*f.v = ""
			continue
		}
		if *f.v == "" {
			if rule.Required || always {
				return required(f.name)
			}
			continue
		}
		if f.name == "confirmPassword" {
			if *f.v != req.Password {
				return apperr.Invalid("account.password_mismatch")
			}
			continue
		}
		if !rule.Accepts(*f.v) {
			if f.name == "password" {
				return apperr.Invalid("account.password_rule").With("min", rule.MinLength).With("max", rule.MaxLength)
			}
			return apperr.Invalid("account.field_rule").With("field", f.name).With("min", rule.MinLength).With("max", rule.MaxLength)
		}
		if f.name == "password" && req.ConfirmPassword != "" && req.ConfirmPassword != req.Password {
			return apperr.Invalid("account.password_mismatch")
		}
	}
	if !noPassword {
		if req.ConfirmPassword != req.Password {
			return apperr.Invalid("account.password_mismatch")
		}
		if err := s.checkPassword(ctx, req.Username, req.Password); err != nil {
			return err
		}
	}
	if req.MobileNum != "" {
		dial, national, err := normalizeMobile(req.CountryDialingCode, req.MobileNum)
		if err != nil {
			return err
		}
		req.CountryDialingCode, req.MobileNum = dial, national
	}
	return nil
}

// registerExtra keeps the optional contact and KYC fields as JSON; the
// payment password is stored only as a hash.
func (s *Service) registerExtra(ctx context.Context, req *RegisterRequest) (string, error) {
	extra := map[string]string{}
	for k, v := range map[string]string{
		"qqNum": req.QQNum, "recommenderId": req.RecommenderID, "line": req.Line, "whatsapp": req.Whatsapp,
		"facebook": req.Facebook, "telegram": req.Telegram, "zalo": req.Zalo, "wechat": req.Wechat,
		"idNumber": req.IDNumber, "birthday": req.Birthday, "nationality": req.Nationality, "address": req.Address,
		"occupation": req.Occupation, "sourceOfIncome": req.SourceOfIncome,
	} {
		if v != "" {
			extra[k] = v
		}
	}
	if req.PaymentPassword != "" {
		h, err := s.hash(ctx, req.PaymentPassword)
		if err != nil {
			return "", err
		}
		extra["paymentPasswordHash"] = h
	}
	b, _ := json.Marshal(extra)
	return string(b), nil
}

// CaptchaImage is the value of GET /wps/captcha.
type CaptchaImage struct {
	CaptchaKey string `json:"captchaKey"`
	Image      string `json:"image"` // base64 PNG (no data: prefix)
	ExpiresIn  int    `json:"expiresIn"`
}

// Captcha issues a single-use captcha valid for CaptchaTTL. A client may
// refresh at most once per second (the storefront's throttle); the server
// allows CaptchaPerSecond per IP so players behind one address are not refused,
// and CaptchaPerIP per 10 minutes.
func (s *Service) Captcha(ctx context.Context, cl Client) (CaptchaImage, error) {
	if err := s.hit(ctx, "captcha:sec:"+cl.IP, time.Second, s.cfg.CaptchaPerSecond, "auth.captcha_too_fast"); err != nil {
		return CaptchaImage{}, err
	}
	if err := s.hit(ctx, "captcha:ip:"+cl.IP, 10*time.Minute, s.cfg.CaptchaPerIP, "request.too_many"); err != nil {
		return CaptchaImage{}, err
	}
	text := s.captchaText()
	var kb [18]byte
	_, _ = rand.Read(kb[:])
	key := base64.RawURLEncoding.EncodeToString(kb[:])
	now := s.clock.Now()
	if err := s.store.PutCaptcha(ctx, key, strings.ToUpper(text), now.Add(s.cfg.CaptchaTTL), now); err != nil {
		return CaptchaImage{}, err
	}
	return CaptchaImage{CaptchaKey: key, Image: base64.StdEncoding.EncodeToString(drawCaptcha(text)),
		ExpiresIn: int(s.cfg.CaptchaTTL / time.Second)}, nil
}

// checkCaptcha consumes the captcha whatever the outcome (single use).
func (s *Service) checkCaptcha(ctx context.Context, key, answer string) error {
	if len(key) > MaxKey || len(answer) > MaxCaptcha {
		return apperr.Invalid("auth.captcha_invalid")
	}
	want, exp, found, err := s.store.TakeCaptcha(ctx, key)
	if err != nil {
		return err
	}
	if !found || !s.clock.Now().Before(exp) || !CaptchaMatches(want, answer) {
		return apperr.Invalid("auth.captcha_invalid")
	}
	return nil
}

// Affiliate is the value of GET /wps/agent/affiliate.
type Affiliate struct {
	Code   string `json:"code"`
	Domain string `json:"domain"`
	Valid  bool   `json:"valid"`
}

// CheckAffiliate tells whether an invitation code belongs to an active agent.
func (s *Service) CheckAffiliate(ctx context.Context, code, domain string, cl Client) (Affiliate, error) {
	code, domain = strings.TrimSpace(code), strings.ToLower(strings.TrimSpace(domain))
	if code == "" {
		return Affiliate{}, required("code")
	}
	if len(code) > 32 || !alnum(code) {
		return Affiliate{}, apperr.Invalid("account.affiliate_invalid")
	}
	if len(domain) > 253 || !hostLike(domain) {
		return Affiliate{}, invalidField("domain")
	}
	if err := s.hit(ctx, "affiliate:ip:"+cl.IP, time.Minute, s.cfg.AffiliatePerIP, "request.too_many"); err != nil {
		return Affiliate{}, err
	}
	if _, err := s.resolveAffiliate(ctx, code); err != nil {
		return Affiliate{}, err
	}
	return Affiliate{Code: strings.ToUpper(code), Domain: domain, Valid: true}, nil
}

func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func hostLike(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == ':') {
			return false
		}
	}
	return true
}
