package records

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// noon of 2026-03-10 in Manila (UTC+8).
var start = time.Date(2026, 3, 10, 4, 0, 0, 0, time.UTC)

func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, start)
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return s.login("demo01") },
			account.RoleAgent:   func() string { return s.login("agent01") },
			account.RoleTrial:   s.trial,
		}
		paths := []string{"/wps/records/bets", "/wps/records/profit"}
		if len(paths) != len(routeRoles) {
			t.Fatalf("matrix covers %d endpoints, the handler has %d", len(paths), len(routeRoles))
		}
		for _, p := range paths {
			roles, ok := routeRoles["GET "+p]
			if !ok {
				t.Fatalf("GET %s not routed", p)
			}
			for role, tok := range tokens {
				want := map[account.Role]int{account.RoleVisitor: 401, account.RoleTrial: 403, account.RoleMember: 200, account.RoleAgent: 200}[role]
				status, env := s.get(p, nil, tok(), nil)
				if status != want {
					t.Errorf("GET %s as %s: %d %s, want %d", p, role, status, env.Code, want)
				}
				if role == account.RoleTrial && env.Code != "auth.real_account_required" {
					t.Errorf("GET %s as trial: code %s", p, env.Code)
				}
				if allowed := account.Allowed(callerOf(role), roles...) == nil; allowed != (want == 200) {
					t.Errorf("GET %s as %s: routeRoles says allowed=%v", p, role, allowed)
				}
			}
		}
		// An expired or unknown token is not a visitor.
		if status, env := s.get("/wps/records/bets", nil, "not-a-token", nil); status != 401 {
			t.Errorf("bad token: %d %s", status, env.Code)
		}
	})
}

