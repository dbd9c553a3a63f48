package account

import (
	"context"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// CreateFeedback stores one feedback message (status 0: new, for the back office).
func (s *Store) CreateFeedback(ctx context.Context, f Feedback) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO account_feedback (member_id, account, sender, type, content,
		ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		nullableID(f.MemberID), f.Account, f.Sender, f.Type, f.Content, f.IP, f.UserAgent, ms(f.CreatedAt)).Scan(&id)
	if err != nil {
		return 0, apperr.Internal(err, "insert feedback")
	}
	return id, nil
}

// FeedbackList returns the newest messages first (tests; the back office comes later).
func (s *Store) FeedbackList(ctx context.Context, limit int) ([]Feedback, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, COALESCE(member_id, 0), account, sender, type, content, ip,
		user_agent, created_at FROM account_feedback ORDER BY id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, apperr.Internal(err, "list feedback")
	}
	defer rows.Close()
	var out []Feedback
	for rows.Next() {
		var f Feedback
		var at int64
		if err := rows.Scan(&f.ID, &f.MemberID, &f.Account, &f.Sender, &f.Type, &f.Content, &f.IP, &f.UserAgent, &at); err != nil {
			return nil, apperr.Internal(err, "scan feedback")
		}
		f.CreatedAt = fromMS(at)
		out = append(out, f)
	}
	return out, rows.Err()
}
