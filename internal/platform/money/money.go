// Package money parses and formats amounts. Money is always an int64 of
// minor units in a currency with a fixed number of decimals; amounts typed
// by people arrive as decimal strings ("1,000.50" is refused: no grouping)
// and are parsed exactly, never through floats.
package money

import (
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxDecimals bounds the decimals a currency may have.
const MaxDecimals = 8

// Parse reads a decimal string in major units ("100", "100.5", "100.50")
// into minor units of a currency with the given decimals. It refuses an
// empty or malformed string (money.invalid_amount), more decimals than the
// currency has (money.too_many_decimals), zero or negative amounts
// (money.not_positive) and amounts that do not fit (money.too_large).
func Parse(s string, decimals int) (int64, error) {
	s = strings.TrimSpace(s)
	if decimals < 0 || decimals > MaxDecimals {
		return 0, apperr.Invalid("money.invalid_amount")
	}
	if s == "" || len(s) > 32 {
		return 0, apperr.Invalid("money.invalid_amount")
	}
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && frac == "") || !digits(whole) || !digits(frac) {
		return 0, apperr.Invalid("money.invalid_amount")
	}
	// Trailing zeros beyond the currency's decimals are harmless ("1.500"
	// for a 2-decimal currency), any other digit there is a real fraction.
	if len(frac) > decimals {
		if strings.Trim(frac[decimals:], "0") != "" {
			return 0, apperr.Invalid("money.too_many_decimals").With("decimals", decimals)
		}
		frac = frac[:decimals]
	}
	frac += strings.Repeat("0", decimals-len(frac))
	whole = strings.TrimLeft(whole, "0")
	if len(whole)+decimals > 18 {
		return 0, apperr.Invalid("money.too_large")
	}
	v, err := strconv.ParseInt("0"+whole+frac, 10, 64)
	if err != nil {
		return 0, apperr.Invalid("money.too_large")
	}
	if neg && v != 0 {
		return 0, apperr.Invalid("money.not_positive")
	}
	if v == 0 {
		return 0, apperr.Invalid("money.not_positive")
	}
	return v, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Format writes minor units as a plain decimal string with the currency's
// decimals ("123456" with 2 decimals is "1234.56"), for CSV and provider
// requests. Grouping and symbols are the browser's job.
func Format(v int64, decimals int) string {
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	s := strconv.FormatUint(u, 10)
	if decimals > 0 {
		if len(s) <= decimals {
			s = strings.Repeat("0", decimals-len(s)+1) + s
		}
		s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

func init() {
	apperr.Register("money.invalid_amount", map[string]string{
		"EN": "Enter a valid amount.",
		"TY": "Maglagay ng wastong halaga.",
	})
	apperr.Register("money.too_many_decimals", map[string]string{
		"EN": "The amount can have at most {decimals} decimal places.",
		"TY": "Hanggang {decimals} decimal lamang ang halaga.",
	})
	apperr.Register("money.not_positive", map[string]string{
		"EN": "The amount must be greater than zero.",
		"TY": "Dapat mas malaki sa zero ang halaga.",
	})
	apperr.Register("money.too_large", map[string]string{
		"EN": "The amount is too large.",
		"TY": "Masyadong malaki ang halaga.",
	})
	apperr.Register("money.below_min", map[string]string{
		"EN": "The minimum amount is {min}.",
		"TY": "Ang pinakamababang halaga ay {min}.",
	})
	apperr.Register("money.above_max", map[string]string{
		"EN": "The maximum amount is {max}.",
		"TY": "Ang pinakamataas na halaga ay {max}.",
	})
	apperr.Register("money.idempotency_key_required", map[string]string{
		"EN": "This request is missing its Idempotency-Key header.",
		"TY": "Kulang ang Idempotency-Key header ng kahilingang ito.",
	})
}
