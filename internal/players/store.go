package players

import (
	"context"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the notes' SQL (table player_note, migration 0031).
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Note is one internal note on a member.
type Note struct {
	ID               int64  `json:"id"`
	MemberID         int64  `json:"memberId"`
	OperatorID       int64  `json:"operatorId"`
	OperatorUsername string `json:"operatorUsername"`
	Text             string `json:"text"`
	CreatedAt        int64  `json:"createdAt"` // Unix ms
}

// AddNote inserts n and sets its id.
func (s *Store) AddNote(ctx context.Context, n *Note) error {
	q := `INSERT INTO player_note (member_id, operator_id, operator_username, text, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(q), n.MemberID, n.OperatorID, n.OperatorUsername, n.Text, n.CreatedAt).Scan(&n.ID); err != nil {
		return apperr.Internal(err, "insert note")
	}
	return nil
}

// Notes pages a member's notes, newest first.
func (s *Store) Notes(ctx context.Context, memberID int64, offset, limit int) ([]Note, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM player_note WHERE member_id = ?`), memberID).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count notes")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, member_id, operator_id, operator_username, text, created_at
		FROM player_note WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`), memberID, limit, offset)
	if err != nil {
		return nil, 0, apperr.Internal(err, "select notes")
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.MemberID, &n.OperatorID, &n.OperatorUsername, &n.Text, &n.CreatedAt); err != nil {
			return nil, 0, apperr.Internal(err, "scan note")
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "select notes")
	}
	return out, total, nil
}
