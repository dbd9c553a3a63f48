package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
)

const eventsUsage = "usage: palaro events [status] | palaro events replay NAME | palaro events verify [--since YYYY-MM-DD]"

// eventsCommand: `palaro events` (or `events status`) shows the activity
// stream: its head, the events waiting for a position, and each consumer's
// position, lag and lease holder. `events replay NAME` rebuilds a consumer
// from the start of the stream (running servers carry on from position 0).
// `events verify` recomputes the daily figures from the stream and compares
// the stream's settled rounds with the rounds' own record (rounds started
// since the stream's first event, or since --since, a day in the brand's
// zone); exit 1 on any difference (docs/activity.md).
func eventsCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	sub := "status"
	if len(args) > 0 {
		sub = args[0]
	}
	switch {
	case sub == "status" && len(args) <= 1:
		store, err := openEventsStore(ctx, cfg, true)
		if err != nil {
			return err
		}
		defer store.Close()
		st, err := activity.NewStore(store).Status(ctx)
		if err != nil {
			return err
		}
		printEventsStatus(out, st, time.Now())
		return nil
	case sub == "replay" && len(args) == 2:
		store, err := openEventsStore(ctx, cfg, false)
		if err != nil {
			return err
		}
		defer store.Close()
		var names []string
		for _, c := range streamConsumers(store, brand.NewService(brand.NewStore(store), clock.System{}), clock.System{}) {
			names = append(names, c.Name())
			if c.Name() != args[1] {
				continue
			}
			if err := activity.NewStore(store).Replay(ctx, c, time.Now()); err != nil {
				return err
			}
			fmt.Fprintf(out, "events replay: %s reset to position 0; the instance holding it rebuilds it from the start\n", c.Name())
			return nil
		}
		return fmt.Errorf("events replay: no consumer %q (consumers: %s)", args[1], strings.Join(names, ", "))
	case sub == "verify":
		fs := flag.NewFlagSet("events verify", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		sinceDay := fs.String("since", "", "compare rounds started from this day (brand time zone)")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 {
			return errors.New(eventsUsage)
		}
		store, err := openEventsStore(ctx, cfg, true)
		if err != nil {
			return err
		}
		defer store.Close()
		brands := brand.NewService(brand.NewStore(store), clock.System{})
		stream := activity.NewStore(store)
		var since time.Time
		if *sinceDay != "" {
			if since, err = time.ParseInLocation(time.DateOnly, *sinceDay, brands.Location(ctx)); err != nil {
				return fmt.Errorf("events verify: --since: %w", err)
			}
		}
		rounds := gamewallet.NewService(gamewallet.NewStore(store), nil, nil, nil, clock.System{}, slog.Default(), gamewallet.Config{})
		rep, err := figures.New(store, stream, brands.Location).Verify(ctx, roundDays{rounds}, since)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "events verify: %d events, figures at position %d (%d rows), rounds of %d members since %s\n",
			rep.Events, rep.Position, rep.Rows, rep.Members, rep.Since.UTC().Format(time.RFC3339))
		for _, p := range rep.Problems {
			fmt.Fprintln(out, "  "+p)
		}
		if !rep.OK() {
			return fmt.Errorf("events verify: %d difference(s)", len(rep.Problems))
		}
		fmt.Fprintln(out, "events verify: clean")
		return nil
	}
	return errors.New(eventsUsage)
}

// openEventsStore opens the configured database, which must hold this
// binary's schema; read-only unless the command writes.
func openEventsStore(ctx context.Context, cfg config.Config, readOnly bool) (*db.DB, error) {
	return openSchemaStore(ctx, cfg, readOnly, "events")
}

// openSchemaStore opens the configured database for a command (what names
// it in errors), which must hold this binary's schema; read-only unless the
// command writes.
func openSchemaStore(ctx context.Context, cfg config.Config, readOnly bool, what string) (*db.DB, error) {
	var store *db.DB
	var err error
	if readOnly {
		store, err = db.OpenReadOnly(ctx, cfg.DatabaseURL)
	} else {
		store, err = db.Open(ctx, cfg.DatabaseURL)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	v, err := store.ReadSchemaVersion(ctx)
	switch {
	case errors.Is(err, db.ErrNoSchema):
		err = fmt.Errorf("%s: the database has no schema (never migrated); check PALARO_DATABASE_URL", what)
	case err != nil:
		err = fmt.Errorf("%s: %w", what, err)
	case v != db.LatestVersion(store.Dialect):
		err = fmt.Errorf("%s: database schema version %d, this binary reads version %d: use the matching binary, or run `palaro migrate` first", what, v, db.LatestVersion(store.Dialect))
	}
	if err != nil {
		store.Close()
		return nil, err
	}
	return store, nil
}

func printEventsStatus(out io.Writer, st activity.Status, now time.Time) {
	fmt.Fprintf(out, "stream: head %d; %d event(s) waiting for a position%s; sequencer %s\n",
		st.Head, st.Pending, age(" (oldest %s)", st.OldestPending, now), leaseText(st.Sequencer, now))
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "CONSUMER\tPOSITION\tBEHIND\tOLDEST UNAPPLIED\tLEASE")
	for _, c := range st.Consumers {
		oldest := "-"
		if !c.Oldest.IsZero() {
			oldest = age("%s ago", c.Oldest, now)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\n", c.Name, c.Position, c.Behind, oldest, leaseText(c.Lease, now))
	}
	w.Flush()
	if len(st.Consumers) == 0 {
		fmt.Fprintln(out, "(no consumer has run yet)")
	}
}

func age(format string, t, now time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fmt.Sprintf(format, now.Sub(t).Round(time.Millisecond))
}

func leaseText(l activity.Lease, now time.Time) string {
	switch {
	case l.Holder == "":
		return "not held"
	case l.Expires.After(now):
		return fmt.Sprintf("held by %s (renewed, expires in %s)", l.Holder, l.Expires.Sub(now).Round(100*time.Millisecond))
	default:
		return fmt.Sprintf("not held (last %s, expired %s ago)", l.Holder, now.Sub(l.Expires).Round(time.Second))
	}
}
