package ledger_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestLines(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		clk := clock.NewFixed(t0)
		s := ledger.NewStore(d, clk)
		b := &book{t: t, db: d, s: s}
		b.clearing = b.ensure(ledger.System(ledger.PurposeCashierClearing, php))
		b.house = b.ensure(ledger.System(ledger.PurposeHouse, php))
		alice := b.ensure(ledger.PlayerMain(1, php))
		vendor := b.ensure(ledger.PlayerVendor(1, "JDB", php))
		bob := b.ensure(ledger.PlayerMain(2, php))

		// One posting a day: deposit 1000, bet 300, win 50, transfer 200 to the vendor wallet, bob's deposit.
		day := 24 * time.Hour
		dep := b.post("dep", ledger.KindDeposit, b.clearing.ID, alice.ID, 1_000)
		clk.Advance(day)
		bet := b.post("bet", ledger.KindBet, alice.ID, b.house.ID, 300)
		clk.Advance(day)
		if _, err := s.Post(ctx, ledger.PostingRequest{Key: "win", Kind: ledger.KindWin, Metadata: map[string]string{"round": "r-9"},
			Lines: []ledger.Line{{AccountID: b.house.ID, Amount: -50, Currency: php}, {AccountID: alice.ID, Amount: 50, Currency: php}}}); err != nil {
			t.Fatal(err)
		}
		clk.Advance(day)
		tr := b.post("tr", ledger.KindTransfer, alice.ID, vendor.ID, 200)
		b.post("dep-bob", ledger.KindDeposit, b.clearing.ID, bob.ID, 70)

		t.Run("OK", func(t *testing.T) {
			rows, total, err := s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{alice.ID, vendor.ID}})
			if err != nil {
				t.Fatal(err)
			}
			if total != 5 || len(rows) != 5 {
				t.Fatalf("total %d rows %d, want 5", total, len(rows))
			}
			// Newest first; within the transfer posting, the higher account id first.
			want := []struct {
				posting, account, amount, after int64
				kind                            string
			}{
				{tr.ID, vendor.ID, 200, 200, ledger.KindTransfer},
				{tr.ID, alice.ID, -200, 550, ledger.KindTransfer},
				{0, alice.ID, 50, 750, ledger.KindWin},
				{bet.ID, alice.ID, -300, 700, ledger.KindBet},
				{dep.ID, alice.ID, 1_000, 1_000, ledger.KindDeposit},
			}
			for i, w := range want {
				r := rows[i]
				if (w.posting != 0 && r.PostingID != w.posting) || r.AccountID != w.account || r.Amount != w.amount ||
					r.BalanceAfter != w.after || r.Kind != w.kind || r.Currency != php {
					t.Errorf("row %d = %+v, want %+v", i, r, w)
				}
			}
			if rows[2].Metadata["round"] != "r-9" || rows[0].Metadata == nil {
				t.Errorf("metadata %v %v", rows[2].Metadata, rows[0].Metadata)
			}
			if !rows[4].CreatedAt.Equal(t0) || !rows[0].CreatedAt.Equal(t0.Add(3*day)) {
				t.Errorf("times %v %v", rows[4].CreatedAt, rows[0].CreatedAt)
			}
			// The last balance_after of each account is its balance.
			if rows[1].BalanceAfter != b.balance(alice.ID) || rows[0].BalanceAfter != b.balance(vendor.ID) {
				t.Errorf("balance_after differs from balance")
			}
		})
		t.Run("Range", func(t *testing.T) {
			// From inclusive, To exclusive: days 1 and 2 (the bet and the win).
			rows, total, err := s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{alice.ID}, From: t0.Add(day), To: t0.Add(3 * day)})
			if err != nil {
				t.Fatal(err)
			}
			if total != 2 || len(rows) != 2 || rows[0].Kind != ledger.KindWin || rows[1].Kind != ledger.KindBet {
				t.Fatalf("total %d rows %+v", total, rows)
			}
		})
		t.Run("Kinds", func(t *testing.T) {
			rows, total, err := s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{alice.ID, bob.ID}, Kinds: []string{ledger.KindDeposit}})
			if err != nil {
				t.Fatal(err)
			}
			if total != 2 || len(rows) != 2 || rows[0].AccountID != bob.ID || rows[1].AccountID != alice.ID {
				t.Fatalf("total %d rows %+v", total, rows)
			}
		})
		t.Run("Paging", func(t *testing.T) {
			var seen []int64
			for off := 0; off < 6; off += 2 {
				rows, total, err := s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{alice.ID}, Offset: off, Limit: 2})
				if err != nil {
					t.Fatal(err)
				}
				if total != 4 {
					t.Fatalf("total %d, want 4", total)
				}
				for _, r := range rows {
					seen = append(seen, r.BalanceAfter)
				}
			}
			if fmt.Sprint(seen) != "[550 750 700 1000]" {
				t.Fatalf("pages gave %v", seen)
			}
		})
		t.Run("NoAccounts", func(t *testing.T) {
			rows, total, err := s.Lines(ctx, ledger.LinesQuery{})
			if err != nil || total != 0 || len(rows) != 0 {
				t.Fatalf("%v %d %v", rows, total, err)
			}
		})
		t.Run("OtherAccountsNotSeen", func(t *testing.T) {
			rows, total, err := s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{bob.ID}})
			if err != nil || total != 1 || len(rows) != 1 || rows[0].Amount != 70 || rows[0].BalanceAfter != 70 {
				t.Fatalf("%+v %d %v", rows, total, err)
			}
		})
		b.verifyClean()
	})
}

