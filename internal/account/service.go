package account

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/base32"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/session"
)

// BrandSource is what this domain reads from the brand: switches and
// registration rules (brand.Service satisfies it).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Config holds the account policy values; DefaultConfig is production.
type Config struct {
	Argon2          Argon2Params
	IdleTimeout     time.Duration // sliding, without remember-me
	AbsoluteTimeout time.Duration // without remember-me
	RememberFor     time.Duration // remember-me: idle and absolute limit
	TouchEvery      time.Duration // last-seen writes at most this often per session
	PasswordMaxAge  time.Duration // with PWDEXPFORCECHANGE3 on

	CaptchaTTL         time.Duration
	CaptchaAfter       int64 // failed logins of one account before a captcha is required
	CaptchaAfterIP     int64 // failed logins from one IP before a captcha is required
	LockoutAfter       int64 // login attempts of one account per LockoutWindow
	LockoutAfterIP     int64 // failed logins from one IP per LockoutWindow
	LockoutWindow      time.Duration
	RegisterPerIP      int64 // registrations per IP per hour
	FreeplayPerIP      int64 // trial sessions per IP per hour
	CaptchaPerIP       int64 // captchas per IP per 10 minutes
	CaptchaPerSecond   int64 // captchas per IP per second: one browser refreshes at most once a second, a few share a NAT
	AffiliatePerIP     int64 // affiliate checks per IP per minute
	PasswordTriesPerID int64 // old-password failures per member per LockoutWindow

	SMSExpiredMinutes int           // SMS code lifetime, answered as expiredMinutes
	SMSResendAfter    time.Duration // one SMS per number per this
	SMSPerNumber      int64         // SMS per number per hour before a 5-minute lock
	SMSPerIP          int64         // SMS per IP per hour
	SMSCodeTries      int           // wrong entries before a code dies
	ResetTokenTTL     time.Duration // e-mailed reset links
	ResetPerIP        int64         // reset e-mails asked per IP per hour

	BotCheck          bool          // proof of work on login, registration, SMS and feedback
	BotCheckMaxNumber int64         // search space of a challenge (the client tries maxnumber/2 hashes on average)
	BotCheckTTL       time.Duration // a challenge's lifetime

	SessionCacheTTL time.Duration // how long a resolved session is reused without a query (0: no cache)
	SessionCacheMax int           // entries held at most
	FeedbackPerIP   int64         // feedback messages per IP per hour
}

var DefaultConfig = Config{
	Argon2:          DefaultArgon2,
	IdleTimeout:     30 * time.Minute,
	AbsoluteTimeout: 12 * time.Hour,
	RememberFor:     24 * time.Hour,
	TouchEvery:      time.Minute,
	PasswordMaxAge:  90 * 24 * time.Hour,

	CaptchaTTL:         2 * time.Minute,
	CaptchaAfter:       3,
	CaptchaAfterIP:     10,
	LockoutAfter:       10,
	LockoutAfterIP:     50,
	LockoutWindow:      5 * time.Minute,
	RegisterPerIP:      10,
	FreeplayPerIP:      20,
	CaptchaPerIP:       60,
	CaptchaPerSecond:   3,
	AffiliatePerIP:     30,
	PasswordTriesPerID: 10,

	SMSExpiredMinutes: 5,
	SMSResendAfter:    time.Minute,
	SMSPerNumber:      5,
	SMSPerIP:          20,
	SMSCodeTries:      5,
	ResetTokenTTL:     30 * time.Minute,
	ResetPerIP:        10,

	BotCheck:          true,
	BotCheckMaxNumber: 100000,
	BotCheckTTL:       5 * time.Minute,

	SessionCacheTTL: 5 * time.Second,
	SessionCacheMax: 100000,
	FeedbackPerIP:   10,
}

// Client is who sends a request, as the HTTP edge sees it.
type Client struct {
	IP        string
	UserAgent string
}

