package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

// batchSQL is how a batch reads and writes the ledger inside its
// transaction. The batch logic (commit.go) is the same on both databases;
// the statements differ in shape, because their costs do:
//
//   - PostgreSQL (setSQL): every statement is a network round trip, so a
//     batch is BEGIN, one read (the accounts locked FOR UPDATE in id order,
//     the keys already posted, the postings already reversed, fresh posting
//     ids), one write (postings, lines and balances through data-modifying
//     CTEs) and COMMIT; both of a fixed text, the batch's values passed as
//     arrays, so each connection prepares them once.
//   - SQLite (rowSQL): a statement is a function call in-process, but parsing
//     a new statement shaped by the batch every time costs more than its
//     rows. So each step runs statements of a fixed shape (prepared once per
//     connection, kept by the Store), a chunk of keys, accounts or rows per
//     statement and the remainder one at a time (see readChunk). The
//     transaction already holds the write lock (BEGIN IMMEDIATE), so no FOR
//     UPDATE is needed.
type batchSQL interface {
	// read returns the stored keys among keys, which of reverses are already
	// reversed, and the accounts ids (ascending), locked; on PostgreSQL also n
	// fresh posting ids, ascending (nil: write assigns them).
	// read also runs the batch's guards (guardCalls), after the accounts
	// are locked, and notes the postings whose guard failed.
	read(keys []string, reverses, ids []int64, n int, guards []guardCall) (batchState, error)
	// write inserts the postings in order (setting their ids when read did
	// not) with their lines, and the touched accounts' balances.
	write(postings []postingWrite, ups []accountUpdate, at int64) error
	posting(id int64) (Posting, error)
}

type batchState struct {
	existing  map[string]storedKey
	reversed  map[int64]bool
	accts     map[int64]*lockedAccount
	ids       []int64
	unguarded map[int]bool // batch indexes of postings whose guard failed
}

// guardCall is one GuardedHook of a batch with the data of its guarded
// postings (GuardedHook), and their places in the batch.
type guardCall struct {
	hook  GuardedHook
	data  []any
	index []int
}

// guardCalls groups the batch's guarded postings by hook.
func guardCalls(batch []*pending) []guardCall {
	var calls []guardCall
	for i, p := range batch {
		if !p.req.Guarded {
			continue
		}
		h := p.req.Hook.(GuardedHook) // validate made sure
		k := slices.IndexFunc(calls, func(c guardCall) bool { return c.hook == h })
		if k < 0 {
			k = len(calls)
			calls = append(calls, guardCall{hook: h})
		}
		calls[k].data = append(calls[k].data, p.req.HookData)
		calls[k].index = append(calls[k].index, i)
	}
	return calls
}

// failed notes the postings of c at the positions failed (in c.data).
func (st *batchState) failed(c guardCall, failed []int) error {
	for _, j := range failed {
		if j < 0 || j >= len(c.index) {
			return fmt.Errorf("ledger: guard failed position %d of %d", j, len(c.index))
		}
		if st.unguarded == nil {
			st.unguarded = map[int]bool{}
		}
		st.unguarded[c.index[j]] = true
	}
	return nil
}

// guard runs the guards in tx (a database/sql transaction).
func (st *batchState) guard(ctx context.Context, tx *db.Tx, guards []guardCall) error {
	for _, c := range guards {
		holds, err := c.hook.Guard(ctx, tx, c.data)
		if err != nil {
			return err
		}
		if len(holds) != len(c.data) {
			return fmt.Errorf("ledger: %d guard answers for %d postings", len(holds), len(c.data))
		}
		var failed []int
		for j, ok := range holds {
			if !ok {
				failed = append(failed, j)
			}
		}
		if err := st.failed(c, failed); err != nil {
			return err
		}
	}
	return nil
}

