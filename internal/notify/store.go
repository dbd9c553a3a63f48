package notify

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds member messages (table member_message).
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

func ms(t time.Time) int64 { return t.UnixMilli() }

// Insert stores a message and returns its id.
func (s *Store) Insert(ctx context.Context, memberID int64, n Notice, now time.Time) (int64, error) {
	params, err := json.Marshal(orEmpty(n.Params))
	if err != nil {
		return 0, apperr.Internal(err, "encode params")
	}
	var id int64
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO member_message (member_id, kind, params, read_at, created_at)
		VALUES (?, ?, ?, 0, ?) RETURNING id`), memberID, n.Kind, string(params), ms(now)).Scan(&id)
	if err != nil {
		return 0, apperr.Internal(err, "insert message")
	}
	return id, nil
}

// insertChunk bounds the rows of one statement of InsertMany.
const insertChunk = 500

// InsertMany stores the messages, insertChunk rows a statement, and
// returns their ids in order. The ids come back with their rows, whose
// order neither database promises: each is matched to the first unmatched
// message with the same member, kind and parameters (identical messages
// may swap ids, which tells nothing apart).
func (s *Store) InsertMany(ctx context.Context, ns []Addressed, now time.Time) ([]int64, error) {
	ids := make([]int64, len(ns))
	for lo := 0; lo < len(ns); lo += insertChunk {
		hi := min(lo+insertChunk, len(ns))
		type row struct {
			member int64
			kind   string
			params string
		}
		at := map[row][]int{}
		args := make([]any, 0, 4*(hi-lo))
		for i := lo; i < hi; i++ {
			params, err := json.Marshal(orEmpty(ns[i].Notice.Params))
			if err != nil {
				return nil, apperr.Internal(err, "encode params")
			}
			r := row{ns[i].MemberID, ns[i].Notice.Kind, string(params)}
			at[r] = append(at[r], i)
			args = append(args, r.member, r.kind, r.params, ms(now))
		}
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			rows, err := tx.QueryContext(ctx, tx.Rebind(`INSERT INTO member_message (member_id, kind, params, read_at, created_at) VALUES `+
				strings.TrimSuffix(strings.Repeat("(?, ?, ?, 0, ?), ", hi-lo), ", ")+` RETURNING id, member_id, kind, params`), args...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				var r row
				if err := rows.Scan(&id, &r.member, &r.kind, &r.params); err != nil {
					return err
				}
				if q := at[r]; len(q) > 0 {
					ids[q[0]], at[r] = id, q[1:]
				}
			}
			return rows.Err()
		})
		if err != nil {
			return nil, apperr.Internal(err, "insert messages")
		}
	}
	return ids, nil
}

// Unread counts a member's unread messages.
func (s *Store) Unread(ctx context.Context, memberID int64) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM member_message WHERE member_id = ? AND read_at = 0`), memberID).Scan(&n); err != nil {
		return 0, apperr.Internal(err, "count unread")
	}
	return n, nil
}

// List returns a member's messages, newest first, and the total.
func (s *Store) List(ctx context.Context, memberID int64, offset, limit int) ([]stored, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM member_message WHERE member_id = ?`), memberID).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count messages")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, member_id, kind, params, read_at, created_at FROM member_message
		WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`), memberID, limit, offset)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list messages")
	}
	defer rows.Close()
	out := []stored{}
	for rows.Next() {
		var m stored
		var params string
		var readAt, created int64
		if err := rows.Scan(&m.ID, &m.MemberID, &m.Kind, &params, &readAt, &created); err != nil {
			return nil, 0, apperr.Internal(err, "scan message")
		}
		if err := json.Unmarshal([]byte(params), &m.Params); err != nil {
			m.Params = map[string]string{}
		}
		if readAt > 0 {
			m.ReadAt = time.UnixMilli(readAt)
		}
		m.CreatedAt = time.UnixMilli(created)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "list messages")
	}
	return out, total, nil
}

// MarkRead marks one of the member's messages read; false when it is not theirs.
func (s *Store) MarkRead(ctx context.Context, memberID, id int64, now time.Time) (bool, error) {
	var exists int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT 1 FROM member_message WHERE id = ? AND member_id = ?`), id, memberID).Scan(&exists)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "find message")
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE member_message SET read_at = ? WHERE id = ? AND member_id = ? AND read_at = 0`), ms(now), id, memberID); err != nil {
		return false, apperr.Internal(err, "mark read")
	}
	return true, nil
}

// MarkAllRead marks every unread message of the member read; it returns how many.
func (s *Store) MarkAllRead(ctx context.Context, memberID int64, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE member_message SET read_at = ? WHERE member_id = ? AND read_at = 0`), ms(now), memberID)
	if err != nil {
		return 0, apperr.Internal(err, "mark all read")
	}
	n, _ := res.RowsAffected()
	return n, nil
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
