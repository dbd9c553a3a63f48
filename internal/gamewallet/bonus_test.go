package gamewallet

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
)

func (s *site) bonusBalance(member int64) int64 {
	s.t.Helper()
	b, err := s.svc.BonusBalance(context.Background(), member, s.currency)
	if err != nil {
		s.t.Fatal(err)
	}
	return b
}

func (s *site) grant(member, amount, wager, maxBet int64) Grant {
	s.t.Helper()
	g, err := s.svc.GrantBonus(context.Background(), GrantRequest{Key: "test:" + itoa(member), MemberID: member, Currency: s.currency, Source: "TEST",
		Title: "Test bonus", Amount: amount, WagerRequired: wager, MaxBet: maxBet, Weights: map[string]int64{"RNG": 10000, "LIVE": 1000}, ValidFor: 24 * time.Hour})
	if err != nil {
		s.t.Fatal(err)
	}
	return g
}

// TestBonusSplit is the worked example of docs/rewards.md, "Bonus
// balance": real money first, the bonus for what main lacks, wins split in
// the stake's proportion, the maximum bet, the wagering from settled rounds
// (weighted by category) and the conversion once it is met.
func TestBonusSplit(t *testing.T) {
	eachPath(t, func(t *testing.T, s *site, _ *testChecker) {
		ctx := context.Background()
		const member = 51
		tok := s.player(member, 100_00)
		g := s.grant(member, 200_00, 400_00, 50_00)
		if g.Status != GrantActive || g.Balance != 200_00 || s.bonusBalance(member) != 200_00 {
			t.Fatalf("grant %+v", g)
		}
		bet := func(tx, round string, amount int64) (Answer, error) {
			return s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: tx, RoundID: round, GameCode: s.slot.Code, Amount: amount})
		}
		win := func(tx, round string, amount int64) (Answer, error) {
			return s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: member, Currency: s.currency, TxID: tx, RoundID: round, GameCode: s.slot.Code, Amount: amount, EndRound: true})
		}
		check := func(step string, main, bonus int64) {
			t.Helper()
			if m, b := s.mainBalance(member), s.bonusBalance(member); m != main || b != bonus {
				t.Fatalf("%s: main %d bonus %d, want %d %d", step, m, b, main, bonus)
			}
		}
		// Above the maximum bet: refused, nothing moved.
		if _, err := bet("b0", "r0", 60_00); !errors.Is(err, ErrBonusMaxBet) {
			t.Fatalf("bet above the max: %v", err)
		}
		check("refused", 100_00, 200_00)
		// Real money first.
		a, err := bet("b1", "r1", 50_00)
		if err != nil || a.Balance != 250_00 {
			t.Fatalf("bet 1: %+v %v", a, err)
		}
		if _, err := bet("b2", "r2", 50_00); err != nil {
			t.Fatal(err)
		}
		check("main spent", 0, 200_00)
		// The bonus pays what main lacks.
		if a, err := bet("b3", "r3", 40_00); err != nil || a.Balance != 160_00 {
			t.Fatalf("bet 3: %+v %v", a, err)
		}
		check("bonus bet", 0, 160_00)
		// A round staked by the bonus alone: its win is all bonus.
		if a, err := win("w3", "r3", 90_00); err != nil || a.Balance != 250_00 {
			t.Fatalf("win 3: %+v %v", a, err)
		}
		check("bonus win", 0, 250_00)
		// A mixed stake: 20.00 main + 30.00 bonus; its win of 100.00 splits 40.00 / 60.00.
		s.fund(member, "more", 20_00)
		if _, err := bet("b4", "r4", 50_00); err != nil {
			t.Fatal(err)
		}
		check("mixed bet", 0, 220_00)
		if _, err := win("w4", "r4", 100_00); err != nil {
			t.Fatal(err)
		}
		check("mixed win", 40_00, 280_00)
		// A betwin: 40.00 main + 10.00 bonus staked; its win of 20.00 splits 16.00 / 4.00.
		if a, err := s.svc.BetWin(ctx, BetWinRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "bw5", RoundID: "r5", GameCode: s.slot.Code, Amount: 50_00, Win: 20_00}); err != nil || a.Balance != 290_00 {
			t.Fatalf("betwin: %+v %v", a, err)
		}
		check("betwin", 16_00, 274_00)
		// After bets that needed the bonus, one main pays alone takes main only.
		s.fund(member, "plenty", 100_00)
		if _, err := bet("b6", "r6", 50_00); err != nil {
			t.Fatal(err)
		}
		check("main again", 66_00, 274_00)
		s.verifyLedger()

		// Wagering: slots count whole, live casino 10 %, rounds before the grant nothing.
		w := s.svc.WageringConsumer()
		started := time.UnixMilli(g.CreatedAt)
		events := []activity.Event{
			{Fact: activity.Fact{MemberID: member, Currency: s.currency, Category: "RNG", ValidBet: 300_00, StartedAt: started}},
			{Fact: activity.Fact{MemberID: member, Currency: s.currency, Category: "LIVE", ValidBet: 500_00, StartedAt: started}},
			{Fact: activity.Fact{MemberID: member, Currency: s.currency, Category: "RNG", ValidBet: 900_00, StartedAt: started.Add(-time.Hour)}},
		}
		if err := s.d.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
		got, _, err := s.svc.Bonus(ctx, member)
		if err != nil || got.Wagered != 350_00 {
			t.Fatalf("wagered %+v %v", got, err)
		}
		if n, err := s.svc.SweepBonuses(ctx); err != nil || n != 0 {
			t.Fatalf("sweep before the requirement: %d %v", n, err)
		}
		events = events[:1]
		events[0].ValidBet = 50_00
		if err := s.d.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
		bonusBefore, mainBefore := s.bonusBalance(member), s.mainBalance(member)
		if n, err := s.svc.SweepBonuses(ctx); err != nil || n != 1 {
			t.Fatalf("sweep at the requirement: %d %v", n, err)
		}
		check("converted", mainBefore+bonusBefore, 0)
		hist, err := s.svc.BonusHistory(ctx, member, 10)
		if err != nil || len(hist) != 1 || hist[0].Status != GrantConverted || hist[0].Converted != bonusBefore || hist[0].Forfeited != 0 {
			t.Fatalf("history %+v %v", hist, err)
		}
		if _, live, _ := s.svc.Bonus(ctx, member); live {
			t.Fatal("a converted grant is still live")
		}
		s.verifyLedger()
	})
}

