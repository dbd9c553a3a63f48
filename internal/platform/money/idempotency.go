package money

import "github.com/palaro/palaro/internal/platform/apperr"

// IdempotencyKeyMaxLen is the longest Idempotency-Key a money mutation may carry.
const IdempotencyKeyMaxLen = 100

// CheckIdempotencyKey accepts the key every money mutation carries: 1 to
// IdempotencyKeyMaxLen characters of [A-Za-z0-9_-] (the browser sends
// crypto.randomUUID()), else money.idempotency_key_required. The key is not
// trimmed: it is stored and compared exactly as sent. Services check it too,
// so a caller that does not come through HTTP cannot skip the rule.
func CheckIdempotencyKey(k string) error {
	if k == "" || len(k) > IdempotencyKeyMaxLen {
		return apperr.Invalid("money.idempotency_key_required")
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return apperr.Invalid("money.idempotency_key_required")
		}
	}
	return nil
}
