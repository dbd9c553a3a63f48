package content

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	_ "image/jpeg" // DecodeConfig of uploaded pictures
	_ "image/png"
	"regexp"
	"slices"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// The operator's side: every item read straight from the store (scheduled
// and switched-off ones too), and each change in one transaction that bumps
// the content version, so every instance reloads within RefreshEvery. HTML
// is sanitised when saved (and again when served), so what the editor reads
// back is what the storefront shows.

// Edited is everything the console edits, with the version it was read at.
type Edited struct {
	Version       int64          `json:"version"`
	Banners       []Banner       `json:"banners"`
	Announcements []Announcement `json:"announcements"`
	Help          []HelpSection  `json:"help"`
}

// All reads every item, uncached.
func (s *Service) All(ctx context.Context) (Edited, error) {
	v, err := s.store.Version(ctx)
	if err != nil {
		return Edited{}, apperr.Internal(err, "content")
	}
	snap, err := s.store.Load(ctx)
	if err != nil {
		return Edited{}, apperr.Internal(err, "content")
	}
	out := Edited{Version: v, Banners: snap.Banners, Announcements: snap.Announcements, Help: snap.Help}
	if out.Banners == nil {
		out.Banners = []Banner{}
	}
	if out.Announcements == nil {
		out.Announcements = []Announcement{}
	}
	if out.Help == nil {
		out.Help = []HelpSection{}
	}
	return out, nil
}

// cleanText trims a text, drops blank languages and sanitises the HTML.
func cleanText(t Text) Text {
	out := t.Trimmed()
	for l, v := range out {
		out[l] = Sanitize(v)
	}
	return out
}

// uniqueViolation: two creations picked the same id at once.
func uniqueViolation(err error) bool {
	m := err.Error()
	return strings.Contains(m, "UNIQUE constraint") || strings.Contains(m, "duplicate key")
}

// edit runs fn in a transaction with the version bump (retrying when two
// creations raced for an id); domain errors pass through, anything else is
// internal. This instance forgets its copy.
func (s *Service) edit(ctx context.Context, fn func(tx *db.Tx) error) error {
	var err error
	for range 3 {
		if err = s.store.Edit(ctx, fn); err == nil || !uniqueViolation(err) {
			break
		}
	}
	if err != nil {
		if e := apperr.As(err); e.Kind != apperr.KindInternal {
			return err
		}
		if uniqueViolation(err) {
			return ErrConflict
		}
		return apperr.Internal(err, "content edit")
	}
	s.forget()
	return nil
}

func nextInt(ctx context.Context, tx *db.Tx, query string, args ...any) (int, error) {
	n, err := nextTx(ctx, tx, query, args...)
	return int(n), err
}

// CreateBanner adds a banner (at the end of its group unless it names a
// sequence); the store picks the id.
func (s *Service) CreateBanner(ctx context.Context, b Banner) (Banner, error) {
	b.Title = b.Title.Trimmed()
	b.ID = 1 // validated before it has an id
	if err := b.Validate(); err != nil {
		return Banner{}, err
	}
	now := s.clock.Now().UnixMilli()
	seq := b.Sequence
	err := s.edit(ctx, func(tx *db.Tx) error {
		id, err := nextTx(ctx, tx, `SELECT COALESCE(MAX(id), 0) FROM content_banner`)
		if err != nil {
			return err
		}
		b.ID, b.Sequence = id, seq
		if b.Sequence == 0 {
			if b.Sequence, err = nextInt(ctx, tx, `SELECT COALESCE(MAX(sequence), 0) FROM content_banner WHERE group_name = ?`, b.GroupName); err != nil {
				return err
			}
		}
		return saveTx(ctx, tx, Snapshot{Banners: []Banner{b}}, now)
	})
	if err != nil {
		return Banner{}, err
	}
	return b, nil
}

