package vendorwallet

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

func TestSignature(t *testing.T) {
	secret := []byte("s3cret")
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"txId":"abc"}`)
	sig := Sign(secret, now, body)
	if err := Verify(secret, sig, body, now.Add(4*time.Minute)); err != nil {
		t.Fatalf("valid: %v", err)
	}
	for name, c := range map[string]struct {
		secret []byte
		header string
		body   []byte
		at     time.Time
	}{
		"OtherSecret": {[]byte("other"), sig, body, now},
		"OtherBody":   {secret, sig, []byte(`{"txId":"abd"}`), now},
		"Stale":       {secret, sig, body, now.Add(6 * time.Minute)},
		"Early":       {secret, sig, body, now.Add(-6 * time.Minute)},
		"Empty":       {secret, "", body, now},
		"NoMAC":       {secret, "t=1800000000", body, now},
		"NotHex":      {secret, "t=1800000000,v1=xyz", body, now},
		"NoSecret":    {nil, sig, body, now},
	} {
		if err := Verify(c.secret, c.header, c.body, c.at); err != ErrBadSignature {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzVerify: nothing panics, and a header passes only when it carries the
// MAC of this body for a time within the tolerance.
func FuzzVerify(f *testing.F) {
	secret := []byte("s3cret")
	now := time.Unix(1_800_000_000, 0)
	f.Add("t=1800000000,v1=00", []byte("{}"))
	f.Add(Sign(secret, now, []byte("{}")), []byte("{}"))
	f.Add(" t=1800000000 , v1="+strings.Repeat("a", 64), []byte("x"))
	f.Fuzz(func(t *testing.T, header string, body []byte) {
		if Verify(secret, header, body, now) != nil {
			return
		}
		var ts, sig string
		for _, part := range strings.Split(header, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			if k == "t" {
				ts = v
			} else if k == "v1" {
				sig = v
			}
		}
		if !strings.EqualFold(sig, hex.EncodeToString(mac(secret, ts, body))) {
			t.Fatalf("accepted %q", header)
		}
	})
}
