package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/palaro/palaro/internal/platform/db"
)

// BenchSeedClosure writes agent_closure for a generated tree (`palaro bench
// seed-agents`): member base+i under member base+parents[i] (an index, -1
// for none; uplines first), every member's own row at depth 0 included, as
// the tree's consumer would have from their registrations. Bench data only.
func BenchSeedClosure(ctx context.Context, d *db.DB, base int64, parents []int) error {
	type row struct {
		anc, mem int64
		depth    int
	}
	var rows []row
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for start := 0; start < len(rows); start += 300 {
				chunk := rows[start:min(start+300, len(rows))]
				var q strings.Builder
				q.WriteString(`INSERT INTO agent_closure (ancestor_id, member_id, depth) VALUES `)
				args := make([]any, 0, len(chunk)*3)
				for i, r := range chunk {
					if i > 0 {
						q.WriteString(", ")
					}
					q.WriteString("(?, ?, ?)")
					args = append(args, r.anc, r.mem, r.depth)
				}
				if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
					return fmt.Errorf("bench closure: %w", err)
				}
			}
			return nil
		})
		rows = rows[:0]
		return err
	}
	for i := range parents {
		m := base + int64(i)
		rows = append(rows, row{m, m, 0})
		depth := 1
		for p := parents[i]; p >= 0; p = parents[p] {
			rows = append(rows, row{base + int64(p), m, depth})
			depth++
		}
		if len(rows) >= 30_000 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
