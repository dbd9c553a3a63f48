package operator

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/session"
)

// Config holds the operator policy values; DefaultConfig is production.
type Config struct {
	Argon2          account.Argon2Params
	IdleTimeout     time.Duration // sliding
	AbsoluteTimeout time.Duration // from login
	TouchEvery      time.Duration // last-seen writes at most this often per session
	LockoutAfter    int           // wrong passwords in a row before a lock
	LockoutFor      time.Duration
	LockoutAfterIP  int64         // wrong logins (any username) from one IP per LockoutFor
	SessionCacheTTL time.Duration // how long a resolved session is reused without a query (0: none)
	SessionCacheMax int
}

var DefaultConfig = Config{
	Argon2:          account.DefaultArgon2,
	IdleTimeout:     30 * time.Minute,
	AbsoluteTimeout: 12 * time.Hour,
	TouchEvery:      time.Minute,
	LockoutAfter:    5,
	LockoutFor:      5 * time.Minute,
	LockoutAfterIP:  20,
	SessionCacheTTL: 5 * time.Second,
	SessionCacheMax: 10000,
}

// Audit actions written by this package.
const (
	ActionLogin       = "login"
	ActionLoginFailed = "login_failed"
	ActionLoginLocked = "login_locked" // a login refused because the operator is locked
	ActionLogout      = "logout"
	ActionAdjust      = "adjustment.create"
)

// Service holds the operator rules: sessions, permissions, audit and
// manual adjustments (adjust.go).
type Service struct {
	store     *Store
	clock     clock.Clock
	cfg       Config
	logger    *slog.Logger
	audit     *auditWriter
	sessions  *session.Cache[cachedSession]
	dummyHash string // verified for unknown usernames, so timing does not tell
	clientIP  func(*http.Request) string
	hasher    *account.Hasher // the process-wide argon2id bound
	limiter   account.Limiter // per-IP failure budgets
	gates     *account.Gates  // per operator: LockoutAfter checks at once in this process

	adj   *adjuster   // nil until UseWallet
	brand BrandSource // the TOTP requirement and the approval amount; nil: neither
}

// NewService starts the audit writer; Close stops it.
func NewService(store *Store, clk clock.Clock, cfg Config, logger *slog.Logger) *Service {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	dummy, _ := account.HashPassword("palaro-operator-dummy", cfg.Argon2)
	return &Service{store: store, clock: clk, cfg: cfg, logger: logger, audit: newAuditWriter(store, logger),
		sessions:  session.NewCache[cachedSession](cfg.SessionCacheTTL, cfg.SessionCacheMax),
		dummyHash: dummy, clientIP: peerIP, hasher: account.SharedHasher(), limiter: account.NewMemoryLimiter(clk),
		gates: account.NewGates(cfg.LockoutAfter)}
}

// UseHasher sets the argon2id bound (account.SharedHasher by default).
func (s *Service) UseHasher(h *account.Hasher) {
	if h != nil {
		s.hasher = h
	}
}

// UseLimiter sets where the per-IP login budgets are counted (in process
// by default; the members' limiter, Redis when configured, in wire.go).
func (s *Service) UseLimiter(l account.Limiter) {
	if l != nil {
		s.limiter = l
	}
}

// Close writes the queued audit rows and stops the writer.
func (s *Service) Close() { s.audit.close() }

// SetClientIP sets how the client IP is told from a request (the brand's
// edge rules); the default is the peer address.
func (s *Service) SetClientIP(f func(*http.Request) string) {
	if f != nil {
		s.clientIP = f
	}
}

// ClientIP tells the client IP of a request (Guard uses it for audit rows).
func (s *Service) ClientIP(r *http.Request) string { return s.clientIP(r) }

// Client is who sends a login, as the HTTP edge sees it.
type Client struct {
	IP        string
	UserAgent string
}

// LoginRequest is the body of POST /ops/v1/login.
type LoginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
	OTP      string `json:"otp,omitempty"` // the TOTP code of an enrolled operator
}