// TestBonusForfeit: a forfeit removes exactly the bonus balance (the bonus
// and what it won); real money stays; a round staked with the forfeited
// bonus pays only its real share afterwards; a second grant waits for none.
func TestBonusForfeit(t *testing.T) {
	eachPath(t, func(t *testing.T, s *site, _ *testChecker) {
		ctx := context.Background()
		const member = 52
		tok := s.player(member, 10_00)
		s.grant(member, 100_00, 1000_00, 0)
		bet := func(tx, round string, amount int64) error {
			_, err := s.svc.Bet(ctx, BetRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: tx, RoundID: round, GameCode: s.slot.Code, Amount: amount})
			return err
		}
		// 10.00 main + 30.00 bonus staked, round left open.
		if err := bet("b1", "r1", 40_00); err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.BetWin(ctx, BetWinRequest{Vendor: "PG", SessionToken: tok, MemberID: member, Currency: s.currency, TxID: "bw2", RoundID: "r2", GameCode: s.slot.Code, Amount: 20_00, Win: 70_00}); err != nil {
			t.Fatal(err)
		}
		if m, b := s.mainBalance(member), s.bonusBalance(member); m != 0 || b != 120_00 {
			t.Fatalf("before forfeit: main %d bonus %d", m, b)
		}
		g, err := s.svc.ForfeitBonus(ctx, member, ReasonCancelled)
		if err != nil || g.Status != GrantForfeited || g.Forfeited != 120_00 || g.Reason != ReasonCancelled {
			t.Fatalf("forfeit %+v %v", g, err)
		}
		if _, err := s.svc.ForfeitBonus(ctx, member, ReasonCancelled); !errors.Is(err, ErrNoBonus) {
			t.Fatalf("second forfeit: %v", err)
		}
		// r1's win of 80.00: a quarter (the main stake's share) is paid.
		if _, err := s.svc.Win(ctx, WinRequest{Vendor: "PG", MemberID: member, Currency: s.currency, TxID: "w1", RoundID: "r1", GameCode: s.slot.Code, Amount: 80_00, EndRound: true}); err != nil {
			t.Fatal(err)
		}
		if m, b := s.mainBalance(member), s.bonusBalance(member); m != 20_00 || b != 0 {
			t.Fatalf("after the forfeited round's win: main %d bonus %d", m, b)
		}
		// Exactly one of two concurrent grants for one member starts.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.svc.GrantBonus(ctx, GrantRequest{Key: "race:" + itoa(int64(i)), MemberID: member, Currency: s.currency, Source: "TEST",
					Amount: 10_00, WagerRequired: 10_00, Weights: map[string]int64{"RNG": 10000}, ValidFor: time.Hour})
			}()
		}
		wg.Wait()
		okN, activeN := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				okN++
			case errors.Is(err, ErrBonusActive):
				activeN++
			default:
				t.Fatal(err)
			}
		}
		if okN != 1 || activeN != 1 || s.bonusBalance(member) != 10_00 {
			t.Fatalf("concurrent grants: %d ok, %d refused, bonus %d", okN, activeN, s.bonusBalance(member))
		}
		// A self-exclusion forfeits (the consumer marks it, the sweep moves the money).
		excl := s.svc.ExclusionConsumer()
		if err := s.d.InTx(ctx, func(tx *db.Tx) error {
			return excl.Apply(ctx, tx, []activity.Event{{Fact: activity.Fact{Kind: activity.LimitChanged, MemberID: member, Ref: "TIMEOUT"}}})
		}); err != nil {
			t.Fatal(err)
		}
		if _, live, _ := s.svc.Bonus(ctx, member); !live {
			t.Fatal("a time-out forfeited the bonus")
		}
		const other = 53
		s.player(other, 0)
		s.grant(other, 30_00, 30_00, 0)
		if err := s.d.InTx(ctx, func(tx *db.Tx) error {
			return excl.Apply(ctx, tx, []activity.Event{{Fact: activity.Fact{Kind: activity.LimitChanged, MemberID: other, Ref: "EXCLUSION"}}})
		}); err != nil {
			t.Fatal(err)
		}
		if n, err := s.svc.SweepBonuses(ctx); err != nil || n != 1 {
			t.Fatalf("exclusion sweep %d %v", n, err)
		}
		if h, _ := s.svc.BonusHistory(ctx, other, 10); len(h) != 1 || h[0].Status != GrantForfeited || h[0].Reason != ReasonSelfExclusion || h[0].Forfeited != 30_00 {
			t.Fatalf("excluded %+v", h)
		}
		// Expiry forfeits.
		s.clk.Advance(2 * time.Hour)
		if n, err := s.svc.SweepBonuses(ctx); err != nil || n != 1 {
			t.Fatalf("expiry sweep %d %v", n, err)
		}
		hist, _ := s.svc.BonusHistory(ctx, member, 10)
		if len(hist) != 2 || hist[0].Status != GrantExpired || hist[0].Forfeited != 10_00 || s.bonusBalance(member) != 0 {
			t.Fatalf("expired %+v", hist)
		}
		s.verifyLedger()
	})
}

