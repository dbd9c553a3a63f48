package config

import "testing"

func TestHSTS(t *testing.T) {
	for _, ok := range []string{"", "max-age=31536000", "max-age=300; includeSubDomains", "max-age=63072000; includeSubDomains; preload"} {
		t.Setenv("PALARO_HSTS", ok)
		if c, err := Load(); err != nil || c.HSTS != ok {
			t.Errorf("PALARO_HSTS=%q: %q, %v", ok, c.HSTS, err)
		}
	}
	for _, bad := range []string{"31536000", "max-age=1y", "max-age=300\r\nSet-Cookie: x=1", "max-age=300; script-src *"} {
		t.Setenv("PALARO_HSTS", bad)
		if _, err := Load(); err == nil {
			t.Errorf("PALARO_HSTS=%q accepted", bad)
		}
	}
}
