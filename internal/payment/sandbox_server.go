package payment

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// DefaultBackoff is the webhook retry schedule after a first delivery that
// did not get a 200.
var DefaultBackoff = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second, time.Minute}

// SandboxServer is the provider side of the sandbox, served by the binary in
// demo mode only: the merchant API (payments, payouts), the hosted payment
// page and the webhook sender.
type SandboxServer struct {
	store    *sandboxStore
	secret   []byte
	clock    clock.Clock
	logger   *slog.Logger
	client   *http.Client
	Merchant func(ctx context.Context) string // the name shown on the page
	Backoff  []time.Duration

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewSandboxServer returns the sandbox provider over the database.
func NewSandboxServer(d *db.DB, secret string, clk clock.Clock, logger *slog.Logger) *SandboxServer {
	if logger == nil {
		logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &SandboxServer{store: &sandboxStore{db: d}, secret: []byte(secret), clock: clk, logger: logger,
		client: &http.Client{Timeout: 10 * time.Second}, Backoff: DefaultBackoff,
		Merchant: func(context.Context) string { return "Palaro" }, ctx: ctx, cancel: cancel}
}

// Close stops pending webhook retries and waits for them.
func (s *SandboxServer) Close() {
	s.cancel()
	s.wg.Wait()
}

// Routes mounts the sandbox under /sandbox/.
func (s *SandboxServer) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /sandbox/api/payments", s.apiCreatePayment)
	mux.HandleFunc("POST /sandbox/api/payouts", s.apiCreatePayout)
	mux.HandleFunc("GET /sandbox/api/payouts/{orderNo}", s.apiPayout)
	mux.HandleFunc("GET /sandbox/pay/{ref}", s.page)
	mux.HandleFunc("POST /sandbox/pay/{ref}", s.submit)
}

// --- merchant API (signed like webhooks, over method, path and body) ---

func (s *SandboxServer) authorize(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxCallbackBytes+1))
	if err != nil || len(body) > MaxCallbackBytes {
		apiFail(w, http.StatusBadRequest, "bad_body")
		return nil, false
	}
	if err := Verify(s.secret, r.Header.Get(SignatureHeader), apiMessage(r.Method, r.URL.EscapedPath(), body), s.clock.Now()); err != nil {
		apiFail(w, http.StatusUnauthorized, "bad_signature")
		return nil, false
	}
	return body, true
}

func (s *SandboxServer) apiCreatePayment(w http.ResponseWriter, r *http.Request) {
	body, ok := s.authorize(w, r)
	if !ok {
		return
	}
	var in apiPayment
	if err := json.Unmarshal(body, &in); err != nil || !token(in.OrderNo, 64) || in.Amount <= 0 || !currencyLike(in.Currency) ||
		in.Decimals < 0 || in.Decimals > 8 || !sitePathOrHTTP(in.ReturnURL) || !strings.HasPrefix(in.NotifyURL, "http") {
		apiFail(w, http.StatusBadRequest, "bad_request")
		return
	}
	p, err := s.store.createPayment(r.Context(), sandboxPayment{Ref: "sbp_" + randomToken(12), OrderNo: in.OrderNo, Amount: in.Amount,
		Currency: in.Currency, Decimals: in.Decimals, ReturnURL: in.ReturnURL, NotifyURL: in.NotifyURL}, s.clock.Now())
	if err != nil {
		s.logger.ErrorContext(r.Context(), "sandbox payment", "err", err)
		apiFail(w, http.StatusInternalServerError, "internal")
		return
	}
	if p.Amount != in.Amount || p.Currency != in.Currency {
		apiFail(w, http.StatusConflict, "order_exists")
		return
	}
	// The hosted page speaks TY (the brand default) or EN; the player's
	// language rides on the URL so the page needs no state for it.
	payURL := "/sandbox/pay/" + p.Ref
	if lang := strings.ToUpper(in.Language); lang != "" && lang != "TY" {
		payURL += "?lang=EN"
	}
	apiOK(w, apiPaymentReply{Ref: p.Ref, PayURL: payURL})
}

func (s *SandboxServer) apiCreatePayout(w http.ResponseWriter, r *http.Request) {
	body, ok := s.authorize(w, r)
	if !ok {
		return
	}
	var in apiPayout
	if err := json.Unmarshal(body, &in); err != nil || !token(in.OrderNo, 64) || in.Amount <= 0 || !currencyLike(in.Currency) {
		apiFail(w, http.StatusBadRequest, "bad_request")
		return
	}
	status := StatusPaid
	if in.Amount%100 == 13 { // the documented failure trigger: minor units ending in 13
		status = StatusFailed
	}
	p, err := s.store.createPayout(r.Context(), sandboxPayout{OrderNo: in.OrderNo, Ref: "sbo_" + randomToken(12), Amount: in.Amount,
		Currency: in.Currency, Status: status}, in.Account, s.clock.Now())
	if err != nil {
		s.logger.ErrorContext(r.Context(), "sandbox payout", "err", err)
		apiFail(w, http.StatusInternalServerError, "internal")
		return
	}
	if p.Amount != in.Amount || p.Currency != in.Currency {
		apiFail(w, http.StatusConflict, "order_exists")
		return
	}
	apiOK(w, apiPayoutReply{Ref: p.Ref, Status: p.Status})
}

