package game

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func BenchmarkGameListHandler(b *testing.B) {
	svc, _ := sqliteDemo(b)
	mux := http.NewServeMux()
	NewHandler(svc, 0).Register(mux)
	req := httptest.NewRequest("GET", "/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=RNG&pageNo=2&pageSize=24&language=TY", nil)
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		clear(w.h)
		mux.ServeHTTP(w, req)
		if w.status != http.StatusOK {
			b.Fatalf("status %d", w.status)
		}
	}
}

type discardWriter struct {
	h      http.Header
	status int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(s int)           { w.status = s }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
