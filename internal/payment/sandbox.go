package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// SandboxCode is the sandbox provider's code in routes and deposit methods.
const SandboxCode = "sandbox"

// MaxCallbackBytes caps a webhook body.
const MaxCallbackBytes = 64 << 10

// Sandbox is the adapter for the in-binary sandbox provider. It talks to the
// provider over real HTTP like any other provider would: Base yields the
// server's own base URL (http://127.0.0.1:8080, or PALARO_SANDBOX_PAY_URL),
// read at call time because the listening port is known only once serving.
type Sandbox struct {
	Secret []byte
	Base   func() string
	Client *http.Client
	Clock  clock.Clock
}

// NewSandbox returns the adapter.
func NewSandbox(secret string, base func() string, clk clock.Clock) *Sandbox {
	return &Sandbox{Secret: []byte(secret), Base: base, Client: &http.Client{Timeout: 10 * time.Second}, Clock: clk}
}

func (s *Sandbox) Code() string { return SandboxCode }

// apiPayment is the body of POST /sandbox/api/payments.
type apiPayment struct {
	OrderNo   string `json:"orderNo"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	ReturnURL string `json:"returnUrl"`
	NotifyURL string `json:"notifyUrl"`
	Language  string `json:"language,omitempty"`
}

type apiPaymentReply struct {
	Ref    string `json:"ref"`
	PayURL string `json:"payUrl"`
}

// CreatePayment opens a hosted payment. PayURL is a site path
// (/sandbox/pay/<ref>) so the browser opens it on the origin it already uses.
func (s *Sandbox) CreatePayment(ctx context.Context, req PaymentRequest) (PaymentSession, error) {
	var out apiPaymentReply
	if err := s.call(ctx, http.MethodPost, "/sandbox/api/payments", apiPayment(req), &out); err != nil {
		return PaymentSession{}, err
	}
	return PaymentSession{ProviderRef: out.Ref, PayURL: out.PayURL}, nil
}

// webhook is the body the sandbox posts to the NotifyURL.
type webhook struct {
	EventID  string `json:"eventId"`
	Type     string `json:"type"` // "payment"
	OrderNo  string `json:"orderNo"`
	Ref      string `json:"ref"`
	Status   string `json:"status"` // PAID or FAILED
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	At       int64  `json:"at"` // Unix ms
}

// ParseCallback verifies the X-Sandbox-Signature of a webhook over its raw
// body and decodes it.
func (s *Sandbox) ParseCallback(r *http.Request) (Callback, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxCallbackBytes+1))
	if err != nil || len(body) > MaxCallbackBytes {
		return Callback{}, ErrBadCallback
	}
	if err := Verify(s.Secret, r.Header.Get(SignatureHeader), body, s.Clock.Now()); err != nil {
		return Callback{}, err
	}
	return DecodeWebhook(body)
}

// DecodeWebhook reads a (verified) sandbox webhook body.
func DecodeWebhook(body []byte) (Callback, error) {
	var w webhook
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Callback{}, ErrBadCallback
	}
	switch {
	case w.Type != "payment",
		w.Status != StatusPaid && w.Status != StatusFailed,
		!token(w.EventID, 100), !token(w.OrderNo, 64), !token(w.Ref, 64),
		w.Amount <= 0, !currencyLike(w.Currency):
		return Callback{}, ErrBadCallback
	}
	return Callback{OrderNo: w.OrderNo, ProviderRef: w.Ref, Status: w.Status, Amount: w.Amount, Currency: w.Currency,
		EventID: w.EventID, At: time.UnixMilli(w.At)}, nil
}

// EncodeWebhook is the body of a sandbox webhook (the sandbox server and
// tests use it).
func EncodeWebhook(c Callback) []byte {
	b, _ := json.Marshal(webhook{EventID: c.EventID, Type: "payment", OrderNo: c.OrderNo, Ref: c.ProviderRef,
		Status: c.Status, Amount: c.Amount, Currency: c.Currency, At: c.At.UnixMilli()})
	return b
}

// apiPayout is the body of POST /sandbox/api/payouts.
type apiPayout struct {
	OrderNo   string        `json:"orderNo"`
	Amount    int64         `json:"amount"`
	Currency  string        `json:"currency"`
	Decimals  int           `json:"decimals"`
	Account   PayoutAccount `json:"account"`
	NotifyURL string        `json:"notifyUrl"`
}

type apiPayoutReply struct {
	Ref    string `json:"ref"`
	Status string `json:"status"`
}

// CreatePayout pays out at once: PAID, or FAILED when the amount's minor
// units end in 13 (100.13). Repeating an order number returns the first result.
func (s *Sandbox) CreatePayout(ctx context.Context, req PayoutRequest) (PayoutResult, error) {
	var out apiPayoutReply
	if err := s.call(ctx, http.MethodPost, "/sandbox/api/payouts", apiPayout(req), &out); err != nil {
		return PayoutResult{}, err
	}
	return PayoutResult{ProviderRef: out.Ref, Status: out.Status}, nil
}

// PayoutStatus reads a payout; an unknown order is apperr NotFound payment.unknown_payout.
func (s *Sandbox) PayoutStatus(ctx context.Context, orderNo string) (PayoutResult, error) {
	var out apiPayoutReply
	if err := s.call(ctx, http.MethodGet, "/sandbox/api/payouts/"+url.PathEscape(orderNo), nil, &out); err != nil {
		return PayoutResult{}, err
	}
	return PayoutResult{ProviderRef: out.Ref, Status: out.Status}, nil
}

// apiReply is the sandbox API's answer.
type apiReply struct {
	OK    bool            `json:"ok"`
	Error string          `json:"error,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
}

// call signs and sends one API request. Transport failures and 5xx are
// payment.unavailable; a 404 is payment.unknown_payout.
func (s *Sandbox) call(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return apperr.Internal(err, "encode sandbox request")
		}
	}
	base := strings.TrimRight(s.Base(), "/")
	req, err := http.NewRequestWithContext(ctx, method, base+path, bytes.NewReader(body))
	if err != nil {
		return ErrUnavailable.With("reason", "request")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, Sign(s.Secret, apiMessage(method, path, body), s.Clock.Now()))
	res, err := s.Client.Do(req)
	if err != nil {
		return ErrUnavailable.With("reason", "transport")
	}
	defer res.Body.Close()
	var rep apiReply
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&rep); err != nil {
		return ErrUnavailable.With("reason", "answer")
	}
	switch {
	case res.StatusCode == http.StatusNotFound:
		return ErrUnknownPayout
	case res.StatusCode != http.StatusOK || !rep.OK:
		return ErrUnavailable.With("reason", rep.Error)
	}
	if err := json.Unmarshal(rep.Value, out); err != nil {
		return ErrUnavailable.With("reason", "answer")
	}
	return nil
}

// ErrUnknownPayout: the provider has no payout for the order.
var ErrUnknownPayout = apperr.NotFound("payment.unknown_payout")

func init() {
	apperr.Register("payment.unknown_payout", map[string]string{
		"EN": "The payment provider has no payout for this order.",
		"TY": "Walang payout ang payment provider para sa order na ito.",
	})
}

func token(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func currencyLike(s string) bool {
	if len(s) < 3 || len(s) > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
			return false
		}
	}
	return true
}
