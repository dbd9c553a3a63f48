package missions

import (
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves /wps/missions (docs/rewards-api.md "Missions and
// leaderboards") and the console's /ops/v1/missions and
// /ops/v1/leaderboards.
type Handler struct {
	svc      *Service
	rewards  Rewards
	members  Members
	guard    account.Guard
	ops      operator.Guard
	auditor  ChangeAuditor
	currency func(r *http.Request) (string, int)
}

// NewHandler returns the handler.
func NewHandler(svc *Service, rw Rewards, members Members, auth account.Authenticator, opAuth operator.Authenticator, auditor ChangeAuditor) *Handler {
	h := &Handler{svc: svc, rewards: rw, members: members, guard: account.Guard{Auth: auth}, ops: operator.Guard{Auth: opAuth}, auditor: auditor}
	h.currency = func(r *http.Request) (string, int) {
		b, err := svc.brands.Current(r.Context())
		if err != nil {
			return "", 0
		}
		return b.Currency.Code, b.Currency.Decimals
	}
	return h
}

// RouteRoles is who may call each member route: real members and agents
// (a trial user is refused with reward.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/missions":             {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/missions/summary":     {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/missions/leaderboard": {account.RoleMember, account.RoleAgent, account.RoleTrial},
}

// OpsRoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/missions":                    operator.PermRewardsRead,
	"POST /ops/v1/missions":                   operator.PermRewardsWrite,
	"PUT /ops/v1/missions/{id}":               operator.PermRewardsWrite,
	"GET /ops/v1/leaderboards":                operator.PermRewardsRead,
	"POST /ops/v1/leaderboards":               operator.PermRewardsWrite,
	"PUT /ops/v1/leaderboards/{id}":           operator.PermRewardsWrite,
	"GET /ops/v1/leaderboards/{id}/standings": operator.PermRewardsRead,
}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	member := map[string]func(http.ResponseWriter, *http.Request, account.Caller){
		"GET /wps/missions":             h.list,
		"GET /wps/missions/summary":     h.summary,
		"GET /wps/missions/leaderboard": h.leaderboard,
	}
	for pattern, fn := range member {
		roles := RouteRoles[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, roles...)
			if !ok {
				return
			}
			if c.Role() == account.RoleTrial {
				httpx.Fail(w, r, ErrRealOnly)
				return
			}
			fn(w, r, c)
		})
	}
	ops := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/missions":                    h.opsMissions,
		"POST /ops/v1/missions":                   h.opsSaveMission,
		"PUT /ops/v1/missions/{id}":               h.opsSaveMission,
		"GET /ops/v1/leaderboards":                h.opsBoards,
		"POST /ops/v1/leaderboards":               h.opsSaveBoard,
		"PUT /ops/v1/leaderboards/{id}":           h.opsSaveBoard,
		"GET /ops/v1/leaderboards/{id}/standings": h.opsStandings,
	}
	for pattern, fn := range ops {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.ops.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, op)
		})
	}
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	period := strings.ToUpper(q.OneOf("period", "daily", "daily", "weekly"))
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ms, err := h.svc.MemberMissions(r.Context(), c.MemberID, period, httpx.Lang(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"list": ms, "currency": cur, "decimals": dec})
}

func (h *Handler) summary(w http.ResponseWriter, r *http.Request, c account.Caller) {
	s, err := h.svc.Summary(r.Context(), c.MemberID, h.rewards)
	httpx.Respond(w, r, s, err)
}

func (h *Handler) leaderboard(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	limit := q.Int("limit", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	bs, err := h.svc.MemberBoards(r.Context(), c.MemberID, limit, httpx.Lang(r), h.members)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"boards": bs, "currency": cur, "decimals": dec})
}

func (h *Handler) opsMissions(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	ms, err := h.svc.Missions(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"items": ms, "currency": cur, "decimals": dec})
}

func (h *Handler) opsBoards(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	bs, err := h.svc.Boards(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"items": bs, "currency": cur, "decimals": dec})
}

// pathID is the route's {id}, 0 on POST (create).
func pathID(r *http.Request, notFound string) (int64, error) {
	if r.Method == http.MethodPost {
		return 0, nil
	}
	return httpx.PathID(r, "id", notFound)
}

func (h *Handler) opsSaveMission(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := pathID(r, "missions.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var in MissionInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var before any
	if id > 0 {
		m, err := h.svc.Mission(r.Context(), id)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		before = m
	}
	m, err := h.svc.SaveMission(r.Context(), id, in)
	if err == nil {
		h.audit(r, op, "mission.save", "mission", m.ID, before, m)
	}
	httpx.Respond(w, r, m, err)
}

func (h *Handler) opsSaveBoard(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := pathID(r, "missions.board_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var in BoardInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var before any
	if id > 0 {
		b, err := h.svc.Board(r.Context(), id)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		before = b
	}
	b, err := h.svc.SaveBoard(r.Context(), id, in)
	if err == nil {
		h.audit(r, op, "leaderboard.save", "leaderboard", b.ID, before, b)
	}
	httpx.Respond(w, r, b, err)
}

func (h *Handler) audit(r *http.Request, op operator.Caller, action, target string, id int64, before, after any) {
	if h.auditor == nil {
		return
	}
	if err := h.auditor.AuditChange(r.Context(), op, action, target, itoa(id), "", before, after); err != nil {
		h.svc.logger.ErrorContext(r.Context(), "missions audit", "action", action, "err", err)
	}
}

func (h *Handler) opsStandings(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "missions.board_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	limit := q.Int("limit", 100, 1, 500)
	key := strings.TrimSpace(r.URL.Query().Get("period"))
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	b, err := h.svc.Board(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	st, err := h.svc.Standing(r.Context(), b, key, limit, 0, "EN", h.members, false)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"standing": st, "currency": cur, "decimals": dec})
}
