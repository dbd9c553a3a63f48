package inhouse

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/palaro/palaro/internal/platform/db"
)

// The statements of every spin are prepared once on SQLite, where parsing
// is a large part of their cost (database/sql keeps them per connection);
// PostgreSQL's driver caches prepared statements by text already.

type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if st, ok := s.cache.stmts[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if s.cache.stmts == nil {
		s.cache.stmts = map[string]*sql.Stmt{}
	}
	s.cache.stmts[query] = st
	return st, nil
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// txQueryRow runs query in tx, prepared on SQLite.
func (s *Store) txQueryRow(ctx context.Context, tx *db.Tx, query string, args ...any) interface{ Scan(...any) error } {
	if s.db.Dialect == db.Postgres {
		return tx.QueryRowContext(ctx, s.db.Rebind(query), args...)
	}
	st, err := s.prepared(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
}

// txExec runs query in tx, prepared on SQLite.
func (s *Store) txExec(ctx context.Context, tx *db.Tx, query string, args ...any) (sql.Result, error) {
	if s.db.Dialect == db.Postgres {
		return tx.ExecContext(ctx, s.db.Rebind(query), args...)
	}
	st, err := s.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}
