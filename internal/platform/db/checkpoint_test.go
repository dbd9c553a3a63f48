package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// The background checkpointer copies committed WAL frames into the database
// file on its own, long before the automatic checkpoint (1,000 pages) would:
// a reader of the database file alone (immutable=1 ignores the WAL) sees
// the rows.
func TestBackgroundCheckpointCopiesTheWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	d, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := d.ExecContext(ctx, `INSERT INTO t (v) VALUES (?)`, "row"); err != nil {
			t.Fatal(err)
		}
	}
	fileOnly, err := sql.Open("sqlite", "file:"+path+"?immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer fileOnly.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var n int
		err := fileOnly.QueryRowContext(ctx, `SELECT count(*) FROM t`).Scan(&n)
		if err == nil && n == 20 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("database file alone: %d rows, err %v; want 20 (WAL not checkpointed)", n, err)
		}
		fileOnly.Close() // immutable readers cache; reopen to read the file again
		if fileOnly, err = sql.Open("sqlite", "file:"+path+"?immutable=1"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestCloseStopsTheCheckpointer(t *testing.T) {
	d, err := db.Open(context.Background(), "sqlite://"+filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- d.Close() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close hung")
	}
	if err := d.Close(); err != nil && err.Error() != "sql: database is closed" {
		t.Fatalf("second Close: %v", err)
	}
}
