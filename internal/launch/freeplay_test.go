package launch

import (
	"context"
	"errors"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

type funds struct {
	callers []account.Caller
	err     error
}

func (f *funds) MainAccount(_ context.Context, c account.Caller) (ledger.Account, error) {
	f.callers = append(f.callers, c)
	return ledger.Account{}, f.err
}

// TestFreePlayFunds: a trial account's launch opens its FUN balance first
// (and fails when that fails); a member's launch does not touch it.
func TestFreePlayFunds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWallets(t, d)
		s := newSite(t, d, w.svc)
		f := &funds{}
		s.svc.UseFreePlayFunds(f)
		ctx := context.Background()
		if err := s.rules.PutRule(ctx, Rule{Vendor: "PG", FreePlay: true}, testNow); err != nil {
			t.Fatal(err)
		}
		g := s.firstGame(t, "PG", "RNG")
		s.want(t, launchPath(g), s.login(t, "demo01"), 200, "ok")
		if len(f.callers) != 0 {
			t.Fatalf("member launch opened free-play funds: %+v", f.callers)
		}
		s.want(t, launchPath(g), s.trial(t), 200, "ok")
		if len(f.callers) != 1 || f.callers[0].Type != account.TypeTrial {
			t.Fatalf("trial launch: %+v", f.callers)
		}
		f.err = errors.New("ledger down")
		s.want(t, launchPath(g), s.trial(t), 500, "server.internal")
	})
}
