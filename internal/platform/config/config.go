// Package config reads the process environment once, in cmd, into values.
package config

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"regexp"
	"strings"
	"time"
)

type Config struct {
	Addr string // PALARO_ADDR, default :8080
	// MetricsAddr is PALARO_METRICS_ADDR, the Prometheus listener, apart
	// from the public one: default 127.0.0.1:9090, "" when set to off.
	// MetricsAddrSet: the variable named it (a default that is busy only
	// warns; an address asked for and not bound stops the server).
	MetricsAddr    string
	MetricsAddrSet bool
	DatabaseURL    string        // PALARO_DATABASE_URL, default sqlite://data/palaro.db
	RedisURL       string        // PALARO_REDIS_URL, optional
	Demo           bool          // PALARO_DEMO=1 seeds the demo brand into an empty database
	LogLevel       slog.Level    // PALARO_LOG_LEVEL: debug, info, warn, error
	TrustedProxy   bool          // PALARO_TRUST_PROXY=1: take client IP and country from the edge's headers
	CountryHeader  string        // PALARO_COUNTRY_HEADER, default CF-IPCountry
	ShutdownGrace  time.Duration // PALARO_SHUTDOWN_GRACE, default 15s
	BotCheckOff    bool          // PALARO_BOTCHECK_OFF=1 turns the login/registration proof of work off (scripted tests only)
	SMSURL         string        // PALARO_SMS_URL: HTTP SMS gateway (POST JSON {to, text, purpose}); log provider in demo when empty
	SMSToken       string        // PALARO_SMS_TOKEN (or _FILE): sent to the gateway as a Bearer token
	SMTPURL        string        // PALARO_SMTP_URL: smtp://user:pass@host:587?from=... (STARTTLS) or smtps://...; log mailer in demo when empty
	Banner         bool          // PALARO_BANNER=1: serve prints the ready banner even when stderr is not a terminal (make run)
	HSTS           string        // PALARO_HSTS: Strict-Transport-Security value sent on every answer (deployments behind TLS), e.g. max-age=31536000
}

// DefaultMetricsAddr serves /metrics to this host only.
const DefaultMetricsAddr = "127.0.0.1:9090"

// Load reads the environment. Any X may also come from X_FILE (secrets).
func Load() (Config, error) {
	c := Config{
		Addr:          get("PALARO_ADDR", ":8080"),
		DatabaseURL:   get("PALARO_DATABASE_URL", "sqlite://data/palaro.db"),
		RedisURL:      get("PALARO_REDIS_URL", ""),
		Demo:          truthy(get("PALARO_DEMO", "")),
		TrustedProxy:  truthy(get("PALARO_TRUST_PROXY", "")),
		CountryHeader: get("PALARO_COUNTRY_HEADER", "CF-IPCountry"),
		ShutdownGrace: 15 * time.Second,
		BotCheckOff:   truthy(get("PALARO_BOTCHECK_OFF", "")),
		SMSURL:        get("PALARO_SMS_URL", ""),
		SMSToken:      get("PALARO_SMS_TOKEN", ""),
		SMTPURL:       get("PALARO_SMTP_URL", ""),
		Banner:        truthy(get("PALARO_BANNER", "")),
		HSTS:          strings.TrimSpace(get("PALARO_HSTS", "")),
	}
	if c.HSTS != "" && !hstsRe.MatchString(c.HSTS) {
		return c, fmt.Errorf("PALARO_HSTS: %q is not a Strict-Transport-Security value (max-age=SECONDS[; includeSubDomains][; preload])", c.HSTS)
	}
	switch v := strings.TrimSpace(get("PALARO_METRICS_ADDR", "")); strings.ToLower(v) {
	case "":
		c.MetricsAddr = DefaultMetricsAddr
	case "off":
		c.MetricsAddrSet = true
	default:
		if _, _, err := net.SplitHostPort(v); err != nil {
			return c, fmt.Errorf("PALARO_METRICS_ADDR: %q is not host:port or off", v)
		}
		c.MetricsAddr, c.MetricsAddrSet = v, true
	}
	switch strings.ToLower(get("PALARO_LOG_LEVEL", "info")) {
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "info", "":
		c.LogLevel = slog.LevelInfo
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		return c, fmt.Errorf("PALARO_LOG_LEVEL: want debug, info, warn or error")
	}
	if v := get("PALARO_SHUTDOWN_GRACE", ""); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return c, fmt.Errorf("PALARO_SHUTDOWN_GRACE: %q is not a duration", v)
		}
		c.ShutdownGrace = d
	}
	return c, nil
}

var hstsRe = regexp.MustCompile(`(?i)^max-age=[0-9]{1,10}(; ?includeSubDomains)?(; ?preload)?$`)

func get(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	if f, ok := os.LookupEnv(key + "_FILE"); ok && f != "" {
		if b, err := os.ReadFile(f); err == nil {
			return strings.TrimSpace(string(b))
		}
	}
	return def
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}
