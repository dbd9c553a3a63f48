package crashgame

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store is the SQL of Crash (migration 0018), for SQLite and PostgreSQL.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMs(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

// --- chains ---

// CurrentChain is the newest chain (nil when there is none yet).
func (s *Store) CurrentChain(ctx context.Context) (*Chain, error) {
	c := &Chain{}
	err := s.db.QueryRowContext(ctx, `SELECT id, seed, length, terminal_hash, salt FROM crash_chain ORDER BY id DESC LIMIT 1`).
		Scan(&c.ID, &c.Seed, &c.Length, &c.TerminalHash, &c.Salt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("current chain: %w", err)
	}
	return c, nil
}

// Chain is one chain by id.
func (s *Store) Chain(ctx context.Context, id int64) (*Chain, error) {
	c := &Chain{}
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id, seed, length, terminal_hash, salt FROM crash_chain WHERE id = ?`), id).
		Scan(&c.ID, &c.Seed, &c.Length, &c.TerminalHash, &c.Salt)
	if err != nil {
		return nil, fmt.Errorf("chain %d: %w", id, err)
	}
	return c, nil
}

// InsertChain stores a new chain and sets its id.
func (s *Store) InsertChain(ctx context.Context, c *Chain, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO crash_chain (seed, length, terminal_hash, salt, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
			c.Seed, c.Length, c.TerminalHash, c.Salt, ms(now)).Scan(&c.ID)
	})
}

// --- rounds ---

const roundCols = `id, chain_id, seq, hash, point, status, betting_ends_at, started_at, crashed_at`

func scanRound(row interface{ Scan(...any) error }) (Round, error) {
	var r Round
	var be, st, cr int64
	err := row.Scan(&r.ID, &r.ChainID, &r.Seq, &r.Hash, &r.Point, &r.Status, &be, &st, &cr)
	r.BettingEndsAt, r.StartedAt, r.CrashedAt = fromMs(be), fromMs(st), fromMs(cr)
	return r, err
}

// LatestRound is the newest round (ok false when none).
func (s *Store) LatestRound(ctx context.Context) (Round, bool, error) {
	r, err := scanRound(s.db.QueryRowContext(ctx, `SELECT `+roundCols+` FROM crash_round ORDER BY id DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("latest round: %w", err)
	}
	return r, true, nil
}

// Round is one round by id (ok false when unknown).
func (s *Store) Round(ctx context.Context, id int64) (Round, bool, error) {
	r, err := scanRound(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+roundCols+` FROM crash_round WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("round %d: %w", id, err)
	}
	return r, true, nil
}

// History is the newest crashed rounds, newest first.
func (s *Store) History(ctx context.Context, limit int) ([]Round, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+roundCols+` FROM crash_round WHERE status = ? ORDER BY id DESC LIMIT ?`), StatusCrashed, limit)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	defer rows.Close()
	var out []Round
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// InsertRound stores a new BETTING round and sets its id.
func (s *Store) InsertRound(ctx context.Context, r *Round) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO crash_round (chain_id, seq, hash, point, status, betting_ends_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
			r.ChainID, r.Seq, r.Hash, r.Point, r.Status, ms(r.BettingEndsAt)).Scan(&r.ID)
	})
}

// StartRound moves a BETTING round to RUNNING. On PostgreSQL the update
// waits for bet reservations holding the round row (ReserveBet), so the
// bets read afterwards are all there.
func (s *Store) StartRound(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_round SET status = ?, started_at = ? WHERE id = ? AND status = ?`), StatusRunning, ms(at), id, StatusBetting)
	return err
}

// CrashRound marks a round CRASHED and every bet still flying LOST (or,
// with refund, REFUND), in one transaction.
func (s *Store) CrashRound(ctx context.Context, id int64, at time.Time, flyingTo string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE crash_round SET status = ?, crashed_at = ? WHERE id = ? AND status <> ?`), StatusCrashed, ms(at), id, StatusCrashed); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE crash_bet SET state = ?, decided_at = ? WHERE round_id = ? AND state = ?`), flyingTo, ms(at), id, BetPlaced)
		return err
	})
}

// --- bets ---

const betCols = `id, round_id, member_id, player, inhouse_id, amount, currency, auto_cashout, cashout_at, win, state, settled, balance, bet_key, cashout_key, created_at`

