package brand

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
)

func newServer(t *testing.T, edge Edge, mutate func(*Config)) *httptest.Server {
	t.Helper()
	svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clock.System{})
	c := Demo()
	if mutate != nil {
		mutate(&c)
	}
	if err := svc.Import(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	NewHandler(svc, edge).Routes(mux)
	mux.HandleFunc("GET /art/game/{file}", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("game " + r.PathValue("file"))) })
	CDNAlias(mux, "/cdn/a", "/cdn/b")
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(httpx.Edge(mux, slog.New(slog.DiscardHandler), nil))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, srv *httptest.Server, path string, headers map[string]string) (int, httpx.Envelope, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	var env httpx.Envelope
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		_ = json.Unmarshal([]byte(b.String()), &env)
	}
	if res.StatusCode == http.StatusFound {
		return res.StatusCode, env, res.Header.Get("Location")
	}
	return res.StatusCode, env, b.String()
}

func statusOf(t *testing.T, env httpx.Envelope) Status {
	t.Helper()
	raw, _ := json.Marshal(env.Value)
	var st Status
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestHTTPStatus(t *testing.T) {
	trusted := Edge{TrustedProxy: true, CountryHeader: "CF-IPCountry"}
	untrusted := Edge{CountryHeader: "CF-IPCountry"}
	tests := []struct {
		name    string
		edge    Edge
		mutate  func(*Config)
		headers map[string]string
		want    int
		country string
	}{
		{"OK", untrusted, nil, nil, StatusNormal, ""},
		{"OK/CountryHeaderNotTrusted", untrusted, nil, map[string]string{"CF-IPCountry": "US"}, StatusNormal, ""},
		{"Region/CountryHeaderTrusted", trusted, nil, map[string]string{"CF-IPCountry": "US"}, StatusRegion, "US"},
		{"OK/TrustedOtherCountry", trusted, nil, map[string]string{"CF-IPCountry": "PH"}, StatusNormal, "PH"},
		{"Region/BlockedCIDRFromXFF", trusted, func(c *Config) { c.Region.BlockedCIDRs = []string{"192.0.2.0/24"} },
			map[string]string{"X-Forwarded-For": "192.0.2.10"}, StatusRegion, ""},
		{"OK/XFFNotTrusted", untrusted, func(c *Config) { c.Region.BlockedCIDRs = []string{"192.0.2.0/24"} },
			map[string]string{"X-Forwarded-For": "192.0.2.10"}, StatusNormal, ""},
		{"Region/SocketCIDR", untrusted, func(c *Config) { c.Region.BlockedCIDRs = []string{"127.0.0.0/8"} }, nil, StatusRegion, ""},
		{"OK/AllowedCIDROverrides", trusted, func(c *Config) { c.Region.AllowedCIDRs = []string{"203.0.113.0/24"} },
			map[string]string{"X-Forwarded-For": "203.0.113.7", "CF-IPCountry": "US"}, StatusNormal, "US"},
		{"Maintenance/WinsOverRegion", trusted, func(c *Config) { c.Maintenance = true },
			map[string]string{"CF-IPCountry": "US"}, StatusMaintenance, "US"},
		{"OK/CustomCountryHeader", Edge{TrustedProxy: true, CountryHeader: "X-Country"}, nil,
			map[string]string{"X-Country": "KP", "CF-IPCountry": "PH"}, StatusRegion, "KP"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, tc.edge, tc.mutate)
			code, env, _ := get(t, srv, "/wps/system/status", tc.headers)
			if code != 200 || !env.Success {
				t.Fatalf("status %d %+v", code, env)
			}
			st := statusOf(t, env)
			if st.Status != tc.want || st.Location.Country != tc.country {
				t.Fatalf("got status %d country %q, want %d %q", st.Status, st.Location.Country, tc.want, tc.country)
			}
			if st.Info.MerchantCode != "PALARO_DEMO" || st.Info.CustomerService[0].Target != "" || st.Location.IP == "" {
				t.Fatalf("info %+v", st.Info.CustomerService)
			}
		})
	}
}

func TestHTTPSystem(t *testing.T) {
	srv := newServer(t, Edge{}, nil)
	tests := []struct {
		name, path string
		code       int
		errCode    string
		contains   string
	}{
		{"OK/Whitelabel", "/wps/system/whitelabel", 200, "ok", `"modId":"MOBILEVERCODELOGIN3"`},
		{"OK/Register", "/wps/system/setting/register", 200, "ok", `"patternId":"LETTER_FIRST"`},
		{"OK/DomainRoute", "/wps/system/domainRoute", 200, "ok", `"type":"MAIN"`},
		{"OK/CustomerServiceRedirect", "/cs/cs-b41d0e88", 302, "", "https://t.me/palaro_demo_support"},
		{"ErrUnknownService", "/cs/cs-nope", 404, "brand.unknown_service", ""},
		{"ErrBadToken", "/cs/" + strings.Repeat("a", 80), 400, "request.invalid_param", ""},
		{"OK/Logo", "/art/brand/logo.svg", 200, "", "<svg"},
		{"OK/LogoLight", "/art/brand/logo-light.svg", 200, "", "#7A4C02"},
		{"OK/Favicon", "/art/brand/favicon.svg", 200, "", "<svg"},
		{"OK/QR", "/art/qr/Android.svg", 200, "", `shape-rendering="crispEdges"`},
		{"ErrNoResource", "/art/qr/TWITTER.svg", 404, "brand.unknown_resource", ""},
		{"ErrQRName", "/art/qr/Android.png", 404, "request.not_found", ""},
		{"OK/CDNAliasBrand", "/cdn/a/art/brand/logo.svg", 200, "", "<svg"},
		{"OK/CDNAliasGame", "/cdn/b/art/game/7.svg", 200, "", "game 7.svg"},
		{"ErrCDNAliasNotArt", "/cdn/a/wps/system/status", 404, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, env, body := get(t, srv, tc.path, nil)
			if code != tc.code || (tc.errCode != "" && env.Code != tc.errCode) {
				t.Fatalf("got %d %q, want %d %q", code, env.Code, tc.code, tc.errCode)
			}
			if tc.contains != "" {
				if raw, _ := json.Marshal(env.Value); !strings.Contains(body, tc.contains) && !strings.Contains(string(raw), tc.contains) {
					t.Fatalf("body lacks %s", tc.contains)
				}
			}
		})
	}
	t.Run("OK/WhitelabelHasEverySwitch", func(t *testing.T) {
		_, env, body := get(t, srv, "/wps/system/whitelabel", nil)
		_ = env
		for _, id := range RequiredSwitches {
			if !strings.Contains(body, `"modId":"`+id+`"`) {
				t.Errorf("missing %s", id)
			}
		}
	})
}
