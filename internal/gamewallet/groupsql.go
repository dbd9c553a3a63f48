package gamewallet

import (
	"context"
	"fmt"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The statements of the groups on PostgreSQL (recorder.go, reader.go): one
// statement per group of concurrent callbacks, the group's values passed as
// arrays so the text is fixed and pgx prepares it once per connection. Their
// generic plans are index lookups whatever the tables' sizes (checked with
// EXPLAIN under plan_cache_mode = force_generic_plan on an empty and a
// filled database): PostgreSQL keeps a generic plan until the next ANALYZE.

// roundWrite is what a stored answer does to its round: nothing (a
// refusal), a bet (opens the round or adds to it), a win (credits it and,
// when end, completes it) or a bet and win (opens it completed).
type roundWrite struct {
	op      int   // roundNone, roundBet, roundWin, roundBetWin
	round   Round // roundBet, roundBetWin: the round to open (vendor, round id, member, game, currency)
	id      int64 // roundWin: the round's row
	amount  int64
	win     int64 // roundBetWin: the win (amount is the bet)
	jackpot bool
	end     bool
	at      int64
}

const (
	roundNone = iota
	roundBet
	roundWin
	roundBetWin
)

// record is one answer to store with its round write and its bonus stake.
type record struct {
	tx    txRow
	round roundWrite
	stake stakeWrite
}

// stakeWrite is what a bet of a member with an active bonus writes to its
// round's bonus_round row (bonus.go): nothing, the bonus part of its stake
// (stakeBonus: grant, bet, bonus), or a bet paid from main alone on a round
// that has a bonus stake (stakePlain: bet), which keeps the stake's
// proportion.
type stakeWrite struct {
	kind              int
	grant, bet, bonus int64
}

const (
	stakeNone = iota
	stakeBonus
	stakePlain
)

// write applies s for the answer's round in tx (the answer's transaction).
func (s stakeWrite) write(ctx context.Context, st *Store, tx *db.Tx, t txRow, at int64) error {
	switch s.kind {
	case stakeBonus:
		return st.addStake(ctx, tx, t.Vendor, t.RoundID, t.MemberID, s.grant, s.bet, s.bonus, at)
	case stakePlain:
		return st.addPlainBet(ctx, tx, t.Vendor, t.RoundID, s.bet)
	}
	return nil
}

// writeRound applies w in tx (the answer's transaction), with the round's
// fact when w ends it.
func (s *Store) writeRound(ctx context.Context, tx *db.Tx, w roundWrite) (roundRow, error) {
	var r roundRow
	var err error
	switch w.op {
	case roundBet:
		return roundRow{}, s.addBet(ctx, tx, w.round, w.amount, w.at)
	case roundWin:
		if r, err = s.addWin(ctx, tx, w.id, w.amount, w.jackpot, w.end, w.at); err != nil || !w.end {
			return r, err
		}
	case roundBetWin:
		if r, err = s.addBetWin(ctx, tx, w.round, w.amount, w.win, w.at); err != nil {
			return r, err
		}
	default:
		return roundRow{}, nil
	}
	return r, roundEnded(ctx, tx, r.Round)
}

// sqlRecordSet stores a group of answers and their round writes in ONE
// PostgreSQL statement (one round trip, atomic without BEGIN and COMMIT):
// the answers are inserted unless their transaction id is stored already,
// and only the inserted ones write their round, through data-modifying CTEs
// over the group's columns passed as arrays (a fixed text, so pgx prepares
// it once per connection). It returns the inserted ids ('t' rows) and the
// rounds the wins and the bets and wins left ('w' rows). The caller keeps a round and a
// transaction id to at most one record of the group: a row is changed at
// most once per statement.
var sqlRecordSet = `WITH v AS (
	SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::bigint[], $10::text[],
		$11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::text[], $19::text[], $20::text[],
		$21::bigint[], $22::bigint[], $23::bigint[], $24::bigint[], $25::bigint[], $26::bigint[], $27::bigint[], $28::bigint[], $29::bigint[])
	AS v(vendor, tx_id, kind, member_id, round_id, amount, request_hash, status, http_status, response,
		posting_id, rolled_back, created_at, op, round_pk, r_member, node_id, game_code, game_type, currency,
		r_amount, jackpot, end_round, r_at, r_win, s_kind, s_grant, s_bet, s_bonus)
), t AS (
	INSERT INTO seamless_tx (` + txCols + `)
	SELECT ` + txCols + ` FROM v
	ON CONFLICT (vendor, tx_id) DO NOTHING
	RETURNING vendor, tx_id
), b AS (
	INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, status, started_at, updated_at)
	SELECT v.vendor, v.round_id, v.r_member, v.node_id, v.game_code, v.game_type, v.currency, v.r_amount, v.r_amount, '` + StatusOpen + `', v.r_at, v.r_at
	FROM v JOIN t ON t.vendor = v.vendor AND t.tx_id = v.tx_id WHERE v.op = ` + itoa(roundBet) + `
	ON CONFLICT (vendor, round_id) DO UPDATE SET bet = game_round.bet + excluded.bet, valid_bet = game_round.valid_bet + excluded.valid_bet, updated_at = excluded.updated_at
), bw AS (
	INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, win, wins, status, started_at, updated_at, ended_at)
	SELECT v.vendor, v.round_id, v.r_member, v.node_id, v.game_code, v.game_type, v.currency, v.r_amount, v.r_amount, v.r_win, 1, '` + StatusCompleted + `', v.r_at, v.r_at, v.r_at
	FROM v JOIN t ON t.vendor = v.vendor AND t.tx_id = v.tx_id WHERE v.op = ` + itoa(roundBetWin) + `
	ON CONFLICT (vendor, round_id) DO UPDATE SET ` + betWinConflict + `
	RETURNING ` + roundCols + `
), w AS (
	UPDATE game_round g SET win = g.win + v.r_amount, wins = g.wins + 1, jackpot = CASE WHEN v.jackpot = 1 THEN 1 ELSE g.jackpot END, updated_at = v.r_at,
		status = CASE WHEN v.end_round = 1 THEN '` + StatusCompleted + `' ELSE g.status END,
		ended_at = CASE WHEN v.end_round = 1 THEN v.r_at ELSE g.ended_at END
	FROM v JOIN t ON t.vendor = v.vendor AND t.tx_id = v.tx_id
	WHERE v.op = ` + itoa(roundWin) + ` AND g.id = v.round_pk
	RETURNING ` + prefixed("g", roundCols) + `
), sb AS (
	INSERT INTO bonus_round (vendor, round_id, member_id, grant_id, bet, bonus_bet, created_at)
	SELECT v.vendor, v.round_id, v.member_id, v.s_grant, v.s_bet, v.s_bonus, v.r_at
	FROM v JOIN t ON t.vendor = v.vendor AND t.tx_id = v.tx_id WHERE v.s_kind = ` + itoa(stakeBonus) + `
	ON CONFLICT (vendor, round_id) DO UPDATE SET bet = bonus_round.bet + excluded.bet, bonus_bet = bonus_round.bonus_bet + excluded.bonus_bet
), sp AS (
	UPDATE bonus_round r SET bet = r.bet + v.s_bet
	FROM v JOIN t ON t.vendor = v.vendor AND t.tx_id = v.tx_id
	WHERE v.s_kind = ` + itoa(stakePlain) + ` AND r.vendor = v.vendor AND r.round_id = v.round_id
), f AS (
	` + sqlRoundFacts(`SELECT * FROM w UNION ALL SELECT * FROM bw`) + `
)
SELECT 't', t.vendor, t.tx_id, ` + zeros(roundCols) + ` FROM t
UNION ALL SELECT 'w', '', '', ` + prefixed("w", roundCols) + ` FROM w
UNION ALL SELECT 'w', '', '', ` + prefixed("bw", roundCols) + ` FROM bw`

// betWinConflict is what a bet and win does to a round that exists after
// all (opened meanwhile by another instance): it adds to it and closes it.
const betWinConflict = `bet = game_round.bet + excluded.bet, valid_bet = game_round.valid_bet + excluded.valid_bet,
	win = game_round.win + excluded.win, wins = game_round.wins + 1, status = excluded.status,
	updated_at = excluded.updated_at, ended_at = excluded.ended_at`

// recordSet stores recs with sqlRecordSet (PostgreSQL). stored[i] tells
// whether recs[i] was inserted (else its transaction id was stored before);
// won holds the rounds the stored wins (and bets and wins) left, by
// roundKey.
func (s *Store) recordSet(ctx context.Context, q db.Querier, recs []record) (stored []bool, won map[string]roundRow, err error) {
	rows, err := q.QueryContext(ctx, sqlRecordSet, recordSetArgs(recs)...)
	if err != nil {
		return nil, nil, apperr.Internal(err, "store seamless answers")
	}
	defer rows.Close()
	stored, won, err = recordSetResult(recs, func() (interface{ Scan(...any) error }, bool) { return rows, rows.Next() })
	if err != nil {
		return nil, nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, nil, apperr.Internal(err, "store seamless answers")
	}
	return stored, won, nil
}

// recordSetArgs are sqlRecordSet's arguments for recs: one array per column.
func recordSetArgs(recs []record) []any {
	n := len(recs)
	var (
		vendor, txID, kind, roundID, hash, status, response, gameCode, gameType, currency = make([]string, n), make([]string, n), make([]string, n),
			make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		member, amount, httpStatus, posting, rolledBack, created, op, roundPK, rMember, node, rAmount, jackpot, end, rAt, rWin = make([]int64, n),
			make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n),
			make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		sKind, sGrant, sBet, sBonus = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	)
	for i, rec := range recs {
		t, w := rec.tx, rec.round
		vendor[i], txID[i], kind[i], member[i], roundID[i], amount[i], hash[i], status[i] = t.Vendor, t.TxID, t.Kind, t.MemberID, t.RoundID, t.Amount, t.RequestHash, t.Status
		httpStatus[i], response[i], posting[i], rolledBack[i], created[i] = int64(t.HTTPStatus), t.Response, t.PostingID, flag(t.RolledBack), t.CreatedAt
		op[i], roundPK[i], rMember[i], node[i], gameCode[i], gameType[i], currency[i] = int64(w.op), w.id, w.round.MemberID, w.round.NodeID, w.round.GameCode, w.round.GameType, w.round.Currency
		rAmount[i], jackpot[i], end[i], rAt[i], rWin[i] = w.amount, flag(w.jackpot), flag(w.end), w.at, w.win
		sKind[i], sGrant[i], sBet[i], sBonus[i] = int64(rec.stake.kind), rec.stake.grant, rec.stake.bet, rec.stake.bonus
	}
	return []any{vendor, txID, kind, member, roundID, amount, hash, status, httpStatus, response,
		posting, rolledBack, created, op, roundPK, rMember, node, gameCode, gameType, currency, rAmount, jackpot, end, rAt, rWin,
		sKind, sGrant, sBet, sBonus}
}