// UpdateBanner replaces banner id; moved to another group without a
// sequence it goes to that group's end.
func (s *Service) UpdateBanner(ctx context.Context, id int64, b Banner) (before, after Banner, err error) {
	b.ID = id
	b.Title = b.Title.Trimmed()
	if b.GroupName == "" || id <= 0 {
		return before, after, ErrNotFound
	}
	if err := b.Validate(); err != nil {
		return before, after, err
	}
	now := s.clock.Now().UnixMilli()
	err = s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := bannerTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		before = old
		if b.Sequence == 0 {
			b.Sequence = old.Sequence
			if old.GroupName != b.GroupName {
				if b.Sequence, err = nextInt(ctx, tx, `SELECT COALESCE(MAX(sequence), 0) FROM content_banner WHERE group_name = ?`, b.GroupName); err != nil {
					return err
				}
			}
		}
		return saveTx(ctx, tx, Snapshot{Banners: []Banner{b}}, now)
	})
	return before, b, err
}

// DeleteBanner removes banner id and answers what it was.
func (s *Service) DeleteBanner(ctx context.Context, id int64) (Banner, error) {
	var before Banner
	err := s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := bannerTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		before = old
		return deleteTx(ctx, tx, `DELETE FROM content_banner WHERE id = ?`, id)
	})
	return before, err
}

// OrderBanners sets the order of a group: ids must list each of its
// banners once. It answers the order before and after.
func (s *Service) OrderBanners(ctx context.Context, group string, ids []int64) (before, after []int64, err error) {
	if !contains(BannerGroups, group) {
		return nil, nil, invalid("group %q", group)
	}
	now := s.clock.Now().UnixMilli()
	err = s.edit(ctx, func(tx *db.Tx) error {
		list, err := groupTx(ctx, tx, group)
		if err != nil {
			return err
		}
		before = make([]int64, 0, len(list))
		byID := map[int64]Banner{}
		for _, b := range list {
			before = append(before, b.ID)
			byID[b.ID] = b
		}
		seen := map[int64]bool{}
		for _, id := range ids {
			if _, ok := byID[id]; !ok || seen[id] {
				return ErrOrder
			}
			seen[id] = true
		}
		if len(ids) != len(list) {
			return ErrOrder
		}
		var snap Snapshot
		for i, id := range ids {
			b := byID[id]
			b.Sequence = i + 1
			snap.Banners = append(snap.Banners, b)
		}
		return saveTx(ctx, tx, snap, now)
	})
	if err != nil {
		return nil, nil, err
	}
	return before, slices.Clone(ids), nil
}

func prepAnnouncement(a *Announcement) {
	a.Title = a.Title.Trimmed()
	a.Content = cleanText(a.Content)
	a.Summary = a.Summary.Trimmed()
	if a.Type != TypePopup {
		a.Execution = ""
	}
	if len(a.Content) == 0 {
		a.Content = nil
	}
	if len(a.Summary) == 0 {
		a.Summary = nil
	}
}

// CreateAnnouncement adds a notice, headline, popup or promotion,
// published now.
func (s *Service) CreateAnnouncement(ctx context.Context, a Announcement) (Announcement, error) {
	prepAnnouncement(&a)
	a.ID = 1
	if err := a.Validate(); err != nil {
		return Announcement{}, err
	}
	now := s.clock.Now().UnixMilli()
	a.PublishedAt = now
	seq := a.Sequence
	err := s.edit(ctx, func(tx *db.Tx) error {
		id, err := nextTx(ctx, tx, `SELECT COALESCE(MAX(id), 0) FROM content_announcement`)
		if err != nil {
			return err
		}
		a.ID, a.Sequence = id, seq
		if a.Sequence == 0 {
			if a.Sequence, err = nextInt(ctx, tx, `SELECT COALESCE(MAX(sequence), 0) FROM content_announcement WHERE type = ?`, a.Type); err != nil {
				return err
			}
		}
		return saveTx(ctx, tx, Snapshot{Announcements: []Announcement{a}}, now)
	})
	if err != nil {
		return Announcement{}, err
	}
	return a, nil
}