// TestBetsAndProfit plays rounds through signed callbacks and reads them
// back: the member's own rounds only, filters, paging with sums over the
// whole filter, Manila day boundaries, per-day and per-category profit.
func TestBetsAndProfit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, start)
		demo, agent := s.memberID("demo01"), s.memberID("agent01")
		s.fund(demo, 1_000_000_00)
		s.fund(agent, 1_000_000_00)
		tok := s.login("demo01")

		// 2026-03-10 (Manila): A won, B refunded, C still open, L a live table loss.
		a := s.play(demo, play{g: s.slot, bets: []int64{100_00}, win: 250_00})
		s.clk.Advance(time.Minute)
		b := s.play(demo, play{g: s.slot, bets: []int64{50_00}, refund: []int{0}, win: 0})
		s.clk.Advance(time.Minute)
		c := s.play(demo, play{g: s.slot, bets: []int64{20_00}, open: true})
		s.clk.Advance(time.Minute)
		l := s.play(demo, play{g: s.live, bets: []int64{30_00, 40_00}, win: 0})
		// Someone else's round the same day.
		s.play(agent, play{g: s.slot, bets: []int64{999_00}, win: 0})
		// 23:59:59 Manila on the 10th, then midnight: the 11th.
		s.clk.Advance(time.Date(2026, 3, 10, 15, 59, 59, 0, time.UTC).Sub(s.clk.Now()))
		late := s.play(demo, play{g: s.slot, bets: []int64{10_00}, win: 5_00})
		s.clk.Advance(time.Second)
		next := s.play(demo, play{g: s.slot, bets: []int64{7_00}, win: 0})

		day10 := url.Values{"from": {"2026-03-10"}, "to": {"2026-03-10"}}
		var page BetPage
		if status, env := s.get("/wps/records/bets", day10, tok, &page); status != 200 {
			t.Fatalf("bets: %d %s", status, env.Code)
		}
		ids := func(p BetPage) []string {
			var out []string
			for _, r := range p.List {
				out = append(out, r.RoundID)
			}
			return out
		}
		if got, want := ids(page), []string{late, l, c, b, a}; !equal(got, want) {
			t.Fatalf("day 10 rounds %v, want newest first %v", got, want)
		}
		if page.Total != 5 || page.Page != 1 || page.PageSize != DefaultPageSize || page.From != "2026-03-10" || page.To != "2026-03-10" || page.Timezone != DefaultTimezone {
			t.Fatalf("page %+v", page)
		}
		// bet 100+50+20+70+10, valid (B refunded) 100+20+70+10, win 250+5.
		wantSums := Sums{Bet: 250_00, ValidBet: 200_00, Win: 255_00, Profit: 55_00, Rounds: 5}
		if page.Sums != wantSums {
			t.Fatalf("sums %+v, want %+v", page.Sums, wantSums)
		}
		byID := map[string]Bet{}
		for _, r := range page.List {
			byID[r.RoundID] = r
		}
		if r := byID[a]; r.Bet != 100_00 || r.ValidBet != 100_00 || r.Win != 250_00 || r.Profit != 150_00 || r.Status != gamewallet.StatusCompleted ||
			r.GameName != s.slot.GameName || r.GameType != "RNG" || r.Vendor != "PG" || r.EndedAt == 0 || r.StartedAt != start.UnixMilli() {
			t.Errorf("round A %+v", r)
		}
		if r := byID[b]; r.ValidBet != 0 || r.Profit != 0 || r.Status == gamewallet.StatusOpen {
			t.Errorf("refunded round B %+v", r)
		}
		if r := byID[c]; r.Status != gamewallet.StatusOpen || r.EndedAt != 0 || r.Profit != -20_00 {
			t.Errorf("open round C %+v", r)
		}
		if r := byID[l]; r.Bet != 70_00 || r.GameType != "LIVE" || r.Vendor != "SXG" || r.GameName != s.live.GameName {
			t.Errorf("live round %+v", r)
		}

		// Filters: status, category, vendor; an unknown vendor matches nothing.
		for _, tc := range []struct {
			q    url.Values
			want []string
		}{
			{url.Values{"status": {"open"}}, []string{c}},
			{url.Values{"status": {"COMPLETED"}, "gameType": {"RNG"}}, []string{late, b, a}},
			{url.Values{"gameType": {"LIVE"}}, []string{l}},
			{url.Values{"gameType": {"ALL"}, "vendor": {"SXG"}}, []string{l}},
			{url.Values{"vendor": {"NOPE"}}, nil},
		} {
			q := url.Values{"from": {"2026-03-10"}, "to": {"2026-03-10"}}
			for k, v := range tc.q {
				q[k] = v
			}
			var p BetPage
			if status, env := s.get("/wps/records/bets", q, tok, &p); status != 200 {
				t.Fatalf("%v: %d %s", tc.q, status, env.Code)
			}
			if got := ids(p); !equal(got, tc.want) || p.Total != len(tc.want) || p.Sums.Rounds != len(tc.want) {
				t.Errorf("%v: %v (total %d, sums %+v), want %v", tc.q, got, p.Total, p.Sums, tc.want)
			}
		}

		// Paging: page 2 of 2-round pages; the sums still cover all 5 rounds.
		q := url.Values{"from": {"2026-03-10"}, "to": {"2026-03-10"}, "page": {"2"}, "pageSize": {"2"}}
		var p2 BetPage
		s.get("/wps/records/bets", q, tok, &p2)
		if got := ids(p2); !equal(got, []string{c, b}) || p2.Total != 5 || p2.Sums != wantSums {
			t.Errorf("page 2: %v total %d sums %+v", got, p2.Total, p2.Sums)
		}
		q.Set("page", "4")
		s.get("/wps/records/bets", q, tok, &p2)
		if len(p2.List) != 0 || p2.Total != 5 || p2.Sums != wantSums {
			t.Errorf("past the end: %+v", p2)
		}

		// The 11th (Manila) starts at 16:00 UTC.
		var p11 BetPage
		s.get("/wps/records/bets", url.Values{"from": {"2026-03-11"}, "to": {"2026-03-11"}}, tok, &p11)
		if got := ids(p11); !equal(got, []string{next}) {
			t.Errorf("day 11: %v", got)
		}
		// No dates: the last 7 days up to today (the 11th).
		var def BetPage
		s.get("/wps/records/bets", nil, tok, &def)
		if def.From != "2026-03-05" || def.To != "2026-03-11" || def.Total != 6 {
			t.Errorf("default range %s..%s total %d", def.From, def.To, def.Total)
		}
		// The agent sees only the agent's round.
		var ap BetPage
		s.get("/wps/records/bets", day10, s.login("agent01"), &ap)
		if ap.Total != 1 || ap.List[0].Bet != 999_00 {
			t.Errorf("agent's record %+v", ap)
		}

		// Profit and loss: completed rounds per Manila day and category, newest day first.
		var rep ProfitReport
		if status, env := s.get("/wps/records/profit", url.Values{"from": {"2026-03-09"}, "to": {"2026-03-11"}}, tok, &rep); status != 200 {
			t.Fatalf("profit: %d %s", status, env.Code)
		}
		if len(rep.Days) != 2 || rep.Days[0].Day != "2026-03-11" || rep.Days[1].Day != "2026-03-10" {
			t.Fatalf("days %+v", rep.Days)
		}
		d11, d10 := rep.Days[0], rep.Days[1]
		if len(d11.Categories) != 1 || d11.Categories[0].GameType != "RNG" || d11.Total != (Sums{Bet: 7_00, ValidBet: 7_00, Win: 0, Profit: -7_00, Rounds: 1}) {
			t.Errorf("day 11 %+v", d11)
		}
		if len(d10.Categories) != 2 || d10.Categories[0].GameType != "LIVE" || d10.Categories[1].GameType != "RNG" {
			t.Fatalf("day 10 categories %+v", d10.Categories)
		}
		if got := d10.Categories[0].Sums; got != (Sums{Bet: 70_00, ValidBet: 70_00, Win: 0, Profit: -70_00, Rounds: 1}) {
			t.Errorf("day 10 LIVE %+v", got)
		}
		// RNG completed: A, B (all refunded: no valid bet) and late; C is open.
		rng := d10.Categories[1].Sums
		if rng.ValidBet != 110_00 || rng.Win != 255_00 || rng.Profit != 145_00 {
			t.Errorf("day 10 RNG %+v", rng)
		}
		var sum Sums
		for _, day := range rep.Days {
			for _, c := range day.Categories {
				sum.add(c.Bet, c.ValidBet, c.Win, c.Rounds)
			}
		}
		if rep.Total != sum || rep.From != "2026-03-09" || rep.To != "2026-03-11" {
			t.Errorf("total %+v, categories add to %+v", rep.Total, sum)
		}
		// A range with no play.
		var empty ProfitReport
		s.get("/wps/records/profit", url.Values{"from": {"2026-01-01"}, "to": {"2026-01-31"}}, tok, &empty)
		if len(empty.Days) != 0 || empty.Total != (Sums{}) {
			t.Errorf("empty range %+v", empty)
		}
	})
}

func TestRanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, start)
		tok := s.login("demo01")
		for _, tc := range []struct {
			name   string
			q      url.Values
			status int
			code   string
		}{
			{"OK92Days", url.Values{"from": {"2025-12-10"}, "to": {"2026-03-11"}}, 200, ""},
			{"ErrTooLong", url.Values{"from": {"2025-12-09"}, "to": {"2026-03-11"}}, 400, "records.invalid_range"},
			{"ErrOrder", url.Values{"from": {"2026-03-11"}, "to": {"2026-03-10"}}, 400, "records.invalid_range"},
			{"ErrDate", url.Values{"from": {"2026-02-30"}, "to": {"2026-03-10"}}, 400, "records.invalid_range"},
			{"ErrOneDate", url.Values{"from": {"2026-03-10"}}, 400, "records.invalid_range"},
			{"ErrStatus", url.Values{"status": {"WON"}}, 400, "request.invalid_param"},
			{"ErrGameType", url.Values{"gameType": {"RNG;DROP"}}, 400, "request.invalid_param"},
			{"ErrPageSize", url.Values{"pageSize": {"101"}}, 400, "request.invalid_page_size"},
			{"ErrPage", url.Values{"page": {"0"}}, 400, "request.invalid_page"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				status, env := s.get("/wps/records/bets", tc.q, tok, nil)
				if status != tc.status || (tc.code != "" && env.Code != tc.code) {
					t.Fatalf("bets: %d %s, want %d %s", status, env.Code, tc.status, tc.code)
				}
				if tc.code == "records.invalid_range" {
					if env.Message == "" || env.Message == tc.code {
						t.Errorf("no message for %s", tc.code)
					}
					if status, env := s.get("/wps/records/profit", tc.q, tok, nil); status != 400 || env.Code != tc.code {
						t.Errorf("profit: %d %s", status, env.Code)
					}
				}
			})
		}
	})
}

