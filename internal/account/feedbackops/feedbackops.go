// Package feedbackops serves the operators' feedback inbox
// (/ops/v1/feedback): players' and visitors' feedback by type and status,
// one reply per message (it reaches the player's messages) and closing,
// each audited. The messages are the account's (account.Store); this
// package is apart because the operator package depends on account.
package feedbackops

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Notifier puts a notice in a member's messages (*notify.Service).
type Notifier interface {
	Notify(ctx context.Context, memberID int64, n notify.Notice) error
}

// Handler serves /ops/v1/feedback.
type Handler struct {
	store    *account.Store
	notifier Notifier
	auditor  operator.Auditor
	guard    operator.Guard
	clock    clock.Clock
}

func NewHandler(store *account.Store, notifier Notifier, auth operator.Authenticator, auditor operator.Auditor, clk clock.Clock) *Handler {
	return &Handler{store: store, notifier: notifier, auditor: auditor, guard: operator.Guard{Auth: auth}, clock: clk}
}

// RoutePerms is the permission each route needs (the authorization test
// walks it for every role).
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/feedback":             operator.PermFeedbackRead,
	"GET /ops/v1/feedback/{id}":        operator.PermFeedbackRead,
	"POST /ops/v1/feedback/{id}/reply": operator.PermFeedbackReply,
	"POST /ops/v1/feedback/{id}/close": operator.PermFeedbackReply,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/feedback":             h.list,
		"GET /ops/v1/feedback/{id}":        h.get,
		"POST /ops/v1/feedback/{id}/reply": h.reply,
		"POST /ops/v1/feedback/{id}/close": h.close,
	}
	for pattern, fn := range routes {
		perm, fn := RoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

// Item is one message as the inbox shows it.
type Item struct {
	ID        int64  `json:"id"`
	MemberID  int64  `json:"memberId"` // 0: a visitor
	Account   string `json:"account"`
	Sender    string `json:"sender"` // the contact a visitor left
	Type      int    `json:"type"`
	TypeName  string `json:"typeName"`
	Content   string `json:"content"`
	IP        string `json:"ip"`
	UserAgent string `json:"userAgent"`
	Status    string `json:"status"`
	Reply     string `json:"reply"`
	RepliedBy int64  `json:"repliedBy"`
	RepliedAt int64  `json:"repliedAt"`
	ClosedAt  int64  `json:"closedAt"`
	CreatedAt int64  `json:"createdAt"`
}

func itemOf(f account.FeedbackItem) Item {
	return Item{ID: f.ID, MemberID: f.MemberID, Account: f.Account, Sender: f.Sender, Type: f.Type, TypeName: account.FeedbackTypeName(f.Type),
		Content: f.Content, IP: f.IP, UserAgent: f.UserAgent, Status: account.FeedbackStatusNames[f.Status], Reply: f.Reply,
		RepliedBy: f.RepliedBy, RepliedAt: msOf(f.RepliedAt), ClosedAt: msOf(f.ClosedAt), CreatedAt: msOf(f.CreatedAt)}
}

func msOf(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

var errInvalidFilter = apperr.Invalid("request.invalid_param")

func (h *Handler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	q := httpx.NewQuery(r)
	f := account.FeedbackFilter{Page: q.Int("page", 1, 1, 100_000), PageSize: q.Int("pageSize", 20, 1, 100)}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if v := r.URL.Query().Get("type"); v != "" {
		t, err := strconv.Atoi(v)
		if err != nil || account.FeedbackTypeName(t) == "" {
			httpx.Fail(w, r, errInvalidFilter.With("name", "type"))
			return
		}
		f.Type = &t
	}
	if v := r.URL.Query().Get("status"); v != "" {
		st := -1
		for n, name := range account.FeedbackStatusNames {
			if name == v {
				st = n
			}
		}
		if st < 0 {
			httpx.Fail(w, r, errInvalidFilter.With("name", "status"))
			return
		}
		f.Status = &st
	}
	items, total, err := h.store.FeedbackPage(r.Context(), f)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out := make([]Item, len(items))
	for i, it := range items {
		out[i] = itemOf(it)
	}
	httpx.OK(w, r, map[string]any{"items": out, "total": total, "page": f.Page, "pageSize": f.PageSize})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "feedback.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.store.FeedbackByID(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, itemOf(it))
}

func (h *Handler) reply(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "feedback.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var body struct {
		Text string `json:"text"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	text, err := account.CheckFeedbackReply(body.Text)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.store.ReplyFeedback(r.Context(), id, text, c.ID, h.clock.Now())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ctx := context.WithoutCancel(r.Context()) // stored: the player hears of it even if the operator hangs up
	if h.notifier != nil {
		if err := h.notifier.Notify(ctx, it.MemberID, notify.Notice{Kind: notify.KindFeedbackReply,
			Params: map[string]string{"reply": text, "type": account.FeedbackTypeName(it.Type)}}); err != nil {
			slog.ErrorContext(ctx, "feedback reply notice not sent", "feedback", id, "err", err)
		}
	}
	h.audit(ctx, c, "feedback.reply", id, map[string]any{"before": map[string]any{"status": "NEW"},
		"after": map[string]any{"status": "ANSWERED", "reply": text}})
	httpx.OK(w, r, itemOf(it))
}

func (h *Handler) close(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "feedback.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, err := h.store.FeedbackByID(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.store.CloseFeedback(r.Context(), id, h.clock.Now())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "feedback.close", id, map[string]any{"before": map[string]any{"status": account.FeedbackStatusNames[before.Status]},
		"after": map[string]any{"status": "CLOSED"}})
	httpx.OK(w, r, itemOf(it))
}

func (h *Handler) audit(ctx context.Context, c operator.Caller, action string, id int64, detail map[string]any) {
	if h.auditor == nil {
		return
	}
	if err := h.auditor.Audit(context.WithoutCancel(ctx), c, action, "feedback:"+strconv.FormatInt(id, 10), detail); err != nil {
		slog.ErrorContext(ctx, "feedback audit not written", "action", action, "err", err)
	}
}
