package content

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func TestDemoIsValid(t *testing.T) {
	snap := Demo(now)
	if err := snap.Validate(); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, b := range snap.Banners {
		count[b.GroupName]++
	}
	for _, a := range snap.Announcements {
		count[a.Type+a.Execution]++
	}
	if count["w_home"] < 4 || count["w_leftmenu"] < 1 || count["w_login"] < 1 || count["w_forget"] < 1 ||
		count["PL"] < 6 || count["PR"] < 6 || count["H"] < 2 || count["PUA"] < 1 || count["PUB"] < 1 || count["PUF"] < 1 || len(snap.Help) != len(HelpKeys) {
		t.Fatalf("demo too thin: %v", count)
	}
	promos := map[string]bool{}
	for _, a := range snap.Announcements {
		if a.Type == TypePromotion {
			promos[itoa(a.ID)] = true
		}
	}
	for _, b := range snap.Banners {
		if b.LinkageType == "PROMOTION" && !promos[b.LinkTarget] {
			t.Errorf("banner %d links to missing promotion %s", b.ID, b.LinkTarget)
		}
	}
}

func itoa(n int64) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		want   error
		mutate func(s *Snapshot)
	}{
		{"ErrBannerGroup", ErrInvalid, func(s *Snapshot) { s.Banners[0].GroupName = "w_nope" }},
		{"ErrLinkageType", ErrLink, func(s *Snapshot) { s.Banners[0].LinkageType = "POPUP" }},
		{"ErrURLNotAbsolute", ErrLink, func(s *Snapshot) { s.Banners[0].LinkageType, s.Banners[0].LinkTarget = "URL", "javascript:alert(1)" }},
		{"ErrRouteNotPath", ErrLink, func(s *Snapshot) { s.Banners[0].LinkageType, s.Banners[0].LinkTarget = "ROUTE", "//evil.example" }},
		{"ErrPromotionTarget", ErrLink, func(s *Snapshot) { s.Banners[0].LinkageType, s.Banners[0].LinkTarget = "PROMOTION", "abc" }},
		{"ErrMissingTranslation", ErrLanguageMissing, func(s *Snapshot) { delete(s.Announcements[0].Title, "TY") }},
		{"ErrExecutionOnNotice", ErrInvalid, func(s *Snapshot) { s.Announcements[4].Execution = "A" }},
		{"ErrPopupWithoutExecution", ErrInvalid, func(s *Snapshot) {
			for i := range s.Announcements {
				if s.Announcements[i].Type == TypePopup {
					s.Announcements[i].Execution = ""
					return
				}
			}
		}},
		{"ErrPromotionWithoutImage", ErrImage, func(s *Snapshot) { s.Announcements[len(s.Announcements)-1].Images = nil }},
		{"ErrRepeatedID", ErrInvalid, func(s *Snapshot) { s.Announcements[1].ID = s.Announcements[0].ID }},
		{"ErrHelpKey", ErrInvalid, func(s *Snapshot) { s.Help[0].Key = "jobs" }},
		{"ErrUnknownLanguage", ErrLanguageUnknown, func(s *Snapshot) { s.Help[0].Title["XX"] = "x" }},
		{"ErrBannerSchedule", ErrSchedule, func(s *Snapshot) { s.Banners[0].StartTime, s.Banners[0].EndTime = 10, 10 }},
		{"ErrEndsBeforeStart", ErrSchedule, func(s *Snapshot) { s.Announcements[0].StartTime, s.Announcements[0].EndTime = 10, 5 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Demo(now)
			tc.mutate(&s)
			if err := s.Validate(); !errors.Is(err, tc.want) {
				t.Fatalf("want %v, got %v", tc.want, err)
			}
		})
	}
}

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t.Run("OK/Empty", func(t *testing.T) {
			snap, err := s.Load(ctx)
			if err != nil || len(snap.Banners)+len(snap.Announcements)+len(snap.Help) != 0 {
				t.Fatalf("%v %v", snap, err)
			}
		})
		demo := Demo(now)
		t.Run("OK/SeedIfEmpty", func(t *testing.T) {
			if ok, err := s.SeedIfEmpty(ctx, demo, 1); err != nil || !ok {
				t.Fatalf("first: %v %v", ok, err)
			}
			if ok, err := s.SeedIfEmpty(ctx, demo, 2); err != nil || ok {
				t.Fatalf("second: %v %v", ok, err)
			}
			snap, err := s.Load(ctx)
			if err != nil || len(snap.Banners) != len(demo.Banners) || len(snap.Announcements) != len(demo.Announcements) || len(snap.Help) != len(demo.Help) {
				t.Fatalf("load: %d %d %d %v", len(snap.Banners), len(snap.Announcements), len(snap.Help), err)
			}
		})
		t.Run("OK/SaveUpserts", func(t *testing.T) {
			b := demo.Banners[0]
			b.Title = Text{"TY": "Bago", "EN": "New"}
			if err := s.Save(ctx, Snapshot{Banners: []Banner{b}}, 3); err != nil {
				t.Fatal(err)
			}
			snap, _ := s.Load(ctx)
			for _, got := range snap.Banners {
				if got.ID == b.ID && got.Title["EN"] != "New" {
					t.Fatalf("not updated: %v", got.Title)
				}
			}
			if len(snap.Banners) != len(demo.Banners) {
				t.Fatalf("upsert added a row: %d", len(snap.Banners))
			}
		})
	})
}

