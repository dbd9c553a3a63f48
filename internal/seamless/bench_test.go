package seamless

import (
	"os"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

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
