package brand

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/brand/qr"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the system endpoints, brand art and customer-service links.
type Handler struct {
	svc  *Service
	edge Edge
}

func NewHandler(svc *Service, edge Edge) *Handler { return &Handler{svc: svc, edge: edge} }

// Routes registers the brand's routes on mux.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/system/status", h.status)
	mux.HandleFunc("GET /wps/system/whitelabel", h.whitelabel)
	mux.HandleFunc("GET /wps/system/setting/register", h.register)
	mux.HandleFunc("GET /wps/system/domainRoute", h.domainRoute)
	mux.HandleFunc("GET /cs/{token}", h.customerService)
	mux.HandleFunc("GET /art/brand/logo.svg", h.logo)
	mux.HandleFunc("GET /art/brand/logo-light.svg", h.logoLight)
	mux.HandleFunc("GET /art/brand/favicon.svg", h.favicon)
	mux.HandleFunc("GET "+AssetPrefix+"{file}", h.asset)
	mux.HandleFunc("GET /art/qr/{file}", h.qr)
}

func (h *Handler) status(w http.ResponseWriter, r *http.Request) {
	st, err := h.svc.Status(r.Context(), ClientFrom(r, h.edge))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, st)
}

func (h *Handler) whitelabel(w http.ResponseWriter, r *http.Request) {
	v, err := h.svc.Whitelabel(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, v)
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request) {
	v, err := h.svc.Register(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, v)
}

func (h *Handler) domainRoute(w http.ResponseWriter, r *http.Request) {
	v, err := h.svc.DomainRoutes(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, v)
}

// customerService redirects an opaque customer-service token to its target.
func (h *Handler) customerService(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	if len(token) > 64 || !codeLike(token) {
		httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "token"))
		return
	}
	target, err := h.svc.ServiceTarget(r.Context(), token)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusFound)
}

func (h *Handler) logo(w http.ResponseWriter, r *http.Request) {
	c, err := h.svc.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	WriteSVG(w, LogoSVG(c.BrandName), 300)
}

func (h *Handler) logoLight(w http.ResponseWriter, r *http.Request) {
	c, err := h.svc.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	WriteSVG(w, LogoLightSVG(c.BrandName), 300)
}

func (h *Handler) favicon(w http.ResponseWriter, r *http.Request) {
	WriteSVG(w, FaviconSVG(), 86400)
}

// qr draws a scannable QR code for an app-link resource (Android, iOS, LITE).
func (h *Handler) qr(w http.ResponseWriter, r *http.Request) {
	kind, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	if !ok || kind == "" || len(kind) > 16 || !codeLike(kind) {
		httpx.Fail(w, r, apperr.NotFound("request.not_found"))
		return
	}
	res, err := h.svc.Resource(r.Context(), kind)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	code, err := qr.Encode([]byte(res.URL))
	if err != nil {
		httpx.Fail(w, r, apperr.Invalid("brand.qr_too_long"))
		return
	}
	WriteSVG(w, code.SVG("#0E1525", "#FFFFFF"), 300)
}

// WriteSVG answers an SVG image cacheable for maxAge seconds.
func WriteSVG(w http.ResponseWriter, svg string, maxAge int) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(maxAge))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write([]byte(svg))
}

// CDNAlias serves each prefix (e.g. /cdn/a) as an alias of the site's art:
// /cdn/a/art/game/1.svg is answered by mux as /art/game/1.svg. Only /art/
// paths are reachable this way.
func CDNAlias(mux *http.ServeMux, prefixes ...string) {
	for _, p := range prefixes {
		p = strings.TrimSuffix(p, "/")
		mux.Handle("GET "+p+"/", http.StripPrefix(p, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasPrefix(r.URL.Path, "/art/") {
				http.NotFound(w, r)
				return
			}
			r.Pattern = ""
			mux.ServeHTTP(w, r)
		})))
	}
}
