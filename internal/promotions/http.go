package promotions

import (
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves /wps/promotions (docs/rewards-api.md "Promotions").
type Handler struct {
	s       *Service
	members account.Guard
}

// NewHandler returns the players' promotions handler.
func NewHandler(s *Service, members account.Authenticator) *Handler {
	return &Handler{s: s, members: account.Guard{Auth: members}}
}

var players = []account.Role{account.RoleMember, account.RoleAgent, account.RoleTrial}

// RouteRoles is who may call each route; nil: anyone (visitors too).
// Trial users are refused by the service (promotion.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/promotions/status":                         nil,
	"POST /wps/promotions/{id}/join":                     players,
	"POST /wps/promotions/{id}/apply":                    players,
	"POST /wps/promotions/{id}/raffle":                   players,
	"GET /wps/promotions/applications/{id}/images/{seq}": players,
}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/promotions/status", h.status)
	mux.HandleFunc("POST /wps/promotions/{id}/join", h.with("POST /wps/promotions/{id}/join", h.join))
	mux.HandleFunc("POST /wps/promotions/{id}/apply", h.with("POST /wps/promotions/{id}/apply", h.apply))
	mux.HandleFunc("POST /wps/promotions/{id}/raffle", h.with("POST /wps/promotions/{id}/raffle", h.raffle))
	mux.HandleFunc("GET /wps/promotions/applications/{id}/images/{seq}", h.with("GET /wps/promotions/applications/{id}/images/{seq}", h.image))
}

func (h *Handler) with(route string, fn func(http.ResponseWriter, *http.Request, account.Caller)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.members.Require(w, r, RouteRoles[route]...)
		if ok {
			fn(w, r, c)
		}
	}
}

// status answers every promotion's status for the caller; a visitor (or a
// dead token) gets the visitor's view.
func (h *Handler) status(w http.ResponseWriter, r *http.Request) {
	c := h.members.Optional(r)
	if c.Role() == account.RoleTrial {
		c = account.Caller{}
	}
	list, err := h.s.Statuses(r.Context(), c, httpx.Lang(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	b, err := h.s.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"list": list, "loggedIn": c.MemberID > 0, "currency": b.Currency.Code, "decimals": b.Currency.Decimals})
}

func (h *Handler) join(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.s.Join(r.Context(), c, id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"id": p.ID, "type": p.Type, "issued": p.Type == TypeFixed})
}

// apply reads the multipart application: remark and up to three files
// "images" (types read from their bytes, never the names).
func (h *Handler) apply(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := httpx.ParseMultipart(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	imgs, err := httpx.FormImages(r, "images", MaxImageBytes, MaxImages)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ups := make([]Upload, len(imgs))
	for i, im := range imgs {
		ups[i] = Upload{Data: im.Data, ContentType: im.ContentType, Name: im.Name}
	}
	a, err := h.s.Apply(r.Context(), c, id, r.FormValue("remark"), ups)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"application": a})
}

func (h *Handler) image(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.image_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	seq, err := strconv.Atoi(r.PathValue("seq"))
	if err != nil || seq < 1 || seq > MaxImages {
		httpx.Fail(w, r, ErrImageNotFound)
		return
	}
	im, err := h.s.Image(r.Context(), c.MemberID, id, seq)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, im.ContentType, im.Data)
}

// raffle takes a raffle ticket for the caller.
func (h *Handler) raffle(w http.ResponseWriter, r *http.Request, c account.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	t, err := h.s.Raffle(r.Context(), c, id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"id": id, "ticket": t})
}
