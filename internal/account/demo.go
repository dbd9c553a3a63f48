package account

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// DemoPassword is the demo accounts' password (README, "Demo accounts").
const DemoPassword = "Palaro2026"

// The demo player and agent (README, "Demo accounts"; the ready banner of `palaro serve`).
const (
	DemoMember = "demo01"
	DemoAgent  = "agent01"
)

// SeedDemo creates the demo accounts once: member demo01, agent agent01
// (invitation code AGENT01) and member newbie01 with the default-password
// flag set (forced change on first login). demo01 and agent01 are returning
// accounts (a login a day before the seed), so their first login here is not
// the account's first login: no first-login popup (spec section 4). It
// reports whether it created any.
func SeedDemo(ctx context.Context, store *Store, p Argon2Params, now time.Time) (bool, error) {
	if _, err := store.MemberByAccount(ctx, DemoMember); err == nil {
		return false, nil
	} else if apperr.As(err).Kind != apperr.KindNotFound {
		return false, err
	}
	hash, err := HashPassword(DemoPassword, p)
	if err != nil {
		return false, err
	}
	members := []Member{
		{Account: DemoMember, Nickname: "Demo Player", Type: TypeMember, Email: "demo01@palaro.example", LastLoginAt: now.Add(-24 * time.Hour)},
		{Account: DemoAgent, Nickname: "Demo Agent", Type: TypeAgent, OwnAffiliateCode: "AGENT01", LastLoginAt: now.Add(-24 * time.Hour)},
		{Account: "newbie01", Nickname: "Newbie", Type: TypeMember, DefaultPassword: true},
	}
	for _, m := range members {
		m.PasswordHash, m.PasswordChangedAt, m.CreatedAt, m.RegisterMethod = hash, now, now, "SEED"
		if err := store.CreateMember(ctx, &m); err != nil {
			return false, err
		}
	}
	return true, nil
}
