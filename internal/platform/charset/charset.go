// Package charset checks short identifiers (transaction ids, vendor and game
// codes, currencies) against a fixed shape: a few leading bytes each from
// its own class, then bytes of one class, within a length range. It does
// what an anchored regular expression such as ^[A-Z][A-Z0-9]{2,7}$ does for
// these shapes, in one pass over the bytes and without allocating: these
// checks run on every wallet callback and every ledger posting, where the
// regexp engine's general matcher costs an order of magnitude more.
package charset

import "fmt"

// Class is a set of bytes.
type Class [256]bool

// NewClass builds a class from a bracket-expression body without the
// brackets: single bytes and ranges such as "A-Za-z0-9_.:-" (a '-' first or
// last is itself). It panics on a malformed spec (a programming error).
func NewClass(spec string) *Class {
	var c Class
	for i := 0; i < len(spec); i++ {
		if i+2 < len(spec) && spec[i+1] == '-' {
			lo, hi := spec[i], spec[i+2]
			if lo > hi {
				panic(fmt.Sprintf("charset: range %c-%c reversed in %q", lo, hi, spec))
			}
			for b := int(lo); b <= int(hi); b++ {
				c[b] = true
			}
			i += 2
			continue
		}
		c[spec[i]] = true
	}
	return &c
}

// Pattern is a shape: len(Head) bytes each in its class, then bytes in
// Rest, Min to Max bytes in all (Min >= len(Head)).
type Pattern struct {
	Head     []*Class
	Rest     *Class
	Min, Max int
}

// New is the pattern of head classes, then rest, min to max bytes long.
func New(head []string, rest string, min, max int) *Pattern {
	if min < len(head) || max < min {
		panic(fmt.Sprintf("charset: lengths %d..%d do not fit %d head classes", min, max, len(head)))
	}
	p := &Pattern{Rest: NewClass(rest), Min: min, Max: max}
	for _, h := range head {
		p.Head = append(p.Head, NewClass(h))
	}
	return p
}

// MatchString reports whether s has the pattern's shape (named as
// regexp's, so a pattern stands where a regexp stood).
func (p *Pattern) MatchString(s string) bool {
	if len(s) < p.Min || len(s) > p.Max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := p.Rest
		if i < len(p.Head) {
			c = p.Head[i]
		}
		if !c[s[i]] {
			return false
		}
	}
	return true
}
