// Package activity is the durable activity stream: the facts other features
// consume (a round settled, a deposit credited, a withdrawal paid), written
// in the same database transaction as the posting or state change that makes
// them true, numbered in commit order by one sequencer, and read by
// consumers that keep durable cursors. See docs/activity.md.
package activity

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Kind names what a fact says. Consumers switch on it; the values are
// stored, so they never change.
type Kind string

const (
	// RoundSettled: a game round ended (COMPLETED). Amount is the bet,
	// Win the win, ValidBet the valid bet (docs/valid-bet.md); Vendor,
	// Game, Category, Ref (the round's id in the rounds table, as text),
	// StartedAt and At (when it ended); Detail is "jackpot" when some win
	// of the round was flagged jackpot.
	RoundSettled Kind = "round.settled"
	// RoundCancelled: a round ended with every bet refunded or rolled back.
	// With Detail "rollback" (key "round:<id>:rollback"), a round already
	// settled was taken back whole: Amount, ValidBet and Win are what its
	// RoundSettled fact counted, negated, and At is that fact's time.
	RoundCancelled Kind = "round.cancelled"
	// DepositCredited: a deposit reached the member's main balance. Amount;
	// Ref is the order number; Detail the method.
	DepositCredited Kind = "deposit.credited"
	// WithdrawalPaid: a withdrawal left the platform. Amount; Ref the order.
	WithdrawalPaid Kind = "withdrawal.paid"
	// WithdrawalReleased: a held withdrawal went back to the main balance
	// (rejected, or the payout failed). Amount; Ref the order.
	WithdrawalReleased Kind = "withdrawal.released"
	// TransferOut / TransferIn: money moved main -> a transfer-wallet vendor
	// (a wager for responsible gaming) and back. Amount; Vendor.
	TransferOut Kind = "transfer.out"
	TransferIn  Kind = "transfer.in"
	// BonusGranted: a bonus reached the member (Amount), written with its
	// ledger posting (kind bonus_grant) by whatever grants it: the rewards
	// issue's promotions; it counts towards the withdrawal turnover.
	BonusGranted Kind = "bonus.granted"
	// BonusConverted: bonus money became real money (Amount moved from the
	// bonus balance to main), written with the game wallet's conversion
	// posting. Ref is the grant id, Detail its source. With the CASH
	// rewards' bonus.granted it is the operator's bonus cost.
	BonusConverted Kind = "bonus.converted"
	// Adjustment: an operator's manual adjustment. Amount is signed (a
	// credit to the member is positive); Detail the reason; Ref the operator.
	Adjustment Kind = "adjustment"
	// Registered: a member account was created. Detail: how (password,
	// oauth provider, trial); Ref: its upline's id ("" for none).
	Registered Kind = "member.registered"
	// Referred: a member registered with another member's referral code
	// (written with its registration). Ref is the referrer's id, Detail
	// the code.
	Referred Kind = "member.referred"
	// Moved: a member was moved under another upline (an operator's
	// action), written with the change of its parent. Ref is the new
	// upline's id ("" for none), Detail the old one's.
	Moved Kind = "member.moved"
	// AgentTransfer: money moved between an agent and its direct downline
	// (either way), written with its ledger posting (kind agent_transfer).
	// MemberID is the payer, Ref the payee's id, Amount; Detail
	// "downline" (agent to downline) or "upline" (member to upline).
	AgentTransfer Kind = "transfer.agent"
	// LoggedIn: a member session started. Detail: the client IP.
	LoggedIn Kind = "member.login"
	// LimitChanged: a responsible-gaming setting changed (set, lowered,
	// raise requested or confirmed, time-out, exclusion, imposed by an
	// operator). Detail says which, readable by a person.
	LimitChanged Kind = "rg.changed"
	// CommissionPaid: an agent was paid a commission bill (written with
	// its ledger posting by internal/commission). Amount (what this
	// posting paid); Ref the bill id; Detail the contract type.
	CommissionPaid Kind = "commission.paid"
)

// Fact is one thing that became true. Zero fields are stored as zero or
// empty; which fields a kind uses is said at its constant.
type Fact struct {
	// Key identifies the fact across retries: a fact whose key is already
	// in the stream is not added again (e.g. "deposit:42",
	// "round:<rounds-table id>"). Required.
	Key      string
	Kind     Kind
	MemberID int64
	Currency string
	Vendor   string
	Game     string
	Category string
	Amount   int64 // minor units
	Win      int64 // minor units
	ValidBet int64 // minor units
	Ref      string
	Detail   string
	// StartedAt is when a round started (zero for other kinds).
	StartedAt time.Time
	// At is when the fact became true. Required.
	At time.Time
}

