package brand

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientFrom(t *testing.T) {
	tests := []struct {
		name        string
		trusted     bool
		remote, xff string
		country     string
		wantIP      string
		wantCountry string
	}{
		{"OK/UntrustedUsesSocket", false, "198.51.100.9:4000", "203.0.113.7", "US", "198.51.100.9", ""},
		{"OK/TrustedUsesEdge", true, "10.0.0.2:4000", "203.0.113.7", "us", "203.0.113.7", "US"},
		{"OK/TrustedRightmostXFF", true, "10.0.0.2:4000", "1.2.3.4, 203.0.113.7", "PH", "203.0.113.7", "PH"},
		{"OK/TrustedNoXFF", true, "10.0.0.2:4000", "", "", "10.0.0.2", ""},
		{"OK/TrustedGarbageXFF", true, "10.0.0.2:4000", "not-an-ip", "XYZ", "10.0.0.2", ""},
		{"OK/IPv6Socket", false, "[2001:db8::1]:4000", "", "", "2001:db8::1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/wps/system/status", nil)
			r.RemoteAddr = tc.remote
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if tc.country != "" {
				r.Header.Set("CF-IPCountry", tc.country)
			}
			cl := ClientFrom(r, Edge{TrustedProxy: tc.trusted, CountryHeader: "CF-IPCountry"})
			if cl.IP.String() != tc.wantIP || cl.Country != tc.wantCountry {
				t.Fatalf("got %s %q, want %s %q", cl.IP, cl.Country, tc.wantIP, tc.wantCountry)
			}
		})
	}
}

func TestRestricts(t *testing.T) {
	region := Region{
		BlockedCountries: []string{"US", "KP"},
		BlockedCIDRs:     []string{"192.0.2.0/24", "2001:db8:bad::/48"},
		AllowedCIDRs:     []string{"192.0.2.128/25", "203.0.113.0/24"},
	}
	tests := []struct {
		name    string
		ip      string
		country string
		want    bool
	}{
		{"OK/Normal", "198.51.100.1", "PH", false},
		{"Restricted/Country", "198.51.100.1", "US", true},
		{"Restricted/CIDR", "192.0.2.1", "", true},
		{"Restricted/CIDRv6", "2001:db8:bad::5", "PH", true},
		{"OK/AllowedCIDROverridesBlockedCIDR", "192.0.2.200", "", false},
		{"OK/AllowedCIDROverridesCountry", "203.0.113.7", "US", false},
		{"OK/UnknownCountry", "198.51.100.1", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cl := Client{IP: netip.MustParseAddr(tc.ip), Country: tc.country}
			if got := region.Restricts(cl); got != tc.want {
				t.Fatalf("got %v want %v", got, tc.want)
			}
		})
	}
}
