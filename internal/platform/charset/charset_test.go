package charset

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// Each pattern the platform uses, against the regular expression it
// replaced, on edge cases and on random strings over an alphabet that holds
// every class's members and non-members (multi-byte runes too).
func TestPatternsMatchTheirRegexps(t *testing.T) {
	cases := []struct {
		p  *Pattern
		re string
	}{
		{New(nil, "A-Za-z0-9_.:-", 1, 64), `^[A-Za-z0-9_.:-]{1,64}$`},
		{New(nil, "A-Za-z0-9_.-", 1, 64), `^[A-Za-z0-9_.-]{1,64}$`},
		{New([]string{"A-Z"}, "A-Z0-9", 3, 8), `^[A-Z][A-Z0-9]{2,7}$`},
		{New([]string{"m", "1-9"}, "0-9", 2, 20), `^m[1-9][0-9]{0,18}$`},
		{New(nil, "A-Za-z0-9_-", 1, 128), `^[A-Za-z0-9_-]{1,128}$`},
	}
	alphabet := []string{"a", "z", "A", "Z", "m", "0", "1", "9", "_", ".", ":", "-", " ", "\n", "$", "é", "\x00", "\xff", "[", "`", "@", "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		re := regexp.MustCompile(c.re)
		check := func(s string) {
			if got, want := c.p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%s: %q matched %v, the regexp %v", c.re, s, got, want)
			}
		}
		for _, s := range []string{"", "a", "m1", "m0", "m10", "USD", "US", "USDT1234", "USDT12345", "1USD", "usd", "ab:c", "a b"} {
			check(s)
		}
		for n := 0; n < 20000; n++ {
			l := rng.IntN(c.p.Max + 3)
			s := ""
			for range l {
				s += alphabet[rng.IntN(len(alphabet))]
			}
			check(s)
		}
	}
}

func TestMalformedSpecsPanic(t *testing.T) {
	for name, f := range map[string]func(){
		"reversed range": func() { NewClass("z-a") },
		"min below head": func() { New([]string{"a", "b"}, "c", 1, 3) },
		"max below min":  func() { New(nil, "c", 3, 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func BenchmarkPattern(b *testing.B) {
	p := New(nil, "A-Za-z0-9_.:-", 1, 64)
	re := regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,64}$`)
	s := "ih-slot-1234567-nonce-42:bet"
	b.Run("charset", func(b *testing.B) {
		for b.Loop() {
			p.MatchString(s)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			re.MatchString(s)
		}
	})
}