// UpdateAnnouncement replaces announcement id; its type and published time stay.
func (s *Service) UpdateAnnouncement(ctx context.Context, id int64, a Announcement) (before, after Announcement, err error) {
	if id <= 0 {
		return before, after, ErrNotFound
	}
	now := s.clock.Now().UnixMilli()
	err = s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := announcementTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		before = old
		a.ID, a.Type, a.PublishedAt = id, old.Type, old.PublishedAt
		prepAnnouncement(&a)
		if a.Sequence == 0 {
			a.Sequence = old.Sequence
		}
		if err := a.Validate(); err != nil {
			return err
		}
		return saveTx(ctx, tx, Snapshot{Announcements: []Announcement{a}}, now)
	})
	return before, a, err
}

// DeleteAnnouncement removes announcement id and answers what it was.
func (s *Service) DeleteAnnouncement(ctx context.Context, id int64) (Announcement, error) {
	var before Announcement
	err := s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := announcementTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		before = old
		return deleteTx(ctx, tx, `DELETE FROM content_announcement WHERE id = ?`, id)
	})
	return before, err
}

// PutHelp writes help section h.Key (one of HelpKeys); before is nil when
// it did not exist.
func (s *Service) PutHelp(ctx context.Context, h HelpSection) (before *HelpSection, after HelpSection, err error) {
	h.Title = h.Title.Trimmed()
	h.Content = cleanText(h.Content)
	if !contains(HelpKeys, h.Key) {
		return nil, h, ErrNotFound
	}
	if err := h.Validate(); err != nil {
		return nil, h, err
	}
	now := s.clock.Now().UnixMilli()
	err = s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := helpTx(ctx, tx, h.Key)
		if err != nil {
			return err
		}
		if ok {
			before = &old
		}
		return saveTx(ctx, tx, Snapshot{Help: []HelpSection{h}}, now)
	})
	return before, h, err
}

// DeleteHelp removes a help section and answers what it was.
func (s *Service) DeleteHelp(ctx context.Context, key string) (HelpSection, error) {
	var before HelpSection
	err := s.edit(ctx, func(tx *db.Tx) error {
		old, ok, err := helpTx(ctx, tx, key)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		before = old
		return deleteTx(ctx, tx, `DELETE FROM content_help WHERE section_key = ?`, key)
	})
	return before, err
}

// MaxImageBytes bounds an uploaded picture; MaxImageSide its width and height.
const (
	MaxImageBytes = 2 << 20
	MaxImageSide  = 4096
)

// ErrImageUnreadable: the bytes start like an image but do not decode as one.
var ErrImageUnreadable = apperr.Invalid("content.image_unreadable")

// SaveImage keeps a picture whose type was read from its bytes (PNG or
// JPEG) after checking that it decodes to a sane size; it answers the
// address the storefront loads it from, named by its SHA-256.
func (s *Service) SaveImage(ctx context.Context, img *httpx.Image) (string, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(img.Data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide ||
		"image/"+format != img.ContentType {
		return "", ErrImageUnreadable.With("max", MaxImageSide)
	}
	sum := sha256.Sum256(img.Data)
	name := hex.EncodeToString(sum[:16]) + map[string]string{"image/png": ".png", "image/jpeg": ".jpg"}[img.ContentType]
	if err := s.store.SaveImage(ctx, name, img.ContentType, img.Data, s.clock.Now().UnixMilli()); err != nil {
		return "", apperr.Internal(err, "content image")
	}
	return ImagePath + name, nil
}

// ImagePath is where uploaded pictures are served.
const ImagePath = "/art/upload/"

var imageName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg)$`)

// Image reads an uploaded picture by name; false when there is none.
func (s *Service) Image(ctx context.Context, name string) (string, []byte, bool, error) {
	if !imageName.MatchString(name) {
		return "", nil, false, nil
	}
	ct, data, ok, err := s.store.Image(ctx, name)
	if err != nil {
		return "", nil, false, apperr.Internal(err, "content image")
	}
	return ct, data, ok, nil
}
