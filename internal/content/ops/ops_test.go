package contentops_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/content"
	contentops "github.com/palaro/palaro/internal/content/ops"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// fakeOps authenticates "Bearer <ROLE>" as an operator of that role.
type fakeOps struct{}

func (fakeOps) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	r := operator.Role(token)
	if !r.Valid() {
		return operator.Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	return operator.Caller{ID: 7, Role: r}, nil
}

type row struct {
	action, target string
	before, after  any
}

type auditLog struct {
	mu   sync.Mutex
	rows []row
}

func (a *auditLog) AuditChange(_ context.Context, _ operator.Caller, action, targetType, targetID, _ string, before, after any) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.rows = append(a.rows, row{action, targetType + ":" + targetID, before, after})
	return nil
}

func (a *auditLog) last() row {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.rows[len(a.rows)-1]
}

type site struct {
	mux   *http.ServeMux
	svc   *content.Service
	other *content.Service // a second instance on the same database
	clock *clock.Fixed
	audit *auditLog
}

var start = time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC)

func newSite(t *testing.T, d *db.DB) *site {
	t.Helper()
	clk := clock.NewFixed(start)
	s := &site{mux: http.NewServeMux(), svc: content.NewService(content.NewStore(d), clk), other: content.NewService(content.NewStore(d), clk),
		clock: clk, audit: &auditLog{}}
	if _, err := s.svc.Seed(context.Background(), content.Demo(start)); err != nil {
		t.Fatal(err)
	}
	contentops.NewHandler(s.svc, fakeOps{}, s.audit).Routes(s.mux)
	content.NewHandler(s.svc).Routes(s.mux)
	return s
}

type answer struct {
	status int
	code   string
	value  json.RawMessage
}

