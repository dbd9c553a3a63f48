package inhouse

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Callbacks is the seamless wallet's callback entry (seamless.Service).
type Callbacks interface {
	Serve(ctx context.Context, vendor, op, signature string, body []byte) (int, seamless.Response)
	VendorSecret(ctx context.Context, vendor string) ([]byte, error)
}

// SeamlessCaller is the in-process Wallet: it encodes each request as the
// JSON body a vendor sends, signs it with the BGS vendor secret
// (X-Palaro-Signature, docs/vendor-api.md) and hands it to the callback
// entry, which checks the signature as for any vendor. Swapping it for an
// HTTP client of /lgw/vendor/BGS/wallet/{op} changes nothing else.
type SeamlessCaller struct {
	cb     Callbacks
	clock  clock.Clock
	secret []byte
}

// NewSeamlessCaller reads the BGS secret once; without one (no
// PALARO_VENDOR_BGS_SECRET outside demo mode) it fails.
func NewSeamlessCaller(ctx context.Context, cb Callbacks, clk clock.Clock) (*SeamlessCaller, error) {
	if clk == nil {
		clk = clock.System{}
	}
	secret, err := cb.VendorSecret(ctx, Vendor)
	if err != nil {
		return nil, fmt.Errorf("in-house games: vendor %s secret: %w", Vendor, err)
	}
	return &SeamlessCaller{cb: cb, clock: clk, secret: secret}, nil
}

// Call implements Wallet. INTERNAL_ERROR answers are errors: the outcome
// is unknown, and the same txId may be sent again.
func (c *SeamlessCaller) Call(ctx context.Context, op string, req seamless.Request) (seamless.Response, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return seamless.Response{}, err
	}
	_, resp := c.cb.Serve(ctx, Vendor, op, vendorwallet.Sign(c.secret, c.clock.Now(), body), body)
	if resp.Code == seamless.CodeInternal {
		return resp, fmt.Errorf("seamless %s %s: internal error", op, req.TxID)
	}
	return resp, nil
}
