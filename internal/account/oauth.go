package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/session"
)

// Third-party login (Google, Facebook): OAuth 2 authorization code with
// PKCE (S256), state and, for OpenID Connect, a nonce checked in the
// verified ID token. Flows and security choices: docs/accounts.md,
// "Third-party login".

// OAuthSettings is what cmd passes in.
type OAuthSettings struct {
	// Secrets holds each provider's client secret by provider id (from
	// PALARO_OAUTH_<ID>_SECRET or its _FILE; never from the brand document).
	Secrets map[string]string
	// TrustProxy takes the scheme from X-Forwarded-Proto (behind a trusted edge).
	TrustProxy bool
	// SelfHosted serves back-channel calls to this server's own /dev/idp/
	// in process (demo mode, where site-path provider URLs point at the
	// test identity provider). Nil outside demo mode: site-path URLs then
	// make a provider unusable.
	SelfHosted http.Handler
	// HTTPClient for back-channel calls; nil means a client with a 10 s timeout.
	HTTPClient *http.Client
}

// Lifetimes and limits of the flow.
const (
	oauthStateTTL     = 10 * time.Minute // start to callback
	oauthLoginTTL     = 60 * time.Second // exchange code after a linked login
	oauthLinkTTL      = 10 * time.Minute // link / create ticket
	oauthStartsPerIP  = 30               // flows started per IP per 5 minutes
	oauthCookie       = "palaro_oauth"
	oauthCookiePath   = "/wps/oauth/"
	maxReturnTo       = 512
	maxProviderClaims = 256
)

// OAuth runs third-party logins on top of the account service.
type OAuth struct {
	svc      *Service
	settings OAuthSettings
	client   *http.Client

	mu        sync.Mutex
	providers map[string]cachedProvider // resolved issuer -> discovered provider
	key       []byte                    // HMAC key of the state cookie
}

type cachedProvider struct {
	p  *oidc.Provider
	at time.Time
}

// NewOAuth wires third-party login to the account service.
func NewOAuth(svc *Service, settings OAuthSettings) *OAuth {
	c := settings.HTTPClient
	if c == nil {
		c = &http.Client{Timeout: 10 * time.Second}
	}
	if settings.SelfHosted != nil {
		base := c.Transport
		if base == nil {
			base = http.DefaultTransport
		}
		c = &http.Client{Timeout: c.Timeout, Transport: selfTransport{h: settings.SelfHosted, next: base}}
	}
	return &OAuth{svc: svc, settings: settings, client: c, providers: map[string]cachedProvider{}}
}

// selfTransport answers requests for this server's own test identity
// provider in process; the request context names the host it may serve.
type selfTransport struct {
	h    http.Handler
	next http.RoundTripper
}

type selfHostKey struct{}

func (t selfTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if host, _ := r.Context().Value(selfHostKey{}).(string); host != "" && r.URL.Host == host && strings.HasPrefix(r.URL.Path, "/dev/idp/") {
		in := r.Clone(r.Context())
		in.Host = host
		in.RequestURI = ""
		if r.URL.Scheme == "https" {
			in.Header.Set("X-Forwarded-Proto", "https")
		}
		rec := httptest.NewRecorder()
		t.h.ServeHTTP(rec, in)
		return rec.Result(), nil
	}
	return t.next.RoundTrip(r)
}

// ProviderInfo is one usable provider for the login popup.
type ProviderInfo struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

// Providers lists the brand's providers that can run: a client secret is
// configured and every URL is absolute or served by this server.
func (o *OAuth) Providers(ctx context.Context) []ProviderInfo {
	out := []ProviderInfo{}
	bc := o.svc.brandConfig(ctx)
	if bc == nil {
		return out
	}
	for _, p := range bc.OAuth {
		if o.usable(p) {
			out = append(out, ProviderInfo{ID: p.ID, Kind: p.Kind})
		}
	}
	return out
}

func (o *OAuth) usable(p brand.OAuthProvider) bool {
	if o.settings.Secrets[p.ID] == "" {
		return false
	}
	for _, u := range []string{p.Issuer, p.AuthURL, p.TokenURL, p.UserInfoURL} {
		if strings.HasPrefix(u, "/") && (o.settings.SelfHosted == nil || !strings.HasPrefix(u, "/dev/idp/")) {
			return false
		}
	}
	return true
}

