package game

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/httpx"
)

func newTestServer(t *testing.T) (*Service, http.Handler) {
	t.Helper()
	svc, _ := sqliteDemo(t)
	mux := http.NewServeMux()
	NewHandler(svc, 0).Register(mux)
	return svc, mux
}

func get(t *testing.T, h http.Handler, url string, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Value   json.RawMessage `json:"value"`
}

func decode(t *testing.T, w *httptest.ResponseRecorder) envelope {
	t.Helper()
	var e envelope
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("body %q: %v", w.Body.String(), err)
	}
	return e
}

func TestHTTPBadInput(t *testing.T) {
	_, h := newTestServer(t)
	long := strings.Repeat("ñ", 51)
	tests := []struct {
		name, url string
		status    int
		code      string
	}{
		{"ErrPageZero", "/wps/relay/gameList?pageNo=0", 400, "request.invalid_page"},
		{"ErrPageNotNumber", "/wps/relay/gameList?pageNo=abc", 400, "request.invalid_page"},
		{"ErrPageSizeTooBig", "/wps/relay/gameList?pageSize=1000", 400, "request.invalid_page_size"},
		{"ErrPageSizeZero", "/wps/relay/gameList?pageSize=0", 400, "request.invalid_page_size"},
		{"ErrLanguageUnknown", "/wps/relay/gameList?language=XX", 400, "request.invalid_language"},
		{"ErrLanguageTooLong", "/wps/relay/vendorLanes?language=" + strings.Repeat("E", 300), 400, "request.invalid_language"},
		{"ErrKeywordTooLong", "/wps/relay/gameList?keyword=" + long, 400, "request.invalid_param"},
		{"ErrGameTypeBadChars", "/wps/relay/gameList?gameType=RNG%3Cscript%3E", 400, "request.invalid_param"},
		{"ErrGameTypeUnknown", "/wps/relay/gameList?gameType=CASINO", 400, "game.unknown_category"},
		{"ErrVassalageBadChars", "/wps/relay/gameList?vassalage=P%20G", 400, "request.invalid_param"},
		{"ErrSubCategoryUnknown", "/wps/relay/gameList?subCategory=XX", 400, "request.invalid_param"},
		{"ErrSelectionUnknown", "/wps/relay/gameList?selectionType=FAV", 400, "request.invalid_param"},
		{"ErrClientTypeNotNumber", "/wps/relay/gameList?clientType=web", 400, "request.invalid_param"},
		{"ErrHotLimitTooBig", "/wps/relay/hotGames?limit=51", 400, "request.invalid_page_size"},
		{"ErrWinnersLimitTooBig", "/wps/relay/winners?limitNum=51", 400, "request.invalid_page_size"},
		{"ErrWinnersKindUnknown", "/wps/relay/winners?kind=SMALL", 400, "request.invalid_param"},
		{"ErrWinnersCategoryUnknown", "/wps/relay/winners?gameCategory=NOPE", 400, "game.unknown_category"},
		{"ErrMenusLanguage", "/lgw/games/game_menus?language=zz", 400, "request.invalid_language"},
		{"ErrGameArtUnknown", "/art/game/999999.svg", 404, "game.not_found"},
		{"ErrGameArtNotNumber", "/art/game/abc.svg", 404, "game.not_found"},
		{"ErrGameArtWrongExtension", "/art/game/10001.png", 404, "game.not_found"},
		{"ErrVendorArtUnknown", "/art/vendor/NOPE.svg", 404, "game.vendor_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, h, tt.url)
			e := decode(t, w)
			if w.Code != tt.status || e.Code != tt.code || e.Success || string(e.Value) != "null" || e.Message == "" {
				t.Fatalf("got %d %+v; want %d %s", w.Code, e, tt.status, tt.code)
			}
		})
	}
}

