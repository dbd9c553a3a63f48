package game

import (
	"context"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var testNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// demoService is a service over a migrated, demo-seeded store.
func demoService(t testing.TB, store *db.DB) (*Service, *clock.Fixed) {
	t.Helper()
	clk := clock.NewFixed(testNow)
	seeded, err := SeedDemo(context.Background(), NewStore(store), testNow)
	if err != nil || !seeded {
		t.Fatalf("seed: %v, %v", seeded, err)
	}
	return NewService(NewStore(store), clk, nil, time.Second), clk
}

func sqliteDemo(t testing.TB) (*Service, *clock.Fixed) {
	return demoService(t, dbtest.Open(t, db.SQLite))
}