func (o *OAuth) provider(ctx context.Context, id string) (brand.OAuthProvider, error) {
	bc := o.svc.brandConfig(ctx)
	if bc == nil {
		return brand.OAuthProvider{}, apperr.Forbidden("oauth.provider_disabled")
	}
	p, ok := bc.Provider(id)
	if !ok || !o.usable(p) {
		return brand.OAuthProvider{}, apperr.Forbidden("oauth.provider_disabled")
	}
	return p, nil
}

// resolve makes a site-path URL absolute against the browser's origin.
func resolve(u, origin string) string {
	if strings.HasPrefix(u, "/") {
		return origin + u
	}
	return u
}

// backCtx carries the HTTP client (and the host the in-process IdP may
// answer for) to oauth2 and go-oidc.
func (o *OAuth) backCtx(ctx context.Context, origin string) context.Context {
	if u, err := url.Parse(origin); err == nil {
		ctx = context.WithValue(ctx, selfHostKey{}, u.Host)
	}
	return oidc.ClientContext(ctx, o.client)
}

// discover returns the OpenID provider for an issuer, discovered at most once an hour.
func (o *OAuth) discover(ctx context.Context, issuer, origin string) (*oidc.Provider, error) {
	now := o.svc.clock.Now()
	o.mu.Lock()
	c, ok := o.providers[issuer]
	o.mu.Unlock()
	if ok && now.Sub(c.at) < time.Hour {
		return c.p, nil
	}
	// The provider keeps this context for later key-set fetches: not the request's.
	p, err := oidc.NewProvider(o.backCtx(context.WithoutCancel(ctx), origin), issuer)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	if len(o.providers) > 64 {
		clear(o.providers)
	}
	o.providers[issuer] = cachedProvider{p: p, at: now}
	o.mu.Unlock()
	return p, nil
}

func (o *OAuth) oauth2Config(ctx context.Context, p brand.OAuthProvider, origin, redirectURI string) (*oauth2.Config, *oidc.Provider, error) {
	cfg := &oauth2.Config{ClientID: p.ClientID, ClientSecret: o.settings.Secrets[p.ID], RedirectURL: redirectURI, Scopes: p.Scopes}
	if p.Kind == "oidc" {
		op, err := o.discover(ctx, resolve(p.Issuer, origin), origin)
		if err != nil {
			return nil, nil, err
		}
		cfg.Endpoint = op.Endpoint()
		if len(cfg.Scopes) == 0 {
			cfg.Scopes = []string{oidc.ScopeOpenID, "email", "profile"}
		}
		return cfg, op, nil
	}
	cfg.Endpoint = oauth2.Endpoint{AuthURL: resolve(p.AuthURL, origin), TokenURL: resolve(p.TokenURL, origin)}
	if len(cfg.Scopes) == 0 {
		cfg.Scopes = []string{"email", "public_profile"}
	}
	return cfg, nil, nil
}

// oauthState travels in the signed, HttpOnly state cookie from start to callback.
type oauthState struct {
	Provider    string `json:"p"`
	State       string `json:"s"`
	Nonce       string `json:"n"`
	Verifier    string `json:"v"`
	ReturnTo    string `json:"r"`
	RedirectURI string `json:"u"`
	Origin      string `json:"o"`
	Expires     int64  `json:"e"` // Unix seconds
}

func (o *OAuth) cookieKey(ctx context.Context) ([]byte, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.key != nil {
		return o.key, nil
	}
	v, err := o.svc.store.Secret(ctx, "oauth_state_key", randomB64(32), o.svc.clock.Now())
	if err != nil {
		return nil, err
	}
	k, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(k) < 32 {
		return nil, apperr.Internal(fmt.Errorf("oauth state key unreadable"), "oauth key")
	}
	o.key = k
	return k, nil
}