// LoginResult is the answer of a login: a session, or (an operator who
// must enrol a second factor first) an enrolment and no session.
type LoginResult struct {
	Token     string     `json:"token,omitempty"`
	ExpiresAt int64      `json:"expiresAt,omitempty"` // Unix ms, the absolute limit
	Operator  *Me        `json:"operator,omitempty"`
	Enrolment *Enrolling `json:"enrolment,omitempty"`
}

// Enrolling is what an operator needs to add the TOTP secret to an
// authenticator app; Token is exchanged with the first code at
// POST /ops/v1/login/enrol. The secret is shown here only.
type Enrolling struct {
	Token      string `json:"token"`
	Secret     string `json:"secret"`
	OTPAuthURI string `json:"otpauthUri"`
	ExpiresAt  int64  `json:"expiresAt"` // Unix ms
}

// Me describes the calling operator.
type Me struct {
	ID           int64        `json:"id"`
	Username     string       `json:"username"`
	Role         Role         `json:"role"`
	Permissions  []Permission `json:"permissions"`
	TOTPEnrolled bool         `json:"totpEnrolled"`
}

func meOf(c Caller, enrolled bool) Me {
	m := Me{ID: c.ID, Username: c.Username, Role: c.Role, Permissions: []Permission{}, TOTPEnrolled: enrolled}
	for _, p := range Permissions {
		if c.Role.Can(p) {
			m.Permissions = append(m.Permissions, p)
		}
	}
	return m
}

const (
	maxUsername = 64
	maxPassword = 128
)

