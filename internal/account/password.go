package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters per the OWASP Password Storage Cheat Sheet, which ASVS
// 5.0 (V11.4.2) defers to: m=19 MiB, t=2, p=1 gives the recommended minimum;
// we use 19 MiB / 2 passes / 1 lane, 16-byte salt, 32-byte key.
type Argon2Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
	SaltLen   int
	KeyLen    uint32
}

var DefaultArgon2 = Argon2Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// HashPassword returns a PHC-format string: $argon2id$v=19$m=19456,t=2,p=1$salt$key.
func HashPassword(password string, p Argon2Params) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoryKiB, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword checks a password against a PHC string in constant time.
// needsRehash is true when the stored parameters are weaker than want.
func VerifyPassword(password, encoded string, want Argon2Params) (ok, needsRehash bool, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, false, fmt.Errorf("not an argon2id hash")
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, false, fmt.Errorf("argon2 version %q", parts[2])
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return false, false, fmt.Errorf("argon2 params %q: %w", parts[3], err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, false, fmt.Errorf("salt: %w", err)
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, false, fmt.Errorf("key: %w", err)
	}
	if p.MemoryKiB == 0 || p.Time == 0 || p.Threads == 0 || len(key) == 0 || len(key) > 128 || p.MemoryKiB > 1<<21 || p.Time > 64 {
		return false, false, fmt.Errorf("argon2 params out of range")
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	needsRehash = p.MemoryKiB < want.MemoryKiB || p.Time < want.Time || len(key) < int(want.KeyLen)
	return ok, needsRehash, nil
}
