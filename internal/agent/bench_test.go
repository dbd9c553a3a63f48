package agent

import (
	"context"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// seedTeam puts n members under agent 1 over six levels (each member's
// upline is an earlier member, fan-out 10), through addMember as the
// consumer does.
func seedTeam(tb testing.TB, d *db.DB, n int) {
	tb.Helper()
	ctx := context.Background()
	const batch = 5000
	for start := 1; start <= n; start += batch {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for id := start; id < start+batch && id <= n; id++ {
				parent := int64(0)
				if id > 1 {
					parent = int64((id-2)/10 + 1) // 1 -> 2..11 -> 12..111 -> ... six levels at 100,000
				}
				if err := addMember(ctx, tx, int64(id), parent); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkTeamPage100k: the first page of all levels of a 100,000-member
// team, with its count and the rows' team counts (what GET /wps/agent/team
// reads from this domain's table). Run: go test -run X -bench TeamPage ./internal/agent/
func BenchmarkTeamPage100k(b *testing.B) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		b.Run(string(dialect), func(b *testing.B) {
			d := dbtest.Open(b, dialect)
			start := time.Now()
			seedTeam(b, d, 100_000)
			b.Logf("seeded 100,000 members in %s", time.Since(start))
			s := NewStore(d)
			ctx := context.Background()
			b.ResetTimer()
			for range b.N {
				nodes, total, err := s.TeamPage(ctx, 1, false, 0, 0, 20)
				if err != nil || total != 99_999 || len(nodes) != 20 {
					b.Fatalf("%d of %d: %v", len(nodes), total, err)
				}
				ids := make([]int64, len(nodes))
				for i, n := range nodes {
					ids[i] = n.MemberID
				}
				if _, err := s.CountsOf(ctx, append(ids, 2)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
