package account

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The back office's side of feedback: the inbox by type and status, a
// reply (which also reaches the player's messages, through the caller)
// and closing.

// Feedback statuses as stored and as the operator API names them.
const (
	FeedbackNew      = 0
	FeedbackAnswered = 1
	FeedbackClosed   = 2
)

// FeedbackStatusNames names the statuses in the operator API.
var FeedbackStatusNames = map[int]string{FeedbackNew: "NEW", FeedbackAnswered: "ANSWERED", FeedbackClosed: "CLOSED"}

// FeedbackTypeName is the type's name ("" for an unknown one).
func FeedbackTypeName(t int) string { return feedbackTypes[t] }

// FeedbackReplyMax bounds a reply in characters.
const FeedbackReplyMax = 1000

var (
	ErrFeedbackNotFound = apperr.NotFound("feedback.not_found")
	ErrFeedbackAnswered = apperr.Conflict("feedback.already_answered")
	ErrFeedbackClosed   = apperr.Conflict("feedback.closed")
	ErrFeedbackReply    = apperr.Invalid("feedback.invalid_reply")
	ErrFeedbackNoMember = apperr.Conflict("feedback.no_member")
)

func init() {
	for code, m := range map[string][2]string{
		"feedback.not_found":        {"This feedback does not exist.", "Walang ganitong puna."},
		"feedback.already_answered": {"This feedback has been answered already.", "Nasagot na ang punang ito."},
		"feedback.closed":           {"This feedback is closed.", "Sarado na ang punang ito."},
		"feedback.invalid_reply":    {"Write a reply of 1 to {max} characters.", "Sumulat ng sagot na 1 hanggang {max} titik."},
		"feedback.no_member":        {"This feedback came from a visitor: reply through the contact they gave.", "Galing sa bisita ang punang ito: sumagot sa contact na ibinigay nila."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

// FeedbackItem is one message in the inbox.
type FeedbackItem struct {
	Feedback
	Status    int
	Reply     string
	RepliedBy int64
	RepliedAt time.Time
	ClosedAt  time.Time
}

// FeedbackFilter selects the inbox; nil fields select all.
type FeedbackFilter struct {
	Type, Status   *int
	Page, PageSize int
}

const feedbackCols = `id, COALESCE(member_id, 0), account, sender, type, content, ip, user_agent, created_at, status, reply, replied_by, replied_at, closed_at`

func scanFeedback(row interface{ Scan(...any) error }) (FeedbackItem, error) {
	var f FeedbackItem
	var at, repliedAt, closedAt int64
	err := row.Scan(&f.ID, &f.MemberID, &f.Account, &f.Sender, &f.Type, &f.Content, &f.IP, &f.UserAgent, &at, &f.Status, &f.Reply,
		&f.RepliedBy, &repliedAt, &closedAt)
	f.CreatedAt, f.RepliedAt, f.ClosedAt = fromMS(at), fromMS(repliedAt), fromMS(closedAt)
	return f, err
}

// FeedbackPage lists the inbox, newest first.
func (s *Store) FeedbackPage(ctx context.Context, f FeedbackFilter) ([]FeedbackItem, int, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.Type != nil {
		where, args = append(where, "type = ?"), append(args, *f.Type)
	}
	if f.Status != nil {
		where, args = append(where, "status = ?"), append(args, *f.Status)
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM account_feedback WHERE `+cond), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count feedback")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+feedbackCols+` FROM account_feedback WHERE `+cond+`
 ORDER BY id DESC LIMIT ? OFFSET ?`), append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list feedback")
	}
	defer rows.Close()
	out := []FeedbackItem{}
	for rows.Next() {
		it, err := scanFeedback(rows)
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan feedback")
		}
		out = append(out, it)
	}
	return out, total, rows.Err()
}

// FeedbackByID reads one message.
func (s *Store) FeedbackByID(ctx context.Context, id int64) (FeedbackItem, error) {
	it, err := scanFeedback(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+feedbackCols+` FROM account_feedback WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return FeedbackItem{}, ErrFeedbackNotFound
	}
	if err != nil {
		return FeedbackItem{}, apperr.Internal(err, "read feedback")
	}
	return it, nil
}

// CheckFeedbackReply trims a reply and checks its length.
func CheckFeedbackReply(text string) (string, error) {
	text = strings.TrimSpace(text)
	if n := utf8.RuneCountInString(text); n == 0 || n > FeedbackReplyMax {
		return "", ErrFeedbackReply.With("max", FeedbackReplyMax)
	}
	return text, nil
}

// ReplyFeedback stores the one reply to a new message. Two operators
// answering at once: one reply is stored, the other is told it was
// answered already.
func (s *Store) ReplyFeedback(ctx context.Context, id int64, reply string, by int64, at time.Time) (FeedbackItem, error) {
	it, err := s.FeedbackByID(ctx, id)
	if err != nil {
		return FeedbackItem{}, err
	}
	switch {
	case it.Status == FeedbackClosed:
		return FeedbackItem{}, ErrFeedbackClosed
	case it.Status == FeedbackAnswered:
		return FeedbackItem{}, ErrFeedbackAnswered
	case it.MemberID == 0:
		return FeedbackItem{}, ErrFeedbackNoMember
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_feedback SET status = ?, reply = ?, replied_by = ?, replied_at = ?
 WHERE id = ? AND status = ?`), FeedbackAnswered, reply, by, ms(at), id, FeedbackNew)
	if err != nil {
		return FeedbackItem{}, apperr.Internal(err, "reply feedback")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return FeedbackItem{}, ErrFeedbackAnswered
	}
	return s.FeedbackByID(ctx, id)
}

// CloseFeedback closes a message (answered or not); closing twice is
// feedback.closed.
func (s *Store) CloseFeedback(ctx context.Context, id int64, at time.Time) (FeedbackItem, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_feedback SET status = ?, closed_at = ? WHERE id = ? AND status <> ?`),
		FeedbackClosed, ms(at), id, FeedbackClosed)
	if err != nil {
		return FeedbackItem{}, apperr.Internal(err, "close feedback")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		if _, err := s.FeedbackByID(ctx, id); err != nil {
			return FeedbackItem{}, err
		}
		return FeedbackItem{}, ErrFeedbackClosed
	}
	return s.FeedbackByID(ctx, id)
}
