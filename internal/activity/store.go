package activity

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the stream's SQL: the only code that reads or writes the
// activity tables. Other packages read the stream through its methods.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

const eventCols = `seq, fact_key, kind, member_id, currency, vendor, game, category, amount, win, valid_bet, ref, detail, started_at, occurred_at, created_at`

func scanEvents(rows *sql.Rows) ([]Event, error) {
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var seq sql.NullInt64
		var kind string
		var started, at, appended int64
		if err := rows.Scan(&seq, &e.Key, &kind, &e.MemberID, &e.Currency, &e.Vendor, &e.Game, &e.Category,
			&e.Amount, &e.Win, &e.ValidBet, &e.Ref, &e.Detail, &started, &at, &appended); err != nil {
			return nil, err
		}
		e.Seq = seq.Int64 // 0: committed, not yet sequenced
		e.Kind = Kind(kind)
		if started != 0 {
			e.StartedAt = time.UnixMilli(started)
		}
		e.At = time.UnixMilli(at)
		e.Appended = time.UnixMilli(appended)
		out = append(out, e)
	}
	return out, rows.Err()
}

// EventsAfter returns up to limit events with a position above after, in
// stream order. Positions are given in commit order (docs/activity.md), so
// reading on from the last position seen never skips an event.
func (s *Store) EventsAfter(ctx context.Context, after int64, limit int) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+eventCols+` FROM activity_event
 WHERE seq > ? ORDER BY seq LIMIT ?`), after, limit)
	if err != nil {
		return nil, fmt.Errorf("activity: events after %d: %w", after, err)
	}
	return scanEvents(rows)
}

// eventsBetween returns the events with a position in (after, upTo] that
// f admits, in stream order.
func (s *Store) eventsBetween(ctx context.Context, after, upTo int64, f Filter) ([]Event, error) {
	cond, args := f.where()
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+eventCols+` FROM activity_event
 WHERE seq > ? AND seq <= ?`+cond+` ORDER BY seq`), append([]any{after, upTo}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("activity: events after %d: %w", after, err)
	}
	return scanEvents(rows)
}

// MemberEventsAfter returns a member's events with a position above after
// and, with pending, also the member's committed events the sequencer has
// not numbered yet (Seq 0, last), all read in one statement so an event
// numbered meanwhile is neither lost nor counted twice. Positioned events
// come in stream order; at most limit positioned events are returned (a
// caller pages on from the last Seq), and the pending ones with the first
// page only.
func (s *Store) MemberEventsAfter(ctx context.Context, memberID, after int64, limit int, pending bool) ([]Event, error) {
	return s.MembersEventsAfter(ctx, []int64{memberID}, after, limit, pending)
}

// MembersEventsAfter is MemberEventsAfter for the events of any of the
// members (the limit is over all of them): one statement for a page of
// orders instead of one per member.
func (s *Store) MembersEventsAfter(ctx context.Context, memberIDs []int64, after int64, limit int, pending bool) ([]Event, error) {
	if len(memberIDs) == 0 {
		return nil, nil
	}
	in := `(?` + strings.Repeat(`, ?`, len(memberIDs)-1) + `)`
	ids := make([]any, len(memberIDs))
	for i, id := range memberIDs {
		ids[i] = id
	}
	q := `SELECT ` + eventCols + ` FROM (SELECT ` + eventCols + ` FROM activity_event WHERE member_id IN ` + in + ` AND seq > ? ORDER BY seq LIMIT ?) a`
	args := append(append([]any{}, ids...), after, limit)
	if pending {
		q += ` UNION ALL SELECT ` + eventCols + ` FROM activity_event WHERE member_id IN ` + in + ` AND seq IS NULL`
		args = append(args, ids...)
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("activity: members' events: %w", err)
	}
	evs, err := scanEvents(rows)
	if err != nil {
		return nil, err
	}
	// UNION ALL keeps no order: positioned events by seq, pending ones last.
	sortEvents(evs)
	return evs, nil
}

