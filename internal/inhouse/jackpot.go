package inhouse

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The progressive jackpot (docs/games/server.md, "Jackpot"):
//   - every COMPLETED in-house round contributes ContributionBp of its bet,
//     added to the currency's accrual rows by the statement that completes
//     it (complete.go); every JackpotFlush what accrued becomes a batch,
//     moved house -> pool in one ledger posting (key
//     inhouse:jackpot:contrib:<batch>);
//   - a round hits with probability amount/HitDivisor (jackpotHit), never
//     depending on the pool;
//   - a hit pays the pool's balance P to the player as a game wallet win
//     flagged Jackpot (house -> player), and one posting (key
//     inhouse:jackpot:hit:<round>) moves P - Seed from pool to house: the
//     pool reimburses the house and restarts at Seed;
//   - the first start seeds the pool from the house (key inhouse:jackpot:seed:<currency>).
// Hits are paid one at a time across instances: inhouse_jackpot.pending_round
// is claimed with a conditional UPDATE before the pool is read.

type jackpotState struct {
	mu       sync.Mutex
	accounts map[string][2]int64 // currency -> pool, house account ids
}

// JackpotInfo is the public jackpot state.
type JackpotInfo struct {
	Pool     int64           `json:"pool"`
	Seed     int64           `json:"seed"`
	Currency string          `json:"currency"`
	Winners  []JackpotWinner `json:"winners"`
}

// JackpotWinner is one line of the jackpot winner board (in-house games).
type JackpotWinner struct {
	CustomerName string `json:"customerName"`
	Amount       int64  `json:"amount"`
	Game         string `json:"game"`
	WonAt        string `json:"wonAt"`
}

func (s *Service) jackpotAccounts(ctx context.Context, cur string) (pool, house int64, err error) {
	s.jp.mu.Lock()
	defer s.jp.mu.Unlock()
	if s.jp.accounts == nil {
		s.jp.accounts = map[string][2]int64{}
	}
	if a, ok := s.jp.accounts[cur]; ok {
		return a[0], a[1], nil
	}
	p, err := s.accounts.EnsureAccount(ctx, ledger.System(ledger.PurposeJackpotPool, cur))
	if err != nil {
		return 0, 0, err
	}
	h, err := s.accounts.EnsureAccount(ctx, ledger.System(ledger.PurposeHouse, cur))
	if err != nil {
		return 0, 0, err
	}
	s.jp.accounts[cur] = [2]int64{p.ID, h.ID}
	return p.ID, h.ID, nil
}

// move posts amount from one account to another (no-op for 0).
func (s *Service) move(ctx context.Context, key string, from, to, amount int64, cur string, meta map[string]string) error {
	if amount == 0 {
		return nil
	}
	if amount < 0 {
		from, to, amount = to, from, -amount
	}
	_, err := s.ledger.Post(ctx, ledger.PostingRequest{Key: key, Kind: ledger.KindTransfer, Metadata: meta,
		Lines: []ledger.Line{{AccountID: from, Amount: -amount, Currency: cur}, {AccountID: to, Amount: amount, Currency: cur}}})
	return err
}

// InitJackpot seeds the pool of the brand currency once.
func (s *Service) InitJackpot(ctx context.Context) error {
	cur, _, err := s.currency(ctx)
	if err != nil {
		return err
	}
	pool, house, err := s.jackpotAccounts(ctx, cur)
	if err != nil {
		return err
	}
	if _, err := s.store.db.ExecContext(ctx, s.store.db.Rebind(`INSERT INTO inhouse_jackpot (currency, hits, updated_at) VALUES (?, 0, ?)
		ON CONFLICT (currency) DO NOTHING`), cur, s.clock.Now().UnixMilli()); err != nil {
		return apperr.Internal(err, "jackpot row")
	}
	return s.move(ctx, "inhouse:jackpot:seed:"+cur, house, pool, s.cfg.Jackpot.Seed, cur,
		map[string]string{"jackpot": "seed", "seed": strconv.FormatInt(s.cfg.Jackpot.Seed, 10)})
}

// Jackpot is the pool and the in-house games' jackpot winners.
func (s *Service) Jackpot(ctx context.Context) (JackpotInfo, error) {
	cur, _, err := s.currency(ctx)
	if err != nil {
		return JackpotInfo{}, err
	}
	pool, _, err := s.jackpotAccounts(ctx, cur)
	if err != nil {
		return JackpotInfo{}, err
	}
	bal, err := s.accounts.Balance(ctx, pool)
	if err != nil {
		return JackpotInfo{}, err
	}
	info := JackpotInfo{Pool: bal, Seed: s.cfg.Jackpot.Seed, Currency: cur, Winners: []JackpotWinner{}}
	bySlug, _, err := s.games(ctx)
	if err != nil {
		return JackpotInfo{}, err
	}
	slugOf := map[int64]string{}
	for slug, g := range bySlug {
		slugOf[g.NodeID] = slug
	}
	cat, err := s.catalog.Catalog(ctx)
	if err != nil {
		return JackpotInfo{}, err
	}
	for _, w := range cat.Winners(game.KindJackpot, "ALL", game.MaxWinnerLimit) {
		if slug, ok := slugOf[w.Vo.NodeID]; ok {
			info.Winners = append(info.Winners, JackpotWinner{CustomerName: w.Vo.CustomerName, Amount: w.Vo.WinAmount, Game: slug,
				WonAt: time.UnixMilli(w.Time).UTC().Format(time.RFC3339)})
		}
	}
	return info, nil
}

