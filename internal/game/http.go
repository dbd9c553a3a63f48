package game

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the catalogue reads of docs/api.md ("Games reads") and the
// generated game and vendor art.
type Handler struct {
	svc   *Service
	cache *responseCache
}

// NewHandler builds the HTTP adapter; cacheEntries bounds the response
// cache (<= 0 means DefaultCacheEntries).
func NewHandler(svc *Service, cacheEntries int) *Handler {
	return &Handler{svc: svc, cache: newResponseCache(cacheEntries, DefaultCacheBytes)}
}

// Register adds the routes.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /lgw/games/game_menus", h.gameMenus)
	mux.HandleFunc("GET /wps/relay/gameList", h.gameList)
	mux.HandleFunc("GET /wps/relay/hotGames", h.hotGames)
	mux.HandleFunc("GET /wps/relay/vendorLanes", h.vendorLanes)
	mux.HandleFunc("GET /wps/relay/winners", h.winners)
	mux.HandleFunc("GET /wps/relay/vendorTypes", h.vendorTypes)
	mux.HandleFunc("GET /wps/relay/newVendors", h.newVendors)
	mux.HandleFunc("GET /art/game/{file}", h.gameArt)
	mux.HandleFunc("GET /art/vendor/{file}", h.vendorArt)
}

// Parameters every read accepts and checks for shape only: the platform is
// single-brand, so merchant and client hints do not change the answer.
func commonParams(q *httpx.Query) {
	q.Int("clientType", 0, 0, 99)
	q.Code("platform", "", 64)
	q.Code("merchant", "", 64)
	q.Code("merchantCode", "", 64)
	q.Int("isPlatform", 0, 0, 9)
	q.Code("device", "", 16)
}

// checkLanguage: language (or lang) must be a known code when given.
func checkLanguage(q *httpx.Query) error {
	for _, name := range [...]string{"language", "lang"} {
		raw := q.Value(name)
		if raw == "" {
			continue
		}
		if _, ok := NormalizeLanguage(raw); !ok {
			return apperr.Invalid("request.invalid_language").With("name", name)
		}
	}
	return nil
}

// gameType reads an optional category code ("" or ALL means every category).
func gameTypeParam(q *httpx.Query, name string) (string, error) {
	raw := strings.ToUpper(q.Code(name, "", 16))
	if raw == "" || raw == "ALL" {
		return "", nil
	}
	if _, ok := CategoryByCode(raw); !ok {
		return "", apperr.Invalid("game.unknown_category").With("name", name)
	}
	return raw, nil
}

// vendorsParam reads one vendor code or a comma list, upper-cased, sorted, unique.
func vendorsParam(q *httpx.Query) ([]string, error) {
	raw := q.Code("vassalage", "", 400)
	if raw == "" {
		return nil, nil
	}
	parts := strings.Split(strings.ToUpper(raw), ",")
	out := parts[:0]
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if len(p) > 32 {
			return nil, apperr.Invalid("request.invalid_param").With("name", "vassalage")
		}
		out = append(out, p)
	}
	if len(out) > 32 {
		return nil, apperr.Invalid("request.invalid_param").With("name", "vassalage")
	}
	sort.Strings(out)
	uniq := out[:0]
	for i, p := range out {
		if i == 0 || p != out[i-1] {
			uniq = append(uniq, p)
		}
	}
	return uniq, nil
}

