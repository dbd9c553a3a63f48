package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/palaro/palaro/internal/platform/apperr"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestID returns the id given to this request.
func RequestID(ctx context.Context) string {
	s, _ := ctx.Value(requestIDKey).(string)
	return s
}

func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Metrics are the Prometheus series the HTTP edge records.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
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
	reg.MustRegister(m.requests, m.duration)
	return m
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

// Edge wraps the whole handler: request id, body cap, panic recovery,
// structured access log and metrics. API calls log at info, static files
// and probes at debug.
func Edge(next http.Handler, logger *slog.Logger, m *Metrics) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 || !isCode(id) {
			id = newID()
		}
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", id)
		if r.ContentLength > MaxBodyBytes {
			Fail(w, r, apperr.New(apperr.KindTooLarge, "request.too_large"))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
		sw := &statusWriter{ResponseWriter: w}
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
				m.requests.WithLabelValues(route, strconv.Itoa(sw.status)).Inc()
				m.duration.WithLabelValues(route).Observe(elapsed.Seconds())
			}
			level := slog.LevelDebug
			if sw.status >= 500 {
				level = slog.LevelError
			} else if len(r.URL.Path) > 4 && (r.URL.Path[:5] == "/wps/" || r.URL.Path[:5] == "/lgw/") {
				level = slog.LevelInfo
			}
			logger.Log(ctx, level, "request", "request_id", id, "method", r.Method, "path", r.URL.Path,
				"route", route, "status", sw.status, "bytes", sw.bytes, "duration_ms", float64(elapsed.Microseconds())/1000)
		}()
		next.ServeHTTP(sw, r)
	})
}

// NotFoundJSON answers unknown API paths with a JSON 404.
func NotFoundJSON(w http.ResponseWriter, r *http.Request) {
	Fail(w, r, apperr.NotFound("request.not_found"))
}
