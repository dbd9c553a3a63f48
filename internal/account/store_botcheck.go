package account

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Secret returns the stored secret called name, storing candidate first
// when there is none (the first instance to ask wins; all others read it).
func (s *Store) Secret(ctx context.Context, name, candidate string, now time.Time) (string, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO account_secret (name, value, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`), name, candidate, ms(now)); err != nil {
		return "", apperr.Internal(err, "insert secret")
	}
	var v string
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT value FROM account_secret WHERE name = ?`), name).Scan(&v); err != nil {
		return "", apperr.Internal(err, "read secret")
	}
	return v, nil
}

// SpendBotChallenge records a solved challenge; false when it was spent before.
// Spent challenges are kept until they expire (after that the salt refuses them).
func (s *Store) SpendBotChallenge(ctx context.Context, challenge string, expires, now time.Time) (bool, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM account_botcheck_spent WHERE expires_at < ?`), ms(now)); err != nil {
		return false, apperr.Internal(err, "purge bot checks")
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO account_botcheck_spent (challenge, expires_at) VALUES (?, ?)
		ON CONFLICT (challenge) DO NOTHING`), challenge, ms(expires))
	if err != nil {
		return false, apperr.Internal(err, "spend bot check")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
