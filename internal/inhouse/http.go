package inhouse

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse/player"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
)

// Handler serves /wps/inhouse/* (docs/games/server.md).
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Who may call what (the authorization test walks this table). The money
// routes take the roles every in-house game lets play (player.Roles, Crash
// too): trial accounts pass the guard and are refused with
// inhouse.real_account_required; visitors get auth.token_required.
var (
	public   = []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent}
	loggedIn = player.Roles
)

var routeRoles = map[string][]account.Role{
	"GET /wps/inhouse/config":         public,
	"GET /wps/inhouse/jackpot":        public,
	"GET /wps/inhouse/seeds":          loggedIn,
	"POST /wps/inhouse/seeds/rotate":  loggedIn,
	"POST /wps/inhouse/dice/bet":      loggedIn,
	"POST /wps/inhouse/plinko/bet":    loggedIn,
	"POST /wps/inhouse/mines/start":   loggedIn,
	"POST /wps/inhouse/mines/reveal":  loggedIn,
	"POST /wps/inhouse/mines/cashout": loggedIn,
	"POST /wps/inhouse/slot/spin":     loggedIn,
	"POST /wps/inhouse/slot/free":     loggedIn,
	"GET /wps/inhouse/active":         loggedIn,
	"GET /wps/inhouse/rounds":         loggedIn,
	"GET /wps/inhouse/rounds/{id}":    loggedIn,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/inhouse/config", h.config)
	mux.HandleFunc("GET /wps/inhouse/jackpot", h.jackpot)
	mux.HandleFunc("GET /wps/inhouse/seeds", h.seeds)
	mux.HandleFunc("POST /wps/inhouse/seeds/rotate", h.rotate)
	mux.HandleFunc("POST /wps/inhouse/dice/bet", h.dice)
	mux.HandleFunc("POST /wps/inhouse/plinko/bet", h.plinko)
	mux.HandleFunc("POST /wps/inhouse/mines/start", h.minesStart)
	mux.HandleFunc("POST /wps/inhouse/mines/reveal", h.minesReveal)
	mux.HandleFunc("POST /wps/inhouse/mines/cashout", h.minesCashout)
	mux.HandleFunc("POST /wps/inhouse/slot/spin", h.slotSpin)
	mux.HandleFunc("POST /wps/inhouse/slot/free", h.slotFree)
	mux.HandleFunc("GET /wps/inhouse/active", h.active)
	mux.HandleFunc("GET /wps/inhouse/rounds", h.rounds)
	mux.HandleFunc("GET /wps/inhouse/rounds/{id}", h.round)
}

func (h *Handler) config(w http.ResponseWriter, r *http.Request) {
	cfg, err := h.svc.PublicConfig(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, cfg)
}

func (h *Handler) jackpot(w http.ResponseWriter, r *http.Request) {
	info, err := h.svc.Jackpot(r.Context())
	httpx.Respond(w, r, info, err)
}

func (h *Handler) seeds(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/inhouse/seeds"]...)
	if !ok {
		return
	}
	out, err := h.svc.Seeds(r.Context(), c)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) rotate(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["POST /wps/inhouse/seeds/rotate"]...)
	if !ok {
		return
	}
	var body struct {
		ClientSeed *string `json:"clientSeed"`
	}
	if err := decodeBody(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	seed := ""
	if body.ClientSeed != nil {
		if *body.ClientSeed == "" {
			httpx.Fail(w, r, apperr.Invalid("fair.bad_client_seed").With("max", 64))
			return
		}
		seed = *body.ClientSeed
	}
	out, err := h.svc.Rotate(r.Context(), c, seed)
	httpx.Respond(w, r, out, err)
}

// play runs a money mutation: role check, Idempotency-Key, body, service.
func (h *Handler) play(w http.ResponseWriter, r *http.Request, route string, body any, fn func(ctx context.Context, c account.Caller, key string) (Play, error)) {
	c, ok := player.Require(h.guard, w, r)
	if !ok {
		return
	}
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := decodeBody(r, body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := fn(r.Context(), c, key)
	httpx.Respond(w, r, out, err)
}

type diceBody struct {
	Amount json.Number `json:"amount"`
	Target int         `json:"target"`
	Over   bool        `json:"over"`
}

func (h *Handler) dice(w http.ResponseWriter, r *http.Request) {
	var b diceBody
	h.play(w, r, "POST /wps/inhouse/dice/bet", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		amount, err := h.svc.parseAmount(ctx, GameDice, b.Amount)
		if err != nil {
			return Play{}, err
		}
		return h.svc.Dice(ctx, c, key, DiceRequest{Amount: amount, Target: b.Target, Over: b.Over})
	})
}

type plinkoBody struct {
	Amount json.Number `json:"amount"`
	Rows   int         `json:"rows"`
	Risk   string      `json:"risk"`
}

