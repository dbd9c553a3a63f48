package launch

import (
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the launch endpoints (docs/api.md, "Games: launch").
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Who may call what (the authorization test walks this table). Trial
// accounts pass the guard of launchGame; the service lets them play
// free-play games only.
var routeRoles = map[string][]account.Role{
	"GET /wps/game/launchGame":  {account.RoleMember, account.RoleTrial, account.RoleAgent},
	"GET /wps/game/recommended": {account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent},
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/game/launchGame", h.launch)
	mux.HandleFunc("GET /wps/game/recommended", h.recommended)
}

func (h *Handler) launch(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/game/launchGame"]...)
	if !ok {
		return
	}
	q, err := decodeQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.svc.Launch(r.Context(), c, q)
	httpx.Respond(w, r, a, err)
}

func (h *Handler) recommended(w http.ResponseWriter, r *http.Request) {
	q, err := decodeRecommend(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	list, err := h.svc.Recommended(r.Context(), q)
	httpx.Respond(w, r, map[string]any{"list": list}, err)
}

var categoryCodes = func() []string {
	out := make([]string, len(game.Categories))
	for i, c := range game.Categories {
		out[i] = c.Code
	}
	return out
}()

// decodeQuery reads gameCode or nodeId (or vendor, alias vassalage, for a
// lobby), gameType, language and device (WEB or H5).
func decodeQuery(r *http.Request) (Query, error) {
	p := httpx.NewQuery(r)
	q := Query{
		GameCode: p.Code("gameCode", "", 64),
		Vendor:   p.Code("vendor", p.Code("vassalage", "", 32), 32),
		GameType: p.OneOf("gameType", "", categoryCodes...),
		Device:   p.OneOf("device", DeviceWeb, DeviceWeb, DeviceH5),
	}
	q.NodeID = nodeID(p, "nodeId")
	if raw := p.Value("language"); raw != "" {
		lang, ok := game.NormalizeLanguage(raw)
		if !ok {
			return Query{}, apperr.Invalid("request.invalid_param").With("name", "language")
		}
		q.Language = lang
	}
	if err := p.Err(); err != nil {
		return Query{}, err
	}
	if q.NodeID == 0 && q.GameCode == "" && q.Vendor == "" {
		return Query{}, apperr.Invalid("launch.game_required")
	}
	return q, nil
}

// decodeRecommend reads gameType, exclude (a node id), vendor and limit.
func decodeRecommend(r *http.Request) (RecommendQuery, error) {
	p := httpx.NewQuery(r)
	q := RecommendQuery{
		GameType: p.OneOf("gameType", "", categoryCodes...),
		Vendor:   p.Code("vendor", "", 32),
		Limit:    p.Int("limit", DefaultRecommend, 1, MaxRecommend),
	}
	q.Exclude = nodeID(p, "exclude")
	if err := p.Err(); err != nil {
		return RecommendQuery{}, err
	}
	if q.GameType == "" && q.Exclude == 0 {
		return RecommendQuery{}, apperr.Invalid("request.invalid_param").With("name", "gameType")
	}
	return q, nil
}

// nodeID reads a positive node id; absent is 0, anything else 400 (through p's error).
func nodeID(p *httpx.Query, name string) int64 {
	raw := p.Value(name)
	if raw == "" {
		return 0
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n <= 0 {
		p.Int(name, 0, 1, 1) // records request.invalid_param for name
		return 0
	}
	return n
}