func (s *site) fund(member int64, key string, amount int64) {
	s.t.Helper()
	if amount == 0 {
		return
	}
	ctx := context.Background()
	clearing, _ := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, s.currency))
	main, _ := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(member, s.currency))
	if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + key + ":" + itoa(member), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
		{AccountID: clearing.ID, Amount: -amount, Currency: s.currency}, {AccountID: main.ID, Amount: amount, Currency: s.currency}}}); err != nil {
		s.t.Fatal(err)
	}
}

// TestContribution: a game's own weight first, then the in-house games'
// (vendor BGS, category RNG), then the category's; unlisted counts nothing.
func TestContribution(t *testing.T) {
	g := Grant{Weights: map[string]int64{"RNG": 10000, "BGS": 5000, "LIVE": 1000, "game:PG_SPECIAL": 2500}}
	for _, c := range []struct {
		category, vendor, game string
		want                   int64
	}{
		{"RNG", "PG", "PG_1", 100_00},
		{"RNG", "BGS", "BGS_PALARO_PAROL_SPINS", 50_00},
		{"LIVE", "EVO", "EVO_1", 10_00},
		{"RNG", "PG", "PG_SPECIAL", 25_00},
		{"FISH", "JL", "JL_1", 0},
	} {
		if got := g.contribution(c.category, c.vendor, c.game, 100_00); got != c.want {
			t.Errorf("%+v: %d", c, got)
		}
	}
}

