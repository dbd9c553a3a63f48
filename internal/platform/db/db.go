// Package db opens the store (SQLite by default, PostgreSQL by URL), applies
// the embedded migrations and gives every domain store the same small API:
// queries are written once with ? placeholders and rebound per dialect.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // also registers "pgx"
	_ "modernc.org/sqlite"           // registers "sqlite"
)

type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the handle every store gets.
type DB struct {
	*sql.DB
	Dialect Dialect
	URL     string
	// ReadOnly: opened by OpenReadOnly.
	ReadOnly bool

	// writer admits one SQLite write transaction of this process at a time
	// (InTx). Every SQLite transaction begins immediate, i.e. takes the
	// database's write lock; a second writer would wait in SQLite's busy
	// handler, which sleeps 1, 2, 5, 10, ... ms between tries, so two busy
	// writers (the ledger's group commit and the audit log, say) would leave
	// the CPU idle and add milliseconds to each other. A channel hands the
	// turn over at once. Other processes still meet the busy timeout.
	writer chan struct{}

	// fixed and trailing are the PostgreSQL sessions of the hot paths'
	// fixed-text statements (the ledger's batches, the seamless groups,
	// in-house round openings and completions, the withdrawals queue's
	// reads that take arrays; docs/ledger.md, "Sessions").
	// Fixed and Trailing give them (on SQLite, and where a test built the
	// DB itself, the DB).
	//
	// Fixed sessions plan every prepared statement once, generically, with
	// index lookups (plan_cache_mode = force_generic_plan, enable_seqscan =
	// off). The statements' values travel as arrays, so PostgreSQL's
	// default would plan them again at every execution (a custom plan for
	// each array looks cheaper than the generic one); and a generic plan
	// made on a new database's few rows would scan as the tables grow,
	// autovacuum or not.
	fixed *sql.DB
	// Trailing sessions are Fixed sessions whose commits do not wait for
	// the write-ahead log to reach the disk (synchronous_commit = off). Only
	// for writes a later synchronous commit makes durable with them (the log
	// is flushed in order): an in-house round's opening is followed by its
	// wallet callback, whose ledger commit is synchronous. Never money, never
	// what a caller is answered on.
	trailing *sql.DB

	ckpt *checkpointer // SQLite files: background WAL checkpoints (checkpoint.go)

	stmts *stmtCache // SQLite: statements prepared once (stmtcache.go)
}

// DefaultURL is the embedded default: a SQLite file under ./data.
const DefaultURL = "sqlite://data/palaro.db"

// Open connects by URL (ParseURL): PostgreSQL, or SQLite with WAL, whose
// file and directory are created when missing.
func Open(ctx context.Context, url string) (*DB, error) {
	return open(ctx, url, false)
}

// OpenReadOnly connects for reading only and never writes: a SQLite file
// must exist (ErrNoDatabase otherwise) and is opened with mode=ro, nothing
// is created and no pragma that writes is set; PostgreSQL sessions start
// with default_transaction_read_only. Migrate is not for such a DB;
// ReadSchemaVersion is.
func OpenReadOnly(ctx context.Context, url string) (*DB, error) {
	return open(ctx, url, true)
}

// ErrNoDatabase: OpenReadOnly found no SQLite file.
var ErrNoDatabase = errors.New("database does not exist")

func open(ctx context.Context, url string, readOnly bool) (*DB, error) {
	t, err := ParseURL(url)
	if err != nil {
		return nil, err
	}
	if url == "" {
		url = DefaultURL
	}
	if t.Dialect == Postgres {
		var sqldb *sql.DB
		if readOnly {
			if sqldb, err = openTuned(url, readOnlyParams); err != nil {
				return nil, err
			}
		} else if sqldb, err = sql.Open("pgx", url); err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqldb.SetMaxOpenConns(32)
		sqldb.SetMaxIdleConns(32)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		d := &DB{DB: sqldb, Dialect: Postgres, URL: url, ReadOnly: readOnly}
		if err := d.PingContext(ctx); err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("ping postgres: %w", err)
		}
		if readOnly {
			return d, nil
		}
		var err1, err2 error
		d.fixed, err1 = openTuned(url, fixedParams)
		d.trailing, err2 = openTuned(url, trailingParams)
		if err := errors.Join(err1, err2); err != nil {
			d.Close()
			return nil, err
		}
		return d, nil
	}
	path, memory := t.Path, t.Memory
	if !memory {
		if readOnly {
			if _, err := os.Stat(path); err != nil {
				return nil, fmt.Errorf("%w: %s: %w", ErrNoDatabase, path, err)
			}
		} else if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("create data dir: %w", err)
			}
		}
	}
	dsn := "file:" + path + "?"
	if t.Query != "" {
		dsn += t.Query + "&"
	}
	dsn += "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	switch {
	case readOnly:
		dsn += "&mode=ro"
	case memory:
		dsn += "&_pragma=synchronous(NORMAL)&_txlock=immediate"
	default:
		dsn += "&_pragma=synchronous(NORMAL)&_txlock=immediate&_pragma=journal_mode(WAL)"
	}
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	if memory {
		// One connection keeps one in-memory database.
		sqldb.SetMaxOpenConns(1)
	} else {
		sqldb.SetMaxOpenConns(8)
		sqldb.SetMaxIdleConns(8)
	}
	d := &DB{DB: sqldb, Dialect: SQLite, URL: url, ReadOnly: readOnly, writer: make(chan struct{}, 1), stmts: &stmtCache{}}
	if err := d.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("ping sqlite: %w", err)
	}
	if !memory && !readOnly {
		d.startCheckpointer()
	}
	return d, nil
}

