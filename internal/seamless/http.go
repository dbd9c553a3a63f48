package seamless

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"

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
	out := resp.encode()
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

// encode is json.Marshal(r), written out by hand: every callback answers
// one, and reflection was most of that cost (TestResponseEncode holds it to
// json.Marshal's bytes).
func (r Response) encode() []byte {
	b := make([]byte, 0, 192)
	b = appendJSONString(append(b, `{"status":`...), r.Status)
	for _, f := range [...]struct{ name, v string }{{`,"code":`, r.Code}, {`,"message":`, r.Message}} {
		if f.v != "" {
			b = appendJSONString(append(b, f.name...), f.v)
		}
	}
	if r.Balance != nil {
		b = strconv.AppendInt(append(b, `,"balance":`...), *r.Balance, 10)
	}
	for _, f := range [...]struct{ name, v string }{{`,"currency":`, r.Currency}, {`,"txId":`, r.TxID}, {`,"platformTxId":`, r.PlatformTxID}, {`,"roundStatus":`, r.RoundStatus}} {
		if f.v != "" {
			b = appendJSONString(append(b, f.name...), f.v)
		}
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string; anything but plain
// printable ASCII goes through encoding/json, for its escapes.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}
