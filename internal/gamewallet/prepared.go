package gamewallet

import (
	"context"
	"database/sql"

	"github.com/palaro/palaro/internal/platform/db"
)

// Every callback runs a handful of fixed one-row statements: on SQLite the
// db package prepares them once (db/stmtcache.go), on PostgreSQL the driver
// caches prepared statements by text.

func (s *Store) queryRow(ctx context.Context, q db.Querier, query string, args ...any) *sql.Row {
	return q.QueryRowContext(ctx, s.db.Rebind(query), args...)
}

func (s *Store) exec(ctx context.Context, q db.Querier, query string, args ...any) (sql.Result, error) {
	return q.ExecContext(ctx, s.db.Rebind(query), args...)
}
