package inhouse

import (
	"context"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/dice"
)

// DiceRequest is a dice bet: roll under (or over) Target (hundredths).
type DiceRequest struct {
	Amount int64 `json:"amount"`
	Target int   `json:"target"`
	Over   bool  `json:"over"`
}

// diceOutcome is a dice round's result as stored and shown.
type diceOutcome struct {
	Roll int  `json:"roll"`
	Win  bool `json:"win"`
}

// Dice plays one dice round.
func (s *Service) Dice(ctx context.Context, c account.Caller, key string, req DiceRequest) (Play, error) {
	p := dice.Params{Target: req.Target, Over: req.Over}
	return s.open(ctx, c, key, opening{
		slug: GameDice, amount: req.Amount, params: p, check: p.Validate(),
		hash: requestHash(GameDice, req.Amount, req.Target, req.Over),
		play: func(src *fair.Stream) (any, string, int64, int64) {
			o := dice.Play(src, p)
			return diceOutcome{Roll: o.Roll, Win: o.Win}, stateCompleted, payout(req.Amount, o.Multiplier), o.Multiplier
		},
	})
}

// payout is amount * mult / 10000, floored to the minor unit.
func payout(amount, mult int64) int64 {
	if mult <= 0 {
		return 0
	}
	hi := amount / 10000
	lo := amount % 10000
	return hi*mult + lo*mult/10000
}
