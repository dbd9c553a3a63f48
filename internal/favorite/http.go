package favorite

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the favourite and recent-game relay paths (docs/api.md "Favourites and recent games").
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Any logged-in account keeps its own lists (the authorization test walks this table).
var loggedIn = []account.Role{account.RoleMember, account.RoleTrial, account.RoleAgent}

var routeRoles = map[string][]account.Role{
	"GET /wps/relay/favoriteIds":  loggedIn,
	"GET /wps/relay/favoriteList": loggedIn,
	"POST /wps/relay/favorite":    loggedIn,
	"DELETE /wps/relay/favorite":  loggedIn,
	"GET /wps/relay/recentGames":  loggedIn,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/relay/favoriteIds", h.favoriteIDs)
	mux.HandleFunc("GET /wps/relay/favoriteList", h.favoriteList)
	mux.HandleFunc("POST /wps/relay/favorite", h.add)
	mux.HandleFunc("DELETE /wps/relay/favorite", h.remove)
	mux.HandleFunc("GET /wps/relay/recentGames", h.recentGames)
}

func (h *Handler) favoriteIDs(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/relay/favoriteIds"]...)
	if !ok {
		return
	}
	ids, err := h.svc.FavoriteIDs(r.Context(), c.MemberID)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"list": ids})
}

func (h *Handler) favoriteList(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/relay/favoriteList"]...)
	if !ok {
		return
	}
	q, err := parseListQuery(r, DefaultListPageSize, MaxFavorites)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Favorites(r.Context(), c.MemberID, q)
	httpx.Respond(w, r, p, err)
}

func (h *Handler) recentGames(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/relay/recentGames"]...)
	if !ok {
		return
	}
	q, err := parseListQuery(r, DefaultRecentPageSize, MaxRecent)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Recent(r.Context(), c.MemberID, q)
	httpx.Respond(w, r, p, err)
}

func (h *Handler) add(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["POST /wps/relay/favorite"]...)
	if !ok {
		return
	}
	req, err := decodeAdd(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	added, err := h.svc.Add(r.Context(), c.MemberID, req)
	httpx.Respond(w, r, map[string]any{"nodeId": req.NodeID, "added": added}, err)
}

func (h *Handler) remove(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["DELETE /wps/relay/favorite"]...)
	if !ok {
		return
	}
	id, err := nodeID(r.URL.Query().Get("nodeId"))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	removed, err := h.svc.Remove(r.Context(), c.MemberID, id)
	httpx.Respond(w, r, map[string]any{"nodeId": id, "removed": removed}, err)
}

// decodeAdd reads and checks the add body: nodeId a positive integer,
// vendor and gameType optional codes.
func decodeAdd(r *http.Request) (AddRequest, error) {
	var req AddRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return AddRequest{}, err
	}
	return req, checkAdd(&req)
}

func checkAdd(req *AddRequest) error {
	if req.NodeID <= 0 {
		return apperr.Invalid("favorite.invalid_node")
	}
	req.Vendor = strings.ToUpper(strings.TrimSpace(req.Vendor))
	req.GameType = strings.ToUpper(strings.TrimSpace(req.GameType))
	if len(req.Vendor) > 32 || !isCode(req.Vendor) {
		return apperr.Invalid("request.invalid_param").With("name", "vendor")
	}
	if req.GameType == "ALL" {
		req.GameType = ""
	}
	if req.GameType != "" {
		if _, ok := game.CategoryByCode(req.GameType); !ok {
			return apperr.Invalid("game.unknown_category").With("name", "gameType")
		}
	}
	return nil
}

func nodeID(raw string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Invalid("favorite.invalid_node")
	}
	return id, nil
}

func isCode(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// parseListQuery reads pageNo, pageSize and gameType, checking the other
// parameters the web sends (clientType, platform, language) for shape only.
func parseListQuery(r *http.Request, defSize, maxSize int) (ListQuery, error) {
	q := httpx.NewQuery(r)
	q.Int("clientType", 0, 0, 99)
	q.Code("platform", "", 64)
	q.Code("device", "", 16)
	lq := ListQuery{
		PageNo:   q.Int("pageNo", 1, 1, 100000),
		PageSize: q.Int("pageSize", defSize, 1, maxSize),
	}
	gt := strings.ToUpper(q.Code("gameType", "", 16))
	if err := q.Err(); err != nil {
		return ListQuery{}, err
	}
	for _, name := range [...]string{"language", "lang"} {
		if raw := q.Value(name); raw != "" {
			if _, ok := game.NormalizeLanguage(raw); !ok {
				return ListQuery{}, apperr.Invalid("request.invalid_language").With("name", name)
			}
		}
	}
	if gt != "" && gt != "ALL" {
		if _, ok := game.CategoryByCode(gt); !ok {
			return ListQuery{}, apperr.Invalid("game.unknown_category").With("name", "gameType")
		}
		lq.GameType = gt
	}
	return lq, nil
}
