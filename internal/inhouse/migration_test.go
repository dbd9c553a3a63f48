package inhouse

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestAccrualMigration builds rounds on the schema before migration 0019
// (contributions claimed by batches through inhouse_round.jp_batch), then
// migrates: the completed rounds no batch claimed accrue, per currency, and
// nothing else does (a batched, an open and a cancelled round).
func TestAccrualMigration(t *testing.T) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d, left := dbtest.OpenBefore(t, dialect, 19)
			rounds := []struct {
				cur, state   string
				contribution int64
				batch        any
			}{
				{"PHP", "COMPLETED", 100, nil},
				{"PHP", "COMPLETED", 250, nil},
				{"PHP", "COMPLETED", 999, int64(7)}, // claimed by batch 7 already
				{"PHP", "OPEN", 400, nil},           // counts once it completes
				{"PHP", "CANCELLED", 500, nil},      // never counts
				{"USD", "COMPLETED", 30, nil},
				{"USD", "COMPLETED", 0, nil},
			}
			for i, r := range rounds {
				if _, err := d.ExecContext(ctx, d.Rebind(`INSERT INTO inhouse_round (member_id, game, game_code, node_id, currency, amount, state, params, outcome,
					jp_contribution, jp_batch, idem_key, request_hash, created_at, updated_at) VALUES (1, 'dice', 'BGS_DICE', 1, ?, 10000, ?, '{}', '{}', ?, ?, ?, 'h', 0, 0)`),
					r.cur, r.state, r.contribution, r.batch, fmt.Sprintf("k%d", i)); err != nil {
					t.Fatal(err)
				}
			}
			if n, err := d.Migrate(ctx); err != nil || n != left {
				t.Fatalf("migrate: %d %v", n, err)
			}
			rows, err := d.QueryContext(ctx, `SELECT currency, shard, amount FROM inhouse_jackpot_accrual ORDER BY currency, shard`)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var cur string
				var shard, amount int64
				if err := rows.Scan(&cur, &shard, &amount); err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%s/%d:%d", cur, shard, amount))
			}
			rows.Close()
			if want := "[PHP/0:350 USD/0:30]"; fmt.Sprint(got) != want {
				t.Fatalf("accrual after the migration %v, want %s", got, want)
			}
		})
	}
}

// Recovery's reads of unfinished rounds go through the partial index of
// those rounds (inhouse_round_unfinished), on both databases.
func TestStaleRoundsUseUnfinishedIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{staleSQL(statePending, 0), []any{int64(1), 10}},
			{staleSQL(stateOpen, 1), []any{int64(1), GameMines, 10}},
		} {
			if plan := dbtest.Plan(t, d, q.sql, q.args...); !strings.Contains(plan, "inhouse_round_unfinished") {
				t.Errorf("plan does not use inhouse_round_unfinished:\n%s", plan)
			}
		}
	})
}
