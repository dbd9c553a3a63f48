// Package dbtest gives tests a fresh, migrated store on SQLite and, when
// PALARO_TEST_POSTGRES_URL is set, on PostgreSQL (each test in its own schema).
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/palaro/palaro/internal/platform/db"
)

// EnvPostgres names the variable CI sets to run store tests on PostgreSQL too.
const EnvPostgres = "PALARO_TEST_POSTGRES_URL"

// Each runs fn once per available dialect as subtests "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, store *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, Open(t, db.SQLite)) })
	if os.Getenv(EnvPostgres) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Open(t, db.Postgres)) })
	}
}

// URL returns a fresh database URL for the dialect (migrations not applied).
// For PostgreSQL it creates a throwaway schema dropped when the test ends.
func URL(t testing.TB, d db.Dialect) string {
	t.Helper()
	if d == db.SQLite {
		return "sqlite://" + filepath.Join(t.TempDir(), "test.db")
	}
	base := os.Getenv(EnvPostgres)
	if base == "" {
		t.Skip(EnvPostgres + " not set")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// fresh opens a store on a fresh database (no migration), closed when the
// test ends.
func fresh(t testing.TB, d db.Dialect) *db.DB {
	t.Helper()
	store, err := db.Open(context.Background(), URL(t, d))
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// Open returns a migrated store for the dialect, closed when the test ends.
func Open(t testing.TB, d db.Dialect) *db.DB {
	t.Helper()
	if d == db.SQLite {
		return openSQLiteCopy(t)
	}
	store := fresh(t, d)
	if _, err := store.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", d, err)
	}
	return store
}

// OpenBefore returns a store for the dialect on the schema just before
// migration version (every earlier step applied and recorded), closed when
// the test ends: a test writes rows as the old schema had them, then runs
// Migrate and checks what the step made of them. It also returns how many
// steps Migrate has left to apply.
func OpenBefore(t testing.TB, d db.Dialect, version int) (*db.DB, int) {
	t.Helper()
	ctx := context.Background()
	store := fresh(t, d)
	steps, err := db.Migrations(d)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.SchemaVersion(ctx); err != nil { // creates schema_version
		t.Fatal(err)
	}
	applied := 0
	for _, m := range steps {
		if m.Version >= version {
			break
		}
		if _, err := store.ExecContext(ctx, m.SQL); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if _, err := store.ExecContext(ctx, store.Rebind(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, 0)`), m.Version, m.Name); err != nil {
			t.Fatal(err)
		}
		applied++
	}
	return store, len(steps) - applied
}

// Plan is the query plan of query with args, as text: EXPLAIN QUERY PLAN on
// SQLite, EXPLAIN on PostgreSQL with sequential scans off for the statement
// (a test's tables are nearly empty, where a scan is always cheaper), so a
// test can check that an index is usable by the query.
func Plan(t testing.TB, d *db.DB, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	var plan strings.Builder
	err := d.InTx(ctx, func(tx *db.Tx) error {
		explain := `EXPLAIN QUERY PLAN `
		if d.Dialect == db.Postgres {
			if _, err := tx.ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
				return err
			}
			explain = `EXPLAIN `
		}
		rows, err := tx.QueryContext(ctx, tx.Rebind(explain+query), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			return err
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for _, v := range vals {
				switch v := v.(type) {
				case string:
					plan.WriteString(v + "\n")
				case []byte:
					plan.WriteString(string(v) + "\n")
				}
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatalf("plan of %s: %v", query, err)
	}
	return plan.String()
}

// GenericPlan is the generic plan (EXPLAIN EXECUTE under plan_cache_mode =
// force_generic_plan, after the SET LOCAL statements set) of a PostgreSQL
// statement prepared from query, with params as SQL literals for its $n. A
// statement prepared once per connection keeps a generic plan made on the
// tables as they were (a new database: empty or a few rows, never analysed)
// until the next ANALYZE, so a test checks here that such a plan is index
// lookups, not a scan that grows with the tables.
func GenericPlan(t testing.TB, d *db.DB, set []string, query string, params ...string) string {
	t.Helper()
	ctx := context.Background()
	simple := pgx.QueryExecModeSimpleProtocol
	var plan strings.Builder
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for _, stmt := range append([]string{"SET LOCAL plan_cache_mode = force_generic_plan"}, set...) {
			if _, err := tx.ExecContext(ctx, stmt, simple); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, "PREPARE dbtest_generic_plan AS "+query, simple); err != nil {
			return err
		}
		defer tx.ExecContext(ctx, "DEALLOCATE dbtest_generic_plan", simple) //nolint:errcheck // the transaction's outcome is what counts
		rows, err := tx.QueryContext(ctx, "EXPLAIN EXECUTE dbtest_generic_plan("+strings.Join(params, ", ")+")", simple)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				return err
			}
			plan.WriteString(line + "\n")
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatalf("generic plan of %s: %v", query, err)
	}
	return plan.String()
}