// Service holds the account rules.
type Service struct {
	store   *Store
	brand   BrandSource
	limiter Limiter
	clock   clock.Clock
	cfg     Config

	sms          SMSSender
	mailer       Mailer
	resetBaseURL string

	botKey    *botKey
	sessions  *session.Cache[cachedSession]
	events    SessionEvents
	gate      Gate                  // responsible gaming (UseGate, gate.go); nil: none
	invites   InviteCodes           // invitation links (UseInvites, agent_tree.go); nil: agents' own codes only
	referrals Referrals             // members' referral codes (UseReferrals, referral.go); nil: codes are ignored
	rdb       redis.UniversalClient // set by UseRedis: revocations go to the other instances

	hasher      *Hasher       // the process-wide bound on argon2id (hasher.go)
	dummyHash   string        // verified for unknown accounts, so timing does not tell
	captchaText func() string // tests replace it to know the answer
}

func NewService(store *Store, brands BrandSource, limiter Limiter, clk clock.Clock, cfg Config) *Service {
	dummy, _ := HashPassword("palaro-dummy-password", cfg.Argon2)
	return &Service{store: store, brand: brands, limiter: limiter, clock: clk, cfg: cfg, dummyHash: dummy, captchaText: newCaptchaText,
		sms: Unconfigured{}, mailer: Unconfigured{}, botKey: &botKey{store: store},
		sessions: session.NewCache[cachedSession](cfg.SessionCacheTTL, cfg.SessionCacheMax), events: noEvents{}, hasher: SharedHasher()}
}

//go:embed common_passwords.txt
var commonPasswordsText string

var commonPasswords = func() map[string]struct{} {
	set := map[string]struct{}{}
	for _, l := range strings.Split(commonPasswordsText, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			set[strings.ToLower(l)] = struct{}{}
		}
	}
	return set
}()

// IsCommonPassword reports a password from the embedded list (case-insensitive).
func IsCommonPassword(p string) bool {
	_, ok := commonPasswords[strings.ToLower(p)]
	return ok
}

func (s *Service) brandConfig(ctx context.Context) *brand.Config {
	if s.brand == nil {
		return nil
	}
	c, err := s.brand.Current(ctx)
	if err != nil {
		return nil
	}
	return c
}

func switchOn(c *brand.Config, id string) bool { return c != nil && c.SwitchOn(id) }

func (s *Service) audit(ctx context.Context, e AuditEvent) {
	e.At = s.clock.Now()
	e.Account = strings.ToLower(e.Account)
	if err := s.store.Audit(ctx, e); err != nil {
		slog.ErrorContext(ctx, "audit write failed", "event", e.Event, "err", err)
	}
}

// hit records one event and fails with code when the count passes limit.
func (s *Service) hit(ctx context.Context, key string, window time.Duration, limit int64, code string) error {
	n, err := s.limiter.Hit(ctx, key, window)
	if err != nil {
		return apperr.Internal(err, "rate limit")
	}
	if n > limit {
		return tooMany(code)
	}
	return nil
}

func (s *Service) count(ctx context.Context, key string) (int64, error) {
	n, err := s.limiter.Count(ctx, key)
	if err != nil {
		return 0, apperr.Internal(err, "rate limit")
	}
	return n, nil
}

