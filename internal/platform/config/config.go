// Package config reads the process environment once, in cmd, into values.
package config

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"regexp"
	"strconv"
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
	DebugAddr      string        // PALARO_DEBUG_ADDR: pprof and trace listener (loopback only), off when empty
	// Runtime holds GOGC, GOMEMLIMIT and PALARO_MEMORY_LIMIT as set ("" when
	// not): serve tunes the garbage collector from them.
	Runtime map[string]string

	// Per vendor or provider, keyed by Code(code): the secrets and URLs that
	// deployments set for each vendor the catalogue lists.
	VendorSecrets   map[string]string         // PALARO_VENDOR_<CODE>_SECRET: seamless wallet callbacks' HMAC key
	GameLaunch      map[string]GameLaunch     // PALARO_GAME_VENDOR_<CODE>_LAUNCH_URL and _LAUNCH_MODE
	TransferVendors map[string]TransferVendor // PALARO_TRANSFER_VENDOR_<CODE>_URL and _SECRET
	OAuthSecrets    map[string]string         // PALARO_OAUTH_<ID>_SECRET, keyed by the lower-case id

	SandboxPayURL       string // PALARO_SANDBOX_PAY_URL: where this server reaches itself (demo sandboxes)
	SandboxPaySecret    string // PALARO_SANDBOX_PAY_SECRET: the demo payment sandbox's key
	SandboxVendorSecret string // PALARO_SANDBOX_VENDOR_SECRET: the demo transfer vendor's key

	Crash Crash
	// Inhouse holds the PALARO_INHOUSE_* values as set: amounts among them
	// are in the brand currency, so serve parses them once the brand is read.
	Inhouse map[string]string
}

// GameLaunch is a vendor's launch URL template and mode.
type GameLaunch struct{ URL, Mode string }

// TransferVendor is a transfer-wallet vendor's API base URL and key.
type TransferVendor struct{ URL, Secret string }

// Crash is the PALARO_CRASH_* tuning of the shared Crash round; zero values
// take the game's defaults.
type Crash struct {
	Betting, Cooldown  time.Duration // PALARO_CRASH_BETTING, PALARO_CRASH_COOLDOWN (100ms..1h)
	ChainLength        int           // PALARO_CRASH_CHAIN_LENGTH
	ClientQueue        int           // PALARO_CRASH_CLIENT_QUEUE
	Salt               string        // PALARO_CRASH_SALT
	WritesPerSecond    int           // PALARO_CRASH_WRITES_PER_SECOND
	WritesPerSecondSet bool          // it was set (0 means never)
	FrameEvery         time.Duration // PALARO_CRASH_FRAME_EVERY (5ms..1s)
}

// Code is how a vendor or provider code appears in a variable's name.
func Code(code string) string {
	return strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(code))
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
		DebugAddr:     strings.TrimSpace(get("PALARO_DEBUG_ADDR", "")),
		Runtime:       map[string]string{},
		Inhouse:       map[string]string{},

		SandboxPayURL:       get("PALARO_SANDBOX_PAY_URL", ""),
		SandboxPaySecret:    get("PALARO_SANDBOX_PAY_SECRET", ""),
		SandboxVendorSecret: get("PALARO_SANDBOX_VENDOR_SECRET", ""),
	}
	for _, k := range []string{"GOGC", "GOMEMLIMIT", "PALARO_MEMORY_LIMIT"} {
		c.Runtime[k] = get(k, "")
	}
	c.readFamilies(os.Environ())
	if err := c.readCrash(); err != nil {
		return c, err
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

// readFamilies reads the variables named after a vendor or provider code.
// A plain variable wins over its _FILE.
func (c *Config) readFamilies(environ []string) {
	c.VendorSecrets = map[string]string{}
	c.GameLaunch = map[string]GameLaunch{}
	c.TransferVendors = map[string]TransferVendor{}
	c.OAuthSecrets = map[string]string{}
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		name = strings.TrimSuffix(name, "_FILE")
		v := get(name, "")
		if v == "" {
			continue
		}
		switch {
		case strings.HasPrefix(name, "PALARO_INHOUSE_"):
			c.Inhouse[name] = v
		case strings.HasPrefix(name, "PALARO_GAME_VENDOR_"):
			rest := strings.TrimPrefix(name, "PALARO_GAME_VENDOR_")
			if code, ok := strings.CutSuffix(rest, "_LAUNCH_URL"); ok {
				l := c.GameLaunch[code]
				l.URL = v
				c.GameLaunch[code] = l
			} else if code, ok := strings.CutSuffix(rest, "_LAUNCH_MODE"); ok {
				l := c.GameLaunch[code]
				l.Mode = strings.ToUpper(v)
				c.GameLaunch[code] = l
			}
		case strings.HasPrefix(name, "PALARO_TRANSFER_VENDOR_"):
			rest := strings.TrimPrefix(name, "PALARO_TRANSFER_VENDOR_")
			if code, ok := strings.CutSuffix(rest, "_URL"); ok {
				t := c.TransferVendors[code]
				t.URL = v
				c.TransferVendors[code] = t
			} else if code, ok := strings.CutSuffix(rest, "_SECRET"); ok {
				t := c.TransferVendors[code]
				t.Secret = v
				c.TransferVendors[code] = t
			}
		case strings.HasPrefix(name, "PALARO_VENDOR_"):
			if code, ok := strings.CutSuffix(strings.TrimPrefix(name, "PALARO_VENDOR_"), "_SECRET"); ok {
				c.VendorSecrets[code] = v
			}
		case strings.HasPrefix(name, "PALARO_OAUTH_"):
			if id, ok := strings.CutSuffix(strings.TrimPrefix(name, "PALARO_OAUTH_"), "_SECRET"); ok {
				c.OAuthSecrets[strings.ToLower(id)] = v
			}
		}
	}
}

func (c *Config) readCrash() error {
	for name, into := range map[string]*time.Duration{"PALARO_CRASH_BETTING": &c.Crash.Betting, "PALARO_CRASH_COOLDOWN": &c.Crash.Cooldown} {
		if v := strings.TrimSpace(get(name, "")); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < 100*time.Millisecond || d > time.Hour {
				return fmt.Errorf("%s=%q: want a duration from 100ms to 1h", name, v)
			}
			*into = d
		}
	}
	for name, into := range map[string]*int{"PALARO_CRASH_CHAIN_LENGTH": &c.Crash.ChainLength, "PALARO_CRASH_CLIENT_QUEUE": &c.Crash.ClientQueue} {
		if v := strings.TrimSpace(get(name, "")); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 100_000_000 {
				return fmt.Errorf("%s=%q: want a positive integer", name, v)
			}
			*into = n
		}
	}
	if v := strings.TrimSpace(get("PALARO_CRASH_WRITES_PER_SECOND", "")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("PALARO_CRASH_WRITES_PER_SECOND=%q: want 0 or a positive integer", v)
		}
		c.Crash.WritesPerSecond, c.Crash.WritesPerSecondSet = n, true
	}
	if v := strings.TrimSpace(get("PALARO_CRASH_FRAME_EVERY", "")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 5*time.Millisecond || d > time.Second {
			return fmt.Errorf("PALARO_CRASH_FRAME_EVERY=%q: want a duration from 5ms to 1s", v)
		}
		c.Crash.FrameEvery = d
	}
	c.Crash.Salt = strings.TrimSpace(get("PALARO_CRASH_SALT", ""))
	return nil
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
