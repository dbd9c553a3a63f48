package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/palaro/palaro/internal/platform/db"
)

// Pipelined batches (PostgreSQL). A batch's transaction through
// database/sql is four round trips in a row: BEGIN, the read, the write,
// COMMIT. Each one also wakes the writer goroutine from the network poller
// and queues it behind every runnable request goroutine, so under load a
// round trip costs the writer far more than the network (it waits for a
// CPU as well as for PostgreSQL). Here the batch
// talks to the pgx connection itself (pgconn), and the protocol's pipelining
// sends BEGIN with the read and COMMIT with the write: two round trips.
//
// The statements are those of setSQL (readSQL, writeSQL) and the hooks',
// each of a fixed text, prepared once per connection (pgx.Conn.Prepare,
// idempotent per name and text) and then executed by name with text
// parameters, so PostgreSQL neither parses nor analyses them again. Hooks
// that can (PipelinedHook) add their statement to the last round trip,
// between the write and COMMIT; a batch with any other hook takes the
// database/sql path, since that hook writes through *db.Tx.

// pipeSQL is a batchSQL over one PostgreSQL connection.
type pipeSQL struct {
	ctx       context.Context
	db        *db.DB
	conn      *pgx.Conn
	pc        *pgconn.PgConn
	types     *pgtype.Map
	begun     bool          // BEGIN sent
	committed bool          // COMMIT done
	pending   *pgconn.Batch // the write, sent by finish with COMMIT
	pendingN  int           // statements in pending
}

