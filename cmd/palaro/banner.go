package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
)

// readyBanner is what `palaro serve` prints to stderr, ahead of the JSON
// logs on stdout, once a demo server is listening: where to go and who to
// log in as.
type readyBanner struct {
	URL string // the storefront's address, as a browser reaches it
	// ConsolePath is the operator console's path (webui.ConsolePath; "" in
	// tests of a banner without it: the banner then points at the operator API).
	ConsolePath string
}

// browserURL turns a listen address (":8080", "0.0.0.0:8080", "[::]:8080",
// "127.0.0.1:18420") into the address a browser on this machine opens.
func browserURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func (b readyBanner) write(w io.Writer) {
	var ops []string
	var totp []string
	for _, o := range operator.DemoOperators {
		ops = append(ops, fmt.Sprintf("%s (%s)", o.Username, o.Role))
		if o.Role.TOTPAlways() {
			totp = append(totp, o.Username)
		}
	}
	pw := account.DemoPassword
	var s strings.Builder
	fmt.Fprintf(&s, "\n  Palaro is ready: %s\n\n", b.URL)
	fmt.Fprintf(&s, "  Demo accounts (password %s):\n", pw)
	fmt.Fprintf(&s, "    player     %s\n", account.DemoMember)
	fmt.Fprintf(&s, "    agent      %s   agent pages at %s/agent\n", account.DemoAgent, b.URL)
	fmt.Fprintf(&s, "    operators  %s\n", strings.Join(ops, ", "))
	fmt.Fprintf(&s, "    TOTP code  PALARO_DEMO=1 ./bin/palaro operator otp %s (for %s)\n", operator.DemoOperators[0].Username, strings.Join(totp, ", "))
	if b.ConsolePath != "" {
		fmt.Fprintf(&s, "  Operator console: %s%s (operators sign in there; API at /ops/v1)\n", b.URL, b.ConsolePath)
	} else {
		fmt.Fprintf(&s, "  Operator API: %s/ops/v1 (no console yet; docs/operator-api.md)\n", b.URL)
	}
	fmt.Fprint(&s, "\n  JSON logs follow on stdout. Ctrl+C stops the server.\n\n")
	_, _ = io.WriteString(w, s.String())
}

// isTerminal reports whether f is a character device (an interactive terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
