package content

import (
	"context"
	"encoding/json"
	"io"
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

func TestHTTP(t *testing.T) {
	svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clock.NewFixed(now))
	if _, err := svc.Seed(context.Background(), Demo(now)); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	NewHandler(svc).Routes(mux)
	srv := httptest.NewServer(httpx.Edge(mux, slog.New(slog.DiscardHandler), nil))
	defer srv.Close()

	long := strings.Repeat("B,", 30)
	tests := []struct {
		name, path string
		code       int
		errCode    string
		contains   string
	}{
		{"OK", "/wps/relay/announcements?types=B,PL,PU,PR,H&platform=W&execution=B&language=TY", 200, "ok", `"groupName":"w_home"`},
		{"OK/Lowercase", "/wps/relay/announcements?types=pr&platform=w&language=en", 200, "ok", `"announcementImages":[{"url":"/art/promo/101.svg","sequence":1}]`},
		{"OK/NoParams", "/wps/relay/announcements", 200, "ok", `"headline":[`},
		{"OK/OtherLanguageFallsBack", "/wps/relay/announcements?types=H&language=JA", 200, "ok", `New games every Friday`},
		{"ErrInvalidLanguage", "/wps/relay/announcements?language=XX", 400, "request.invalid_language", ""},
		{"ErrInvalidLanguage/Oversize", "/wps/relay/announcements?language=" + strings.Repeat("E", 100), 400, "request.invalid_language", ""},
		{"ErrInvalidTypes", "/wps/relay/announcements?types=B,XX", 400, "request.invalid_param", ""},
		{"ErrInvalidTypes/Oversize", "/wps/relay/announcements?types=" + long, 400, "request.invalid_param", ""},
		{"ErrInvalidTypes/Symbols", "/wps/relay/announcements?types=%3Cscript%3E", 400, "request.invalid_param", ""},
		{"ErrInvalidExecution", "/wps/relay/announcements?execution=Z", 400, "request.invalid_param", ""},
		{"ErrInvalidPlatform", "/wps/relay/announcements?platform=APP", 400, "request.invalid_param", ""},
		{"OK/HelpCenter", "/wps/system/helpCenter?lang=TY&device=WEB", 200, "ok", `"key":"responsible"`},
		{"OK/HelpCenterEN", "/wps/system/helpCenter?language=EN", 200, "ok", `"title":"Terms and Conditions"`},
		{"ErrInvalidLanguage/Help", "/wps/system/helpCenter?lang=klingon", 400, "request.invalid_language", ""},
		{"ErrInvalidDevice", "/wps/system/helpCenter?device=APP", 400, "request.invalid_param", ""},
		{"OK/BannerArt", "/art/banner/1.svg", 200, "", "<svg"},
		{"OK/PromoArt", "/art/promo/101.svg", 200, "", "<svg"},
		{"ErrArtName", "/art/banner/abc.svg", 404, "request.not_found", ""},
		{"ErrArtZero", "/art/promo/0.svg", 404, "request.not_found", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := http.Get(srv.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var env httpx.Envelope
			_ = json.Unmarshal(body, &env)
			if res.StatusCode != tc.code || (tc.errCode != "" && env.Code != tc.errCode) {
				t.Fatalf("got %d %q, want %d %q: %s", res.StatusCode, env.Code, tc.code, tc.errCode, body)
			}
			if !strings.Contains(string(body), tc.contains) {
				t.Fatalf("body lacks %s", tc.contains)
			}
		})
	}
	t.Run("OK/PopupExecutionA", func(t *testing.T) {
		res, _ := http.Get(srv.URL + "/wps/relay/announcements?types=PU&execution=A&language=EN")
		var env struct {
			Value struct {
				Popup []PopupView `json:"popup"`
			} `json:"value"`
		}
		_ = json.NewDecoder(res.Body).Decode(&env)
		res.Body.Close()
		if len(env.Value.Popup) != 1 || env.Value.Popup[0].Execution != "A" {
			t.Fatalf("got %+v", env.Value.Popup)
		}
	})
}