// Event is a fact with its stream position.
type Event struct {
	Seq int64
	Fact
	// Appended is when the fact was written (its transaction's time, to
	// the millisecond): what a consumer's lag is measured from.
	Appended time.Time
}

func (f Fact) check() error {
	if f.Key == "" || f.Kind == "" || f.At.IsZero() {
		return fmt.Errorf("activity: fact needs a key, a kind and a time (%q, %q)", f.Key, f.Kind)
	}
	return nil
}

// insertSQL adds one fact unless its key is in the stream already, for the
// sequencer to number once committed (PostgreSQL).
const insertSQL = `INSERT INTO activity_event (fact_key, kind, member_id, currency, vendor, game, category,
 amount, win, valid_bet, ref, detail, started_at, occurred_at, created_at)
 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fact_key) DO NOTHING`

// insertNumberedSQL adds one fact with its position, the last one given
// plus one (SQLite). A SQLite write transaction holds the database's one
// write lock from its start to its commit (every transaction begins
// immediate, across processes too), so positions taken at insert are
// given in commit order, densely, and a reader's snapshot holds a prefix
// of them: what the sequencer ensures on PostgreSQL, without its
// transaction or a second write of the row.
const insertNumberedSQL = `INSERT INTO activity_event (seq, fact_key, kind, member_id, currency, vendor, game, category,
 amount, win, valid_bet, ref, detail, started_at, occurred_at, created_at)
 VALUES (` + sqliteHead + ` + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fact_key) DO NOTHING`

// sqliteHead is the last position given on SQLite, read from the partial
// index on seq (one descent); activity_head is the sequencer's.
const sqliteHead = `coalesce((SELECT seq FROM activity_event WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1), 0)`

// Append writes facts in tx, the transaction that makes them true. A fact
// whose key is in the stream already is skipped, so a retried transaction
// or a replayed request adds nothing. On SQLite a fact gets its position
// here; on PostgreSQL the sequencer gives it one once it is committed.
func Append(ctx context.Context, tx *db.Tx, facts ...Fact) error {
	now := time.Now().UnixMilli()
	q := insertNumberedSQL
	if tx.Dialect() == db.Postgres {
		q = tx.Rebind(insertSQL)
	}
	for _, f := range facts {
		if err := f.check(); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, q, f.Key, string(f.Kind), f.MemberID, f.Currency, f.Vendor, f.Game,
			f.Category, f.Amount, f.Win, f.ValidBet, f.Ref, f.Detail, millis(f.StartedAt), f.At.UnixMilli(), now); err != nil {
			return fmt.Errorf("activity: append %s: %w", f.Key, err)
		}
	}
	return nil
}

func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// Consumer derives something from the stream (daily figures, winner
// boards). A runner gives it the events after its cursor in order; Apply
// runs in tx, the transaction that also moves the cursor past them, so what
// it writes in tx takes effect exactly once. An effect outside tx must be
// idempotent on the event (its Seq or Key): after a crash the batch is
// given again.
type Consumer interface {
	Name() string
	Apply(ctx context.Context, tx *db.Tx, events []Event) error
	// Reset forgets what the consumer derived, in tx, before a replay from
	// the start of the stream.
	Reset(ctx context.Context, tx *db.Tx) error
}

// Selective is a Consumer that needs only some events: the runner reads
// only the events Wants admits (the others are not read or decoded) and
// moves the cursor past every position it covered, given or not.
type Selective interface {
	Consumer
	Wants() Filter
}

// Filter admits events by kind and win.
type Filter struct {
	Kinds []Kind // at least one
	// Wins: only events with a win above zero.
	Wins bool
}

// where is the filter as a condition on activity_event, with its args.
func (f Filter) where() (string, []any) {
	q := ` AND kind IN (?` + strings.Repeat(`, ?`, len(f.Kinds)-1) + `)`
	args := make([]any, len(f.Kinds))
	for i, k := range f.Kinds {
		args[i] = string(k)
	}
	if f.Wins {
		q += ` AND win > 0`
	}
	return q, args
}
