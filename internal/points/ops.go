package points

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// The console's side of the mall (docs/rewards-api.md "Points mall"):
// items (create, edit, pause, stock), the review of physical goods, a
// player's points.

// OpsRoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/points/items":                     operator.PermRewardsRead,
	"POST /ops/v1/points/items":                    operator.PermRewardsWrite,
	"PUT /ops/v1/points/items/{id}":                operator.PermRewardsWrite,
	"POST /ops/v1/points/items/{id}/status":        operator.PermRewardsWrite,
	"GET /ops/v1/points/redemptions":               operator.PermRewardsRead,
	"POST /ops/v1/points/redemptions/{id}/approve": operator.PermRewardsWrite,
	"POST /ops/v1/points/redemptions/{id}/reject":  operator.PermRewardsWrite,
	"GET /ops/v1/players/{id}/points":              operator.PermRewardsRead,
}

// Members is the accounts' view of members (account.Service).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
}

// ChangeAuditor writes one operator audit row with before and after
// (operator.Service).
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// Reasons of a rejection.
const (
	MinReason = 3
	MaxReason = 200
)

// OpsHandler serves the console's points routes.
type OpsHandler struct {
	svc     *Service
	members Members
	auditor ChangeAuditor
	guard   operator.Guard
}

// NewOpsHandler returns the console's points handler.
func NewOpsHandler(svc *Service, members Members, auditor ChangeAuditor, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, members: members, auditor: auditor, guard: operator.Guard{Auth: auth}}
}

// Routes registers the routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	plain := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/points/items":       h.items,
		"POST /ops/v1/points/items":      h.create,
		"GET /ops/v1/points/redemptions": h.redemptions,
	}
	for pattern, fn := range plain {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if op, ok := h.guard.Require(w, r, perm); ok {
				fn(w, r, op)
			}
		})
	}
	byID := map[string]struct {
		notFound string
		fn       func(http.ResponseWriter, *http.Request, operator.Caller, int64)
	}{
		"PUT /ops/v1/points/items/{id}":                {"points.item_not_found", h.update},
		"POST /ops/v1/points/items/{id}/status":        {"points.item_not_found", h.status},
		"POST /ops/v1/points/redemptions/{id}/approve": {"points.redemption_not_found", h.approve},
		"POST /ops/v1/points/redemptions/{id}/reject":  {"points.redemption_not_found", h.reject},
		"GET /ops/v1/players/{id}/points":              {"players.not_found", h.player},
	}
	for pattern, route := range byID {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", route.notFound)
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			route.fn(w, r, op, id)
		})
	}
}

func (h *OpsHandler) audit(ctx context.Context, op operator.Caller, action, target string, id int64, reason string, before, after any) {
	if h.auditor == nil {
		return
	}
	if err := h.auditor.AuditChange(context.WithoutCancel(ctx), op, action, target, strconv.FormatInt(id, 10), reason, before, after); err != nil {
		// The change has committed; a lost audit row is logged loudly rather than undone.
		h.svc.logger.ErrorContext(ctx, "points audit not written", "action", action, "err", err)
	}
}

func (h *OpsHandler) currency(r *http.Request) (string, int) {
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		return "", 0
	}
	return b.Currency.Code, b.Currency.Decimals
}

func (h *OpsHandler) items(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	v, err := h.svc.Items(r.Context(), 0, "EN", true)
	cur, dec := h.currency(r)
	httpx.Respond(w, r, map[string]any{"list": v, "currency": cur, "decimals": dec}, err)
}

func (h *OpsHandler) create(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	var in ItemInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.svc.CreateItem(r.Context(), in)
	if err == nil {
		h.audit(r.Context(), op, "points.item.create", "points_item", it.ID, "", nil, it)
	}
	httpx.Respond(w, r, it, err)
}

func (h *OpsHandler) update(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var in ItemInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.UpdateItem(r.Context(), id, in)
	if err == nil {
		h.audit(r.Context(), op, "points.item.update", "points_item", id, "", before, after)
	}
	httpx.Respond(w, r, after, err)
}

func (h *OpsHandler) status(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req struct {
		Status string `json:"status"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.SetItemStatus(r.Context(), id, req.Status)
	if err == nil {
		h.audit(r.Context(), op, "points.item.status", "points_item", id, "", map[string]any{"status": before.Status}, map[string]any{"status": after.Status})
	}
	httpx.Respond(w, r, after, err)
}

// OpsRedemption is a redemption with the member's account name.
type OpsRedemption struct {
	Redemption
	Account string `json:"account"`
}

func (h *OpsHandler) redemptions(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	q := httpx.NewQuery(r)
	status := q.OneOf("status", "", "", StatusInProcess, StatusApproved, StatusRejected)
	page := q.Int("page", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Redemptions(r.Context(), 0, status, page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ids := make([]int64, 0, len(p.List))
	for _, x := range p.List {
		ids = append(ids, x.MemberID)
	}
	ms, err := h.members.MembersByID(r.Context(), ids)
	if err != nil {
		httpx.Fail(w, r, apperr.Internal(err, "read members"))
		return
	}
	items := make([]OpsRedemption, 0, len(p.List))
	for _, x := range p.List {
		items = append(items, OpsRedemption{Redemption: x, Account: ms[x.MemberID].Account})
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"items": items, "total": p.Total, "page": page, "pageSize": size, "currency": cur, "decimals": dec})
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	red, err := h.svc.Approve(r.Context(), id, op.ID)
	if err == nil {
		h.audit(r.Context(), op, "points.redemption.approve", "points_redemption", id, "", map[string]any{"status": StatusInProcess},
			map[string]any{"status": red.Status, "member": red.MemberID, "item": red.ItemID, "points": red.Points})
	}
	httpx.Respond(w, r, red, err)
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason := strings.TrimSpace(req.Reason)
	if n := utf8.RuneCountInString(reason); n < MinReason || n > MaxReason || !utf8.ValidString(reason) {
		httpx.Fail(w, r, apperr.Invalid("operator.invalid_reason").With("min", MinReason).With("max", MaxReason))
		return
	}
	red, err := h.svc.Reject(r.Context(), id, op.ID, reason)
	if err == nil {
		h.audit(r.Context(), op, "points.redemption.reject", "points_redemption", id, reason, map[string]any{"status": StatusInProcess},
			map[string]any{"status": red.Status, "member": red.MemberID, "item": red.ItemID, "refunded": red.Points})
	}
	httpx.Respond(w, r, red, err)
}

func (h *OpsHandler) player(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	ms, err := h.members.MembersByID(r.Context(), []int64{id})
	if err != nil {
		httpx.Fail(w, r, apperr.Internal(err, "read member"))
		return
	}
	if _, ok := ms[id]; !ok {
		httpx.Fail(w, r, apperr.NotFound("players.not_found").With("id", id))
		return
	}
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	bal, err := h.svc.Balance(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	hist, err := h.svc.History(r.Context(), id, page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reds, err := h.svc.Redemptions(r.Context(), id, "", 1, 20)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"balance": bal, "history": hist, "redemptions": reds.List, "page": page, "pageSize": size, "currency": cur, "decimals": dec})
}