// MemberEventsBetween returns a member's committed events whose time (At)
// is in [from, to), numbered or not, oldest first: the exact record of a
// part of a day. Its cost is the number of events in the window.
func (s *Store) MemberEventsBetween(ctx context.Context, memberID int64, from, to time.Time) ([]Event, error) {
	return s.MembersEventsBetween(ctx, []MemberWindow{{MemberID: memberID, From: from, To: to}})
}

// MemberWindow is a member's time window [From, To).
type MemberWindow struct {
	MemberID int64
	From, To time.Time
}

// membersWindowsChunk bounds the windows read by one statement.
const membersWindowsChunk = 50

// MembersEventsBetween is MemberEventsBetween for several windows (a member's
// windows not overlapping): the events in any of them, by member, each
// member's oldest first, a statement per 50 windows (each window an index
// range).
func (s *Store) MembersEventsBetween(ctx context.Context, windows []MemberWindow) ([]Event, error) {
	var out []Event
	for start := 0; start < len(windows); start += membersWindowsChunk {
		chunk := windows[start:min(start+membersWindowsChunk, len(windows))]
		cond := make([]string, len(chunk))
		args := make([]any, 0, 3*len(chunk))
		for i, w := range chunk {
			cond[i] = `(member_id = ? AND occurred_at >= ? AND occurred_at < ?)`
			args = append(args, w.MemberID, w.From.UnixMilli(), w.To.UnixMilli())
		}
		rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+eventCols+` FROM activity_event WHERE `+strings.Join(cond, " OR ")+`
 ORDER BY member_id, occurred_at, id`), args...)
		if err != nil {
			return nil, fmt.Errorf("activity: members' events by time: %w", err)
		}
		evs, err := scanEvents(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, evs...)
	}
	return out, nil
}

func sortEvents(evs []Event) {
	key := func(e Event) int64 {
		if e.Seq == 0 {
			return math.MaxInt64 // not numbered yet: after every numbered one
		}
		return e.Seq
	}
	slices.SortStableFunc(evs, func(a, b Event) int { return cmp.Compare(key(a), key(b)) })
}

// Head is the last position given (0 on an empty stream).
func (s *Store) Head(ctx context.Context) (int64, error) {
	q := `SELECT seq FROM activity_head WHERE id = 1`
	if s.db.Dialect == db.SQLite {
		q = `SELECT ` + sqliteHead // positions are given at insert there
	}
	var h int64
	err := s.db.QueryRowContext(ctx, q).Scan(&h)
	if err != nil {
		return 0, fmt.Errorf("activity: head: %w", err)
	}
	return h, nil
}

