// Package brandops serves the operator routes that read and change the
// brand (/ops/v1/brand): the whole document under a version, so two
// operators editing at once cannot overwrite each other, and the
// maintenance switch. Each change is audited with what it changed, before
// and after. It sits apart from package brand, which the operator package
// itself reads.
package brandops

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"sort"
	"strings"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves /ops/v1/brand.
type Handler struct {
	brands  *brand.Service
	guard   operator.Guard
	auditor operator.Auditor
}

func NewHandler(brands *brand.Service, auth operator.Authenticator, auditor operator.Auditor) *Handler {
	return &Handler{brands: brands, guard: operator.Guard{Auth: auth}, auditor: auditor}
}

// RoutePerms is the permission each route needs (the authorization test
// walks it for every role).
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/brand":              operator.PermBrandRead,
	"PUT /ops/v1/brand":              operator.PermBrandWrite,
	"POST /ops/v1/brand/maintenance": operator.PermBrandWrite,
	"POST /ops/v1/brand/logo":        operator.PermBrandWrite,
}

// ErrInvalidReason: a change needs a reason of 3 to 200 characters.
var ErrInvalidReason = apperr.Invalid("brand.invalid_reason")

func init() {
	apperr.Register("brand.invalid_reason", map[string]string{
		"EN": "Give a reason of 3 to 200 characters.",
		"TY": "Magbigay ng dahilan na 3 hanggang 200 titik.",
	})
}

func (h *Handler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/brand":              h.get,
		"PUT /ops/v1/brand":              h.put,
		"POST /ops/v1/brand/maintenance": h.maintenance,
		"POST /ops/v1/brand/logo":        h.logo,
	}
	for pattern, fn := range routes {
		perm, fn := RoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

// Document is the brand with its version.
type Document struct {
	Version int64        `json:"version"`
	Config  brand.Config `json:"config"`
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	c, v, err := h.brands.Versioned(r.Context())
	httpx.Respond(w, r, Document{Version: v, Config: c}, err)
}

func reasonOf(s string) (string, error) {
	s = strings.TrimSpace(s)
	if n := len([]rune(s)); n < 3 || n > 200 {
		return "", ErrInvalidReason
	}
	return s, nil
}

func (h *Handler) put(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var body struct {
		Version int64           `json:"version"`
		Config  json.RawMessage `json:"config"`
		Reason  string          `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason, err := reasonOf(body.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var cfg brand.Config
	dec := json.NewDecoder(strings.NewReader(string(body.Config)))
	dec.DisallowUnknownFields()
	if len(body.Config) == 0 || dec.Decode(&cfg) != nil {
		httpx.Fail(w, r, brand.ErrInvalidConfig.With("reason", "config is not a brand document"))
		return
	}
	before, v, err := h.brands.Update(r.Context(), cfg, body.Version)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "brand.update", before, cfg, reason)
	httpx.OK(w, r, Document{Version: v, Config: cfg})
}

// logo stores an uploaded image (multipart field "image": PNG or JPEG by
// its bytes, at most brand.MaxLogoBytes) and answers its address. The brand
// is not changed: the operator saves a theme naming the address, so players
// see nothing before that save.
func (h *Handler) logo(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	if err := httpx.ParseMultipart(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	img, err := httpx.FormImage(r, "image", brand.MaxLogoBytes, true)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.brands.SaveAsset(r.Context(), img.Data, c.ID)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if h.auditor != nil {
		detail := map[string]any{"after": map[string]any{"url": a.Path, "bytes": a.Bytes, "width": a.Width, "height": a.Height}}
		if err := h.auditor.Audit(context.WithoutCancel(r.Context()), c, "brand.asset", "brand", detail); err != nil {
			slog.ErrorContext(r.Context(), "brand audit not written", "action", "brand.asset", "err", err)
		}
	}
	httpx.OK(w, r, a)
}

// maintenanceTries bounds the read-change-write retries of the switch.
const maintenanceTries = 5

// maintenance switches maintenance on or off without the caller holding
// the document: another change meanwhile is read again and kept.
func (h *Handler) maintenance(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var body struct {
		On     *bool  `json:"on"`
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if body.On == nil {
		httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "on"))
		return
	}
	reason, err := reasonOf(body.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	for range maintenanceTries {
		cfg, v, err := h.brands.Versioned(r.Context())
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		if cfg.Maintenance == *body.On {
			httpx.OK(w, r, Document{Version: v, Config: cfg})
			return
		}
		next := cfg
		next.Maintenance = *body.On
		before, nv, err := h.brands.Update(r.Context(), next, v)
		if errors.Is(err, brand.ErrVersionConflict) {
			continue
		}
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		h.audit(r.Context(), c, "brand.maintenance", before, next, reason)
		httpx.OK(w, r, Document{Version: nv, Config: next})
		return
	}
	httpx.Fail(w, r, brand.ErrVersionConflict)
}

// audit records the top-level settings a change touched, before and after.
func (h *Handler) audit(ctx context.Context, c operator.Caller, action string, before, after brand.Config, reason string) {
	if h.auditor == nil {
		return
	}
	b, a := fields(before), fields(after)
	var changed []string
	bd, ad := map[string]any{}, map[string]any{}
	for k := range union(b, a) {
		if !reflect.DeepEqual(b[k], a[k]) {
			changed = append(changed, k)
			bd[k], ad[k] = b[k], a[k]
		}
	}
	sort.Strings(changed)
	detail := map[string]any{"changed": changed, "before": bd, "after": ad, "reason": reason}
	if err := h.auditor.Audit(context.WithoutCancel(ctx), c, action, "brand", detail); err != nil {
		// The change has committed; a lost audit row is logged loudly rather than undone.
		slog.ErrorContext(ctx, "brand audit not written", "action", action, "err", err)
	}
}

func fields(c brand.Config) map[string]any {
	raw, _ := json.Marshal(c)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m
}

func union(a, b map[string]any) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
