package db

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// SQLite statement cache. The SQLite driver prepares (parses and plans)
// every statement it is handed, each time: a point read or a one-row update
// spends more on its parse than on its rows. On SQLite, DB and Tx
// therefore run a statement text seen more than once through a *sql.Stmt
// prepared once (database/sql keeps it per connection and reuses it in
// transactions through Tx.StmtContext).
//
// The cache only grows: a text is admitted on its second use, while fewer
// than maxCachedStmts are held, and stays for the DB's life, so a statement
// is never closed under a caller. Texts built per call (IN lists of varying
// length, say) stop being admitted once the cache is full; they then run
// unprepared. Scripts (several statements) and very long texts never are.
// PostgreSQL needs none of this: pgx caches prepared statements by text.

const (
	maxCachedStmts = 512
	maxCachedText  = 4096
	maxSeenTexts   = 4096 // texts counted towards admission (reset when full)
	admitAfterUses = 2
)

type stmtCache struct {
	stmts sync.Map // text → *sql.Stmt

	mu   sync.Mutex
	n    int            // stmts held
	seen map[string]int // uses of texts not (yet) admitted
}

// stmt returns query's prepared statement, or nil to run it unprepared.
// inTx: the caller holds a connection of the pool (a transaction's), so
// preparing, which needs a connection of its own, must not wait for one:
// with every connection held (one, for an in-memory database) it would
// wait for itself. The text is then admitted at a later use. The cache's
// lock is never held while preparing.
func (d *DB) stmt(ctx context.Context, query string, inTx bool) *sql.Stmt {
	c := d.stmts
	if c == nil {
		return nil
	}
	if v, ok := c.stmts.Load(query); ok {
		return v.(*sql.Stmt)
	}
	if len(query) > maxCachedText || strings.Contains(query, ";") {
		return nil
	}
	c.mu.Lock()
	if c.n >= maxCachedStmts {
		c.mu.Unlock()
		return nil
	}
	if c.seen == nil || len(c.seen) >= maxSeenTexts {
		c.seen = map[string]int{}
	}
	c.seen[query]++
	uses := c.seen[query]
	c.mu.Unlock()
	if uses < admitAfterUses {
		return nil
	}
	if inTx {
		if st := d.DB.Stats(); st.Idle == 0 && st.MaxOpenConnections > 0 && st.OpenConnections >= st.MaxOpenConnections {
			return nil
		}
	}
	st, err := d.DB.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil // the unprepared run reports the error
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.stmts.Load(query); ok { // prepared meanwhile by another caller
		_ = st.Close()
		return v.(*sql.Stmt)
	}
	if c.n >= maxCachedStmts {
		_ = st.Close()
		return nil
	}
	delete(c.seen, query)
	c.stmts.Store(query, st)
	c.n++
	return st
}

// CachedStmts is how many statements the cache holds (tests).
func (d *DB) CachedStmts() int {
	if d.stmts == nil {
		return 0
	}
	d.stmts.mu.Lock()
	defer d.stmts.mu.Unlock()
	return d.stmts.n
}

func (d *DB) closeStmts() {
	if d.stmts == nil {
		return
	}
	d.stmts.stmts.Range(func(_, v any) bool {
		_ = v.(*sql.Stmt).Close()
		return true
	})
}

// QueryContext runs a query (prepared once on SQLite).
func (d *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := d.stmt(ctx, query, false); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return d.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a one-row query (prepared once on SQLite).
func (d *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := d.stmt(ctx, query, false); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return d.DB.QueryRowContext(ctx, query, args...)
}

// ExecContext runs a statement in the transaction (prepared once on SQLite).
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := t.db.stmt(ctx, query, true); st != nil {
		return t.Tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, query, args...)
}

// QueryContext runs a query in the transaction (prepared once on SQLite).
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.db.stmt(ctx, query, true); st != nil {
		return t.Tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a one-row query in the transaction (prepared once on
// SQLite).
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.db.stmt(ctx, query, true); st != nil {
		return t.Tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, query, args...)
}
