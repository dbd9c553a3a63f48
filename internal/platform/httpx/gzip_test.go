package httpx_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/palaro/palaro/internal/platform/httpx"
)

func TestAcceptsGzip(t *testing.T) {
	cases := []struct {
		header []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"gzip, deflate, br, zstd"}, true},
		{[]string{"br", "gzip"}, true},
		{[]string{"GZip"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"gzip;q=1.0"}, true},
		{[]string{"gzip ; q=0.001"}, true},
		{[]string{"gzip;level=1"}, true},
		{[]string{"*"}, true},
		{[]string{"deflate, *;q=0.5"}, true},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip;Q=0.0"}, false},
		{[]string{"gzip; q=0.000"}, false},
		{[]string{"*;q=0"}, false},
		{[]string{"*, gzip;q=0"}, false},
		{[]string{"gzip;q=0, *"}, false},
		{[]string{"gzip, gzip;q=0"}, false},
		{[]string{"identity"}, false},
		{[]string{"br, deflate"}, false},
		{[]string{"gzipper"}, false},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/x", nil)
		r.Header["Accept-Encoding"] = c.header
		if got := httpx.AcceptsGzip(r); got != c.want {
			t.Errorf("Accept-Encoding %q: got %v want %v", c.header, got, c.want)
		}
	}
}

func bigValue() map[string]any {
	list := make([]map[string]any, 60)
	for i := range list {
		list[i] = map[string]any{"id": i, "title": "Maligayang pagdating sa Palaro <&> ✓", "body": strings.Repeat("saya ", 8)}
	}
	return map[string]any{"list": list}
}

func gzipServer() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /wps/big", func(w http.ResponseWriter, r *http.Request) { httpx.OK(w, r, bigValue()) })
	mux.HandleFunc("GET /wps/small", func(w http.ResponseWriter, r *http.Request) { httpx.OK(w, r, map[string]int{"n": 1}) })
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	return httpx.Edge(mux, slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.NewMetrics(prometheus.NewRegistry()))
}

func TestOKGzip(t *testing.T) {
	h := gzipServer()
	do := func(path, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	plain := do("/wps/big", "")
	zipped := do("/wps/big", "gzip")
	refused := do("/wps/big", "gzip;q=0, deflate")
	want := httptest.NewRecorder()
	httpx.OK(want, nil, bigValue()) // no request: never compressed
	if !bytes.Equal(plain.Body.Bytes(), want.Body.Bytes()) || plain.Body.Len() < httpx.GzipMinBytes {
		t.Fatalf("identity body differs or too small (%d bytes)", plain.Body.Len())
	}
	if plain.Header().Get("Content-Encoding") != "" || refused.Header().Get("Content-Encoding") != "" ||
		!bytes.Equal(refused.Body.Bytes(), plain.Body.Bytes()) {
		t.Fatal("identity responses must not be compressed")
	}
	if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Body.Len() >= plain.Body.Len() {
		t.Fatalf("gzip response: %q, %d bytes vs %d", zipped.Header().Get("Content-Encoding"), zipped.Body.Len(), plain.Body.Len())
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, plain.Body.Bytes()) {
		t.Fatalf("round trip differs: %v", err)
	}
	for _, rec := range []*httptest.ResponseRecorder{plain, zipped, refused} {
		if rec.Code != 200 || rec.Header().Get("Vary") != "Accept-Encoding" || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" ||
			rec.Header().Get("Content-Length") != itoa(rec.Body.Len()) || rec.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("headers %v for %d bytes", rec.Header(), rec.Body.Len())
		}
	}
	// Small bodies and error envelopes stay identity, without Vary.
	for _, path := range []string{"/wps/small", "/wps/nothing"} {
		rec := do(path, "gzip")
		env := decode(t, rec)
		if rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("Vary") != "" || rec.Header().Get("Content-Length") != itoa(rec.Body.Len()) {
			t.Fatalf("%s: headers %v", path, rec.Header())
		}
		if path == "/wps/nothing" && (rec.Code != 404 || env.Success || env.Code != "request.not_found" || env.Message == "") {
			t.Fatalf("error envelope: %d %+v", rec.Code, env)
		}
	}
}

