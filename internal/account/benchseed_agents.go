package account

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// BenchSeedAgentTree inserts a generated agent tree (`palaro bench
// seed-agents`, the agent reports' bench): member i of parents is
// a<base+i>, an agent (type 1) when agent[i], under member parents[i]
// (an index, -1 for none; uplines come before their downlines). It returns
// the first id. Bench data only, register_method 'BENCH'.
func (s *Store) BenchSeedAgentTree(ctx context.Context, parents []int, agent []bool, hash string, now time.Time) (int64, error) {
	var base int64
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM account_member`).Scan(&base); err != nil {
		return 0, apperr.Internal(err, "max member id")
	}
	ms := now.UnixMilli()
	const chunk = 400
	for start := 0; start < len(parents); start += chunk * 25 {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			for from := start; from < min(start+chunk*25, len(parents)); from += chunk {
				to := min(from+chunk, len(parents))
				var q strings.Builder
				q.WriteString(`INSERT INTO account_member (id, account, account_lower, nickname, type, password_hash, password_changed_at, parent_id,
 register_method, created_at, updated_at) VALUES `)
				args := make([]any, 0, (to-from)*10)
				for i := from; i < to; i++ {
					if i > from {
						q.WriteString(", ")
					}
					q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, 'BENCH', ?, ?)")
					id := base + int64(i)
					name := "a" + strconv.FormatInt(id, 10)
					typ := 0
					if agent[i] {
						typ = 1
					}
					var parent any
					if parents[i] >= 0 {
						parent = base + int64(parents[i])
					}
					args = append(args, id, name, name, name, typ, hash, ms, parent, ms-int64(len(parents)-i)*1000, ms)
				}
				if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
					return apperr.Internal(err, "bench agent tree")
				}
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	return base, nil
}
