package inhouse

import (
	"context"
	"database/sql"

	"github.com/palaro/palaro/internal/platform/db"
)

// The statements of every spin run with fixed texts: on SQLite the db
// package prepares them once (db/stmtcache.go), on PostgreSQL the driver
// caches prepared statements by text.

// txQueryRow runs query in tx.
func (s *Store) txQueryRow(ctx context.Context, tx *db.Tx, query string, args ...any) *sql.Row {
	return tx.QueryRowContext(ctx, s.db.Rebind(query), args...)
}

// txExec runs query in tx.
func (s *Store) txExec(ctx context.Context, tx *db.Tx, query string, args ...any) (sql.Result, error) {
	return tx.ExecContext(ctx, s.db.Rebind(query), args...)
}
