package inhouse

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/batch"
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

// The one-statement inserts of concurrent rounds are grouped: while one
// group's statement runs, the inserts that arrive queue, and the next
// statement inserts them all (insertRoundsAtNonce: the same conditional
// UPDATE and INSERT over arrays). At 1,000 spins/s one statement per round
// was a sixth of the server's CPU (its send, its wait and its answer, each
// a system call and a goroutine wake-up) and PostgreSQL's per-statement
// work on top of the rows; a group pays those once. An insert that finds
// the queue empty goes at once, so a lone spin waits for nobody.
type fastInserts struct {
	queue  batch.Queue[*fastInsert]
	rounds atomic.Int64 // rounds queued (tests)
}

type fastInsert struct {
	r        *roundRow
	inserted bool
	err      error
	done     chan struct{}
}

// maxFastGroup bounds the rounds of one group statement.
const maxFastGroup = 128

// groups is how many group statements ran (tests).
func (q *fastInserts) groups() int64 { return q.queue.Groups() }

// insertRoundAtNonce inserts r through the group statement (PostgreSQL);
// false: nothing was inserted (the pair moved on, or the key exists).
func (s *Store) insertRoundAtNonce(ctx context.Context, r *roundRow) (bool, error) {
	f := &fastInsert{r: r, done: make(chan struct{})}
	q := &s.fast
	q.rounds.Add(1)
	q.queue.Add(f)
	<-f.done // not cut short by ctx: once queued, the statement's outcome is the answer
	if f.err != nil {
		return false, f.err
	}
	if f.inserted {
		r.UpdatedAt = r.CreatedAt
	}
	return f.inserted, nil
}

// insertFastBatch is the queue's handler: one group, then its answers.
func (s *Store) insertFastBatch(batch []*fastInsert) {
	s.insertFastGroup(context.Background(), batch) // the group is everyone's
	for _, f := range batch {
		close(f.done)
	}
}

// insertFastGroup runs one group: a lone round by the one-row statement,
// several by the set statement. When the set statement fails (it changed
// nothing then: a deadlock with another instance's group, say), each round
// is inserted on its own, so one round's failure is its own; so is a round
// whose pair and nonce another round of the group has (never expected: the
// pair cache hands each nonce out once).
func (s *Store) insertFastGroup(ctx context.Context, batch []*fastInsert) {
	var alone []*fastInsert
	if len(batch) > 1 {
		type pairNonce struct{ seed, nonce int64 }
		seen := make(map[pairNonce]bool, len(batch))
		group := make([]*fastInsert, 0, len(batch))
		for _, f := range batch {
			k := pairNonce{f.r.SeedID, f.r.Nonce}
			if seen[k] {
				alone = append(alone, f)
				continue
			}
			seen[k] = true
			group = append(group, f)
		}
		if err := s.insertRoundsAtNonce(ctx, group); err != nil {
			alone = batch
		}
	} else {
		alone = batch
	}
	for _, f := range alone {
		f.inserted, f.err = s.insertOneAtNonce(ctx, f.r)
	}
}

// insertOneAtNonce is the one-round statement.
func (s *Store) insertOneAtNonce(ctx context.Context, r *roundRow) (bool, error) {
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
	return true, nil
}

// insertRoundsSQL is the group statement: each round's pair advanced only
// if it is still active for the member at the round's nonce (an UPDATE
// changes a row once, so of two rounds of one pair in a group only the one
// at the pair's nonce can match), and the rounds whose pair moved inserted.
// The rounds come sorted by pair, so two groups lock their pairs in the
// same order.
const insertRoundsSQL = `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::text[],
		$8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::bigint[], $15::bigint[], $16::bigint[],
		$17::text[], $18::text[], $19::bigint[])
		WITH ORDINALITY AS v(seed_id, member_id, nonce, game, game_code, node_id, currency, amount, win, multiplier, state,
			params, outcome, jp_contribution, jp_hit, jp_win, idem_key, request_hash, created_at, i)),
	n AS (UPDATE inhouse_seed s SET nonce = s.nonce + 1 FROM v
		WHERE s.id = v.seed_id AND s.active_member = v.member_id AND s.nonce = v.nonce RETURNING v.i)
	INSERT INTO inhouse_round (member_id, game, game_code, node_id, currency, amount, win, multiplier, state,
		params, outcome, seed_id, nonce, jp_contribution, jp_hit, jp_win, idem_key, request_hash, balance, version, created_at, updated_at)
	SELECT v.member_id, v.game, v.game_code, v.node_id, v.currency, v.amount, v.win, v.multiplier, v.state,
		v.params, v.outcome, v.seed_id, v.nonce, v.jp_contribution, v.jp_hit, v.jp_win, v.idem_key, v.request_hash, 0, 0, v.created_at, v.created_at
	FROM v JOIN n ON n.i = v.i ORDER BY v.i
	ON CONFLICT (member_id, idem_key) DO NOTHING RETURNING id, seed_id, nonce`

// insertRoundsAtNonce runs insertRoundsSQL for batch (no two of the same
// pair and nonce); each round learns whether it was inserted, and its id.
// An error means the statement failed, so it changed nothing.
func (s *Store) insertRoundsAtNonce(ctx context.Context, batch []*fastInsert) error {
	sorted := append([]*fastInsert(nil), batch...)
	slices.SortStableFunc(sorted, func(a, b *fastInsert) int { return cmp.Compare(a.r.SeedID, b.r.SeedID) })
	n := len(sorted)
	var (
		seed, member, nonce, node, amount, win, mult = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		jpc, jph, jpw, at                            = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		game, code, cur, state, params, outcome      = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		key, hash                                    = make([]string, n), make([]string, n)
	)
	type pairNonce struct{ seed, nonce int64 }
	byNonce := make(map[pairNonce]*fastInsert, n)
	for i, f := range sorted {
		r := f.r
		seed[i], member[i], nonce[i], node[i], amount[i], win[i], mult[i] = r.SeedID, r.MemberID, r.Nonce, r.NodeID, r.Amount, r.Win, r.Multiplier
		jpc[i], jph[i], jpw[i], at[i] = r.JPContribution, int64(b2i(r.JPHit)), r.JPWin, r.CreatedAt
		game[i], code[i], cur[i], state[i], params[i], outcome[i] = r.Game, r.GameCode, r.Currency, r.State, r.Params, r.Outcome
		key[i], hash[i] = r.Key, r.RequestHash
		byNonce[pairNonce{r.SeedID, r.Nonce}] = f
	}
	rows, err := s.db.Trailing().QueryContext(ctx, insertRoundsSQL, seed, member, nonce, game, code, node, cur, amount, win, mult, state,
		params, outcome, jpc, jph, jpw, key, hash, at)
	if err != nil {
		return err
	}
	defer rows.Close()
	type inserted struct {
		f  *fastInsert
		id int64
	}
	var got []inserted
	for rows.Next() {
		var id int64
		var k pairNonce
		if err := rows.Scan(&id, &k.seed, &k.nonce); err != nil {
			got = append(got, inserted{}) // answered below, once the statement's outcome is known
			continue
		}
		got = append(got, inserted{byNonce[k], id})
	}
	if err := rows.Err(); err != nil {
		return err // the statement failed: nothing was inserted
	}
	// The statement is committed: from here every round gets its answer.
	for _, g := range got {
		if g.f == nil {
			for _, f := range batch {
				f.err = apperr.Internal(fmt.Errorf("a returned round read wrong or of no request"), "insert rounds")
			}
			return nil
		}
		g.f.inserted, g.f.r.ID = true, g.id
	}
	return nil
}
