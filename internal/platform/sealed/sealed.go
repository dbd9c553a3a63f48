// Package sealed encrypts the request and response bodies of the endpoints
// the spec marks E (docs/sealed-payloads.md). The browser agrees a key with
// the server's P-256 public key through an ephemeral ECDH key pair, derives
// an AES-256-GCM key with HKDF-SHA256 bound to the method and path, and sends
//
//	{"v":1,"kid":"…","epk":"…","iv":"…","ts":1700000000,"ct":"…"}
//
// as application/vnd.palaro.sealed+json. The server opens it, hands the
// plaintext JSON to the normal handler and seals the handler's answer with
// the same key ({"v":1,"iv":"…","ct":"…"}), so tokens in responses are
// covered too. TLS remains the transport protection; sealing keeps passwords
// and tokens out of anything that terminates or logs TLS traffic in between
// (CDNs, proxies, browser extensions reading request bodies).
package sealed

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

const (
	// Alg names the whole scheme; a different one means a new version.
	Alg = "ECDH-P256+HKDF-SHA256+A256GCM"
	// ContentType marks a sealed body, in requests and in responses.
	ContentType = "application/vnd.palaro.sealed+json"
	// Version is the envelope's "v".
	Version = 1
	// Window is how far a request's ts may be from the server's clock, either way.
	Window = 5 * time.Minute

	label     = "palaro-sealed-v1"
	pointLen  = 65 // uncompressed P-256 point
	ivLen     = 12
	tagLen    = 16
	maxSealed = 2 << 20 // a sealed body: base64 of at most httpx.MaxBodyBytes plus the envelope
)

// Errors (400, translated on the client as errors:<code>).
var (
	ErrRequired = apperr.Invalid("request.sealed_required")
	ErrInvalid  = apperr.Invalid("request.sealed_invalid")
)

func init() {
	apperr.Register("request.sealed_required", map[string]string{
		"EN": "This request must be sent encrypted. Reload the page and try again.",
		"TY": "Kailangang naka-encrypt ang kahilingang ito. I-reload ang pahina at subukang muli.",
	})
	apperr.Register("request.sealed_invalid", map[string]string{
		"EN": "The encrypted request could not be read. Reload the page and try again.",
		"TY": "Hindi mabasa ang naka-encrypt na kahilingan. I-reload ang pahina at subukang muli.",
	})
}

// Envelope is a sealed request body. Binary fields are base64url without padding.
type Envelope struct {
	V   int    `json:"v"`
	Kid string `json:"kid"`
	EPK string `json:"epk"` // the client's ephemeral public key, uncompressed point
	IV  string `json:"iv"`  // 12 bytes
	TS  int64  `json:"ts"`  // Unix seconds, the client's estimate of the server's clock
	CT  string `json:"ct"`  // AES-GCM ciphertext and tag of the JSON body
}

// Reply is a sealed response body (same key as the request, its own IV).
type Reply struct {
	V  int    `json:"v"`
	IV string `json:"iv"`
	CT string `json:"ct"`
}

// PublicKey is the value of GET /wps/system/sealkey.
type PublicKey struct {
	Kid       string `json:"kid"`
	Alg       string `json:"alg"`
	PublicKey string `json:"publicKey"` // base64url uncompressed point
	Enforced  bool   `json:"enforced"`  // plaintext is refused on the sealed routes
	Now       int64  `json:"now"`       // server clock, Unix seconds (clients correct their ts by it)
}

var b64 = base64.RawURLEncoding

// info binds the derived key to one method and path.
func info(method, path string) string { return label + " " + method + " " + path }

// aad binds a ciphertext to its direction, key id, route and time.
func aad(dir, kid, method, path string, ts int64) []byte {
	return []byte(label + " " + dir + "\n" + kid + "\n" + method + "\n" + path + "\n" + strconv.FormatInt(ts, 10))
}

