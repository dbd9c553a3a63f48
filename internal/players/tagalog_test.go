package players

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

// Every message of this API reads in real Tagalog on TY.
func TestMessagesInTagalog(t *testing.T) {
	g := tltest.Load(t)
	for code, m := range messages {
		for _, p := range g.Problems(m[0], m[1]) {
			t.Errorf("%s: %s", code, p)
		}
	}
}