// The session settings of the Fixed and Trailing pools.
var (
	fixedParams    = map[string]string{"plan_cache_mode": "force_generic_plan", "enable_seqscan": "off"}
	trailingParams = map[string]string{"plan_cache_mode": "force_generic_plan", "enable_seqscan": "off", "synchronous_commit": "off"}
	readOnlyParams = map[string]string{"default_transaction_read_only": "on"}
)

// tunedConns bounds each tuned pool: their statements come from a few
// batch writers at a time.
const tunedConns = 8

// openTuned opens a pool of PostgreSQL sessions started with params. They
// are startup parameters, not SET statements after connecting: through a
// pooler that shares server connections between clients a SET could leave
// synchronous_commit off for another client's transactions, whereas a
// pooler refuses startup parameters it does not pass on (or, told to
// ignore them, drops them, and the session commits synchronously).
func openTuned(url string, params map[string]string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	for k, v := range params {
		cfg.RuntimeParams[k] = v
	}
	sqldb := stdlib.OpenDB(*cfg)
	sqldb.SetMaxOpenConns(tunedConns)
	sqldb.SetMaxIdleConns(tunedConns)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	return sqldb, nil
}

// Fixed runs statements in a Fixed session (see DB): PostgreSQL statements
// of a fixed text whose generic plan is index lookups.
func (d *DB) Fixed() Querier {
	if d.fixed == nil {
		return d
	}
	return d.fixed
}

// FixedConn reserves a Fixed session (PostgreSQL; elsewhere a connection of
// the DB).
func (d *DB) FixedConn(ctx context.Context) (*sql.Conn, error) {
	if d.fixed == nil {
		return d.DB.Conn(ctx)
	}
	return d.fixed.Conn(ctx)
}

// Trailing runs statements in a Trailing session (see DB): writes whose
// durability a later synchronous commit gives.
func (d *DB) Trailing() Querier {
	if d.trailing == nil {
		return d
	}
	return d.trailing
}

// Rebind turns ? placeholders into $1, $2 ... for PostgreSQL.
// Question marks inside single-quoted literals are left alone.
func (d *DB) Rebind(q string) string {
	if d.Dialect != Postgres {
		return q
	}
	return rebind(q)
}

func rebind(q string) string {
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	inQuote := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '?' && !inQuote:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Querier is what *sql.DB and *sql.Tx share; store helpers take it so they
// compose inside one transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx is a transaction that rebinds like DB.
type Tx struct {
	*sql.Tx
	db *DB
}

func (t *Tx) Rebind(q string) string { return t.db.Rebind(q) }
func (t *Tx) Dialect() Dialect       { return t.db.Dialect }

// InTx runs fn in a transaction, committing on nil and rolling back otherwise.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	release, err := d.writeTurn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer release()
	sqlTx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{Tx: sqlTx, db: d}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// ExecContext runs a statement outside a transaction. On SQLite a write
// statement takes the database's write lock like a transaction does, so it
// waits for this process's writer turn too: otherwise it would sit in
// SQLite's busy handler, sleeping between tries, while the busy writers of
// this process (the ledger's group commit, the audit log) hand the lock to
// each other, and could give up with SQLITE_BUSY.
func (d *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	release, err := d.writeTurn(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	if st := d.stmt(ctx, query, false); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return d.DB.ExecContext(ctx, query, args...)
}

// writeTurn waits for this process's SQLite writer turn (a no-op on
// PostgreSQL) as SQLite's busy timeout would (10 s), then goes ahead
// anyway: a nested write then fails with SQLite's busy error instead of
// hanging.
func (d *DB) writeTurn(ctx context.Context) (release func(), err error) {
	if d.writer == nil || ctx.Value(heldTurn{d}) != nil {
		return func() {}, nil
	}
	t := time.NewTimer(10 * time.Second)
	defer t.Stop()
	select {
	case d.writer <- struct{}{}:
		return func() { <-d.writer }, nil
	case <-t.C:
		return func() {}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// heldTurn marks a context whose goroutine holds d's writer turn.
type heldTurn struct{ d *DB }

// HoldWriteTurn takes this process's SQLite writer turn for a caller that
// wants to decide what it writes only once it may write (a group commit
// then takes everything queued while it waited for its turn). The
// transactions and writes it runs with the returned context do not wait
// for the turn again; it calls release when done. On PostgreSQL, where
// writers do not take turns, it does nothing.
func (d *DB) HoldWriteTurn(ctx context.Context) (context.Context, func(), error) {
	if d.writer == nil {
		return ctx, func() {}, nil
	}
	release, err := d.writeTurn(ctx)
	if err != nil {
		return ctx, nil, err
	}
	return context.WithValue(ctx, heldTurn{d}, true), release, nil
}

// IsNoRows reports sql.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// IsUniqueViolation reports an insert or update refused by a unique index
// (PostgreSQL 23505, SQLite's UNIQUE constraint).
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	var st interface{ SQLState() string }
	if errors.As(err, &st) {
		return st.SQLState() == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}
