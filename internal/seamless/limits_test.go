package seamless

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// limitChecker refuses the bets of the members it holds an error for.
type limitChecker struct {
	mu     sync.Mutex
	refuse map[int64]error
}

func (c *limitChecker) CheckBet(_ context.Context, member int64, _, _ string, _ int64) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refuse[member]
}

func (c *limitChecker) set(member int64, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refuse[member] = err
}

// TestPlayerLimits: a bet or betwin refused by the responsible-gaming
// checks answers PLAYER_LIMIT_REACHED (409) or PLAYER_BLOCKED (403), moves
// nothing and opens no round; the answer is replayed for the same txId
// (even once the limit is lifted); a win and a rollback of other rounds go
// on; a failing check is INTERNAL_ERROR, retried with the same txId.
func TestPlayerLimits(t *testing.T) {
	for _, inPosting := range []bool{false, true} {
		t.Run(map[bool]string{false: "recorder", true: "in-posting"}[inPosting], func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				c := &limitChecker{refuse: map[int64]error{}}
				s := newSiteCfg(t, d, gamewallet.Config{BetChecker: c, AnswersInPosting: inPosting, GuardBetWin: inPosting})
				tok := s.player(61, 100_00)
				p := PlayerID(61)
				st, r := s.call("PG", OpBet, s.bet(tok, p, "b-open", "open", 10_00))
				wantCode(t, st, r, 200, "")
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-rb", "rb", 10_00))
				wantCode(t, st, r, 200, "")

				c.set(61, fmt.Errorf("weekly wager limit: %w", gamewallet.ErrLimitReached))
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-lim", "lim", 5_00))
				wantCode(t, st, r, 409, CodeLimitReached)
				if r.Message == "" || r.Balance != nil {
					t.Fatalf("limit answer %+v", r)
				}
				st, r = s.call("PG", OpBetWin, s.betWin(tok, p, "bw-lim", "lim2", 5_00, 9_00))
				wantCode(t, st, r, 409, CodeLimitReached)
				if got := s.mainBalance(61); got != 80_00 {
					t.Fatalf("main %d after refused bets", got)
				}
				for _, round := range []string{"lim", "lim2"} {
					if _, ok, _ := s.findRound("PG", round); ok {
						t.Fatalf("a refused bet opened %s", round)
					}
				}
				// Other rounds settle.
				st, r = s.call("PG", OpWin, s.win(tok, p, "w-open", "open", 25_00, true))
				wantCode(t, st, r, 200, "")
				st, r = s.call("PG", OpRollback, m{"sessionToken": tok, "playerId": p, "txId": "rb-1", "refTxId": "b-rb", "roundId": "rb", "gameCode": s.slot.Code})
				wantCode(t, st, r, 200, "")
				if *r.Balance != 115_00 {
					t.Fatalf("after win and rollback %+v", r)
				}
				// Blocked.
				c.set(61, gamewallet.ErrPlayerBlocked)
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-blk", "blk", 1_00))
				wantCode(t, st, r, 403, CodePlayerBlocked)
				// Lifted: the refused txIds answer as before, new ones are taken.
				c.set(61, nil)
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-lim", "lim", 5_00))
				wantCode(t, st, r, 409, CodeLimitReached)
				st, r = s.call("PG", OpBetWin, s.betWin(tok, p, "bw-lim", "lim2", 5_00, 9_00))
				wantCode(t, st, r, 409, CodeLimitReached)
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-blk", "blk", 1_00))
				wantCode(t, st, r, 403, CodePlayerBlocked)
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-ok", "ok", 5_00))
				wantCode(t, st, r, 200, "")
				// A check that fails is no refusal: the retry decides.
				c.set(61, errors.New("limits unavailable"))
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-retry", "retry", 5_00))
				wantCode(t, st, r, 500, CodeInternal)
				c.set(61, nil)
				st, r = s.call("PG", OpBet, s.bet(tok, p, "b-retry", "retry", 5_00))
				wantCode(t, st, r, 200, "")
				if *r.Balance != 105_00 || s.mainBalance(61) != 105_00 {
					t.Fatalf("balance %+v %d", r, s.mainBalance(61))
				}
				s.verifyLedger()
			})
		})
	}
}

// TestVendorSecrets: a configured secret is the vendor's; a vendor without
// one has none outside demo mode.
func TestVendorSecrets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		if v, err := s.svc.VendorSecret(ctx, "PG"); err != nil || string(v) != string(testSecret) {
			t.Fatalf("configured secret %q %v", v, err)
		}
		if _, err := s.svc.VendorSecret(ctx, "FC"); err == nil {
			t.Fatal("secret for an unconfigured vendor outside demo")
		}
	})
}
