package account

import (
	"net/http"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// OAuthHandler serves third-party login. Start and callback are browser
// navigations (redirects, never JSON, never a token in a URL); the others
// are JSON calls from the page.
type OAuthHandler struct {
	o        *OAuth
	guard    Guard
	clientIP func(*http.Request) string
	// Wrap, when set before Routes, wraps each route's handler by pattern
	// (wire.go: sealed payloads for the exchange and link calls).
	Wrap func(pattern string, h http.Handler) http.Handler
}

func NewOAuthHandler(o *OAuth, clientIP func(*http.Request) string) *OAuthHandler {
	return &OAuthHandler{o: o, guard: Guard{Auth: o.svc}, clientIP: clientIP}
}

// oauthRouteRoles: who may call what (TestOAuthAuthorization walks it).
// Navigations carry no token, so start and callback are for anyone.
var oauthRouteRoles = map[string][]Role{
	"GET /wps/oauth/providers":           anyone,
	"GET /wps/oauth/{provider}/start":    anyone,
	"GET /wps/oauth/{provider}/callback": anyone,
	"POST /wps/oauth/exchange":           anyone,
	"POST /wps/oauth/link":               notReal,
	"POST /wps/oauth/register":           notReal,
}

func (h *OAuthHandler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request){
		"GET /wps/oauth/providers":           h.providers,
		"GET /wps/oauth/{provider}/start":    h.start,
		"GET /wps/oauth/{provider}/callback": h.callback,
		"POST /wps/oauth/exchange":           h.exchange,
		"POST /wps/oauth/link":               h.link,
		"POST /wps/oauth/register":           h.register,
	}
	for pattern, fn := range handlers {
		roles, fn := oauthRouteRoles[pattern], fn
		var route http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Public endpoints: a stale token must not block a login.
			if err := Allowed(h.guard.Optional(r), roles...); err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r)
		})
		if h.Wrap != nil {
			route = h.Wrap(pattern, route)
		}
		mux.Handle(pattern, route)
	}
}

func (h *OAuthHandler) client(r *http.Request) Client {
	ip := ""
	if h.clientIP != nil {
		ip = h.clientIP(r)
	}
	return Client{IP: ip, UserAgent: r.UserAgent()}
}

// origin is the scheme and host the browser used.
func (h *OAuthHandler) origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || (h.o.settings.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (h *OAuthHandler) secure(r *http.Request) bool {
	return r.TLS != nil || (h.o.settings.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}

func (h *OAuthHandler) providers(w http.ResponseWriter, r *http.Request) {
	httpx.OK(w, r, map[string]any{"providers": h.o.Providers(r.Context())})
}

func noStoreRedirect(w http.ResponseWriter, r *http.Request, to string) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, to, http.StatusFound)
}

func (h *OAuthHandler) start(w http.ResponseWriter, r *http.Request) {
	returnTo := SafeReturnTo(r.URL.Query().Get("returnTo"))
	to, cookie, err := h.o.Start(r.Context(), r.PathValue("provider"), returnTo, h.origin(r), h.client(r))
	if err != nil {
		reason := "unavailable"
		if apperr.As(err).Code == "request.too_many" {
			reason = "busy"
		}
		noStoreRedirect(w, r, returnTo+"#oauthError="+reason)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: cookie, Path: oauthCookiePath, MaxAge: int(oauthStateTTL.Seconds()),
		HttpOnly: true, Secure: h.secure(r), SameSite: http.SameSiteLaxMode})
	noStoreRedirect(w, r, to)
}

func (h *OAuthHandler) callback(w http.ResponseWriter, r *http.Request) {
	cookie := ""
	if c, err := r.Cookie(oauthCookie); err == nil {
		cookie = c.Value
	}
	// The state cookie is single use: cleared whatever the outcome.
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: "", Path: oauthCookiePath, MaxAge: -1,
		HttpOnly: true, Secure: h.secure(r), SameSite: http.SameSiteLaxMode})
	noStoreRedirect(w, r, h.o.Callback(r.Context(), r.PathValue("provider"), r.URL.Query(), cookie, h.client(r)))
}

func (h *OAuthHandler) exchange(w http.ResponseWriter, r *http.Request) {
	var req OAuthExchange
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.o.Exchange(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *OAuthHandler) link(w http.ResponseWriter, r *http.Request) {
	var req OAuthLinkRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.o.Link(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (h *OAuthHandler) register(w http.ResponseWriter, r *http.Request) {
	var req OAuthRegisterRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.o.Register(r.Context(), req, h.client(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}
