package account

import (
	"context"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// CreatePlayer creates a normal member (type 0) with a password, applying
// the brand's username and password rules and our password policy; the
// other registration fields are not asked. `palaro member add` uses it
// (the ledger benchmark creates its players with it).
func (s *Service) CreatePlayer(ctx context.Context, username, password string) (Member, error) {
	username = strings.TrimSpace(username)
	if err := firstErr(maxLen("username", username, MaxUsername), maxLen("password", password, MaxPassword)); err != nil {
		return Member{}, err
	}
	if username == "" {
		return Member{}, required("username")
	}
	if password == "" {
		return Member{}, required("password")
	}
	if bc := s.brandConfig(ctx); bc != nil {
		if rule, ok := bc.Rule("username"); ok && rule.Enabled && !rule.Accepts(username) {
			return Member{}, apperr.Invalid("account.field_rule").With("field", "username").With("min", rule.MinLength).With("max", rule.MaxLength)
		}
	}
	if err := s.checkPassword(ctx, username, password); err != nil {
		return Member{}, err
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return Member{}, err
	}
	now := s.clock.Now()
	m := Member{Account: username, Nickname: username, Type: TypeMember, PasswordHash: hash, PasswordChangedAt: now,
		CreatedAt: now, RegisterMethod: "CLI"}
	if err := s.store.CreateMember(ctx, &m); err != nil {
		return Member{}, err
	}
	return m, nil
}