func (o *OAuth) sealState(ctx context.Context, st oauthState) (string, error) {
	key, err := o.cookieKey(ctx)
	if err != nil {
		return "", err
	}
	body, _ := json.Marshal(st)
	payload := base64.RawURLEncoding.EncodeToString(body)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	return payload + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

// openState checks the cookie's signature and lifetime.
func (o *OAuth) openState(ctx context.Context, v string) (oauthState, bool) {
	var st oauthState
	payload, sig, ok := strings.Cut(v, ".")
	if !ok || len(v) > 4096 {
		return st, false
	}
	key, err := o.cookieKey(ctx)
	if err != nil {
		return st, false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		return st, false
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil || json.Unmarshal(body, &st) != nil {
		return st, false
	}
	return st, o.svc.clock.Now().Unix() < st.Expires
}

// SafeReturnTo keeps a same-site path; anything else becomes "/".
func SafeReturnTo(p string) string {
	if p == "" || len(p) > maxReturnTo || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") ||
		strings.ContainsAny(p, "\\#\r\n\t") || strings.HasPrefix(p, "/wps/") {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return p
}

// Start begins a login with a provider: the provider URL to send the
// browser to and the sealed state for the cookie.
func (o *OAuth) Start(ctx context.Context, providerID, returnTo, origin string, cl Client) (authURL, cookie string, err error) {
	p, err := o.provider(ctx, providerID)
	if err != nil {
		return "", "", err
	}
	if err := o.svc.hit(ctx, "oauth:start:"+cl.IP, o.svc.cfg.LockoutWindow, oauthStartsPerIP, "request.too_many"); err != nil {
		return "", "", err
	}
	redirectURI := p.RedirectURL
	if redirectURI == "" {
		redirectURI = origin + "/wps/oauth/" + p.ID + "/callback"
	}
	cfg, _, err := o.oauth2Config(ctx, p, origin, redirectURI)
	if err != nil {
		slog.WarnContext(ctx, "oauth provider discovery failed", "provider", p.ID, "err", err)
		return "", "", apperr.Forbidden("oauth.provider_unavailable")
	}
	st := oauthState{Provider: p.ID, State: randomB64(32), Verifier: oauth2.GenerateVerifier(), ReturnTo: SafeReturnTo(returnTo),
		RedirectURI: redirectURI, Origin: origin, Expires: o.svc.clock.Now().Add(oauthStateTTL).Unix()}
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(st.Verifier)}
	if p.Kind == "oidc" {
		st.Nonce = randomB64(32)
		opts = append(opts, oidc.Nonce(st.Nonce))
	}
	cookie, err = o.sealState(ctx, st)
	if err != nil {
		return "", "", err
	}
	return cfg.AuthCodeURL(st.State, opts...), cookie, nil
}

// identity is who the provider says the user is.
type identity struct {
	Subject, Email, Name string
}

// Callback finishes the provider step and answers where to send the
// browser: returnTo with #oauth=<exchange code> for a linked account,
// #oauthLink=<ticket>&provider=<id> for a new one, #oauthError=<reason>
// otherwise (cancelled, failed, disabled, unavailable).
func (o *OAuth) Callback(ctx context.Context, providerID string, q url.Values, cookie string, cl Client) string {
	st, ok := o.openState(ctx, cookie)
	returnTo := "/"
	if ok {
		returnTo = st.ReturnTo
	}
	fail := func(reason, detail string) string {
		o.svc.audit(ctx, AuditEvent{Event: EventOAuthFail, IP: cl.IP, Detail: truncate(providerID+":"+detail, 200)})
		return returnTo + "#oauthError=" + reason
	}
	switch {
	case !ok || st.Provider != providerID:
		return fail("failed", "state_cookie")
	case !hmac.Equal([]byte(q.Get("state")), []byte(st.State)):
		return fail("failed", "state_mismatch")
	case q.Get("error") == "access_denied":
		return fail("cancelled", "access_denied")
	case q.Get("error") != "":
		return fail("failed", "provider_error:"+q.Get("error"))
	case q.Get("code") == "":
		return fail("failed", "no_code")
	}
	p, err := o.provider(ctx, providerID)
	if err != nil {
		return fail("unavailable", "disabled")
	}
	id, err := o.identify(ctx, p, st, q.Get("code"))
	if err != nil {
		slog.WarnContext(ctx, "oauth callback refused", "provider", p.ID, "err", err)
		return fail("failed", "token")
	}
	now := o.svc.clock.Now()
	m, err := o.svc.store.LinkedMember(ctx, p.ID, id.Subject)
	switch {
	case err == nil:
		if m.Status != StatusActive || m.Type == TypeTrial {
			o.svc.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventLoginFail, IP: cl.IP, Detail: "disabled"})
			return returnTo + "#oauthError=disabled"
		}
		code := randomB64(32)
		if err := o.svc.store.PutOAuthTicket(ctx, session.Hash(code), oauthTicket{Kind: ticketLogin, Provider: p.ID,
			Subject: id.Subject, MemberID: m.ID, CreatedAt: now, ExpiresAt: now.Add(oauthLoginTTL)}); err != nil {
			return fail("failed", "store")
		}
		return returnTo + "#oauth=" + code
	case apperr.As(err).Kind == apperr.KindNotFound:
		ticket := randomB64(32)
		if err := o.svc.store.PutOAuthTicket(ctx, session.Hash(ticket), oauthTicket{Kind: ticketLink, Provider: p.ID,
			Subject: id.Subject, Email: id.Email, Name: id.Name, CreatedAt: now, ExpiresAt: now.Add(oauthLinkTTL)}); err != nil {
			return fail("failed", "store")
		}
		return returnTo + "#oauthLink=" + ticket + "&provider=" + p.ID
	default:
		return fail("failed", "lookup")
	}
}

