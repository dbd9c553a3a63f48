package account

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Feedback types (spec section 3).
var feedbackTypes = map[int]string{0: "others", 1: "deposit", 2: "withdrawal", 3: "game", 4: "customer service", 6: "apply agent"}

// Feedback description bounds in characters (runes), after trimming (spec sections 5 and 9).
const (
	FeedbackMin    = 20
	FeedbackMax    = 200
	MaxSender      = 128
	feedbackWindow = time.Hour
)

// FeedbackType is the type as a number; the client may send 1 or "1".
type FeedbackType struct {
	Value int
	Set   bool
	Bad   bool // present but not a whole number
}

func (t *FeedbackType) UnmarshalJSON(b []byte) error {
	*t = FeedbackType{}
	s := strings.TrimSpace(string(b))
	if s == "null" || s == `""` {
		return nil
	}
	var str string
	if json.Unmarshal(b, &str) == nil {
		s = strings.TrimSpace(str)
		if s == "" {
			return nil
		}
	}
	n, err := strconv.Atoi(s)
	t.Set, t.Value, t.Bad = true, n, err != nil
	return nil
}

// FeedbackRequest is PUT /wps/feedback.
type FeedbackRequest struct {
	Type       FeedbackType `json:"type"`
	Content    string       `json:"content"`
	Sender     string       `json:"sender"` // contact to reply to; required from visitors
	Captcha    string       `json:"captcha"`
	CaptchaKey string       `json:"captchaKey"`
	Botcheck   string       `json:"botcheck"`
}

// Normalize trims and checks shape. Empty fields answer one code each
// (feedback.type_required, feedback.content_required,
// feedback.captcha_required), in the form's order, so the client can name
// the field (spec section 8).
func (r *FeedbackRequest) Normalize(visitor bool) error {
	r.Content = strings.TrimSpace(r.Content)
	r.Sender = strings.TrimSpace(r.Sender)
	r.Captcha = strings.TrimSpace(r.Captcha)
	r.CaptchaKey = strings.TrimSpace(r.CaptchaKey)
	if !utf8.ValidString(r.Content) {
		return invalidField("content")
	}
	if err := firstErr(maxLen("sender", r.Sender, MaxSender), maxLen("captcha", r.Captcha, MaxCaptcha),
		maxLen("captchaKey", r.CaptchaKey, MaxKey)); err != nil {
		return err
	}
	switch {
	case !r.Type.Set:
		return apperr.Invalid("feedback.type_required")
	case r.Content == "":
		return apperr.Invalid("feedback.content_required")
	case r.Captcha == "" || r.CaptchaKey == "":
		return apperr.Invalid("feedback.captcha_required")
	case visitor && r.Sender == "":
		return apperr.Invalid("feedback.sender_required")
	}
	if _, ok := feedbackTypes[r.Type.Value]; r.Type.Bad || !ok {
		return apperr.Invalid("feedback.invalid_type")
	}
	if n := utf8.RuneCountInString(r.Content); n < FeedbackMin || n > FeedbackMax {
		return apperr.Invalid("feedback.content_length").With("min", FeedbackMin).With("max", FeedbackMax)
	}
	return nil
}

// Feedback is one stored message for the back office.
type Feedback struct {
	ID        int64
	MemberID  int64
	Account   string
	Sender    string
	Type      int
	Content   string
	IP        string
	UserAgent string
	CreatedAt time.Time
}

// FeedbackSent is the value of PUT /wps/feedback.
type FeedbackSent struct {
	ID int64 `json:"id"`
}

// SendFeedback stores a feedback message: visitors leave a contact in
// sender, logged-in callers get their account attached. Bot check and
// captcha required; FeedbackPerIP per IP (and per member) per hour.
func (s *Service) SendFeedback(ctx context.Context, c Caller, req FeedbackRequest, cl Client) (FeedbackSent, error) {
	if err := req.Normalize(!c.LoggedIn()); err != nil {
		return FeedbackSent{}, err
	}
	if err := s.checkBot(ctx, req.Botcheck); err != nil {
		return FeedbackSent{}, err
	}
	if err := s.hit(ctx, "feedback:ip:"+cl.IP, feedbackWindow, s.cfg.FeedbackPerIP, "request.too_many"); err != nil {
		return FeedbackSent{}, err
	}
	if c.LoggedIn() {
		if err := s.hit(ctx, "feedback:member:"+itoa(c.MemberID), feedbackWindow, s.cfg.FeedbackPerIP, "request.too_many"); err != nil {
			return FeedbackSent{}, err
		}
	}
	if err := s.checkCaptcha(ctx, req.CaptchaKey, req.Captcha); err != nil {
		return FeedbackSent{}, err
	}
	f := Feedback{MemberID: c.MemberID, Account: c.Account, Sender: req.Sender, Type: req.Type.Value, Content: req.Content,
		IP: cl.IP, UserAgent: truncate(cl.UserAgent, 256), CreatedAt: s.clock.Now()}
	id, err := s.store.CreateFeedback(ctx, f)
	if err != nil {
		return FeedbackSent{}, err
	}
	return FeedbackSent{ID: id}, nil
}
