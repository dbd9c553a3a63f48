package promotions

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
)

// TestRaffleTickets: one ticket per member under parallel claims (per day
// for a DAILY raffle), and refusals that write nothing.
func TestRaffleTickets(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeRaffle, Amount: 1000_00, Winners: 5, Frequency: Once, RewardKind: KindCash})
			if v := st.status(t, 7, p.ID); v.Status != StatusJoin || v.Action != ActionTicket {
				t.Fatalf("before a ticket: %+v", v)
			}
			var wg sync.WaitGroup
			errs := make([]error, 10)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = st.s.Raffle(ctx, member(7), p.ID)
				}()
			}
			wg.Wait()
			got := 0
			for _, err := range errs {
				switch {
				case err == nil:
					got++
				case errors.Is(err, ErrHasTicket):
				default:
					t.Fatalf("ticket: %v", err)
				}
			}
			if got != 1 || st.count(t, `SELECT COUNT(*) FROM promotion_ticket WHERE member_id = 7`) != 1 {
				t.Fatalf("%d tickets taken", got)
			}
			if v := st.status(t, 7, p.ID); v.Status != StatusJoined || v.Action != ActionNone || !v.Joined {
				t.Fatalf("with a ticket: %+v", v)
			}
			if v := st.status(t, 0, p.ID); v.Status != StatusJoin || v.Action != ActionTicket {
				t.Fatalf("visitor: %+v", v)
			}

			// DAILY: one a day.
			daily := st.create(t, Draft{Type: TypeRaffle, Amount: 100_00, Winners: 1, Frequency: Daily, RewardKind: KindCash})
			if _, err := st.s.Raffle(ctx, member(8), daily.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := st.s.Raffle(ctx, member(8), daily.ID); !errors.Is(err, ErrHasTicket) {
				t.Fatalf("second the same day: %v", err)
			}

			// Refusals, nothing written.
			paused := st.create(t, Draft{Type: TypeRaffle, Amount: 10_00, Winners: 1, Frequency: Once, RewardKind: KindCash})
			if _, err := st.ops.SetPaused(ctx, operator.Caller{ID: 1}, paused.ID, true); err != nil {
				t.Fatal(err)
			}
			over := st.create(t, Draft{Type: TypeRaffle, Amount: 10_00, Winners: 1, Frequency: Once, RewardKind: KindCash,
				StartsAt: start.Add(-2 * time.Hour).UnixMilli(), EndsAt: start.Add(-time.Hour).UnixMilli()})
			fixed := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash})
			before := st.count(t, `SELECT COUNT(*) FROM promotion_ticket`)
			for _, c := range []struct {
				caller account.Caller
				id     int64
				want   error
			}{{member(9), paused.ID, ErrPaused}, {member(9), over.ID, ErrEnded}, {member(9), fixed.ID, ErrNotRaffle},
				{account.Caller{MemberID: 4242, Type: account.TypeTrial}, p.ID, ErrRealOnly}, {member(9), 999, ErrNotFound}} {
				if _, err := st.s.Raffle(ctx, c.caller, c.id); !errors.Is(err, c.want) {
					t.Fatalf("raffle %d: %v, want %v", c.id, err, c.want)
				}
			}
			if v := st.status(t, 9, paused.ID); v.Status != StatusClose || v.Reason != "paused" {
				t.Fatalf("paused: %+v", v)
			}
			if v := st.status(t, 9, over.ID); v.Status != StatusClose || v.Reason != "ended" {
				t.Fatalf("ended: %+v", v)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM promotion_ticket`); n != before {
				t.Fatalf("refusals wrote %d tickets", n-before)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM reward`) + st.count(t, `SELECT COUNT(*) FROM promotion_grant`); n != 0 {
				t.Fatalf("%d rewards or grants", n)
			}

			st.clk.Advance(24 * time.Hour)
			if _, err := st.s.Raffle(ctx, member(8), daily.ID); err != nil {
				t.Fatalf("next day: %v", err)
			}
			if _, err := st.s.Raffle(ctx, member(7), p.ID); !errors.Is(err, ErrHasTicket) {
				t.Fatalf("once: %v", err)
			}
		})
	}
}