func (h *Handler) plinko(w http.ResponseWriter, r *http.Request) {
	var b plinkoBody
	h.play(w, r, "POST /wps/inhouse/plinko/bet", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		amount, err := h.svc.parseAmount(ctx, GamePlinko, b.Amount)
		if err != nil {
			return Play{}, err
		}
		return h.svc.Plinko(ctx, c, key, PlinkoRequest{Amount: amount, Rows: b.Rows, Risk: b.Risk})
	})
}

type minesStartBody struct {
	Amount json.Number `json:"amount"`
	Size   int         `json:"size"`
	Mines  int         `json:"mines"`
}

func (h *Handler) minesStart(w http.ResponseWriter, r *http.Request) {
	var b minesStartBody
	h.play(w, r, "POST /wps/inhouse/mines/start", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		amount, err := h.svc.parseAmount(ctx, GameMines, b.Amount)
		if err != nil {
			return Play{}, err
		}
		return h.svc.MinesStart(ctx, c, key, MinesRequest{Amount: amount, Size: b.Size, Mines: b.Mines})
	})
}

type roundBody struct {
	RoundID json.Number `json:"roundId"`
	Tile    *int        `json:"tile"`
}

func (b roundBody) id() (int64, error) {
	id, err := strconv.ParseInt(b.RoundID.String(), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.NotFound("inhouse.unknown_round")
	}
	return id, nil
}

func (h *Handler) minesReveal(w http.ResponseWriter, r *http.Request) {
	var b roundBody
	h.play(w, r, "POST /wps/inhouse/mines/reveal", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		id, err := b.id()
		if err != nil {
			return Play{}, err
		}
		if b.Tile == nil {
			return Play{}, apperr.Invalid("mines.bad_tile")
		}
		return h.svc.MinesReveal(ctx, c, key, MinesRevealRequest{RoundID: id, Tile: *b.Tile})
	})
}

func (h *Handler) minesCashout(w http.ResponseWriter, r *http.Request) {
	var b roundBody
	h.play(w, r, "POST /wps/inhouse/mines/cashout", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		id, err := b.id()
		if err != nil {
			return Play{}, err
		}
		return h.svc.MinesCashout(ctx, c, key, id)
	})
}

type slotBody struct {
	Amount json.Number `json:"amount"`
}

func (h *Handler) slotSpin(w http.ResponseWriter, r *http.Request) {
	var b slotBody
	h.play(w, r, "POST /wps/inhouse/slot/spin", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		amount, err := h.svc.parseAmount(ctx, GameSlot, b.Amount)
		if err != nil {
			return Play{}, err
		}
		return h.svc.SlotSpin(ctx, c, key, SlotRequest{Amount: amount})
	})
}

func (h *Handler) slotFree(w http.ResponseWriter, r *http.Request) {
	var b roundBody
	h.play(w, r, "POST /wps/inhouse/slot/free", &b, func(ctx context.Context, c account.Caller, key string) (Play, error) {
		id, err := b.id()
		if err != nil {
			return Play{}, err
		}
		return h.svc.SlotFree(ctx, c, key, SlotFreeRequest{RoundID: id})
	})
}

func (h *Handler) active(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/inhouse/active"]...)
	if !ok {
		return
	}
	list, err := h.svc.Active(r.Context(), c)
	httpx.Respond(w, r, map[string]any{"rounds": list}, err)
}

func (h *Handler) rounds(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/inhouse/rounds"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	rq := RoundQuery{
		Game:     q.Code("game", "", 16),
		PageNo:   q.Int("pageNo", 1, 1, 100000),
		PageSize: q.Int("pageSize", 20, 1, MaxPageSize),
	}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	page, err := h.svc.Rounds(r.Context(), c, rq)
	httpx.Respond(w, r, page, err)
}

func (h *Handler) round(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/inhouse/rounds/{id}"]...)
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "inhouse.unknown_round")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rd, err := h.svc.Round(r.Context(), c, id)
	httpx.Respond(w, r, map[string]any{"round": rd}, err)
}

// maxBody bounds a game request's body.
const maxBody = 4 << 10

// decodeBody reads one small JSON object (an empty body is {}).
func decodeBody(r *http.Request, v any) error {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apperr.New(apperr.KindTooLarge, "request.too_large")
		}
		return apperr.Invalid("request.invalid_json")
	}
	return decodeJSON(b, v)
}

func decodeJSON(b []byte, v any) error {
	if len(b) > maxBody {
		return apperr.New(apperr.KindTooLarge, "request.too_large")
	}
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return apperr.Invalid("request.invalid_json")
	}
	if dec.More() {
		return apperr.Invalid("request.invalid_json")
	}
	return nil
}

// parseAmount reads a stake: a JSON integer of minor units.
func (s *Service) parseAmount(ctx context.Context, slug string, n json.Number) (int64, error) {
	v, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil || v <= 0 {
		_, decimals, rules, cerr := s.rules(ctx)
		if cerr != nil {
			return 0, cerr
		}
		return 0, apperr.Invalid("inhouse.bad_amount").With("min", money.Format(rules.Range(slug).MinBet, decimals))
	}
	return v, nil
}