// recordSetResult reads sqlRecordSet's rows (next gives each row, false at
// the end): which records were stored, and the rounds the stored wins left.
func recordSetResult(recs []record, next func() (interface{ Scan(...any) error }, bool)) (stored []bool, won map[string]roundRow, err error) {
	inserted := map[string]bool{}
	won = map[string]roundRow{}
	for {
		row, ok := next()
		if !ok {
			break
		}
		var k, v, id string
		r, err := scanRound(prefixScan{row, []any{&k, &v, &id}})
		if err != nil {
			return nil, nil, apperr.Internal(err, "scan stored seamless answer")
		}
		if k == "t" {
			inserted[v+"\x00"+id] = true
			continue
		}
		won[roundKey(r.Vendor, r.RoundID)] = r
	}
	stored = make([]bool, len(recs))
	for i, rec := range recs {
		stored[i] = inserted[rec.tx.Vendor+"\x00"+rec.tx.TxID]
	}
	return stored, won, nil
}

// prefixScan scans its leading columns into first, the rest into what
// Scan is given.
type prefixScan struct {
	row   interface{ Scan(...any) error }
	first []any
}

func (p prefixScan) Scan(dest ...any) error {
	return p.row.Scan(append(p.first[:len(p.first):len(p.first)], dest...)...)
}

