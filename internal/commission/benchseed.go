package commission

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// BenchContract is one contract for BenchSeedContracts: from UplineID (0:
// the platform) to its direct downline agent DownlineID.
type BenchContract struct {
	UplineID, DownlineID int64
	Type                 Type
	Period               Period // a dividend's; the other types have one
	Tiers                []Tier
	Realtime             *Rates
}

// BenchSeedContracts records contracts as offered and accepted at
// decidedAt, for `palaro bench seed-agents` only: the settlement bench
// needs a whole tree's contracts decided before the periods it settles,
// where the service decides at its clock's now, one offer and one
// acceptance (with their messages) at a time. Each is checked as an offer
// is (its type, period and terms) and, unless the platform offers it,
// against its upline's contract of the type, which must come earlier in cs
// (uplines first): commission.upline_no_contract, commission.rate_above_upline.
// That DownlineID is an agent directly below UplineID is the caller's to
// ensure; the database keeps one active contract per downline and type.
func BenchSeedContracts(ctx context.Context, d *db.DB, cs []BenchContract, decidedAt time.Time) error {
	type held struct {
		member int64
		t      Type
	}
	all := Settings{Enabled: map[Type]bool{TypeDividend: true, TypeDailyWage: true, TypeHourlyWage: true, TypeRealtime: true}}
	own := make(map[held]Terms, len(cs))
	terms := make([]string, len(cs))
	for i := range cs {
		c := &cs[i]
		req := OfferRequest{DownlineID: c.DownlineID, Type: c.Type, Period: c.Period, Tiers: c.Tiers, Realtime: c.Realtime}
		if err := req.check(all); err != nil {
			return fmt.Errorf("bench contract %d → %d: %w", c.UplineID, c.DownlineID, err)
		}
		c.Period = req.Period
		t := Terms{Tiers: c.Tiers, Realtime: c.Realtime}
		if c.UplineID != 0 {
			bound, ok := own[held{c.UplineID, c.Type}]
			if !ok {
				return fmt.Errorf("bench contract %d → %d: %w", c.UplineID, c.DownlineID, ErrUplineNoContract)
			}
			if within, tier := withinBound(t, bound); !within {
				return fmt.Errorf("bench contract %d → %d: %w", c.UplineID, c.DownlineID, ErrRateAboveUpline.With("tier", tier))
			}
		}
		own[held{c.DownlineID, c.Type}] = t
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		terms[i] = string(b)
	}
	at := decidedAt.UnixMilli()
	const rows, perTx = 200, 5000
	for txStart := 0; txStart < len(cs); txStart += perTx {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for start := txStart; start < min(txStart+perTx, len(cs)); start += rows {
				end := min(start+rows, len(cs), txStart+perTx)
				var q strings.Builder
				q.WriteString(`INSERT INTO commission_contract (type, period, upline_id, downline_id, terms, status, offered_at, decided_at,
 offered_by) VALUES `)
				args := make([]any, 0, (end-start)*8)
				for i := start; i < end; i++ {
					if i > start {
						q.WriteString(", ")
					}
					q.WriteString("(?, ?, ?, ?, ?, 'active', ?, ?, 'bench')")
					c := cs[i]
					args = append(args, string(c.Type), string(c.Period), c.UplineID, c.DownlineID, terms[i], at, at)
				}
				if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
					return fmt.Errorf("commission: bench contracts: %w", err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
