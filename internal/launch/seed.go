package launch

import (
	"context"
	"fmt"
	"time"
)

// DemoFreePlay are the demo brand's free-play games: a trial (free-play)
// account may launch these and plays them with FUN money; every other game
// still asks it for a real account. A few slots of seamless vendors, so the
// free-play money moves through the same callback API as real money. Lucky
// Lanterns (PG) is deliberately not among them: it is the storefront's
// example of a game a trial user cannot open.
var DemoFreePlay = []Rule{
	{Vendor: "PG", GameCode: "PG_PERLAS_NG_SILANGAN", FreePlay: true},
	{Vendor: "PG", GameCode: "PG_JEEPNEY_JACKPOT", FreePlay: true},
	{Vendor: "EG2", GameCode: "EG2_SAMPAGUITA_SUNRISE", FreePlay: true},
	{Vendor: "FC", GameCode: "FC_SARIMANOK_GOLD", FreePlay: true},
}

// SeedDemo puts DemoFreePlay in a store that has no launch rule yet (rules
// are only ever replaced, never deleted, so an empty table means nobody has
// set one); it reports whether it did.
func SeedDemo(ctx context.Context, s *Store, now time.Time) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM launch_rule`).Scan(&n); err != nil {
		return false, fmt.Errorf("count launch rules: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	for _, r := range DemoFreePlay {
		if err := s.PutRule(ctx, r, now); err != nil {
			return false, err
		}
	}
	return true, nil
}
