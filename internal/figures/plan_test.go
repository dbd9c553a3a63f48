package figures

import (
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestTotalsSetPlan (PostgreSQL): the rows of TotalsMany are read in a
// Fixed session, with a generic plan made once per connection. On a new
// database that plan must read each member's days from the primary key,
// not scan the rows.
func TestTotalsSetPlan(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	plan := dbtest.GenericPlan(t, d, []string{"SET LOCAL enable_seqscan = off"}, sqlTotalsSet,
		`'PHP'`, `'{1,2}'`, `'{2026-01-01,2026-01-01}'`, `'{2026-01-31,2026-01-31}'`)
	if !strings.Contains(plan, "Index Cond: ((member_id = k.id) AND (day >= k.first_day) AND (day <= k.last_day) AND (currency = $1))") ||
		strings.Contains(plan, "Seq Scan") {
		t.Errorf("the generic plan does not read each member's days from the key:\n%s", plan)
	}
}
