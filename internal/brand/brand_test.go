package brand

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(c *Config)
		ok     bool
	}{
		{"OK", func(c *Config) {}, true},
		{"OK/MaintenanceAndCIDRs", func(c *Config) {
			c.Maintenance = true
			c.Region.BlockedCIDRs = []string{"10.0.0.0/8", "2001:db8::/32"}
			c.Region.AllowedCIDRs = []string{"10.1.0.0/16"}
		}, true},
		{"ErrPlatform", func(c *Config) { c.Platform = "APP" }, false},
		{"ErrMerchantCode", func(c *Config) { c.MerchantCode = "bad code" }, false},
		{"ErrInvalidLanguage", func(c *Config) { c.Languages = []string{"TY", "XX"} }, false},
		{"ErrDefaultLanguageNotSupported", func(c *Config) { c.DefaultLanguage = "JA" }, false},
		{"ErrCurrency", func(c *Config) { c.Currency.Code = "peso" }, false},
		{"ErrThemeInjection", func(c *Config) { c.Theme.Dark["--c-bg"] = "red;}body{display:none" }, false},
		{"ErrThemeNotCustomProperty", func(c *Config) { c.Theme.Light["color"] = "red" }, false},
		{"ErrLogoURL", func(c *Config) { c.Theme.LogoURL = "javascript:alert(1)" }, false},
		{"ErrLogoLightURL", func(c *Config) { c.Theme.LogoLightURL = "javascript:alert(1)" }, false},
		{"ErrMissingSwitch", func(c *Config) { c.Whitelabel = c.Whitelabel[1:] }, false},
		{"ErrRepeatedSwitch", func(c *Config) { c.Whitelabel = append(c.Whitelabel, c.Whitelabel[0]) }, false},
		{"ErrUnknownResource", func(c *Config) {
			c.Resources = append(c.Resources, Resource{ResourceType: "MYSPACE", URL: "https://x"})
		}, false},
		{"ErrResourceURL", func(c *Config) { c.Resources[0].URL = "javascript:alert(1)" }, false},
		{"ErrAppURLTooLongForQR", func(c *Config) { c.Resources[5].URL = "https://x.example/" + strings.Repeat("a", 200) }, false},
		{"ErrBadPattern", func(c *Config) { c.Register.Fields[0].AcceptedPattern = "([" }, false},
		{"ErrUnknownPatternID", func(c *Config) { c.Register.Fields[0].PatternID = "NOPE" }, false},
		{"ErrLengthBounds", func(c *Config) { c.Register.Fields[0].MinLength = 20 }, false},
		{"ErrMissingUsernameRule", func(c *Config) { c.Register.Fields = c.Register.Fields[1:] }, false},
		{"ErrCDNTrailingSlash", func(c *Config) { c.ImageCDNs = []string{"/cdn/a/"} }, false},
		{"ErrNoCDN", func(c *Config) { c.LaunchGameCDNs = nil }, false},
		{"ErrAgeLimit", func(c *Config) { c.AgeLimit = 16 }, false},
		{"ErrCountryCode", func(c *Config) { c.Region.BlockedCountries = []string{"usa"} }, false},
		{"ErrCIDR", func(c *Config) { c.Region.BlockedCIDRs = []string{"10.0.0.0/33"} }, false},
		{"ErrServiceToken", func(c *Config) { c.CustomerService[0].Path = "https://chat.example" }, false},
		{"ErrServiceTokenRepeated", func(c *Config) { c.CustomerService[1].Path = c.CustomerService[0].Path }, false},
		{"OK/TimezoneOtherZone", func(c *Config) { c.Timezone = "Asia/Ho_Chi_Minh" }, true},
		{"ErrTimezoneUnknown", func(c *Config) { c.Timezone = "Mars/Olympus_Mons" }, false},
		{"ErrTimezoneLocal", func(c *Config) { c.Timezone = "Local" }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Demo()
			tc.mutate(&c)
			err := c.Validate()
			if tc.ok && err != nil {
				t.Fatalf("want valid, got %v", err)
			}
			if !tc.ok && !errors.Is(err, ErrInvalidConfig) {
				t.Fatalf("want ErrInvalidConfig, got %v", err)
			}
		})
	}
}