// add takes one row of readSQL (kind, id, text, allow_negative,
// balance); true for a stored key (whose input hash is read next).
func (st *batchState) add(kind string, id int64, text string, neg, bal int64) (key bool) {
	switch kind {
	case "a":
		st.accts[id] = &lockedAccount{currency: text, neg: neg != 0, balance: bal}
	case "k":
		st.existing[text] = storedKey{id: id}
		return true
	case "r":
		st.reversed[id] = true
	case "n":
		st.ids = append(st.ids, id)
	}
	return false
}

type postingWrite struct {
	p     *pending
	id    int64
	after []int64 // balance after each line
}

type accountUpdate struct {
	id, balance, touched int64
}

func (s *Store) batchSQL(ctx context.Context, tx *db.Tx) batchSQL {
	if tx.Dialect() == db.Postgres {
		return setSQL{ctx: ctx, tx: tx}
	}
	return rowSQL{ctx: ctx, tx: tx, s: s}
}

// ---------------------------------------------------------------- PostgreSQL

type setSQL struct {
	ctx context.Context
	tx  *db.Tx
}

// readSQL is the batch's read (PostgreSQL): the accounts locked FOR UPDATE
// in id order, the keys already posted, the postings already reversed, and
// $4 posting ids drawn from the sequence. Rows: kind ('a', 'k', 'r', 'n'),
// id, text, allow_negative, balance. Its text is fixed (the batch's values
// travel as arrays), so a connection prepares it once: parsing and analysing
// a statement shaped by each batch costs PostgreSQL more than running it.
// Its plan is index
// lookups whatever the tables' sizes (setNoSeqScan;
// TestBatchStatementsUseIndexes checks the generic plan).
const readSQL = `WITH a AS (SELECT id, currency, allow_negative, balance FROM ledger_account WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE)
	SELECT 'a', id, currency, allow_negative, balance FROM a
	UNION ALL SELECT 'k', id, idempotency_key, 0, 0 FROM ledger_posting WHERE idempotency_key = ANY($2::text[])
	UNION ALL SELECT 'r', reverses_posting_id, '', 0, 0 FROM ledger_posting WHERE reverses_posting_id = ANY($3::bigint[])
	UNION ALL SELECT 'n', nextval(pg_get_serial_sequence('ledger_posting', 'id')), '', 0, 0 FROM generate_series(1, $4::integer)`

// setNoSeqScan starts every PostgreSQL batch transaction. A prepared
// statement's generic plan is made once, on the tables as they are then, and
// kept until the next ANALYZE of a table it reads; made on a new database's
// few rows (the demo brand's, say), it is sequential scans, which PostgreSQL
// would then keep using on a ledger growing by thousands of rows a second
// until autovacuum analyses it, and bets wait seconds. With sequential
// scans off, every plan made in a batch (the batch's statements, the hooks',
// the foreign-key checks') is the index lookup, whatever the tables' sizes.
const setNoSeqScan = `SET LOCAL enable_seqscan = off`

// readArgs are readSQL's arguments.
func readArgs(keys []string, reverses, ids []int64, n int) []any {
	return []any{nonNil(ids), nonNil(keys), nonNil(reverses), n}
}

// nonNil keeps an empty argument an empty array ('{}'), never NULL.
func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// read is one statement: the accounts locked FOR UPDATE in id order, the
// keys already posted, the postings already reversed, and n posting ids
// drawn from the sequence (ids of refused postings are simply not used).
func (q setSQL) read(keys []string, reverses, ids []int64, n int, guards []guardCall) (batchState, error) {
	st := batchState{existing: map[string]storedKey{}, reversed: map[int64]bool{}, accts: make(map[int64]*lockedAccount, len(ids))}
	if _, err := q.tx.ExecContext(q.ctx, setNoSeqScan); err != nil {
		return st, err
	}
	rows, err := q.tx.QueryContext(q.ctx, readSQL, readArgs(keys, reverses, ids, n)...)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var kind, text string
		var id, neg, bal int64
		if err := rows.Scan(&kind, &id, &text, &neg, &bal); err != nil {
			return st, err
		}
		if st.add(kind, id, text, neg, bal) {
			found = append(found, text)
		}
	}
	if err := rows.Err(); err != nil {
		return st, err
	}
	rows.Close()
	slices.Sort(st.ids)
	// The input hashes of the keys found (rare: replays and mismatches).
	if len(found) > 0 {
		rows, err := q.tx.QueryContext(q.ctx, hashesSQL, found)
		if err != nil {
			return st, err
		}
		defer rows.Close()
		for rows.Next() {
			var key, hash string
			if err := rows.Scan(&key, &hash); err != nil {
				return st, err
			}
			sk := st.existing[key]
			sk.hash = hash
			st.existing[key] = sk
		}
		if err := rows.Err(); err != nil {
			return st, err
		}
	}
	return st, st.guard(q.ctx, q.tx, guards)
}