// TestBalanceAfterBackfill builds a ledger on the schema before migration
// 0012 (no balance_after), then migrates: every old line gets the running
// sum of its account in posting order and its posting's time, and the
// append-only trigger is back afterwards.
func TestBalanceAfterBackfill(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d, left := dbtest.OpenBefore(t, dialect, 12)
			// Old-schema rows: accounts 1 (clearing, may go negative) and 2, 3 (players).
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := d.ExecContext(ctx, d.Rebind(q), args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec(`INSERT INTO ledger_account (owner_type, owner_id, purpose, currency, allow_negative, balance, created_at, updated_at) VALUES
				('system', 0, 'cashier_clearing', 'PHP', 1, -160, 0, 0), ('member', 1, 'player_main', 'PHP', 0, 90, 0, 0), ('member', 2, 'player_main', 'PHP', 0, 70, 0, 0)`)
			postings := []struct {
				at    int64
				lines [][2]int64 // account, amount
			}{
				{1000, [][2]int64{{1, -100}, {2, 100}}},
				{2000, [][2]int64{{1, -70}, {3, 70}}},
				{3000, [][2]int64{{2, -30}, {1, 30}}},
				{4000, [][2]int64{{1, -20}, {2, 20}}},
			}
			for i, p := range postings {
				exec(`INSERT INTO ledger_posting (idempotency_key, input_hash, kind, metadata, created_at) VALUES (?, 'h', 'deposit', '{}', ?)`, fmt.Sprintf("k%d", i), p.at)
				for _, l := range p.lines {
					exec(`INSERT INTO ledger_line (posting_id, account_id, amount, currency) VALUES (?, ?, ?, 'PHP')`, i+1, l[0], l[1])
				}
			}
			if n, err := d.Migrate(ctx); err != nil || n != left {
				t.Fatalf("migrate: %d %v", n, err)
			}
			rows, err := d.QueryContext(ctx, `SELECT posting_id, account_id, balance_after, created_at FROM ledger_line ORDER BY posting_id, account_id`)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var p, a, bal, at int64
				if err := rows.Scan(&p, &a, &bal, &at); err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%d/%d:%d@%d", p, a, bal, at))
			}
			rows.Close()
			want := "[1/1:-100@1000 1/2:100@1000 2/1:-170@2000 2/3:70@2000 3/1:-140@3000 3/2:70@3000 4/1:-160@4000 4/2:90@4000]"
			if fmt.Sprint(got) != want {
				t.Fatalf("after backfill\n got %v\nwant %s", got, want)
			}
			rep, err := ledger.NewStore(d, nil).Verify(ctx)
			if err != nil || !rep.OK() {
				t.Fatalf("verify: %+v %v", rep, err)
			}
			if _, err := d.ExecContext(ctx, `UPDATE ledger_line SET amount = amount + 1`); err == nil {
				t.Fatal("the append-only trigger is gone after the migration")
			}
		})
	}
}
