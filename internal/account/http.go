package account

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// TokenFrom reads the session token: "Authorization: Bearer <token>", else
// the "token" header. Query parameters are never read (they end up in logs
// and Referer headers); the client moves a ?token= it lands with into
// session storage and sends it as a header.
func TokenFrom(r *http.Request) string {
	if a := r.Header.Get("Authorization"); len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		return strings.TrimSpace(a[7:])
	}
	return strings.TrimSpace(r.Header.Get("token"))
}

// Guard resolves callers for handlers of any domain.
type Guard struct{ Auth Authenticator }

// Caller is strict: a token that is present but not live is an error
// (auth.session_expired); no token is a visitor.
func (g Guard) Caller(r *http.Request) (Caller, error) {
	c, ok := r.Context().Value(callerKey{}).(Caller)
	if !ok {
		var err error
		if c, err = g.Auth.Authenticate(r.Context(), TokenFrom(r)); err != nil {
			return c, err
		}
	}
	if err := restrictedRefusal(c, r); err != nil {
		return Caller{}, err
	}
	return c, nil
}

// Optional treats a dead token as a visitor (public endpoints).
func (g Guard) Optional(r *http.Request) Caller {
	c, err := g.Caller(r)
	if err != nil {
		return Caller{}
	}
	return c
}

// Require answers the request with the right error unless the caller has
// one of the roles; ok false means the response has been written.
func (g Guard) Require(w http.ResponseWriter, r *http.Request, roles ...Role) (Caller, bool) {
	c, err := g.Caller(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return c, false
	}
	if err := Allowed(c, roles...); err != nil {
		httpx.Fail(w, r, err)
		return c, false
	}
	return c, true
}

// Allowed tells why a caller may not act with the given roles.
func Allowed(c Caller, roles ...Role) error {
	have := c.Role()
	for _, r := range roles {
		if r == have {
			return nil
		}
	}
	switch {
	case have == RoleVisitor:
		return apperr.Unauthorized("auth.token_required")
	case have == RoleTrial:
		return apperr.Forbidden("auth.real_account_required")
	case len(roles) == 1 && roles[0] == RoleAgent:
		return apperr.Forbidden("auth.not_agent")
	case slices.Contains(roles, RoleVisitor):
		// A route for visitors (login, registration): the caller has a session.
		return apperr.Forbidden("auth.already_logged_in")
	default:
		return apperr.Forbidden("auth.role_not_allowed").With("role", have.String())
	}
}

type callerKey struct{}

// Middleware resolves the caller once and keeps it in the request context
// for Guard; a dead token fails only where a login is required.
func Middleware(a Authenticator) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c, err := a.Authenticate(r.Context(), TokenFrom(r)); err == nil {
				r = r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Handler serves the session, member, captcha and affiliate endpoints.
type Handler struct {
	svc      *Service
	guard    Guard
	clientIP func(*http.Request) string

	// Wrap, when set before Routes, wraps each route's handler by pattern
	// (wire seals the payloads of the routes the spec marks E).
	Wrap func(pattern string, h http.Handler) http.Handler
}

// NewHandler takes the function that tells the client IP (the brand's edge rules).
func NewHandler(svc *Service, clientIP func(*http.Request) string) *Handler {
	return &Handler{svc: svc, guard: Guard{Auth: svc}, clientIP: clientIP}
}

// Who may call what (the authorization test walks this table).
var (
	anyone     = []Role{RoleVisitor, RoleMember, RoleTrial, RoleAgent}
	loggedIn   = []Role{RoleMember, RoleTrial, RoleAgent}
	realOnly   = []Role{RoleMember, RoleAgent}
	notReal    = []Role{RoleVisitor, RoleTrial}
	routeRoles = map[string][]Role{
		"POST /wps/session/login":                anyone,
		"DELETE /wps/session/logout":             loggedIn,
		"POST /wps/session/login/freeplay":       notReal,
		"GET /wps/member/info":                   loggedIn,
		"PUT /wps/member/register":               notReal,
		"POST /wps/member/password":              realOnly,
		"GET /wps/captcha":                       anyone,
		"GET /wps/agent/affiliate":               anyone,
		"POST /wps/verification/sms/register":    notReal,
		"POST /wps/verification/sms/noLogin":     anyone,
		"PUT /wps/member/register/mobile":        notReal,
		"POST /wps/member/password/verification": anyone,
		"POST /wps/member/password/email":        anyone,
		"POST /wps/member/password/reset":        anyone,
		"PUT /wps/feedback":                      anyone,
		"GET /wps/member/info/icon":              loggedIn,
		"GET /wps/botcheck/challenge":            anyone,
	}
)

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, Caller){
		"POST /wps/session/login":                h.login,
		"DELETE /wps/session/logout":             h.logout,
		"POST /wps/session/login/freeplay":       h.freeplay,
		"GET /wps/member/info":                   h.info,
		"PUT /wps/member/register":               h.register,
		"POST /wps/member/password":              h.changePassword,
		"GET /wps/captcha":                       h.captcha,
		"GET /wps/agent/affiliate":               h.affiliate,
		"POST /wps/verification/sms/register":    h.smsCode(smsRegister),
		"POST /wps/verification/sms/noLogin":     h.smsCode(smsLogin),
		"PUT /wps/member/register/mobile":        h.registerMobile,
		"POST /wps/member/password/verification": h.resetByPhone,
		"POST /wps/member/password/email":        h.resetByEmail,
		"POST /wps/member/password/reset":        h.resetByToken,
		"PUT /wps/feedback":                      h.feedback,
		"GET /wps/member/info/icon":              h.icon,
		"GET /wps/botcheck/challenge":            h.botChallenge,
	}
	for pattern, fn := range h.securityHandlers() { // security.go
		handlers[pattern] = fn
	}
	for pattern, fn := range handlers {
		roles, fn := routeRoles[pattern], fn
		var route http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var c Caller
			if sameRoles(roles, anyone) || sameRoles(roles, notReal) {
				c = h.guard.Optional(r) // a stale token must not block login or registration
				if err := Allowed(c, roles...); err != nil {
					httpx.Fail(w, r, err)
					return
				}
			} else {
				var ok bool
				if c, ok = h.guard.Require(w, r, roles...); !ok {
					return
				}
			}
			fn(w, r.WithContext(withLang(r.Context(), httpx.Lang(r))), c)
		})
		if h.Wrap != nil {
			route = h.Wrap(pattern, route)
		}
		mux.Handle(pattern, route)
	}
}

