package notify

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

func TestTextsInTagalog(t *testing.T) {
	g := tltest.Load(t)
	for kind, byLang := range texts {
		for i := range byLang["EN"] {
			for _, p := range g.Problems(byLang["EN"][i], byLang["TY"][i]) {
				t.Errorf("%s[%d]: %s", kind, i, p)
			}
		}
	}
}
