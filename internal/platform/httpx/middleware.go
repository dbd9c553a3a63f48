package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/palaro/palaro/internal/platform/apperr"
)

type ctxKey int

const requestIDKey ctxKey = iota

// idCtx carries the request id: one allocation where context.WithValue
// takes two (the context and the boxed string).
type idCtx struct {
	context.Context
	id string
}

func (c *idCtx) Value(key any) any {
	if k, ok := key.(ctxKey); ok && k == requestIDKey {
		return c.id
	}
	return c.Context.Value(key)
}

// RequestID returns the id given to this request.
func RequestID(ctx context.Context) string {
	s, _ := ctx.Value(requestIDKey).(string)
	return s
}

// newID writes a fresh random id into buf and returns it as a string that
// shares buf's memory (buf must not change afterwards).
func newID(buf *[16]byte) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	hex.Encode(buf[:], b[:])
	return unsafe.String(&buf[0], len(buf))
}

// edgeState is everything Edge keeps per request, in one allocation: the
// request's context, the status-recording writer, the X-Request-Id header
// value and the generated id's bytes.
type edgeState struct {
	ctx   idCtx
	sw    statusWriter
	hdr   [1]string
	idBuf [16]byte
}

// Metrics are the Prometheus series the HTTP edge records.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec

	// routes caches each route's curried series: a copy-on-write map read
	// without locks or allocations (the set of route patterns is small and
	// fixed by the mux), written under mu on a route's first request.
	routes atomic.Pointer[map[string]*routeMetrics]
	mu     sync.Mutex
}

// routeMetrics are one route's duration observer and its counters by status.
type routeMetrics struct {
	route    string
	duration prometheus.Observer
	status   atomic.Pointer[map[int]prometheus.Counter]
	mu       sync.Mutex
}

func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "palaro_http_requests_total", Help: "HTTP requests by route pattern and status.",
		}, []string{"route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "palaro_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	empty := map[string]*routeMetrics{}
	m.routes.Store(&empty)
	reg.MustRegister(m.requests, m.duration)
	return m
}

func (m *Metrics) route(route string) *routeMetrics {
	if rm := (*m.routes.Load())[route]; rm != nil {
		return rm
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	cur := *m.routes.Load()
	if rm := cur[route]; rm != nil {
		return rm
	}
	rm := &routeMetrics{route: route, duration: m.duration.WithLabelValues(route)}
	empty := map[int]prometheus.Counter{}
	rm.status.Store(&empty)
	next := make(map[string]*routeMetrics, len(cur)+1)
	for k, v := range cur {
		next[k] = v
	}
	next[route] = rm
	m.routes.Store(&next)
	return rm
}

func (rm *routeMetrics) counter(m *Metrics, status int) prometheus.Counter {
	if c := (*rm.status.Load())[status]; c != nil {
		return c
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	cur := *rm.status.Load()
	if c := cur[status]; c != nil {
		return c
	}
	c := m.requests.WithLabelValues(rm.route, strconv.Itoa(status))
	next := make(map[int]prometheus.Counter, len(cur)+1)
	for k, v := range cur {
		next[k] = v
	}
	next[status] = c
	rm.status.Store(&next)
	return c
}

// observe records one request.
func (m *Metrics) observe(route string, status int, elapsed time.Duration) {
	rm := m.route(route)
	rm.counter(m, status).Inc()
	rm.duration.Observe(elapsed.Seconds())
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
	w.ResponseWriter.WriteHeader(s)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

var (
	hdrNosniff  = []string{"nosniff"}
	hdrDeny     = []string{"DENY"}
	hdrReferrer = []string{"strict-origin-when-cross-origin"}
)

// Edge wraps the whole handler: request id, body cap, panic recovery,
// structured access log and metrics. API calls log at info, static files
// and probes at debug.
func Edge(next http.Handler, logger *slog.Logger, m *Metrics) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		st := &edgeState{}
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 || !isCode(id) {
			id = newID(&st.idBuf)
		}
		st.ctx = idCtx{Context: r.Context(), id: id}
		ctx := context.Context(&st.ctx)
		r = r.WithContext(ctx)
		st.hdr[0] = id
		h := w.Header()
		h["X-Request-Id"] = st.hdr[:]
		// Every answer: no MIME sniffing, no framing, and no full URL in the
		// Referer to other sites. Pages that may be framed (the in-house game
		// frame, the sandbox game page) and the storefront's pages set their
		// own (internal/webui); the values are shared, never appended to.
		h["X-Content-Type-Options"] = hdrNosniff
		h["X-Frame-Options"] = hdrDeny
		h["Referrer-Policy"] = hdrReferrer
		limit := int64(MaxBodyBytes)
		if isMultipart(r) { // image uploads (receipts, proofs): handlers cap each file
			limit = MaxUploadBodyBytes
		}
		if r.ContentLength > limit {
			Fail(w, r, apperr.New(apperr.KindTooLarge, "request.too_large"))
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		sw := &st.sw
		sw.ResponseWriter = w
		defer func() {
			if p := recover(); p != nil {
				logger.ErrorContext(ctx, "panic", "panic", p, "stack", string(debug.Stack()), "request_id", id)
				if sw.status == 0 {
					Fail(sw, r, apperr.Internal(nil, "panic"))
				}
			}
			route := r.Pattern
			if route == "" {
				route = "unmatched"
			}
			elapsed := time.Since(start)
			if m != nil {
				m.observe(route, sw.status, elapsed)
			}
			level := slog.LevelDebug
			if sw.status >= 500 {
				level = slog.LevelError
			} else if len(r.URL.Path) > 4 && (r.URL.Path[:5] == "/wps/" || r.URL.Path[:5] == "/lgw/") {
				level = slog.LevelInfo
			}
			// Building the attributes costs a dozen allocations: only when the line is kept.
			if logger.Enabled(ctx, level) {
				logger.Log(ctx, level, "request", "request_id", id, "method", r.Method, "path", r.URL.Path,
					"route", route, "status", sw.status, "bytes", sw.bytes, "duration_ms", float64(elapsed.Microseconds())/1000)
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// NotFoundJSON answers unknown API paths with a JSON 404.
func NotFoundJSON(w http.ResponseWriter, r *http.Request) {
	Fail(w, r, apperr.NotFound("request.not_found"))
}

// StrictTransport adds Strict-Transport-Security (PALARO_HSTS) to every
// answer when value is set: for deployments served over TLS, directly or
// behind a TLS-terminating edge (docs/architecture.md, "Security headers"). Browsers
// ignore it on plain HTTP answers. An empty value returns next unchanged.
func StrictTransport(next http.Handler, value string) http.Handler {
	if value == "" {
		return next
	}
	v := []string{value}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Strict-Transport-Security"] = v
		next.ServeHTTP(w, r)
	})
}
