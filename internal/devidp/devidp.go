// Package devidp is the Palaro test identity provider: a small OpenID
// Connect provider (discovery, JWKS, authorize, token with PKCE, userinfo)
// plus a Facebook-style OAuth 2 flow with a Graph-like /me. Go tests run it
// with httptest; PALARO_DEMO=1 mounts it at /dev/idp/ so the demo brand's
// Google and Facebook buttons work without real accounts. It is never
// mounted outside demo mode. Users are whoever the tester types in: the
// subject is derived from the e-mail, so the same e-mail is the same
// provider account every time.
package devidp

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// DemoSecret is the client secret of the demo brand's providers (the demo
// IdP accepts it for every client id; it guards nothing real).
const DemoSecret = "palaro-demo-secret"

// Providers the IdP stands in for: "google" speaks OpenID Connect,
// "facebook" plain OAuth 2 with a Graph-style profile.
var Providers = []string{"google", "facebook"}

// IdP is one test identity provider. Fields may be changed by tests before
// a flow starts.
type IdP struct {
	Prefix  string            // path prefix it is mounted at ("/dev/idp", or "" in tests)
	Clients map[string]string // client id -> secret
	Now     func() time.Time

	// Test hooks: ID tokens signed with another key, or claims changed.
	SignWithOtherKey bool
	Tamper           func(claims map[string]any)

	key, otherKey *rsa.PrivateKey
	kid           string

	mu     sync.Mutex
	codes  map[string]grant
	tokens map[string]user
}

type user struct {
	Subject, Name, Email string
}

type grant struct {
	user                   user
	provider, clientID     string
	redirectURI, challenge string
	nonce                  string
	expires                time.Time
}

// New creates an IdP with a fresh RSA key.
func New(prefix string, clients map[string]string) *IdP {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	other, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	kidSum := sha256.Sum256(key.N.Bytes())
	return &IdP{Prefix: strings.TrimSuffix(prefix, "/"), Clients: clients, Now: time.Now, key: key, otherKey: other,
		kid: hex.EncodeToString(kidSum[:8]), codes: map[string]grant{}, tokens: map[string]user{}}
}

// Routes mounts the IdP under Prefix.
func (p *IdP) Routes(mux *http.ServeMux) {
	for _, prov := range Providers {
		base := p.Prefix + "/" + prov
		mux.HandleFunc("GET "+base+"/authorize", p.authorize(prov))
		mux.HandleFunc("POST "+base+"/authorize", p.decide(prov))
		mux.HandleFunc("POST "+base+"/token", p.token(prov))
	}
	g := p.Prefix + "/google"
	mux.HandleFunc("GET "+g+"/.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET "+g+"/jwks", p.jwks)
	mux.HandleFunc("GET "+g+"/userinfo", p.userinfo)
	mux.HandleFunc("GET "+p.Prefix+"/facebook/me", p.me)
	mux.HandleFunc("GET "+p.Prefix+"/{$}", p.index)
}

// origin is the scheme and host the caller used.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (p *IdP) issuer(r *http.Request) string { return origin(r) + p.Prefix + "/google" }

func (p *IdP) discovery(w http.ResponseWriter, r *http.Request) {
	iss := p.issuer(r)
	writeJSON(w, 200, map[string]any{
		"issuer": iss, "authorization_endpoint": iss + "/authorize", "token_endpoint": iss + "/token",
		"userinfo_endpoint": iss + "/userinfo", "jwks_uri": iss + "/jwks",
		"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"}, "code_challenge_methods_supported": []string{"S256"},
		"scopes_supported":                      []string{"openid", "email", "profile"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post"},
	})
}

func (p *IdP) jwks(w http.ResponseWriter, _ *http.Request) {
	pub := p.key.PublicKey
	writeJSON(w, 200, map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "alg": "RS256", "use": "sig", "kid": p.kid,
		"n": b64(pub.N.Bytes()), "e": b64(big.NewInt(int64(pub.E)).Bytes()),
	}}})
}

type pageData struct {
	Provider, Label, ClientID, Error string
	Suggestions                      []user
}

