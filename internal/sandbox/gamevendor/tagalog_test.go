package gamevendor

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

func TestPageTextsInTagalog(t *testing.T) {
	g := tltest.Load(t)
	for k, en := range texts["EN"] {
		for _, p := range g.Problems(en, texts["TY"][k]) {
			t.Errorf("%s: %s", k, p)
		}
	}
}
