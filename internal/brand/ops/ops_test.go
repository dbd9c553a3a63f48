package brandops_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	brandops "github.com/palaro/palaro/internal/brand/ops"
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
	action string
	detail map[string]any
}

type auditLog struct {
	mu   sync.Mutex
	rows []row
}

func (a *auditLog) Audit(_ context.Context, _ operator.Caller, action, _ string, detail map[string]any) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.rows = append(a.rows, row{action, detail})
	return nil
}

type site struct {
	mux   *http.ServeMux
	svc   *brand.Service
	other *brand.Service // a second instance's view of the same database
	clock *clock.Fixed
	audit *auditLog
}

func newSite(t *testing.T, d *db.DB) *site {
	t.Helper()
	clk := clock.NewFixed(time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC))
	s := &site{mux: http.NewServeMux(), svc: brand.NewService(brand.NewStore(d), clk), other: brand.NewService(brand.NewStore(d), clk),
		clock: clk, audit: &auditLog{}}
	if _, err := s.svc.Seed(context.Background(), brand.Demo()); err != nil {
		t.Fatal(err)
	}
	brandops.NewHandler(s.svc, fakeOps{}, s.audit).Routes(s.mux)
	brand.NewHandler(s.svc, brand.Edge{}).Routes(s.mux)
	return s
}

func (s *site) do(method, path, role string, body any) (int, map[string]any) {
	var rd *strings.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = strings.NewReader(string(raw))
	} else {
		rd = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, rd)
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+role)
	}
	rec := httptest.NewRecorder()
	s.mux.ServeHTTP(rec, req)
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	if env.Value == nil {
		env.Value = map[string]any{}
	}
	env.Value["_code"] = env.Code
	return rec.Code, env.Value
}

