package brand

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store keeps the brand document in the brand table. A deployment serves one
// brand: the row with the lowest id.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Load reads the brand document; ErrNotFound when none is stored.
func (s *Store) Load(ctx context.Context) (Config, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, `SELECT config FROM brand ORDER BY id LIMIT 1`).Scan(&raw)
	if db.IsNoRows(err) {
		return Config{}, ErrNotFound
	}
	if err != nil {
		return Config{}, fmt.Errorf("load brand: %w", err)
	}
	var c Config
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return Config{}, fmt.Errorf("decode brand: %w", err)
	}
	return c, nil
}

// LoadVersioned reads the brand document and its version (updated_at).
func (s *Store) LoadVersioned(ctx context.Context) (Config, int64, error) {
	var raw string
	var version int64
	err := s.db.QueryRowContext(ctx, `SELECT config, updated_at FROM brand ORDER BY id LIMIT 1`).Scan(&raw, &version)
	if db.IsNoRows(err) {
		return Config{}, 0, ErrNotFound
	}
	if err != nil {
		return Config{}, 0, fmt.Errorf("load brand: %w", err)
	}
	var c Config
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return Config{}, 0, fmt.Errorf("decode brand: %w", err)
	}
	return c, version, nil
}

// SaveIf replaces the brand document when its version is still version:
// the new version is now, or one past the old when the clock has not moved
// on. ok false (and nothing written) when another change came first.
func (s *Store) SaveIf(ctx context.Context, c Config, version, now int64) (before Config, next int64, ok bool, err error) {
	raw, err := json.Marshal(c)
	if err != nil {
		return Config{}, 0, false, fmt.Errorf("encode brand: %w", err)
	}
	next = max(now, version+1)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var old string
		lock := `SELECT config FROM brand WHERE id = (SELECT MIN(id) FROM brand) AND updated_at = ?`
		if tx.Dialect() == db.Postgres {
			lock += ` FOR UPDATE`
		}
		if err := tx.QueryRowContext(ctx, tx.Rebind(lock), version).Scan(&old); err != nil {
			if db.IsNoRows(err) {
				return nil
			}
			return fmt.Errorf("lock brand: %w", err)
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE brand SET merchant_code = ?, config = ?, updated_at = ?
			WHERE id = (SELECT MIN(id) FROM brand) AND updated_at = ?`), c.MerchantCode, string(raw), next, version)
		if err != nil {
			return fmt.Errorf("update brand: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		if err := json.Unmarshal([]byte(old), &before); err != nil {
			return fmt.Errorf("decode brand: %w", err)
		}
		ok = true
		return nil
	})
	return before, next, ok, err
}

// Exists reports whether a brand is stored.
func (s *Store) Exists(ctx context.Context) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM brand`).Scan(&n); err != nil {
		return false, fmt.Errorf("count brand: %w", err)
	}
	return n > 0, nil
}

// Save replaces the brand document (the merchant code may change with it).
func (s *Store) Save(ctx context.Context, c Config, updatedAt int64) error {
	raw, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("encode brand: %w", err)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE brand SET merchant_code = ?, config = ?, updated_at = ?
			WHERE id = (SELECT MIN(id) FROM brand)`), c.MerchantCode, string(raw), updatedAt)
		if err != nil {
			return fmt.Errorf("update brand: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO brand (merchant_code, config, updated_at) VALUES (?, ?, ?)`),
			c.MerchantCode, string(raw), updatedAt); err != nil {
			return fmt.Errorf("insert brand: %w", err)
		}
		return nil
	})
}

// InsertIfEmpty stores c only when no brand exists; false when one did.
func (s *Store) InsertIfEmpty(ctx context.Context, c Config, updatedAt int64) (bool, error) {
	raw, err := json.Marshal(c)
	if err != nil {
		return false, fmt.Errorf("encode brand: %w", err)
	}
	inserted := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM brand`).Scan(&n); err != nil {
			return fmt.Errorf("count brand: %w", err)
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO brand (merchant_code, config, updated_at) VALUES (?, ?, ?)`),
			c.MerchantCode, string(raw), updatedAt); err != nil {
			return fmt.Errorf("insert brand: %w", err)
		}
		inserted = true
		return nil
	})
	return inserted, err
}