func TestServiceAnnouncements(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFixed(now)
	svc := NewService(NewStore(dbtest.Open(t, db.SQLite)), clk)
	snap := Demo(now)
	snap.Announcements = append(snap.Announcements,
		Announcement{ID: 900, Type: TypePlayer, PublishedAt: now.UnixMilli(), StartTime: now.Add(time.Hour).UnixMilli(),
			Title: Text{"TY": "Bukas", "EN": "Tomorrow"}, Content: Text{"TY": "<p>x</p>", "EN": "<p>x</p>"}},
		Announcement{ID: 901, Type: TypePlayer, PublishedAt: now.UnixMilli(), EndTime: now.Add(-time.Hour).UnixMilli(),
			Title: Text{"TY": "Tapos na", "EN": "Over"}, Content: Text{"TY": "<p>x</p>", "EN": "<p>x<script>alert(1)</script></p>"}},
		Announcement{ID: 902, Type: TypePlayer, PublishedAt: now.UnixMilli(),
			Title: Text{"TY": "Pagsubok", "EN": "Test"}, Content: Text{"TY": "<p onclick=\"x()\">ligtas</p>", "EN": "<p>safe<script>alert(1)</script></p>"}},
	)
	if _, err := svc.Seed(ctx, snap); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		q     Query
		check func(t *testing.T, v map[string]any)
	}{
		{"OK/AllTypes", Query{Language: "TY"}, func(t *testing.T, v map[string]any) {
			for _, k := range []string{"banners", "player", "popup", "promotion", "headline"} {
				if _, ok := v[k]; !ok {
					t.Errorf("missing %s", k)
				}
			}
		}},
		{"OK/OnlyAskedTypes", Query{Types: []string{"B"}, Language: "TY"}, func(t *testing.T, v map[string]any) {
			if len(v) != 1 || len(v["banners"].([]BannerView)) != 10 {
				t.Fatalf("got %v", v)
			}
			if v["banners"].([]BannerView)[0].GroupName != "w_home" {
				t.Fatal("w_home first")
			}
		}},
		{"OK/ExecutionFilter", Query{Types: []string{"PU"}, Execution: "B", Language: "EN"}, func(t *testing.T, v map[string]any) {
			list := v["popup"].([]PopupView)
			if len(list) != 1 || list[0].Execution != "B" || list[0].Title != "Welcome to Palaro!" {
				t.Fatalf("got %+v", list)
			}
		}},
		{"OK/TimeWindowAndSanitised", Query{Types: []string{"PL"}, Language: "EN"}, func(t *testing.T, v map[string]any) {
			list := v["player"].([]PlayerView)
			for _, p := range list {
				if p.ID == 900 || p.ID == 901 {
					t.Fatalf("inactive notice %d served", p.ID)
				}
				if p.ID == 902 && p.Content != "<p>safe</p>" {
					t.Fatalf("not sanitised: %s", p.Content)
				}
			}
			if len(list) != 8 {
				t.Fatalf("want 8 notices, got %d", len(list))
			}
		}},
		{"OK/FallbackToEN", Query{Types: []string{"H"}, Language: "JA"}, func(t *testing.T, v map[string]any) {
			if h := v["headline"].([]HeadlineView); h[0].Title[:3] != "New" {
				t.Fatalf("got %q", h[0].Title)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := svc.Announcements(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, v)
		})
	}
	t.Run("OK/HelpCenter", func(t *testing.T) {
		h, err := svc.HelpCenter(ctx, "TY")
		if err != nil || len(h) != 7 || h[1].Key != "term" || h[1].Title != "Mga Tuntunin at Kondisyon" {
			t.Fatalf("%+v %v", h, err)
		}
	})
}
