package gameops

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// InhouseSettings are the in-house games' operator settings (*inhouse.Service).
type InhouseSettings interface {
	Settings(ctx context.Context) (inhouse.Settings, error)
	UpdateSettings(ctx context.Context, slug string, p inhouse.SettingsPatch) (before, after inhouse.GameSettings, err error)
}

// InhouseHandler serves /ops/v1/games/inhouse: the in-house games' stake
// ranges, jackpot shares and the slot's RTP profile.
type InhouseHandler struct {
	svc     InhouseSettings // nil: the in-house games are off (no brand at start)
	guard   operator.Guard
	auditor operator.Auditor
}

func NewInhouseHandler(svc InhouseSettings, auth operator.Authenticator, auditor operator.Auditor) *InhouseHandler {
	return &InhouseHandler{svc: svc, guard: operator.Guard{Auth: auth}, auditor: auditor}
}

func (h *InhouseHandler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/games/inhouse":          h.list,
		"PATCH /ops/v1/games/inhouse/{game}": h.patch,
	}
	for pattern, fn := range routes {
		perm, fn := RoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			if h.svc == nil {
				httpx.Fail(w, r, apperr.NotFound("inhouse.unknown_game"))
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *InhouseHandler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	s, err := h.svc.Settings(r.Context())
	httpx.Respond(w, r, s, err)
}

func (h *InhouseHandler) patch(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var p inhouse.SettingsPatch
	if err := httpx.DecodeJSONStrict(r, &p); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason, err := game.CheckReason(p.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	slug := r.PathValue("game")
	before, after, err := h.svc.UpdateSettings(r.Context(), slug, p)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	audit(r.Context(), h.auditor, c, "game.inhouse", "inhouse:"+slug, before, after, reason)
	httpx.OK(w, r, after)
}