// deriveAEAD turns the ECDH secret into the AES-256-GCM key shared by a
// request and its response. Salt is epk || server public key.
func deriveAEAD(shared, epk, spk []byte, method, path string) (cipher.AEAD, error) {
	salt := make([]byte, 0, len(epk)+len(spk))
	salt = append(append(salt, epk...), spk...)
	key, err := hkdf.Key(sha256.New, shared, salt, info(method, path), 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// session is one opened request: the key and what its AAD was made of.
type session struct {
	aead         cipher.AEAD
	kid          string
	method, path string
	ts           int64
}

// sealReply encrypts a response body with a fresh IV.
func (s *session) sealReply(body []byte) []byte {
	iv := make([]byte, ivLen)
	_, _ = rand.Read(iv)
	return s.sealReplyWith(iv, body)
}

func (s *session) sealReplyWith(iv, body []byte) []byte {
	ct := s.aead.Seal(nil, iv, body, aad("res", s.kid, s.method, s.path, s.ts))
	out, _ := json.Marshal(Reply{V: Version, IV: b64.EncodeToString(iv), CT: b64.EncodeToString(ct)})
	return out
}

// parseEnvelope checks the shape only (no key, no clock).
func parseEnvelope(body []byte) (Envelope, []byte, []byte, []byte, error) {
	var env Envelope
	if len(body) == 0 || len(body) > maxSealed || json.Unmarshal(body, &env) != nil || env.V != Version ||
		env.Kid == "" || len(env.Kid) > 64 {
		return env, nil, nil, nil, ErrInvalid
	}
	epk, err1 := b64.DecodeString(env.EPK)
	iv, err2 := b64.DecodeString(env.IV)
	ct, err3 := b64.DecodeString(env.CT)
	if err1 != nil || err2 != nil || err3 != nil || len(epk) != pointLen || len(iv) != ivLen || len(ct) < tagLen {
		return env, nil, nil, nil, ErrInvalid
	}
	return env, epk, iv, ct, nil
}

// Client seals requests for one server key, as the browser does (tests,
// benchmarks and scripted clients).
type Client struct {
	kid    string
	server *ecdh.PublicKey
	offset time.Duration // server clock minus ours
}

// NewClient reads a GET /wps/system/sealkey value; now is the local time it arrived.
func NewClient(pk PublicKey, now time.Time) (*Client, error) {
	if pk.Alg != Alg {
		return nil, fmt.Errorf("sealed: unknown alg %q", pk.Alg)
	}
	raw, err := b64.DecodeString(pk.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("sealed: public key: %w", err)
	}
	pub, err := ecdh.P256().NewPublicKey(raw)
	if err != nil {
		return nil, fmt.Errorf("sealed: public key: %w", err)
	}
	c := &Client{kid: pk.Kid, server: pub}
	if pk.Now > 0 {
		c.offset = time.Unix(pk.Now, 0).Sub(now)
	}
	return c, nil
}

// Opener decrypts the response to one sealed request.
type Opener struct{ s *session }

// Seal encrypts a JSON body for method and path; now is the local clock.
func (c *Client) Seal(method, path string, plaintext []byte, now time.Time) ([]byte, *Opener, error) {
	eph, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	iv := make([]byte, ivLen)
	_, _ = rand.Read(iv)
	return c.sealWith(eph, iv, method, path, plaintext, now.Add(c.offset).Unix())
}

func (c *Client) sealWith(eph *ecdh.PrivateKey, iv []byte, method, path string, plaintext []byte, ts int64) ([]byte, *Opener, error) {
	shared, err := eph.ECDH(c.server)
	if err != nil {
		return nil, nil, err
	}
	epk := eph.PublicKey().Bytes()
	aead, err := deriveAEAD(shared, epk, c.server.Bytes(), method, path)
	if err != nil {
		return nil, nil, err
	}
	s := &session{aead: aead, kid: c.kid, method: method, path: path, ts: ts}
	ct := aead.Seal(nil, iv, plaintext, aad("req", c.kid, method, path, ts))
	body, err := json.Marshal(Envelope{V: Version, Kid: c.kid, EPK: b64.EncodeToString(epk), IV: b64.EncodeToString(iv),
		TS: ts, CT: b64.EncodeToString(ct)})
	return body, &Opener{s: s}, err
}

// ErrReply is returned when a response cannot be opened.
var ErrReply = errors.New("sealed: response cannot be opened")

// Open decrypts a sealed response body.
func (o *Opener) Open(body []byte) ([]byte, error) {
	var rep Reply
	if err := json.Unmarshal(body, &rep); err != nil || rep.V != Version {
		return nil, ErrReply
	}
	iv, err1 := b64.DecodeString(rep.IV)
	ct, err2 := b64.DecodeString(rep.CT)
	if err1 != nil || err2 != nil || len(iv) != ivLen {
		return nil, ErrReply
	}
	pt, err := o.s.aead.Open(nil, iv, ct, aad("res", o.s.kid, o.s.method, o.s.path, o.s.ts))
	if err != nil {
		return nil, ErrReply
	}
	return pt, nil
}

// SealNonce makes the NonceHeader value for method and path: a random string
// sealed like a body, base64url-encoded.
func (c *Client) SealNonce(method, path string, now time.Time) (string, *Opener, error) {
	var nonce [24]byte
	_, _ = rand.Read(nonce[:])
	body, o, err := c.Seal(method, path, []byte(b64.EncodeToString(nonce[:])), now)
	return b64.EncodeToString(body), o, err
}
