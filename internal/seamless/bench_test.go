package seamless

import (
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// BenchmarkBetWin: a bet then a win with endRound, signed, over real HTTP,
// from parallel vendor connections on SQLite (the bench/seamless figures
// come from the real binary; this is for profiles).
func BenchmarkBetWin(b *testing.B) {
	s := newSite(b, dbtest.Open(b, db.SQLite))
	const players = 64
	toks := make([]string, players)
	for i := range toks {
		toks[i] = s.player(int64(1000+i), 1_000_000_00)
	}
	var n atomic.Int64
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
