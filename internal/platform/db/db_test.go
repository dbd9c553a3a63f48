package db_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestMigrationsMatchAcrossDialects(t *testing.T) {
	s, err := db.Migrations(db.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	p, err := db.Migrations(db.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != len(p) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(s), len(p))
	}
	for i := range s {
		if s[i].Name != p[i].Name {
			t.Errorf("migration %d named %s on sqlite, %s on postgres", i+1, s[i].Name, p[i].Name)
		}
	}
}

func TestMigrate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		t.Run("OK", func(t *testing.T) {
			v, err := store.SchemaVersion(ctx)
			if err != nil || v != db.LatestVersion(store.Dialect) {
				t.Fatalf("version %d, %v; want %d", v, err, db.LatestVersion(store.Dialect))
			}
			if err := store.CheckSchema(ctx); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("Idempotent", func(t *testing.T) {
			n, err := store.Migrate(ctx)
			if err != nil || n != 0 {
				t.Fatalf("second migrate applied %d, %v", n, err)
			}
		})
		t.Run("ErrNewerSchema", func(t *testing.T) {
			if _, err := store.ExecContext(ctx, store.Rebind(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'future', 0)`), 9999); err != nil {
				t.Fatal(err)
			}
			defer store.ExecContext(ctx, `DELETE FROM schema_version WHERE version = 9999`)
			if err := store.CheckSchema(ctx); err == nil || !strings.Contains(err.Error(), "newer") {
				t.Fatalf("want newer-schema refusal, got %v", err)
			}
			if _, err := store.Migrate(ctx); err == nil {
				t.Fatal("migrate must refuse a newer schema")
			}
		})
		t.Run("ErrOlderSchema", func(t *testing.T) {
			latest := db.LatestVersion(store.Dialect)
			if _, err := store.ExecContext(ctx, store.Rebind(`DELETE FROM schema_version WHERE version = ?`), latest); err != nil {
				t.Fatal(err)
			}
			defer store.ExecContext(ctx, store.Rebind(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'restored', 0)`), latest)
			if err := store.CheckSchema(ctx); err == nil || !strings.Contains(err.Error(), "older") {
				t.Fatalf("want older-schema refusal, got %v", err)
			}
		})
	})
}

func TestInTxRollsBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := store.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO brand (merchant_code, config, updated_at) VALUES (?, '{}', 0)`), "rollback"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("want boom, got %v", err)
		}
		var n int
		if err := store.QueryRowContext(ctx, store.Rebind(`SELECT COUNT(*) FROM brand WHERE merchant_code = ?`), "rollback").Scan(&n); err != nil || n != 0 {
			t.Fatalf("row survived rollback: n=%d err=%v", n, err)
		}
	})
}

func TestRebindSkipsQuotedMarks(t *testing.T) {
	store := &db.DB{Dialect: db.Postgres}
	got := store.Rebind(`SELECT '?' , a FROM t WHERE b = ? AND c = ?`)
	want := `SELECT '?' , a FROM t WHERE b = $1 AND c = $2`
	if got != want {
		t.Fatalf("got %s", got)
	}
}

// TestTunedSessions: on PostgreSQL the Fixed sessions plan generically with
// sequential scans off, and the Trailing ones also commit without waiting
// for the disk; the DB's own sessions keep PostgreSQL's defaults. On SQLite
// both are the DB itself (they take its writer turn like every write).
func TestTunedSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		if store.Dialect != db.Postgres {
			if store.Fixed() != db.Querier(store) || store.Trailing() != db.Querier(store) {
				t.Fatal("SQLite: Fixed and Trailing are not the DB")
			}
			return
		}
		ctx := context.Background()
		show := func(q db.Querier) string {
			var plan, seq, sync string
			if err := q.QueryRowContext(ctx, `SELECT current_setting('plan_cache_mode'), current_setting('enable_seqscan'), current_setting('synchronous_commit')`).
				Scan(&plan, &seq, &sync); err != nil {
				t.Fatal(err)
			}
			return plan + " " + seq + " " + sync
		}
		for name, c := range map[string]struct {
			q    db.Querier
			want string
		}{
			"DB":       {store, "auto on on"},
			"Fixed":    {store.Fixed(), "force_generic_plan off on"},
			"Trailing": {store.Trailing(), "force_generic_plan off off"},
		} {
			if got := show(c.q); got != c.want {
				t.Errorf("%s: plan_cache_mode, enable_seqscan, synchronous_commit = %s, want %s", name, got, c.want)
			}
		}
		conn, err := store.FixedConn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if got := show(conn); got != "force_generic_plan off on" {
			t.Errorf("FixedConn: %s", got)
		}
	})
}
