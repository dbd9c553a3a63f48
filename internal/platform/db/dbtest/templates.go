package dbtest

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
)

// A migrated SQLite database is made once per test process and copied for
// each test (5x faster than migrating each). PostgreSQL tests still migrate
// a fresh schema each: a database copied from a template database (CREATE
// DATABASE … TEMPLATE, then DROP DATABASE) measured slower than that.

var sqliteTemplate struct {
	once  sync.Once
	bytes []byte
	err   error
}

func sqliteCopy(t testing.TB) (string, error) {
	sqliteTemplate.once.Do(func() {
		dir, err := os.MkdirTemp("", "palaro-dbtest-")
		if err != nil {
			sqliteTemplate.err = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "template.db")
		sqliteTemplate.bytes, sqliteTemplate.err = migrateAndRead(path)
	})
	if sqliteTemplate.err != nil {
		return "", sqliteTemplate.err
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, sqliteTemplate.bytes, 0o600); err != nil {
		return "", err
	}
	return "sqlite://" + path, nil
}

// migrateAndRead migrates a new SQLite file and returns its bytes once the
// last connection closed (which checkpoints the write-ahead log into it).
func migrateAndRead(path string) ([]byte, error) {
	ctx := context.Background()
	store, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		return nil, err
	}
	if _, err := store.Migrate(ctx); err != nil {
		store.Close()
		return nil, err
	}
	if _, err := store.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		store.Close()
		return nil, err
	}
	if err := store.Close(); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

func openSQLiteCopy(t testing.TB) *db.DB {
	t.Helper()
	u, err := sqliteCopy(t)
	if err != nil {
		t.Fatalf("migrated sqlite database: %v", err)
	}
	store, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}
