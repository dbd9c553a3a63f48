package seamless

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/palaro/palaro/internal/vendorwallet"
)

// Handler serves the callback API to vendors' servers.
type Handler struct{ svc *Service }

// NewHandler returns the callback handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers POST /lgw/vendor/{vendor}/wallet/{op}.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /lgw/vendor/{vendor}/wallet/{op}", h.callback)
}

func (h *Handler) callback(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var status int
	var resp Response
	if err != nil {
		status, resp = answer(fail(CodeInvalidRequest, "body too large or unreadable"))
	} else {
		status, resp = h.svc.Serve(r.Context(), r.PathValue("vendor"), r.PathValue("op"), r.Header.Get(vendorwallet.SignatureHeader), body)
	}
	out, _ := json.Marshal(resp)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	// Answers are signed with the vendor's secret so a vendor can tell ours
	// from a forgery (same scheme as the requests).
	if secret, err := h.svc.knownSecret(r.PathValue("vendor")); err == nil {
		w.Header().Set(vendorwallet.SignatureHeader, vendorwallet.Sign(secret, h.svc.clock.Now(), out))
	}
	w.WriteHeader(status)
	_, _ = w.Write(out)
}
