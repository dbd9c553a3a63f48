// Package httpx is the HTTP edge shared by every domain: the one response
// envelope, error mapping, request decoding and middleware.
package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Envelope is the body of every API response (docs/api.md).
//
//	{"success":true,"code":"ok","message":"","value":{...}}
//	{"success":false,"code":"request.invalid_page","message":"...","value":null,"params":{"name":"pageNo","max":1000}}
type Envelope struct {
	Success bool   `json:"success"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Value   any    `json:"value"`
	// Params are a failure's values (a limit's end, a minimum) for clients
	// that word the message themselves, in the user's language and format.
	Params map[string]any `json:"params,omitempty"`
}

// statusOf is the one table from error kind to HTTP status.
var statusOf = map[apperr.Kind]int{
	apperr.KindInternal:     http.StatusInternalServerError,
	apperr.KindInvalid:      http.StatusBadRequest,
	apperr.KindNotFound:     http.StatusNotFound,
	apperr.KindConflict:     http.StatusConflict,
	apperr.KindUnauthorized: http.StatusUnauthorized,
	apperr.KindForbidden:    http.StatusForbidden,
	apperr.KindTooLarge:     http.StatusRequestEntityTooLarge,
	apperr.KindTooMany:      http.StatusTooManyRequests,
	apperr.KindUnavailable:  http.StatusServiceUnavailable,
}

// StatusOf maps an error to its HTTP status.
func StatusOf(err error) int {
	if s, ok := statusOf[apperr.As(err).Kind]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// OK writes a success envelope.
func OK(w http.ResponseWriter, r *http.Request, value any) {
	writeJSON(w, r, http.StatusOK, Envelope{Success: true, Code: "ok", Value: value})
}

// Accepted writes a success envelope with 202: the request is recorded
// but not done yet (an adjustment waiting for approval).
func Accepted(w http.ResponseWriter, r *http.Request, value any) {
	writeJSON(w, r, http.StatusAccepted, Envelope{Success: true, Code: "ok", Value: value})
}

// OKPublic writes a success envelope that browsers and shared caches may keep
// for maxAge seconds: only for values that are the same for every caller.
func OKPublic(w http.ResponseWriter, r *http.Request, value any, maxAge int) {
	writeJSONCache(w, r, http.StatusOK, Envelope{Success: true, Code: "ok", Value: value}, []string{"public, max-age=" + strconv.Itoa(maxAge)})
}

// Respond writes err as Fail does, or else value as OK does: the last line of
// a handler that calls one service method.
func Respond(w http.ResponseWriter, r *http.Request, value any, err error) {
	if err != nil {
		Fail(w, r, err)
		return
	}
	OK(w, r, value)
}

// Fail writes an error envelope in the caller's language; internal causes are logged only.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	e := apperr.As(err)
	status := StatusOf(e)
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "code", e.Code, "err", e.Error(), "request_id", RequestID(r.Context()))
	}
	writeJSON(w, r, status, Envelope{Success: false, Code: e.Code, Message: apperr.Message(e.Code, Lang(r), e.Params), Params: e.Params})
}

// Encode buffers, pooled; oversized ones are dropped rather than kept.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledBuf = 256 << 10

func getBuf() *bytes.Buffer { b := bufPool.Get().(*bytes.Buffer); b.Reset(); return b }

func putBuf(b *bytes.Buffer) {
	if b.Cap() <= maxPooledBuf {
		bufPool.Put(b)
	}
}

var (
	hdrJSON    = []string{"application/json; charset=utf-8"}
	hdrNoStore = []string{"no-store"}
)

// writeJSON encodes v into a buffer and sends it with its Content-Length, as
// gzip when the body is at least GzipMinBytes and the client accepts it.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	writeJSONCache(w, r, status, v, hdrNoStore)
}

func writeJSONCache(w http.ResponseWriter, r *http.Request, status int, v any, cacheControl []string) {
	buf := getBuf()
	defer putBuf(buf)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	body := buf.Bytes()
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = cacheControl
	if len(body) >= GzipMinBytes {
		SetVary(h)
		if r != nil && AcceptsGzip(r) {
			zb := getBuf()
			defer putBuf(zb)
			appendGzipFast(zb, body)
			if zb.Len() < len(body) {
				body = zb.Bytes()
				h["Content-Encoding"] = hdrGzip
			}
		}
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// MaxBodyBytes caps any request body.
const MaxBodyBytes = 1 << 20

// DecodeJSON reads a JSON body into v, refusing unknown shapes and oversize bodies.
func DecodeJSON(r *http.Request, v any) error {
	return decodeJSON(r, v, false)
}

// DecodeJSONStrict is DecodeJSON that also refuses fields v does not have
// (request.invalid_json): for operator changes, where a misspelt field
// silently ignored would change nothing while saying it did.
func DecodeJSONStrict(r *http.Request, v any) error {
	return decodeJSON(r, v, true)
}

func decodeJSON(r *http.Request, v any, strict bool) error {
	dec := json.NewDecoder(r.Body)
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apperr.New(apperr.KindTooLarge, "request.too_large")
		}
		return apperr.Invalid("request.invalid_json")
	}
	return nil
}

// Lang picks the caller's language: ?language= or ?lang=, then X-Lang, then
// Accept-Language's first tag, then TY (the brand default).
func Lang(r *http.Request) string {
	q := r.URL.Query()
	for _, k := range []string{"language", "lang"} {
		if v := q.Get(k); v != "" && len(v) <= 8 {
			return strings.ToUpper(v)
		}
	}
	if v := r.Header.Get("X-Lang"); v != "" && len(v) <= 8 {
		return strings.ToUpper(v)
	}
	if al := r.Header.Get("Accept-Language"); al != "" {
		tag := strings.ToLower(strings.TrimSpace(strings.Split(strings.Split(al, ",")[0], ";")[0]))
		switch {
		case strings.HasPrefix(tag, "en"):
			return "EN"
		case strings.HasPrefix(tag, "fil"), strings.HasPrefix(tag, "tl"):
			return "TY"
		}
	}
	return "TY"
}