// identify exchanges the code (with the PKCE verifier) and reads the
// user: from the verified ID token (signature, issuer, audience, expiry,
// nonce) for OpenID Connect, from the Graph-style profile for Facebook.
func (o *OAuth) identify(ctx context.Context, p brand.OAuthProvider, st oauthState, code string) (identity, error) {
	cfg, op, err := o.oauth2Config(ctx, p, st.Origin, st.RedirectURI)
	if err != nil {
		return identity{}, err
	}
	bctx := o.backCtx(ctx, st.Origin)
	tok, err := cfg.Exchange(bctx, code, oauth2.VerifierOption(st.Verifier))
	if err != nil {
		return identity{}, fmt.Errorf("exchange: %w", err)
	}
	if p.Kind == "oidc" {
		raw, _ := tok.Extra("id_token").(string)
		if raw == "" {
			return identity{}, errors.New("no id_token")
		}
		idt, err := op.Verifier(&oidc.Config{ClientID: p.ClientID, Now: o.svc.clock.Now}).Verify(bctx, raw)
		if err != nil {
			return identity{}, fmt.Errorf("id token: %w", err)
		}
		if st.Nonce == "" || !hmac.Equal([]byte(idt.Nonce), []byte(st.Nonce)) {
			return identity{}, errors.New("id token nonce mismatch")
		}
		var claims struct {
			Email         string `json:"email"`
			EmailVerified bool   `json:"email_verified"`
			Name          string `json:"name"`
		}
		if err := idt.Claims(&claims); err != nil {
			return identity{}, fmt.Errorf("claims: %w", err)
		}
		if !claims.EmailVerified {
			claims.Email = ""
		}
		return checkIdentity(identity{Subject: idt.Subject, Email: claims.Email, Name: claims.Name})
	}
	return o.graphMe(bctx, p, st.Origin, tok.AccessToken)
}

// graphMe reads /me?fields=id,name,email with the access token and its
// appsecret_proof (Facebook's guard against stolen tokens).
func (o *OAuth) graphMe(ctx context.Context, p brand.OAuthProvider, origin, access string) (identity, error) {
	u, err := url.Parse(resolve(p.UserInfoURL, origin))
	if err != nil {
		return identity{}, err
	}
	mac := hmac.New(sha256.New, []byte(o.settings.Secrets[p.ID]))
	mac.Write([]byte(access))
	q := u.Query()
	q.Set("fields", "id,name,email")
	q.Set("appsecret_proof", hex.EncodeToString(mac.Sum(nil)))
	u.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, "GET", u.String(), nil)
	if err != nil {
		return identity{}, err
	}
	req.Header.Set("Authorization", "Bearer "+access)
	res, err := o.client.Do(req)
	if err != nil {
		return identity{}, fmt.Errorf("profile: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil || res.StatusCode != 200 {
		return identity{}, fmt.Errorf("profile: status %d", res.StatusCode)
	}
	var me struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if err := json.Unmarshal(body, &me); err != nil {
		return identity{}, fmt.Errorf("profile: %w", err)
	}
	return checkIdentity(identity{Subject: me.ID, Email: me.Email, Name: me.Name})
}

func checkIdentity(id identity) (identity, error) {
	if id.Subject == "" || len(id.Subject) > maxProviderClaims || !utf8.ValidString(id.Subject) {
		return id, errors.New("provider subject missing or too long")
	}
	if len(id.Email) > maxProviderClaims {
		id.Email = ""
	}
	id.Name = strings.TrimSpace(id.Name)
	for utf8.RuneCountInString(id.Name) > 32 {
		_, size := utf8.DecodeLastRuneInString(id.Name)
		id.Name = id.Name[:len(id.Name)-size]
	}
	return id, nil
}
