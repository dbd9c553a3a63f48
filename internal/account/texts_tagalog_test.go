package account

import (
	"reflect"
	"testing"

	"github.com/palaro/palaro/internal/platform/tltest"
)

// The SMS and e-mail texts we send in Tagalog are Tagalog.
func TestOutgoingTextsInTagalog(t *testing.T) {
	g := tltest.Load(t)
	en, ty := reflect.ValueOf(outgoingTexts["EN"]), reflect.ValueOf(outgoingTexts["TY"])
	for i := 0; i < en.NumField(); i++ {
		for _, p := range g.Problems(en.Field(i).String(), ty.Field(i).String()) {
			t.Errorf("%s: %s", en.Type().Field(i).Name, p)
		}
	}
}
