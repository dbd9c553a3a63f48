package account

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// confusableGroups are characters a player mixes up once the glyphs are bent,
// rotated and crossed by noise (several were misread by a new player: A/4,
// M/H, Z/2). The alphabet may keep at most one of each group.
var confusableGroups = []string{
	"0OQDCU", "1IL7JT", "2Z", "5S", "8B3", "4A", "MHNW", "UVY", "6Gb", "9gq", "EF", "PR", "KX", "CG",
}

func TestCaptchaAlphabet(t *testing.T) {
	t.Run("NoConfusablePairs", func(t *testing.T) {
		for _, g := range confusableGroups {
			var kept []string
			for _, r := range strings.ToUpper(g) {
				if strings.ContainsRune(captchaAlphabet, r) {
					kept = append(kept, string(r))
				}
			}
			if len(kept) > 1 {
				t.Errorf("group %q: alphabet keeps %v", g, kept)
			}
		}
	})
	t.Run("EveryLetterHasAGlyph", func(t *testing.T) {
		for i := 0; i < len(captchaAlphabet); i++ {
			if _, ok := captchaGlyphs[captchaAlphabet[i]]; !ok {
				t.Errorf("no glyph for %q", captchaAlphabet[i])
			}
		}
	})
	t.Run("TextUsesOnlyTheAlphabet", func(t *testing.T) {
		for i := 0; i < 500; i++ {
			s := newCaptchaText()
			if len(s) != captchaLen {
				t.Fatalf("len %q", s)
			}
			for _, r := range s {
				if !strings.ContainsRune(captchaAlphabet, r) {
					t.Fatalf("%q outside the alphabet", s)
				}
			}
		}
	})
}

func TestCaptchaAnswer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.svc.captchaText = func() string { return "K7HE2" }
		for _, tc := range []struct {
			name, answer string
			ok           bool
		}{
			{"OKExact", "K7HE2", true},
			{"OKLowerCase", "k7he2", true},
			{"OKSpaces", "  k 7 h e 2 ", true},
			// Letters left out of the alphabet stand for the glyph they look like.
			{"OKLookAlikes", "KTMFZ", true},
			{"ErrWrong", "K7HE3", false},
			{"ErrShort", "K7HE", false},
			{"ErrEmptyish", "   ", false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				key := e.captcha(t)
				err := e.svc.checkCaptcha(ctx, key, tc.answer)
				if tc.ok && err != nil {
					t.Fatalf("%q refused: %v", tc.answer, err)
				}
				if !tc.ok && codeOf(err) != "auth.captcha_invalid" {
					t.Fatalf("%q: got %v", tc.answer, err)
				}
			})
		}
	})
}

// A captcha answers once, however many requests carry it at the same moment.
func TestCaptchaSingleUseUnderParallelRequests(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.captcha(t)
		var ok atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if e.svc.checkCaptcha(context.Background(), key, strings.ToLower(testCaptcha)) == nil {
					ok.Add(1)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 {
			t.Fatalf("%d of 50 parallel uses accepted, want 1", ok.Load())
		}
	})
}
