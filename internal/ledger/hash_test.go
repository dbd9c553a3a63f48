package ledger

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// fmtInputHash is inputHash as it was written with fmt, whose text every
// stored input hash was made from.
func fmtInputHash(kind string, reverses int64, lines []Line, meta map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "palaro.ledger.v1\nkind=%q\nreverses=%d\n", kind, reverses)
	for _, l := range lines {
		fmt.Fprintf(&b, "line=%d,%q,%d\n", l.AccountID, l.Currency, l.Amount)
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "meta=%q=%q\n", k, meta[k])
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// randomText mixes plain letters, quotes, backslashes, control bytes,
// multi-byte runes and invalid UTF-8.
func randomText(r *rand.Rand) string {
	parts := []string{"a", "Z", "9", " ", `"`, `\`, "\n", "\t", "\x00", "\x7f", "é", "₱", "🎰", "\xff", "\xc3", "=", ","}
	var b strings.Builder
	for range r.IntN(12) {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	return b.String()
}

// TestInputHashText: inputHash gives the hash fmt's text gave, for any
// kind, lines and metadata.
func TestInputHashText(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var lines []Line
		for range r.IntN(5) {
			lines = append(lines, Line{AccountID: r.Int64() - r.Int64(), Amount: r.Int64() - r.Int64(), Currency: randomText(r)})
		}
		meta := map[string]string{}
		for range r.IntN(5) {
			meta[randomText(r)] = randomText(r)
		}
		if i%7 == 0 {
			meta = nil
		}
		kind, rev := randomText(r), r.Int64()-r.Int64()
		if got, want := inputHash(kind, rev, lines, meta), fmtInputHash(kind, rev, lines, meta); got != want {
			t.Fatalf("inputHash(%q, %d, %v, %v) = %s, fmt gave %s", kind, rev, lines, meta, got, want)
		}
	}
}
