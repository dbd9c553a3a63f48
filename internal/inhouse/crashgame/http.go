package crashgame

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse/player"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the Crash endpoints (docs/games/crash-server.md).
type Handler struct {
	svc   *Service
	auth  account.Authenticator
	guard account.Guard
	ws    WSConfig
}

// WSConfig holds the socket limits.
type WSConfig struct {
	PingEvery     time.Duration
	WriteTimeout  time.Duration
	OriginPattern []string // extra allowed Origin hosts (same host is always allowed)
}

var DefaultWSConfig = WSConfig{PingEvery: 25 * time.Second, WriteTimeout: 5 * time.Second}

// Subprotocol is the one the client offers, as on /wps/ws; a logged-in
// client offers its token as a second subprotocol "bearer.<token>" to see
// its own bets marked.
const Subprotocol = "palaro.v1"

func NewHandler(svc *Service, auth account.Authenticator, ws WSConfig) *Handler {
	return &Handler{svc: svc, auth: auth, guard: account.Guard{Auth: auth}, ws: ws}
}

// Bets and cash-outs are for the roles every in-house game lets play
// (player.Roles); trial accounts are refused with
// inhouse.real_account_required (the authorization test walks this table).
var routeRoles = map[string][]account.Role{
	"POST /wps/inhouse/crash/bet":     player.Roles,
	"POST /wps/inhouse/crash/cashout": player.Roles,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/inhouse/crash/state", h.state)
	mux.HandleFunc("GET /wps/inhouse/crash/rounds/{id}", h.round)
	mux.HandleFunc("GET /wps/inhouse/crash/ws", h.socket)
	mux.HandleFunc("POST /wps/inhouse/crash/bet", h.bet)
	mux.HandleFunc("POST /wps/inhouse/crash/cashout", h.cashout)
}

func (h *Handler) state(w http.ResponseWriter, r *http.Request) {
	c := h.guard.Optional(r)
	httpx.OK(w, r, h.svc.State(c.MemberID))
}

func (h *Handler) round(w http.ResponseWriter, r *http.Request) {
	id, err := httpx.PathID(r, "id", "inhouse.unknown_round")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rv, cv, err := h.svc.RoundView(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"round": rv, "chain": cv})
}

// BetRequest is the body of POST /wps/inhouse/crash/bet.
type BetRequest struct {
	Amount      int64 `json:"amount"`
	AutoCashout int64 `json:"autoCashout"`
}

// CashoutRequest is the body of POST /wps/inhouse/crash/cashout.
type CashoutRequest struct {
	RoundID int64 `json:"roundId"`
}

// decodeStrict reads one JSON object with known fields only.
func decodeStrict(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apperr.Invalid("request.invalid_json")
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.Invalid("request.invalid_json")
	}
	return nil
}

// DecodeBet parses and checks a bet body.
func DecodeBet(body []byte) (BetRequest, error) {
	var req BetRequest
	if err := decodeStrict(body, &req); err != nil {
		return req, err
	}
	if req.Amount <= 0 || req.Amount > MaxAmount {
		return req, ErrBadAmount
	}
	if req.AutoCashout != 0 && (req.AutoCashout < MinAutoCashout || req.AutoCashout > MaxAutoCashout) {
		return req, ErrBadAuto
	}
	return req, nil
}

// DecodeCashout parses and checks a cash-out body.
func DecodeCashout(body []byte) (CashoutRequest, error) {
	var req CashoutRequest
	if err := decodeStrict(body, &req); err != nil {
		return req, err
	}
	if req.RoundID <= 0 {
		return req, ErrUnknownRound
	}
	return req, nil
}

func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, 4096+1))
	if err != nil {
		return nil, apperr.Invalid("request.invalid_json")
	}
	if len(b) > 4096 {
		return nil, apperr.New(apperr.KindTooLarge, "request.too_large")
	}
	return b, nil
}

// member resolves the caller and the idempotency key of a money mutation.
func (h *Handler) member(w http.ResponseWriter, r *http.Request, route string) (account.Caller, string, []byte, bool) {
	c, ok := player.Require(h.guard, w, r)
	if !ok {
		return account.Caller{}, "", nil, false
	}
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return account.Caller{}, "", nil, false
	}
	body, err := readBody(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return account.Caller{}, "", nil, false
	}
	return c, key, body, true
}

