package devidp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func newServer(t *testing.T) (*IdP, *httptest.Server) {
	t.Helper()
	p := New("/dev/idp", map[string]string{"c1": "s1"})
	mux := http.NewServeMux()
	p.Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return p, srv
}

var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// code runs the authorize form and returns the code sent back.
func code(t *testing.T, srv *httptest.Server, provider, challenge string) string {
	t.Helper()
	q := url.Values{"client_id": {"c1"}, "redirect_uri": {"http://app.test/cb"}, "response_type": {"code"}, "state": {"st"},
		"code_challenge": {challenge}, "code_challenge_method": {"S256"}}
	res, err := noFollow.PostForm(srv.URL+"/dev/idp/"+provider+"/authorize?"+q.Encode(), url.Values{"email": {"Ana@Example.test"}, "decision": {"approve"}})
	if err != nil || res.StatusCode != 302 {
		t.Fatalf("authorize: %v %v", res, err)
	}
	back, _ := url.Parse(res.Header.Get("Location"))
	if back.Query().Get("state") != "st" || back.Query().Get("code") == "" {
		t.Fatalf("redirect %s", back)
	}
	return back.Query().Get("code")
}

func token(srv *httptest.Server, provider, code, verifier, secret string) (int, map[string]any) {
	res, err := http.PostForm(srv.URL+"/dev/idp/"+provider+"/token", url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {"http://app.test/cb"}, "client_id": {"c1"}, "client_secret": {secret}, "code_verifier": {verifier}})
	if err != nil {
		return 0, nil
	}
	defer res.Body.Close()
	var v map[string]any
	_ = json.NewDecoder(res.Body).Decode(&v)
	return res.StatusCode, v
}

func challenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func TestToken(t *testing.T) {
	_, srv := newServer(t)
	v := "verifier-verifier-verifier-verifier-verifier"
	t.Run("OK", func(t *testing.T) {
		st, body := token(srv, "google", code(t, srv, "google", challenge(v)), v, "s1")
		if st != 200 || body["id_token"] == nil || body["access_token"] == nil {
			t.Fatalf("%d %v", st, body)
		}
		// The profile answers for the access token, Graph-style too.
		req, _ := http.NewRequest("GET", srv.URL+"/dev/idp/facebook/me", nil)
		req.Header.Set("Authorization", "Bearer "+body["access_token"].(string))
		res, _ := http.DefaultClient.Do(req)
		var me map[string]string
		_ = json.NewDecoder(res.Body).Decode(&me)
		res.Body.Close()
		if me["email"] != "ana@example.test" || me["id"] == "" {
			t.Fatalf("me %v", me)
		}
	})
	t.Run("ErrPKCE", func(t *testing.T) {
		if st, body := token(srv, "google", code(t, srv, "google", challenge(v)), "another-verifier", "s1"); st != 400 || body["error"] != "invalid_grant" {
			t.Fatalf("%d %v", st, body)
		}
	})
	t.Run("ErrCodeReused", func(t *testing.T) {
		c := code(t, srv, "facebook", challenge(v))
		if st, _ := token(srv, "facebook", c, v, "s1"); st != 200 {
			t.Fatal("first use refused")
		}
		if st, _ := token(srv, "facebook", c, v, "s1"); st != 400 {
			t.Fatal("code used twice")
		}
	})
	t.Run("ErrSecret", func(t *testing.T) {
		if st, _ := token(srv, "google", code(t, srv, "google", challenge(v)), v, "wrong"); st != 401 {
			t.Fatalf("wrong secret: %d", st)
		}
	})
	t.Run("Cancel", func(t *testing.T) {
		q := url.Values{"client_id": {"c1"}, "redirect_uri": {"http://app.test/cb"}, "response_type": {"code"}, "state": {"st"}}
		res, _ := noFollow.PostForm(srv.URL+"/dev/idp/google/authorize?"+q.Encode(), url.Values{"decision": {"cancel"}})
		if loc := res.Header.Get("Location"); !strings.Contains(loc, "error=access_denied") || !strings.Contains(loc, "state=st") {
			t.Fatalf("%s", loc)
		}
	})
	t.Run("ErrUnknownClient", func(t *testing.T) {
		res, _ := http.Get(srv.URL + "/dev/idp/google/authorize?client_id=nope&redirect_uri=http://x.test/&response_type=code")
		if res.StatusCode != 400 {
			t.Fatalf("%d", res.StatusCode)
		}
	})
}
