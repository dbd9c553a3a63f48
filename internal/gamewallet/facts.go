package gamewallet

import (
	"context"
	"strconv"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

// Round facts. When a round ends (COMPLETED or CANCELLED) its fact is
// written to the activity stream in the same transaction, or the same
// statement on PostgreSQL's group path (sqlRecordSet), as the status
// change, keyed by the round's row so that a retry adds nothing.

// roundFactKey is the stream key of a round's ending.
func roundFactKey(id int64) string { return "round:" + strconv.FormatInt(id, 10) }

// roundFact is the fact of an ended round.
func roundFact(r Round) activity.Fact {
	f := activity.Fact{Key: roundFactKey(r.ID), Kind: activity.RoundSettled, MemberID: r.MemberID, Currency: r.Currency,
		Vendor: r.Vendor, Game: r.GameCode, Category: r.GameType, Amount: r.Bet, Win: r.Win, ValidBet: r.ValidBet,
		Ref: strconv.FormatInt(r.ID, 10), StartedAt: r.StartedAt, At: r.EndedAt}
	if r.Status == StatusCancelled {
		f.Kind = activity.RoundCancelled
	}
	if r.Jackpot {
		f.Detail = "jackpot"
	}
	return f
}

// roundRolledBack writes the fact of a round played in one call (betwin)
// that a rollback cancelled after it was settled: RoundCancelled with its
// own key ("round:<id>:rollback", so the round's settled fact does not
// swallow it) and Detail "rollback", carrying what the settled fact of the
// same Ref counted, negated (bet, valid bet, win), at that fact's time, so a
// consumer adding it takes the round back out of the day it was counted in.
func roundRolledBack(ctx context.Context, tx *db.Tx, r Round, settled Round) error {
	f := roundFact(r)
	f.Key, f.Detail = f.Key+":rollback", "rollback"
	f.Amount, f.ValidBet, f.Win = -settled.Bet, -settled.ValidBet, -settled.Win
	if !settled.EndedAt.IsZero() {
		f.At = settled.EndedAt
	}
	return activity.Append(ctx, tx, f)
}

// roundEnded writes the fact of r in tx when r has ended.
func roundEnded(ctx context.Context, tx *db.Tx, r Round) error {
	if r.Status == StatusOpen {
		return nil
	}
	return activity.Append(ctx, tx, roundFact(r))
}

// sqlRoundFacts is the CTE body that writes the facts of the ended rounds
// among rows (a CTE with roundCols), for PostgreSQL's set statements: the
// same fields as roundFact.
func sqlRoundFacts(rows string) string {
	return `INSERT INTO activity_event (fact_key, kind, member_id, currency, vendor, game, category, amount, win, valid_bet, ref, detail, started_at, occurred_at, created_at)
	SELECT 'round:' || e.id, CASE WHEN e.status = '` + StatusCancelled + `' THEN '` + string(activity.RoundCancelled) + `' ELSE '` + string(activity.RoundSettled) + `' END,
		e.member_id, e.currency, e.vendor, e.game_code, e.game_type, e.bet, e.win, e.valid_bet, e.id::text,
		CASE WHEN e.jackpot <> 0 THEN 'jackpot' ELSE '' END, e.started_at, e.ended_at, (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint
	FROM (` + rows + `) e WHERE e.status <> '` + StatusOpen + `'
	ON CONFLICT (fact_key) DO NOTHING`
}