// Login checks a username and password and opens a session. Per account and
// per IP: after CaptchaAfter failures a captcha is required; the account's
// attempts and the IP's failures are claimed atomically before the password
// is checked, so at most LockoutAfter passwords per account and
// LockoutAfterIP wrong ones per IP are tried per LockoutWindow whatever the
// concurrency. The check runs under the process-wide hashing bound (a busy
// hasher answers 503 auth.busy and counts nothing). Every failure answers
// the same code, existing account or not.
func (s *Service) Login(ctx context.Context, req LoginRequest, cl Client) (LoginResult, error) {
	if err := req.Normalize(); err != nil {
		return LoginResult{}, err
	}
	bc := s.brandConfig(ctx)
	if req.Type == "sms" { // the SMS code is the bot check (spec section 4)
		return s.loginBySMS(ctx, req, cl)
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return LoginResult{}, err
	}
	acctKey := "login:acct:" + strings.ToLower(req.Username)
	ipKey := "login:ipfail:" + cl.IP
	acctN, err := s.count(ctx, acctKey)
	if err != nil {
		return LoginResult{}, err
	}
	ipN, err := s.count(ctx, ipKey)
	if err != nil {
		return LoginResult{}, err
	}
	if acctN >= s.cfg.LockoutAfter || ipN >= s.cfg.LockoutAfterIP {
		return LoginResult{}, tooMany("auth.locked")
	}
	if acctN >= s.cfg.CaptchaAfter || ipN >= s.cfg.CaptchaAfterIP {
		if req.Captcha == "" || req.CaptchaKey == "" {
			return LoginResult{}, apperr.Unauthorized("auth.captcha_required")
		}
		if err := s.checkCaptcha(ctx, req.CaptchaKey, req.Captcha); err != nil {
			return LoginResult{}, err
		}
	}
	// Claims before the check: the account's attempt budget, then the IP's
	// failure budget, each taken atomically, so parallel requests never
	// check more passwords than the budgets allow. A right password gives
	// the IP's back (and clears the account's); a check that could not run
	// (busy hasher) gives both back.
	n, err := s.limiter.Hit(ctx, acctKey, s.cfg.LockoutWindow)
	if err != nil {
		return LoginResult{}, apperr.Internal(err, "rate limit")
	}
	if n > s.cfg.LockoutAfter {
		return LoginResult{}, tooMany("auth.locked")
	}
	if ipN, err = s.limiter.Hit(ctx, ipKey, s.cfg.LockoutWindow); err != nil || ipN > s.cfg.LockoutAfterIP {
		_ = s.limiter.Undo(ctx, acctKey)
		if err != nil {
			return LoginResult{}, apperr.Internal(err, "rate limit")
		}
		return LoginResult{}, tooMany("auth.locked")
	}
	undo := func() { _ = s.limiter.Undo(ctx, acctKey); _ = s.limiter.Undo(ctx, ipKey) }

	m, err := s.store.MemberByAccount(ctx, req.Username)
	found := err == nil
	if err != nil && !errors.Is(err, apperr.NotFound("account.not_found")) {
		undo()
		return LoginResult{}, err
	}
	hash := s.dummyHash
	if found && m.PasswordHash != "" {
		hash = m.PasswordHash
	}
	ok, rehash, verr := s.hasher.Verify(ctx, req.Password, hash, s.cfg.Argon2)
	if IsBusy(verr) {
		undo()
		return LoginResult{}, verr
	}
	if verr != nil {
		slog.ErrorContext(ctx, "stored password hash unreadable", "member", m.ID, "err", verr)
		ok = false
	}
	if !found || m.PasswordHash == "" || !ok {
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: req.Username, Event: EventLoginFail, IP: cl.IP, Detail: "password"})
		if n == s.cfg.LockoutAfter {
			s.audit(ctx, AuditEvent{MemberID: m.ID, Account: req.Username, Event: EventLockout, IP: cl.IP})
			return LoginResult{}, tooMany("auth.locked")
		}
		if n >= s.cfg.CaptchaAfter {
			return LoginResult{}, apperr.Unauthorized("auth.captcha_required")
		}
		return LoginResult{}, apperr.Unauthorized("auth.invalid_credentials")
	}
	_ = s.limiter.Undo(ctx, ipKey)
	_ = s.limiter.Reset(ctx, acctKey)
	switch {
	case m.Status != StatusActive:
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginFail, IP: cl.IP, Detail: "disabled"})
		return LoginResult{}, apperr.Forbidden("auth.account_disabled")
	case m.Type == TypeTrial:
		return LoginResult{}, apperr.Forbidden("auth.not_member")
	case req.AgentLogin && !IsAgentType(m.Type):
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginFail, IP: cl.IP, Detail: "not_agent"})
		return LoginResult{}, apperr.Forbidden("auth.not_agent")
	}
	if rehash {
		if h, err := s.hasher.Hash(ctx, req.Password, s.cfg.Argon2); err == nil {
			_ = s.store.RehashPassword(ctx, m.ID, m.PasswordHash, h)
		}
	}
	if s.gate != nil { // responsible gaming: refused before the new-IP step asks for anything
		if _, err := s.gate.Login(ctx, m.ID); err != nil {
			s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginFail, IP: cl.IP, Detail: "rg"})
			return LoginResult{}, err
		}
	}
	if v, err := s.newIPStep(ctx, m, req, cl, bc); err != nil || v != nil { // verify_ip.go
		return LoginResult{verify: v}, err
	}
	res, err := s.startSession(ctx, m, req.Remember, req.Type, cl, bc)
	if err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginOK, IP: cl.IP, Detail: req.Type})
	return res, nil
}

