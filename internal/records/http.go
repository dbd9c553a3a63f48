package records

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the betting record and the profit and loss (members and agents).
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

var realUsers = []account.Role{account.RoleMember, account.RoleAgent}

// Who may call what (TestAuthorization walks this table).
var routeRoles = map[string][]account.Role{
	"GET /wps/records/bets":   realUsers,
	"GET /wps/records/profit": realUsers,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/records/bets", h.bets)
	mux.HandleFunc("GET /wps/records/profit", h.profit)
}

// betQuery reads the betting record's query string.
func betQuery(r *http.Request) (BetQuery, error) {
	q := httpx.NewQuery(r)
	out := BetQuery{From: q.Value("from"), To: q.Value("to"), GameType: q.Code("gameType", "", 20), Vendor: q.Code("vendor", "", 40),
		Status: q.Code("status", "", 20), Page: q.Int("page", 1, 1, 1_000_000), PageSize: q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)}
	return out, q.Err()
}

func (h *Handler) bets(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/records/bets"]...)
	if !ok {
		return
	}
	q, err := betQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Bets(r.Context(), c, q)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) profit(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/records/profit"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	from, to := q.Value("from"), q.Value("to")
	out, err := h.svc.Profit(r.Context(), c, from, to)
	httpx.Respond(w, r, out, err)
}