func (s *SandboxServer) apiPayout(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.authorize(w, r); !ok {
		return
	}
	p, err := s.store.payout(r.Context(), r.PathValue("orderNo"))
	if apperr.As(err).Kind == apperr.KindNotFound {
		apiFail(w, http.StatusNotFound, "unknown_payout")
		return
	}
	if err != nil {
		apiFail(w, http.StatusInternalServerError, "internal")
		return
	}
	apiOK(w, apiPayoutReply{Ref: p.Ref, Status: p.Status})
}

func apiOK(w http.ResponseWriter, v any) {
	b, _ := json.Marshal(v)
	writeAPI(w, http.StatusOK, apiReply{OK: true, Value: b})
}

func apiFail(w http.ResponseWriter, status int, code string) {
	writeAPI(w, status, apiReply{OK: false, Error: code})
}

func writeAPI(w http.ResponseWriter, status int, v apiReply) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// --- webhooks ---

// deliver sends the webhook once now; when that does not get a 200 it keeps
// trying in the background on the Backoff schedule (each attempt signed
// afresh, the same event id every time). It reports the first attempt.
func (s *SandboxServer) deliver(ctx context.Context, p sandboxPayment, status string) bool {
	body := EncodeWebhook(Callback{EventID: "evt_" + p.Ref, OrderNo: p.OrderNo, ProviderRef: p.Ref, Status: status,
		Amount: p.Amount, Currency: p.Currency, At: s.clock.Now()})
	if s.send(ctx, p.NotifyURL, body) {
		return true
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for i, d := range s.Backoff {
			select {
			case <-s.ctx.Done():
				return
			case <-time.After(d):
			}
			if s.send(s.ctx, p.NotifyURL, body) {
				return
			}
			s.logger.Warn("sandbox webhook not accepted", "order", p.OrderNo, "attempt", i+2)
		}
		s.logger.Error("sandbox webhook given up", "order", p.OrderNo)
	}()
	return false
}

func (s *SandboxServer) send(ctx context.Context, target string, body []byte) bool {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, Sign(s.secret, body, s.clock.Now()))
	res, err := s.client.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// --- hosted page ---

func (s *SandboxServer) page(w http.ResponseWriter, r *http.Request) {
	lang := pageLang(r)
	p, err := s.store.payment(r.Context(), "ref", r.PathValue("ref"))
	if err != nil {
		s.render(w, http.StatusNotFound, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["unknown"]})
		return
	}
	d := s.pageData(r.Context(), lang, p)
	if p.Status != sandboxOpen {
		d.Message = pageTexts[lang]["done_"+p.Status]
		s.render(w, http.StatusOK, d)
		return
	}
	tok := randomToken(24)
	if err := s.store.setToken(r.Context(), p.Ref, hashToken(tok), s.clock.Now()); err != nil {
		s.render(w, http.StatusInternalServerError, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["error"]})
		return
	}
	d.Token, d.Open = tok, true
	s.render(w, http.StatusOK, d)
}

func (s *SandboxServer) submit(w http.ResponseWriter, r *http.Request) {
	lang := pageLang(r)
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		s.render(w, http.StatusBadRequest, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["error"]})
		return
	}
	p, err := s.store.payment(r.Context(), "ref", r.PathValue("ref"))
	if err != nil {
		s.render(w, http.StatusNotFound, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["unknown"]})
		return
	}
	status := map[string]string{"pay": StatusPaid, "fail": StatusFailed}[r.PostForm.Get("action")]
	tok := r.PostForm.Get("token")
	if status == "" || tok == "" {
		s.render(w, http.StatusBadRequest, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["error"]})
		return
	}
	ok, err := s.store.decide(r.Context(), p.Ref, hashToken(tok), status, s.clock.Now())
	if err != nil {
		s.render(w, http.StatusInternalServerError, pageData{Lang: lang, T: pageTexts[lang], Message: pageTexts[lang]["error"]})
		return
	}
	if !ok { // spent or forged token, or decided in another tab
		d := s.pageData(r.Context(), lang, p)
		d.Message = pageTexts[lang]["used"]
		s.render(w, http.StatusForbidden, d)
		return
	}
	s.deliver(r.Context(), p, status)
	http.Redirect(w, r, p.ReturnURL, http.StatusSeeOther)
}

func (s *SandboxServer) pageData(ctx context.Context, lang string, p sandboxPayment) pageData {
	return pageData{Lang: lang, T: pageTexts[lang], Merchant: s.Merchant(ctx), OrderNo: p.OrderNo,
		Amount: formatMinor(p.Amount, p.Decimals), Currency: p.Currency, Return: p.ReturnURL}
}

func (s *SandboxServer) render(w http.ResponseWriter, status int, d pageData) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
	w.WriteHeader(status)
	if err := pageTemplate.Execute(w, d); err != nil {
		s.logger.Error("sandbox page", "err", err)
	}
}

// pageLang is EN when asked for, else TY (the brand default, as the storefront).
func pageLang(r *http.Request) string {
	if strings.EqualFold(r.URL.Query().Get("lang"), "EN") {
		return "EN"
	}
	return "TY"
}

func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

func sitePathOrHTTP(u string) bool {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		_, err := url.Parse(u)
		return err == nil
	}
	return strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")
}

// formatMinor writes minor units as a decimal with grouping ("1,234.50").
func formatMinor(v int64, decimals int) string {
	s := strings.TrimPrefix(fmtInt(v), "-")
	for len(s) <= decimals {
		s = "0" + s
	}
	whole, frac := s[:len(s)-decimals], s[len(s)-decimals:]
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if decimals > 0 {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

func fmtInt(v int64) string {
	b, _ := json.Marshal(v)
	return string(b)
}
