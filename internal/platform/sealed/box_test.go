package sealed

import (
	"bytes"
	"strings"
	"testing"
)

func TestBox(t *testing.T) {
	root := bytes.Repeat([]byte{7}, 32)
	b, err := NewBox(root)
	if err != nil {
		t.Fatal(err)
	}
	s := b.Seal([]byte("JBSWY3DPEHPK3PXP"), "totp:1")
	if strings.Contains(s, "JBSWY3DP") || !strings.HasPrefix(s, "b1.") {
		t.Fatalf("not sealed: %q", s)
	}
	if s2 := b.Seal([]byte("JBSWY3DPEHPK3PXP"), "totp:1"); s2 == s {
		t.Fatal("same nonce twice")
	}
	if pt, err := b.Open(s, "totp:1"); err != nil || string(pt) != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", pt, err)
	}
	if _, err := b.Open(s, "totp:2"); err != ErrBoxOpen {
		t.Fatalf("other purpose opened: %v", err)
	}
	other, _ := NewBox(bytes.Repeat([]byte{8}, 32))
	if _, err := other.Open(s, "totp:1"); err != ErrBoxOpen {
		t.Fatalf("other key opened: %v", err)
	}
	altered := "AA"
	if strings.HasSuffix(s, altered) { // else the "alteration" would change nothing
		altered = "BB"
	}
	if _, err := b.Open(s[:len(s)-2]+altered, "totp:1"); err != ErrBoxOpen {
		t.Fatalf("altered text opened: %v", err)
	}
	if _, err := NewBox([]byte("short")); err == nil {
		t.Fatal("short root accepted")
	}
}
