package config

import (
	"os"
	"path/filepath"
	"testing"
)

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

// TestFamilies: the variables named after a vendor or provider are read once
// into the config, a plain variable winning over its _FILE.
func TestFamilies(t *testing.T) {
	file := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(file, []byte("from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"PALARO_OAUTH_GOOGLE_SECRET": "direct", "PALARO_OAUTH_GOOGLE_SECRET_FILE": file,
		"PALARO_OAUTH_FACEBOOK_SECRET_FILE": file, "PALARO_OAUTH_X_CLIENT": "ignored",
		"PALARO_VENDOR_PG_SECRET": "pg", "PALARO_GAME_VENDOR_JILI_LAUNCH_URL": "https://games.example/{token}",
		"PALARO_GAME_VENDOR_JILI_LAUNCH_MODE": "window", "PALARO_TRANSFER_VENDOR_SABA_SPORTS_URL": "https://saba.example",
		"PALARO_TRANSFER_VENDOR_SABA_SPORTS_SECRET_FILE": file, "PALARO_INHOUSE_MAX_BET": "500",
		"PALARO_CRASH_WRITES_PER_SECOND": "0",
	} {
		t.Setenv(k, v)
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.OAuthSecrets) != 2 || c.OAuthSecrets["google"] != "direct" || c.OAuthSecrets["facebook"] != "from-file" {
		t.Errorf("oauth: %v", c.OAuthSecrets)
	}
	if c.VendorSecrets["PG"] != "pg" || c.GameLaunch[Code("jili")] != (GameLaunch{URL: "https://games.example/{token}", Mode: "WINDOW"}) {
		t.Errorf("vendors: %v %v", c.VendorSecrets, c.GameLaunch)
	}
	if c.TransferVendors[Code("saba-sports")] != (TransferVendor{URL: "https://saba.example", Secret: "from-file"}) {
		t.Errorf("transfer: %v", c.TransferVendors)
	}
	if c.Inhouse["PALARO_INHOUSE_MAX_BET"] != "500" || !c.Crash.WritesPerSecondSet || c.Crash.WritesPerSecond != 0 {
		t.Errorf("inhouse %v crash %+v", c.Inhouse, c.Crash)
	}
	t.Setenv("PALARO_CRASH_FRAME_EVERY", "2s")
	if _, err := Load(); err == nil {
		t.Error("PALARO_CRASH_FRAME_EVERY=2s accepted")
	}
}