// TestWinnerBoards: a big win and a jackpot-flagged win of a real round go
// on the boards with the masked account name; a small win does not.
func TestWinnerBoards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, start)
		demo := s.memberID("demo01")
		s.fund(demo, 1_000_000_00)
		ctx := context.Background()
		count := func(kind string) int {
			// the boards' entries come from the stream's consumer and show at
			// the snapshot's next version check: check now
			if err := s.games.Reload(ctx); err != nil {
				t.Fatal(err)
			}
			cat, err := s.games.Catalog(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, w := range cat.Winners(kind, "ALL", game.MaxWinnerLimit) {
				if w.Vo.CustomerName == game.MaskName("demo01") {
					n++
				}
			}
			return n
		}
		waitFor := func(kind string, want int) {
			t.Helper()
			deadline := time.Now().Add(5 * time.Second)
			for count(kind) != want {
				if time.Now().After(deadline) {
					t.Fatalf("%s board: %d entries of demo01, want %d", kind, count(kind), want)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		// The demo boards are full of seeded winners; a record win outranks them all.
		s.play(demo, play{g: s.slot, bets: []int64{100_00}, win: 5_000_000_00})
		waitFor(game.KindBig, 1)
		cat, _ := s.games.Catalog(ctx)
		top := cat.Winners(game.KindBig, "ALL", 1)[0]
		if top.Vo.CustomerName != "de***01" || top.Vo.WinAmount != 5_000_000_00 || top.Vo.GameName != s.slot.GameName {
			t.Errorf("top big winner %+v", top)
		}
		// A jackpot flag puts even a small win on the jackpot board (latest first).
		s.play(demo, play{g: s.slot, bets: []int64{1_00}, win: 2_00, jackpot: true})
		waitFor(game.KindJackpot, 1)
		// A small win, a loss, an open round: no entry. 20x the bet is big
		// even under the minimum (too small to rank on the demo board, so
		// count the stored entries); the worker takes them in order.
		s.play(demo, play{g: s.slot, bets: []int64{100_00}, win: 150_00})
		s.play(demo, play{g: s.slot, bets: []int64{100_00}, win: 0})
		s.play(demo, play{g: s.slot, bets: []int64{100_00}, open: true})
		s.play(demo, play{g: s.slot, bets: []int64{1_00}, win: 20_00})
		s.play(demo, play{g: s.slot, bets: []int64{100_00}, win: 4_000_000_00})
		waitFor(game.KindBig, 2)
		stored := map[string]int{}
		rows, err := d.QueryContext(ctx, `SELECT kind, win_amount FROM game_winner WHERE customer_name = 'de***01'`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var amounts []int64
		for rows.Next() {
			var kind string
			var amount int64
			if err := rows.Scan(&kind, &amount); err != nil {
				t.Fatal(err)
			}
			stored[kind]++
			amounts = append(amounts, amount)
		}
		if stored[game.KindBig] != 3 || stored[game.KindJackpot] != 1 {
			t.Errorf("stored winners %v (amounts %v), want 3 BIG (5,000,000.00, 20.00, 4,000,000.00) and 1 JACKPOT", stored, amounts)
		}
	})
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
