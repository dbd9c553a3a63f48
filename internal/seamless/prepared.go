package seamless

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/palaro/palaro/internal/platform/db"
)

// Every callback runs a handful of fixed one-row statements; on SQLite
// parsing them is a large part of their cost, so they are prepared once
// (database/sql keeps them per connection). PostgreSQL's driver caches
// prepared statements by text already: there they run as is.

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

// stmtFor returns query prepared for q (the database or a transaction), or
// nil on PostgreSQL.
func (s *Store) stmtFor(ctx context.Context, q db.Querier, query string) (*sql.Stmt, error) {
	if s.db.Dialect == db.Postgres {
		return nil, nil
	}
	st, err := s.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	if tx, ok := q.(*db.Tx); ok {
		return tx.StmtContext(ctx, st), nil
	}
	return st, nil
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

func (s *Store) queryRow(ctx context.Context, q db.Querier, query string, args ...any) interface{ Scan(...any) error } {
	st, err := s.stmtFor(ctx, q, query)
	if err != nil {
		return errRow{err}
	}
	if st == nil {
		return q.QueryRowContext(ctx, s.db.Rebind(query), args...)
	}
	return st.QueryRowContext(ctx, args...)
}

func (s *Store) exec(ctx context.Context, q db.Querier, query string, args ...any) (sql.Result, error) {
	st, err := s.stmtFor(ctx, q, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return q.ExecContext(ctx, s.db.Rebind(query), args...)
	}
	return st.ExecContext(ctx, args...)
}