func (s *Service) newSession(memberID int64, remember bool, loginType string, cl Client) (Session, string) {
	now := s.clock.Now()
	token, hash := session.NewToken()
	limit := s.cfg.AbsoluteTimeout
	if remember {
		limit = s.cfg.RememberFor
	}
	return Session{TokenHash: hash, MemberID: memberID, Remember: remember, LoginType: loginType, IP: cl.IP,
		UserAgent: truncate(cl.UserAgent, 256), CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(limit)}, token
}

func (s *Service) startSession(ctx context.Context, m Member, remember bool, loginType string, cl Client, bc *brand.Config) (LoginResult, error) {
	restricted := false
	if s.gate != nil && m.Type != TypeTrial { // every way in (password, SMS, OAuth, new-IP link) passes the gate
		var err error
		if restricted, err = s.gate.Login(ctx, m.ID); err != nil {
			return LoginResult{}, err
		}
	}
	sess, token := s.newSession(m.ID, remember, loginType, cl)
	prev, err := s.store.StartSession(ctx, sess)
	if err != nil {
		return LoginResult{}, err
	}
	s.rememberIP(ctx, m.ID, cl.IP) // verify_ip.go
	res := s.loginResult(m, token, sess, prev, bc)
	res.UserInfo.RGRestricted = restricted
	return res, nil
}

func (s *Service) loginResult(m Member, token string, sess Session, prev time.Time, bc *brand.Config) LoginResult {
	res := LoginResult{
		Token:           token,
		FirstTimeLogin:  prev.IsZero(),
		DefaultPassword: m.DefaultPassword,
		ExpiresAt:       sess.ExpiresAt.UnixMilli(),
		UserInfo:        userInfo(m),
	}
	if !prev.IsZero() {
		p := prev.UnixMilli()
		res.PreviousLoginTime = &p
	}
	if sess.LoginType != "sms" && m.Type != TypeTrial {
		expired := switchOn(bc, "PWDEXPFORCECHANGE3") && s.cfg.PasswordMaxAge > 0 &&
			!m.PasswordChangedAt.IsZero() && s.clock.Now().Sub(m.PasswordChangedAt) > s.cfg.PasswordMaxAge
		res.PasswordExpired = m.DefaultPassword || expired
	}
	res.UserInfo.LastLoginTime = res.PreviousLoginTime
	return res
}

func userInfo(m Member) UserInfo {
	u := UserInfo{ID: m.ID, Account: m.Account, Username: m.Account, Nickname: m.Nickname, Type: m.Type,
		IsAgent: IsAgentType(m.Type), IsTrial: m.Type == TypeTrial, Email: m.Email, Mobile: m.Mobile,
		CountryDialingCode: m.CountryDialingCode, PayeeName: m.PayeeName, CreatedTime: m.CreatedAt.UnixMilli()}
	if u.IsAgent {
		u.AffiliateCode = m.OwnAffiliateCode
	}
	if !m.LastLoginAt.IsZero() {
		t := m.LastLoginAt.UnixMilli()
		u.LastLoginTime = &t
	}
	return u
}

