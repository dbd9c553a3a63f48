package brand

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

// The demo's footer licence line reads in Tagalog on TY pages.
func TestDemoLicenceInTagalog(t *testing.T) {
	g := tltest.Load(t)
	info := Demo().Info
	for _, p := range g.Problems(info.Licences["EN"], info.Licences["TY"]) {
		t.Error(p)
	}
	if info.Licences["TY"] == "" || info.Licences["TY"] == info.Licence {
		t.Errorf("no Tagalog licence line: %q", info.Licences["TY"])
	}
}
