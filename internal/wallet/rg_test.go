package wallet

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rg"
)

// movedSums stands in for the daily figures: the transfers into vendors
// that have gone through count as wagers (read from the transfer table
// here, as the figures would have them from the stream).
type movedSums struct{ d *db.DB }

func (m movedSums) Totals(ctx context.Context, memberID int64, _ string, _, _ time.Time) (rg.Sums, error) {
	var out rg.Sums
	err := m.d.QueryRowContext(ctx, m.d.Rebind(`SELECT COALESCE(SUM(amount), 0) FROM wallet_transfer
		WHERE member_id = ? AND direction = ? AND status = ?`), memberID, DirectionIn, TransferSuccess).Scan(&out.TransfersOut)
	return out, err
}

// Money into a transfer-wallet vendor counts as a wager when it moves: 20
// parallel transfers against a wager limit move exactly what the limit
// allows; the refused ones move nothing; money back is never refused.
func TestTransferWagerLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		limits := rg.NewService(rg.NewStore(d), rg.Deps{Brand: s.brand, Activity: movedSums{d}}, rg.DefaultConfig)
		s.transfers.UseLimits(limits)
		token, member := s.login(t, "demo01"), s.memberID(t, "demo01")
		ctx := context.Background()
		lim := int64(50000)
		if _, err := limits.SetLimit(ctx, rg.Player{MemberID: member}, rg.LimitInput{Type: rg.Wager, Period: rg.Day, Amount: &lim}); err != nil {
			t.Fatal(err)
		}
		mainBefore := s.mainBalance(t, member)

		const n = 20
		replies := make([]reply, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				replies[i] = s.transfer(t, token, s.key(), MainWallet, "JDB", "100")
			}(i)
		}
		wg.Wait()
		okN := 0
		for i, r := range replies {
			switch {
			case r.status == 200 && r.value["status"] == TransferSuccess:
				okN++
			case r.status == 403 && r.env.Code == "rg.wager_limit":
			default:
				t.Fatalf("transfer %d: %d %+v", i, r.status, r.env)
			}
		}
		if okN != 5 || s.mainBalance(t, member) != mainBefore-50000 || s.vendorBalance(t, member, "JDB") != 50000 {
			t.Fatalf("%d transfers went through, main %d, vendor %d; want 5 of 100.00 under a 500.00 limit",
				okN, s.mainBalance(t, member), s.vendorBalance(t, member, "JDB"))
		}
		// Money back from the vendor is not a wager.
		if r := s.transfer(t, token, s.key(), "JDB", MainWallet, "100"); r.status != 200 || r.value["status"] != TransferSuccess {
			t.Fatalf("back: %d %+v", r.status, r.env)
		}
		// Every vendor counts against the one limit; a refusal moves nothing.
		before := s.mainBalance(t, member)
		if r := s.transfer(t, token, s.key(), MainWallet, "CQ9", "1"); r.status != 403 || r.env.Code != "rg.wager_limit" {
			t.Fatalf("still over the wager limit: %d %+v", r.status, r.env)
		}
		if s.mainBalance(t, member) != before {
			t.Fatal("a refused transfer moved money")
		}
	})
}
