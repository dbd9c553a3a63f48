package db

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/migrations"
)

// Migration is one numbered schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations lists the embedded steps for a dialect, in order.
func Migrations(d Dialect) ([]Migration, error) {
	dir := string(d)
	entries, err := fs.ReadDir(migrations.FS, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		if !ok {
			return nil, fmt.Errorf("migration %s: want NNNN_name.sql", name)
		}
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", name, err)
		}
		body, err := fs.ReadFile(migrations.FS, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i, m := range out {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations for %s are not numbered 1..n (found %d at %d)", d, m.Version, i+1)
		}
	}
	return out, nil
}

// LatestVersion is the schema version this binary knows.
func LatestVersion(d Dialect) int {
	m, err := Migrations(d)
	if err != nil {
		return 0
	}
	return len(m)
}

func (d *DB) ensureVersionTable(ctx context.Context) error {
	_, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`)
	return err
}

// SchemaVersion reads the applied version (0 on a fresh database).
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	if err := d.ensureVersionTable(ctx); err != nil {
		return 0, fmt.Errorf("schema_version table: %w", err)
	}
	var v int
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// Migrate applies every step the database lacks, each in its own transaction.
// It refuses a database newer than this binary.
func (d *DB) Migrate(ctx context.Context) (applied int, err error) {
	steps, err := Migrations(d.Dialect)
	if err != nil {
		return 0, err
	}
	cur, err := d.SchemaVersion(ctx)
	if err != nil {
		return 0, err
	}
	if cur > len(steps) {
		return 0, fmt.Errorf("database schema version %d is newer than this binary knows (%d): upgrade the binary", cur, len(steps))
	}
	for _, m := range steps[cur:] {
		err := d.InTx(ctx, func(tx *Tx) error {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("apply %s: %w", m.Name, err)
			}
			_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)`), m.Version, m.Name, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return applied, err
		}
		applied++
	}
	return applied, nil
}

// CheckSchema refuses a schema this binary does not know: newer always,
// older unless it is empty (a fresh database is migrated by the caller).
func (d *DB) CheckSchema(ctx context.Context) error {
	cur, err := d.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	latest := LatestVersion(d.Dialect)
	switch {
	case cur > latest:
		return fmt.Errorf("database schema version %d is newer than this binary knows (%d): upgrade the binary", cur, latest)
	case cur < latest:
		return fmt.Errorf("database schema version %d is older than this binary needs (%d): run `palaro migrate`", cur, latest)
	}
	return nil
}

// ErrNoSchema: the database has no schema of this binary's (never migrated).
var ErrNoSchema = errors.New("database has no Palaro schema")

// ReadSchemaVersion reads the applied version without writing anything
// (SchemaVersion creates the version table): ErrNoSchema when the table is
// not there or holds no version.
func (d *DB) ReadSchemaVersion(ctx context.Context) (int, error) {
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'`
	if d.Dialect == Postgres {
		q = `SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_version'`
	}
	var n int
	if err := d.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if n == 0 {
		return 0, ErrNoSchema
	}
	var v int
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if v == 0 {
		return 0, ErrNoSchema
	}
	return v, nil
}
