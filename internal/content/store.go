package content

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store keeps content rows; the text lives in a JSON body per row.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Snapshot is everything the announcements and help calls read.
type Snapshot struct {
	Banners       []Banner
	Announcements []Announcement
	Help          []HelpSection
}

// Load reads all content in display order.
func (s *Store) Load(ctx context.Context) (Snapshot, error) {
	var snap Snapshot
	if err := scanJSON(ctx, s.db, `SELECT body FROM content_banner ORDER BY group_name, sequence, id`, func(raw []byte) error {
		var b Banner
		err := json.Unmarshal(raw, &b)
		snap.Banners = append(snap.Banners, b)
		return err
	}); err != nil {
		return snap, fmt.Errorf("load banners: %w", err)
	}
	if err := scanJSON(ctx, s.db, `SELECT body FROM content_announcement ORDER BY type, sequence, published_at DESC, id`, func(raw []byte) error {
		var a Announcement
		err := json.Unmarshal(raw, &a)
		snap.Announcements = append(snap.Announcements, a)
		return err
	}); err != nil {
		return snap, fmt.Errorf("load announcements: %w", err)
	}
	if err := scanJSON(ctx, s.db, `SELECT body FROM content_help ORDER BY sort, section_key`, func(raw []byte) error {
		var h HelpSection
		err := json.Unmarshal(raw, &h)
		snap.Help = append(snap.Help, h)
		return err
	}); err != nil {
		return snap, fmt.Errorf("load help: %w", err)
	}
	return snap, nil
}

func scanJSON(ctx context.Context, q db.Querier, query string, each func([]byte) error) error {
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return err
		}
		if err := each([]byte(raw)); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Save upserts every item of snap in one transaction.
func (s *Store) Save(ctx context.Context, snap Snapshot, now int64) error {
	return s.Edit(ctx, func(tx *db.Tx) error { return saveTx(ctx, tx, snap, now) })
}

// SeedIfEmpty saves snap only when no content exists; false when some did.
func (s *Store) SeedIfEmpty(ctx context.Context, snap Snapshot, now int64) (bool, error) {
	seeded := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM content_banner) + (SELECT COUNT(*) FROM content_announcement) + (SELECT COUNT(*) FROM content_help)`).Scan(&n); err != nil {
			return fmt.Errorf("count content: %w", err)
		}
		if n > 0 {
			return nil
		}
		seeded = true
		if err := saveTx(ctx, tx, snap, now); err != nil {
			return err
		}
		return bumpTx(ctx, tx)
	})
	return seeded, err
}

func saveTx(ctx context.Context, tx *db.Tx, snap Snapshot, now int64) error {
	for _, b := range snap.Banners {
		raw, _ := json.Marshal(b)
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO content_banner (id, group_name, sequence, body, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET group_name = excluded.group_name, sequence = excluded.sequence, body = excluded.body, updated_at = excluded.updated_at`),
			b.ID, b.GroupName, b.Sequence, string(raw), now); err != nil {
			return fmt.Errorf("save banner %d: %w", b.ID, err)
		}
	}
	for _, a := range snap.Announcements {
		raw, _ := json.Marshal(a)
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO content_announcement (id, type, execution, sequence, published_at, starts_at, ends_at, body, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET type = excluded.type, execution = excluded.execution, sequence = excluded.sequence, published_at = excluded.published_at,
			starts_at = excluded.starts_at, ends_at = excluded.ends_at, body = excluded.body, updated_at = excluded.updated_at`),
			a.ID, a.Type, a.Execution, a.Sequence, a.PublishedAt, a.StartTime, a.EndTime, string(raw), now); err != nil {
			return fmt.Errorf("save announcement %d: %w", a.ID, err)
		}
	}
	for _, h := range snap.Help {
		raw, _ := json.Marshal(h)
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO content_help (section_key, sort, body, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (section_key) DO UPDATE SET sort = excluded.sort, body = excluded.body, updated_at = excluded.updated_at`),
			h.Key, h.Sort, string(raw), now); err != nil {
			return fmt.Errorf("save help %s: %w", h.Key, err)
		}
	}
	return nil
}
