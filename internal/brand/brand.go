// Package brand holds the white-label brand configuration as data: identity,
// languages, currency, theme, feature switches, registration rules,
// resources, CDNs, maintenance and region restriction. One JSON document per
// brand, stored in the brand table and cached by the service.
package brand

import (
	"fmt"
	"net/netip"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Config is the whole stored document. Info is what the public status call
// shows; Maintenance and Region are operator settings that only decide the
// status and are never sent to browsers.
type Config struct {
	Info
	Maintenance bool `json:"maintenance"`
	// MaintenanceWindows are scheduled maintenance: the storefront is in
	// maintenance while now is inside one, as with Maintenance.
	MaintenanceWindows []Window `json:"maintenanceWindows,omitempty"`
	Region             Region   `json:"region"`
	// SealedPayloads refuses plaintext bodies on the endpoints the spec
	// marks E (docs/sealed-payloads.md); sealed bodies are accepted either way.
	SealedPayloads bool `json:"sealedPayloads"`
	// OAuth lists the third-party logins (oauth.go); private like Region.
	OAuth []OAuthProvider `json:"oauth,omitempty"`
	// LoginVerify is the new-IP login check (loginverify.go); private.
	LoginVerify LoginVerify `json:"loginVerify"`
	// Cashier holds deposit methods and withdrawal rules (cashier.go); private.
	Cashier Cashier `json:"cashier"`
	// Inhouse holds the in-house games' stake ranges and jackpot share
	// (inhouse.go); private.
	Inhouse Inhouse `json:"inhouse,omitempty"`
	// Ops holds the back-office rules: the TOTP requirement and the
	// adjustment approval amount (ops.go); private.
	Ops Ops `json:"ops,omitempty"`
	// Commission holds the agents' contract switches and settlement rules
	// (commission.go); private.
	Commission Commission `json:"commission"`
	// Rewards holds the reward centre's promotions (rewards.go); private.
	Rewards Rewards `json:"rewards"`
}

// Window is a scheduled period, Unix milliseconds, From included, To not.
type Window struct {
	From int64 `json:"from"`
	To   int64 `json:"to"`
}

// MaxMaintenanceWindows bounds the scheduled maintenance windows.
const MaxMaintenanceWindows = 20

// MaintenanceAt tells whether the storefront is in maintenance at now, and
// until when when a scheduled window says so (0: switched on, no end).
func (c *Config) MaintenanceAt(now time.Time) (bool, int64) {
	ms := now.UnixMilli()
	for _, w := range c.MaintenanceWindows {
		if ms >= w.From && ms < w.To {
			if c.Maintenance {
				return true, 0
			}
			return true, w.To
		}
	}
	return c.Maintenance, 0
}

// Info is the public brand configuration (docs/api.md, status.info).
type Info struct {
	Platform        string   `json:"platform"`
	MerchantCode    string   `json:"merchantCode"`
	BrandName       string   `json:"brandName"`
	MainDomain      string   `json:"mainDomain"`
	DefaultLanguage string   `json:"defaultLanguage"`
	Languages       []string `json:"languages"`
	Currency        Currency `json:"currency"`
	// Timezone is the brand's one IANA time zone: every date a player or an
	// agent sees, on every page and in every CSV, is in it (empty reads as
	// DefaultTimezone).
	Timezone        string            `json:"timezone"`
	Theme           Theme             `json:"theme"`
	CustomerService []CustomerService `json:"customerService"`
	DomainRoute     []DomainRoute     `json:"domainRoute"`
	Resources       []Resource        `json:"resources"`
	Whitelabel      []Switch          `json:"whitelabel"`
	Register        RegisterSettings  `json:"register"`
	Analytics       Analytics         `json:"analytics"`
	ImageCDNs       []string          `json:"imageCDNs"`
	LaunchGameCDNs  []string          `json:"launchGameCDNs"`
	Licence         string            `json:"licence"`
	// Licences words the licence line per language (TY, EN, ...); the storefront
	// shows the one of its language, else Licence.
	Licences           map[string]string `json:"licences,omitempty"`
	AgeLimit           int               `json:"ageLimit"`
	LotteryType        string            `json:"lotteryType"`
	EsportsVendors     []string          `json:"esportsVendors"`
	CockfightVendors   []string          `json:"cockfightVendors"`
	RngExcludedVendors []string          `json:"rngExcludedVendors"`
	PrizeModes         []string          `json:"prizeModes"`
	SelectionTypes     []string          `json:"selectionTypes"`
	SubCategories      []string          `json:"subCategories"`
}

type Currency struct {
	Code     string `json:"code"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// Theme: logo and favicon URLs and CSS custom-property overrides per mode.
type Theme struct {
	LogoURL string `json:"logoUrl"`
	// LogoLightURL is an optional variant for light surfaces; LogoURL serves both when empty.
	LogoLightURL string            `json:"logoLightUrl,omitempty"`
	FaviconURL   string            `json:"faviconUrl"`
	Dark         map[string]string `json:"dark"`
	Light        map[string]string `json:"light"`
}

// CustomerService is one contact channel. Path is an opaque token the
// browser opens as /cs/{path}; Target (the real address) stays on the server.
type CustomerService struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Path   string `json:"path"`
	Target string `json:"target,omitempty"`
	// Route is the target when it is a page of the storefront itself (Public
	// sets it): the browser opens it in the same tab, where the member's
	// per-tab session lives.
	Route string `json:"route,omitempty"`
}

// inAppRoute reports the target as a storefront path ("/help#faq"), or "".
func inAppRoute(target string) string {
	if strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "//") && !strings.HasPrefix(target, "/\\") {
		return target
	}
	return ""
}

type DomainRoute struct {
	Domain string `json:"domain"`
	Route  string `json:"route"`
	Type   string `json:"type"`
}

// Resource is a social channel or an app download link.
type Resource struct {
	ResourceType string `json:"resourceType"`
	URL          string `json:"url"`
	LabelNameEn  string `json:"labelNameEn"`
	LabelNameTy  string `json:"labelNameTy"`
}

// Switch is one node of the whitelabel feature tree.
type Switch struct {
	ModID         string   `json:"modId"`
	Enabled       bool     `json:"enabled"`
	ChildrenNodes []Switch `json:"childrenNodes"`
}

type RegisterSettings struct {
	Fields []FieldRule `json:"fields"`
}

// FieldRule is the registration rule for one field (spec section 5).
type FieldRule struct {
	Field           string `json:"field"`
	Enabled         bool   `json:"enabled"`
	Required        bool   `json:"required"`
	AcceptedPattern string `json:"acceptedPattern"`
	MinLength       int    `json:"minLength"`
	MaxLength       int    `json:"maxLength"`
	PatternID       string `json:"patternId"`
}

type Analytics struct {
	GtagID string `json:"gtagId"`
}

// Region restricts access by country (from a trusted edge header) and by
// client IP range. AllowedCIDRs win over both block lists.
type Region struct {
	BlockedCountries []string `json:"blockedCountries"`
	BlockedCIDRs     []string `json:"blockedCIDRs"`
	AllowedCIDRs     []string `json:"allowedCIDRs"`
}

// Switch ids of spec section 3 plus the feature modules.
var (
	RequiredSwitches = []string{
		"CHNGPASSVERIF3", "USERNAMEREG3", "MOBILENUMREG3", "MOBILENUMPASSREG3", "REGMOBVERF3",
		"AGENTPOLICY3", "DIRECTREG3", "FREEPLAY3", "PWDEXPFORCECHANGE3", "MOBILEVERCODELOGIN3",
		"REFERRAL", "VIP", "MEMBERCENTER", "AGENTCENTER",
	}
	ResourceTypes    = []string{"FACEBOOK", "TIKTOK", "YOUTUBE", "TWITTER", "INSTAGRAM", "TELEGRAM", "WHATSAPP", "Android", "iOS", "LITE"}
	AppResourceTypes = []string{"Android", "iOS", "LITE"}
	// KnownLanguages are the interface language codes a brand may list.
	KnownLanguages = []string{"TY", "EN", "CN", "JA", "TH", "VI", "ES", "PT", "KO", "AR", "RU", "FR", "ID", "MS", "HI", "DE", "IT", "TR"}
)

// MaxAppURL is the longest app link /art/qr can draw (QR version 10-M, byte mode).
const MaxAppURL = 213

// Errors.
var (
	ErrInvalidConfig = apperr.Invalid("brand.invalid_config")
	ErrNotFound      = apperr.NotFound("brand.not_found")
	ErrBadToken      = apperr.NotFound("brand.unknown_service")
	ErrNoResource    = apperr.NotFound("brand.unknown_resource")
)

func init() {
	apperr.Register("brand.invalid_config", map[string]string{
		"EN": "The brand configuration is not valid: {reason}.",
		"TY": "Hindi wasto ang configuration ng brand: {reason}.",
	})
	apperr.Register("brand.version_conflict", map[string]string{
		"EN": "Someone else changed the brand meanwhile. Reload it and make your change again.",
		"TY": "May ibang nagbago ng brand habang inaayos mo ito. I-reload ito at gawin muli ang iyong pagbabago.",
	})
	apperr.Register("brand.not_found", map[string]string{
		"EN": "No brand is configured yet.",
		"TY": "Wala pang naka-configure na brand.",
	})
	apperr.Register("brand.unknown_resource", map[string]string{
		"EN": "This brand has no such resource.",
		"TY": "Walang ganitong resource ang brand.",
	})
	apperr.Register("brand.qr_too_long", map[string]string{
		"EN": "This link is too long for a QR code.",
		"TY": "Masyadong mahaba ang link na ito para sa QR code.",
	})
	apperr.Register("brand.unknown_service", map[string]string{
		"EN": "This customer service link does not exist.",
		"TY": "Walang ganitong link ng suporta sa kustomer.",
	})
}

// DefaultTimezone is the brand time zone when the configuration names none.
const DefaultTimezone = "Asia/Manila"

// Location is the brand time zone (cmd/palaro embeds the zone database, so
// loading cannot fail on a host without one; Validate refused unknown names).
func (i *Info) Location() *time.Location {
	name := i.Timezone
	if name == "" {
		name = DefaultTimezone
	}
	if loc, err := time.LoadLocation(name); err == nil {
		return loc
	}
	return time.FixedZone(DefaultTimezone, 8*3600)
}

// IsLanguage reports whether code is a known interface language.
func IsLanguage(code string) bool { return contains(KnownLanguages, code) }

// HasLanguage reports whether the brand supports the language.
func (i *Info) HasLanguage(code string) bool { return contains(i.Languages, code) }

// Public returns the browser-safe copy of Info (customer-service targets removed).
func (i Info) Public() Info {
	cs := make([]CustomerService, len(i.CustomerService))
	for n, c := range i.CustomerService {
		c.Route, c.Target = inAppRoute(c.Target), ""
		cs[n] = c
	}
	i.CustomerService = cs
	return i
}

var codeRE = regexp.MustCompile(`^[A-Z0-9_]{2,32}$`)

// Validate checks the document before it is stored.
func (c *Config) Validate() error {
	bad := func(format string, args ...any) error {
		return ErrInvalidConfig.With("reason", fmt.Sprintf(format, args...))
	}
	if len(c.MaintenanceWindows) > MaxMaintenanceWindows {
		return bad("at most %d maintenance windows", MaxMaintenanceWindows)
	}
	for _, w := range c.MaintenanceWindows {
		if w.From <= 0 || w.To <= w.From {
			return bad("a maintenance window must end after it starts")
		}
	}
	if c.Platform != "WEB" {
		return bad("platform must be WEB")
	}
	if !codeRE.MatchString(c.MerchantCode) {
		return bad("merchantCode must be 2-32 of A-Z, 0-9, _")
	}
	if strings.TrimSpace(c.BrandName) == "" || len(c.BrandName) > 64 {
		return bad("brandName must be 1-64 characters")
	}
	if c.Timezone != "" {
		// "Local" and "" would follow the server host's zone: refused, the brand names its zone.
		if _, err := time.LoadLocation(c.Timezone); err != nil || c.Timezone == "Local" {
			return bad("timezone %q is not an IANA time zone name", c.Timezone)
		}
	}
	if len(c.Languages) == 0 {
		return bad("languages must not be empty")
	}
	seen := map[string]bool{}
	for _, l := range c.Languages {
		if !IsLanguage(l) {
			return bad("unknown language %q", l)
		}
		if seen[l] {
			return bad("language %q listed twice", l)
		}
		seen[l] = true
	}
	if !c.HasLanguage(c.DefaultLanguage) {
		return bad("defaultLanguage %q is not in languages", c.DefaultLanguage)
	}
	if len(c.Currency.Code) != 3 || strings.ToUpper(c.Currency.Code) != c.Currency.Code {
		return bad("currency.code must be a 3-letter upper-case code")
	}
	if c.Currency.Symbol == "" || c.Currency.Decimals < 0 || c.Currency.Decimals > 4 {
		return bad("currency needs a symbol and 0-4 decimals")
	}
	for _, mode := range []map[string]string{c.Theme.Dark, c.Theme.Light} {
		for k, v := range mode {
			if !strings.HasPrefix(k, "--") || strings.ContainsAny(v, ";{}<>") {
				return bad("theme override %q must be a --custom-property with a plain value", k)
			}
		}
	}
	if err := checkURL(c.Theme.LogoURL); err != nil {
		return bad("theme.logoUrl: %v", err)
	}
	if c.Theme.LogoLightURL != "" {
		if err := checkURL(c.Theme.LogoLightURL); err != nil {
			return bad("theme.logoLightUrl: %v", err)
		}
	}
	if err := checkURL(c.Theme.FaviconURL); err != nil {
		return bad("theme.faviconUrl: %v", err)
	}
	tokens := map[string]bool{}
	for _, cs := range c.CustomerService {
		if cs.Path == "" || !codeLike(cs.Path) || tokens[cs.Path] {
			return bad("customerService %q needs a unique opaque path token", cs.Name)
		}
		tokens[cs.Path] = true
		if err := checkURL(cs.Target); err != nil && !strings.HasPrefix(cs.Target, "mailto:") {
			return bad("customerService %q target: %v", cs.Name, err)
		}
	}
	for _, r := range c.Resources {
		if !contains(ResourceTypes, r.ResourceType) {
			return bad("unknown resourceType %q", r.ResourceType)
		}
		if err := checkURL(r.URL); err != nil {
			return bad("resource %s url: %v", r.ResourceType, err)
		}
		if contains(AppResourceTypes, r.ResourceType) && len(r.URL) > MaxAppURL {
			return bad("resource %s url is longer than %d bytes (the QR code limit)", r.ResourceType, MaxAppURL)
		}
	}
	have := map[string]bool{}
	var walk func([]Switch, int) error
	walk = func(nodes []Switch, depth int) error {
		if depth > 4 {
			return bad("whitelabel tree deeper than 4")
		}
		for _, n := range nodes {
			if n.ModID == "" || have[n.ModID] {
				return bad("whitelabel modId %q empty or repeated", n.ModID)
			}
			have[n.ModID] = true
			if err := walk(n.ChildrenNodes, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(c.Whitelabel, 0); err != nil {
		return err
	}
	for _, id := range RequiredSwitches {
		if !have[id] {
			return bad("whitelabel switch %s is missing", id)
		}
	}
	fields := map[string]bool{}
	for _, f := range c.Register.Fields {
		if f.Field == "" || fields[f.Field] {
			return bad("register field %q empty or repeated", f.Field)
		}
		fields[f.Field] = true
		if err := f.Validate(); err != nil {
			return bad("register field %s: %v", f.Field, err)
		}
	}
	for _, f := range []string{"username", "password", "confirmPassword"} {
		if !fields[f] {
			return bad("register field %s is missing", f)
		}
	}
	for _, list := range [][]string{c.ImageCDNs, c.LaunchGameCDNs} {
		if len(list) == 0 {
			return bad("imageCDNs and launchGameCDNs need at least one base")
		}
		for _, u := range list {
			if err := checkURL(u); err != nil || strings.HasSuffix(u, "/") {
				return bad("CDN base %q must be a URL without a trailing slash", u)
			}
		}
	}
	if c.AgeLimit < 18 || c.AgeLimit > 25 {
		return bad("ageLimit must be 18-25")
	}
	for _, p := range c.Region.BlockedCountries {
		if len(p) != 2 || strings.ToUpper(p) != p {
			return bad("blocked country %q must be an ISO 3166 alpha-2 code", p)
		}
	}
	if err := validateOAuth(c.OAuth); err != nil {
		return bad("%v", err)
	}
	if err := validateLoginVerify(c.LoginVerify); err != nil {
		return bad("%v", err)
	}
	if err := validateCashier(c.Cashier); err != nil {
		return bad("%v", err)
	}
	if err := validateRewards(c.Rewards); err != nil {
		return bad("%v", err)
	}
	if err := validateCommission(c.Commission); err != nil {
		return bad("%v", err)
	}
	if err := validateOps(c.Ops); err != nil {
		return bad("%v", err)
	}
	if err := validateInhouse(c.Inhouse); err != nil {
		return bad("%v", err)
	}
	for _, list := range [][]string{c.Region.BlockedCIDRs, c.Region.AllowedCIDRs} {
		for _, p := range list {
			if _, err := netip.ParsePrefix(p); err != nil {
				return bad("CIDR %q: %v", p, err)
			}
		}
	}
	return nil
}

// Validate checks one registration rule: bounds and a pattern that compiles.
func (f FieldRule) Validate() error {
	if f.MinLength < 0 || f.MaxLength < f.MinLength || f.MaxLength > 256 {
		return fmt.Errorf("want 0 <= minLength <= maxLength <= 256")
	}
	if _, ok := Patterns[f.PatternID]; !ok {
		return fmt.Errorf("unknown patternId %q", f.PatternID)
	}
	if f.AcceptedPattern != "*" {
		if _, err := regexp.Compile(f.AcceptedPattern); err != nil {
			return fmt.Errorf("acceptedPattern: %v", err)
		}
	}
	return nil
}

// Rule outcomes of FieldRule.Check; the browser's validateRegisterField
// returns the same words for the same input (proven by the shared vectors in
// testdata/register-vectors.json, run by the Go and the Vitest suites).
const (
	RuleOK       = ""
	RuleRequired = "required"
	RuleLength   = "length"
	RulePattern  = "pattern"
)

// isFieldSpace is the whitespace trimmed from a field in both Go and the
// browser: JavaScript's String.prototype.trim set, written out so the two
// languages agree (Go's unicode.IsSpace adds U+0085, JavaScript adds U+FEFF).
func isFieldSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// TrimField trims a submitted value the way the browser does.
func TrimField(v string) string { return strings.TrimFunc(v, isFieldSpace) }

// Check applies the rule (spec section 5) to a submitted value: trimmed;
// empty is an error only when required; otherwise the length in code points
// is within minLength..maxLength (maxLength 0: no upper bound), the pattern
// matches ('*' or empty matches anything) and a STRONG_PASSWORD also has an
// upper-case letter, a lower-case letter, a digit and a symbol.
func (f FieldRule) Check(raw string) string {
	v := TrimField(raw)
	if v == "" {
		if f.Required {
			return RuleRequired
		}
		return RuleOK
	}
	n := utf8.RuneCountInString(v)
	if n < f.MinLength || (f.MaxLength > 0 && n > f.MaxLength) {
		return RuleLength
	}
	if f.AcceptedPattern != "*" && f.AcceptedPattern != "" {
		re, err := regexp.Compile(f.AcceptedPattern)
		if err != nil || !re.MatchString(v) {
			return RulePattern
		}
	}
	if f.PatternID == "STRONG_PASSWORD" {
		var up, low, dig, sym bool
		for _, r := range v {
			switch {
			case r >= 'A' && r <= 'Z':
				up = true
			case r >= 'a' && r <= 'z':
				low = true
			case r >= '0' && r <= '9':
				dig = true
			default:
				sym = true
			}
		}
		if !(up && low && dig && sym) {
			return RulePattern
		}
	}
	return RuleOK
}

// Accepts reports whether a non-empty value passes the rule.
func (f FieldRule) Accepts(v string) bool {
	return TrimField(v) != "" && f.Check(v) == RuleOK
}

// Rule looks up a registration field's rule.
func (c *Config) Rule(field string) (FieldRule, bool) {
	for _, f := range c.Register.Fields {
		if f.Field == field {
			return f, true
		}
	}
	return FieldRule{}, false
}

// SwitchOn reports whether a whitelabel switch is enabled (and every parent).
func (c *Config) SwitchOn(modID string) bool {
	var find func([]Switch) (bool, bool)
	find = func(nodes []Switch) (found, on bool) {
		for _, n := range nodes {
			if n.ModID == modID {
				return true, n.Enabled
			}
			if f, o := find(n.ChildrenNodes); f {
				return true, n.Enabled && o
			}
		}
		return false, false
	}
	_, on := find(c.Whitelabel)
	return on
}

// checkURL accepts a site-relative path or an http(s) URL.
func checkURL(u string) error {
	switch {
	case u == "":
		return fmt.Errorf("empty")
	case strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//"):
	case strings.HasPrefix(u, "https://"), strings.HasPrefix(u, "http://"):
	default:
		return fmt.Errorf("%q is neither a /path nor an http(s) URL", u)
	}
	if strings.ContainsAny(u, " <>\"'\\") {
		return fmt.Errorf("%q has characters not allowed in a URL", u)
	}
	return nil
}

func codeLike(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return len(s) <= 64
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