// Authenticate resolves a token to its caller. An empty token is a visitor;
// an unknown, revoked or timed-out one is auth.session_expired. A resolved
// session is reused for SessionCacheTTL without a query (session_cache.go);
// the idle clock is written at most every TouchEvery per session.
func (s *Service) Authenticate(ctx context.Context, token string) (Caller, error) {
	if token == "" {
		return Caller{}, nil
	}
	if len(token) != session.TokenLen {
		return Caller{}, apperr.Unauthorized("auth.session_expired")
	}
	hash := session.Hash(token)
	now := s.clock.Now()
	e := s.sessions.Get(hash, now)
	if e == nil {
		sess, m, err := s.store.SessionCaller(ctx, hash)
		if err != nil {
			return Caller{}, err
		}
		e = &session.Entry[cachedSession]{Value: cachedSession{sess: sess, member: m}, LoadedAt: now}
		if s.gate != nil && m.Type != TypeTrial {
			if e.Value.rule, err = s.gate.Session(ctx, m.ID, sess.CreatedAt); err != nil {
				return Caller{}, err
			}
		}
		s.sessions.Put(hash, e)
	}
	c := &e.Value
	sess, m := c.sess, c.member
	idle := s.cfg.IdleTimeout
	if sess.Remember {
		idle = s.cfg.RememberFor
	}
	if !session.Live(now, sess.LastSeenAt, sess.ExpiresAt, sess.RevokedAt, idle) || m.Status != StatusActive {
		return Caller{}, apperr.Unauthorized("auth.session_expired")
	}
	if !c.rule.EndsAt.IsZero() && !now.Before(c.rule.EndsAt) {
		return Caller{}, c.rule.Ended
	}
	if now.Sub(sess.LastSeenAt) >= s.cfg.TouchEvery && e.Touching() {
		if err := s.store.TouchSession(ctx, hash, now); err != nil {
			slog.WarnContext(ctx, "session touch failed", "err", err)
			e.Touched()
		} else {
			s.sessions.Drop(hash) // the next request reloads the moved idle clock
		}
	}
	return Caller{MemberID: m.ID, Account: m.Account, Nickname: m.Nickname, Type: m.Type, TokenHash: hash, member: &c.member,
		SessionStart: sess.CreatedAt, Restricted: c.rule.Restricted != nil, restricted: c.rule.Restricted}, nil
}

// Logout revokes the caller's session.
func (s *Service) Logout(ctx context.Context, c Caller, cl Client) error {
	if !c.LoggedIn() {
		return apperr.Unauthorized("auth.token_required")
	}
	if _, err := s.store.RevokeSession(ctx, c.TokenHash, s.clock.Now()); err != nil {
		return err
	}
	s.revoked(ctx, c.MemberID, c.TokenHash, "")
	s.audit(ctx, AuditEvent{MemberID: c.MemberID, Account: c.Account, Event: EventLogout, IP: cl.IP})
	return nil
}

// Freeplay creates a trial (type 4) account with a session, when FREEPLAY3 is on.
func (s *Service) Freeplay(ctx context.Context, cl Client) (LoginResult, error) {
	bc := s.brandConfig(ctx)
	if !switchOn(bc, "FREEPLAY3") {
		return LoginResult{}, apperr.Forbidden("auth.operation_disabled")
	}
	if err := s.hit(ctx, "freeplay:ip:"+cl.IP, time.Hour, s.cfg.FreeplayPerIP, "request.too_many"); err != nil {
		return LoginResult{}, err
	}
	var b [5]byte
	_, _ = rand.Read(b[:])
	suffix := strings.ToLower(base32NoPad(b[:]))
	now := s.clock.Now()
	m := Member{Account: "trial_" + suffix, Nickname: "Guest " + strings.ToUpper(suffix[:4]), Type: TypeTrial,
		RegisterMethod: "WEB", RegisterIP: cl.IP, CreatedAt: now}
	sess, token := s.newSession(0, false, "freeplay", cl)
	if err := s.store.CreateMemberWithSession(ctx, &m, &sess); err != nil {
		return LoginResult{}, err
	}
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventFreeplay, IP: cl.IP})
	return s.loginResult(m, token, sess, time.Time{}, bc), nil
}

