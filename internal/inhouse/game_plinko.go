package inhouse

import (
	"context"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/plinko"
)

// PlinkoRequest drops one ball.
type PlinkoRequest struct {
	Amount int64  `json:"amount"`
	Rows   int    `json:"rows"`
	Risk   string `json:"risk"`
}

// plinkoOutcome is a drop as stored and shown.
type plinkoOutcome struct {
	Path   []bool `json:"path"`
	Bucket int    `json:"bucket"`
}

// Plinko plays one drop.
func (s *Service) Plinko(ctx context.Context, c account.Caller, key string, req PlinkoRequest) (Play, error) {
	p := plinko.Params{Rows: req.Rows, Risk: req.Risk}
	return s.open(ctx, c, key, opening{
		slug: GamePlinko, amount: req.Amount, params: p, check: p.Validate(),
		hash: requestHash(GamePlinko, req.Amount, req.Rows, req.Risk),
		play: func(src *fair.Stream) (any, string, int64, int64) {
			o := plinko.Play(src, p)
			return plinkoOutcome{Path: o.Path, Bucket: o.Bucket}, stateCompleted, payout(req.Amount, o.Multiplier), o.Multiplier
		},
	})
}
