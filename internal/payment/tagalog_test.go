package payment

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

func TestPageTextsInTagalog(t *testing.T) {
	g := tltest.Load(t)
	for k, en := range pageTexts["EN"] {
		for _, p := range g.Problems(en, pageTexts["TY"][k]) {
			t.Errorf("%s: %s", k, p)
		}
	}
}
