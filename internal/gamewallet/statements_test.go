package gamewallet

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
	}
	perRound(t, tracer, "round (bet + win, groups of one)", maxStatementsPerRound, play)
	s.verifyLedger()
}

// perRound plays 3 rounds to warm the caches, then 20 counted, and checks
// the statements per round against max.
func perRound(t *testing.T, tracer *countingTracer, what string, max int, play func(i int)) {
	t.Helper()
	for i := range 3 {
		play(i)
	}
	const rounds = 20
	before := tracer.n.Load()
	for i := range rounds {
		play(100 + i)
	}
	per := float64(tracer.n.Load()-before) / rounds
	t.Logf("PostgreSQL statements per %s: %.1f", what, per)
	if per > float64(max) {
		t.Fatalf("%.1f statements per %s, want at most %d", per, what, max)
	}
}

// maxStatementsPerBetWin bounds the PostgreSQL statements of a betwin
// played alone besides the ledger batch's two pipelined round trips (BEGIN,
// the read and the betwin's guard; the write, the answer and the round,
// COMMIT), which go through pgconn and are not counted: none, no lookup
// of its own (it was one before the guard).
const maxStatementsPerBetWin = 0

// TestStatementsPerBetWin counts the PostgreSQL statements of a betwin,
// caches warm.
func TestStatementsPerBetWin(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	d, tracer := countingPostgres(t)
	s := newSite(t, d)
	s.svc.cfg.AnswersInPosting, s.svc.cfg.GuardBetWin = true, true
	tok := s.player(32, 1_000_000_00)
	p := PlayerID(32)
	play := func(i int) {
		round := "bw-count-" + strconv.Itoa(i)
		if st, r := s.call("PG", OpBetWin, s.betWin(tok, p, "t"+round, round, 1_00, 3_00)); st != 200 {
			t.Fatalf("betwin %d %+v", st, r)
		}
	}
	perRound(t, tracer, "betwin", maxStatementsPerBetWin, play)
	if s.svc.GuardRetries() != 0 {
		t.Fatalf("%d new betwins failed their guard", s.svc.GuardRetries())
	}
	s.verifyLedger()
}

// TestGroupPlans checks that the group statements' generic plans, made on
// a new database's few rows (before any ANALYZE), are index lookups:
// PostgreSQL keeps a generic plan as the tables grow.
func TestGroupPlans(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	s := newSite(t, d)
	tok, p := s.player(1, 10_000), PlayerID(1)
	for i := range 3 { // a few rows in every table: one page each
		round := "few-" + strconv.Itoa(i)
		if st, r := s.call("PG", OpBet, s.bet(tok, p, round+"-b", round, 100)); r.Code != "" {
			t.Fatalf("bet: %d %+v", st, r)
		}
		if st, r := s.call("PG", OpWin, s.win(tok, p, round+"-w", round, 50, true)); r.Code != "" {
			t.Fatalf("win: %d %+v", st, r)
		}
	}
	arg := regexp.MustCompile(`\$\d+::(text|bigint)\[\]`)
	for name, query := range map[string]string{"lookupSet": sqlLookupSet, "recordSet": sqlRecordSet, "guardSet": sqlGuardSet} {
		var params []string
		for _, m := range arg.FindAllStringSubmatch(query, -1) {
			params = append(params, map[string]string{"text": `'{PG}'`, "bigint": `'{1}'`}[m[1]])
		}
		if plan := dbtest.GenericPlan(t, d, nil, query, params...); strings.Contains(plan, "Seq Scan") {
			t.Errorf("%s: a sequential scan in the generic plan:\n%s", name, plan)
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