// TestBonusLateWin: what reaches the bonus account after its grant ended (a
// win that read the grant as active, posted just after the last turn of the
// grant's end) is settled by the grant's outcome at the next sweep: to main
// after a conversion (within its cap), to the promotion account after a
// forfeit; once, however many sweeps see it.
func TestBonusLateWin(t *testing.T) {
	eachPath(t, func(t *testing.T, s *site, _ *testChecker) {
		ctx := context.Background()
		late := func(member, amount int64, key string) {
			t.Helper()
			clearing, _ := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, s.currency))
			bonus, _ := s.ledger.EnsureAccount(ctx, ledger.PlayerBonus(member, s.currency))
			if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "late:" + key, Kind: ledger.KindAdjustment, Lines: []ledger.Line{
				{AccountID: clearing.ID, Amount: -amount, Currency: s.currency}, {AccountID: bonus.ID, Amount: amount, Currency: s.currency}}}); err != nil {
				t.Fatal(err)
			}
		}
		raw := func(member int64) int64 {
			t.Helper()
			a, err := s.ledger.EnsureAccount(ctx, ledger.PlayerBonus(member, s.currency))
			if err != nil {
				t.Fatal(err)
			}
			return a.Balance
		}
		// 61 converts (cap 150.00 of a 100.00 bonus), 62 forfeits, 63 keeps a live grant.
		const conv, lost, live = 61, 62, 63
		s.player(conv, 0)
		s.player(lost, 0)
		s.player(live, 0)
		s.grant(conv, 100_00, 0, 0)
		if _, err := s.svc.GrantBonus(ctx, GrantRequest{Key: "capped:61", MemberID: conv, Currency: s.currency, Source: "TEST", Amount: 100_00,
			MaxConvert: 150_00, Weights: map[string]int64{"RNG": 10000}, ValidFor: time.Hour}); !errors.Is(err, ErrBonusActive) {
			t.Fatalf("second grant: %v", err)
		}
		s.grant(lost, 50_00, 1000_00, 0)
		s.grant(live, 20_00, 1000_00, 0)
		if n, err := s.svc.SweepBonuses(ctx); err != nil || n != 1 {
			t.Fatalf("conversion sweep %d %v", n, err)
		}
		if _, err := s.svc.ForfeitBonus(ctx, lost, ReasonCancelled); err != nil {
			t.Fatal(err)
		}
		if s.mainBalance(conv) != 100_00 || raw(conv) != 0 || raw(lost) != 0 {
			t.Fatalf("ended: main %d, bonus accounts %d %d", s.mainBalance(conv), raw(conv), raw(lost))
		}
		late(conv, 7_00, "61")
		late(lost, 5_00, "62")
		late(live, 3_00, "63")
		for i := 0; i < 2; i++ {
			if _, err := s.svc.SweepBonuses(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if s.mainBalance(conv) != 107_00 || raw(conv) != 0 {
			t.Fatalf("converted grant's late win: main %d bonus %d", s.mainBalance(conv), raw(conv))
		}
		if s.mainBalance(lost) != 0 || raw(lost) != 0 {
			t.Fatalf("forfeited grant's late win: main %d bonus %d", s.mainBalance(lost), raw(lost))
		}
		if raw(live) != 23_00 {
			t.Fatalf("a live grant's bonus account was touched: %d", raw(live))
		}
		h, _ := s.svc.BonusHistory(ctx, conv, 1)
		if len(h) != 1 || h[0].Converted != 107_00 {
			t.Fatalf("converted totals %+v", h)
		}
		h, _ = s.svc.BonusHistory(ctx, lost, 1)
		if len(h) != 1 || h[0].Forfeited != 55_00 {
			t.Fatalf("forfeited totals %+v", h)
		}
		// Past the window the sweep no longer looks.
		s.clk.Advance(lateWindow + time.Minute)
		late(conv, 1_00, "61b")
		if _, err := s.svc.SweepBonuses(ctx); err != nil || raw(conv) != 1_00 {
			t.Fatalf("after the window: %v, bonus %d", err, raw(conv))
		}
		s.verifyLedger()
	})
}
