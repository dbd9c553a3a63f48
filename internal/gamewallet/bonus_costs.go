package gamewallet

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// GrantCost is what bonus grants of one source cost in a period
// (docs/rewards.md "Bonus cost"): the grants started in it, and the money
// that left the bonus balance of grants that ended in it, converted to real
// money or forfeited (by the member, a withdrawal, an operator, expiry, or
// above the conversion cap).
type GrantCost struct {
	Source        string `json:"source"`
	Currency      string `json:"currency"`
	Granted       int64  `json:"granted"`       // grants started in the period
	GrantedAmount int64  `json:"grantedAmount"` // what they put in the bonus balance
	Ended         int64  `json:"ended"`         // grants that ended in the period
	Converted     int64  `json:"converted"`     // moved to main by those
	Forfeited     int64  `json:"forfeited"`     // back to the promotion account from those
}

// GrantCosts sums the grants per source and currency for [from, to).
func (s *Service) GrantCosts(ctx context.Context, from, to time.Time) ([]GrantCost, error) {
	f, t := from.UnixMilli(), to.UnixMilli()
	// Two sums in one pass: a grant counts as started by created_at and as
	// ended by ended_at (0 while live), each in the period or not.
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT source, currency,
		SUM(CASE WHEN created_at >= ? AND created_at < ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN created_at >= ? AND created_at < ? THEN amount ELSE 0 END),
		SUM(CASE WHEN ended_at >= ? AND ended_at < ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN ended_at >= ? AND ended_at < ? THEN converted ELSE 0 END),
		SUM(CASE WHEN ended_at >= ? AND ended_at < ? THEN forfeited ELSE 0 END)
		FROM bonus_grant WHERE (created_at >= ? AND created_at < ?) OR (ended_at >= ? AND ended_at < ?)
		GROUP BY source, currency ORDER BY source, currency`), f, t, f, t, f, t, f, t, f, t, f, t, f, t)
	if err != nil {
		return nil, apperr.Internal(err, "sum bonus grants")
	}
	defer rows.Close()
	out := []GrantCost{}
	for rows.Next() {
		var c GrantCost
		if err := rows.Scan(&c.Source, &c.Currency, &c.Granted, &c.GrantedAmount, &c.Ended, &c.Converted, &c.Forfeited); err != nil {
			return nil, apperr.Internal(err, "scan bonus grant sums")
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// GrantCostsEach is GrantCosts for each grant of one source that started
// or ended in [from, to), with its key (a reward's grant is keyed
// "reward:<reward id>"): the rewards' cost per promotion maps them back.
func (s *Service) GrantCostsEach(ctx context.Context, source string, from, to time.Time) (map[string]GrantCost, error) {
	f, t := from.UnixMilli(), to.UnixMilli()
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT grant_key, currency, created_at, amount, ended_at, converted, forfeited
		FROM bonus_grant WHERE source = ? AND ((created_at >= ? AND created_at < ?) OR (ended_at >= ? AND ended_at < ?))`), source, f, t, f, t)
	if err != nil {
		return nil, apperr.Internal(err, "select bonus grants")
	}
	defer rows.Close()
	out := map[string]GrantCost{}
	for rows.Next() {
		var key string
		var created, amount, ended, converted, forfeited int64
		c := GrantCost{Source: source}
		if err := rows.Scan(&key, &c.Currency, &created, &amount, &ended, &converted, &forfeited); err != nil {
			return nil, apperr.Internal(err, "scan bonus grant")
		}
		if created >= f && created < t {
			c.Granted, c.GrantedAmount = 1, amount
		}
		if ended >= f && ended < t {
			c.Ended, c.Converted, c.Forfeited = 1, converted, forfeited
		}
		out[key] = c
	}
	return out, rows.Err()
}