func TestPatterns(t *testing.T) {
	samples := map[string]struct{ good, bad string }{
		"LETTER_FIRST":           {"juan123", "1juan"},
		"LETTERS_DIGITS":         {"abc123", "abcdef"},
		"CHINESE_DIGITS":         {"中文123", "abc"},
		"EMAIL":                  {"juan@example.ph", "juan@"},
		"LETTERS_OR_DIGITS":      {"Ab12", "a b"},
		"DIGITS":                 {"09171234567", "0917-123"},
		"ALNUM_ONE_UPPER":        {"abC12", "abc12"},
		"ENGLISH_SPACES":         {"Juan Dela Cruz", "Juan  2"},
		"NO_SPACES":              {"@juan.dc", "juan dc"},
		"CHINESE_PUNCT":          {"你好，世界。", "hello"},
		"KOREAN":                 {"안녕하세요", "hello"},
		"THAI":                   {"สวัสดี", "hello"},
		"THAI_ENGLISH_SPACES":    {"สวัสดี hello", "hello1"},
		"UPPER_SPACES":           {"JUAN DELA CRUZ", "Juan"},
		"LETTERS_DIGITS_SYMBOLS": {"a1!b2@", "a b"},
		"STRONG_PASSWORD":        {"Abc123!x", "abc123!x"},
		"DATE_YMD":               {"1990-12-31", "1990-13-01"},
		"DATE_MDY":               {"12-31-1990", "1990-12-31"},
	}
	for id, pattern := range Patterns {
		t.Run(id, func(t *testing.T) {
			if pattern == "*" {
				return
			}
			if _, err := regexp.Compile(pattern); err != nil {
				t.Fatalf("does not compile: %v", err)
			}
			s, ok := samples[id]
			if !ok {
				t.Fatal("no sample")
			}
			rule := FieldRule{AcceptedPattern: pattern, PatternID: id, MinLength: 1, MaxLength: 64}
			if !rule.Accepts(s.good) {
				t.Errorf("rejects %q", s.good)
			}
			if rule.Accepts(s.bad) {
				t.Errorf("accepts %q", s.bad)
			}
		})
	}
}

func TestAcceptsLength(t *testing.T) {
	c := Demo()
	user, _ := c.Rule("username")
	for _, tc := range []struct {
		v  string
		ok bool
	}{{"juan12", true}, {"juan1", false}, {"juan1234567890123", false}, {"juan_12", false}} {
		if got := user.Accepts(tc.v); got != tc.ok {
			t.Errorf("%q: got %v", tc.v, got)
		}
	}
}

func TestSwitchOn(t *testing.T) {
	c := Demo()
	if !c.SwitchOn("REGMOBVERF3") || c.SwitchOn("CHNGPASSVERIF3") || c.SwitchOn("NOPE") {
		t.Fatal("switches wrong")
	}
	c.Whitelabel[1].Enabled = false // MOBILENUMREG3 off turns its children off
	if c.SwitchOn("REGMOBVERF3") {
		t.Fatal("child of a disabled switch is on")
	}
}

func TestPublicHidesTargets(t *testing.T) {
	c := Demo()
	for _, cs := range c.Info.Public().CustomerService {
		if cs.Target != "" {
			t.Fatalf("target leaked: %+v", cs)
		}
	}
	if c.CustomerService[0].Target == "" {
		t.Fatal("Public modified the original")
	}
}

// A channel whose target is a page of the storefront itself names that page
// (route): the browser opens it in the same tab, where the per-tab session
// lives, instead of a new tab where the player would appear logged out.
func TestPublicNamesInAppRoutes(t *testing.T) {
	c := Demo()
	c.Info.CustomerService = append(c.Info.CustomerService, CustomerService{ID: 9, Name: "Other site", Type: "LIVECHAT", Path: "cs-x", Target: "//evil.example/chat"})
	got := map[string]string{}
	for _, cs := range c.Info.Public().CustomerService {
		got[cs.Path] = cs.Route
	}
	want := map[string]string{"cs-7f3a9c21": "/help#faq", "cs-b41d0e88": "", "cs-5c62aa17": "", "cs-x": ""}
	for path, route := range want {
		if got[path] != route {
			t.Fatalf("%s: route %q, want %q (all: %v)", path, got[path], route, got)
		}
	}
}

// The brand has one time zone (Asia/Manila in the demo); a brand document
// without one (older exports) reads as the default.
func TestLocation(t *testing.T) {
	c := Demo()
	if c.Timezone != "Asia/Manila" || c.Info.Location().String() != "Asia/Manila" {
		t.Fatalf("demo zone %q -> %v", c.Timezone, c.Info.Location())
	}
	c.Timezone = ""
	if got := c.Info.Location().String(); got != DefaultTimezone {
		t.Fatalf("empty zone -> %s, want %s", got, DefaultTimezone)
	}
	c.Timezone = "America/New_York"
	if _, off := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC).In(c.Info.Location()).Zone(); off != -5*3600 {
		t.Fatalf("New York offset %d", off)
	}
}