func (h *Handler) bet(w http.ResponseWriter, r *http.Request) {
	p, key, body, ok := h.member(w, r, "POST /wps/inhouse/crash/bet")
	if !ok {
		return
	}
	req, err := DecodeBet(body)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	bet, bal, err := h.svc.PlaceBet(r.Context(), p, req.Amount, req.AutoCashout, key)
	httpx.Respond(w, r, map[string]any{"bet": bet, "balance": bal}, err)
}

func (h *Handler) cashout(w http.ResponseWriter, r *http.Request) {
	p, key, body, ok := h.member(w, r, "POST /wps/inhouse/crash/cashout")
	if !ok {
		return
	}
	req, err := DecodeCashout(body)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	bet, bal, err := h.svc.CashOut(r.Context(), p, req.RoundID, key)
	httpx.Respond(w, r, map[string]any{"bet": bet, "balance": bal}, err)
}

// tokenFrom reads an offered subprotocol "bearer.<token>", else the
// Authorization or token header; never the query string.
func tokenFrom(r *http.Request) string {
	for _, v := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); strings.HasPrefix(p, "bearer.") {
				return p[len("bearer."):]
			}
		}
	}
	return account.TokenFrom(r)
}

// socket serves the public websocket: anyone may watch; a live token only
// marks the caller's own bets.
func (h *Handler) socket(w http.ResponseWriter, r *http.Request) {
	var memberID int64
	if tok := tokenFrom(r); tok != "" {
		if c, err := h.auth.Authenticate(r.Context(), tok); err == nil {
			memberID = c.MemberID
		}
	}
	rw := &rawWrites{ResponseWriter: w}
	ws, err := websocket.Accept(rw, r, &websocket.AcceptOptions{Subprotocols: []string{Subprotocol}, OriginPatterns: h.ws.OriginPattern, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept has answered
	}
	if rw.conn == nil { // not hijacked through rawWrites: cannot happen with net/http
		ws.CloseNow()
		return
	}
	if ws.Subprotocol() != Subprotocol {
		ws.Close(websocket.StatusPolicyViolation, "subprotocol "+Subprotocol+" required")
		return
	}
	ws.SetReadLimit(1024)
	c := &wsClient{memberID: memberID, send: make(chan []byte, h.svc.hub.queue), done: make(chan struct{})}
	if !h.svc.hub.add(c) {
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	defer h.svc.hub.remove(c)
	h.pump(context.WithoutCancel(r.Context()), ws, rw.conn, c)
}

// pump writes the queued frames, finished websocket frames (wire.go), to
// conn, several pending ones in one write. Two helpers run beside it: a reader, so pongs and
// closes are seen, and a pinger, so a ping waiting for its pong never holds
// the frames back. Any of them ending the socket stops the client (code 0:
// closed without a handshake), which ends the others.
func (h *Handler) pump(ctx context.Context, ws *websocket.Conn, conn *frameConn, c *wsClient) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				c.stop(0, "")
				return
			}
		}
	}()
	go func() {
		ping := time.NewTicker(h.ws.PingEvery)
		defer ping.Stop()
		for {
			select {
			case <-c.done: // closed before the pump returns
				return
			case <-ping.C:
				pctx, pcancel := context.WithTimeout(ctx, h.ws.WriteTimeout)
				err := ws.Ping(pctx)
				pcancel()
				if err != nil {
					c.stop(0, "")
					return
				}
			}
		}
	}()
	// A write that takes longer than WriteTimeout ends the socket: one
	// watchdog timer re-armed per write closes the connection, which ends
	// the write. Cheaper than a context with a deadline per frame (2,000
	// sockets × 20–40 frames a second) or a write deadline per frame.
	watchdog := time.AfterFunc(time.Hour, func() {
		c.stop(0, "")
		ws.CloseNow()
	})
	watchdog.Stop()
	defer watchdog.Stop()
	var buf []byte
	for {
		// Two cases only: the pump wakes 20–40 times a second on 2,000
		// sockets, and a select costs per case.
		select {
		case <-c.done:
			if c.code == 0 {
				ws.CloseNow()
			} else {
				ws.Close(websocket.StatusCode(c.code), c.reason)
			}
			return
		case b := <-c.send:
			out := b // frames are shared between clients: copied into buf only when several wait
			if len(c.send) > 0 {
				buf = append(buf[:0], b...)
			more:
				for len(buf) < 1<<20 {
					select {
					case b := <-c.send:
						buf = append(buf, b...)
					default:
						break more
					}
				}
				out = buf
			}
			watchdog.Reset(h.ws.WriteTimeout)
			_, err := conn.Write(out)
			watchdog.Stop()
			if err != nil {
				c.stop(0, "")
				ws.CloseNow()
				return
			}
		}
	}
}
