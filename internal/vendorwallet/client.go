package vendorwallet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Wire shapes of the protocol (docs/vendor-transfer.md). Amounts are integer
// minor units of Currency.
type (
	// TxRequest is the body of POST {base}/deposit and {base}/withdraw.
	TxRequest struct {
		TxID     string `json:"txId"`
		Player   string `json:"player"`
		Currency string `json:"currency"`
		Amount   int64  `json:"amount"`
	}
	// BalanceRequest is the body of POST {base}/balance.
	BalanceRequest struct {
		Player   string `json:"player"`
		Currency string `json:"currency"`
	}
	// StatusRequest is the body of POST {base}/status.
	StatusRequest struct {
		TxID string `json:"txId"`
	}
	// TxAnswer answers deposit, withdraw and status.
	TxAnswer struct {
		TxID    string `json:"txId"`
		Status  Status `json:"status"`
		Code    string `json:"code,omitempty"`
		Amount  int64  `json:"amount"`
		Balance int64  `json:"balance"`
	}
	// BalanceAnswer answers balance.
	BalanceAnswer struct {
		Player   string `json:"player"`
		Currency string `json:"currency"`
		Balance  int64  `json:"balance"`
	}
)

// DefaultTimeout bounds one call to a vendor.
const DefaultTimeout = 10 * time.Second

// maxAnswerBytes caps a vendor's answer.
const maxAnswerBytes = 64 << 10

// Client is a Wallet over HTTP. BaseURL is read on every call (the demo's
// sandbox learns its address only once the server listens).
type Client struct {
	BaseURL func() string // e.g. "https://vendor.example/palaro/transfer", no trailing slash
	Secret  []byte
	HTTP    *http.Client
	Clock   clock.Clock
}

// NewClient builds a client; a nil httpClient gets one with DefaultTimeout.
func NewClient(baseURL func() string, secret []byte, httpClient *http.Client, clk clock.Clock) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: DefaultTimeout}
	}
	if clk == nil {
		clk = clock.System{}
	}
	return &Client{BaseURL: baseURL, Secret: secret, HTTP: httpClient, Clock: clk}
}

func (c *Client) Deposit(ctx context.Context, p Player, amount int64, txID string) (Result, error) {
	return c.tx(ctx, "deposit", p, amount, txID)
}

func (c *Client) Withdraw(ctx context.Context, p Player, amount int64, txID string) (Result, error) {
	return c.tx(ctx, "withdraw", p, amount, txID)
}

func (c *Client) tx(ctx context.Context, op string, p Player, amount int64, txID string) (Result, error) {
	var a TxAnswer
	if err := c.call(ctx, op, TxRequest{TxID: txID, Player: p.ID, Currency: p.Currency, Amount: amount}, &a); err != nil {
		return Result{}, err
	}
	if a.TxID != txID || (a.Status != StatusSuccess && a.Status != StatusFailed) {
		return Result{}, fmt.Errorf("%w: %s answered %q for %q", ErrUnknown, op, a.Status, a.TxID)
	}
	return Result{TxID: a.TxID, Status: a.Status, Code: a.Code, Amount: a.Amount, Balance: a.Balance}, nil
}

func (c *Client) Balance(ctx context.Context, p Player) (int64, error) {
	var a BalanceAnswer
	if err := c.call(ctx, "balance", BalanceRequest{Player: p.ID, Currency: p.Currency}, &a); err != nil {
		return 0, err
	}
	if a.Player != p.ID || a.Balance < 0 {
		return 0, fmt.Errorf("%w: balance answered for %q", ErrUnknown, a.Player)
	}
	return a.Balance, nil
}

func (c *Client) Status(ctx context.Context, txID string) (Result, error) {
	var a TxAnswer
	if err := c.call(ctx, "status", StatusRequest{TxID: txID}, &a); err != nil {
		return Result{}, err
	}
	switch a.Status {
	case StatusSuccess, StatusFailed, StatusPending, StatusNotFound:
	default:
		return Result{}, fmt.Errorf("%w: status answered %q", ErrUnknown, a.Status)
	}
	if a.TxID != txID {
		return Result{}, fmt.Errorf("%w: status answered for %q", ErrUnknown, a.TxID)
	}
	return Result{TxID: a.TxID, Status: a.Status, Code: a.Code, Amount: a.Amount, Balance: a.Balance}, nil
}

// call posts a signed JSON body and decodes a signed 200 answer. Anything
// else (transport error, other status, bad signature, bad JSON) is ErrUnknown.
func (c *Client) call(ctx context.Context, op string, in, out any) error {
	return c.callLimit(ctx, op, in, out, maxAnswerBytes)
}

// callLimit is call with a cap on the answer's size (a longer answer is ErrUnknown).
func (c *Client) callLimit(ctx context.Context, op string, in, out any, limit int64) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.BaseURL(), "/")+"/"+op, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnknown, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, Sign(c.Secret, c.Clock.Now(), body))
	res, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrUnknown, op, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, limit+1))
	if err != nil {
		return fmt.Errorf("%w: %s: read answer: %v", ErrUnknown, op, err)
	}
	if int64(len(answer)) > limit {
		return fmt.Errorf("%w: %s: answer longer than %d bytes", ErrUnknown, op, limit)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %s: HTTP %d", ErrUnknown, op, res.StatusCode)
	}
	if err := Verify(c.Secret, res.Header.Get(SignatureHeader), answer, c.Clock.Now()); err != nil {
		return fmt.Errorf("%w: %s: answer: %v", ErrUnknown, op, err)
	}
	if err := json.Unmarshal(answer, out); err != nil {
		return fmt.Errorf("%w: %s: decode answer: %v", ErrUnknown, op, err)
	}
	return nil
}