var page = template.Must(template.New("idp").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Palaro test identity provider</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0E1525;color:#F3F5FA;display:grid;place-items:center;min-height:100vh}
main{background:#161F33;border:1px solid #2a3654;border-radius:12px;padding:28px;width:min(420px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;background:#FF6B5A;color:#0E1525;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:700;letter-spacing:.04em}
p{color:#A9B3C7;margin:8px 0 16px}label{display:block;font-size:14px;margin:12px 0 4px;color:#A9B3C7}
input{width:100%;box-sizing:border-box;padding:10px 12px;border-radius:8px;border:1px solid #2a3654;background:#0E1525;color:#F3F5FA;font:inherit}
.row{display:flex;flex-direction:row-reverse;gap:12px;margin-top:20px}button{flex:1;padding:10px;border-radius:8px;border:0;font:inherit;font-weight:600;cursor:pointer}
.ok{background:#F5B942;color:#0E1525}.no{background:transparent;color:#F3F5FA;border:1px solid #2a3654}
.err{color:#FF4D5E}ul{padding:0;list-style:none;margin:0}li button{width:100%;text-align:left;background:#1E2A44;color:#F3F5FA;margin-top:6px;font-weight:400}
</style></head><body><main>
<span class="tag">DEMO ONLY</span>
<h1>Palaro test identity provider</h1>
<p>Stands in for <strong>{{.Label}}</strong> in the Palaro demo. It is not {{.Label}}: nothing here is checked, and it exists only when the server runs with PALARO_DEMO=1. Client: <code>{{.ClientID}}</code></p>
{{if .Error}}<p class="err" role="alert">{{.Error}}</p>{{end}}
<form method="post">
<p>Sign in as a test user:</p>
<ul>{{range .Suggestions}}<li><button type="submit" name="pick" value="{{.Email}}|{{.Name}}">{{.Name}} &lt;{{.Email}}&gt;</button></li>{{end}}</ul>
</form>
<form method="post">
<label for="email">Or type an e-mail</label><input id="email" name="email" type="email" autocomplete="off">
<label for="name">Display name</label><input id="name" name="name" autocomplete="off">
<div class="row"><button class="ok" type="submit" name="decision" value="approve">Approve</button>
<button class="no" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></div>
</form></main></body></html>`))

var suggestions = []user{{Name: "Juan Dela Cruz", Email: "juan@palaro.test"}, {Name: "Maria Santos", Email: "maria@palaro.test"}}

func label(provider string) string {
	if provider == "facebook" {
		return "Facebook"
	}
	return "Google"
}

// authorizeParams checks the authorization request; an error text means
// the request cannot go back to the client (unknown client or redirect).
func (p *IdP) authorizeParams(q url.Values) string {
	if _, ok := p.Clients[q.Get("client_id")]; !ok {
		return "unknown client_id"
	}
	ru, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || (ru.Scheme != "http" && ru.Scheme != "https") || ru.Host == "" {
		return "redirect_uri must be an absolute http(s) URL"
	}
	if q.Get("response_type") != "code" {
		return "response_type must be code"
	}
	return ""
}

func (p *IdP) authorize(provider string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if msg := p.authorizeParams(q); msg != "" {
			http.Error(w, msg, http.StatusBadRequest)
			return
		}
		p.render(w, provider, q, "")
	}
}

func (p *IdP) render(w http.ResponseWriter, provider string, q url.Values, msg string) {
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = page.Execute(w, pageData{Provider: provider, Label: label(provider), ClientID: q.Get("client_id"),
		Error: msg, Suggestions: suggestions})
}

func (p *IdP) decide(provider string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if msg := p.authorizeParams(q); msg != "" {
			http.Error(w, msg, http.StatusBadRequest)
			return
		}
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		back, _ := url.Parse(q.Get("redirect_uri"))
		bq := back.Query()
		if s := q.Get("state"); s != "" {
			bq.Set("state", s)
		}
		if r.PostForm.Get("decision") == "cancel" {
			bq.Set("error", "access_denied")
			bq.Set("error_description", "The user cancelled the login.")
			back.RawQuery = bq.Encode()
			http.Redirect(w, r, back.String(), http.StatusFound)
			return
		}
		email, name := strings.TrimSpace(r.PostForm.Get("email")), strings.TrimSpace(r.PostForm.Get("name"))
		if pick := r.PostForm.Get("pick"); pick != "" {
			email, name, _ = strings.Cut(pick, "|")
		}
		if !strings.Contains(email, "@") || len(email) > 200 || len(name) > 100 {
			p.render(w, provider, q, "Type an e-mail address (and a name), or pick a test user.")
			return
		}
		email = strings.ToLower(email)
		if name == "" {
			name, _, _ = strings.Cut(email, "@")
		}
		sum := sha256.Sum256([]byte(provider + "\x00" + email))
		u := user{Subject: hex.EncodeToString(sum[:10]), Name: name, Email: email}
		if provider == "facebook" { // Graph ids are digits
			u.Subject = new(big.Int).SetBytes(sum[:8]).String()
		}
		code := random()
		p.mu.Lock()
		for c, g := range p.codes {
			if p.Now().After(g.expires) {
				delete(p.codes, c)
			}
		}
		p.codes[code] = grant{user: u, provider: provider, clientID: q.Get("client_id"), redirectURI: q.Get("redirect_uri"),
			challenge: q.Get("code_challenge"), nonce: q.Get("nonce"), expires: p.Now().Add(time.Minute)}
		p.mu.Unlock()
		bq.Set("code", code)
		back.RawQuery = bq.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	}
}

func tokenError(w http.ResponseWriter, code, desc string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": desc})
}

func (p *IdP) token(provider string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			tokenError(w, "invalid_request", "bad form")
			return
		}
		id, secret, ok := r.BasicAuth()
		if ok {
			id, _ = url.QueryUnescape(id)
			secret, _ = url.QueryUnescape(secret)
		} else {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		want, known := p.Clients[id]
		if !known || subtle.ConstantTimeCompare([]byte(want), []byte(secret)) != 1 {
			w.Header().Set("WWW-Authenticate", `Basic realm="idp"`)
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
			return
		}
		if r.PostForm.Get("grant_type") != "authorization_code" {
			tokenError(w, "unsupported_grant_type", "")
			return
		}
		code := r.PostForm.Get("code")
		p.mu.Lock()
		g, found := p.codes[code]
		delete(p.codes, code) // single use, whatever happens next
		p.mu.Unlock()
		switch {
		case !found || p.Now().After(g.expires) || g.provider != provider:
			tokenError(w, "invalid_grant", "unknown or used code")
			return
		case g.clientID != id || g.redirectURI != r.PostForm.Get("redirect_uri"):
			tokenError(w, "invalid_grant", "client or redirect_uri mismatch")
			return
		case g.challenge != "":
			sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
			if b64(sum[:]) != g.challenge {
				tokenError(w, "invalid_grant", "PKCE verification failed")
				return
			}
		}
		access := random()
		p.mu.Lock()
		if len(p.tokens) > 10000 { // a demo server: forget old tokens rather than grow
			clear(p.tokens)
		}
		p.tokens[access] = g.user
		p.mu.Unlock()
		out := map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600}
		if provider == "google" {
			now := p.Now()
			claims := map[string]any{"iss": p.issuer(r), "sub": g.user.Subject, "aud": id, "azp": id,
				"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "email": g.user.Email, "email_verified": true,
				"name": g.user.Name}
			if g.nonce != "" {
				claims["nonce"] = g.nonce
			}
			if p.Tamper != nil {
				p.Tamper(claims)
			}
			out["id_token"] = p.sign(claims)
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, 200, out)
	}
}

func (p *IdP) bearerUser(r *http.Request) (user, bool) {
	a := r.Header.Get("Authorization")
	tok := ""
	if len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		tok = a[7:]
	} else {
		tok = r.URL.Query().Get("access_token") // the Graph API accepts it in the query
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	u, ok := p.tokens[tok]
	return u, ok
}

func (p *IdP) userinfo(w http.ResponseWriter, r *http.Request) {
	u, ok := p.bearerUser(r)
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
		return
	}
	writeJSON(w, 200, map[string]any{"sub": u.Subject, "email": u.Email, "email_verified": true, "name": u.Name})
}

// me answers like the Graph API's /me?fields=id,name,email.
func (p *IdP) me(w http.ResponseWriter, r *http.Request) {
	u, ok := p.bearerUser(r)
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": map[string]any{"message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190}})
		return
	}
	writeJSON(w, 200, map[string]string{"id": u.Subject, "name": u.Name, "email": u.Email})
}

func (p *IdP) index(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("Palaro test identity provider (demo only). OpenID Connect issuer: " + p.issuer(r) +
		"\nFacebook-style endpoints: " + origin(r) + p.Prefix + "/facebook/{authorize,token,me}\n"))
}

// sign makes a compact RS256 JWT.
func (p *IdP) sign(claims map[string]any) string {
	hdr, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": p.kid})
	body, _ := json.Marshal(claims)
	input := b64(hdr) + "." + b64(body)
	sum := sha256.Sum256([]byte(input))
	key := p.key
	if p.SignWithOtherKey {
		key = p.otherKey
	}
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
	if err != nil {
		panic(err)
	}
	return input + "." + b64(sig)
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func random() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return b64(b[:])
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