func scanBet(row interface{ Scan(...any) error }) (Bet, error) {
	var b Bet
	var settled int
	var created int64
	err := row.Scan(&b.ID, &b.RoundID, &b.MemberID, &b.Player, &b.InhouseID, &b.Amount, &b.Currency, &b.AutoCashout, &b.CashedOutAt, &b.Win, &b.State, &settled, &b.Balance, &b.Key, &b.CashoutKey, &created)
	b.Settled, b.CreatedAt = settled != 0, fromMs(created)
	return b, err
}

func (s *Store) bets(ctx context.Context, where string, args ...any) ([]Bet, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+betCols+` FROM crash_bet WHERE `+where), args...)
	if err != nil {
		return nil, fmt.Errorf("bets: %w", err)
	}
	defer rows.Close()
	var out []Bet
	for rows.Next() {
		b, err := scanBet(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

func (s *Store) bet(ctx context.Context, where string, args ...any) (Bet, bool, error) {
	b, err := scanBet(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+betCols+` FROM crash_bet WHERE `+where), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return b, false, nil
	}
	if err != nil {
		return b, false, fmt.Errorf("bet: %w", err)
	}
	return b, true, nil
}

// RoundBets are a round's bets, oldest first.
func (s *Store) RoundBets(ctx context.Context, roundID int64) ([]Bet, error) {
	return s.bets(ctx, `round_id = ? ORDER BY id`, roundID)
}

// BetByKey is the member's bet placed with an idempotency key.
func (s *Store) BetByKey(ctx context.Context, memberID int64, key string) (Bet, bool, error) {
	return s.bet(ctx, `member_id = ? AND bet_key = ?`, memberID, key)
}

// MemberBet is the member's bet on a round.
func (s *Store) MemberBet(ctx context.Context, roundID, memberID int64) (Bet, bool, error) {
	return s.bet(ctx, `round_id = ? AND member_id = ?`, roundID, memberID)
}

// BetByID is one bet.
func (s *Store) BetByID(ctx context.Context, id int64) (Bet, bool, error) {
	return s.bet(ctx, `id = ?`, id)
}

// Unfinished are decided bets whose money has not moved yet, decided
// before the cutoff (the sweeper retries them; Bank calls are idempotent).
func (s *Store) Unfinished(ctx context.Context, decidedBefore time.Time, limit int) ([]Bet, error) {
	return s.bets(ctx, `settled = 0 AND state IN (?, ?, ?) AND decided_at < ? ORDER BY id LIMIT ?`,
		BetCashed, BetLost, BetRefund, ms(decidedBefore), limit)
}

// ReserveBet inserts a PENDING bet if the round is still taking bets at
// now; the round row is locked meanwhile (FOR SHARE on PostgreSQL, so bets
// do not wait for each other; SQLite writes take turns), so StartRound
// cannot slip in between. It answers
// ErrBettingClosed or ErrAlreadyBet; a bet already made with the same key
// is returned with replay true.
func (s *Store) ReserveBet(ctx context.Context, b *Bet, now time.Time) (replay bool, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		q := `SELECT status, betting_ends_at FROM crash_round WHERE id = ?`
		if tx.Dialect() == db.Postgres {
			q += ` FOR SHARE` // bets share the row; StartRound's UPDATE waits for all of them
		}
		var status string
		var ends int64
		err := tx.QueryRowContext(ctx, tx.Rebind(q), b.RoundID).Scan(&status, &ends)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrUnknownRound
		}
		if err != nil {
			return err
		}
		prior, found, err := scanOne(ctx, tx, `member_id = ? AND bet_key = ?`, b.MemberID, b.Key)
		if err != nil {
			return err
		}
		if found {
			*b, replay = prior, true
			return nil
		}
		if status != StatusBetting || ms(now) >= ends {
			return ErrBettingClosed
		}
		if _, found, err := scanOne(ctx, tx, `round_id = ? AND member_id = ?`, b.RoundID, b.MemberID); err != nil {
			return err
		} else if found {
			return ErrAlreadyBet
		}
		b.State, b.CreatedAt = BetPending, now
		return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO crash_bet (round_id, member_id, player, amount, auto_cashout, state, bet_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			b.RoundID, b.MemberID, b.Player, b.Amount, b.AutoCashout, BetPending, b.Key, ms(now)).Scan(&b.ID)
	})
	if err != nil && isUnique(err) { // a concurrent request of the same member won
		if prior, found, ferr := s.BetByKey(ctx, b.MemberID, b.Key); ferr == nil && found {
			*b = prior
			return true, nil
		}
		return false, ErrAlreadyBet
	}
	return replay, err
}

