package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// envRunMain makes the test binary act as palaro itself (see TestMainProcess).
const envRunMain = "PALARO_TEST_RUN_MAIN"

// TestMainProcess is not a test: run with envRunMain set, it calls main with
// the arguments after "--", so other tests can check real exit statuses.
func TestMainProcess(t *testing.T) {
	if os.Getenv(envRunMain) != "1" {
		t.Skip("helper process")
	}
	for i, a := range os.Args {
		if a == "--" {
			os.Args = append([]string{"palaro"}, os.Args[i+1:]...)
			break
		}
	}
	main()
	os.Exit(0)
}

// runPalaro runs main in a child process and returns its exit status and output.
func runPalaro(t *testing.T, dbURL string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestMainProcess$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), envRunMain+"=1", "PALARO_DATABASE_URL="+dbURL, "PALARO_LOG_LEVEL=error")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	t.Fatalf("run palaro %v: %v", args, err)
	return -1, ""
}

func TestLedgerVerify(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		store, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		if _, err := store.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		l := ledger.NewStore(store, nil)
		clearing, err := l.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
		if err != nil {
			t.Fatal(err)
		}
		player, err := l.EnsureAccount(ctx, ledger.PlayerMain(1, "PHP"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Post(ctx, ledger.PostingRequest{Key: "dep-1", Kind: ledger.KindDeposit, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -5000, Currency: "PHP"},
			{AccountID: player.ID, Amount: 5000, Currency: "PHP"},
		}}); err != nil {
			t.Fatal(err)
		}
		cfg := config.Config{DatabaseURL: url, LogLevel: slog.LevelError}

		t.Run("CleanExitsZero", func(t *testing.T) {
			var out bytes.Buffer
			if err := ledgerCommand(ctx, cfg, []string{"verify"}, &out); err != nil || !strings.Contains(out.String(), "2 accounts, 1 postings, 2 lines") || !strings.Contains(out.String(), "clean") {
				t.Fatalf("err %v, out %q", err, out.String())
			}
			if code, out := runPalaro(t, url, "ledger", "verify"); code != 0 || !strings.Contains(out, "ledger verify: clean") {
				t.Fatalf("exit %d, output %q", code, out)
			}
		})
		t.Run("DifferenceExitsOne", func(t *testing.T) {
			if _, err := store.ExecContext(ctx, store.Rebind(`UPDATE ledger_account SET balance = 9999 WHERE id = ?`), player.ID); err != nil {
				t.Fatal(err)
			}
			code, out := runPalaro(t, url, "ledger", "verify")
			if code != 1 || !strings.Contains(out, "cached balance 9999, lines sum to 5000") || !strings.Contains(out, "1 difference") {
				t.Fatalf("exit %d, output %q", code, out)
			}
		})
		t.Run("UsageExitsOne", func(t *testing.T) {
			if code, out := runPalaro(t, url, "ledger", "check"); code != 1 || !strings.Contains(out, "usage: palaro ledger verify") {
				t.Fatalf("exit %d, output %q", code, out)
			}
		})
	})
}

// TestLedgerVerifyNeverWrites: verify on a database that is not there, or
// holds no schema, fails with a clear message and leaves it as it was.
func TestLedgerVerifyNeverWrites(t *testing.T) {
	t.Parallel()
	t.Run("MissingFile", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "sub", "absent.db")
		for _, url := range []string{"sqlite://" + path, "sqlite:" + path, path} {
			code, out := runPalaro(t, url, "ledger", "verify")
			if code == 0 || !strings.Contains(out, "database does not exist") {
				t.Fatalf("%s: exit %d, output %q", url, code, out)
			}
			if _, err := os.Stat(filepath.Join(dir, "sub")); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s: verify created %s: %v", url, filepath.Join(dir, "sub"), err)
			}
		}
	})
	t.Run("EmptyFile", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "empty.db")
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out := runPalaro(t, "sqlite://"+path, "ledger", "verify")
		if code == 0 || !strings.Contains(out, "no ledger schema") {
			t.Fatalf("exit %d, output %q", code, out)
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
			t.Fatalf("the empty database was written: %v %v", fi, err)
		}
		entries, _ := os.ReadDir(filepath.Dir(path))
		if len(entries) != 1 {
			t.Fatalf("verify left files beside the database: %v", entries)
		}
	})
	t.Run("EmptyPostgresSchema", func(t *testing.T) {
		url := dbtest.URL(t, db.Postgres)
		code, out := runPalaro(t, url, "ledger", "verify")
		if code == 0 || !strings.Contains(out, "no ledger schema") {
			t.Fatalf("exit %d, output %q", code, out)
		}
		store, err := db.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		var n int
		if err := store.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("verify created %d tables (%v)", n, err)
		}
	})
}
