package payment

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// SignatureHeader carries the sandbox provider's signature on webhooks and
// on the merchant's API calls: "t=<unix seconds>,v1=<hex HMAC-SHA256>".
const SignatureHeader = "X-Sandbox-Signature"

// SignatureTolerance is how far a signature's timestamp may be from now.
const SignatureTolerance = 5 * time.Minute

// Errors.
var (
	ErrBadSignature    = apperr.Unauthorized("payment.bad_signature")
	ErrBadCallback     = apperr.Invalid("payment.bad_callback")
	ErrUnavailable     = apperr.New(apperr.KindUnavailable, "payment.unavailable")
	ErrUnknownProvider = apperr.NotFound("payment.unknown_provider")
)

func init() {
	apperr.Register("payment.bad_signature", map[string]string{
		"EN": "The payment notification signature is not valid.",
		"TY": "Hindi wasto ang lagda ng abiso ng bayad.",
	})
	apperr.Register("payment.bad_callback", map[string]string{
		"EN": "The payment notification could not be read.",
		"TY": "Hindi mabasa ang abiso ng bayad.",
	})
	apperr.Register("payment.unavailable", map[string]string{
		"EN": "The payment provider is not available right now. Please try again later.",
		"TY": "Hindi available ang payment provider ngayon. Pakisubukang muli mamaya.",
	})
	apperr.Register("payment.unknown_provider", map[string]string{
		"EN": "This payment provider is not available.",
		"TY": "Hindi available ang payment provider na ito.",
	})
}

// Sign returns the signature header value for msg at time t: the HMAC-SHA256,
// keyed with secret, of "<t>.<msg>" (the timestamp is signed with the body,
// so a captured request cannot be replayed later under a fresh timestamp).
func Sign(secret []byte, msg []byte, t time.Time) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + mac(secret, ts, msg)
}

func mac(secret []byte, ts string, msg []byte) string {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(ts))
	h.Write([]byte{'.'})
	h.Write(msg)
	return hex.EncodeToString(h.Sum(nil))
}

// Verify checks a signature header against msg: well formed, the HMAC
// matches (constant time) and the timestamp is within SignatureTolerance of
// now. Any failure is ErrBadSignature (with a reason for the log).
func Verify(secret []byte, header string, msg []byte, now time.Time) error {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 || len(secret) == 0 {
		return ErrBadSignature.With("reason", "malformed")
	}
	want := mac(secret, ts, msg)
	ok := false
	for _, s := range sigs {
		if hmac.Equal([]byte(s), []byte(want)) {
			ok = true
		}
	}
	if !ok {
		return ErrBadSignature.With("reason", "mismatch")
	}
	d := now.Sub(time.Unix(sec, 0))
	if d > SignatureTolerance || d < -SignatureTolerance {
		return ErrBadSignature.With("reason", "stale")
	}
	return nil
}

// apiMessage is what a merchant API call signs: method, path and body.
func apiMessage(method, path string, body []byte) []byte {
	return append([]byte(method+" "+path+"\n"), body...)
}