func scanOne(ctx context.Context, tx *db.Tx, where string, args ...any) (Bet, bool, error) {
	b, err := scanBet(tx.QueryRowContext(ctx, tx.Rebind(`SELECT `+betCols+` FROM crash_bet WHERE `+where), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return b, false, nil
	}
	return b, err == nil, err
}

func isUnique(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "unique") || strings.Contains(s, "duplicate key")
}

// PlaceBet marks a PENDING bet PLACED; false when it is no longer PENDING
// (the engine cancelled it at betting end).
func (s *Store) PlaceBet(ctx context.Context, id, inhouseID, balance int64, currency string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_bet SET state = ?, inhouse_id = ?, balance = ?, currency = ? WHERE id = ? AND state = ?`),
		BetPlaced, inhouseID, balance, currency, id, BetPending)
	return affected(res, err)
}

// DropBet deletes a PENDING bet whose wallet call was refused (nothing moved).
func (s *Store) DropBet(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM crash_bet WHERE id = ? AND state = ?`), id, BetPending)
	return err
}

// CancelPending marks the round's PENDING bets CANCELLED (to be refunded)
// and returns them.
func (s *Store) CancelPending(ctx context.Context, roundID int64, now time.Time) ([]Bet, error) {
	pending, err := s.bets(ctx, `round_id = ? AND state = ?`, roundID, BetPending)
	if err != nil || len(pending) == 0 {
		return nil, err
	}
	var out []Bet
	for _, b := range pending {
		res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_bet SET state = ?, decided_at = ? WHERE id = ? AND state = ?`), BetRefund, ms(now), b.ID, BetPending)
		if ok, err := affected(res, err); err != nil {
			return nil, err
		} else if ok {
			b.State = BetRefund
			out = append(out, b)
		}
	}
	return out, nil
}

// CountPending counts the round's bets whose wallet call is under way.
func (s *Store) CountPending(ctx context.Context, roundID int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM crash_bet WHERE round_id = ? AND state = ?`), roundID, BetPending).Scan(&n)
	return n, err
}

// CashOut decides a flying bet as cashed out at mult (hundredths); false
// when it was decided before (cashed out, lost, refunded).
func (s *Store) CashOut(ctx context.Context, id, mult, win int64, key string, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_bet SET state = ?, cashout_at = ?, win = ?, cashout_key = ?, decided_at = ? WHERE id = ? AND state = ?`),
		BetCashed, mult, win, key, ms(now), id, BetPlaced)
	return affected(res, err)
}

// CashOutMany decides several flying bets in one transaction (the engine's
// automatic cash-outs of one tick) and returns the ids it decided.
func (s *Store) CashOutMany(ctx context.Context, bets []Bet, now time.Time) ([]int64, error) {
	var done []int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		done = done[:0]
		q := tx.Rebind(`UPDATE crash_bet SET state = ?, cashout_at = ?, win = ?, decided_at = ? WHERE id = ? AND state = ?`)
		for _, b := range bets {
			res, err := tx.ExecContext(ctx, q, BetCashed, b.CashedOutAt, b.Win, ms(now), b.ID, BetPlaced)
			ok, err := affected(res, err)
			if err != nil {
				return err
			}
			if ok {
				done = append(done, b.ID)
			}
		}
		return nil
	})
	return done, err
}

// MarkSettled records that a decided bet's money has moved.
func (s *Store) MarkSettled(ctx context.Context, id int64, state string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_bet SET settled = 1, state = ? WHERE id = ?`), state, id)
	return err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// --- lease ---

// Lease takes or renews the engine lease for holder until now+ttl; false
// when another holder has it.
func (s *Store) Lease(ctx context.Context, holder string, now time.Time, ttl time.Duration) (bool, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO crash_lease (name, holder, expires_at) VALUES ('engine', '', 0) ON CONFLICT (name) DO NOTHING`)); err != nil {
		return false, err
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_lease SET holder = ?, expires_at = ? WHERE name = 'engine' AND (holder = ? OR expires_at < ?)`),
		holder, ms(now.Add(ttl)), holder, ms(now))
	return affected(res, err)
}

// ReleaseLease gives the lease up (clean shutdown), so another instance
// takes over at once.
func (s *Store) ReleaseLease(ctx context.Context, holder string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE crash_lease SET expires_at = 0 WHERE name = 'engine' AND holder = ?`), holder)
	return err
}
