package main

import (
	"maps"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/devidp"
)

// wireOAuth serves third-party login (docs/accounts.md, "Third-party
// login"). Each provider's client secret comes from PALARO_OAUTH_<ID>_SECRET
// or PALARO_OAUTH_<ID>_SECRET_FILE, never from the brand document. In demo
// mode only, the Palaro test identity provider is mounted at /dev/idp/ and
// stands in for Google and Facebook.
func (m *Main) wireOAuth(mux *http.ServeMux, accounts *account.Service, clientIP func(*http.Request) string, wrap func(string, http.Handler) http.Handler) {
	settings := account.OAuthSettings{Secrets: map[string]string{}, TrustProxy: m.Config.TrustedProxy}
	maps.Copy(settings.Secrets, m.Config.OAuthSecrets)
	if m.Config.Demo {
		idp := devidp.New("/dev/idp", map[string]string{"palaro-demo-google": devidp.DemoSecret, "palaro-demo-facebook": devidp.DemoSecret})
		idp.Routes(mux)
		own := http.NewServeMux() // back-channel calls reach it in process
		idp.Routes(own)
		settings.SelfHosted = own
		for _, id := range devidp.Providers {
			if settings.Secrets[id] == "" {
				settings.Secrets[id] = devidp.DemoSecret
			}
		}
		m.Logger.Info("demo: test identity provider mounted", "path", "/dev/idp/")
	}
	h := account.NewOAuthHandler(account.NewOAuth(accounts, settings), clientIP)
	h.Wrap = wrap
	h.Routes(mux)
}
