package commission

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the agents' contract and commission routes
// (docs/commission-api.md).
type Handler struct {
	svc   *Service
	guard account.Guard
}

// NewHandler wires the agent routes.
func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// RouteRoles: every route is for agents only (the authorization test walks it).
var RouteRoles = map[string][]account.Role{
	"GET /wps/agent/contracts/info":            {account.RoleAgent},
	"GET /wps/agent/contracts":                 {account.RoleAgent},
	"GET /wps/agent/contracts/{id}":            {account.RoleAgent},
	"POST /wps/agent/contracts":                {account.RoleAgent},
	"POST /wps/agent/contracts/{id}/accept":    {account.RoleAgent},
	"POST /wps/agent/contracts/{id}/reject":    {account.RoleAgent},
	"POST /wps/agent/contracts/{id}/terminate": {account.RoleAgent},
	"GET /wps/agent/commission/bills":          {account.RoleAgent},
	"GET /wps/agent/commission/income":         {account.RoleAgent},
}

// Routes mounts the agent routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, account.Caller){
		"GET /wps/agent/contracts/info":            h.info,
		"GET /wps/agent/contracts":                 h.list,
		"GET /wps/agent/contracts/{id}":            h.get,
		"POST /wps/agent/contracts":                h.offer,
		"POST /wps/agent/contracts/{id}/accept":    h.act((*Service).Accept),
		"POST /wps/agent/contracts/{id}/reject":    h.act((*Service).Reject),
		"POST /wps/agent/contracts/{id}/terminate": h.act((*Service).Terminate),
		"GET /wps/agent/commission/bills":          h.bills,
		"GET /wps/agent/commission/income":         h.income,
	}
	for pattern, fn := range handlers {
		roles := RouteRoles[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, roles...)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *Handler) info(w http.ResponseWriter, r *http.Request, _ account.Caller) {
	v, err := h.svc.Info(r.Context())
	httpx.Respond(w, r, v, err)
}

func typeNames() []string {
	out := make([]string, len(Types))
	for i, t := range Types {
		out[i] = string(t)
	}
	return out
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	f := ContractFilter{MemberID: c.MemberID, Side: oneOf(q, "side", "", "upline", "downline"),
		Type: Type(oneOf(q, "type", "", typeNames()...)), Status: oneOf(q, "status", "", StatusPending, StatusActive, StatusRejected, StatusTerminated)}
	page, size := q.Int("page", 1, 1, 100_000), q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Contracts(r.Context(), f, page, size)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", ErrContractNotFound.Code)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Contract(r.Context(), c.MemberID, id)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) offer(w http.ResponseWriter, r *http.Request, c account.Caller) {
	var req OfferRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Offer(r.Context(), c.MemberID, req)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) act(fn func(*Service, context.Context, int64, int64) (Contract, error)) func(http.ResponseWriter, *http.Request, account.Caller) {
	return func(w http.ResponseWriter, r *http.Request, c account.Caller) {
		id, err := httpx.PathID(r, "id", ErrContractNotFound.Code)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		v, err := fn(h.svc, r.Context(), c.MemberID, id)
		httpx.Respond(w, r, v, err)
	}
}

// billQuery reads the bill filters every list shares: type, status, from/to
// (the period's start day, brand days, at most 366; neither: the last 30
// days), page and pageSize.
func (h *Handler) billQuery(r *http.Request) (BillFilter, int, int, error) {
	q := httpx.NewQuery(r)
	f := BillFilter{Type: Type(oneOf(q, "type", "", typeNames()...)), Status: oneOf(q, "status", "", BillStatuses...)}
	page, size := q.Int("page", 1, 1, 100_000), q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		return f, 0, 0, err
	}
	st, err := h.svc.settings(r.Context())
	if err != nil {
		return f, 0, 0, err
	}
	from, to, err := httpx.DayRange(r, st.Location, h.svc.Clock.Now(), 366)
	if err != nil {
		return f, 0, 0, err
	}
	f.From, f.To = from.UnixMilli(), to.UnixMilli()
	return f, page, size, nil
}

