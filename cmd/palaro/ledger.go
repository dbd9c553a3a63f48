package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
)

// ledgerCommand: `palaro ledger verify` recomputes every balance from the
// postings and checks that each posting sums to zero per currency. It prints
// a short report and fails (exit status 1) on any difference. It never
// writes: the database is opened read-only and must already hold this
// binary's schema (a missing or empty database is an error, not a clean
// ledger).
func ledgerCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return errors.New("usage: palaro ledger verify")
	}
	store, err := db.OpenReadOnly(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("ledger verify: %w", err)
	}
	defer store.Close()
	v, err := store.ReadSchemaVersion(ctx)
	switch {
	case errors.Is(err, db.ErrNoSchema):
		return errors.New("ledger verify: the database has no ledger schema (never migrated): nothing to verify; check PALARO_DATABASE_URL")
	case err != nil:
		return fmt.Errorf("ledger verify: %w", err)
	case v != db.LatestVersion(store.Dialect):
		return fmt.Errorf("ledger verify: database schema version %d, this binary verifies version %d: use the matching binary, or run `palaro migrate` first", v, db.LatestVersion(store.Dialect))
	}
	rep, err := ledger.NewStore(store, clock.System{}).Verify(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "ledger verify: %d accounts, %d postings, %d lines\n", rep.Accounts, rep.Postings, rep.Lines)
	for _, p := range rep.Problems {
		fmt.Fprintln(out, "  "+p.String())
	}
	if !rep.OK() {
		return fmt.Errorf("ledger verify: %d difference(s)", len(rep.Problems))
	}
	fmt.Fprintln(out, "ledger verify: clean")
	return nil
}