// hashesSQL reads the input hashes of keys found posted (PostgreSQL).
const hashesSQL = `SELECT idempotency_key, input_hash FROM ledger_posting WHERE idempotency_key = ANY($1::text[])`

// write is one statement: the postings (ids from read) and their lines
// inserted by data-modifying CTEs, and the touched accounts updated with
// their final balance and version + the number of postings that touched
// them. Foreign keys are checked at the end of the statement, when the
// postings exist.
func (q setSQL) write(postings []postingWrite, ups []accountUpdate, at int64) error {
	if _, err := q.tx.ExecContext(q.ctx, writeSQL, writeArgs(postings, ups, at)...); err != nil {
		return err
	}
	if facts := writtenFacts(postings); len(facts) > 0 {
		if _, err := q.tx.ExecContext(q.ctx, factsSQL, factArgs(facts, at)...); err != nil {
			return err
		}
	}
	return nil
}

// writtenFacts are the facts the written postings carry, in apply order.
func writtenFacts(postings []postingWrite) []activity.Fact {
	var facts []activity.Fact
	for _, w := range postings {
		facts = append(facts, w.p.req.Facts...)
	}
	return facts
}

// factsSQL adds the written postings' facts to the activity stream
// (PostgreSQL), of a fixed text like writeSQL, in the batch's transaction;
// a fact whose key is in the stream already is skipped, as by
// activity.Append, whose columns these are.
const factsSQL = `INSERT INTO activity_event (fact_key, kind, member_id, currency, vendor, game, category,
		amount, win, valid_bet, ref, detail, started_at, occurred_at, created_at)
	SELECT v.k, v.kind, v.m, v.cur, v.vendor, v.game, v.cat, v.amount, v.win, v.vb, v.ref, v.detail, v.st, v.at, $15
	FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
		$8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::bigint[], $14::bigint[])
		WITH ORDINALITY AS v(k, kind, m, cur, vendor, game, cat, amount, win, vb, ref, detail, st, at, i) ORDER BY v.i
	ON CONFLICT (fact_key) DO NOTHING`

// factArgs are factsSQL's arguments.
func factArgs(facts []activity.Fact, at int64) []any {
	n := len(facts)
	var (
		key, kind, cur, vendor, game, cat, ref, detail = make([]string, n), make([]string, n), make([]string, n), make([]string, n),
			make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		member, amount, win, vb, started, occurred = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n),
			make([]int64, n), make([]int64, n)
	)
	for i, f := range facts {
		key[i], kind[i], member[i], cur[i], vendor[i], game[i], cat[i] = f.Key, string(f.Kind), f.MemberID, f.Currency, f.Vendor, f.Game, f.Category
		amount[i], win[i], vb[i], ref[i], detail[i] = f.Amount, f.Win, f.ValidBet, f.Ref, f.Detail
		started[i], occurred[i] = unixMilli(f.StartedAt), f.At.UnixMilli()
	}
	return []any{key, kind, member, cur, vendor, game, cat, amount, win, vb, ref, detail, started, occurred, at}
}

