package httpx

import (
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// IdempotencyHeader is the header every money mutation carries.
const IdempotencyHeader = "Idempotency-Key"

// IdempotencyKey reads the Idempotency-Key header: 1..100 characters of
// [A-Za-z0-9_-] as sent (money.CheckIdempotencyKey), else 400
// money.idempotency_key_required.
func IdempotencyKey(r *http.Request) (string, error) {
	k := r.Header.Get(IdempotencyHeader)
	if err := money.CheckIdempotencyKey(k); err != nil {
		return "", err
	}
	return k, nil
}

// PathID reads the path parameter name as a positive int64. Anything else
// names nothing: apperr.NotFound(notFoundCode). With notFoundCode "" a
// malformed id is a bad request instead (400 request.invalid_param naming
// the parameter), as cashier and notify answer it.
func PathID(r *http.Request, name, notFoundCode string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		if notFoundCode == "" {
			return 0, apperr.Invalid("request.invalid_param").With("name", name)
		}
		return 0, apperr.NotFound(notFoundCode)
	}
	return id, nil
}
