package brandops_test

import (
	"context"
	"encoding/json"
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