var errJackpotBusy = errors.New("inhouse: another jackpot hit is being paid")

// claimJackpot fixes a hit's amount: it takes the currency's hit slot,
// reads the pool, records the amount on the round (now SETTLING) and moves
// the pool. Afterwards the round only has to be paid.
func (s *Service) claimJackpot(ctx context.Context, r *roundRow, from []string) error {
	now := s.clock.Now().UnixMilli()
	deadline := time.Now().Add(replayWait)
	for {
		res, err := s.store.db.ExecContext(ctx, s.store.db.Rebind(`UPDATE inhouse_jackpot SET pending_round = ?, updated_at = ?
			WHERE currency = ? AND (pending_round IS NULL OR pending_round = ?)`), r.ID, now, r.Currency, r.ID)
		if err != nil {
			return apperr.Internal(err, "claim jackpot")
		}
		if n, _ := res.RowsAffected(); n == 1 {
			break
		}
		if time.Now().After(deadline) {
			return errJackpotBusy
		}
		time.Sleep(20 * time.Millisecond)
	}
	pool, _, err := s.jackpotAccounts(ctx, r.Currency)
	if err != nil {
		return err
	}
	p, err := s.accounts.Balance(ctx, pool)
	if err != nil {
		return err
	}
	win, mult := r.Win, r.Multiplier
	ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: from, Version: -1, State: stateSettling, Win: &win, Multiplier: &mult,
		Outcome: &r.Outcome, JPWin: &p, Now: s.clock.Now().UnixMilli()})
	if err != nil {
		return err
	}
	if !ok {
		s.releaseJackpot(ctx, r, false)
		return apperr.Conflict("inhouse.round_closed")
	}
	r.JPWin, r.State = p, stateSettling
	r.Version++
	return s.finishJackpot(ctx, r)
}

// finishJackpot moves the pool for a recorded hit (idempotent) and frees
// the hit slot.
func (s *Service) finishJackpot(ctx context.Context, r *roundRow) error {
	pool, house, err := s.jackpotAccounts(ctx, r.Currency)
	if err != nil {
		return err
	}
	seed := s.cfg.Jackpot.Seed
	err = s.move(ctx, "inhouse:jackpot:hit:"+strconv.FormatInt(r.ID, 10), pool, house, r.JPWin-seed, r.Currency, map[string]string{
		"jackpot": "hit", "round": roundRef(r), "paid": strconv.FormatInt(r.JPWin, 10), "seed": strconv.FormatInt(seed, 10)})
	if err != nil {
		return err
	}
	s.releaseJackpot(ctx, r, true)
	return nil
}

func (s *Service) releaseJackpot(ctx context.Context, r *roundRow, paid bool) {
	_, err := s.store.db.ExecContext(context.WithoutCancel(ctx), s.store.db.Rebind(`UPDATE inhouse_jackpot SET pending_round = NULL, hits = hits + ?, updated_at = ?
		WHERE currency = ? AND pending_round = ?`), b2i(paid), s.clock.Now().UnixMilli(), r.Currency, r.ID)
	if err != nil {
		s.logger.ErrorContext(ctx, "release jackpot slot", "round", r.ID, "err", err)
	}
}

// FlushJackpot moves the contributions of completed rounds to the pool:
// earlier batches not yet posted first, then a new batch of what accrued
// since the last one (the accrual rows of the currency, read and zeroed in
// the batch's transaction).
func (s *Service) FlushJackpot(ctx context.Context) error {
	if err := s.Settle(ctx); err != nil { // the accruals of the rounds answered so far
		return err
	}
	if err := s.postBatches(ctx); err != nil {
		return err
	}
	cur, _, err := s.currency(ctx)
	if err != nil {
		return err
	}
	take := s.takeAccrual
	if s.store.db.Dialect == db.Postgres {
		take = s.takeAccrualPostgres
	}
	id, sum, err := take(ctx, cur)
	if err != nil {
		return apperr.Internal(err, "jackpot batch")
	}
	if id == 0 {
		return nil
	}
	return s.postBatch(ctx, id, cur, sum)
}

