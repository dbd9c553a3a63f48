package realtime

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves GET /wps/ws for logged-in users (member, trial, agent).
type Handler struct {
	hub  *Hub
	auth account.Authenticator
}

func NewHandler(hub *Hub, auth account.Authenticator) *Handler { return &Handler{hub: hub, auth: auth} }

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/ws", h.serve)
}

// tokenFrom reads the token from an offered subprotocol "bearer.<token>",
// else from the Authorization or token header (non-browser clients). The
// query string is never read.
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

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) {
	token := tokenFrom(r)
	c, err := h.auth.Authenticate(r.Context(), token)
	if err == nil && !c.LoggedIn() {
		err = apperr.Unauthorized("auth.token_required")
	}
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		Subprotocols:   []string{Subprotocol},
		OriginPatterns: h.hub.cfg.OriginPattern,
	})
	if err != nil {
		return // Accept has answered (bad handshake or origin)
	}
	if ws.Subprotocol() != Subprotocol {
		ws.Close(websocket.StatusPolicyViolation, "subprotocol "+Subprotocol+" required")
		return
	}
	ws.SetReadLimit(h.hub.cfg.ReadLimit)
	cl := &client{memberID: c.MemberID, tokenHash: c.TokenHash, send: make(chan []byte, h.hub.cfg.SendQueue), done: make(chan struct{})}
	if !h.hub.add(cl) {
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	defer h.hub.remove(cl)
	h.run(context.WithoutCancel(r.Context()), ws, cl, token)
}

// run pumps events out, pings, reads (and discards) client frames so pongs
// and closes are seen, and checks the session again every RecheckEvery.
func (h *Hub) runConn(ctx context.Context, ws *websocket.Conn, cl *client, recheck func(context.Context) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { // reader: pongs and the client's close arrive through it
		defer cancel()
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	ping := time.NewTicker(h.cfg.PingEvery)
	defer ping.Stop()
	check := time.NewTicker(h.cfg.RecheckEvery)
	defer check.Stop()
	for {
		select {
		case <-ctx.Done():
			ws.CloseNow()
			return
		case <-cl.done:
			ws.Close(websocket.StatusCode(cl.code), cl.reason)
			return
		case b := <-cl.send:
			wctx, wcancel := timeout(ctx, h.cfg.WriteTimeout)
			err := ws.Write(wctx, websocket.MessageText, b)
			wcancel()
			if err != nil {
				ws.CloseNow()
				return
			}
		case <-ping.C:
			pctx, pcancel := timeout(ctx, h.cfg.PingTimeout)
			err := ws.Ping(pctx)
			pcancel()
			if err != nil {
				ws.CloseNow()
				return
			}
		case <-check.C:
			if !recheck(ctx) {
				ws.Close(websocket.StatusCode(CloseSessionEnded), "session ended")
				return
			}
		}
	}
}

func (h *Handler) run(ctx context.Context, ws *websocket.Conn, cl *client, token string) {
	h.hub.runConn(ctx, ws, cl, func(ctx context.Context) bool {
		c, err := h.auth.Authenticate(ctx, token)
		var ae *apperr.Error
		if errors.As(err, &ae) && ae.Kind != apperr.KindUnauthorized {
			return true // a database hiccup is not a logout
		}
		return err == nil && c.MemberID == cl.memberID
	})
}
