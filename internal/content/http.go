package content

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves announcements, the help centre and banner/promotion art.
type Handler struct{ svc *Service }

func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/relay/announcements", h.announcements)
	mux.HandleFunc("GET /wps/system/helpCenter", h.helpCenter)
	mux.HandleFunc("GET /art/banner/{file}", h.bannerArt)
	mux.HandleFunc("GET /art/promo/{file}", h.promoArt)
	mux.HandleFunc("GET "+ImagePath+"{file}", h.uploaded)
}

// uploaded serves a picture an operator uploaded. Its name is its hash, so
// it never changes and may be cached for good.
func (h *Handler) uploaded(w http.ResponseWriter, r *http.Request) {
	ct, data, ok, err := h.svc.Image(r.Context(), r.PathValue("file"))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !ok {
		httpx.Fail(w, r, apperr.NotFound("request.not_found"))
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", ct)
	hd.Set("Content-Length", strconv.Itoa(len(data)))
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'")
	_, _ = w.Write(data)
}

// language reads ?language= (or ?lang=): a known code, else 400
// request.invalid_language; absent, the caller's header language.
func language(r *http.Request) (string, error) {
	q := r.URL.Query()
	for _, k := range []string{"language", "lang"} {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			v = strings.ToUpper(v)
			if len(v) > 8 || !brand.IsLanguage(v) {
				return "", apperr.Invalid("request.invalid_language")
			}
			return v, nil
		}
	}
	return httpx.Lang(r), nil
}

func (h *Handler) announcements(w http.ResponseWriter, r *http.Request) {
	lang, err := language(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	rawTypes := q.Code("types", "", 32)
	q.OneOf("platform", "W", "W")
	execution := q.OneOf("execution", "", Executions...)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var types []string
	if rawTypes != "" {
		for _, t := range strings.Split(rawTypes, ",") {
			t = strings.ToUpper(strings.TrimSpace(t))
			if !contains(Types, t) {
				httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "types"))
				return
			}
			if !contains(types, t) {
				types = append(types, t)
			}
		}
	}
	v, err := h.svc.Announcements(r.Context(), Query{Types: types, Execution: execution, Language: lang})
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, v)
}

func (h *Handler) helpCenter(w http.ResponseWriter, r *http.Request) {
	lang, err := language(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	q.OneOf("device", "WEB", "WEB")
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	sections, err := h.svc.HelpCenter(r.Context(), lang)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"sections": sections})
}

// artID parses "{id}.svg".
func artID(file string) (int64, bool) {
	s, ok := strings.CutSuffix(file, ".svg")
	if !ok || !isDigits(s) {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

func (h *Handler) bannerArt(w http.ResponseWriter, r *http.Request) {
	id, ok := artID(r.PathValue("file"))
	if !ok {
		httpx.Fail(w, r, apperr.NotFound("request.not_found"))
		return
	}
	b, found, err := h.svc.Banner(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !found {
		b = Banner{ID: id, GroupName: "w_home"}
	}
	brand.WriteSVG(w, BannerSVG(b), 3600)
}

func (h *Handler) promoArt(w http.ResponseWriter, r *http.Request) {
	id, ok := artID(r.PathValue("file"))
	if !ok {
		httpx.Fail(w, r, apperr.NotFound("request.not_found"))
		return
	}
	a, found, err := h.svc.Promotion(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !found {
		a = Announcement{ID: id, Category: "EVENT"}
	}
	brand.WriteSVG(w, PromoSVG(a), 3600)
}
