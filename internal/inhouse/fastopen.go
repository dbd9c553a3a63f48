package inhouse

import (
	"context"
	"sync"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// On PostgreSQL a round's insert is one statement when this instance
// remembers the member's active pair and next nonce: the outcome is decided
// for that nonce, and
//
//	WITH n AS (UPDATE inhouse_seed SET nonce = nonce + 1
//	           WHERE id = <pair> AND active_member = <member> AND nonce = <nonce> RETURNING id)
//	INSERT INTO inhouse_round ... SELECT ... FROM n ON CONFLICT (member_id, idem_key) DO NOTHING RETURNING id
//
// inserts the round only if the pair is still active and the nonce is
// still the one used (a conditional UPDATE on the nonce: another request or
// instance, or a rotation, makes it insert nothing). Then the round is
// opened the general way (openRound: a transaction taking the nonce with
// UPDATE ... RETURNING), which also refreshes what is remembered. One round
// trip instead of four.

type pairCache struct {
	mu    sync.Mutex
	pairs map[int64]seedRow // member -> active pair, Nonce = the next nonce
}

// maxPairs bounds the remembered pairs (the map is emptied when full).
const maxPairs = 100_000

// remember notes a pair after a round used nonce seed.Nonce.
func (c *pairCache) remember(seed seedRow) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pairs == nil || len(c.pairs) >= maxPairs {
		c.pairs = map[int64]seedRow{}
	}
	seed.Nonce++
	c.pairs[seed.MemberID] = seed
}

// reserve hands out the next nonce of a remembered pair.
func (c *pairCache) reserve(member int64) (seedRow, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	seed, ok := c.pairs[member]
	if ok {
		next := seed
		next.Nonce++
		c.pairs[member] = next
	}
	return seed, ok
}

func (c *pairCache) forget(member int64) {
	c.mu.Lock()
	delete(c.pairs, member)
	c.mu.Unlock()
}

// openFast tries the one-statement insert; done false: use openRound.
func (s *Service) openFast(ctx context.Context, r *roundRow, external bool, decide func(*seedRow) error) (bool, error) {
	if s.store.db.Dialect != db.Postgres || external {
		return false, nil
	}
	seed, ok := s.pairs.reserve(r.MemberID)
	if !ok {
		return false, nil
	}
	if err := decide(&seed); err != nil {
		return true, err
	}
	inserted, err := s.store.insertRoundAtNonce(ctx, r)
	if err != nil {
		return true, err
	}
	if inserted {
		return true, nil
	}
	s.pairs.forget(r.MemberID)
	if _, err := s.store.roundByKey(ctx, r.MemberID, r.Key); err == nil {
		return true, errReplay // the key's round exists (the nonce taken stays unused)
	} else if apperr.As(err).Kind != apperr.KindNotFound {
		return true, err
	}
	*r = roundRow{MemberID: r.MemberID, Game: r.Game, GameCode: r.GameCode, NodeID: r.NodeID, Currency: r.Currency, Amount: r.Amount,
		Params: r.Params, Key: r.Key, RequestHash: r.RequestHash, CreatedAt: r.CreatedAt, State: r.State, JPContribution: r.JPContribution}
	return false, nil
}

// insertRoundAtNonce is the one-statement insert (PostgreSQL).
func (s *Store) insertRoundAtNonce(ctx context.Context, r *roundRow) (bool, error) {
	err := s.db.Trailing().QueryRowContext(ctx, `WITH n AS (UPDATE inhouse_seed SET nonce = nonce + 1 WHERE id = $1 AND active_member = $2 AND nonce = $3 RETURNING id)
		INSERT INTO inhouse_round (member_id, game, game_code, node_id, currency, amount, win, multiplier, state,
			params, outcome, seed_id, nonce, jp_contribution, jp_hit, jp_win, idem_key, request_hash, balance, version, created_at, updated_at)
		SELECT $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, n.id, $3, $14, $15, $16, $17, $18, 0, 0, $19, $19 FROM n
		ON CONFLICT (member_id, idem_key) DO NOTHING RETURNING id`,
		r.SeedID, r.MemberID, r.Nonce, r.Game, r.GameCode, r.NodeID, r.Currency, r.Amount, r.Win, r.Multiplier, r.State,
		r.Params, r.Outcome, r.JPContribution, b2i(r.JPHit), r.JPWin, r.Key, r.RequestHash, r.CreatedAt).Scan(&r.ID)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "insert round")
	}
	r.UpdatedAt = r.CreatedAt
	return true, nil
}