// roundKey identifies a round across vendors.
func roundKey(vendor, roundID string) string { return vendor + "\x00" + roundID }

func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// prefixed is cols with every column qualified by alias.
func prefixed(alias, cols string) string {
	return alias + "." + strings.ReplaceAll(cols, ", ", ", "+alias+".")
}

// zeros is a zero value per column of cols (the empty string for text
// columns, else 0).
func zeros(cols string) string {
	var b strings.Builder
	for i, c := range strings.Split(cols, ", ") {
		if i > 0 {
			b.WriteString(", ")
		}
		if textCols[c] {
			b.WriteString("''")
		} else {
			b.WriteString("0")
		}
	}
	return b.String()
}

// sqlLookupSet is Store.lookup for a group: one row per key, numbered.
// Each table is read through a LATERAL subquery with LIMIT 1, which the
// planner cannot flatten into a join: the plan is an index lookup per key
// even when it is made while the tables are small (a plain join's generic
// plan is then a hash join over sequential scans, kept as the tables grow
// until the next ANALYZE).
var sqlLookupSet = `SELECT k.i, ` + lookupCols + `
	FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS k(vendor, tx_id, round_id, i)
	LEFT JOIN LATERAL (SELECT * FROM seamless_tx WHERE vendor = k.vendor AND tx_id = k.tx_id LIMIT 1) t ON true
	LEFT JOIN LATERAL (SELECT * FROM game_round WHERE vendor = k.vendor AND round_id = k.round_id LIMIT 1) r ON true`

// lookupSet answers the lookups of a group in one statement (PostgreSQL).
func (s *Store) lookupSet(ctx context.Context, batch []*pendingLookup) error {
	vendor, txID, roundID := make([]string, len(batch)), make([]string, len(batch)), make([]string, len(batch))
	for i, p := range batch {
		vendor[i], txID[i], roundID[i] = p.vendor, p.txID, p.roundID
	}
	rows, err := s.db.Fixed().QueryContext(ctx, sqlLookupSet, vendor, txID, roundID)
	if err != nil {
		return apperr.Internal(err, "select seamless txs and rounds")
	}
	defer rows.Close()
	answered := 0
	for rows.Next() {
		var i int64
		t, seen, r, exists, err := scanLookup(prefixScan{rows, []any{&i}})
		if err != nil {
			return err
		}
		if i < 1 || i > int64(len(batch)) {
			return apperr.Internal(fmt.Errorf("lookup row %d of %d", i, len(batch)), "select seamless txs and rounds")
		}
		p := batch[i-1]
		p.t, p.seen, p.r, p.exists = t, seen, r, exists
		answered++
	}
	if err := rows.Err(); err != nil {
		return apperr.Internal(err, "select seamless txs and rounds")
	}
	if answered != len(batch) {
		return apperr.Internal(fmt.Errorf("%d rows for %d lookups", answered, len(batch)), "select seamless txs and rounds")
	}
	return nil
}
