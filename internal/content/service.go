package content

import (
	"context"
	"log/slog"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// RefreshEvery bounds how stale served content may be: each instance reads
// the content version at most this often and reloads only when it moved.
const RefreshEvery = 2 * time.Second

// Query selects announcements. Empty Types means all; empty Execution
// means popups of every execution.
type Query struct {
	Types     []string
	Execution string
	Language  string
}

// Views, field names per docs/api.md.
type (
	BannerView struct {
		ID          int64  `json:"id"`
		GroupName   string `json:"groupName"`
		Title       string `json:"title"`
		URL         string `json:"url"`
		LinkageType string `json:"linkageType"`
		LinkTarget  string `json:"linkTarget"`
		Sequence    int    `json:"sequence"`
	}
	PlayerView struct {
		ID      int64  `json:"id"`
		Title   string `json:"title"`
		Content string `json:"content"`
		Time    int64  `json:"time"`
	}
	PopupView struct {
		ID        int64  `json:"id"`
		Title     string `json:"title"`
		Content   string `json:"content"`
		Execution string `json:"execution"`
		Time      int64  `json:"time"`
	}
	PromotionView struct {
		ID                 int64   `json:"id"`
		Title              string  `json:"title"`
		Summary            string  `json:"summary"`
		Content            string  `json:"content"`
		Category           string  `json:"category"`
		AnnouncementImages []Image `json:"announcementImages"`
		StartTime          int64   `json:"startTime"`
		EndTime            int64   `json:"endTime"`
		Time               int64   `json:"time"`
	}
	HeadlineView struct {
		ID    int64  `json:"id"`
		Title string `json:"title"`
		Time  int64  `json:"time"`
	}
	HelpView struct {
		Key     string `json:"key"`
		Title   string `json:"title"`
		Content string `json:"content"`
		Sort    int    `json:"sort"`
	}
)

// Service serves content from a sanitised in-memory copy refreshed at most
// every RefreshEvery.
type Service struct {
	store *Store
	clock clock.Clock

	mu        sync.Mutex
	snap      *Snapshot
	version   int64     // the content version snap was loaded at
	checkedAt time.Time // when the version was last read
}

func NewService(store *Store, clk clock.Clock) *Service { return &Service{store: store, clock: clk} }

func (s *Service) current(ctx context.Context) (*Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	if s.snap != nil && now.Sub(s.checkedAt) < RefreshEvery {
		return s.snap, nil
	}
	v, err := s.store.Version(ctx)
	if err == nil && s.snap != nil && v == s.version {
		s.checkedAt = now
		return s.snap, nil
	}
	var snap Snapshot
	if err == nil {
		snap, err = s.store.Load(ctx)
	}
	if err != nil {
		if s.snap != nil {
			slog.ErrorContext(ctx, "content reload failed, serving cached copy", "err", err)
			return s.snap, nil
		}
		return nil, apperr.Internal(err, "content")
	}
	sanitizeSnapshot(&snap)
	sort.SliceStable(snap.Banners, func(i, j int) bool {
		return groupRank(snap.Banners[i].GroupName) < groupRank(snap.Banners[j].GroupName)
	})
	s.snap, s.version, s.checkedAt = &snap, v, now
	return s.snap, nil
}

// forget drops the cached copy so this instance's next read reloads.
func (s *Service) forget() {
	s.mu.Lock()
	s.snap = nil
	s.mu.Unlock()
}

func groupRank(g string) int {
	for i, v := range BannerGroups {
		if v == g {
			return i
		}
	}
	return len(BannerGroups)
}

// sanitizeSnapshot cleans every HTML field once per load.
func sanitizeSnapshot(snap *Snapshot) {
	clean := func(t Text) Text {
		out := make(Text, len(t))
		for l, v := range t {
			out[l] = Sanitize(v)
		}
		return out
	}
	for i := range snap.Announcements {
		snap.Announcements[i].Content = clean(snap.Announcements[i].Content)
	}
	for i := range snap.Help {
		snap.Help[i].Content = clean(snap.Help[i].Content)
	}
}

// Announcements answers GET /wps/relay/announcements: one list per asked type.
func (s *Service) Announcements(ctx context.Context, q Query) (map[string]any, error) {
	snap, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	types := q.Types
	if len(types) == 0 {
		types = Types
	}
	now := s.clock.Now().UnixMilli()
	lang := q.Language
	out := map[string]any{}
	for _, t := range types {
		switch t {
		case TypeBanner:
			list := []BannerView{}
			for _, b := range snap.Banners {
				if !b.Shown(now) {
					continue
				}
				list = append(list, BannerView{ID: b.ID, GroupName: b.GroupName, Title: b.Title.In(lang), URL: b.ImageURL,
					LinkageType: b.LinkageType, LinkTarget: b.LinkTarget, Sequence: b.Sequence})
			}
			out["banners"] = list
		case TypePlayer:
			list := []PlayerView{}
			for _, a := range active(snap.Announcements, TypePlayer, now) {
				list = append(list, PlayerView{ID: a.ID, Title: a.Title.In(lang), Content: a.Content.In(lang), Time: a.PublishedAt})
			}
			out["player"] = list
		case TypePopup:
			list := []PopupView{}
			for _, a := range active(snap.Announcements, TypePopup, now) {
				if q.Execution != "" && a.Execution != q.Execution {
					continue
				}
				list = append(list, PopupView{ID: a.ID, Title: a.Title.In(lang), Content: a.Content.In(lang), Execution: a.Execution, Time: a.PublishedAt})
			}
			out["popup"] = list
		case TypePromotion:
			list := []PromotionView{}
			for _, a := range active(snap.Announcements, TypePromotion, now) {
				list = append(list, PromotionView{ID: a.ID, Title: a.Title.In(lang), Summary: a.Summary.In(lang), Content: a.Content.In(lang),
					Category: a.Category, AnnouncementImages: a.Images, StartTime: a.StartTime, EndTime: a.EndTime, Time: a.PublishedAt})
			}
			out["promotion"] = list
		case TypeHeadline:
			list := []HeadlineView{}
			for _, a := range active(snap.Announcements, TypeHeadline, now) {
				list = append(list, HeadlineView{ID: a.ID, Title: a.Title.In(lang), Time: a.PublishedAt})
			}
			out["headline"] = list
		}
	}
	return out, nil
}

// active lists announcements of a type inside their time window, in order.
func active(all []Announcement, typ string, now int64) []Announcement {
	var out []Announcement
	for _, a := range all {
		if a.Type != typ || a.Disabled || (a.StartTime != 0 && now < a.StartTime) || (a.EndTime != 0 && now >= a.EndTime) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// HelpCenter answers GET /wps/system/helpCenter.
func (s *Service) HelpCenter(ctx context.Context, lang string) ([]HelpView, error) {
	snap, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]HelpView, 0, len(snap.Help))
	for _, h := range snap.Help {
		out = append(out, HelpView{Key: h.Key, Title: h.Title.In(lang), Content: h.Content.In(lang), Sort: h.Sort})
	}
	return out, nil
}

// Banner and Promotion find items for the art endpoints.
func (s *Service) Banner(ctx context.Context, id int64) (Banner, bool, error) {
	snap, err := s.current(ctx)
	if err != nil {
		return Banner{}, false, err
	}
	for _, b := range snap.Banners {
		if b.ID == id {
			return b, true, nil
		}
	}
	return Banner{}, false, nil
}

func (s *Service) Promotion(ctx context.Context, id int64) (Announcement, bool, error) {
	snap, err := s.current(ctx)
	if err != nil {
		return Announcement{}, false, err
	}
	for _, a := range snap.Announcements {
		if a.ID == id && a.Type == TypePromotion {
			return a, true, nil
		}
	}
	return Announcement{}, false, nil
}

// Save validates and stores content (upserting by id or key).
func (s *Service) Save(ctx context.Context, snap Snapshot) error {
	if err := snap.Validate(); err != nil {
		return err
	}
	if err := s.store.Save(ctx, snap, s.clock.Now().UnixMilli()); err != nil {
		return apperr.Internal(err, "content save")
	}
	s.forget()
	return nil
}

// Seed stores snap when no content exists; false when some did.
func (s *Service) Seed(ctx context.Context, snap Snapshot) (bool, error) {
	if err := snap.Validate(); err != nil {
		return false, err
	}
	return s.store.SeedIfEmpty(ctx, snap, s.clock.Now().UnixMilli())
}

// Validate checks every item and that ids are unique.
func (snap *Snapshot) Validate() error {
	ids := map[int64]bool{}
	for i := range snap.Banners {
		if err := snap.Banners[i].Validate(); err != nil {
			return err
		}
		if ids[snap.Banners[i].ID] {
			return invalid("banner id %d repeated", snap.Banners[i].ID)
		}
		ids[snap.Banners[i].ID] = true
	}
	ids = map[int64]bool{}
	for i := range snap.Announcements {
		if err := snap.Announcements[i].Validate(); err != nil {
			return err
		}
		if ids[snap.Announcements[i].ID] {
			return invalid("announcement id %d repeated", snap.Announcements[i].ID)
		}
		ids[snap.Announcements[i].ID] = true
	}
	keys := map[string]bool{}
	for i := range snap.Help {
		if err := snap.Help[i].Validate(); err != nil {
			return err
		}
		if keys[snap.Help[i].Key] {
			return invalid("help key %s repeated", snap.Help[i].Key)
		}
		keys[snap.Help[i].Key] = true
	}
	return nil
}

// AgentNoticeView is an agent announcement as the agent centre reads it.
type AgentNoticeView struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Content   string `json:"content"`
	Time      int64  `json:"time"`      // published, Unix ms
	StartTime int64  `json:"startTime"` // Unix ms, 0 open
	EndTime   int64  `json:"endTime"`   // Unix ms, 0 open
}

// AgentAnnouncements answers GET /wps/agent/announcements: the agent
// announcements switched on, inside their window and meant for this agent
// type (or every agent), in the operators' order, in lang (EN, then TY,
// when lang has no text).
func (s *Service) AgentAnnouncements(ctx context.Context, agentType int, lang string) ([]AgentNoticeView, error) {
	snap, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	out := []AgentNoticeView{}
	for _, a := range active(snap.Announcements, TypeAgent, s.clock.Now().UnixMilli()) {
		if len(a.AgentTypes) > 0 && !slices.Contains(a.AgentTypes, agentType) {
			continue
		}
		out = append(out, AgentNoticeView{ID: a.ID, Title: a.Title.In(lang), Content: a.Content.In(lang), Time: a.PublishedAt,
			StartTime: a.StartTime, EndTime: a.EndTime})
	}
	return out, nil
}
