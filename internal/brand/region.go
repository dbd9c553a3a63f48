package brand

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Edge says which request headers to believe (config.TrustedProxy and
// config.CountryHeader, read once in cmd).
type Edge struct {
	TrustedProxy  bool
	CountryHeader string
}

// ClientFrom decides the client's IP and country. Behind a trusted edge the
// IP is the right-most X-Forwarded-For entry (the one our edge appended)
// and the country comes from the edge's country header; otherwise the
// socket address is used and the country is unknown, because any header
// could be forged by the caller.
func ClientFrom(r *http.Request, e Edge) Client {
	var cl Client
	if e.TrustedProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip, err := netip.ParseAddr(strings.TrimSpace(parts[len(parts)-1])); err == nil {
				cl.IP = ip.Unmap()
			}
		}
		if h := e.CountryHeader; h != "" {
			if v := strings.ToUpper(strings.TrimSpace(r.Header.Get(h))); len(v) == 2 && v[0] >= 'A' && v[0] <= 'Z' && v[1] >= 'A' && v[1] <= 'Z' {
				cl.Country = v
			}
		}
	}
	if !cl.IP.IsValid() {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		if ip, err := netip.ParseAddr(host); err == nil {
			cl.IP = ip.Unmap()
		}
	}
	return cl
}

// Restricts applies the region rules: an allowed CIDR admits the client
// whatever else matches; otherwise a blocked country or blocked CIDR
// restricts it. Invalid entries never match (Validate refuses them).
func (r Region) Restricts(cl Client) bool {
	if cl.IP.IsValid() && inAny(r.AllowedCIDRs, cl.IP) {
		return false
	}
	if cl.Country != "" {
		for _, c := range r.BlockedCountries {
			if strings.EqualFold(c, cl.Country) {
				return true
			}
		}
	}
	return cl.IP.IsValid() && inAny(r.BlockedCIDRs, cl.IP)
}

func inAny(cidrs []string, ip netip.Addr) bool {
	for _, s := range cidrs {
		if p, err := netip.ParsePrefix(s); err == nil && p.Contains(ip) {
			return true
		}
	}
	return false
}