func TestOKGzipHEAD(t *testing.T) {
	srv := httptest.NewServer(gzipServer())
	defer srv.Close()
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	cl := &http.Client{Transport: tr}
	for _, enc := range []string{"", "gzip"} {
		var lengths [2]int64
		var bodies [2]int
		for i, method := range []string{"GET", "HEAD"} {
			req, _ := http.NewRequest(method, srv.URL+"/wps/big", nil)
			if enc != "" {
				req.Header.Set("Accept-Encoding", enc)
			}
			res, err := cl.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != enc || res.Header.Get("Vary") != "Accept-Encoding" {
				t.Fatalf("%s %q: %d %v", method, enc, res.StatusCode, res.Header)
			}
			lengths[i], bodies[i] = res.ContentLength, len(b)
		}
		if lengths[0] != int64(bodies[0]) || lengths[1] != lengths[0] || bodies[1] != 0 {
			t.Fatalf("%q: GET length %d body %d, HEAD length %d body %d", enc, lengths[0], bodies[0], lengths[1], bodies[1])
		}
	}
}

// TestEdgeLogAndMetrics: the access log line is written when its level is
// enabled (and skipped otherwise), and the cached per-route series count.
func TestEdgeLogAndMetrics(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /wps/ok", func(w http.ResponseWriter, r *http.Request) { httpx.OK(w, r, 1) })
	mux.HandleFunc("GET /static", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	var logs bytes.Buffer
	reg := prometheus.NewRegistry()
	m := httpx.NewMetrics(reg)
	h := httpx.Edge(mux, slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})), m)
	for _, p := range []string{"/wps/ok", "/wps/ok", "/wps/none", "/static", "/nowhere"} {
		req := httptest.NewRequest("GET", p, nil)
		req.Header.Set("X-Request-Id", "abc123")
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 3 { // two /wps/ok and /wps/none at info; /static and unmatched at debug are dropped
		t.Fatalf("%d log lines:\n%s", len(lines), logs.String())
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &line); err != nil {
		t.Fatal(err)
	}
	if line["msg"] != "request" || line["request_id"] != "abc123" || line["route"] != "GET /wps/ok" || line["status"] != float64(200) ||
		line["path"] != "/wps/ok" || line["method"] != "GET" || line["bytes"] == nil || line["duration_ms"] == nil {
		t.Fatalf("log line %v", line)
	}
	counts := map[string]float64{}
	durations := 0
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		for _, mt := range mf.GetMetric() {
			labels := ""
			for _, l := range mt.GetLabel() {
				labels += l.GetName() + "=" + l.GetValue() + " "
			}
			switch mf.GetName() {
			case "palaro_http_requests_total":
				counts[strings.TrimSpace(labels)] = mt.GetCounter().GetValue()
			case "palaro_http_request_duration_seconds":
				durations++
			}
		}
	}
	want := map[string]float64{
		"route=/wps/ status=404":       1,
		"route=GET /static status=0":   1,
		"route=GET /wps/ok status=200": 2,
		"route=unmatched status=404":   1,
	}
	if len(counts) != len(want) || durations != 4 {
		t.Fatalf("counters %v, %d duration series", counts, durations)
	}
	for k, v := range want {
		if counts[k] != v {
			t.Fatalf("counters %v, want %v", counts, want)
		}
	}
	if id := httpx.RequestID(context.Background()); id != "" {
		t.Fatalf("id outside a request: %q", id)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// BenchmarkEdge is the middleware's own cost around a handler that writes a
// small body (log level warn, as in production benchmarks).
func BenchmarkEdge(b *testing.B) {
	body := []byte(`{"status":"ok"}`)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /wps/relay/x", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(body) })
	logger := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn}))
	for _, bc := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", mux},
		{"edge", httpx.Edge(mux, logger, httpx.NewMetrics(prometheus.NewRegistry()))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/wps/relay/x?pageNo=1", nil)
			w := &discardWriter{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				bc.h.ServeHTTP(w, req)
			}
		})
	}
}

type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}
