package wallet

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// TransferHandler serves transfer wallets, consolidated funds and the
// account record (members and agents only).
type TransferHandler struct {
	transfers *Transfers
	records   *Records
	guard     account.Guard
}

func NewTransferHandler(t *Transfers, r *Records, auth account.Authenticator) *TransferHandler {
	return &TransferHandler{transfers: t, records: r, guard: account.Guard{Auth: auth}}
}

var realUsers = []account.Role{account.RoleMember, account.RoleAgent}

// Who may call what (TestTransferAuthorization walks this table).
var transferRouteRoles = map[string][]account.Role{
	"GET /wps/v2/wallets":                     realUsers,
	"POST /wps/v2/wallets/transfer":           realUsers,
	"POST /wps/v2/wallets/transfer/all-back":  realUsers,
	"GET /wps/v2/wallets/transfer/{id}":       realUsers,
	"GET /wps/member/info/funds/consolidated": realUsers,
	"GET /wps/v2/wallets/transactions":        realUsers,
	"GET /wps/v2/wallets/transactions.csv":    realUsers,
}

func (h *TransferHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/v2/wallets", h.wallets)
	mux.HandleFunc("POST /wps/v2/wallets/transfer", h.transfer)
	mux.HandleFunc("POST /wps/v2/wallets/transfer/all-back", h.allBack)
	mux.HandleFunc("GET /wps/v2/wallets/transfer/{id}", h.check)
	mux.HandleFunc("GET /wps/member/info/funds/consolidated", h.consolidated)
	mux.HandleFunc("GET /wps/v2/wallets/transactions", h.transactions)
	mux.HandleFunc("GET /wps/v2/wallets/transactions.csv", h.transactionsCSV)
}

func (h *TransferHandler) wallets(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["GET /wps/v2/wallets"]...)
	if !ok {
		return
	}
	out, err := h.transfers.Wallets(r.Context(), c)
	httpx.Respond(w, r, out, err)
}

func (h *TransferHandler) transfer(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["POST /wps/v2/wallets/transfer"]...)
	if !ok {
		return
	}
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var in TransferInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.transfers.Transfer(r.Context(), c, key, in)
	httpx.Respond(w, r, out, err)
}

func (h *TransferHandler) allBack(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["POST /wps/v2/wallets/transfer/all-back"]...)
	if !ok {
		return
	}
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.transfers.AllBack(r.Context(), c, key)
	httpx.Respond(w, r, out, err)
}

func (h *TransferHandler) check(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["GET /wps/v2/wallets/transfer/{id}"]...)
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", errUnknownTransfer.Code)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.transfers.Check(r.Context(), c, id)
	httpx.Respond(w, r, out, err)
}

func (h *TransferHandler) consolidated(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["GET /wps/member/info/funds/consolidated"]...)
	if !ok {
		return
	}
	out, err := h.transfers.Consolidated(r.Context(), c)
	httpx.Respond(w, r, out, err)
}
