package content

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Version reads the content version every change bumps (instances poll it
// and reload only when it moved).
func (s *Store) Version(ctx context.Context) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, `SELECT version FROM content_version WHERE id = 1`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("content version: %w", err)
	}
	return v, nil
}

func bumpTx(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `UPDATE content_version SET version = version + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("bump content version: %w", err)
	}
	return nil
}

// Edit runs fn in one transaction and bumps the version with it.
func (s *Store) Edit(ctx context.Context, fn func(tx *db.Tx) error) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return bumpTx(ctx, tx)
	})
}

// bodyTx reads one row's JSON body into v; false when there is none.
func bodyTx(ctx context.Context, tx *db.Tx, query string, key any, v any) (bool, error) {
	var raw string
	err := tx.QueryRowContext(ctx, tx.Rebind(query), key).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal([]byte(raw), v)
}

func bannerTx(ctx context.Context, tx *db.Tx, id int64) (Banner, bool, error) {
	var b Banner
	ok, err := bodyTx(ctx, tx, `SELECT body FROM content_banner WHERE id = ?`, id, &b)
	return b, ok, err
}

func announcementTx(ctx context.Context, tx *db.Tx, id int64) (Announcement, bool, error) {
	var a Announcement
	ok, err := bodyTx(ctx, tx, `SELECT body FROM content_announcement WHERE id = ?`, id, &a)
	return a, ok, err
}

func helpTx(ctx context.Context, tx *db.Tx, key string) (HelpSection, bool, error) {
	var h HelpSection
	ok, err := bodyTx(ctx, tx, `SELECT body FROM content_help WHERE section_key = ?`, key, &h)
	return h, ok, err
}

// groupTx lists a banner group in display order.
func groupTx(ctx context.Context, tx *db.Tx, group string) ([]Banner, error) {
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT body FROM content_banner WHERE group_name = ? ORDER BY sequence, id`), group)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Banner
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, err
		}
		var b Banner
		if err := json.Unmarshal([]byte(raw), &b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// nextTx answers one more than the largest value of query (ids, sequences).
func nextTx(ctx context.Context, tx *db.Tx, query string, args ...any) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, tx.Rebind(query), args...).Scan(&n); err != nil {
		return 0, err
	}
	return n + 1, nil
}

func deleteTx(ctx context.Context, tx *db.Tx, query string, key any) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(query), key)
	return err
}

// SaveImage keeps an uploaded picture under its name (a repeat is a no-op).
func (s *Store) SaveImage(ctx context.Context, name, contentType string, data []byte, now int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO content_image (name, content_type, data, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO NOTHING`), name, contentType, data, now)
	if err != nil {
		return fmt.Errorf("save content image: %w", err)
	}
	return nil
}

// Image reads an uploaded picture; false when there is none.
func (s *Store) Image(ctx context.Context, name string) (string, []byte, bool, error) {
	var ct string
	var data []byte
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT content_type, data FROM content_image WHERE name = ?`), name).Scan(&ct, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, fmt.Errorf("read content image: %w", err)
	}
	return ct, data, true, nil
}
