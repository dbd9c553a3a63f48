package ledger

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/palaro/palaro/internal/platform/db"
)

// Pipelined batches (PostgreSQL). A batch's transaction through
// database/sql is four round trips in a row: BEGIN, the read, the write,
// COMMIT. Each one also wakes the writer goroutine from the network poller
// and queues it behind every runnable request goroutine, so under load a
// round trip costs the writer far more than the network: measured at 2,000
// seamless callbacks/s, the writer waited for a CPU about a quarter of its
// time, and the ledger was two thirds of a callback's latency. Here the batch
// talks to the pgx connection itself (pgconn), and the protocol's pipelining
// sends BEGIN with the read and COMMIT with the write: two round trips.
//
// The statements are those of setSQL (readQuery, writeQuery), sent as
// unnamed statements with text parameters whose types PostgreSQL takes from
// their context (as pgx's exec mode does), so each is planned with its
// actual arguments. A batch whose postings carry a Hook takes the
// database/sql path, since a hook writes in the transaction (*db.Tx).

// pipeSQL is a batchSQL over one PostgreSQL connection.
type pipeSQL struct {
	ctx       context.Context
	db        *db.DB
	pc        *pgconn.PgConn
	begun     bool // BEGIN sent
	committed bool // COMMIT done
}

// commitPipelined runs one attempt of a batch on a pipelined connection.
func (s *Store) commitPipelined(ctx context.Context, batch []*pending, now time.Time) (results []result, err error) {
	conn, err := s.db.DB.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("ledger: PostgreSQL connection of type %T", dc)
		}
		q := &pipeSQL{ctx: ctx, db: s.db, pc: sc.Conn().PgConn()}
		results, err = applyBatch(ctx, q, batch, now)
		if err == nil && !q.committed { // nothing written (refusals and replays only)
			err = q.exec("COMMIT")
			q.committed = err == nil
		}
		if err != nil && q.begun && !q.committed {
			if rbErr := q.exec("ROLLBACK"); rbErr != nil {
				// The connection is in an unknown state: close it, so that
				// database/sql drops it instead of handing it out again.
				_ = q.pc.Close(context.WithoutCancel(ctx))
			}
		}
		return err
	})
	return results, err
}

func (q *pipeSQL) exec(sql string) error {
	_, err := q.pc.Exec(q.ctx, sql).ReadAll()
	return err
}

func (q *pipeSQL) read(keys []string, reverses, ids []int64, n int) (batchState, error) {
	st := batchState{existing: map[string]storedKey{}, reversed: map[int64]bool{}, accts: make(map[int64]*lockedAccount, len(ids))}
	query, args := readQuery(keys, reverses, ids, n)
	params, err := textParams(args)
	if err != nil {
		return st, err
	}
	b := &pgconn.Batch{}
	b.ExecParams("BEGIN", nil, nil, nil, nil)
	b.ExecParams(q.db.Rebind(query), params, nil, nil, nil)
	q.begun = true
	res, err := q.pc.ExecBatch(q.ctx, b).ReadAll()
	if err != nil {
		return st, err
	}
	if len(res) != 2 {
		return st, fmt.Errorf("ledger: read batch gave %d results", len(res))
	}
	var found []string
	for _, row := range res[1].Rows {
		if len(row) != 5 {
			return st, fmt.Errorf("ledger: read row of %d columns", len(row))
		}
		id, err1 := strconv.ParseInt(string(row[1]), 10, 64)
		neg, err2 := strconv.ParseInt(string(row[3]), 10, 64)
		bal, err3 := strconv.ParseInt(string(row[4]), 10, 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			return st, fmt.Errorf("ledger: read row: %w", err)
		}
		text := string(row[2])
		switch string(row[0]) {
		case "a":
			st.accts[id] = &lockedAccount{currency: text, neg: neg != 0, balance: bal}
		case "k":
			st.existing[text] = storedKey{id: id}
			found = append(found, text)
		case "r":
			st.reversed[id] = true
		case "n":
			st.ids = append(st.ids, id)
		}
	}
	slices.Sort(st.ids)
	// The input hashes of the keys found (rare: replays and mismatches).
	if len(found) > 0 {
		params, err := textParams(stringArgs(found))
		if err != nil {
			return st, err
		}
		r := q.pc.ExecParams(q.ctx, q.db.Rebind(`SELECT idempotency_key, input_hash FROM ledger_posting WHERE idempotency_key IN (`+marks(len(found))+`)`),
			params, nil, nil, nil).Read()
		if r.Err != nil {
			return st, r.Err
		}
		for _, row := range r.Rows {
			if len(row) != 2 {
				return st, fmt.Errorf("ledger: hash row of %d columns", len(row))
			}
			sk := st.existing[string(row[0])]
			sk.hash = string(row[1])
			st.existing[string(row[0])] = sk
		}
	}
	return st, nil
}

// write sends the batch's write and COMMIT together.
func (q *pipeSQL) write(postings []postingWrite, ups []accountUpdate, at int64) error {
	query, args := writeQuery(postings, ups, at)
	params, err := textParams(args)
	if err != nil {
		return err
	}
	b := &pgconn.Batch{}
	b.ExecParams(q.db.Rebind(query), params, nil, nil, nil)
	b.ExecParams("COMMIT", nil, nil, nil, nil)
	res, err := q.pc.ExecBatch(q.ctx, b).ReadAll()
	if err != nil {
		return err // the write failed (COMMIT was then skipped) or COMMIT did
	}
	if len(res) != 2 || res[1].CommandTag.String() != "COMMIT" {
		// COMMIT of a transaction that had failed answers ROLLBACK.
		return fmt.Errorf("ledger: batch not committed (%d results)", len(res))
	}
	q.committed = true
	return nil
}

// posting reads a stored posting (a replay's first answer). It was
// committed before this batch read its key, so any connection reads it.
func (q *pipeSQL) posting(id int64) (Posting, error) { return postingByID(q.ctx, q.db, id) }

// textParams encodes the batch statements' arguments in PostgreSQL's text
// format (nil is NULL).
func textParams(args []any) ([][]byte, error) {
	out := make([][]byte, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case nil:
		case int64:
			out[i] = strconv.AppendInt(nil, v, 10)
		case int:
			out[i] = strconv.AppendInt(nil, int64(v), 10)
		case string:
			out[i] = []byte(v)
		default:
			return nil, fmt.Errorf("ledger: batch argument %d of type %T", i, a)
		}
	}
	return out, nil
}
