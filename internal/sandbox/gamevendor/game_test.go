package gamevendor

import (
	"math/big"
	"testing"
)

// TestSlotRTP computes the slot's return to player exactly over every line
// (weights 20 per reel): 7706/8000 = 96.325%, as docs/sandbox-games.md says.
func TestSlotRTP(t *testing.T) {
	total := reelTotal()
	if total != 20 {
		t.Fatalf("reel weights sum to %d, want 20", total)
	}
	ret := new(big.Rat)
	hits := 0
	for a := range Reel {
		for b := range Reel {
			for c := range Reel {
				w := Reel[a].Weight * Reel[b].Weight * Reel[c].Weight
				m := SlotMultiplier([3]int{a, b, c})
				ret.Add(ret, big.NewRat(int64(w)*m, int64(total*total*total)))
				if m > 0 {
					hits += w
				}
			}
		}
	}
	if want := big.NewRat(7706, 8000); ret.Cmp(want) != 0 {
		t.Fatalf("slot RTP %s, want %s", ret.FloatString(5), want.FloatString(5))
	}
	if hits != 1475 { // 1250 two-or-three-heart weights + 225 other triples, out of 8000
		t.Fatalf("hit weight %d", hits)
	}
}

// TestTableRTP: high card pays 2x on a higher card and half back on a tie:
// (6/13)*2 + (1/13)*0.5 = 12.5/13 = 96.15%.
func TestTableRTP(t *testing.T) {
	ret := new(big.Rat)
	const bet = 100
	for p := 2; p <= 14; p++ {
		for d := 2; d <= 14; d++ {
			ret.Add(ret, big.NewRat(TableWin(bet, Card{Rank: p}, Card{Rank: d}), bet*13*13))
		}
	}
	if want := big.NewRat(25, 26); ret.Cmp(want) != 0 {
		t.Fatalf("table RTP %s, want %s", ret.FloatString(5), want.FloatString(5))
	}
	if TableWin(100, Card{Rank: 14}, Card{Rank: 2}) != 200 || TableWin(100, Card{Rank: 5}, Card{Rank: 5}) != 50 || TableWin(100, Card{Rank: 2}, Card{Rank: 3}) != 0 {
		t.Fatal("table payouts")
	}
}

// TestDraws: the random draws stay in range and reach every value.
func TestDraws(t *testing.T) {
	seen := map[int]bool{}
	ranks := map[int]bool{}
	for i := 0; i < 4000; i++ {
		line, err := SpinLine()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range line {
			if s < 0 || s >= len(Reel) {
				t.Fatalf("symbol %d", s)
			}
			seen[s] = true
		}
		c, err := DrawCard()
		if err != nil || c.Rank < 2 || c.Rank > 14 || c.Suit == "" {
			t.Fatalf("card %+v %v", c, err)
		}
		ranks[c.Rank] = true
	}
	if len(seen) != len(Reel) || len(ranks) != 13 {
		t.Fatalf("draws never reach some values: %d symbols, %d ranks", len(seen), len(ranks))
	}
	if got := (Card{Rank: 10, Suit: "♥"}).Label(); got != "10♥" {
		t.Fatal(got)
	}
	if got := (Card{Rank: 14, Suit: "♠"}).Label(); got != "A♠" {
		t.Fatal(got)
	}
}

func TestFormatAmount(t *testing.T) {
	for in, want := range map[int64]string{0: "0.00", 5: "0.05", 100: "1.00", 123456789: "1,234,567.89", -100050: "-1,000.50"} {
		if got := formatAmount(in); got != want {
			t.Fatalf("%d: %q want %q", in, got, want)
		}
	}
}
