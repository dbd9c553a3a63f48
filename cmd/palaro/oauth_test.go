package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoOAuth drives the demo's Google button through the real server:
// the test identity provider is mounted at /dev/idp/ and reached in
// process for the back channel; without demo mode it is not mounted.
func TestDemoOAuth(t *testing.T) {
	t.Parallel()
	m := startMain(t, db.SQLite, true)
	base := "http://" + m.Addr()
	if code, body := get(t, m, "/wps/oauth/providers"); code != 200 || !strings.Contains(body, `"google"`) || !strings.Contains(body, `"facebook"`) {
		t.Fatalf("providers: %d %s", code, body)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, provider := range []string{"google", "facebook"} {
		res, err := c.Get(base + "/wps/oauth/" + provider + "/start?returnTo=/")
		if err != nil || res.StatusCode != 302 {
			t.Fatalf("start: %v %v", res, err)
		}
		auth := res.Header.Get("Location")
		if !strings.HasPrefix(auth, base+"/dev/idp/"+provider+"/authorize?") {
			t.Fatalf("authorize at %s", auth)
		}
		page, _ := c.Get(auth)
		b, _ := io.ReadAll(page.Body)
		page.Body.Close()
		if !strings.Contains(string(b), "Palaro test identity provider") || !strings.Contains(string(b), "DEMO ONLY") {
			t.Fatalf("idp page: %s", b)
		}
		res, err = c.PostForm(auth, url.Values{"pick": {"juan@palaro.test|Juan Dela Cruz"}})
		if err != nil || res.StatusCode != 302 {
			t.Fatalf("approve: %v %v", res, err)
		}
		res, err = c.Get(res.Header.Get("Location"))
		if err != nil || res.StatusCode != 302 || !strings.HasPrefix(res.Header.Get("Location"), "/#oauthLink=") {
			t.Fatalf("callback: %v %v", res.Header.Get("Location"), err)
		}
		frag, _ := url.ParseQuery(strings.TrimPrefix(res.Header.Get("Location"), "/#"))
		reg, err := http.Post(base+"/wps/oauth/register", "application/json", strings.NewReader(`{"ticket":"`+frag.Get("oauthLink")+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Code  string `json:"code"`
			Value struct {
				Token string `json:"token"`
			} `json:"value"`
		}
		_ = json.NewDecoder(reg.Body).Decode(&env)
		reg.Body.Close()
		if reg.StatusCode != 200 || env.Value.Token == "" {
			t.Fatalf("register: %d %+v", reg.StatusCode, env)
		}
	}

	plain := startMain(t, db.SQLite, false)
	if _, body := get(t, plain, "/dev/idp/google/.well-known/openid-configuration"); strings.Contains(body, "jwks_uri") {
		t.Fatal("test identity provider mounted outside demo mode")
	}
}