func (h *Handler) bills(w http.ResponseWriter, r *http.Request, c account.Caller) {
	side := oneOf(httpx.NewQuery(r), "side", "earned", "earned", "paid")
	f, page, size, err := h.billQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if side == "paid" {
		f.PayerID = c.MemberID
	} else {
		f.PayeeID = c.MemberID
	}
	v, err := h.svc.Bills(r.Context(), f, page, size)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) income(w http.ResponseWriter, r *http.Request, c account.Caller) {
	st, err := h.svc.settings(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	from, to, err := httpx.DayRange(r, st.Location, h.svc.Clock.Now(), 366)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Income(r.Context(), c.MemberID, from, to)
	httpx.Respond(w, r, v, err)
}

// OpsHandler serves the operators' contract and bill routes.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

// NewOpsHandler wires the operator routes.
func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms: the permission each operator route needs.
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/agents/contracts":                 operator.PermCommissionRead,
	"POST /ops/v1/agents/contracts":                operator.PermCommissionWrite,
	"POST /ops/v1/agents/contracts/{id}/terminate": operator.PermCommissionWrite,
	"GET /ops/v1/agents/bills":                     operator.PermCommissionRead,
	"POST /ops/v1/agents/bills/{id}/approve":       operator.PermCommissionApprove,
	"POST /ops/v1/agents/bills/{id}/reject":        operator.PermCommissionApprove,
}

// Routes mounts the operator routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/agents/contracts":                 h.contracts,
		"POST /ops/v1/agents/contracts":                h.offer,
		"POST /ops/v1/agents/contracts/{id}/terminate": h.terminate,
		"GET /ops/v1/agents/bills":                     h.bills,
		"POST /ops/v1/agents/bills/{id}/approve":       h.approve,
		"POST /ops/v1/agents/bills/{id}/reject":        h.reject,
	}
	for pattern, fn := range handlers {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func agentID(q *httpx.Query) int64 {
	v := q.Value("agentId")
	if v == "" {
		return 0
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return -1
	}
	return id
}

func (h *OpsHandler) contracts(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	q := httpx.NewQuery(r)
	f := ContractFilter{MemberID: agentID(q), Type: Type(oneOf(q, "type", "", typeNames()...)),
		Status: oneOf(q, "status", "", StatusPending, StatusActive, StatusRejected, StatusTerminated)}
	page, size := q.Int("page", 1, 1, 100_000), q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil || f.MemberID < 0 {
		httpx.Fail(w, r, invalidAgentOr(err))
		return
	}
	v, err := h.svc.Contracts(r.Context(), f, page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec, err := h.currency(r.Context())
	httpx.Respond(w, r, opsContracts{Page: v, Currency: cur, Decimals: dec}, err)
}

// The operators' lists carry the brand currency: the console words the
// tiers' thresholds and the bills' amounts (minor units) with it.
type opsContracts struct {
	Page[Contract]
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

type opsBills struct {
	BillPage
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func (h *OpsHandler) currency(ctx context.Context) (string, int, error) {
	st, err := h.svc.settings(ctx)
	return st.Currency, st.Decimals, err
}

func (h *OpsHandler) offer(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var req OfferRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.OfferPlatform(r.Context(), c, req)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) terminate(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", ErrContractNotFound.Code)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.TerminatePlatform(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) bills(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	f, page, size, err := (&Handler{svc: h.svc}).billQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if f.AgentID = agentID(httpx.NewQuery(r)); f.AgentID < 0 {
		httpx.Fail(w, r, invalidAgentOr(nil))
		return
	}
	v, err := h.svc.Bills(r.Context(), f, page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec, err := h.currency(r.Context())
	httpx.Respond(w, r, opsBills{BillPage: v, Currency: cur, Decimals: dec}, err)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", ErrBillNotFound.Code)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Approve(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", ErrBillNotFound.Code)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.RejectBill(r.Context(), c, id, body.Reason)
	httpx.Respond(w, r, v, err)
}

func invalidAgentOr(err error) error {
	if err != nil {
		return err
	}
	return errInvalidAgentID
}

var errInvalidAgentID = apperr.Invalid("request.invalid_param").With("name", "agentId")

// oneOf is httpx.Query.OneOf in this package's lower-case values (the
// query answers upper case).
func oneOf(q *httpx.Query, name, def string, allowed ...string) string {
	return strings.ToLower(q.OneOf(name, def, allowed...))
}