// commitPipelined runs one attempt of a batch on a pipelined connection.
func (s *Store) commitPipelined(ctx context.Context, batch []*pending, now time.Time) (results []result, err error) {
	conn, err := s.db.FixedConn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("ledger: PostgreSQL connection of type %T", dc)
		}
		q := &pipeSQL{ctx: ctx, db: s.db, conn: sc.Conn(), pc: sc.Conn().PgConn(), types: sc.Conn().TypeMap()}
		results, err = applyBatch(ctx, q, batch, now)
		if err == nil {
			err = q.finish(batch, results)
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

// prepare returns the name of query's prepared statement on this
// connection, preparing it (one round trip) the first time.
func (q *pipeSQL) prepare(query string) (string, error) {
	name, ok := stmtNames.Load(query)
	if !ok {
		sum := sha256.Sum256([]byte(query))
		name, _ = stmtNames.LoadOrStore(query, "palaro_batch_"+hex.EncodeToString(sum[:8]))
	}
	if _, err := q.conn.Prepare(q.ctx, name.(string), query); err != nil {
		return "", err
	}
	return name.(string), nil
}

// stmtNames maps the pipelined statements' texts (a handful, all fixed) to
// their prepared names.
var stmtNames sync.Map

func (q *pipeSQL) exec(sql string) error {
	_, err := q.pc.Exec(q.ctx, sql).ReadAll()
	return err
}

func (q *pipeSQL) read(keys []string, reverses, ids []int64, n int, guards []guardCall) (batchState, error) {
	st := batchState{existing: map[string]storedKey{}, reversed: map[int64]bool{}, accts: make(map[int64]*lockedAccount, len(ids))}
	name, err := q.prepare(readSQL)
	if err != nil {
		return st, err
	}
	params, err := textParams(readArgs(keys, reverses, ids, n))
	if err != nil {
		return st, err
	}
	b := &pgconn.Batch{}
	b.ExecParams("BEGIN", nil, nil, nil, nil)
	b.ExecParams(setNoSeqScan, nil, nil, nil, nil)
	b.ExecPrepared(name, params, nil, nil)
	// The guards, after the read (its accounts locked), in the same round trip.
	stmts := make([]GuardStatement, len(guards))
	for k, c := range guards {
		stmts[k] = c.hook.GuardStatement(c.data)
		name, err := q.prepare(stmts[k].Query)
		if err != nil {
			return st, err
		}
		params, err := textParams(stmts[k].Args)
		if err != nil {
			return st, err
		}
		b.ExecPrepared(name, params, nil, nil)
	}
	q.begun = true
	res, err := q.pc.ExecBatch(q.ctx, b).ReadAll()
	if err != nil {
		return st, err
	}
	if len(res) != 3+len(guards) {
		return st, fmt.Errorf("ledger: read batch gave %d results", len(res))
	}
	for k, c := range guards {
		failed, err := stmts[k].Failed(textRows{types: q.types, res: res[3+k]})
		if err != nil {
			return st, err
		}
		if err := st.failed(c, failed); err != nil {
			return st, err
		}
	}
	var found []string
	for _, row := range res[2].Rows {
		if len(row) != 5 {
			return st, fmt.Errorf("ledger: read row of %d columns", len(row))
		}
		id, err1 := strconv.ParseInt(string(row[1]), 10, 64)
		neg, err2 := strconv.ParseInt(string(row[3]), 10, 64)
		bal, err3 := strconv.ParseInt(string(row[4]), 10, 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			return st, fmt.Errorf("ledger: read row: %w", err)
		}
		if text := string(row[2]); st.add(string(row[0]), id, text, neg, bal) {
			found = append(found, text)
		}
	}
	slices.Sort(st.ids)
	// The input hashes of the keys found (rare: replays and mismatches).
	if len(found) > 0 {
		params, err := textParams([]any{found})
		if err != nil {
			return st, err
		}
		r := q.pc.ExecParams(q.ctx, hashesSQL, params, nil, nil, nil).Read()
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

// write queues the batch's write (and the statement of its facts): it is
// sent with the hooks' statements and COMMIT (finish), in one round trip.
func (q *pipeSQL) write(postings []postingWrite, ups []accountUpdate, at int64) error {
	name, err := q.prepare(writeSQL)
	if err != nil {
		return err
	}
	params, err := textParams(writeArgs(postings, ups, at))
	if err != nil {
		return err
	}
	q.pending = &pgconn.Batch{}
	q.pending.ExecPrepared(name, params, nil, nil)
	q.pendingN = 1
	if facts := writtenFacts(postings); len(facts) > 0 {
		name, err := q.prepare(factsSQL)
		if err != nil {
			return err
		}
		params, err := textParams(factArgs(facts, at))
		if err != nil {
			return err
		}
		q.pending.ExecPrepared(name, params, nil, nil)
		q.pendingN++
	}
	return nil
}

// finish sends what write queued, the hooks' statements and COMMIT, then
// hands each hook its rows.
func (q *pipeSQL) finish(batch []*pending, results []result) error {
	groups := hookGroups(batch, results)
	stmts := make([]HookStatement, len(groups))
	for k, g := range groups {
		ph, ok := g.hook.(PipelinedHook)
		if !ok {
			return errNeedsTx
		}
		st, ok, err := ph.PipelineStatement(q.ctx, g.posted)
		if err != nil {
			return err
		}
		if !ok {
			return errNeedsTx
		}
		stmts[k] = st
	}
	b := q.pending
	if b == nil {
		b = &pgconn.Batch{}
	}
	for _, st := range stmts {
		name, err := q.prepare(st.Query)
		if err != nil {
			return err
		}
		params, err := textParams(st.Args)
		if err != nil {
			return err
		}
		b.ExecPrepared(name, params, nil, nil)
	}
	b.ExecParams("COMMIT", nil, nil, nil, nil)
	res, err := q.pc.ExecBatch(q.ctx, b).ReadAll()
	if err != nil {
		return err // a statement failed (the rest was skipped) or COMMIT did
	}
	want := q.pendingN + len(stmts) + 1
	if len(res) != want || res[want-1].CommandTag.String() != "COMMIT" {
		// COMMIT of a transaction that had failed answers ROLLBACK.
		return fmt.Errorf("ledger: batch not committed (%d results of %d)", len(res), want)
	}
	q.committed = true
	for k, st := range stmts {
		if st.Done == nil {
			continue
		}
		if err := st.Done(q.ctx, textRows{types: q.types, res: res[q.pendingN+k]}); err != nil {
			for _, i := range groups[k].index {
				results[i].err = err
			}
		}
	}
	return nil
}

// errNeedsTx: a hook of the batch cannot run in the pipeline; the batch is
// rolled back and runs in a database/sql transaction instead.
var errNeedsTx = errors.New("ledger: a hook needs a database/sql transaction")

// hookGroup is one distinct hook of a batch with its written postings.
type hookGroup struct {
	hook   Hook
	posted []Hooked
	index  []int // their places in the batch
}

func hookGroups(batch []*pending, results []result) []hookGroup {
	var groups []hookGroup
	for i, p := range batch {
		h := p.req.Hook
		if h == nil || results[i].err != nil || results[i].p.Replay {
			continue
		}
		k := slices.IndexFunc(groups, func(g hookGroup) bool { return g.hook == h })
		if k < 0 {
			k = len(groups)
			groups = append(groups, hookGroup{hook: h})
		}
		groups[k].posted = append(groups[k].posted, hooked(batch, results, i))
		groups[k].index = append(groups[k].index, i)
	}
	return groups
}

// textRows reads a result in the text format through pgx's type map.
type textRows struct {
	types *pgtype.Map
	res   *pgconn.Result
}

func (r textRows) Len() int { return len(r.res.Rows) }

func (r textRows) Scan(i int, dest ...any) error {
	row := r.res.Rows[i]
	if len(dest) != len(row) || len(dest) != len(r.res.FieldDescriptions) {
		return fmt.Errorf("ledger: scan %d values from a row of %d", len(dest), len(row))
	}
	for j, d := range dest {
		fd := r.res.FieldDescriptions[j]
		if err := r.types.Scan(fd.DataTypeOID, fd.Format, row[j], d); err != nil {
			return fmt.Errorf("ledger: column %s: %w", fd.Name, err)
		}
	}
	return nil
}

// posting reads a stored posting (a replay's first answer). It was
// committed before this batch read its key, so any connection reads it.
func (q *pipeSQL) posting(id int64) (Posting, error) { return postingByID(q.ctx, q.db, id) }

// textParams encodes statement arguments in PostgreSQL's text format (nil
// is NULL). The arrays are written here: a batch sends about fifteen, and
// pgx's reflective array codec cost several per cent of the server's CPU at
// 2,000 callbacks/s.
func textParams(args []any) ([][]byte, error) {
	out := make([][]byte, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case nil:
			continue
		case int64:
			out[i] = strconv.AppendInt(nil, v, 10)
			continue
		case int:
			out[i] = strconv.AppendInt(nil, int64(v), 10)
			continue
		case string:
			out[i] = []byte(v)
			continue
		case []int64:
			out[i] = int64ArrayText(v)
			continue
		case []string:
			out[i] = textArrayText(v)
			continue
		}
		return nil, fmt.Errorf("ledger: statement argument %d of type %T", i, a)
	}
	return out, nil
}

// int64ArrayText is an int8[] literal: {1,-2,3}.
func int64ArrayText(v []int64) []byte {
	b := make([]byte, 0, 2+len(v)*8)
	b = append(b, '{')
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, n, 10)
	}
	return append(b, '}')
}

// textArrayText is a text[] literal with every element quoted, backslash
// and double quote escaped: {"a","b\"c"}. An element is never NULL.
func textArrayText(v []string) []byte {
	n := 2
	for _, s := range v {
		n += len(s) + 3
	}
	b := make([]byte, 0, n)
	b = append(b, '{')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		for j := 0; j < len(s); j++ {
			if c := s[j]; c == '"' || c == '\\' {
				b = append(b, '\\')
			}
			b = append(b, s[j])
		}
		b = append(b, '"')
	}
	return append(b, '}')
}
