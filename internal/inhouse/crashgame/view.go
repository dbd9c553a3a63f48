package crashgame

import "time"

// The JSON shapes of the state endpoint and the websocket messages. Times
// are Unix milliseconds; multipliers and points are hundredths (100 = 1.00x);
// amounts are minor units.

// RoundView is a round as clients see it: the hash and the point only once
// it has crashed.
type RoundView struct {
	ID            int64  `json:"id"`
	Status        string `json:"status"`
	BettingEndsAt int64  `json:"bettingEndsAt"`
	StartedAt     int64  `json:"startedAt,omitempty"`
	CrashedAt     int64  `json:"crashedAt,omitempty"`
	ServerTime    int64  `json:"serverTime"`
	Point         int64  `json:"point,omitempty"`
	Hash          string `json:"hash,omitempty"`
}

// BetView is a bet as clients see it (the player masked).
type BetView struct {
	ID          int64  `json:"id"`
	RoundID     int64  `json:"roundId"`
	Player      string `json:"player"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	AutoCashout int64  `json:"autoCashout"`
	CashedOutAt int64  `json:"cashedOutAt"`
	Win         int64  `json:"win"`
	State       string `json:"state"`
	Mine        bool   `json:"mine"`

	memberID int64
}

// HistoryItem is a crashed round with its proof.
type HistoryItem struct {
	ID    int64  `json:"id"`
	Point int64  `json:"point"`
	Hash  string `json:"hash"`
}

// ChainView is the published commitment of the chain in use.
type ChainView struct {
	ID           int64  `json:"id"`
	TerminalHash string `json:"terminalHash"`
	Salt         string `json:"salt"`
	Length       int64  `json:"length"`
}

// State is GET /wps/inhouse/crash/state and the websocket's first message.
type State struct {
	Type    string        `json:"type,omitempty"` // "state" on the websocket
	Round   *RoundView    `json:"round"`
	Bets    []BetView     `json:"bets"`
	History []HistoryItem `json:"history"`
	Chain   *ChainView    `json:"chain"`
	At      int64         `json:"at,omitempty"`
}

// Message is one websocket event: betting, running, bet, cashout, crashed.
type Message struct {
	Type  string     `json:"type"`
	Round *RoundView `json:"round,omitempty"`
	Bet   *BetView   `json:"bet,omitempty"`
	Chain *ChainView `json:"chain,omitempty"` // with "betting" when a new chain starts
	At    int64      `json:"at"`              // when it happened, server clock
}

func viewRound(r Round, now time.Time) *RoundView {
	v := &RoundView{ID: r.ID, Status: r.Status, BettingEndsAt: ms(r.BettingEndsAt), StartedAt: ms(r.StartedAt), CrashedAt: ms(r.CrashedAt), ServerTime: ms(now)}
	if r.Status == StatusCrashed {
		v.Point, v.Hash = r.Point, r.Hash
	}
	return v
}

func viewBet(b Bet) *BetView {
	return &BetView{ID: b.ID, RoundID: b.RoundID, Player: b.Player, Amount: b.Amount, Currency: b.Currency, AutoCashout: b.AutoCashout,
		CashedOutAt: b.CashedOutAt, Win: b.Win, State: publicState(b.State), memberID: b.MemberID}
}

// publicState hides the settlement steps: a bet is PLACED, CASHED, LOST or
// CANCELLED (refunded) to clients.
func publicState(s string) string {
	switch s {
	case BetRefund:
		return BetCancelled
	case BetPending:
		return BetPlaced
	}
	return s
}

func viewChain(c *Chain) *ChainView {
	return &ChainView{ID: c.ID, TerminalHash: c.TerminalHash, Salt: c.Salt, Length: c.Length}
}

// maskName shows the first two and the last character of an account name.
func maskName(name string) string {
	r := []rune(name)
	switch {
	case len(r) == 0:
		return "***"
	case len(r) <= 3:
		return string(r[:1]) + "***"
	}
	return string(r[:2]) + "***" + string(r[len(r)-1:])
}
