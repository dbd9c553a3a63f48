package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
)

// ledgerCommand: `palaro ledger verify` recomputes every balance from the
// postings and checks that each posting sums to zero per currency. It prints
// a short report and fails (exit status 1) on any difference.
func ledgerCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return errors.New("usage: palaro ledger verify")
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
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