func (s *site) req(req *http.Request, role string) answer {
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+role)
	}
	rec := httptest.NewRecorder()
	s.mux.ServeHTTP(rec, req)
	var env struct {
		Code  string          `json:"code"`
		Value json.RawMessage `json:"value"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return answer{rec.Code, env.Code, env.Value}
}

func (s *site) do(method, path, role string, body any) answer {
	raw := ""
	if body != nil {
		b, _ := json.Marshal(body)
		raw = string(b)
	}
	req := httptest.NewRequest(method, path, strings.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	return s.req(req, role)
}

func (s *site) upload(t *testing.T, name string, data []byte) answer {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("image", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/ops/v1/content/images", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return s.req(req, "CONTENT")
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// homeBanners is what the storefront of one instance shows on home.
func homeBanners(t *testing.T, svc *content.Service, lang string) []content.BannerView {
	t.Helper()
	v, err := svc.Announcements(context.Background(), content.Query{Types: []string{content.TypeBanner}, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	var out []content.BannerView
	for _, b := range v["banners"].([]content.BannerView) {
		if b.GroupName == "w_home" {
			out = append(out, b)
		}
	}
	return out
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBanners(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		before := homeBanners(t, s.other, "EN")

		// Upload a picture, then create a banner with it.
		up := s.upload(t, "slide.png", pngBytes(t, 1200, 400))
		if up.status != 200 {
			t.Fatalf("upload %d %s", up.status, up.code)
		}
		url := decode[map[string]string](t, up.value)["url"]
		if !strings.HasPrefix(url, content.ImagePath) || !strings.HasSuffix(url, ".png") {
			t.Fatalf("url %q", url)
		}
		img := httptest.NewRecorder()
		s.mux.ServeHTTP(img, httptest.NewRequest("GET", url, nil))
		if img.Code != 200 || img.Header().Get("Content-Type") != "image/png" || img.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("serve %d %v", img.Code, img.Header())
		}

		body := map[string]any{"groupName": "w_home", "title": map[string]string{"EN": "Night market", "TY": "Palengke sa gabi"},
			"url": url, "linkageType": "ROUTE", "linkTarget": "/promotions"}
		if a := s.do("POST", "/ops/v1/content/banners", "SUPPORT", body); a.status != 403 {
			t.Fatalf("support may not write: %d", a.status)
		}
		if a := s.do("GET", "/ops/v1/content", "VIEWER", nil); a.status != 403 {
			t.Fatalf("viewer may not read the editor's list: %d", a.status)
		}
		a := s.do("POST", "/ops/v1/content/banners", "CONTENT", body)
		if a.status != 200 {
			t.Fatalf("create %d %s", a.status, a.code)
		}
		created := decode[content.Banner](t, a.value)
		if created.ID <= 10 || created.Sequence != len(before)+1 {
			t.Fatalf("created %+v", created)
		}
		if r := s.audit.last(); r.action != "content.banner.create" || r.before != nil || r.after.(content.Banner).ID != created.ID {
			t.Fatalf("audit %+v", r)
		}

		// Another instance shows it within RefreshEvery, in the asked language.
		s.clock.Advance(content.RefreshEvery)
		got := homeBanners(t, s.other, "TY")
		if len(got) != len(before)+1 || got[len(got)-1].Title != "Palengke sa gabi" || got[len(got)-1].URL != url {
			t.Fatalf("other instance: %+v", got)
		}

		// Move it first, switch it off, schedule it.
		ids := []int64{created.ID}
		for _, b := range before {
			ids = append(ids, b.ID)
		}
		if a := s.do("PUT", "/ops/v1/content/banner-order", "CONTENT", map[string]any{"group": "w_home", "ids": ids[:2]}); a.code != "content.order_mismatch" {
			t.Fatalf("partial order: %d %s", a.status, a.code)
		}
		if a := s.do("PUT", "/ops/v1/content/banner-order", "CONTENT", map[string]any{"group": "w_home", "ids": ids}); a.status != 200 {
			t.Fatalf("order %d %s", a.status, a.code)
		}
		s.clock.Advance(content.RefreshEvery)
		if got := homeBanners(t, s.other, "EN"); got[0].ID != created.ID {
			t.Fatalf("order not seen: %+v", got[0])
		}
		body["active"] = false
		if a := s.do("PUT", "/ops/v1/content/banners/"+itoa(created.ID), "CONTENT", body); a.status != 200 {
			t.Fatalf("switch off %d %s", a.status, a.code)
		}
		r := s.audit.last()
		if r.action != "content.banner.update" || r.before.(content.Banner).Disabled || !r.after.(content.Banner).Disabled ||
			r.after.(content.Banner).Sequence != 1 {
			t.Fatalf("audit %+v", r)
		}
		s.clock.Advance(content.RefreshEvery)
		if got := homeBanners(t, s.other, "EN"); len(got) != len(before) {
			t.Fatalf("switched-off banner shown: %d", len(got))
		}
		body["active"] = true
		body["startTime"] = start.Add(time.Hour).UnixMilli()
		if a := s.do("PUT", "/ops/v1/content/banners/"+itoa(created.ID), "CONTENT", body); a.status != 200 {
			t.Fatalf("schedule %d %s", a.status, a.code)
		}
		s.clock.Advance(content.RefreshEvery)
		if got := homeBanners(t, s.other, "EN"); len(got) != len(before) {
			t.Fatal("banner shown before its start")
		}
		s.clock.Advance(time.Hour)
		if got := homeBanners(t, s.other, "EN"); len(got) != len(before)+1 {
			t.Fatal("banner not shown after its start")
		}

		// Delete.
		if a := s.do("DELETE", "/ops/v1/content/banners/"+itoa(created.ID), "CONTENT", nil); a.status != 200 {
			t.Fatalf("delete %d %s", a.status, a.code)
		}
		if r := s.audit.last(); r.action != "content.banner.delete" || r.after != nil {
			t.Fatalf("audit %+v", r)
		}
		if a := s.do("DELETE", "/ops/v1/content/banners/"+itoa(created.ID), "CONTENT", nil); a.status != 404 || a.code != "content.not_found" {
			t.Fatalf("delete again %d %s", a.status, a.code)
		}
	})
}

func itoa(n int64) string {
	return strings.TrimSpace(strings.Replace(string(mustJSON(n)), `"`, "", -1))
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// TestBadInput: each bad request answers its code and changes nothing.
func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		v0, _ := s.svc.All(ctx)
		ok := map[string]any{"type": "PL", "title": map[string]string{"EN": "a", "TY": "b"}, "content": map[string]string{"EN": "<p>a</p>", "TY": "<p>b</p>"}}
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for kk, vv := range ok {
				m[kk] = vv
			}
			m[k] = v
			return m
		}
		banner := map[string]any{"groupName": "w_home", "title": map[string]string{"EN": "a", "TY": "b"}, "url": "/art/banner/1.svg", "linkageType": "NONE"}
		bannerWith := func(k string, v any) map[string]any {
			m := map[string]any{}
			for kk, vv := range banner {
				m[kk] = vv
			}
			m[k] = v
			return m
		}
		for name, tc := range map[string]struct {
			method, path string
			body         any
			status       int
			code         string
		}{
			"unknown field":      {"POST", "/ops/v1/content/announcements", with("colour", "red"), 400, ""},
			"not JSON":           {"POST", "/ops/v1/content/announcements", "[", 400, ""},
			"TY missing":         {"POST", "/ops/v1/content/announcements", with("title", map[string]string{"EN": "a"}), 400, "content.language_missing"},
			"both missing":       {"POST", "/ops/v1/content/announcements", with("content", map[string]string{"JA": "x"}), 400, "content.language_missing"},
			"unknown language":   {"POST", "/ops/v1/content/announcements", with("title", map[string]string{"EN": "a", "TY": "b", "ZZ": "c"}), 400, "content.language_unknown"},
			"end before start":   {"POST", "/ops/v1/content/announcements", with("endTime", -5), 400, "content.schedule_invalid"},
			"popup no execution": {"POST", "/ops/v1/content/announcements", with("type", "PU"), 400, "content.invalid"},
			"title too long":     {"POST", "/ops/v1/content/announcements", with("title", map[string]string{"EN": strings.Repeat("x", 301), "TY": "b"}), 400, "content.too_long"},
			"promo no image":     {"POST", "/ops/v1/content/announcements", with("type", "PR"), 400, "content.language_missing"},
			"bad link":           {"POST", "/ops/v1/content/banners", bannerWith("linkageType", "URL"), 400, "content.link_invalid"},
			"bad image":          {"POST", "/ops/v1/content/banners", bannerWith("url", "javascript:x"), 400, "content.image_invalid"},
			"banner schedule":    {"POST", "/ops/v1/content/banners", bannerWith("endTime", -1), 400, "content.schedule_invalid"},
			"unknown group":      {"POST", "/ops/v1/content/banners", bannerWith("groupName", "w_x"), 400, "content.invalid"},
			"no banner":          {"PUT", "/ops/v1/content/banners/999999", banner, 404, "content.not_found"},
			"bad id":             {"PUT", "/ops/v1/content/banners/x", banner, 404, "content.not_found"},
			"no announcement":    {"DELETE", "/ops/v1/content/announcements/999999", nil, 404, "content.not_found"},
			"unknown help key":   {"PUT", "/ops/v1/content/help/jobs", map[string]any{"title": map[string]string{"EN": "a", "TY": "b"}, "content": map[string]string{"EN": "a", "TY": "b"}}, 404, "content.not_found"},
			"upload as JSON":     {"POST", "/ops/v1/content/images", map[string]any{}, 400, "request.invalid_form"},
		} {
			t.Run(name, func(t *testing.T) {
				var a answer
				if raw, isRaw := tc.body.(string); isRaw {
					req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(raw))
					req.Header.Set("Content-Type", "application/json")
					a = s.req(req, "CONTENT")
				} else {
					a = s.do(tc.method, tc.path, "CONTENT", tc.body)
				}
				if a.status != tc.status || (tc.code != "" && a.code != tc.code) {
					t.Fatalf("%d %s, want %d %s", a.status, a.code, tc.status, tc.code)
				}
			})
		}
		// A text file named .png, and a PNG header over garbage, are refused.
		if a := s.upload(t, "notes.png", []byte("just some text, not a picture")); a.status != 400 || a.code != "upload.wrong_type" {
			t.Fatalf("text as png: %d %s", a.status, a.code)
		}
		if a := s.upload(t, "fake.png", append([]byte("\x89PNG\r\n\x1a\n"), "garbage"...)); a.status != 400 || a.code != "content.image_unreadable" {
			t.Fatalf("fake png: %d %s", a.status, a.code)
		}
		if v1, _ := s.svc.All(ctx); v1.Version != v0.Version || len(s.audit.rows) != 0 {
			t.Fatalf("bad input changed something: version %d -> %d, %d audit rows", v0.Version, v1.Version, len(s.audit.rows))
		}
	})
}

