package sealed

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"time"
)

// Box seals small values at rest (operator TOTP secrets): AES-256-GCM under
// a key derived with HKDF-SHA256 from a stored root secret, with a purpose
// string as additional data, so a value sealed for one purpose (or one row)
// does not open for another. Sealed text is "b1." + base64url(nonce||ct).
type Box struct{ aead cipher.AEAD }

const boxPrefix = "b1."

// ErrBoxOpen is a sealed value that does not open (wrong key or purpose,
// altered text).
var ErrBoxOpen = errors.New("sealed box: value does not open")

// NewBox makes a box from a root secret of at least 32 bytes.
func NewBox(root []byte) (*Box, error) {
	if len(root) < 32 {
		return nil, errors.New("sealed box: root secret shorter than 32 bytes")
	}
	key, err := hkdf.Key(sha256.New, root, nil, "palaro-box-v1", 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead}, nil
}

// LoadBox reads the root secret called name from secrets (generating it on
// first use, shared by every instance) and makes a box of it.
func LoadBox(ctx context.Context, secrets Secrets, name string, now time.Time) (*Box, error) {
	cand := make([]byte, 32)
	_, _ = rand.Read(cand)
	v, err := secrets.Secret(ctx, name, hex.EncodeToString(cand), now)
	if err != nil {
		return nil, err
	}
	root, err := hex.DecodeString(v)
	if err != nil {
		return nil, errors.New("sealed box: stored root secret is not hex")
	}
	return NewBox(root)
}

// Seal encrypts plaintext for purpose.
func (b *Box) Seal(plaintext []byte, purpose string) string {
	nonce := make([]byte, b.aead.NonceSize())
	_, _ = rand.Read(nonce)
	ct := b.aead.Seal(nonce, nonce, plaintext, []byte(purpose))
	return boxPrefix + base64.RawURLEncoding.EncodeToString(ct)
}

// Open decrypts a value Seal made for the same purpose.
func (b *Box) Open(sealedText, purpose string) ([]byte, error) {
	if !strings.HasPrefix(sealedText, boxPrefix) {
		return nil, ErrBoxOpen
	}
	raw, err := base64.RawURLEncoding.DecodeString(sealedText[len(boxPrefix):])
	if err != nil || len(raw) < b.aead.NonceSize()+b.aead.Overhead() {
		return nil, ErrBoxOpen
	}
	n := b.aead.NonceSize()
	pt, err := b.aead.Open(nil, raw[:n], raw[n:], []byte(purpose))
	if err != nil {
		return nil, ErrBoxOpen
	}
	return pt, nil
}