// TestRaffleDraw: the seed is committed, hidden until the draw and then
// revealed; the winners are the documented HMAC order; two concurrent
// draws issue each prize once.
func TestRaffleDraw(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeRaffle, Amount: 1000_00, Winners: 5, Frequency: Daily, RewardKind: KindBonus, WagerMultiple: 1,
				ValidDays: 7, StartsAt: start.Add(-time.Hour).UnixMilli(), EndsAt: start.Add(36 * time.Hour).UnixMilli()})
			if len(p.SeedHash) != 64 || p.Seed != "" {
				t.Fatalf("before the draw: hash %q seed %q", p.SeedHash, p.Seed)
			}
			if b, _ := json.Marshal(p); strings.Contains(string(b), `"seed"`) {
				t.Fatalf("the seed leaks: %s", b)
			}
			for m := int64(10); m < 22; m++ {
				if _, err := st.s.Raffle(ctx, member(m), p.ID); err != nil {
					t.Fatal(err)
				}
			}
			st.clk.Advance(24 * time.Hour) // members 10..13 take a second day's ticket
			for m := int64(10); m < 14; m++ {
				if _, err := st.s.Raffle(ctx, member(m), p.ID); err != nil {
					t.Fatal(err)
				}
			}
			if ok, err := st.s.Draw(ctx, p.ID); ok || err != nil {
				t.Fatalf("draw before the end: %v %v", ok, err)
			}
			st.clk.Advance(13 * time.Hour)
			if v := st.status(t, 10, p.ID); v.Status != StatusJoined {
				t.Fatalf("ended, waiting for the draw: %+v", v)
			}
			var wg sync.WaitGroup
			drew := make([]bool, 4)
			errs := make([]error, 4)
			for i := range drew {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i%2 == 0 {
						drew[i], errs[i] = st.s.Draw(ctx, p.ID)
					} else {
						var n int
						n, errs[i] = st.s.DrawDue(ctx)
						drew[i] = n == 1
					}
				}()
			}
			wg.Wait()
			draws := 0
			for i := range drew {
				if errs[i] != nil {
					t.Fatalf("draw: %v", errs[i])
				}
				if drew[i] {
					draws++
				}
			}
			if draws != 1 {
				t.Fatalf("%d draws", draws)
			}
			p = st.promo(t, p.ID)
			if p.Seed == "" || SeedHash(p.Seed) != p.SeedHash || p.DrawnAt == 0 {
				t.Fatalf("after the draw: %+v", p)
			}
			// Check the draw as anyone would, from the revealed seed and the ticket ids.
			sum := sha256.Sum256([]byte(p.Seed))
			if hex.EncodeToString(sum[:]) != p.SeedHash {
				t.Fatal("the seed does not match its commitment")
			}
			type scored struct {
				id, member int64
				score      string
			}
			var all []scored
			rows, err := st.d.QueryContext(ctx, st.d.Rebind(`SELECT id, member_id FROM promotion_ticket WHERE promotion_id = ?`), p.ID)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var s scored
				if err := rows.Scan(&s.id, &s.member); err != nil {
					t.Fatal(err)
				}
				m := hmac.New(sha256.New, []byte(p.Seed))
				fmt.Fprint(m, s.id)
				s.score = hex.EncodeToString(m.Sum(nil))
				all = append(all, s)
			}
			rows.Close()
			if len(all) != 16 {
				t.Fatalf("%d tickets", len(all))
			}
			sort.Slice(all, func(i, j int) bool { return all[i].score < all[j].score })
			want := []int64{}
			seen := map[int64]bool{}
			for _, s := range all {
				if len(want) < 5 && !seen[s.member] {
					seen[s.member] = true
					want = append(want, s.member)
				}
			}
			view, err := st.ops.Raffle(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for _, w := range view.Winners {
				got = append(got, w.MemberID)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || view.Tickets != 16 || view.Seed != p.Seed {
				t.Fatalf("winners %v, want %v (view %+v)", got, want, view)
			}
			for _, m := range want {
				key := RewardKey(p.ID, m, RafflePeriod)
				if n := st.count(t, `SELECT COUNT(*) FROM reward WHERE reward_key = ? AND amount = ?`, key, 1000_00); n != 1 {
					t.Fatalf("reward %s: %d", key, n)
				}
				if v := st.status(t, m, p.ID); v.Status != StatusClaim || v.Action != ActionClaim {
					t.Fatalf("winner %d: %+v", m, v)
				}
			}
			if n := st.count(t, `SELECT COUNT(*) FROM reward WHERE source = 'PROMOTION'`); n != 5 {
				t.Fatalf("%d rewards", n)
			}
			if p.Spent != 5*1000_00 {
				t.Fatalf("spent %d", p.Spent)
			}
			for m := int64(10); m < 22; m++ {
				if seen[m] {
					continue
				}
				if v := st.status(t, m, p.ID); v.Status != StatusClose || v.Reason != "drawn" {
					t.Fatalf("not won %d: %+v", m, v)
				}
			}
			if _, err := st.ops.Update(ctx, operator.Caller{ID: 1}, p.ID, Draft{Type: TypeRaffle, TitleEN: "x", TitleTY: "y", Amount: 1, Winners: 1,
				Frequency: Once, RewardKind: KindCash, StartsAt: 1, EndsAt: 2, ClaimDays: 7}); !errors.Is(err, ErrDrawn) {
				t.Fatalf("edit after the draw: %v", err)
			}

			for _, d := range []struct {
				d     Draft
				field string
			}{
				{Draft{Type: TypeRaffle, Amount: 100_00, Winners: 0, Frequency: Once, RewardKind: KindCash}, "winners"},
				{Draft{Type: TypeRaffle, Amount: 0, Winners: 3, Frequency: Once, RewardKind: KindCash}, "amount"},
				{Draft{Type: TypeRaffle, Amount: 100_00, Winners: 3, Frequency: Weekly, RewardKind: KindCash}, "frequency"},
				{Draft{Type: TypeRaffle, Amount: 100_00, Winners: 3, Frequency: Once, RewardKind: KindCash, Budget: 50_00}, "budget"},
			} {
				d.d.TitleEN, d.d.TitleTY, d.d.ClaimDays, d.d.StartsAt, d.d.EndsAt = "R", "R", 7, 1, 2
				if _, err := st.ops.Create(ctx, operator.Caller{ID: 1}, d.d); !errors.Is(err, ErrInvalid) || errParams(err)["field"] != d.field {
					t.Fatalf("draft %+v: %v", d.d, err)
				}
			}

			// A budget that covers three prizes draws three winners.
			q := st.create(t, Draft{Type: TypeRaffle, Amount: 100_00, Winners: 5, Frequency: Once, RewardKind: KindCash, Budget: 350_00,
				StartsAt: st.clk.Now().Add(-time.Hour).UnixMilli(), EndsAt: st.clk.Now().Add(time.Hour).UnixMilli()})
			for m := int64(30); m < 40; m++ {
				if _, err := st.s.Raffle(ctx, member(m), q.ID); err != nil {
					t.Fatal(err)
				}
			}
			st.clk.Advance(2 * time.Hour)
			if n, err := st.s.DrawDue(ctx); n != 1 || err != nil {
				t.Fatalf("draw due: %d %v", n, err)
			}
			if sp := st.promo(t, q.ID).Spent; sp != 300_00 {
				t.Fatalf("budget raffle spent %d", sp)
			}
		})
	}
}