func sameRoles(a, b []Role) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (h *Handler) client(r *http.Request) Client {
	ip := ""
	if h.clientIP != nil {
		ip = h.clientIP(r)
	}
	return Client{IP: ip, UserAgent: r.UserAgent()}
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req LoginRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.Login(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if res.verify != nil { // a new IP: no session yet, a code was sent (verify_ip.go)
		httpx.OK(w, r, res.verify)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request, c Caller) {
	if err := h.svc.Logout(r.Context(), c, h.client(r)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, nil)
}

func (h *Handler) freeplay(w http.ResponseWriter, r *http.Request, _ Caller) {
	res, err := h.svc.Freeplay(r.Context(), h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) info(w http.ResponseWriter, r *http.Request, c Caller) {
	u, err := h.svc.Info(r.Context(), c)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, u)
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req RegisterRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.Register(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request, c Caller) {
	var req ChangePasswordRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.ChangePassword(r.Context(), c, req, h.client(r)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, nil)
}

func (h *Handler) captcha(w http.ResponseWriter, r *http.Request, _ Caller) {
	img, err := h.svc.Captcha(r.Context(), h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, img)
}

func (h *Handler) affiliate(w http.ResponseWriter, r *http.Request, _ Caller) {
	q := r.URL.Query()
	res, err := h.svc.CheckAffiliate(r.Context(), q.Get("code"), q.Get("domain"), h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) smsCode(purpose string) func(http.ResponseWriter, *http.Request, Caller) {
	return func(w http.ResponseWriter, r *http.Request, _ Caller) {
		var req SMSRequest
		if err := httpx.DecodeJSON(r, &req); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		res, err := h.svc.SendSMSCode(r.Context(), purpose, req, h.client(r))
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, res)
	}
}

func (h *Handler) registerMobile(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req RegisterRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.RegisterMobile(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) resetByPhone(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req PhoneResetRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.ResetByPhone(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

// resetByEmail is a form post (spec section 7): username and email.
func (h *Handler) resetByEmail(w http.ResponseWriter, r *http.Request, _ Caller) {
	if err := r.ParseForm(); err != nil {
		httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "form"))
		return
	}
	if err := h.svc.ResetByEmail(r.Context(), r.PostForm.Get("username"), r.PostForm.Get("email"), h.client(r)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, nil)
}

func (h *Handler) resetByToken(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req struct {
		ResetToken         string `json:"resetToken"`
		NewPassword        string `json:"newPassword"`
		ConfirmNewPassword string `json:"confirmNewPassword"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.ResetByToken(r.Context(), req.ResetToken, req.NewPassword, req.ConfirmNewPassword, h.client(r)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, nil)
}

func (h *Handler) feedback(w http.ResponseWriter, r *http.Request, c Caller) {
	var req FeedbackRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.SendFeedback(r.Context(), c, req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) icon(w http.ResponseWriter, r *http.Request, c Caller) {
	res, err := h.svc.Icon(r.Context(), c)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *Handler) botChallenge(w http.ResponseWriter, r *http.Request, _ Caller) {
	res, err := h.svc.BotChallenge(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}
