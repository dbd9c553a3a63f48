package teamreport

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

// BenchSeed fills the consumer's rows for a generated tree (`palaro bench
// seed-agents`; bench data only): member base+i under base+parents[i]
// (uplines first). It runs the consumer's own Apply on generated events,
// without the stream: the registrations, then rounds settled over the last
// days days (today included; rounds/days a day, played by rounds/days/perPlayer
// members of the non-agents, a window that moves a third each day) and a
// deposit for every fifth player-day. The rounds are not written to the
// rounds table: the overview and user loss read these rows only.
func BenchSeed(ctx context.Context, d *db.DB, base int64, parents []int, agent []bool, rounds, days, perPlayer int, currency string,
	loc *time.Location, now time.Time) error {
	c := NewConsumer(func(context.Context) *time.Location { return loc })
	var batch []activity.Event
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := d.InTx(ctx, func(tx *db.Tx) error { return c.Apply(ctx, tx, batch) })
		batch = batch[:0]
		return err
	}
	add := func(e activity.Event) error {
		batch = append(batch, e)
		if len(batch) >= 5000 {
			return flush()
		}
		return nil
	}
	start := now.AddDate(0, 0, -days)
	for i, p := range parents {
		ref := ""
		if p >= 0 {
			ref = strconv.FormatInt(base+int64(p), 10)
		}
		if err := add(activity.Event{Fact: activity.Fact{Kind: activity.Registered, MemberID: base + int64(i), Ref: ref, Detail: "password",
			At: start.Add(time.Duration(i) * time.Millisecond)}}); err != nil {
			return err
		}
	}
	var players []int64
	for i := range parents {
		if !agent[i] {
			players = append(players, base+int64(i))
		}
	}
	if len(players) == 0 || rounds == 0 {
		return flush()
	}
	r := rand.New(rand.NewPCG(31, 8))
	perDay := rounds / days
	active := max(1, min(len(players), perDay/max(1, perPlayer)))
	y, m, dd := now.In(loc).Date()
	today := time.Date(y, m, dd, 0, 0, 0, 0, loc)
	for k := 0; k < days; k++ {
		day := today.AddDate(0, 0, k-days+1)
		first := (k * active / 3) % len(players) // a window moving a third each day: players come back
		for n := 0; n < perDay; n++ {
			member := players[(first+n%active)%len(players)]
			at := day.Add(time.Duration(r.IntN(86_400_000)) * time.Millisecond)
			if at.After(now) {
				at = now.Add(-time.Duration(r.IntN(3_600_000)) * time.Millisecond)
			}
			bet := int64(100 * (1 + r.IntN(5)))
			win := int64(0)
			if r.IntN(10) < 4 {
				win = bet * int64(1+r.IntN(3)) * 7 / 8
			}
			if err := add(activity.Event{Fact: activity.Fact{Kind: activity.RoundSettled, MemberID: member, Currency: currency, Category: "RNG",
				Vendor: "BENCH", Amount: bet, ValidBet: bet, Win: win, At: at}}); err != nil {
				return err
			}
			if n < active && n%5 == 0 {
				if err := add(activity.Event{Fact: activity.Fact{Kind: activity.DepositCredited, MemberID: member, Currency: currency,
					Amount: 50_000, At: at}}); err != nil {
					return err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return fmt.Errorf("teamreport: bench seed: %w", err)
	}
	return nil
}