// parseListFilter validates and normalises gameList's query.
func parseListFilter(r *http.Request) (ListFilter, error) {
	q := httpx.NewQuery(r)
	commonParams(q)
	f := ListFilter{
		PageNo:      q.Int("pageNo", 1, 1, 100000),
		PageSize:    q.Int("pageSize", DefaultPageSize, 1, MaxPageSize),
		Keyword:     Fold(q.Text("keyword", "", MaxKeywordRunes)),
		SubCategory: q.OneOf("subCategory", "", SubCategories...),
		Selection:   q.OneOf("selectionType", SelectAll, SelectAll, SelectHot, SelectNew),
	}
	gt, gtErr := gameTypeParam(q, "gameType")
	vendors, vErr := vendorsParam(q)
	if err := firstErr(q.Err(), gtErr, vErr, checkLanguage(q)); err != nil {
		return ListFilter{}, err
	}
	f.GameType, f.Vendors = gt, vendors
	return f, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (h *Handler) gameList(w http.ResponseWriter, r *http.Request) {
	f, err := parseListFilter(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var kb [128]byte
	key := append(kb[:0], "gl|"...)
	key = append(key, f.GameType...)
	key = append(key, '|')
	for _, v := range f.Vendors {
		key = append(key, v...)
		key = append(key, ',')
	}
	key = append(key, '|')
	key = append(key, f.SubCategory...)
	key = append(key, '|')
	key = append(key, f.Selection...)
	key = append(key, '|')
	key = strconv.AppendInt(key, int64(f.PageNo), 10)
	key = append(key, '|')
	key = strconv.AppendInt(key, int64(f.PageSize), 10)
	key = append(key, '|')
	key = append(key, f.Keyword...)
	h.serve(w, r, key, func(c *Catalog) any { return c.ListGames(f) })
}

func (h *Handler) hotGames(w http.ResponseWriter, r *http.Request) {
	q := httpx.NewQuery(r)
	commonParams(q)
	limit := q.Int("limit", DefaultHotLimit, 1, MaxHotLimit)
	gt, gtErr := gameTypeParam(q, "gameType")
	vendors, vErr := vendorsParam(q)
	if err := firstErr(q.Err(), gtErr, vErr, checkLanguage(q)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	f := HotFilter{GameType: gt, Vendors: vendors, Limit: limit}
	key := "hot|" + gt + "|" + strings.Join(vendors, ",") + "|" + strconv.Itoa(limit)
	h.serve(w, r, []byte(key), func(c *Catalog) any { return map[string]any{"list": c.HotGames(f)} })
}

func (h *Handler) winners(w http.ResponseWriter, r *http.Request) {
	q := httpx.NewQuery(r)
	commonParams(q)
	kind := q.OneOf("kind", KindBig, KindBig, KindJackpot)
	limit := q.Int("limitNum", DefaultWinnerLimit, 1, MaxWinnerLimit)
	gt, gtErr := gameTypeParam(q, "gameCategory")
	if err := firstErr(q.Err(), gtErr, checkLanguage(q)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if gt == "" {
		gt = "ALL"
	}
	key := "win|" + kind + "|" + gt + "|" + strconv.Itoa(limit)
	h.serve(w, r, []byte(key), func(c *Catalog) any { return map[string]any{"list": c.Winners(kind, gt, limit)} })
}

// simple serves a read with no parameters beyond the common ones.
func (h *Handler) simple(w http.ResponseWriter, r *http.Request, key string, build func(c *Catalog) any) {
	q := httpx.NewQuery(r)
	commonParams(q)
	if err := firstErr(q.Err(), checkLanguage(q)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.serve(w, r, []byte(key), build)
}

func (h *Handler) gameMenus(w http.ResponseWriter, r *http.Request) {
	h.simple(w, r, "menus", func(c *Catalog) any { return c.Menus() })
}

func (h *Handler) vendorLanes(w http.ResponseWriter, r *http.Request) {
	h.simple(w, r, "lanes", func(c *Catalog) any { return map[string]any{"lanes": c.Lanes()} })
}

func (h *Handler) vendorTypes(w http.ResponseWriter, r *http.Request) {
	h.simple(w, r, "vtypes", func(c *Catalog) any { return map[string]any{"list": c.VendorTypes()} })
}

func (h *Handler) newVendors(w http.ResponseWriter, r *http.Request) {
	h.simple(w, r, "newv", func(c *Catalog) any { return map[string]any{"list": c.NewVendors()} })
}

var (
	hdrJSON    = []string{"application/json; charset=utf-8"}
	hdrNoStore = []string{"no-store"}
	hdrSVG     = []string{"image/svg+xml"}
	hdrPublic  = []string{"public, max-age=86400"}
)

// serve answers from the response cache of the current snapshot, building
// and encoding the value on a miss. The body is the envelope httpx.OK writes;
// a client that accepts gzip gets the entry's gzip copy (Content-Encoding:
// gzip), and every response with such a copy says Vary: Accept-Encoding.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, key []byte, build func(c *Catalog) any) {
	c, err := h.svc.Catalog(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	e, ok := h.cache.get(c.Generation, key)
	if !ok {
		body, err := encodeOK(build(c))
		if err != nil {
			httpx.Fail(w, r, apperr.Internal(err, "encode"))
			return
		}
		e = h.cache.put(c.Generation, string(key), body, "", true)
	}
	hd := w.Header()
	hd["Content-Type"] = hdrJSON
	hd["Cache-Control"] = hdrNoStore
	body, length := e.body, e.length
	if e.gz != nil {
		// The gzip copy was made once when the entry was cached.
		if httpx.AcceptsGzip(r) {
			body, length = e.gz, e.gzLength
			httpx.SetGzipHeaders(hd)
		} else {
			httpx.SetVary(hd)
		}
	}
	hd["Content-Length"] = length
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// encodeOK is the success envelope, byte for byte as httpx.OK writes it.
func encodeOK(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(httpx.Envelope{Success: true, Code: "ok", Value: v}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (h *Handler) gameArt(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	id, err := strconv.ParseInt(name, 10, 64)
	if !ok || err != nil || id <= 0 {
		httpx.Fail(w, r, apperr.NotFound("game.not_found"))
		return
	}
	h.art(w, r, "art|g|"+name, func(c *Catalog) ([]byte, error) {
		g, found := c.Game(id)
		if !found {
			return nil, apperr.NotFound("game.not_found")
		}
		return GameArt(g), nil
	})
}

func (h *Handler) vendorArt(w http.ResponseWriter, r *http.Request) {
	code, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	code = strings.ToUpper(code)
	if !ok || !isCatalogCode(code, 32) {
		httpx.Fail(w, r, apperr.NotFound("game.vendor_not_found"))
		return
	}
	h.art(w, r, "art|v|"+code, func(c *Catalog) ([]byte, error) {
		v, found := c.Vendor(code)
		if !found {
			return nil, apperr.NotFound("game.vendor_not_found")
		}
		return VendorArt(v), nil
	})
}

func (h *Handler) art(w http.ResponseWriter, r *http.Request, key string, build func(c *Catalog) ([]byte, error)) {
	c, err := h.svc.Catalog(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	e, ok := h.cache.get(c.Generation, []byte(key))
	if !ok {
		body, err := build(c)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		e = h.cache.put(c.Generation, key, body, etagOf(body), false)
	}
	hd := w.Header()
	hd["Cache-Control"] = hdrPublic
	hd["Etag"] = e.etag
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, e.etag[0]) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd["Content-Type"] = hdrSVG
	hd["Content-Length"] = e.length
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.body)
}
