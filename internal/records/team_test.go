package records

import (
	"context"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/wallet"
)

// TestBetsOfMembers: several members' rounds together (an agent's team),
// each with its member, newest first, with the same filters and sums; the
// account records of the same members through the wallet.
func TestBetsOfMembers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d, start)
		demo, agent := s.memberID("demo01"), s.memberID("agent01")
		s.fund(demo, 1_000_00)
		s.fund(agent, 1_000_00)
		a := s.play(demo, play{g: s.slot, bets: []int64{10_00}, win: 0})
		s.clk.Advance(time.Minute)
		b := s.play(agent, play{g: s.slot, bets: []int64{20_00}, win: 5_00})
		s.clk.Advance(time.Minute)
		c := s.play(demo, play{g: s.live, bets: []int64{30_00}, win: 0})
		svc := NewService(s.seamless, CatalogNames{Games: s.games}, s.clk, nil)
		q := BetQuery{From: "2026-03-10", To: "2026-03-10"}
		page, err := svc.BetsOfMembers(ctx, []int64{demo, agent}, q)
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 3 || len(page.List) != 3 || page.List[0].RoundID != c || page.List[1].RoundID != b || page.List[2].RoundID != a ||
			page.List[0].MemberID != demo || page.List[1].MemberID != agent || page.Sums.Bet != 60_00 || page.Sums.Win != 5_00 {
			t.Fatalf("page %+v", page)
		}
		q.GameType = "LIVE"
		if page, err := svc.BetsOfMembers(ctx, []int64{demo, agent}, q); err != nil || page.Total != 1 || page.List[0].RoundID != c {
			t.Fatalf("live %+v %v", page, err)
		}
		if page, err := svc.BetsOfMembers(ctx, nil, BetQuery{}); err != nil || page.Total != 0 || len(page.List) != 0 {
			t.Fatalf("nobody %+v %v", page, err)
		}
		// A member's own record keeps no member id.
		own, err := svc.BetsOf(ctx, demo, BetQuery{From: "2026-03-10", To: "2026-03-10"})
		if err != nil || own.Total != 2 || own.List[0].MemberID != 0 {
			t.Fatalf("own %+v %v", own, err)
		}
		big := make([]int64, 1001)
		for i := range big {
			big[i] = int64(i + 1)
		}
		if _, err := svc.BetsOfMembers(ctx, big, BetQuery{}); apperr.As(err) == nil || apperr.As(err).Code != "gamewallet.invalid_query" {
			t.Fatalf("1,001 members: %v", err)
		}

		recs := wallet.NewRecords(s.wallet, s.clk)
		lines, truncated, err := recs.PageOfMembers(ctx, []int64{demo, agent}, wallet.RecordQuery{From: "2026-03-10", To: "2026-03-10", Type: "bet"}, false)
		if err != nil || truncated || lines.Total != 3 || len(lines.List) != 3 {
			t.Fatalf("team record %+v %v %v", lines, truncated, err)
		}
		seen := map[int64]int{}
		for _, l := range lines.List {
			seen[l.MemberID]++
		}
		if seen[demo] != 2 || seen[agent] != 1 || lines.Sums.Out != 60_00 {
			t.Fatalf("team record members %v sums %+v", seen, lines.Sums)
		}
		all, _, err := recs.PageOfMembers(ctx, []int64{demo}, wallet.RecordQuery{From: "2026-03-10", To: "2026-03-10"}, true)
		if err != nil || len(all.List) == 0 || all.List[0].MemberID != demo {
			t.Fatalf("export %+v %v", all, err)
		}
	})
}