// Login checks a username and password. Five wrong passwords in a row lock
// the operator for five minutes (429 operator.locked, also for the right
// password); LockoutAfterIP wrong logins from one IP, whatever the
// username, refuse that IP for LockoutFor (429 operator.too_many). Both
// budgets are claimed before the password is checked, so parallel requests
// check no more passwords than they allow; the check runs under the
// process-wide hashing bound (503 auth.busy, nothing counted). Every
// attempt is audited. After the right password an operator with a second
// factor needs its code (ops.otp_required; a wrong or replayed code counts
// like a wrong password, ops.otp_invalid), and one without it who must have
// one gets an enrolment instead of a session (accounts.go).
func (s *Service) Login(ctx context.Context, req LoginRequest, cl Client) (LoginResult, error) {
	req.Username = strings.TrimSpace(req.Username)
	if req.Username == "" || len(req.Username) > maxUsername || req.Password == "" || len(req.Password) > maxPassword {
		return LoginResult{}, apperr.Invalid("operator.invalid_credentials")
	}
	now := s.clock.Now()
	ipKey := "ops:login:ipfail:" + cl.IP
	if n, err := s.limiter.Count(ctx, ipKey); err != nil {
		return LoginResult{}, apperr.Internal(err, "rate limit")
	} else if n >= s.cfg.LockoutAfterIP {
		return LoginResult{}, s.ipRefused(ctx, req.Username, cl)
	}
	o, err := s.store.OperatorByUsername(ctx, req.Username)
	found := err == nil
	if err != nil && !errors.Is(err, apperr.NotFound("operator.not_found")) {
		return LoginResult{}, err
	}
	if found && now.Before(o.LockedUntil) {
		s.auditQuiet(ctx, o.ID, ActionLoginLocked, target(o.ID), map[string]any{"username": o.Username}, cl.IP)
		return LoginResult{}, locked(o.LockedUntil, now)
	}
	// The operator's budget first (the narrower one), then the IP's.
	if found {
		release, err := s.gates.Enter(ctx, o.ID, claimWait) // a burst on one operator waits here, not on the database
		if err != nil {
			return LoginResult{}, err
		}
		defer release()
		if err := s.claimLogin(ctx, o.ID); err != nil {
			if apperr.As(err).Code == "operator.locked" {
				s.auditQuiet(ctx, o.ID, ActionLoginLocked, target(o.ID), map[string]any{"username": o.Username}, cl.IP)
			}
			return LoginResult{}, err
		}
	}
	if n, err := s.limiter.Hit(ctx, ipKey, s.cfg.LockoutFor); err != nil || n > s.cfg.LockoutAfterIP {
		if found {
			_ = s.store.UnclaimLogin(ctx, o.ID)
		}
		if err != nil {
			return LoginResult{}, apperr.Internal(err, "rate limit")
		}
		return LoginResult{}, s.ipRefused(ctx, req.Username, cl)
	}
	hash := s.dummyHash
	if found && o.PasswordHash != "" {
		hash = o.PasswordHash
	}
	ok, rehash, verr := s.hasher.Verify(ctx, req.Password, hash, s.cfg.Argon2)
	if account.IsBusy(verr) {
		_ = s.limiter.Undo(ctx, ipKey)
		if found {
			_ = s.store.UnclaimLogin(ctx, o.ID)
		}
		return LoginResult{}, verr
	}
	if verr != nil {
		s.logger.ErrorContext(ctx, "operator password hash unreadable", "operator", o.ID, "err", verr)
		ok = false
	}
	if !found || !ok {
		detail := map[string]any{"username": req.Username, "reason": "password"}
		if !found {
			detail["reason"] = "unknown_username"
			s.auditQuiet(ctx, 0, ActionLoginFailed, "", detail, cl.IP)
			return LoginResult{}, apperr.Unauthorized("operator.invalid_credentials")
		}
		until := now.Add(s.cfg.LockoutFor)
		isLocked, err := s.store.LoginFailed(ctx, o.ID, s.cfg.LockoutAfter, until)
		if err != nil {
			return LoginResult{}, err
		}
		detail["locked"] = isLocked
		s.auditQuiet(ctx, o.ID, ActionLoginFailed, target(o.ID), detail, cl.IP)
		if isLocked {
			return LoginResult{}, locked(until, now)
		}
		return LoginResult{}, apperr.Unauthorized("operator.invalid_credentials")
	}
	if o.Status != 0 || !o.Role.Valid() {
		_ = s.limiter.Undo(ctx, ipKey)
		_ = s.store.UnclaimLogin(ctx, o.ID)
		s.auditQuiet(ctx, o.ID, ActionLoginFailed, target(o.ID), map[string]any{"username": o.Username, "reason": "disabled"}, cl.IP)
		return LoginResult{}, apperr.Forbidden("operator.disabled")
	}
	if rehash {
		if h, err := s.hasher.Hash(ctx, req.Password, s.cfg.Argon2); err == nil {
			_ = s.store.SetPassword(ctx, o.ID, o.PasswordHash, h, now)
		}
	}
	if o.TOTPEnrolled() {
		if strings.TrimSpace(req.OTP) == "" { // the right password: the console asks for the code next
			_ = s.limiter.Undo(ctx, ipKey)
			_ = s.store.UnclaimLogin(ctx, o.ID)
			return LoginResult{}, apperr.Unauthorized("ops.otp_required")
		}
		if err := s.checkCode(ctx, o, o.TOTPSecret, req.OTP, now, cl); err != nil {
			return LoginResult{}, err
		}
		_ = s.limiter.Undo(ctx, ipKey)
		return s.startSession(ctx, o, cl, now)
	}
	required, err := s.totpRequired(ctx, o.Role)
	if err != nil {
		_ = s.store.UnclaimLogin(ctx, o.ID)
		return LoginResult{}, err
	}
	_ = s.limiter.Undo(ctx, ipKey)
	if required {
		_ = s.store.UnclaimLogin(ctx, o.ID)
		return s.startEnrolment(ctx, o, cl, now)
	}
	return s.startSession(ctx, o, cl, now)
}

// startSession stores a new session of o (clearing its failure count) and
// audits the login.
func (s *Service) startSession(ctx context.Context, o Operator, cl Client, now time.Time) (LoginResult, error) {
	token, tokenHash := session.NewToken()
	sess := Session{TokenHash: tokenHash, OperatorID: o.ID, IP: cl.IP, UserAgent: truncate(cl.UserAgent, 256),
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.AbsoluteTimeout)}
	if err := s.store.StartSession(ctx, sess); err != nil {
		return LoginResult{}, err
	}
	c := Caller{ID: o.ID, Username: o.Username, Role: o.Role, ip: cl.IP}
	if err := s.Audit(ctx, c, ActionLogin, target(o.ID), nil); err != nil {
		return LoginResult{}, err
	}
	me := meOf(c, o.TOTPEnrolled())
	return LoginResult{Token: token, ExpiresAt: sess.ExpiresAt.UnixMilli(), Operator: &me}, nil
}