func TestAnnouncementsAndHelp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		notice := map[string]any{"type": "PL", "title": map[string]string{"EN": "Lantern festival", "TY": "Pista ng parol", "JA": " "},
			"content": map[string]string{"EN": `<p onclick="x()">Come <script>alert(1)</script><b>tonight</b></p>`, "TY": "<p>Halina <b>ngayong gabi</b></p>"}}
		a := s.do("POST", "/ops/v1/content/announcements", "ADMIN", notice)
		if a.status != 200 {
			t.Fatalf("create %d %s", a.status, a.code)
		}
		created := decode[content.Announcement](t, a.value)
		if created.Content["EN"] != "<p>Come <b>tonight</b></p>" || created.PublishedAt != start.UnixMilli() || created.Title["JA"] != "" {
			t.Fatalf("created %+v", created)
		}
		s.clock.Advance(content.RefreshEvery)
		v, _ := s.other.Announcements(ctx, content.Query{Types: []string{"PL"}, Language: "TY"})
		list := v["player"].([]content.PlayerView)
		found := false
		for _, p := range list {
			found = found || (p.ID == created.ID && p.Title == "Pista ng parol")
		}
		if !found {
			t.Fatalf("notice not on the other instance in TY: %+v", list)
		}

		// A popup keeps its type; a promotion needs a picture; help sections are edited by key.
		popup := map[string]any{"type": "PU", "execution": "F", "title": map[string]string{"EN": "Hi", "TY": "Kumusta"},
			"content": map[string]string{"EN": "<p>Welcome</p>", "TY": "<p>Maligayang pagdating</p>"}}
		a = s.do("POST", "/ops/v1/content/announcements", "CONTENT", popup)
		p := decode[content.Announcement](t, a.value)
		popup["type"] = "PL"
		popup["execution"] = "A"
		a = s.do("PUT", "/ops/v1/content/announcements/"+itoa(p.ID), "CONTENT", popup)
		if got := decode[content.Announcement](t, a.value); a.status != 200 || got.Type != "PU" || got.Execution != "A" {
			t.Fatalf("popup update %d %s %+v", a.status, a.code, got)
		}
		promo := map[string]any{"type": "PR", "category": "EVENT", "title": map[string]string{"EN": "P", "TY": "P"},
			"summary": map[string]string{"EN": "s", "TY": "s"}, "content": map[string]string{"EN": "c", "TY": "c"},
			"announcementImages": []map[string]any{{"url": "/art/promo/1.svg", "sequence": 1}}}
		if a := s.do("POST", "/ops/v1/content/announcements", "CONTENT", promo); a.status != 200 {
			t.Fatalf("promotion %d %s", a.status, a.code)
		}
		help := map[string]any{"sort": 2, "title": map[string]string{"EN": "Terms", "TY": "Mga Tuntunin"}, "content": map[string]string{"EN": "<p>New terms</p>", "TY": "<p>Bagong tuntunin</p>"}}
		if a := s.do("PUT", "/ops/v1/content/help/term", "CONTENT", help); a.status != 200 {
			t.Fatalf("help %d %s", a.status, a.code)
		}
		if r := s.audit.last(); r.action != "content.help.update" || r.before == nil || r.after.(content.HelpSection).Content["EN"] != "<p>New terms</p>" {
			t.Fatalf("audit %+v", r)
		}
		s.clock.Advance(content.RefreshEvery)
		sections, _ := s.other.HelpCenter(ctx, "EN")
		for _, h := range sections {
			if h.Key == "term" && h.Content != "<p>New terms</p>" {
				t.Fatalf("help not on the other instance: %+v", h)
			}
		}
		if a := s.do("POST", "/ops/v1/content/preview", "CONTENT", map[string]string{"html": `<img src="javascript:x"><a href="https://x.example">x</a>`}); a.status != 200 ||
			decode[map[string]string](t, a.value)["html"] != `<img><a href="https://x.example" rel="noopener noreferrer" target="_blank">x</a>` {
			t.Fatalf("preview %d %s", a.status, a.value)
		}
	})
}