// TestRaffleWorkedExample: docs/rewards.md "Raffle", checked as anyone
// would with sha256sum and openssl.
func TestRaffleWorkedExample(t *testing.T) {
	seed := "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	if h := SeedHash(seed); h != "2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737" {
		t.Fatalf("hash %s", h)
	}
	scores := map[int64]string{6: "2c01828f8326cd6a", 5: "4e5a34bbc30f2a34", 3: "a195b5b6aadc80db", 2: "ab4fcd4b28c8021a", 1: "ad90b0e6eac4149d", 4: "f6658fdec2c93675"}
	for id, want := range scores {
		if got := TicketScore(seed, id)[:16]; got != want {
			t.Fatalf("ticket %d: %s, want %s", id, got, want)
		}
	}
	tickets := []Ticket{{ID: 1, MemberID: 101}, {ID: 2, MemberID: 102}, {ID: 3, MemberID: 105}, {ID: 4, MemberID: 101}, {ID: 5, MemberID: 104}, {ID: 6, MemberID: 105}}
	got := []string{}
	for _, w := range DrawOrder(seed, tickets, 3) {
		got = append(got, fmt.Sprintf("#%d:%d", w.ID, w.MemberID))
	}
	if s := strings.Join(got, " "); s != "#6:105 #5:104 #2:102" {
		t.Fatalf("winners %s", s)
	}
}

// TestRaffleDrawNow: the console's draw of an ended raffle: refused while
// it runs, then the same draw as the job's (each ticket holder a winner of
// three places), then refused as drawn.
func TestRaffleDrawNow(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			p := st.create(t, Draft{Type: TypeRaffle, Amount: 100_00, Winners: 3, Frequency: Once, RewardKind: KindCash,
				StartsAt: start.Add(-time.Hour).UnixMilli(), EndsAt: start.Add(time.Hour).UnixMilli()})
			for _, m := range []int64{31, 32} {
				if _, err := st.s.Raffle(ctx, member(m), p.ID); err != nil {
					t.Fatal(err)
				}
			}
			op := operator.Caller{ID: 1}
			if _, err := st.ops.DrawNow(ctx, op, p.ID); !errors.Is(err, ErrDrawNotDue) {
				t.Fatalf("while running: %v", err)
			}
			st.clk.Advance(2 * time.Hour)
			v, err := st.ops.DrawNow(ctx, op, p.ID)
			if err != nil || v.DrawnAt == 0 || len(v.Winners) != 2 || v.Seed == "" {
				t.Fatalf("draw now: %+v %v", v, err)
			}
			for _, m := range []int64{31, 32} {
				if got := st.status(t, m, p.ID); got.Status != StatusClaim {
					t.Fatalf("winner %d: %+v", m, got)
				}
			}
			if _, err := st.ops.DrawNow(ctx, op, p.ID); !errors.Is(err, ErrDrawn) {
				t.Fatalf("again: %v", err)
			}
			if n := st.count(t, `SELECT COUNT(*) FROM reward WHERE source = 'PROMOTION'`); n != 2 {
				t.Fatalf("%d prizes", n)
			}
		})
	}
}
