package gamevendor

import (
	"crypto/rand"
	"encoding/binary"
)

// The sandbox's two games. Outcomes are drawn on the server with
// crypto/rand; the page only shows them. Paytables and return to player are
// documented in docs/sandbox-games.md and checked exactly by the tests.

// Kinds of game the page plays.
const (
	KindSlot  = "SLOT"  // a 3-reel slot
	KindTable = "TABLE" // high card against the dealer
)

// Symbol is one reel symbol with its weight on every reel.
type Symbol struct {
	Name   string
	Face   string // what the page shows
	Weight int
	Triple int64 // multiplier of the bet for three on the line (total return)
}

// Reel is the strip of each of the three reels (the same for all three):
// weights out of 20.
var Reel = []Symbol{
	{Name: "SEVEN", Face: "7", Weight: 1, Triple: 500},
	{Name: "BAR", Face: "BAR", Weight: 2, Triple: 100},
	{Name: "STAR", Face: "★", Weight: 3, Triple: 40},
	{Name: "DIAMOND", Face: "♦", Weight: 4, Triple: 9},
	{Name: "CLUB", Face: "♣", Weight: 5, Triple: 1},
	{Name: "HEART", Face: "♥", Weight: 5, Triple: 10},
}

// TwoHearts pays this multiple when exactly two of the three are hearts.
// (Faces are plain Unicode every system font has, no emoji.)
const TwoHearts = 3

func reelTotal() int {
	n := 0
	for _, s := range Reel {
		n += s.Weight
	}
	return n
}

// SlotMultiplier is the total return of a line, in multiples of the bet.
func SlotMultiplier(line [3]int) int64 {
	if line[0] == line[1] && line[1] == line[2] {
		return Reel[line[0]].Triple
	}
	hearts := 0
	for _, i := range line {
		if Reel[i].Name == "HEART" {
			hearts++
		}
	}
	if hearts == 2 {
		return TwoHearts
	}
	return 0
}

// SpinLine draws the three reels.
func SpinLine() ([3]int, error) {
	var line [3]int
	total := reelTotal()
	for r := range line {
		n, err := randN(total)
		if err != nil {
			return line, err
		}
		for i, s := range Reel {
			if n < s.Weight {
				line[r] = i
				break
			}
			n -= s.Weight
		}
	}
	return line, nil
}

// Card ranks 2..14 (ace high) and suits.
var suits = []string{"♠", "♥", "♦", "♣"}

// Card is one card of the table game.
type Card struct {
	Rank int    `json:"rank"` // 2..14
	Suit string `json:"suit"`
}

// Label is how the page shows a card ("Q♥").
func (c Card) Label() string {
	names := map[int]string{11: "J", 12: "Q", 13: "K", 14: "A"}
	if n, ok := names[c.Rank]; ok {
		return n + c.Suit
	}
	if c.Rank == 10 {
		return "10" + c.Suit
	}
	return string(rune('0'+c.Rank)) + c.Suit
}

// TableWin is what the high-card game returns for a bet: twice the bet when
// the player's card is higher, half of it back on a tie, nothing otherwise.
func TableWin(bet int64, player, dealer Card) int64 {
	switch {
	case player.Rank > dealer.Rank:
		return 2 * bet
	case player.Rank == dealer.Rank:
		return bet / 2
	}
	return 0
}

// DrawCard draws one card from a fresh deck (every hand is dealt from a
// shuffled shoe of infinite decks: ranks are independent and uniform).
func DrawCard() (Card, error) {
	n, err := randN(52)
	if err != nil {
		return Card{}, err
	}
	return Card{Rank: 2 + n%13, Suit: suits[n/13]}, nil
}

// randN is uniform in [0, n) from crypto/rand (rejection sampling).
func randN(n int) (int, error) {
	limit := ^uint32(0) - ^uint32(0)%uint32(n)
	var b [4]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, err
		}
		v := binary.BigEndian.Uint32(b[:])
		if v < limit {
			return int(v % uint32(n)), nil
		}
	}
}