// writeSQL is the batch's write (PostgreSQL), of a fixed text like readSQL:
// the postings, in order, then their lines, in order (the balance_after
// chains follow line ids), then the touched accounts.
const writeSQL = `WITH p AS (INSERT INTO ledger_posting (id, idempotency_key, input_hash, kind, reverses_posting_id, metadata, created_at)
		SELECT v.id, v.k, v.h, v.kind, NULLIF(v.rev, 0), v.meta, $7 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
			WITH ORDINALITY AS v(id, k, h, kind, rev, meta, i) ORDER BY v.i),
	l AS (INSERT INTO ledger_line (posting_id, account_id, amount, currency, balance_after, created_at)
		SELECT v.p, v.a, v.amount, v.cur, v.after, $7 FROM unnest($8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::bigint[])
			WITH ORDINALITY AS v(p, a, amount, cur, after, i) ORDER BY v.i)
	UPDATE ledger_account SET balance = u.balance, version = ledger_account.version + u.touched, updated_at = $7
	FROM unnest($13::bigint[], $14::bigint[], $15::bigint[]) AS u(id, balance, touched)
	WHERE ledger_account.id = ANY($13::bigint[]) AND ledger_account.id = u.id`

// writeArgs are writeSQL's arguments.
func writeArgs(postings []postingWrite, ups []accountUpdate, at int64) []any {
	n := 0
	for _, w := range postings {
		n += len(w.p.lines)
	}
	var (
		pid, rev                = make([]int64, len(postings)), make([]int64, len(postings))
		key, hash, kind, meta   = make([]string, len(postings)), make([]string, len(postings)), make([]string, len(postings)), make([]string, len(postings))
		lp, la, lamount, lafter = make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
		lcur                    = make([]string, 0, n)
		uid, ubalance, utouched = make([]int64, len(ups)), make([]int64, len(ups)), make([]int64, len(ups))
	)
	for i, w := range postings {
		pid[i], key[i], hash[i], kind[i], rev[i], meta[i] = w.id, w.p.req.Key, w.p.hash, w.p.req.Kind, w.p.reverses, w.p.meta
		for j, l := range w.p.lines {
			lp, la, lamount, lcur, lafter = append(lp, w.id), append(la, l.AccountID), append(lamount, l.Amount), append(lcur, l.Currency), append(lafter, w.after[j])
		}
	}
	for i, u := range ups {
		uid[i], ubalance[i], utouched[i] = u.id, u.balance, u.touched
	}
	return []any{pid, key, hash, kind, rev, meta, at, lp, la, lamount, lcur, lafter, uid, ubalance, utouched}
}

func (q setSQL) posting(id int64) (Posting, error) { return postingByID(q.ctx, q.tx, id) }

// ---------------------------------------------------------------- SQLite

type rowSQL struct {
	ctx context.Context
	tx  *db.Tx
	s   *Store
}

// The statements of the SQLite batch path, each of a fixed shape so it is
// prepared once per connection. Every statement run costs a few microseconds
// on top of its rows (database/sql, argument binding, the driver's call), so
// the batch works a chunk of rows per statement: the keys and accounts
// readChunk at a time (a short chunk repeats its last value, whose row
// comes again into the same map entry), the postings writeChunk and the lines lineChunk at a time,
// and the rest one row per statement.
const (
	readChunk         = 16
	writeChunk        = 8
	lineChunk         = 16
	sqlReversedBy     = `SELECT COUNT(*) FROM ledger_posting WHERE reverses_posting_id = ?`
	sqlInsertPostingH = `INSERT INTO ledger_posting (idempotency_key, input_hash, kind, reverses_posting_id, metadata, created_at) VALUES `
	sqlInsertPosting  = sqlInsertPostingH + `(?, ?, ?, ?, ?, ?) RETURNING id, idempotency_key`
	sqlInsertLineH    = `INSERT INTO ledger_line (posting_id, account_id, amount, currency, balance_after, created_at) VALUES `
	sqlInsertLine     = sqlInsertLineH + `(?, ?, ?, ?, ?, ?)`
	sqlUpdateAccount  = `UPDATE ledger_account SET balance = ?, version = version + ?, updated_at = ? WHERE id = ?`
)

