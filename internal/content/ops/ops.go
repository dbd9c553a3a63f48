// Package contentops serves the operator routes that edit the storefront's
// content (/ops/v1/content): banners by group and their order, notices,
// headlines, popups and promotions, the help centre, picture uploads and a
// sanitising preview. Every change is audited with before and after. It
// sits apart from package content, which the storefront's handlers use.
package contentops

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// ChangeAuditor writes one audit row with the state before and after.
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// Handler serves /ops/v1/content.
type Handler struct {
	svc     *content.Service
	guard   operator.Guard
	auditor ChangeAuditor
}

func NewHandler(svc *content.Service, auth operator.Authenticator, auditor ChangeAuditor) *Handler {
	return &Handler{svc: svc, guard: operator.Guard{Auth: auth}, auditor: auditor}
}

// RoutePerms is the permission each route needs. Reading needs
// content.write too: the list holds scheduled and switched-off items the
// storefront does not show yet, and only editors work on this screen.
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/content":                       operator.PermContentWrite,
	"POST /ops/v1/content/banners":              operator.PermContentWrite,
	"PUT /ops/v1/content/banners/{id}":          operator.PermContentWrite,
	"DELETE /ops/v1/content/banners/{id}":       operator.PermContentWrite,
	"PUT /ops/v1/content/banner-order":          operator.PermContentWrite,
	"POST /ops/v1/content/announcements":        operator.PermContentWrite,
	"PUT /ops/v1/content/announcements/{id}":    operator.PermContentWrite,
	"DELETE /ops/v1/content/announcements/{id}": operator.PermContentWrite,
	"PUT /ops/v1/content/help/{key}":            operator.PermContentWrite,
	"DELETE /ops/v1/content/help/{key}":         operator.PermContentWrite,
	"POST /ops/v1/content/images":               operator.PermContentWrite,
	"POST /ops/v1/content/preview":              operator.PermContentWrite,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/content":                       h.list,
		"POST /ops/v1/content/banners":              h.createBanner,
		"PUT /ops/v1/content/banners/{id}":          h.updateBanner,
		"DELETE /ops/v1/content/banners/{id}":       h.deleteBanner,
		"PUT /ops/v1/content/banner-order":          h.orderBanners,
		"POST /ops/v1/content/announcements":        h.createAnnouncement,
		"PUT /ops/v1/content/announcements/{id}":    h.updateAnnouncement,
		"DELETE /ops/v1/content/announcements/{id}": h.deleteAnnouncement,
		"PUT /ops/v1/content/help/{key}":            h.putHelp,
		"DELETE /ops/v1/content/help/{key}":         h.deleteHelp,
		"POST /ops/v1/content/images":               h.upload,
		"POST /ops/v1/content/preview":              h.preview,
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

func (h *Handler) audit(ctx context.Context, c operator.Caller, action, targetType, targetID string, before, after any) {
	if h.auditor == nil {
		return
	}
	if err := h.auditor.AuditChange(context.WithoutCancel(ctx), c, action, targetType, targetID, "", before, after); err != nil {
		// The change has committed; a lost audit row is logged loudly rather than undone.
		slog.ErrorContext(ctx, "content audit not written", "action", action, "err", err)
	}
}

func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, content.ErrNotFound
	}
	return id, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	v, err := h.svc.All(r.Context())
	httpx.Respond(w, r, v, err)
}

// BannerInput is a banner as the console sends it.
type BannerInput struct {
	GroupName   string       `json:"groupName"`
	Sequence    int          `json:"sequence"`
	Title       content.Text `json:"title"`
	URL         string       `json:"url"`
	LinkageType string       `json:"linkageType"`
	LinkTarget  string       `json:"linkTarget"`
	StartTime   int64        `json:"startTime"`
	EndTime     int64        `json:"endTime"`
	Active      *bool        `json:"active"`
}

func (in BannerInput) banner() content.Banner {
	return content.Banner{GroupName: in.GroupName, Sequence: in.Sequence, Title: in.Title, ImageURL: in.URL, LinkageType: in.LinkageType,
		LinkTarget: in.LinkTarget, StartTime: in.StartTime, EndTime: in.EndTime, Disabled: in.Active != nil && !*in.Active}
}

func (h *Handler) createBanner(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var in BannerInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	b, err := h.svc.CreateBanner(r.Context(), in.banner())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.banner.create", "banner", strconv.FormatInt(b.ID, 10), nil, b)
	httpx.OK(w, r, b)
}

