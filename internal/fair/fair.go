// Package fair is the provably fair scheme of the in-house games: server
// seeds committed by their SHA-256 before play, player-chosen client seeds, a
// per-bet nonce, and the HMAC-SHA256 byte stream every outcome is drawn from.
// The scheme is specified, with test vectors, in docs/games/fairness.md; the
// browser verifier implements the same steps.
package fair

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strconv"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Source is what outcome functions draw from. *Stream implements it;
// simulations may pass a faster generator with the same contract:
// Uint32 gives 32 uniform bits and Intn(n) = floor(Uint32() * n / 2^32).
type Source interface {
	Intn(n int) int
	Uint32() uint32
}

// BlockSize is the number of bytes one HMAC block adds to the stream.
const BlockSize = sha256.Size

// Stream is the byte stream of one bet: block i is
// HMAC-SHA256(key = serverSeed, msg = clientSeed + ":" + nonce + ":" + i)
// and the stream is block0 || block1 || ... . It is not safe for concurrent use.
type Stream struct {
	mac    hash.Hash
	prefix []byte // clientSeed + ":" + nonce + ":"
	block  uint64 // index of the next block to compute
	buf    [BlockSize]byte
	pos    int // bytes of buf already consumed
	cursor uint64
	msg    []byte
}

// NewStream starts the stream of (serverSeed, clientSeed, nonce) at cursor 0.
// The seeds are used as given (their ASCII bytes); validation is the caller's.
func NewStream(serverSeed, clientSeed string, nonce uint64) *Stream {
	s := &Stream{
		mac:    hmac.New(sha256.New, []byte(serverSeed)),
		prefix: []byte(clientSeed + ":" + strconv.FormatUint(nonce, 10) + ":"),
	}
	s.pos = BlockSize // nothing buffered yet
	return s
}

func (s *Stream) refill() {
	s.msg = strconv.AppendUint(append(s.msg[:0], s.prefix...), s.block, 10)
	s.mac.Reset()
	s.mac.Write(s.msg)
	s.mac.Sum(s.buf[:0])
	s.block++
	s.pos = 0
}

// Read fills p with the next bytes of the stream; it never fails.
func (s *Stream) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if s.pos == BlockSize {
			s.refill()
		}
		c := copy(p[n:], s.buf[s.pos:])
		s.pos += c
		n += c
	}
	s.cursor += uint64(n)
	return n, nil
}

// Cursor is the byte offset of the next byte to be read.
func (s *Stream) Cursor() uint64 { return s.cursor }

// Uint32 reads the next 4 bytes as a big-endian integer.
func (s *Stream) Uint32() uint32 {
	var b [4]byte
	s.Read(b[:])
	return binary.BigEndian.Uint32(b[:])
}

// Float reads the next 4 bytes b0..b3 as b0/256 + b1/256^2 + b2/256^3 +
// b3/256^4, a number in [0, 1). Exact in a float64.
func (s *Stream) Float() float64 {
	return float64(s.Uint32()) / (1 << 32)
}

// Intn is floor(Float() * n) computed exactly in integers: (u32 * n) >> 32.
// n must be in 1..2^31-1 (it panics otherwise, a programming error).
func (s *Stream) Intn(n int) int { return Scale(s.Uint32(), n) }

// Scale maps 32 uniform bits to [0, n) the way every Source must:
// floor(u * n / 2^32).
func Scale(u uint32, n int) int {
	if n <= 0 || n > 1<<31-1 {
		panic("fair: Intn argument out of range")
	}
	return int((uint64(u) * uint64(n)) >> 32)
}

// NewServerSeed returns 32 random bytes as 64 lowercase hex characters.
func NewServerSeed() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", apperr.Internal(err, "fair: server seed")
	}
	return hex.EncodeToString(b[:]), nil
}

// NewClientSeed returns the default client seed: 16 random hex characters.
func NewClientSeed() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", apperr.Internal(err, "fair: client seed")
	}
	return hex.EncodeToString(b[:]), nil
}

// Commit is the commitment published before play: hex(SHA-256(serverSeed)),
// the seed's 64 hex characters hashed as ASCII.
func Commit(serverSeed string) string {
	sum := sha256.Sum256([]byte(serverSeed))
	return hex.EncodeToString(sum[:])
}

// MaxClientSeedLen is the longest client seed accepted.
const MaxClientSeedLen = 64

// CheckClientSeed accepts 1..64 characters of [A-Za-z0-9_-].
func CheckClientSeed(s string) error {
	if len(s) == 0 || len(s) > MaxClientSeedLen {
		return apperr.Invalid("fair.bad_client_seed").With("max", MaxClientSeedLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
		if !ok {
			return apperr.Invalid("fair.bad_client_seed").With("max", MaxClientSeedLen)
		}
	}
	return nil
}

// CheckServerSeed accepts exactly 64 lowercase hex characters (the verifier
// uses it on revealed seeds).
func CheckServerSeed(s string) error {
	if !isHex64(s) {
		return apperr.Invalid("fair.bad_server_seed")
	}
	return nil
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func init() {
	apperr.Register("fair.bad_client_seed", map[string]string{
		"EN": "The client seed must be 1 to {max} letters, digits, '_' or '-'.",
		"TY": "Ang client seed ay dapat 1 hanggang {max} na titik, numero, '_' o '-'.",
	})
	apperr.Register("fair.bad_server_seed", map[string]string{
		"EN": "The server seed must be 64 lowercase hexadecimal characters.",
		"TY": "Ang server seed ay dapat 64 na maliliit na hexadecimal na karakter.",
	})
	apperr.Register("fair.bad_hash", map[string]string{
		"EN": "The round hash must be 64 lowercase hexadecimal characters.",
		"TY": "Ang hash ng round ay dapat 64 na maliliit na hexadecimal na karakter.",
	})
}