// The reads join a chunk's values as a table kept outside (CROSS JOIN
// fixes SQLite's join order), so each value is one index seek whatever the
// statistics say. With an IN list the planner weighs the seeks against a
// scan: statistics from an ANALYZE of a young ledger (a few rows) make it
// scan the table, and every batch then reads the whole of a table that
// grows (a settlement's 20,000 postings took minutes).
var (
	sqlKeysByKey = `SELECT p.idempotency_key, p.id, p.input_hash FROM (VALUES ` + placeholders(readChunk, 1) + `) AS v
 CROSS JOIN ledger_posting p ON p.idempotency_key = v.column1`
	sqlAccountsToLock = `SELECT a.id, a.currency, a.allow_negative, a.balance FROM (VALUES ` + placeholders(readChunk, 1) + `) AS v
 CROSS JOIN ledger_account a ON a.id = v.column1`
	sqlInsertPostingsChunk = sqlInsertPostingH + placeholders(writeChunk, 6) + ` RETURNING id, idempotency_key`
	sqlInsertLinesChunk    = sqlInsertLineH + placeholders(lineChunk, 6)
)

// chunkArgs returns the readChunk arguments for vals[i:i+readChunk], the last
// value repeated to fill a short chunk.
func chunkArgs[T any](vals []T, i int) []any {
	args := make([]any, readChunk)
	for k := range args {
		args[k] = vals[min(i+k, len(vals)-1)]
	}
	return args
}

// stmt returns the Store's prepared statement for query, bound to the transaction.
func (q rowSQL) stmt(query string) (*sql.Stmt, error) {
	st, err := q.s.prepared(q.ctx, query)
	if err != nil {
		return nil, err
	}
	return q.tx.StmtContext(q.ctx, st), nil
}

func (q rowSQL) read(keys []string, reverses, ids []int64, _ int, guards []guardCall) (batchState, error) {
	st := batchState{existing: map[string]storedKey{}, reversed: map[int64]bool{}, accts: make(map[int64]*lockedAccount, len(ids))}
	if len(keys) > 0 {
		byKey, err := q.stmt(sqlKeysByKey)
		if err != nil {
			return st, err
		}
		for i := 0; i < len(keys); i += readChunk {
			if err := scanRows(byKey.QueryContext(q.ctx, chunkArgs(keys, i)...))(func(rows *sql.Rows) error {
				var k string
				var sk storedKey
				if err := rows.Scan(&k, &sk.id, &sk.hash); err != nil {
					return err
				}
				st.existing[k] = sk
				return nil
			}); err != nil {
				return st, err
			}
		}
	}
	if len(reverses) > 0 {
		rev, err := q.stmt(sqlReversedBy)
		if err != nil {
			return st, err
		}
		for _, id := range reverses {
			var n int
			if err := rev.QueryRowContext(q.ctx, id).Scan(&n); err != nil {
				return st, err
			}
			if n > 0 {
				st.reversed[id] = true
			}
		}
	}
	if len(ids) > 0 {
		acct, err := q.stmt(sqlAccountsToLock)
		if err != nil {
			return st, err
		}
		for i := 0; i < len(ids); i += readChunk {
			if err := scanRows(acct.QueryContext(q.ctx, chunkArgs(ids, i)...))(func(rows *sql.Rows) error {
				var id int64
				var neg int
				a := &lockedAccount{}
				if err := rows.Scan(&id, &a.currency, &neg, &a.balance); err != nil {
					return err
				}
				a.neg = neg != 0
				st.accts[id] = a
				return nil
			}); err != nil {
				return st, err
			}
		}
	}
	return st, st.guard(q.ctx, q.tx, guards)
}

