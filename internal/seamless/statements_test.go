package seamless

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// countingTracer counts the statements pgx sends (BEGIN and COMMIT
// included): on PostgreSQL each is a network round trip.
type countingTracer struct{ n atomic.Int64 }

func (c *countingTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *countingTracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// countingPostgres is a migrated PostgreSQL database whose statements are
// counted (the test is skipped without PALARO_TEST_POSTGRES_URL).
func countingPostgres(t testing.TB) (*db.DB, *countingTracer) {
	t.Helper()
	migrated := dbtest.Open(t, db.Postgres)
	cfg, err := pgx.ParseConfig(migrated.URL)
	if err != nil {
		t.Fatal(err)
	}
	tracer := &countingTracer{}
	cfg.Tracer = tracer
	sqldb := stdlib.OpenDB(*cfg)
	t.Cleanup(func() { sqldb.Close() })
	sqldb.SetMaxOpenConns(32) // as db.Open
	sqldb.SetMaxIdleConns(32)
	return &db.DB{DB: sqldb, Dialect: db.Postgres, URL: migrated.URL}, tracer
}

// maxStatementsPerRound bounds the PostgreSQL round trips of one round (a
// bet, then a win with endRound) played alone, so every group commit is a
// group of one and costs its full price. See bench/README.md, "Seamless
// wallet callbacks".
const maxStatementsPerRound = 12

// TestStatementsPerRound counts the PostgreSQL statements of a bet then a
// win with endRound, caches warm (the session, the accounts, the catalogue).
func TestStatementsPerRound(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	d, tracer := countingPostgres(t)
	s := newSite(t, d)
	tok := s.player(31, 1_000_000_00)
	p := PlayerID(31)
	play := func(i int) {
		round := "count-" + strconv.Itoa(i)
		if st, r := s.call("PG", OpBet, s.bet(tok, p, "b"+round, round, 1_00)); st != 200 {
			t.Fatalf("bet %d %+v", st, r)
		}
		if st, r := s.call("PG", OpWin, s.win(tok, p, "w"+round, round, 2_00, true)); st != 200 {
			t.Fatalf("win %d %+v", st, r)
		}
		<-s.ended
	}
	for i := range 3 { // warm the caches
		play(i)
	}
	const rounds = 20
	before := tracer.n.Load()
	for i := range rounds {
		play(100 + i)
	}
	per := float64(tracer.n.Load()-before) / rounds
	t.Logf("PostgreSQL statements per round (bet + win, groups of one): %.1f", per)
	if per > maxStatementsPerRound {
		t.Fatalf("%.1f statements per round, want at most %d", per, maxStatementsPerRound)
	}
	s.verifyLedger()
}

// TestGroupPlans checks that the group statements' generic plans, made on
// empty tables (a fresh database, before any ANALYZE), are index lookups:
// PostgreSQL keeps a generic plan as the tables grow.
func TestGroupPlans(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	arg := regexp.MustCompile(`\$\d+::(text|bigint)\[\]`)
	for name, query := range map[string]string{"lookupSet": sqlLookupSet, "recordSet": sqlRecordSet} {
		var params []string
		for _, m := range arg.FindAllStringSubmatch(query, -1) {
			params = append(params, map[string]string{"text": `'{PG}'`, "bigint": `'{1}'`}[m[1]])
		}
		err := d.InTx(context.Background(), func(tx *db.Tx) error {
			simple := pgx.QueryExecModeSimpleProtocol
			if _, err := tx.ExecContext(context.Background(), "SET LOCAL plan_cache_mode = force_generic_plan", simple); err != nil {
				return err
			}
			if _, err := tx.ExecContext(context.Background(), "PREPARE plan_check_"+strings.ToLower(name)+" AS "+query, simple); err != nil {
				return err
			}
			rows, err := tx.QueryContext(context.Background(), "EXPLAIN EXECUTE plan_check_"+strings.ToLower(name)+"("+strings.Join(params, ", ")+")", simple)
			if err != nil {
				return err
			}
			defer rows.Close()
			var plan strings.Builder
			for rows.Next() {
				var line string
				if err := rows.Scan(&line); err != nil {
					return err
				}
				plan.WriteString(line + "\n")
			}
			if strings.Contains(plan.String(), "Seq Scan") {
				t.Errorf("%s: a sequential scan in the generic plan:\n%s", name, plan.String())
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// The idle-round sweeper reads the partial index of the OPEN rounds
// (game_round_open), which its query can use only because it names the
// status: on both databases, the plan of idleRoundsSQL goes through it.
func TestIdleRoundsUseOpenIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if plan := dbtest.Plan(t, d, idleRoundsSQL, int64(1), 10); !strings.Contains(plan, "game_round_open") {
			t.Errorf("plan does not use game_round_open: %s", plan)
		}
	})
}