func (h *Handler) updateBanner(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := pathID(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var in BannerInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.UpdateBanner(r.Context(), id, in.banner())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.banner.update", "banner", strconv.FormatInt(id, 10), before, after)
	httpx.OK(w, r, after)
}

func (h *Handler) deleteBanner(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := pathID(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, err := h.svc.DeleteBanner(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.banner.delete", "banner", strconv.FormatInt(id, 10), before, nil)
	httpx.OK(w, r, map[string]any{"deleted": id})
}

func (h *Handler) orderBanners(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var in struct {
		Group string  `json:"group"`
		IDs   []int64 `json:"ids"`
	}
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.OrderBanners(r.Context(), in.Group, in.IDs)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.banner.order", "banner_group", in.Group, map[string]any{"ids": before}, map[string]any{"ids": after})
	httpx.OK(w, r, map[string]any{"group": in.Group, "ids": after})
}

// AnnouncementInput is a notice, headline, popup or promotion as the
// console sends it (type is fixed once created).
type AnnouncementInput struct {
	Type      string          `json:"type"`
	Execution string          `json:"execution"`
	Sequence  int             `json:"sequence"`
	StartTime int64           `json:"startTime"`
	EndTime   int64           `json:"endTime"`
	Title     content.Text    `json:"title"`
	Content   content.Text    `json:"content"`
	Summary   content.Text    `json:"summary"`
	Category  string          `json:"category"`
	Images    []content.Image `json:"announcementImages"`
	// AgentTypes and Active: agent announcements (type AG) name their
	// audience (none: every agent) and may be switched off.
	AgentTypes []int `json:"agentTypes"`
	Active     *bool `json:"active"`
}

func (in AnnouncementInput) announcement() content.Announcement {
	return content.Announcement{Type: in.Type, Execution: in.Execution, Sequence: in.Sequence, StartTime: in.StartTime, EndTime: in.EndTime,
		Title: in.Title, Content: in.Content, Summary: in.Summary, Category: in.Category, Images: in.Images, AgentTypes: in.AgentTypes,
		Disabled: in.Active != nil && !*in.Active}
}

func (h *Handler) createAnnouncement(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var in AnnouncementInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.svc.CreateAnnouncement(r.Context(), in.announcement())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.announcement.create", "announcement", strconv.FormatInt(a.ID, 10), nil, a)
	httpx.OK(w, r, a)
}

func (h *Handler) updateAnnouncement(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := pathID(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var in AnnouncementInput
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.UpdateAnnouncement(r.Context(), id, in.announcement())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.announcement.update", "announcement", strconv.FormatInt(id, 10), before, after)
	httpx.OK(w, r, after)
}

func (h *Handler) deleteAnnouncement(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := pathID(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, err := h.svc.DeleteAnnouncement(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.announcement.delete", "announcement", strconv.FormatInt(id, 10), before, nil)
	httpx.OK(w, r, map[string]any{"deleted": id})
}

func (h *Handler) putHelp(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var in struct {
		Sort    int          `json:"sort"`
		Title   content.Text `json:"title"`
		Content content.Text `json:"content"`
	}
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	key := r.PathValue("key")
	before, after, err := h.svc.PutHelp(r.Context(), content.HelpSection{Key: key, Sort: in.Sort, Title: in.Title, Content: in.Content})
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var b any
	if before != nil {
		b = before
	}
	h.audit(r.Context(), c, "content.help.update", "help", key, b, after)
	httpx.OK(w, r, after)
}

func (h *Handler) deleteHelp(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	key := r.PathValue("key")
	before, err := h.svc.DeleteHelp(r.Context(), key)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.help.delete", "help", key, before, nil)
	httpx.OK(w, r, map[string]any{"deleted": key})
}

// upload stores a picture checked by its content (PNG or JPEG by magic
// bytes, decodable, at most content.MaxImageBytes and MaxImageSide).
func (h *Handler) upload(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	if err := httpx.ParseMultipart(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	img, err := httpx.FormImage(r, "image", content.MaxImageBytes, true)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	url, err := h.svc.SaveImage(r.Context(), img)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "content.image.upload", "image", url, nil,
		map[string]any{"url": url, "type": img.ContentType, "bytes": len(img.Data), "name": img.Name})
	httpx.OK(w, r, map[string]any{"url": url})
}

// MaxPreviewRunes bounds the HTML a preview sanitises (the content limit).
const MaxPreviewRunes = 64 << 10

// preview answers the HTML exactly as the storefront receives it.
func (h *Handler) preview(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	var in struct {
		HTML string `json:"html"`
	}
	if err := httpx.DecodeJSONStrict(r, &in); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if utf8.RuneCountInString(in.HTML) > MaxPreviewRunes {
		httpx.Fail(w, r, content.ErrTooLong.With("field", "content").With("language", "-").With("max", MaxPreviewRunes))
		return
	}
	httpx.OK(w, r, map[string]string{"html": content.Sanitize(in.HTML)})
}
