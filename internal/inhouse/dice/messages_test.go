package dice

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
)

func TestMessagesRegistered(t *testing.T) {
	codes := apperr.Codes()
	for _, c := range []string{"dice.bad_target"} {
		if codes[c]["EN"] == "" || codes[c]["TY"] == "" {
			t.Errorf("%s lacks an EN or TY message", c)
		}
	}
}
