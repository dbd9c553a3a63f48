package account

import (
	"context"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// The demo's plain player and agent are returning accounts: their first login
// on a fresh demo is not a first login (no "thanks for joining" popup, spec
// section 4), while newbie01 has never logged in.
func TestSeedDemoReturningAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		for _, user := range []string{"demo01", "agent01"} {
			res, err := e.svc.Login(context.Background(), botLogin(t, e.svc, LoginRequest{Username: user, Password: DemoPassword, AgentLogin: user == "agent01"}), cl)
			if err != nil {
				t.Fatalf("login %s: %v", user, err)
			}
			if res.FirstTimeLogin || res.PreviousLoginTime == nil {
				t.Fatalf("%s: want a returning account, got first login %+v", user, res)
			}
		}
		if res := e.login(t, "newbie01", DemoPassword); !res.FirstTimeLogin {
			t.Fatalf("newbie01: want a first login, got %+v", res)
		}
	})
}
