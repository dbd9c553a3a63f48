package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
)

func TestParseURL(t *testing.T) {
	ok := []struct {
		url, path, query string
		dialect          db.Dialect
		memory           bool
	}{
		{"", "data/palaro.db", "", db.SQLite, false},
		{"sqlite://data/palaro.db", "data/palaro.db", "", db.SQLite, false},
		{"sqlite:///tmp/x/a.db", "/tmp/x/a.db", "", db.SQLite, false},
		{"sqlite:/tmp/x/a.db", "/tmp/x/a.db", "", db.SQLite, false},
		{"sqlite://rel.db", "rel.db", "", db.SQLite, false},
		{"sqlite:rel/a.db", "rel/a.db", "", db.SQLite, false},
		{"/tmp/x/a.db", "/tmp/x/a.db", "", db.SQLite, false},
		{"data/a.db", "data/a.db", "", db.SQLite, false},
		{"a.db", "a.db", "", db.SQLite, false},
		{"file:/tmp/a.db", "/tmp/a.db", "", db.SQLite, false},
		{"file:///tmp/a.db", "/tmp/a.db", "", db.SQLite, false},
		{"sqlite://data/a.db?_pragma=cache_size(-2000)", "data/a.db", "_pragma=cache_size(-2000)", db.SQLite, false},
		{"sqlite://:memory:", ":memory:", "", db.SQLite, true},
		{":memory:", ":memory:", "", db.SQLite, true},
		{"file:mem1?mode=memory&cache=shared", "mem1", "mode=memory&cache=shared", db.SQLite, true},
		{"postgres://u@h/db?sslmode=disable", "", "", db.Postgres, false},
		{"postgresql://u@h/db", "", "", db.Postgres, false},
	}
	for _, c := range ok {
		t.Run("OK/"+c.url, func(t *testing.T) {
			got, err := db.ParseURL(c.url)
			if err != nil || got.Dialect != c.dialect || got.Path != c.path || got.Query != c.query || got.Memory != c.memory {
				t.Fatalf("%+v %v", got, err)
			}
		})
	}
	for _, url := range []string{"sqlite:", "sqlite://", "sqlite:///", "mysql://u@h/db", "postgress://u@h/db", "sqlite3:/tmp/a.db",
		"sqlite:sqlite:/tmp/a.db", "sqlite://file:/tmp/a.db", "http://example.com/a.db", "sqlite:/tmp/dir/"} {
		t.Run("ErrDatabaseURL/"+url, func(t *testing.T) {
			if got, err := db.ParseURL(url); !errors.Is(err, db.ErrDatabaseURL) {
				t.Fatalf("%+v %v", got, err)
			}
		})
	}
}

// TestOpenNeverMakesASchemeFolder: sqlite:/abs opens the absolute file and
// creates nothing named after the scheme in the working directory; a URL
// not understood is refused before anything is created.
func TestOpenNeverMakesASchemeFolder(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	target := filepath.Join(t.TempDir(), "x", "a.db")
	for _, url := range []string{"sqlite:" + target, "sqlite://" + target} {
		d, err := db.Open(context.Background(), url)
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		if _, err := d.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		d.Close()
		if _, err := os.Stat(target); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
	}
	if _, err := db.Open(context.Background(), "sqlite3:/tmp/x.db"); !errors.Is(err, db.ErrDatabaseURL) {
		t.Fatalf("sqlite3: %v", err)
	}
	entries, err := os.ReadDir(wd)
	if err != nil || len(entries) != 0 {
		t.Fatalf("working directory holds %v (%v)", entries, err)
	}
}