// claimWait bounds how long a login waits for a check while the whole
// budget is being checked by other requests; claimPoll is how often it looks.
const (
	claimWait = 2 * time.Second
	claimPoll = 100 * time.Millisecond
)

// claimLogin claims one password check of the operator: operator.locked
// while locked, auth.busy when the budget stays in use by running checks.
func (s *Service) claimLogin(ctx context.Context, id int64) error {
	deadline := time.Now().Add(claimWait)
	for {
		now := s.clock.Now()
		claimed, err := s.store.ClaimLogin(ctx, id, s.cfg.LockoutAfter, now)
		if err != nil || claimed {
			return err
		}
		o, err := s.store.OperatorByID(ctx, id)
		if err != nil {
			return err
		}
		if now.Before(o.LockedUntil) {
			return locked(o.LockedUntil, now)
		}
		if time.Now().After(deadline) {
			return account.ErrHashBusy
		}
		select {
		case <-ctx.Done():
			return account.ErrHashBusy
		case <-time.After(claimPoll):
		}
	}
}

// ipRefused answers a login from an IP past its failure budget.
func (s *Service) ipRefused(ctx context.Context, username string, cl Client) error {
	s.auditQuiet(ctx, 0, ActionLoginLocked, "", map[string]any{"username": username, "reason": "ip"}, cl.IP)
	return apperr.New(apperr.KindTooMany, "operator.too_many").With("seconds", int64(s.cfg.LockoutFor/time.Second))
}

func locked(until, now time.Time) error {
	secs := int64(until.Sub(now).Seconds() + 0.999)
	return apperr.New(apperr.KindTooMany, "operator.locked").With("seconds", secs)
}

func target(id int64) string { return "operator:" + strconv.FormatInt(id, 10) }

// Logout ends the session of the token.
func (s *Service) Logout(ctx context.Context, c Caller, token string) error {
	h := session.Hash(token)
	if err := s.store.RevokeSession(ctx, h, s.clock.Now()); err != nil {
		return err
	}
	s.sessions.Drop(h)
	return s.Audit(ctx, c, ActionLogout, target(c.ID), nil)
}

// Me describes the caller with its permissions and second factor.
func (s *Service) Me(ctx context.Context, c Caller) (Me, error) {
	o, err := s.store.OperatorByID(ctx, c.ID)
	if err != nil {
		return Me{}, err
	}
	return meOf(c, o.TOTPEnrolled()), nil
}