func TestBrandOps(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d)
		code, doc := s.do("GET", "/ops/v1/brand", "VIEWER", nil)
		if code != 200 || doc["version"] == nil {
			t.Fatalf("get %d %v", code, doc)
		}
		version := int64(doc["version"].(float64))
		cfg := doc["config"].(map[string]any)
		if st, _ := s.other.Status(ctx, brand.Client{IP: netip.MustParseAddr("198.51.100.1"), Country: "PH"}); st.Maintenance {
			t.Fatal("maintenance before the switch")
		}

		cfg["brandName"] = "Palaro Prime"
		body := map[string]any{"version": version, "config": cfg, "reason": "rebrand"}
		if code, v := s.do("PUT", "/ops/v1/brand", "FINANCE", body); code != 403 {
			t.Fatalf("finance may not write: %d %v", code, v)
		}
		code, v := s.do("PUT", "/ops/v1/brand", "ADMIN", body)
		if code != 200 || int64(v["version"].(float64)) <= version {
			t.Fatalf("put %d %v", code, v)
		}
		if a := s.audit.rows; len(a) != 1 || a[0].action != "brand.update" || len(a[0].detail["changed"].([]string)) != 1 ||
			a[0].detail["after"].(map[string]any)["brandName"] != "Palaro Prime" || a[0].detail["before"].(map[string]any)["brandName"] == "Palaro Prime" {
			t.Fatalf("audit %+v", a)
		}
		// The same version again: someone changed it meanwhile.
		if code, v := s.do("PUT", "/ops/v1/brand", "ADMIN", body); code != 409 || v["_code"] != "brand.version_conflict" {
			t.Fatalf("stale version %d %v", code, v)
		}
		// Another instance sees the change within brand.RefreshEvery.
		s.clock.Advance(brand.RefreshEvery)
		if c, _ := s.other.Current(ctx); c.BrandName != "Palaro Prime" {
			t.Fatalf("other instance: %q", c.BrandName)
		}

		// Bad input changes nothing.
		_, doc = s.do("GET", "/ops/v1/brand", "ADMIN", nil)
		version = int64(doc["version"].(float64))
		cfg = doc["config"].(map[string]any)
		for name, b := range map[string]any{
			"no reason":        map[string]any{"version": version, "config": cfg},
			"invalid config":   map[string]any{"version": version, "config": map[string]any{"platform": "APP"}, "reason": "test"},
			"unknown field":    map[string]any{"version": version, "config": merge(cfg, "surprise", 1), "reason": "test"},
			"config not there": map[string]any{"version": version, "reason": "test"},
			"bad window":       map[string]any{"version": version, "config": merge(cfg, "maintenanceWindows", []any{map[string]any{"from": 10, "to": 5}}), "reason": "test"},
		} {
			if code, v := s.do("PUT", "/ops/v1/brand", "ADMIN", b); code != 400 {
				t.Errorf("%s: %d %v", name, code, v)
			}
		}
		if _, after := s.do("GET", "/ops/v1/brand", "ADMIN", nil); int64(after["version"].(float64)) != version {
			t.Fatal("a refused change moved the version")
		}

		// Parallel saves of one version: exactly one wins.
		var wg sync.WaitGroup
		results := make([]int, 8)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], _ = s.do("PUT", "/ops/v1/brand", "ADMIN", map[string]any{"version": version, "config": merge(cfg, "brandName", "B"+string(rune('a'+i))), "reason": "race"})
			}()
		}
		wg.Wait()
		won := 0
		for _, c := range results {
			if c == 200 {
				won++
			} else if c != 409 {
				t.Fatalf("parallel: %v", results)
			}
		}
		if won != 1 {
			t.Fatalf("%d parallel saves of one version won: %v", won, results)
		}

		// The maintenance switch, and a scheduled window.
		if code, v := s.do("POST", "/ops/v1/brand/maintenance", "ADMIN", map[string]any{"on": true, "reason": "deploy"}); code != 200 {
			t.Fatalf("maintenance on %d %v", code, v)
		}
		s.clock.Advance(brand.RefreshEvery)
		st, _ := s.other.Status(ctx, brand.Client{Country: "PH"})
		if st.Status != brand.StatusMaintenance || st.MaintenanceUntil != 0 {
			t.Fatalf("status %+v", st)
		}
		if code, v := s.do("POST", "/ops/v1/brand/maintenance", "ADMIN", map[string]any{"reason": "deploy"}); code != 400 {
			t.Fatalf("no on: %d %v", code, v)
		}
		s.do("POST", "/ops/v1/brand/maintenance", "ADMIN", map[string]any{"on": false, "reason": "deployed"})
		_, doc = s.do("GET", "/ops/v1/brand", "ADMIN", nil)
		now := s.clock.Now().UnixMilli()
		win := []any{map[string]any{"from": now + 60_000, "to": now + 3_600_000}}
		if code, v := s.do("PUT", "/ops/v1/brand", "ADMIN", map[string]any{"version": doc["version"], "config": merge(doc["config"].(map[string]any), "maintenanceWindows", win), "reason": "window"}); code != 200 {
			t.Fatalf("window %d %v", code, v)
		}
		if st, _ := s.svc.Status(ctx, brand.Client{Country: "PH"}); st.Maintenance {
			t.Fatal("maintenance before the window")
		}
		s.clock.Advance(2 * time.Minute)
		if st, _ := s.svc.Status(ctx, brand.Client{Country: "PH"}); !st.Maintenance || st.MaintenanceUntil != now+3_600_000 {
			t.Fatalf("in the window: %+v", st)
		}
		s.clock.Advance(time.Hour)
		if st, _ := s.svc.Status(ctx, brand.Client{Country: "PH"}); st.Maintenance {
			t.Fatal("maintenance after the window")
		}
		actions := map[string]int{}
		for _, r := range s.audit.rows {
			actions[r.action]++
		}
		if actions["brand.maintenance"] != 2 || actions["brand.update"] != 3 {
			t.Fatalf("audit %v", actions)
		}
	})
}

func merge(m map[string]any, k string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for a, b := range m {
		out[a] = b
	}
	out[k] = v
	return out
}

