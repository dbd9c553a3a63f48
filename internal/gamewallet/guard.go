package gamewallet

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The betwin guard. A betwin plays a new round under a new transaction id,
// so before its money moves the callback must know that neither was seen:
// a txId answered before gets that answer again, a round that exists is
// refused. Looking both up first costs every betwin a read of its own (on
// PostgreSQL a round trip, taken before the ledger's), though nearly every
// betwin is new. So a betwin posts without it, guarded (ledger.GuardedHook):
// the ledger batch reads, in its own transaction and on PostgreSQL in the
// round trip of its own read, whether the txId or the round exists, and
// leaves the betwin out when one does. The callback then does the lookup
// and answers as it would have (opBetWin).
//
// What the guard reads is the state before the batch, after the batch's
// accounts are locked. Two betwins of one round are serialised by the
// round's lock in this process (lockRound), and two of one txId collide on
// its ledger key; across servers the guard is as good as the lookup it
// replaces, which was read before the posting's transaction.

// sqlGuardSet is the guard of a group of betwins (PostgreSQL): the positions
// (from 0) of those whose txId or round exists.
const sqlGuardSet = `SELECT g.i - 1 FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS g(vendor, tx_id, round_id, i)
	LEFT JOIN LATERAL (SELECT 1 AS found FROM seamless_tx WHERE vendor = g.vendor AND tx_id = g.tx_id LIMIT 1) t ON true
	LEFT JOIN LATERAL (SELECT 1 AS found FROM game_round WHERE vendor = g.vendor AND round_id = g.round_id LIMIT 1) r ON true
	WHERE t.found IS NOT NULL OR r.found IS NOT NULL
	ORDER BY g.i`

// sqlGuardOne is the guard of one betwin: 0 when neither exists.
const sqlGuardOne = `SELECT (SELECT COUNT(*) FROM seamless_tx WHERE vendor = ? AND tx_id = ?) + (SELECT COUNT(*) FROM game_round WHERE vendor = ? AND round_id = ?)`

// Guard implements ledger.GuardedHook in the batch's transaction.
func (r *recorder) Guard(ctx context.Context, tx *db.Tx, data []any) ([]bool, error) {
	recs, err := guardedRecords(data)
	if err != nil {
		return nil, err
	}
	holds := make([]bool, len(recs))
	if tx.Dialect() == db.Postgres {
		rows, err := tx.QueryContext(ctx, sqlGuardSet, guardArgs(recs)...)
		if err != nil {
			return nil, apperr.Internal(err, "guard betwins")
		}
		defer rows.Close()
		for i := range holds {
			holds[i] = true
		}
		for rows.Next() {
			var i int
			if err := rows.Scan(&i); err != nil {
				return nil, apperr.Internal(err, "guard betwins")
			}
			if i < 0 || i >= len(holds) {
				return nil, apperr.Internal(fmt.Errorf("position %d of %d", i, len(holds)), "guard betwins")
			}
			holds[i] = false
		}
		if err := rows.Err(); err != nil {
			return nil, apperr.Internal(err, "guard betwins")
		}
		return holds, nil
	}
	for i, p := range recs {
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(sqlGuardOne), p.t.Vendor, p.t.TxID, p.t.Vendor, p.t.RoundID).Scan(&n); err != nil {
			return nil, apperr.Internal(err, "guard betwin")
		}
		holds[i] = n == 0
	}
	return holds, nil
}

// GuardStatement implements ledger.GuardedHook for a pipelined batch.
func (r *recorder) GuardStatement(data []any) ledger.GuardStatement {
	recs, err := guardedRecords(data)
	return ledger.GuardStatement{Query: sqlGuardSet, Args: guardArgs(recs), Failed: func(rows ledger.HookRows) ([]int, error) {
		if err != nil {
			return nil, err
		}
		failed := make([]int, rows.Len())
		for i := range failed {
			if err := rows.Scan(i, &failed[i]); err != nil {
				return nil, err
			}
		}
		return failed, nil
	}}
}

func guardedRecords(data []any) ([]*pendingRecord, error) {
	recs := make([]*pendingRecord, len(data))
	for i, d := range data {
		p, ok := d.(*pendingRecord)
		if !ok {
			return nil, fmt.Errorf("seamless: guarded posting without a record (%T)", d)
		}
		recs[i] = p
	}
	return recs, nil
}

func guardArgs(recs []*pendingRecord) []any {
	vendor, txID, roundID := make([]string, len(recs)), make([]string, len(recs)), make([]string, len(recs))
	for i, p := range recs {
		vendor[i], txID[i], roundID[i] = p.t.Vendor, p.t.TxID, p.t.RoundID
	}
	return []any{vendor, txID, roundID}
}