// Info is GET /wps/member/info for any session holder.
func (s *Service) Info(ctx context.Context, c Caller) (UserInfo, error) {
	if !c.LoggedIn() {
		return UserInfo{}, apperr.Unauthorized("auth.token_required")
	}
	if c.member != nil && c.member.ID == c.MemberID { // resolved with the session, at most SessionCacheTTL old
		u := userInfo(*c.member)
		u.RGRestricted = c.Restricted
		return u, nil
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return UserInfo{}, err
	}
	u := userInfo(m)
	u.RGRestricted = c.Restricted
	return u, nil
}

// ChangePassword checks the old password, applies the password policy,
// stores the new hash and revokes every other session of the member.
func (s *Service) ChangePassword(ctx context.Context, c Caller, req ChangePasswordRequest, cl Client) error {
	switch {
	case !c.LoggedIn():
		return apperr.Unauthorized("auth.token_required")
	case !c.Real():
		return apperr.Forbidden("auth.real_account_required")
	}
	if err := req.Normalize(); err != nil {
		return err
	}
	if req.NewPassword == req.OldPassword {
		return apperr.Invalid("account.same_password")
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return err
	}
	if err := s.checkPassword(ctx, m.Account, req.NewPassword); err != nil {
		return err
	}
	// The try is claimed before the old password is checked, so parallel
	// requests check at most PasswordTriesPerID per LockoutWindow.
	key := "password:member:" + itoa(c.MemberID)
	if n, err := s.limiter.Hit(ctx, key, s.cfg.LockoutWindow); err != nil {
		return apperr.Internal(err, "rate limit")
	} else if n > s.cfg.PasswordTriesPerID {
		return tooMany("auth.locked")
	}
	ok, _, err := s.hasher.Verify(ctx, req.OldPassword, m.PasswordHash, s.cfg.Argon2)
	if IsBusy(err) {
		_ = s.limiter.Undo(ctx, key)
		return err
	}
	if err != nil || !ok {
		return apperr.Invalid("account.wrong_old_password")
	}
	_ = s.limiter.Reset(ctx, key)
	if err := s.passwordChangeCode(ctx, m, strings.TrimSpace(req.VerificationCode)); err != nil { // CHNGPASSVERIF3, security.go
		return err
	}
	hash, err := s.hash(ctx, req.NewPassword)
	if err != nil {
		return err
	}
	if err := s.store.ChangePassword(ctx, m.ID, hash, s.clock.Now(), c.TokenHash); err != nil {
		return err
	}
	s.revoked(ctx, m.ID, "", c.TokenHash)
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventPasswordChange, IP: cl.IP})
	return nil
}

// checkPassword applies the brand's password rule and our own policy.
func (s *Service) checkPassword(ctx context.Context, account, p string) error {
	if bc := s.brandConfig(ctx); bc != nil {
		if rule, ok := bc.Rule("password"); ok && !rule.Accepts(p) {
			return apperr.Invalid("account.password_rule").With("min", rule.MinLength).With("max", rule.MaxLength)
		}
	} else if len(p) < 6 {
		return apperr.Invalid("account.password_rule").With("min", 6).With("max", MaxPassword)
	}
	if strings.EqualFold(p, account) {
		return apperr.Invalid("account.password_is_username")
	}
	if IsCommonPassword(p) {
		return apperr.Invalid("account.common_password")
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func base32NoPad(b []byte) string {
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
}
