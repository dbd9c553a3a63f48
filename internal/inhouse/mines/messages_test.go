package mines

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
)

func TestMessagesRegistered(t *testing.T) {
	codes := apperr.Codes()
	for _, c := range []string{"mines.bad_params", "mines.bad_tile", "mines.tile_revealed"} {
		if codes[c]["EN"] == "" || codes[c]["TY"] == "" {
			t.Errorf("%s lacks an EN or TY message", c)
		}
	}
}