func TestHTTPReads(t *testing.T) {
	svc, h := newTestServer(t)
	t.Run("GameListOK", func(t *testing.T) {
		w := get(t, h, "/wps/relay/gameList?clientType=3&platform=html5-desktop&merchant=PALARO_DEMO&gameType=rng&vassalage=pg&pageNo=1&pageSize=24&language=ty")
		e := decode(t, w)
		var page GamePage
		if err := json.Unmarshal(e.Value, &page); err != nil || w.Code != 200 || !e.Success || e.Code != "ok" {
			t.Fatalf("%d %s: %v", w.Code, w.Body.String(), err)
		}
		if len(page.Games) != 24 || page.Total != 32 || page.Games[0].Vassalage != "PG" || page.Games[0].ShowIcon == "" {
			t.Fatalf("page %+v", page)
		}
		if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Fatalf("content type %q", ct)
		}
	})
	t.Run("CachedBodyMatchesEnvelope", func(t *testing.T) {
		url := "/wps/relay/vendorTypes?language=EN"
		a, b := get(t, h, url), get(t, h, url)
		c, _ := svc.Catalog(context.Background())
		want := httptest.NewRecorder()
		httpx.OK(want, httptest.NewRequest("GET", url, nil), map[string]any{"list": c.VendorTypes()})
		if a.Body.String() != want.Body.String() || b.Body.String() != want.Body.String() {
			t.Fatalf("cached body differs from httpx.OK:\n%s\n%s", b.Body.String(), want.Body.String())
		}
	})
	t.Run("DefaultsApplied", func(t *testing.T) {
		var page GamePage
		_ = json.Unmarshal(decode(t, get(t, h, "/wps/relay/gameList")).Value, &page)
		if page.PageNo != 1 || page.PageSize != 24 || len(page.Games) != 24 {
			t.Fatalf("page %d size %d games %d", page.PageNo, page.PageSize, len(page.Games))
		}
	})
	t.Run("KeywordSearch", func(t *testing.T) {
		var page GamePage
		_ = json.Unmarshal(decode(t, get(t, h, "/wps/relay/gameList?keyword=jeepney%20JACKPOT")).Value, &page)
		if page.Total != 1 || page.Games[0].GameName != "Jeepney Jackpot" {
			t.Fatalf("page %+v", page)
		}
	})
	t.Run("HotGamesList", func(t *testing.T) {
		var v struct{ List []GameView }
		_ = json.Unmarshal(decode(t, get(t, h, "/wps/relay/hotGames?merchantCode=PALARO_DEMO&isPlatform=1&platform=flash,html5-desktop&language=TY")).Value, &v)
		if len(v.List) != 6 {
			t.Fatalf("got %d", len(v.List))
		}
	})
	t.Run("LanesShape", func(t *testing.T) {
		var v struct{ Lanes []Lane }
		_ = json.Unmarshal(decode(t, get(t, h, "/wps/relay/vendorLanes?platform=html5-desktop&language=TY")).Value, &v)
		if len(v.Lanes) == 0 || len(v.Lanes[0].Cards) == 0 || v.Lanes[0].Cards[0].LagerIcon == "" {
			t.Fatalf("lanes %+v", v)
		}
	})
	t.Run("WinnersShape", func(t *testing.T) {
		var v struct{ List []WinnerView }
		_ = json.Unmarshal(decode(t, get(t, h, "/wps/relay/winners?gameCategory=ALL&language=TY&limitNum=20&kind=BIG")).Value, &v)
		if len(v.List) != 20 || v.List[0].Rank != 1 || v.List[0].Vo.CustomerName == "" {
			t.Fatalf("winners %+v", v)
		}
	})
	t.Run("MenusShape", func(t *testing.T) {
		var v []Menu
		_ = json.Unmarshal(decode(t, get(t, h, "/lgw/games/game_menus")).Value, &v)
		if len(v) == 0 || v[0].MenuCode == "" {
			t.Fatalf("menus %+v", v)
		}
	})
	t.Run("CacheInvalidatedByWrite", func(t *testing.T) {
		url := "/wps/relay/gameList?keyword=Bagong%20Salta"
		var before, after GamePage
		_ = json.Unmarshal(decode(t, get(t, h, url)).Value, &before)
		if _, err := svc.PutGame(context.Background(), Game{Name: "Bagong Salta", VendorCode: "JL", GameType: "RNG", GameCode: "JL_BAGONG_SALTA"}); err != nil {
			t.Fatal(err)
		}
		_ = json.Unmarshal(decode(t, get(t, h, url)).Value, &after)
		if before.Total != 0 || after.Total != 1 {
			t.Fatalf("before %d after %d", before.Total, after.Total)
		}
	})
	t.Run("GameArtCacheable", func(t *testing.T) {
		w := get(t, h, "/art/game/10001.svg")
		if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" || w.Header().Get("Cache-Control") != "public, max-age=86400" {
			t.Fatalf("%d %v", w.Code, w.Header())
		}
		body := w.Body.String()
		if !strings.HasPrefix(body, "<svg") || !strings.Contains(body, "Perlas ng Silangan") || len(body) > 8<<10 {
			t.Fatalf("svg %d bytes: %.200s", len(body), body)
		}
		etag := w.Header().Get("ETag")
		if etag == "" {
			t.Fatal("no ETag")
		}
		if w2 := get(t, h, "/art/game/10001.svg", "If-None-Match", etag); w2.Code != http.StatusNotModified || w2.Body.Len() != 0 {
			t.Fatalf("conditional get: %d", w2.Code)
		}
		if w3 := get(t, h, "/art/game/10001.svg"); w3.Body.String() != body {
			t.Fatal("art not deterministic")
		}
	})
	t.Run("VendorArtWordmark", func(t *testing.T) {
		w := get(t, h, "/art/vendor/tcg_lotto_vn.svg")
		if w.Code != 200 || !strings.Contains(w.Body.String(), "TCG LOTTO VN") {
			t.Fatalf("%d %.300s", w.Code, w.Body.String())
		}
	})
}