// Position is a consumer's cursor: every event up to it has been applied.
func (s *Store) Position(ctx context.Context, consumer string) (int64, error) {
	var p int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT position FROM activity_cursor WHERE consumer = ?`), consumer).Scan(&p)
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("activity: position of %s: %w", consumer, err)
	}
	return p, nil
}

// ConsumerStatus is one consumer as `palaro events` shows it.
type ConsumerStatus struct {
	Name     string
	Position int64
	// Behind is how many events wait for it (positions are dense).
	Behind int64
	// Oldest is when the oldest event it has not applied was appended
	// (zero when it is caught up): the age of its lag.
	Oldest    time.Time
	UpdatedAt time.Time
	Lease     Lease
}

// Lease is who holds a singleton task until when (Holder "" when nobody
// ever did).
type Lease struct {
	Name    string
	Holder  string
	Expires time.Time
}

// Status is the stream as `palaro events` shows it.
type Status struct {
	Head int64
	// Pending is how many committed events wait for a position, Oldest
	// pending when the oldest of them was appended.
	Pending       int64
	OldestPending time.Time
	Sequencer     Lease
	Consumers     []ConsumerStatus
}

// Status reads the head, the waiting events, every consumer that ever ran
// and the leases.
func (s *Store) Status(ctx context.Context) (Status, error) {
	var st Status
	var err error
	if st.Head, err = s.Head(ctx); err != nil {
		return st, err
	}
	var oldest sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT count(*), min(created_at) FROM activity_event WHERE seq IS NULL`).Scan(&st.Pending, &oldest); err != nil {
		return st, fmt.Errorf("activity: pending: %w", err)
	}
	if oldest.Valid {
		st.OldestPending = time.UnixMilli(oldest.Int64)
	}
	leases := map[string]Lease{}
	rows, err := s.db.QueryContext(ctx, `SELECT name, holder, expires_at FROM activity_lease`)
	if err != nil {
		return st, fmt.Errorf("activity: leases: %w", err)
	}
	for rows.Next() {
		var l Lease
		var exp int64
		if err := rows.Scan(&l.Name, &l.Holder, &exp); err != nil {
			rows.Close()
			return st, err
		}
		l.Expires = time.UnixMilli(exp)
		leases[l.Name] = l
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return st, err
	}
	st.Sequencer = leases[SequencerLease]
	st.Sequencer.Name = SequencerLease
	rows, err = s.db.QueryContext(ctx, `SELECT consumer, position, updated_at FROM activity_cursor ORDER BY consumer`)
	if err != nil {
		return st, fmt.Errorf("activity: cursors: %w", err)
	}
	for rows.Next() {
		var c ConsumerStatus
		var upd int64
		if err := rows.Scan(&c.Name, &c.Position, &upd); err != nil {
			rows.Close()
			return st, err
		}
		c.UpdatedAt = time.UnixMilli(upd)
		c.Lease = leases[ConsumerLease(c.Name)]
		c.Lease.Name = ConsumerLease(c.Name)
		st.Consumers = append(st.Consumers, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return st, err
	}
	for i := range st.Consumers {
		c := &st.Consumers[i]
		c.Behind = max(st.Head-c.Position, 0)
		if c.Behind == 0 {
			continue
		}
		var created int64
		err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT created_at FROM activity_event WHERE seq > ? ORDER BY seq LIMIT 1`), c.Position).Scan(&created)
		if err != nil && !db.IsNoRows(err) {
			return st, fmt.Errorf("activity: oldest for %s: %w", c.Name, err)
		}
		if err == nil {
			c.Oldest = time.UnixMilli(created)
		}
	}
	return st, nil
}

// FirstAppended is when the oldest event of the stream was appended (zero
// on an empty stream): where the stream's record begins.
func (s *Store) FirstAppended(ctx context.Context) (time.Time, error) {
	var t sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT min(created_at) FROM activity_event`).Scan(&t); err != nil {
		return time.Time{}, fmt.Errorf("activity: first event: %w", err)
	}
	if !t.Valid {
		return time.Time{}, nil
	}
	return time.UnixMilli(t.Int64), nil
}

// Lease names.
const SequencerLease = "activity.sequencer"

// ConsumerLease names the lease a consumer runs under.
func ConsumerLease(consumer string) string { return "activity.consumer." + consumer }

// ErrCursorMoved: the cursor was not where the batch started (a second
// holder, or a replay, moved it); the batch was rolled back.
var ErrCursorMoved = errors.New("activity: the consumer's cursor moved")

// ErrUnknownConsumer: no consumer of that name is registered.
var ErrUnknownConsumer = errors.New("activity: unknown consumer")