func TestBrandOpsAuthorization(t *testing.T) {
	s := newSite(t, dbtest.Open(t, db.SQLite))
	for pattern, perm := range brandops.RoutePerms {
		method, path, _ := strings.Cut(pattern, " ")
		if code, _ := s.do(method, path, "", map[string]any{}); code != 401 {
			t.Errorf("%s without a token: %d", pattern, code)
		}
		for _, role := range operator.Roles {
			code, _ := s.do(method, path, string(role), map[string]any{})
			if role.Can(perm) == (code == 403) {
				t.Errorf("%s as %s: %d (may: %v)", pattern, role, code, role.Can(perm))
			}
		}
	}
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func (s *site) upload(role string, data []byte) (*httptest.ResponseRecorder, map[string]any) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("image", "logo.png")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/ops/v1/brand/logo", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+role)
	rec := httptest.NewRecorder()
	s.mux.ServeHTTP(rec, req)
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	if env.Value == nil {
		env.Value = map[string]any{}
	}
	env.Value["_code"] = env.Code
	return rec, env.Value
}

func TestBrandLogoUpload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		_, doc := s.do("GET", "/ops/v1/brand", "ADMIN", nil)
		version := doc["version"]
		logo := pngOf(t, 240, 64)

		if rec, v := s.upload("CASHIER", logo); rec.Code != 403 {
			t.Fatalf("cashier upload: %d %v", rec.Code, v)
		}
		rec, v := s.upload("ADMIN", logo)
		url, _ := v["url"].(string)
		if rec.Code != 200 || !strings.HasPrefix(url, brand.AssetPrefix) || !strings.HasSuffix(url, ".png") || v["width"] != 240.0 || v["height"] != 64.0 {
			t.Fatalf("upload %d %v", rec.Code, v)
		}
		// The same bytes again: the same address, stored once.
		if _, again := s.upload("ADMIN", logo); again["url"] != url {
			t.Fatalf("second upload %v, first %s", again, url)
		}
		// Uploading changes nothing players see: the brand is as it was.
		if _, after := s.do("GET", "/ops/v1/brand", "ADMIN", nil); after["version"] != version {
			t.Fatal("an upload changed the brand")
		}

		res := httptest.NewRecorder()
		s.mux.ServeHTTP(res, httptest.NewRequest("GET", url, nil))
		if res.Code != 200 || !bytes.Equal(res.Body.Bytes(), logo) || res.Header().Get("Content-Type") != "image/png" ||
			res.Header().Get("X-Content-Type-Options") != "nosniff" || res.Header().Get("Content-Security-Policy") != "default-src 'none'" {
			t.Fatalf("serve %d %v", res.Code, res.Header())
		}
		for _, path := range []string{strings.TrimSuffix(url, ".png") + ".jpg", brand.AssetPrefix + strings.Repeat("0", 64) + ".png", brand.AssetPrefix + "x.png"} {
			res := httptest.NewRecorder()
			s.mux.ServeHTTP(res, httptest.NewRequest("GET", path, nil))
			if res.Code != 404 {
				t.Errorf("%s: %d", path, res.Code)
			}
		}

		// Checked by content: a text file, a PNG signature on garbage, a picture too large, a file too big.
		huge := pngOf(t, brand.MaxLogoSide+1, 2)
		for name, c := range map[string]struct {
			data []byte
			code int
			err  string
		}{
			"not an image":    {[]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), 400, "upload.wrong_type"},
			"broken png":      {append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 64)...), 400, "brand.bad_image"},
			"too many pixels": {huge, 400, "brand.bad_image"},
			"too many bytes":  {append(append([]byte{}, logo...), make([]byte, brand.MaxLogoBytes)...), 413, "upload.too_large"},
		} {
			if rec, v := s.upload("ADMIN", c.data); rec.Code != c.code || v["_code"] != c.err {
				t.Errorf("%s: %d %v", name, rec.Code, v)
			}
		}
		assets := 0
		for _, r := range s.audit.rows {
			if r.action == "brand.asset" {
				assets++
			}
		}
		if assets != 2 {
			t.Fatalf("audit rows for uploads: %d", assets)
		}
	})
}
