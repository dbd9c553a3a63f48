package gamevendor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/vendorwallet"
)

// The sandbox acts as a vendor's server: it calls the platform's seamless
// wallet API (docs/vendor-api.md) over real HTTP, signed with the vendor's
// secret, exactly as a third-party vendor would.

// Wire shapes of the seamless API (amounts in minor units).
type (
	balanceRequest struct {
		SessionToken string `json:"sessionToken"`
		PlayerID     string `json:"playerId"`
		Currency     string `json:"currency"`
	}
	betRequest struct {
		SessionToken string `json:"sessionToken"`
		PlayerID     string `json:"playerId"`
		TxID         string `json:"txId"`
		RoundID      string `json:"roundId"`
		GameCode     string `json:"gameCode"`
		Amount       int64  `json:"amount"`
		Currency     string `json:"currency"`
	}
	winRequest struct {
		SessionToken string `json:"sessionToken"`
		PlayerID     string `json:"playerId"`
		TxID         string `json:"txId"`
		RoundID      string `json:"roundId"`
		GameCode     string `json:"gameCode"`
		Amount       int64  `json:"amount"`
		Currency     string `json:"currency"`
		EndRound     bool   `json:"endRound"`
	}
	rollbackRequest struct {
		SessionToken string `json:"sessionToken"`
		PlayerID     string `json:"playerId"`
		TxID         string `json:"txId"`
		RefTxID      string `json:"refTxId"`
		RoundID      string `json:"roundId"`
		GameCode     string `json:"gameCode"`
	}
	endRoundRequest struct {
		SessionToken string `json:"sessionToken"`
		PlayerID     string `json:"playerId"`
		RoundID      string `json:"roundId"`
		GameCode     string `json:"gameCode"`
	}
	// walletAnswer is every answer: status OK, or ERROR with a code.
	walletAnswer struct {
		Status       string `json:"status"`
		Code         string `json:"code"`
		Message      string `json:"message"`
		Balance      *int64 `json:"balance"`
		Currency     string `json:"currency"`
		TxID         string `json:"txId"`
		PlatformTxID string `json:"platformTxId"`
	}
)

// Seamless error codes the sandbox reacts to.
const (
	CodeInsufficientFunds = "INSUFFICIENT_FUNDS"
	CodeSessionExpired    = "SESSION_EXPIRED"
	CodeGameDisabled      = "GAME_DISABLED"
	CodeUnknownGame       = "UNKNOWN_GAME"
)

// ErrNoAnswer means every attempt of a call went unanswered (timeouts,
// dropped connections, 5xx): the outcome is unknown.
var ErrNoAnswer = errors.New("gamevendor: no answer from the platform")

// RefusedError is a definite refusal by the platform.
type RefusedError struct {
	HTTPStatus int
	Code       string
	Message    string
	Balance    *int64
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("gamevendor: platform refused (%d %s)", e.HTTPStatus, e.Code)
}

// Retry is how calls are retried when their answer is lost: Attempts in
// all, waiting Backoff, then twice as long each time; each attempt waits at
// most Timeout for its answer.
type Retry struct {
	Attempts int
	Backoff  time.Duration
	Timeout  time.Duration
}

// DefaultRetry: 4 attempts over about 1.4 s of backoff, 3 s each.
var DefaultRetry = Retry{Attempts: 4, Backoff: 200 * time.Millisecond, Timeout: 3 * time.Second}

// Fault is a way the sandbox's own connection to the platform misbehaves,
// for tests and demonstrations.
type Fault int

const (
	FaultNone Fault = iota
	// FaultDropAnswer sends the request and throws the answer away, as if
	// the connection broke after the platform applied it.
	FaultDropAnswer
	// FaultDropRequest never sends the request.
	FaultDropRequest
)

// client calls one platform's seamless API.
type client struct {
	base    func() string // the platform's origin, e.g. http://127.0.0.1:8080
	secrets Secrets
	http    *http.Client
	now     func() time.Time
	retry   Retry
	sleep   func(ctx context.Context, d time.Duration) error

	mu     sync.Mutex
	faults []injected
}

type injected struct {
	op    string
	fault Fault
}

func (c *client) inject(f Fault, op string, times int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := 0; i < times; i++ {
		c.faults = append(c.faults, injected{op: op, fault: f})
	}
}

func (c *client) take(op string) Fault {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, in := range c.faults {
		if in.op == op {
			c.faults = append(c.faults[:i], c.faults[i+1:]...)
			return in.fault
		}
	}
	return FaultNone
}

func (c *client) pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.faults)
}

// call posts op with retries. A definite answer (OK) returns it; a
// definite refusal returns *RefusedError; no answer after every attempt
// returns an error wrapping ErrNoAnswer.
func (c *client) call(ctx context.Context, vendor, op string, in any) (walletAnswer, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return walletAnswer{}, err
	}
	secret, err := c.secrets.VendorSecret(ctx, vendor)
	if err != nil {
		return walletAnswer{}, fmt.Errorf("gamevendor: secret of %s: %w", vendor, err)
	}
	wait := c.retry.Backoff
	var last error
	for attempt := 1; attempt <= c.retry.Attempts; attempt++ {
		if attempt > 1 {
			if err := c.sleep(ctx, wait); err != nil {
				return walletAnswer{}, fmt.Errorf("%w: %v", ErrNoAnswer, err)
			}
			wait *= 2
		}
		a, err := c.once(ctx, vendor, op, secret, body)
		if err == nil {
			return a, nil
		}
		var refused *RefusedError
		if errors.As(err, &refused) {
			return a, err
		}
		last = err
	}
	return walletAnswer{}, fmt.Errorf("%w: %s %s: %v", ErrNoAnswer, vendor, op, last)
}

// once is one attempt; a non-definite outcome is a plain error.
func (c *client) once(ctx context.Context, vendor, op string, secret, body []byte) (walletAnswer, error) {
	fault := c.take(op)
	if fault == FaultDropRequest {
		return walletAnswer{}, errors.New("request dropped (fault)")
	}
	ctx, cancel := context.WithTimeout(ctx, c.retry.Timeout)
	defer cancel()
	url := c.base() + "/lgw/vendor/" + vendor + "/wallet/" + op
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return walletAnswer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(vendorwallet.SignatureHeader, vendorwallet.Sign(secret, c.now(), body))
	res, err := c.http.Do(req)
	if err != nil {
		return walletAnswer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return walletAnswer{}, err
	}
	if fault == FaultDropAnswer {
		return walletAnswer{}, errors.New("answer dropped (fault)")
	}
	// The platform signs its answers; an unsigned or forged one is no
	// answer (a proxy's error page, a spoofed reply) and is retried.
	if vendorwallet.Verify(secret, res.Header.Get(vendorwallet.SignatureHeader), raw, c.now()) != nil {
		return walletAnswer{}, fmt.Errorf("answer without a valid signature: HTTP %d", res.StatusCode)
	}
	var a walletAnswer
	if res.StatusCode >= 500 || json.Unmarshal(raw, &a) != nil {
		return walletAnswer{}, fmt.Errorf("no usable answer: HTTP %d", res.StatusCode)
	}
	if res.StatusCode == http.StatusOK && a.Status == "OK" {
		return a, nil
	}
	if res.StatusCode >= 400 && a.Status == "ERROR" && a.Code != "" {
		return a, &RefusedError{HTTPStatus: res.StatusCode, Code: a.Code, Message: a.Message, Balance: a.Balance}
	}
	return walletAnswer{}, fmt.Errorf("unexpected answer: HTTP %d status %q", res.StatusCode, a.Status)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