// ensureCursor adds a consumer's cursor at 0 unless it has one.
func (s *Store) ensureCursor(ctx context.Context, consumer string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO activity_cursor (consumer, position, updated_at) VALUES (?, 0, ?)
 ON CONFLICT (consumer) DO NOTHING`), consumer, now.UnixMilli())
	return err
}

// apply runs c.Apply on events in one transaction that moves c's cursor from
// `from` to `to` (the last position the batch covers); the cursor moves
// first, on the condition that it is still at `from`, so a second holder's
// or a replayed batch changes nothing (ErrCursorMoved).
func (s *Store) apply(ctx context.Context, c Consumer, from, to int64, events []Event, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE activity_cursor SET position = ?, updated_at = ? WHERE consumer = ? AND position = ?`),
			to, now.UnixMilli(), c.Name(), from)
		if err != nil {
			return fmt.Errorf("activity: move cursor of %s: %w", c.Name(), err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return ErrCursorMoved
		}
		if len(events) == 0 {
			return nil
		}
		return c.Apply(ctx, tx, events)
	})
}

// Replay forgets what c derived and puts its cursor back to the start, in
// one transaction, so it rebuilds from the first event. A holder applying a
// batch meanwhile finds its cursor moved and starts again from 0.
func (s *Store) Replay(ctx context.Context, c Consumer, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO activity_cursor (consumer, position, updated_at) VALUES (?, 0, ?)
 ON CONFLICT (consumer) DO UPDATE SET position = 0, updated_at = excluded.updated_at`), c.Name(), now.UnixMilli()); err != nil {
			return fmt.Errorf("activity: rewind %s: %w", c.Name(), err)
		}
		return c.Reset(ctx, tx)
	})
}

// probeSQL finds a row waiting for a position. ORDER BY id makes SQLite
// read the partial index of such rows; without it SQLite scanned a whole
// index of the table, every 50 ms.
const probeSQL = `SELECT id FROM activity_event WHERE seq IS NULL ORDER BY id LIMIT 1`

// sequence gives positions to up to batch committed events that have none,
// in id order, holding the head row's lock (PostgreSQL) or the write turn
// (SQLite) so numbers are handed out one transaction at a time and become
// visible in order. It returns how many it numbered. On SQLite facts are
// numbered at insert (Append), so it finds only rows a writer left without
// a position (a database written before that rule), and numbers them after
// the last position given.
func (s *Store) sequence(ctx context.Context, batch int) (int, error) {
	// Most runs find nothing: a read of the partial index, no transaction.
	var probe int64
	err := s.db.QueryRowContext(ctx, probeSQL).Scan(&probe)
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("activity: sequencer probe: %w", err)
	}
	var n int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		lock := `SELECT seq FROM activity_head WHERE id = 1 FOR UPDATE`
		if tx.Dialect() == db.SQLite {
			lock = `SELECT ` + sqliteHead // the transaction holds the write lock
		}
		var head int64
		if err := tx.QueryRowContext(ctx, lock).Scan(&head); err != nil {
			return fmt.Errorf("activity: lock head: %w", err)
		}
		// This statement starts after the lock is held, so it sees every
		// row committed before, and no other sequencer numbers meanwhile.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE activity_event SET seq = ? + nxt.n
 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM
   (SELECT id FROM activity_event WHERE seq IS NULL ORDER BY id LIMIT ?) w) nxt
 WHERE activity_event.id = nxt.id`), head, batch)
		if err != nil {
			return fmt.Errorf("activity: number events: %w", err)
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE activity_head SET seq = ? WHERE id = 1`), head+n)
		return err
	})
	return int(n), err
}

// acquire takes or renews a lease for holder until now+ttl; false when
// another holder's lease has not expired.
func (s *Store) acquire(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE activity_lease SET holder = ?, expires_at = ?
 WHERE name = ? AND (holder = ? OR expires_at < ?)`), holder, now.Add(ttl).UnixMilli(), name, holder, now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ensureLease adds a lease's row (nobody holding it) unless it exists.
func (s *Store) ensureLease(ctx context.Context, name string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO activity_lease (name, holder, expires_at) VALUES (?, '', 0)
 ON CONFLICT (name) DO NOTHING`), name)
	return err
}

// release gives a lease up so another instance takes it at once.
func (s *Store) release(ctx context.Context, name, holder string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE activity_lease SET expires_at = 0 WHERE name = ? AND holder = ?`), name, holder)
	return err
}
