package game

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

func TestHTTPGzip(t *testing.T) {
	_, h := newTestServer(t)
	const list = "/wps/relay/gameList?gameType=RNG&pageNo=1&pageSize=24&language=TY"
	const lanes = "/wps/relay/vendorLanes?platform=html5-desktop&language=EN"
	for _, url := range []string{list, lanes} {
		// Twice each: the miss (entry built) and the hit (entry served) must agree.
		for round := 0; round < 2; round++ {
			plain := get(t, h, url)
			zipped := get(t, h, url, "Accept-Encoding", "gzip, deflate, br")
			if plain.Code != 200 || zipped.Code != 200 {
				t.Fatalf("%s: %d %d", url, plain.Code, zipped.Code)
			}
			if ce := plain.Header().Get("Content-Encoding"); ce != "" {
				t.Fatalf("%s: identity response has Content-Encoding %q", url, ce)
			}
			if ce := zipped.Header().Get("Content-Encoding"); ce != "gzip" {
				t.Fatalf("%s: Content-Encoding %q, want gzip", url, ce)
			}
			for _, w := range []*httptest.ResponseRecorder{plain, zipped} {
				if v := w.Header().Get("Vary"); v != "Accept-Encoding" {
					t.Fatalf("%s: Vary %q", url, v)
				}
				if cl := w.Header().Get("Content-Length"); cl != strconv.Itoa(w.Body.Len()) {
					t.Fatalf("%s: Content-Length %s for %d bytes", url, cl, w.Body.Len())
				}
				if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
					t.Fatalf("%s: Content-Type %q", url, ct)
				}
			}
			if got := gunzip(t, zipped.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
				t.Fatalf("%s: gunzipped body differs from identity body", url)
			}
			if zipped.Body.Len() >= plain.Body.Len() {
				t.Fatalf("%s: gzip %d bytes, identity %d", url, zipped.Body.Len(), plain.Body.Len())
			}
		}
	}
	t.Run("Negotiation", func(t *testing.T) {
		for _, tc := range []struct {
			accept string
			gzip   bool
		}{
			{"gzip", true},
			{"GZIP;q=0.5", true},
			{"x-gzip", true},
			{"*", true},
			{"identity", false},
			{"br", false},
			{"gzip;q=0", false},
			{"gzip; q=0.000, deflate", false},
			{"*;q=0", false},
			{"*, gzip;q=0", false},
			{"gzip;q=0, *", false},
			{"deflate, *;q=0.1", true},
		} {
			w := get(t, h, list, "Accept-Encoding", tc.accept)
			if got := w.Header().Get("Content-Encoding") == "gzip"; got != tc.gzip || w.Code != 200 {
				t.Errorf("Accept-Encoding %q: %d gzip=%v, want %v", tc.accept, w.Code, got, tc.gzip)
			}
		}
	})
	t.Run("HEAD", func(t *testing.T) {
		srv := httptest.NewServer(h)
		defer srv.Close()
		tr := &http.Transport{DisableCompression: true}
		defer tr.CloseIdleConnections()
		cl := &http.Client{Transport: tr}
		for _, enc := range []string{"", "gzip"} {
			get, _ := http.NewRequest("GET", srv.URL+list, nil)
			head, _ := http.NewRequest("HEAD", srv.URL+list, nil)
			if enc != "" {
				get.Header.Set("Accept-Encoding", enc)
				head.Header.Set("Accept-Encoding", enc)
			}
			gr, err := cl.Do(get)
			if err != nil {
				t.Fatal(err)
			}
			gb, _ := io.ReadAll(gr.Body)
			gr.Body.Close()
			hr, err := cl.Do(head)
			if err != nil {
				t.Fatal(err)
			}
			hb, _ := io.ReadAll(hr.Body)
			hr.Body.Close()
			if hr.StatusCode != 200 || len(hb) != 0 || hr.ContentLength != int64(len(gb)) ||
				hr.Header.Get("Content-Encoding") != gr.Header.Get("Content-Encoding") || hr.Header.Get("Vary") != "Accept-Encoding" {
				t.Fatalf("HEAD (%q): %d, %d body bytes, length %d (GET %d), encoding %q (GET %q)", enc, hr.StatusCode, len(hb),
					hr.ContentLength, len(gb), hr.Header.Get("Content-Encoding"), gr.Header.Get("Content-Encoding"))
			}
		}
	})
	t.Run("ErrorsStayPlainEnvelopes", func(t *testing.T) {
		w := get(t, h, "/wps/relay/gameList?pageNo=0", "Accept-Encoding", "gzip")
		if e := decode(t, w); w.Code != 400 || e.Code != "request.invalid_page" || w.Header().Get("Content-Encoding") != "" {
			t.Fatalf("got %d %+v, encoding %q", w.Code, e, w.Header().Get("Content-Encoding"))
		}
	})
	t.Run("ArtNotCompressed", func(t *testing.T) {
		w := get(t, h, "/art/game/10001.svg", "Accept-Encoding", "gzip")
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "" || w.Header().Get("Etag") == "" {
			t.Fatalf("art: %d %v", w.Code, w.Header())
		}
	})
}
