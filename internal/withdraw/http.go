package withdraw

import (
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the players' withdrawal endpoints.
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

var players = []account.Role{account.RoleMember, account.RoleAgent}

// routeRoles: who may call what (the authorization test walks this table).
var routeRoles = map[string][]account.Role{
	"GET /wps/member/payment-password":           players,
	"PUT /wps/member/payment-password":           players,
	"GET /wps/member/payout-banks":               players,
	"GET /wps/member/payout-accounts":            players,
	"POST /wps/member/payout-accounts":           players,
	"DELETE /wps/member/payout-accounts/{id}":    players,
	"GET /wps/cashier/withdraw/info":             players,
	"POST /wps/cashier/withdrawals":              players,
	"GET /wps/cashier/withdrawals":               players,
	"GET /wps/cashier/withdrawals/{id}":          players,
	"POST /wps/cashier/withdrawals/{id}/confirm": players,
	"GET /wps/cashier/withdrawals/{id}/proof":    players,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, account.Caller){
		"GET /wps/member/payment-password":           h.passwordState,
		"PUT /wps/member/payment-password":           h.setPassword,
		"GET /wps/member/payout-banks":               h.banks,
		"GET /wps/member/payout-accounts":            h.accounts,
		"POST /wps/member/payout-accounts":           h.addAccount,
		"DELETE /wps/member/payout-accounts/{id}":    h.deleteAccount,
		"GET /wps/cashier/withdraw/info":             h.info,
		"POST /wps/cashier/withdrawals":              h.request,
		"GET /wps/cashier/withdrawals":               h.list,
		"GET /wps/cashier/withdrawals/{id}":          h.get,
		"POST /wps/cashier/withdrawals/{id}/confirm": h.confirm,
		"GET /wps/cashier/withdrawals/{id}/proof":    h.proof,
	}
	for pattern, fn := range handlers {
		roles := routeRoles[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, roles...)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

// listFilter reads page, pageSize and status.
func listFilter(r *http.Request) (ListFilter, error) {
	q := httpx.NewQuery(r)
	f := ListFilter{Page: q.Int("page", 1, 1, 100_000), PageSize: q.Int("pageSize", 20, 1, 100), Status: q.OneOf("status", "", Statuses...)}
	return f, q.Err()
}

func (h *Handler) passwordState(w http.ResponseWriter, r *http.Request, c account.Caller) {
	st, err := h.svc.PasswordState(r.Context(), c)
	httpx.Respond(w, r, st, err)
}

func (h *Handler) setPassword(w http.ResponseWriter, r *http.Request, c account.Caller) {
	var req SetPasswordRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.SetPassword(r.Context(), c, req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	st, err := h.svc.PasswordState(r.Context(), c)
	httpx.Respond(w, r, st, err)
}

func (h *Handler) banks(w http.ResponseWriter, r *http.Request, _ account.Caller) {
	httpx.OK(w, r, map[string]any{"list": Banks})
}

func (h *Handler) accounts(w http.ResponseWriter, r *http.Request, c account.Caller) {
	list, err := h.svc.Accounts(r.Context(), c)
	httpx.Respond(w, r, map[string]any{"list": list, "max": MaxAccounts}, err)
}

func (h *Handler) addAccount(w http.ResponseWriter, r *http.Request, c account.Caller) {
	var req AddAccountRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.svc.AddAccount(r.Context(), c, req)
	httpx.Respond(w, r, a, err)
}

func (h *Handler) deleteAccount(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.payout_account_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		PaymentPassword string `json:"paymentPassword"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.DeleteAccount(r.Context(), c, id, req.PaymentPassword); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"id": id})
}

func (h *Handler) info(w http.ResponseWriter, r *http.Request, c account.Caller) {
	v, err := h.svc.Info(r.Context(), c)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) request(w http.ResponseWriter, r *http.Request, c account.Caller) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req Request
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Request(r.Context(), c, key, req)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, c account.Caller) {
	f, err := listFilter(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.List(r.Context(), c, f)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Get(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}

// decodeConfirmation reads the multipart confirmation form: result,
// receivedAmount and the optional file proof.
func decodeConfirmation(r *http.Request) (Confirmation, error) {
	if err := httpx.ParseMultipart(r); err != nil {
		return Confirmation{}, err
	}
	req := Confirmation{
		Result:         strings.ToUpper(strings.TrimSpace(r.FormValue("result"))),
		ReceivedAmount: strings.TrimSpace(r.FormValue("receivedAmount")),
	}
	img, err := httpx.FormImage(r, "proof", httpx.MaxImageBytes, false)
	if err != nil {
		return Confirmation{}, err
	}
	if img != nil {
		req.Proof = &Proof{Data: img.Data, ContentType: img.ContentType, Name: img.Name}
	}
	return req, nil
}

func (h *Handler) confirm(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	req, err := decodeConfirmation(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Confirm(r.Context(), c, id, req)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) proof(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.OwnProof(r.Context(), c, id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, p.ContentType, p.Data)
}