// takeAccrual (SQLite) reads the currency's accrual rows and takes what
// they hold into a new batch, in one transaction: it holds the database's
// write turn, so no completion adds to a row between the read and the
// update.
// The batch's id is 0 when nothing accrued.
func (s *Service) takeAccrual(ctx context.Context, cur string) (id, sum int64, err error) {
	err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
		id, sum = 0, 0
		rows, err := tx.QueryContext(ctx, `SELECT shard, amount FROM inhouse_jackpot_accrual WHERE currency = ? AND amount <> 0 ORDER BY shard`, cur)
		if err != nil {
			return err
		}
		taken := map[int64]int64{}
		for rows.Next() {
			var shard, amount int64
			if err := rows.Scan(&shard, &amount); err != nil {
				rows.Close()
				return err
			}
			taken[shard] = amount
			sum += amount
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if sum == 0 {
			return nil
		}
		for shard, amount := range taken {
			if _, err := tx.ExecContext(ctx, `UPDATE inhouse_jackpot_accrual SET amount = amount - ? WHERE currency = ? AND shard = ?`, amount, cur, shard); err != nil {
				return err
			}
		}
		return tx.QueryRowContext(ctx, `INSERT INTO inhouse_jackpot_batch (currency, amount, posted, created_at) VALUES (?, ?, 0, ?) RETURNING id`,
			cur, sum, s.clock.Now().UnixMilli()).Scan(&id)
	})
	return id, sum, err
}

// takeAccrualSQL (PostgreSQL) takes what the currency's accrual rows hold
// into a new batch in one statement: the rows are locked, reduced by what
// each held and summed into the batch (no row when nothing accrued), and
// released at its commit. The completions add to these rows in their own
// statement (completeSetSQL), and the completion batches run one at a time,
// so every spin waits while a flush holds a row. Read, updated a row at a
// time and inserted in a transaction of several round trips, the flush held
// them for 20–30 ms every second under the slot load, and the completion
// batches waited behind it (log_lock_waits).
const takeAccrualSQL = `WITH t AS (SELECT shard, amount FROM inhouse_jackpot_accrual WHERE currency = $1 AND amount <> 0 FOR UPDATE),
	u AS (UPDATE inhouse_jackpot_accrual a SET amount = a.amount - t.amount FROM t WHERE a.currency = $1 AND a.shard = t.shard),
	b AS (INSERT INTO inhouse_jackpot_batch (currency, amount, posted, created_at)
		SELECT $1, CAST(SUM(t.amount) AS BIGINT), 0, $2 FROM t HAVING SUM(t.amount) <> 0 RETURNING id, amount)
	SELECT id, amount FROM b`

func (s *Service) takeAccrualPostgres(ctx context.Context, cur string) (id, sum int64, err error) {
	err = s.store.db.QueryRowContext(ctx, takeAccrualSQL, cur, s.clock.Now().UnixMilli()).Scan(&id, &sum)
	if db.IsNoRows(err) {
		return 0, 0, nil
	}
	return id, sum, err
}

func (s *Service) postBatches(ctx context.Context) error {
	rows, err := s.store.db.QueryContext(ctx, `SELECT id, currency, amount FROM inhouse_jackpot_batch WHERE posted = 0 ORDER BY id`)
	if err != nil {
		return apperr.Internal(err, "unposted jackpot batches")
	}
	type batch struct {
		id, amount int64
		cur        string
	}
	var list []batch
	for rows.Next() {
		var b batch
		if err := rows.Scan(&b.id, &b.cur, &b.amount); err != nil {
			rows.Close()
			return apperr.Internal(err, "unposted jackpot batches")
		}
		list = append(list, b)
	}
	rows.Close()
	for _, b := range list {
		if err := s.postBatch(ctx, b.id, b.cur, b.amount); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) postBatch(ctx context.Context, id int64, cur string, amount int64) error {
	pool, house, err := s.jackpotAccounts(ctx, cur)
	if err != nil {
		return err
	}
	if err := s.move(ctx, "inhouse:jackpot:contrib:"+strconv.FormatInt(id, 10), house, pool, amount, cur,
		map[string]string{"jackpot": "contribution", "batch": strconv.FormatInt(id, 10)}); err != nil {
		return err
	}
	if _, err := s.store.db.ExecContext(ctx, s.store.db.Rebind(`UPDATE inhouse_jackpot_batch SET posted = 1 WHERE id = ?`), id); err != nil {
		return apperr.Internal(err, "jackpot batch posted")
	}
	return nil
}

// resolveJackpotSlots finishes or frees hit slots left by a crash.
func (s *Service) resolveJackpotSlots(ctx context.Context) error {
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT pending_round FROM inhouse_jackpot WHERE pending_round IS NOT NULL AND updated_at < ?`),
		s.clock.Now().Add(-s.cfg.PendingGrace).UnixMilli())
	if err != nil {
		return apperr.Internal(err, "jackpot slots")
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return apperr.Internal(err, "jackpot slots")
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		r, err := s.store.round(ctx, id)
		if err != nil {
			return err
		}
		if r.JPWin > 0 {
			if err := s.finishJackpot(ctx, &r); err != nil {
				return err
			}
			continue
		}
		s.releaseJackpot(ctx, &r, false)
	}
	return nil
}
