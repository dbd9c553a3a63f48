// Package secrets keeps the process-wide secrets several domains use (the
// sealed-payload key pairs, the bot check's and OAuth state's keys, vendor
// and sandbox keys generated in demo mode): generated once, stored, and read
// by every instance, so one instance's key verifies another's signature.
package secrets

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store reads and creates secrets in platform_secret.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Secret returns the secret called name, storing candidate first when there
// is none: the first instance to ask wins, every other one reads its value.
func (s *Store) Secret(ctx context.Context, name, candidate string, now time.Time) (string, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO platform_secret (name, value, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`), name, candidate, now.UnixMilli()); err != nil {
		return "", apperr.Internal(err, "insert secret")
	}
	var v string
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT value FROM platform_secret WHERE name = ?`), name).Scan(&v); err != nil {
		return "", apperr.Internal(err, "read secret")
	}
	return v, nil
}
