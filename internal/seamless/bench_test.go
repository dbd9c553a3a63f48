package seamless

import (
	"context"
	"os"
	"strconv"
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
// counted.
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

// BenchmarkBetWin: a bet then a win with endRound, signed, over real HTTP,
// from 32 parallel vendor connections per CPU, on SQLite and (when
// PALARO_TEST_POSTGRES_URL is set) PostgreSQL (the bench/seamless figures
// come from the real binary; this is for profiles).
func BenchmarkBetWin(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchBetWin(b, dbtest.Open(b, db.SQLite)) })
	if os.Getenv(dbtest.EnvPostgres) != "" {
		b.Run("postgres", func(b *testing.B) {
			d, tracer := countingPostgres(b)
			before := tracer.n.Load()
			benchBetWin(b, d)
			b.ReportMetric(float64(tracer.n.Load()-before)/float64(b.N), "stmts/round")
		})
	}
}

func benchBetWin(b *testing.B, d *db.DB) {
	s := newSite(b, d)
	const players = 64
	toks := make([]string, players)
	for i := range toks {
		toks[i] = s.player(int64(1000+i), 1_000_000_00)
	}
	var n atomic.Int64
	b.SetParallelism(32)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			p := int(i % players)
			round := "bench-" + strconv.FormatInt(i, 10)
			if st, r := s.call("PG", OpBet, s.bet(toks[p], PlayerID(int64(1000+p)), "b"+round, round, 100)); st != 200 {
				b.Fatalf("bet %+v", r)
			}
			if st, r := s.call("PG", OpWin, s.win(toks[p], PlayerID(int64(1000+p)), "w"+round, round, 100, true)); st != 200 {
				b.Fatalf("win %+v", r)
			}
		}
	})
}
