package brand

import (
	"fmt"
	"regexp"
	"strings"
)

// OAuthProvider configures one third-party login (spec section 2: Google
// and Facebook). It lives in the private part of the brand: the browser only
// learns which providers are usable (GET /wps/oauth/providers). The client
// secret is never stored here: the server reads PALARO_OAUTH_<ID>_SECRET
// (or its _FILE variant) from the environment.
//
// Kind "oidc" discovers endpoints from Issuer (Google:
// https://accounts.google.com) and verifies the ID token; kind "facebook"
// uses AuthURL and TokenURL and reads the profile from UserInfoURL (the
// Graph API's /me). URLs may be site paths ("/dev/idp/google"): they are
// resolved against the origin the browser used, which is how the demo's
// test identity provider stands in for both.
type OAuthProvider struct {
	ID          string   `json:"id"`   // "google", "facebook", or another lower-case name
	Kind        string   `json:"kind"` // "oidc" or "facebook"
	ClientID    string   `json:"clientId"`
	Issuer      string   `json:"issuer,omitempty"`
	AuthURL     string   `json:"authUrl,omitempty"`
	TokenURL    string   `json:"tokenUrl,omitempty"`
	UserInfoURL string   `json:"userInfoUrl,omitempty"`
	Scopes      []string `json:"scopes,omitempty"`
	// RedirectURL is the absolute callback registered with the provider;
	// empty means <origin>/wps/oauth/<id>/callback from the request.
	RedirectURL string `json:"redirectUrl,omitempty"`
}

var providerIDRE = regexp.MustCompile(`^[a-z][a-z0-9]{1,15}$`)

// validateOAuth checks the provider list of a brand document.
func validateOAuth(list []OAuthProvider) error {
	seen := map[string]bool{}
	for _, p := range list {
		if !providerIDRE.MatchString(p.ID) || seen[p.ID] {
			return fmt.Errorf("oauth provider id %q must be 2-16 lower-case letters or digits, unique", p.ID)
		}
		seen[p.ID] = true
		if p.ClientID == "" || len(p.ClientID) > 256 {
			return fmt.Errorf("oauth %s: clientId is required", p.ID)
		}
		urls := map[string]string{"redirectUrl": p.RedirectURL}
		switch p.Kind {
		case "oidc":
			if p.Issuer == "" {
				return fmt.Errorf("oauth %s: an oidc provider needs issuer", p.ID)
			}
			urls["issuer"] = p.Issuer
		case "facebook":
			if p.AuthURL == "" || p.TokenURL == "" || p.UserInfoURL == "" {
				return fmt.Errorf("oauth %s: a facebook provider needs authUrl, tokenUrl and userInfoUrl", p.ID)
			}
			urls["authUrl"], urls["tokenUrl"], urls["userInfoUrl"] = p.AuthURL, p.TokenURL, p.UserInfoURL
		default:
			return fmt.Errorf("oauth %s: kind must be oidc or facebook", p.ID)
		}
		for name, u := range urls {
			if u == "" {
				continue
			}
			if err := checkURL(u); err != nil {
				return fmt.Errorf("oauth %s %s: %v", p.ID, name, err)
			}
		}
		if p.RedirectURL != "" && !strings.HasPrefix(p.RedirectURL, "http") {
			return fmt.Errorf("oauth %s: redirectUrl must be absolute", p.ID)
		}
		for _, s := range p.Scopes {
			if s == "" || strings.ContainsAny(s, " \t\n") {
				return fmt.Errorf("oauth %s: scope %q", p.ID, s)
			}
		}
	}
	return nil
}

// Provider returns the configured provider called id.
func (c *Config) Provider(id string) (OAuthProvider, bool) {
	for _, p := range c.OAuth {
		if p.ID == id {
			return p, true
		}
	}
	return OAuthProvider{}, false
}

// DemoOAuth points Google and Facebook at the Palaro test identity provider
// that PALARO_DEMO=1 mounts at /dev/idp/ (never mounted otherwise).
func DemoOAuth() []OAuthProvider {
	return []OAuthProvider{
		{ID: "google", Kind: "oidc", ClientID: "palaro-demo-google", Issuer: "/dev/idp/google"},
		{ID: "facebook", Kind: "facebook", ClientID: "palaro-demo-facebook", AuthURL: "/dev/idp/facebook/authorize",
			TokenURL: "/dev/idp/facebook/token", UserInfoURL: "/dev/idp/facebook/me"},
	}
}
