package cashier

import (
	"mime"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the player deposit endpoints and the provider callback.
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

var members = []account.Role{account.RoleMember, account.RoleAgent}

// Who may call what (the authorization test walks this table). The
// provider callback is public: its signature is the authentication.
var routeRoles = map[string][]account.Role{
	"GET /wps/cashier/deposit/methods":       members,
	"POST /wps/cashier/deposits":             members,
	"GET /wps/cashier/deposits":              members,
	"GET /wps/cashier/deposits/{id}":         members,
	"GET /wps/cashier/deposits/{id}/receipt": members,
	"POST /wps/cashier/callback/{provider}":  nil,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/cashier/deposit/methods", h.methods)
	mux.HandleFunc("POST /wps/cashier/deposits", h.create)
	mux.HandleFunc("GET /wps/cashier/deposits", h.list)
	mux.HandleFunc("GET /wps/cashier/deposits/{id}", h.get)
	mux.HandleFunc("GET /wps/cashier/deposits/{id}/receipt", h.receipt)
	mux.HandleFunc("POST /wps/cashier/callback/{provider}", h.callback)
}

func (h *Handler) methods(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, routeRoles["GET /wps/cashier/deposit/methods"]...); !ok {
		return
	}
	m, err := h.svc.Methods(r.Context())
	httpx.Respond(w, r, m, err)
}

// create takes a BANK deposit as multipart (method, amount, reference,
// receipt) or an ONLINE one as JSON {method, amount}.
func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["POST /wps/cashier/deposits"]...)
	if !ok {
		return
	}
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var d Deposit
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		var req BankRequest
		if req, err = decodeBank(r); err == nil {
			d, err = h.svc.CreateBank(r.Context(), c.MemberID, key, req)
		}
	} else {
		var req OnlineRequest
		if err = httpx.DecodeJSON(r, &req); err == nil {
			req.Language = httpx.Lang(r)
			d, err = h.svc.CreateOnline(r.Context(), c.MemberID, key, req)
		}
	}
	httpx.Respond(w, r, d, err)
}

// decodeBank reads the multipart form of a bank deposit.
func decodeBank(r *http.Request) (BankRequest, error) {
	if err := httpx.ParseMultipart(r); err != nil {
		return BankRequest{}, err
	}
	f := r.MultipartForm.Value
	one := func(name string) (string, error) {
		if len(f[name]) > 1 {
			return "", apperr.Invalid("request.invalid_form")
		}
		if len(f[name]) == 0 {
			return "", nil
		}
		return f[name][0], nil
	}
	var req BankRequest
	var err error
	if req.Method, err = one("method"); err != nil {
		return req, err
	}
	if req.Amount, err = one("amount"); err != nil {
		return req, err
	}
	if req.Reference, err = one("reference"); err != nil {
		return req, err
	}
	img, err := httpx.FormImage(r, "receipt", httpx.MaxImageBytes, false)
	if err != nil {
		return req, err
	}
	if img != nil {
		req.Receipt = &Receipt{ContentType: img.ContentType, Name: img.Name, Data: img.Data}
	}
	return req, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/cashier/deposits"]...)
	if !ok {
		return
	}
	f, err := listQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.List(r.Context(), c.MemberID, f)
	httpx.Respond(w, r, p, err)
}

// listQuery reads ?status&orderNo&page&pageSize.
func listQuery(r *http.Request) (Filter, error) {
	q := httpx.NewQuery(r)
	f := Filter{
		Status:   q.OneOf("status", "", Statuses...),
		OrderNo:  q.Code("orderNo", "", 32),
		Page:     q.Int("page", 1, 1, 1_000_000),
		PageSize: q.Int("pageSize", 20, 1, MaxPageSize),
	}
	return f, q.Err()
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/cashier/deposits/{id}"]...)
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.Get(r.Context(), c.MemberID, id)
	httpx.Respond(w, r, d, err)
}

func (h *Handler) receipt(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/cashier/deposits/{id}/receipt"]...)
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rc, err := h.svc.Receipt(r.Context(), c.MemberID, id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, rc.ContentType, rc.Data)
}

// callback answers the provider: 200 {outcome} once the event is recorded
// (also for events that changed nothing), 401 for a bad signature, 400 for
// an unreadable body, 500 to make the provider retry.
func (h *Handler) callback(w http.ResponseWriter, r *http.Request) {
	outcome, err := h.svc.Callback(r.Context(), r.PathValue("provider"), r)
	httpx.Respond(w, r, map[string]string{"outcome": outcome}, err)
}
