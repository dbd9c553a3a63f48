package promotions

import (
	"context"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/rewards"
)

// Costs reads what the rewards a source issued cost per issuing item
// (rewards.Ops.ItemCosts): the engine's rewards are keyed
// "promo:<promotion>:<member>:<period>".
type Costs interface {
	ItemCosts(ctx context.Context, source, prefix string, from, to time.Time) (map[string]rewards.Cost, error)
}

// UseCosts wires the bonus cost per promotion (GET /ops/v1/promotions/costs).
func (o *Ops) UseCosts(c Costs) *Ops {
	o.costs = c
	return o
}

// PromotionCost is one promotion's bonus cost in a period (docs/rewards.md
// "Bonus cost"): the rewards it issued, those claimed, its bonuses
// converted and forfeited, and the real money paid.
type PromotionCost struct {
	PromotionID int64  `json:"promotionId"`
	Type        string `json:"type"`
	TitleEN     string `json:"titleEN"`
	TitleTY     string `json:"titleTY"`
	rewards.Cost
}

// PromotionCosts is the period's cost of every promotion, newest first
// (those with nothing in the period with zeros), and their total.
type PromotionCosts struct {
	Rows  []PromotionCost `json:"rows"`
	Total rewards.Cost    `json:"total"`
}

// Costs sums each promotion's rewards and bonuses in [from, to).
func (o *Ops) Costs(ctx context.Context, from, to time.Time) (PromotionCosts, error) {
	if o.costs == nil {
		return PromotionCosts{}, apperr.Internal(nil, "promotion costs not wired")
	}
	ps, err := listPromotions(ctx, o.s.db, "")
	if err != nil {
		return PromotionCosts{}, err
	}
	by, err := o.costs.ItemCosts(ctx, rewards.SourcePromotion, "promo", from, to)
	if err != nil {
		return PromotionCosts{}, err
	}
	out := PromotionCosts{Rows: make([]PromotionCost, 0, len(ps)), Total: rewards.Cost{Source: rewards.SourcePromotion}}
	for _, p := range ps {
		c := by[strconv.FormatInt(p.ID, 10)]
		c.Source = rewards.SourcePromotion
		out.Rows = append(out.Rows, PromotionCost{PromotionID: p.ID, Type: p.Type, TitleEN: p.TitleEN, TitleTY: p.TitleTY, Cost: c})
		t := &out.Total
		t.Issued += c.Issued
		t.IssuedAmount += c.IssuedAmount
		t.Claimed += c.Claimed
		t.ClaimedAmount += c.ClaimedAmount
		t.ClaimedCash += c.ClaimedCash
		t.Granted += c.Granted
		t.GrantedAmount += c.GrantedAmount
		t.Ended += c.Ended
		t.Converted += c.Converted
		t.Forfeited += c.Forfeited
		t.Cost += c.Cost
	}
	return out, nil
}
