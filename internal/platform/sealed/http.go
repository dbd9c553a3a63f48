package sealed

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Routes are the endpoints spec section 7 marks E (encrypted payload), plus
// the ones we added that carry a password or answer a session token the same
// way: the new-IP verification step of a login and the third-party exchange
// and link (docs/sealed-payloads.md). The points mall's redeem and convert
// are E in the spec (section 7, "Points").
var Routes = []string{
	"POST /wps/session/login",
	"PUT /wps/member/register",
	"PUT /wps/member/register/mobile",
	"POST /wps/member/password",
	"POST /wps/member/password/verification",
	"POST /wps/session/login/verify",
	"POST /wps/oauth/exchange",
	"POST /wps/oauth/link",
	"POST /wps/points/redeem",
	"POST /wps/points/convert",
}

// NonceRoutes carry a sealed random string in a header instead of a sealed
// body (the free-play login: spec section 7, "header with encrypted random
// string, gateway version 3"); the answer is sealed when the header is sent.
var NonceRoutes = []string{"POST /wps/session/login/freeplay"}

// NonceHeader carries the sealed nonce: base64url of a request envelope
// whose plaintext is 16 to 256 random characters.
const NonceHeader = "X-Sealed-Nonce"

// Guard opens sealed requests and seals their responses.
type Guard struct {
	keys     *Keyring
	replay   Replay
	local    *MemoryReplay // used when replay fails (Redis down)
	enforced func(context.Context) bool
	clock    clock.Clock
	logger   *slog.Logger
}

// NewGuard: enforced tells, per request, whether plaintext is refused (the
// brand's sealedPayloads setting); replay nil means an in-process cache.
func NewGuard(keys *Keyring, replay Replay, enforced func(context.Context) bool, clk clock.Clock, logger *slog.Logger) *Guard {
	local := NewMemoryReplay(0)
	if replay == nil {
		replay = local
	}
	if enforced == nil {
		enforced = func(context.Context) bool { return false }
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Guard{keys: keys, replay: replay, local: local, enforced: enforced, clock: clk, logger: logger}
}

// Enforced reports the current setting.
func (g *Guard) Enforced(ctx context.Context) bool { return g.enforced(ctx) }

// WrapRoutes returns a wrapper for a domain's route table: the patterns in
// routes are sealed, every other route is returned unchanged.
// Patterns in NonceRoutes get WrapNonce.
func (g *Guard) WrapRoutes(routes ...string) func(pattern string, h http.Handler) http.Handler {
	set := make(map[string]bool, len(routes))
	for _, p := range routes {
		set[p] = true
	}
	nonce := make(map[string]bool, len(NonceRoutes))
	for _, p := range NonceRoutes {
		nonce[p] = true
	}
	return func(pattern string, h http.Handler) http.Handler {
		switch {
		case set[pattern]:
			return g.Wrap(h)
		case nonce[pattern]:
			return g.WrapNonce(h)
		}
		return h
	}
}

// IsSealed reports whether a request carries a sealed body.
func IsSealed(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return false
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == ContentType
}

// Wrap seals one handler: a sealed body is opened and the handler's answer
// sealed; plaintext passes through unless enforcement is on.
func (g *Guard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsSealed(r) {
			if g.enforced(r.Context()) {
				httpx.Fail(w, r, ErrRequired)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxSealed+1))
		if err != nil {
			httpx.Fail(w, r, ErrInvalid)
			return
		}
		s, plain, err := g.open(r, body)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		inner := r.Clone(r.Context())
		inner.Body = io.NopCloser(bytes.NewReader(plain))
		inner.ContentLength = int64(len(plain))
		inner.Header.Set("Content-Type", "application/json")
		inner.Header.Set("Content-Length", strconv.Itoa(len(plain)))
		serveSealed(w, inner, s, next)
	})
}

// WrapNonce checks the sealed nonce header when it is sent and then seals
// the answer; the body stays as it is. Without the header the request passes
// unchanged (the free-play body holds nothing secret), even when enforced.
func (g *Guard) WrapNonce(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.Header.Get(NonceHeader)
		if v == "" {
			next.ServeHTTP(w, r)
			return
		}
		raw, err := b64.DecodeString(v)
		if err != nil || len(v) > 4096 {
			httpx.Fail(w, r, ErrInvalid)
			return
		}
		s, nonce, err := g.open(r, raw)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		if len(nonce) < 16 || len(nonce) > 256 {
			httpx.Fail(w, r, ErrInvalid)
			return
		}
		serveSealed(w, r.Clone(r.Context()), s, next)
	})
}

// open decrypts a sealed envelope for this request and spends it.
func (g *Guard) open(r *http.Request, body []byte) (*session, []byte, error) {
	now := g.clock.Now()
	s, plain, id, err := g.keys.open(r.Context(), body, r.Method, r.URL.EscapedPath(), now)
	if err != nil {
		return nil, nil, err
	}
	fresh, err := g.replay.Fresh(r.Context(), id, now, 2*Window)
	if err != nil {
		g.logger.WarnContext(r.Context(), "sealed replay store failed; using the local cache", "err", err)
		fresh, _ = g.local.Fresh(r.Context(), id, now, 2*Window)
	}
	if !fresh {
		return nil, nil, ErrInvalid
	}
	return s, plain, nil
}

// serveSealed runs the handler on inner (a clone of the request) and
// answers its response sealed with the request's key, status kept.
func serveSealed(w http.ResponseWriter, inner *http.Request, s *session, next http.Handler) {
	inner.Header.Del("Accept-Encoding") // the answer is sealed, not compressed
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	next.ServeHTTP(rec, inner)

	out := s.sealReply(rec.body.Bytes())
	h := w.Header()
	for k, v := range rec.header {
		h[k] = v
	}
	h.Del("Content-Encoding")
	h.Set("Content-Type", ContentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(out)))
	w.WriteHeader(rec.status)
	_, _ = w.Write(out)
}

// recorder buffers a handler's answer so it can be sealed whole.
type recorder struct {
	header      http.Header
	body        bytes.Buffer
	status      int
	wroteHeader bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wroteHeader = true
	return r.body.Write(b)
}

// Handler serves the public key.
type Handler struct{ g *Guard }

func NewHandler(g *Guard) *Handler { return &Handler{g: g} }

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/system/sealkey", h.sealKey)
}

// sealKey answers the current public key. Not cached by HTTP (its "now" is
// the client's clock correction); the browser keeps it in memory for a few minutes.
func (h *Handler) sealKey(w http.ResponseWriter, r *http.Request) {
	pk, err := h.g.keys.PublicKey(r.Context(), h.g.clock.Now())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	pk.Enforced = h.g.enforced(r.Context())
	httpx.OK(w, r, pk)
}