// Authenticate resolves a bearer token. No token is auth.token_required; an
// unknown, revoked, idle (30 min) or expired (12 h) one, or one of a
// disabled operator, is operator.session_expired. A resolved session is
// reused for SessionCacheTTL without a query; the idle clock is written at
// most every TouchEvery. Logout drops the cached entry of this process; on
// other instances it ends within SessionCacheTTL.
func (s *Service) Authenticate(ctx context.Context, token string) (Caller, error) {
	if token == "" {
		return Caller{}, apperr.Unauthorized("auth.token_required")
	}
	if len(token) != session.TokenLen {
		return Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	hash := session.Hash(token)
	now := s.clock.Now()
	e := s.sessions.Get(hash, now)
	if e == nil {
		sess, o, err := s.store.SessionOperator(ctx, hash)
		if err != nil {
			return Caller{}, err
		}
		e = &session.Entry[cachedSession]{Value: cachedSession{sess: sess, op: o}, LoadedAt: now}
		s.sessions.Put(hash, e)
	}
	sess, o := e.Value.sess, e.Value.op
	if !session.Live(now, sess.LastSeenAt, sess.ExpiresAt, sess.RevokedAt, s.cfg.IdleTimeout) || o.Status != 0 || !o.Role.Valid() {
		return Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	if now.Sub(sess.LastSeenAt) >= s.cfg.TouchEvery && e.Touching() {
		if err := s.store.TouchSession(ctx, hash, now); err != nil {
			s.logger.WarnContext(ctx, "operator session touch failed", "err", err)
			e.Touched()
		} else {
			s.sessions.Drop(hash) // the next request reloads the moved idle clock
		}
	}
	return Caller{ID: o.ID, Username: o.Username, Role: o.Role}, nil
}

// Audit writes one audit row and returns once it is committed. The IP is
// the one Guard.Require saw, else the one carried by WithIP.
func (s *Service) Audit(ctx context.Context, c Caller, action, target string, detail map[string]any) error {
	if action == "" {
		return apperr.Internal(errors.New("empty audit action"), "audit")
	}
	return s.audit.write(ctx, auditRow(c.ID, action, target, detail, c.ipOr(ctx), s.clock.Now()), nil)
}

// auditQuiet writes a row nobody waits on the outcome of (failed logins):
// a failure is logged.
func (s *Service) auditQuiet(ctx context.Context, operatorID int64, action, target string, detail map[string]any, ip string) {
	if err := s.audit.write(ctx, auditRow(operatorID, action, target, detail, ip, s.clock.Now()), nil); err != nil {
		s.logger.ErrorContext(ctx, "operator audit", "action", action, "err", err)
	}
}

// CreateOperator adds an operator with a password (the `palaro operator
// add` command; a back-office screen later).
func (s *Service) CreateOperator(ctx context.Context, username, password string, role Role) (int64, error) {
	username = strings.TrimSpace(username)
	if err := ValidUsername(username); err != nil {
		return 0, err
	}
	if !role.Valid() {
		return 0, apperr.Invalid("operator.invalid_role")
	}
	if err := checkPassword(username, password); err != nil {
		return 0, err
	}
	h, err := account.HashPassword(password, s.cfg.Argon2)
	if err != nil {
		return 0, apperr.Internal(err, "hash password")
	}
	return s.store.CreateOperator(ctx, username, h, role, s.clock.Now())
}

// ValidUsername: 3..32 letters, digits, '.', '_' or '-'.
func ValidUsername(u string) error {
	if len(u) < 3 || len(u) > 32 {
		return apperr.Invalid("operator.invalid_username")
	}
	for i := 0; i < len(u); i++ {
		c := u[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return apperr.Invalid("operator.invalid_username")
		}
	}
	return nil
}

// DemoOperators are created by SeedDemo with account.DemoPassword, one per
// role; those whose role needs a second factor get DemoTOTPSecret.
var DemoOperators = []struct {
	Username string
	Role     Role
}{{"ops01", RoleAdmin}, {"finance01", RoleFinance}, {"cashier01", RoleCashier}, {"content01", RoleContent},
	{"support01", RoleSupport}, {"viewer01", RoleViewer}}

// SeedDemo creates the demo operators that do not exist yet and reports
// whether it created any. With demoTOTP (demo mode only) ops01 and finance01
// get the known DemoTOTPSecret, so the demo stays usable (`palaro operator
// otp`); without it they enrol their own at the first login.
func SeedDemo(ctx context.Context, store *Store, p account.Argon2Params, now time.Time, demoTOTP bool) (bool, error) {
	created := false
	for _, d := range DemoOperators {
		if o, err := store.OperatorByUsername(ctx, d.Username); err == nil {
			if demoTOTP && d.Role.TOTPAlways() && !o.TOTPEnrolled() && o.Role == d.Role { // seeded before second factors existed
				if err := store.SetDemoTOTP(ctx, o.ID, DemoTOTPSecret, now); err != nil {
					return created, err
				}
			}
			continue
		} else if apperr.As(err).Kind != apperr.KindNotFound {
			return created, err
		}
		h, err := account.HashPassword(account.DemoPassword, p)
		if err != nil {
			return created, err
		}
		id, err := store.CreateOperator(ctx, d.Username, h, d.Role, now)
		if err != nil {
			return created, err
		}
		if demoTOTP && d.Role.TOTPAlways() {
			if err := store.SetDemoTOTP(ctx, id, DemoTOTPSecret, now); err != nil {
				return created, err
			}
		}
		created = true
	}
	return created, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// cachedSession is a resolved session in the few-second cache
// (session.Cache), like the members'.
type cachedSession struct {
	sess Session
	op   Operator
}
