package wallet

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// MerchantMaxAge is how long browsers may keep the merchant wallet answer (seconds).
const MerchantMaxAge = 300

// Handler serves the wallet endpoints.
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Who may call what (the authorization test walks this table).
var routeRoles = map[string][]account.Role{
	"GET /wps/v2/wallets/balance":  {account.RoleMember, account.RoleTrial, account.RoleAgent},
	"GET /wps/v2/wallets/merchant": {account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent},
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/v2/wallets/balance", h.balance)
	mux.HandleFunc("GET /wps/v2/wallets/merchant", h.merchant)
}

func (h *Handler) balance(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/v2/wallets/balance"]...)
	if !ok {
		return
	}
	b, err := h.svc.Balance(r.Context(), c)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, b)
}

// merchant is the same for every caller, so it does not look at the token
// and may be cached by shared caches.
func (h *Handler) merchant(w http.ResponseWriter, r *http.Request) {
	m, err := h.svc.Merchant(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OKPublic(w, r, m, MerchantMaxAge)
}
