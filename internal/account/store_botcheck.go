package account

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/secrets"
)

// Secret returns the secret called name (internal/platform/secrets: the
// platform keeps the secrets, the account domain only asks for its own).
func (s *Store) Secret(ctx context.Context, name, candidate string, now time.Time) (string, error) {
	return secrets.NewStore(s.db).Secret(ctx, name, candidate, now)
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
