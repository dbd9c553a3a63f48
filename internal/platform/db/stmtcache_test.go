package db_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestStatementCache: on SQLite a statement text is prepared once it is used
// a second time, on the database and in transactions alike, and answers as
// an unprepared run would; scripts are never cached, and the cache stops
// admitting texts when full without failing anything.
func TestStatementCache(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Open(t, db.SQLite)
	if _, err := d.ExecContext(ctx, `CREATE TABLE sc (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	base := d.CachedStmts()
	const ins = `INSERT INTO sc (id, v) VALUES (?, ?)`
	const sel = `SELECT v FROM sc WHERE id = ?`
	read := func(id int) string {
		t.Helper()
		var v string
		if err := d.QueryRowContext(ctx, sel, id).Scan(&v); err != nil {
			t.Fatalf("read %d: %v", id, err)
		}
		return v
	}

	if _, err := d.ExecContext(ctx, ins, 1, "one"); err != nil {
		t.Fatal(err)
	}
	if got := d.CachedStmts(); got != base {
		t.Fatalf("after one use: %d cached, want %d", got, base)
	}
	if _, err := d.ExecContext(ctx, ins, 2, "two"); err != nil {
		t.Fatal(err)
	}
	if got := d.CachedStmts(); got != base+1 {
		t.Fatalf("after two uses: %d cached, want %d", got, base+1)
	}
	if read(1) != "one" || read(2) != "two" || read(1) != "one" {
		t.Fatal("cached read answers differently")
	}
	if _, err := d.ExecContext(ctx, ins, 2, "again"); err == nil {
		t.Fatal("a cached insert of a duplicate key succeeded")
	}

	// In transactions: committed writes stay, rolled back ones do not, and
	// the rows a cached query returns are the transaction's own.
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		for id := 3; id <= 5; id++ {
			if _, err := tx.ExecContext(ctx, ins, id, fmt.Sprint("v", id)); err != nil {
				return err
			}
		}
		var v string
		if err := tx.QueryRowContext(ctx, sel, 4).Scan(&v); err != nil || v != "v4" {
			return fmt.Errorf("in tx: %q, %v", v, err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT id FROM sc WHERE id >= ? ORDER BY id`, 3)
		if err != nil {
			return err
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			n++
		}
		if n != 3 {
			return fmt.Errorf("in tx: %d rows, want 3", n)
		}
		return rows.Err()
	}); err != nil {
		t.Fatal(err)
	}
	errRollback := fmt.Errorf("roll back")
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, ins, 6, "gone"); err != nil {
			return err
		}
		return errRollback
	}); err != errRollback {
		t.Fatal(err)
	}
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM sc`).Scan(&n); err != nil || n != 5 {
		t.Fatalf("%d rows, %v; want 5", n, err)
	}

	// A script is run, not cached.
	before := d.CachedStmts()
	for i := 0; i < 3; i++ {
		if _, err := d.ExecContext(ctx, `UPDATE sc SET v = v WHERE id = 1; UPDATE sc SET v = v WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
	}
	if got := d.CachedStmts(); got != before {
		t.Fatalf("a script was cached: %d, want %d", got, before)
	}

	// Concurrent readers and writers share the cached statements.
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				id := 1000 + w*100 + i
				if err := d.InTx(ctx, func(tx *db.Tx) error {
					_, err := tx.ExecContext(ctx, ins, id, "c")
					return err
				}); err != nil {
					errs <- err
					return
				}
				var v string
				if err := d.QueryRowContext(ctx, sel, id).Scan(&v); err != nil || v != "c" {
					errs <- fmt.Errorf("read %d: %q, %v", id, v, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	// A full cache admits nothing more; every text still runs.
	for i := 0; d.CachedStmts() < 512; i++ {
		q := fmt.Sprintf(`SELECT v FROM sc WHERE id = ? AND %d = %d`, i, i)
		for k := 0; k < 2; k++ {
			rows, err := d.QueryContext(ctx, q, 1)
			if err != nil {
				t.Fatal(err)
			}
			rows.Close()
		}
		if i > 2000 {
			t.Fatalf("the cache holds %d after %d texts", d.CachedStmts(), i)
		}
	}
	for k := 0; k < 3; k++ {
		var v string
		if err := d.QueryRowContext(ctx, `SELECT v FROM sc WHERE id = ? AND 'full' = 'full'`, 2).Scan(&v); err != nil || v != "two" {
			t.Fatalf("beyond the cache: %q, %v", v, err)
		}
	}
	if got := d.CachedStmts(); got != 512 {
		t.Fatalf("%d cached, want the cap 512", got)
	}
}

// TestStatementCacheOnlySQLite: PostgreSQL's driver caches statements
// itself; the db package keeps none there.
func TestStatementCacheOnlySQLite(t *testing.T) {
	d := dbtest.Open(t, db.Postgres) // skipped without PostgreSQL
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		var one int
		if err := d.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil || one != 1 {
			t.Fatal(one, err)
		}
	}
	if got := d.CachedStmts(); got != 0 {
		t.Fatalf("%d cached on PostgreSQL", got)
	}
}

// TestStatementCacheInTxOneConnection: a transaction holding the pool's only
// connection (an in-memory database) repeats a statement; preparing it would
// need a second connection, so the cache must not wait for one (it hung).
func TestStatementCacheInTxOneConnection(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite://:memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, `CREATE TABLE one (id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- d.InTx(ctx, func(tx *db.Tx) error {
			for id := 1; id <= 5; id++ {
				if _, err := tx.ExecContext(ctx, `INSERT INTO one (id) VALUES (?)`, id); err != nil {
					return err
				}
			}
			return nil
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a transaction on the only connection hung on the statement cache")
	}
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM one`).Scan(&n); err != nil || n != 5 {
		t.Fatalf("%d rows, %v", n, err)
	}
}