func TestAllGameArtIsWellFormed(t *testing.T) {
	svc, _ := sqliteDemo(t)
	c, _ := svc.Catalog(context.Background())
	for _, g := range c.games {
		svg := GameArt(g)
		if len(svg) > 8<<10 {
			t.Fatalf("%s art is %d bytes", g.GameCode, len(svg))
		}
		if err := xmlWellFormed(svg); err != nil {
			t.Fatalf("%s art: %v", g.GameCode, err)
		}
	}
	for _, v := range c.vendors {
		if err := xmlWellFormed(VendorArt(v)); err != nil {
			t.Fatalf("%s vendor art: %v", v.Code, err)
		}
	}
}

func TestHTTPConcurrentReadsDuringWrites(t *testing.T) {
	svc, h := newTestServer(t)
	ctx := context.Background()
	done := make(chan struct{})
	errs := make(chan string, 8)
	for i := 0; i < 4; i++ {
		go func() {
			for {
				select {
				case <-done:
					errs <- ""
					return
				default:
				}
				req := httptest.NewRequest("GET", "/wps/relay/gameList?gameType=RNG&pageSize=5", nil)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					errs <- w.Body.String()
					return
				}
			}
		}()
	}
	for i := 0; i < 10; i++ {
		code := "JL_RACE_" + string(rune('A'+i))
		if _, err := svc.PutGame(ctx, Game{Name: "Race Night " + string(rune('A'+i)), VendorCode: "JL", GameType: "RNG", GameCode: code}); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	for i := 0; i < 4; i++ {
		if e := <-errs; e != "" {
			t.Fatalf("read failed during writes: %s", e)
		}
	}
	c, _ := svc.Catalog(ctx)
	if p := c.ListGames(ListFilter{Keyword: "race jl_race", PageNo: 1, PageSize: 24}); p.Total != 0 {
		t.Fatalf("keyword matched codes, not names: %d", p.Total)
	}
	if p := c.ListGames(ListFilter{Keyword: "race", PageNo: 1, PageSize: 24}); p.Total != 10 {
		t.Fatalf("want 10 race games, got %d", p.Total)
	}
}
