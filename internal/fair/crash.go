package fair

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Crash rounds are shared by every player and come from a hash chain:
// h_n = SHA-256(h_{n+1}) (each hash hashed as its 64-character hex ASCII).
// Chain(seed, n) generates it from the secret seed; rounds are played from
// the end of the generated list backwards, so the hash revealed after a
// round proves the one revealed after the previous round.

// CrashBustModulus: a round whose 52-bit number r has r % 33 == 0 crashes
// at 1.00x immediately (about 3.03% of rounds).
const CrashBustModulus = 33

// crashE is 2^52, the range of the 52-bit number drawn per round.
const crashE = uint64(1) << 52

// Chain returns n hashes: out[0] = SHA-256(seed), out[i] = SHA-256(out[i-1]).
// Round 1 is played with out[n-1], round 2 with out[n-2], and so on, so
// SHA-256(hash of round k+1) = hash of round k.
func Chain(seed string, n int) []string {
	out := make([]string, 0, max(n, 0))
	h := seed
	for i := 0; i < n; i++ {
		h = HashHex(h)
		out = append(out, h)
	}
	return out
}

// HashHex is hex(SHA-256(s as ASCII)).
func HashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// VerifyChainLink reports whether next is the hash of the round after the
// round played with hash, that is SHA-256(next) == hash.
func VerifyChainLink(hash, next string) bool {
	return hmac.Equal([]byte(HashHex(next)), []byte(hash))
}

// CrashNumber is r, the first 52 bits of HMAC-SHA256(key = hash, msg = salt).
func CrashNumber(hash, salt string) uint64 {
	m := hmac.New(sha256.New, []byte(hash))
	m.Write([]byte(salt))
	sum := m.Sum(nil)
	v, _ := strconv.ParseUint(hex.EncodeToString(sum)[:13], 16, 64)
	return v
}

// CrashPointFromNumber maps r in [0, 2^52) to the crash point in hundredths:
// 100 if r % 33 == 0, else floor((100*e - r) / (e - r)) with e = 2^52, in
// exact integer arithmetic.
func CrashPointFromNumber(r uint64) int64 {
	if r%CrashBustModulus == 0 {
		return 100
	}
	return int64((100*crashE - r) / (crashE - r))
}

// CrashPoint is the crash point of the round played with hash, in hundredths
// (100 = 1.00x).
func CrashPoint(hash, salt string) int64 {
	return CrashPointFromNumber(CrashNumber(hash, salt))
}