// scanRows runs fn on every row of a query's result and closes it.
func scanRows(rows *sql.Rows, err error) func(fn func(*sql.Rows) error) error {
	return func(fn func(*sql.Rows) error) error {
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := fn(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	}
}

func (q rowSQL) write(postings []postingWrite, ups []accountUpdate, at int64) error {
	// The postings, writeChunk per statement (then one at a time). A
	// multi-row INSERT assigns rising ids in VALUES order; RETURNING gives
	// them back in no promised order, so each comes with its key (unique
	// among the postings written).
	index := make(map[string]int, len(postings))
	for i := range postings {
		index[postings[i].p.req.Key] = i
	}
	for i := 0; i < len(postings); {
		n, query := 1, sqlInsertPosting
		if len(postings)-i >= writeChunk {
			n, query = writeChunk, sqlInsertPostingsChunk
		}
		ins, err := q.stmt(query)
		if err != nil {
			return err
		}
		args := make([]any, 0, 6*n)
		for _, w := range postings[i : i+n] {
			args = append(args, w.p.req.Key, w.p.hash, w.p.req.Kind, reversesArg(w.p.reverses), w.p.meta, at)
		}
		if err := scanRows(ins.QueryContext(q.ctx, args...))(func(rows *sql.Rows) error {
			var id int64
			var key string
			if err := rows.Scan(&id, &key); err != nil {
				return err
			}
			k, ok := index[key]
			if !ok {
				return fmt.Errorf("ledger: insert returned an unknown key %q", key)
			}
			postings[k].id = id
			return nil
		}); err != nil {
			return err
		}
		i += n
	}
	// Their lines, in posting order, lineChunk per statement (then one at a time).
	var lines []any
	for _, w := range postings {
		if w.id == 0 {
			return fmt.Errorf("ledger: no id returned for posting %q", w.p.req.Key)
		}
		for j, l := range w.p.lines {
			lines = append(lines, w.id, l.AccountID, l.Amount, l.Currency, w.after[j], at)
		}
	}
	for i := 0; i < len(lines); {
		n, query := 1, sqlInsertLine
		if len(lines)-i >= 6*lineChunk {
			n, query = lineChunk, sqlInsertLinesChunk
		}
		st, err := q.stmt(query)
		if err != nil {
			return err
		}
		if _, err := st.ExecContext(q.ctx, lines[i:i+6*n]...); err != nil {
			return err
		}
		i += 6 * n
	}
	upd, err := q.stmt(sqlUpdateAccount)
	if err != nil {
		return err
	}
	for _, u := range ups {
		if _, err := upd.ExecContext(q.ctx, u.balance, u.touched, at, u.id); err != nil {
			return err
		}
	}
	if facts := writtenFacts(postings); len(facts) > 0 {
		// The platform's statement cache prepares Append's statement once
		// per connection, as q.stmt does the batch's own.
		return activity.Append(q.ctx, q.tx, facts...)
	}
	return nil
}

// unixMilli is t in Unix milliseconds, 0 for the zero time.
func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func (q rowSQL) posting(id int64) (Posting, error) { return postingByID(q.ctx, q.tx, id) }

// prepared returns the Store's prepared statement for query (SQLite
// placeholders). database/sql prepares it once per connection and keeps it.
func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmtMu.Lock()
	defer s.stmtMu.Unlock()
	if st, ok := s.stmts[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if s.stmts == nil {
		s.stmts = map[string]*sql.Stmt{}
	}
	s.stmts[query] = st
	return st, nil
}

// queryRow runs a fixed one-row read: prepared once on SQLite (where parsing
// is a large part of a small query's cost), as is on PostgreSQL (pgx caches
// the prepared statement by its text already).
func (s *Store) queryRow(ctx context.Context, query string, args ...any) scanner {
	if s.db.Dialect == db.Postgres {
		return s.db.QueryRowContext(ctx, s.db.Rebind(query), args...)
	}
	st, err := s.prepared(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return st.QueryRowContext(ctx, args...)
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// ---------------------------------------------------------------- helpers

func reversesArg(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// marks is "?, ?, ?" for n placeholders.
func marks(n int) string {
	if n == 0 {
		return ``
	}
	return `?` + strings.Repeat(`, ?`, n-1)
}

// placeholders is "(?, ?), (?, ?)" for rows rows of cols columns.
func placeholders(rows, cols int) string {
	row := `(` + marks(cols) + `)`
	return row + strings.Repeat(`, `+row, rows-1)
}
