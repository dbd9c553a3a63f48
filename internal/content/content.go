// Package content holds operator-authored content: banners, announcements
// (player notices, popups, promotions, headlines) and the help centre, each
// with text per language. HTML is sanitised to a safe subset when served.
package content

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Text is one string per language code (TY, EN, ...).
type Text map[string]string

// In picks lang, falling back to EN, then TY.
func (t Text) In(lang string) string {
	if v := t[lang]; v != "" {
		return v
	}
	if v := t["EN"]; v != "" {
		return v
	}
	return t["TY"]
}

// Announcement types (spec section 7) and banner groups.
const (
	TypeBanner    = "B"
	TypePlayer    = "PL"
	TypePopup     = "PU"
	TypePromotion = "PR"
	TypeHeadline  = "H"
	// TypeAgent is an agent announcement (spec agentAnnouncement): shown
	// only in the agent centre (GET /wps/agent/announcements), never by
	// /wps/relay/announcements, so it is not in Types.
	TypeAgent = "AG"
)

var (
	Types         = []string{TypeBanner, TypePlayer, TypePopup, TypePromotion, TypeHeadline}
	Executions    = []string{"A", "B", "F"}
	BannerGroups  = []string{"w_home", "w_leftmenu", "w_login", "w_forget"}
	LinkageTypes  = []string{"NONE", "URL", "ROUTE", "PROMOTION", "GAME"}
	HelpKeys      = []string{"about", "term", "privacy", "responsible", "deposit", "withdraw", "faq"}
	PromoCategory = []string{"DEPOSIT", "REBATE", "VIP", "REFERRAL", "EVENT", "NEWBIE"}
)

// Banner is one slide of a banner group.
type Banner struct {
	ID          int64  `json:"id"`
	GroupName   string `json:"groupName"`
	Sequence    int    `json:"sequence"`
	Title       Text   `json:"title"`
	ImageURL    string `json:"url"`
	LinkageType string `json:"linkageType"`
	LinkTarget  string `json:"linkTarget"`
	StartTime   int64  `json:"startTime,omitempty"` // Unix ms, 0 open
	EndTime     int64  `json:"endTime,omitempty"`   // Unix ms, 0 open
	Disabled    bool   `json:"disabled,omitempty"`  // switched off by an operator (zero value: shown)
}

// Shown tells whether the banner is on and inside its window at now (Unix ms).
func (b *Banner) Shown(now int64) bool {
	return !b.Disabled && (b.StartTime == 0 || now >= b.StartTime) && (b.EndTime == 0 || now < b.EndTime)
}

// Image is one promotion picture.
type Image struct {
	URL      string `json:"url"`
	Sequence int    `json:"sequence"`
}

// Announcement is a player notice, popup, promotion or headline.
type Announcement struct {
	ID          int64   `json:"id"`
	Type        string  `json:"type"`
	Execution   string  `json:"execution,omitempty"` // popups only: A members, B visitors, F first login
	Sequence    int     `json:"sequence"`
	PublishedAt int64   `json:"publishedAt"` // Unix ms
	StartTime   int64   `json:"startTime"`   // Unix ms, 0 open
	EndTime     int64   `json:"endTime"`     // Unix ms, 0 open
	Title       Text    `json:"title"`
	Content     Text    `json:"content,omitempty"`
	Summary     Text    `json:"summary,omitempty"`
	Category    string  `json:"category,omitempty"`
	Images      []Image `json:"announcementImages,omitempty"`
	// AgentTypes: an agent announcement's audience, agent types 1, 2, 41,
	// 42 (none: every agent). Agent announcements only.
	AgentTypes []int `json:"agentTypes,omitempty"`
	// Disabled: switched off by an operator (zero value: shown in its window).
	Disabled bool `json:"disabled,omitempty"`
}

// AgentTypes are the account types an agent announcement may name (account.IsAgentType).
var AgentTypes = []int{1, 2, 41, 42}

// HelpSection is one help-centre page (/help#key).
type HelpSection struct {
	Key     string `json:"key"`
	Sort    int    `json:"sort"`
	Title   Text   `json:"title"`
	Content Text   `json:"content"`
}

// Errors. Each names what is wrong so the console can say it in the
// operator's language.
var (
	ErrInvalid         = apperr.Invalid("content.invalid")
	ErrLanguageMissing = apperr.Invalid("content.language_missing")
	ErrLanguageUnknown = apperr.Invalid("content.language_unknown")
	ErrTooLong         = apperr.Invalid("content.too_long")
	ErrSchedule        = apperr.Invalid("content.schedule_invalid")
	ErrLink            = apperr.Invalid("content.link_invalid")
	ErrImage           = apperr.Invalid("content.image_invalid")
	ErrNotFound        = apperr.NotFound("content.not_found")
	ErrOrder           = apperr.Invalid("content.order_mismatch")
	ErrConflict        = apperr.Conflict("content.conflict")
)

func init() {
	for code, m := range map[string]map[string]string{
		"content.invalid": {"EN": "The content is not valid: {reason}.", "TY": "Hindi wasto ang nilalaman: {reason}."},
		"content.language_missing": {"EN": "The {field} needs text in {languages}.",
			"TY": "Kailangan ng {field} ang teksto sa {languages}."},
		"content.language_unknown": {"EN": "{language} is not a language of the platform.",
			"TY": "Ang {language} ay hindi wika ng platform."},
		"content.too_long": {"EN": "The {field} in {language} is longer than {max} characters.",
			"TY": "Ang {field} sa {language} ay mas mahaba sa {max} na titik."},
		"content.schedule_invalid": {"EN": "The end of the schedule must come after its start.",
			"TY": "Dapat mas huli ang katapusan ng iskedyul kaysa sa simula nito."},
		"content.link_invalid": {"EN": "The link does not fit its type: {reason}.",
			"TY": "Hindi tugma ang link sa uri nito: {reason}."},
		"content.image_invalid": {"EN": "The picture must be an uploaded image or an https address.",
			"TY": "Ang larawan ay dapat na-upload o isang https na address."},
		"content.not_found": {"EN": "This item no longer exists.", "TY": "Wala na ang item na ito."},
		"content.order_mismatch": {"EN": "The order must list every banner of the group once.",
			"TY": "Dapat nakalista nang isang beses ang bawat banner ng grupo."},
		"content.conflict": {"EN": "Someone else changed the content at the same moment. Try again.",
			"TY": "May ibang nagbago ng nilalaman sa parehong sandali. Subukang muli."},
		"content.image_unreadable": {"EN": "The picture could not be read as an image, or it is larger than {max} pixels on a side.",
			"TY": "Hindi mabasa ang larawan, o mas malaki ito sa {max} pixel sa isang gilid."},
	} {
		apperr.Register(code, m)
	}
}

func invalid(format string, args ...any) error {
	return ErrInvalid.With("reason", fmt.Sprintf(format, args...))
}

// Required are the languages every text needs; others are optional.
var Required = []string{"TY", "EN"}

// needText checks a text: TY and EN present (the error lists the missing
// ones), every language a known one, none longer than max characters.
func needText(t Text, what string, max int) error {
	var missing []string
	for _, l := range Required {
		if strings.TrimSpace(t[l]) == "" {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 {
		return ErrLanguageMissing.With("field", what).With("languages", strings.Join(missing, ", "))
	}
	langs := make([]string, 0, len(t))
	for l := range t {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		if !brand.IsLanguage(l) {
			return ErrLanguageUnknown.With("language", l)
		}
		if len([]rune(t[l])) > max {
			return ErrTooLong.With("field", what).With("language", l).With("max", max)
		}
	}
	return nil
}

// Trimmed drops languages whose text is blank and trims the rest.
func (t Text) Trimmed() Text {
	out := make(Text, len(t))
	for l, v := range t {
		if v = strings.TrimSpace(v); v != "" {
			out[strings.ToUpper(l)] = v
		}
	}
	return out
}

func schedule(start, end int64) error {
	if start < 0 || end < 0 || (end != 0 && end <= start) {
		return ErrSchedule
	}
	return nil
}

// ImageURL tells whether u may be a picture: a site path or https.
func imageURL(u string) bool {
	return len(u) <= 2048 && ((strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//")) || strings.HasPrefix(u, "https://"))
}

// Validate checks a banner.
func (b *Banner) Validate() error {
	if b.ID <= 0 || !contains(BannerGroups, b.GroupName) {
		return invalid("banner %d needs a positive id and a known group", b.ID)
	}
	if b.Sequence < 0 || b.Sequence > 100000 {
		return invalid("sequence %d", b.Sequence)
	}
	if err := needText(b.Title, "title", 200); err != nil {
		return err
	}
	if !contains(LinkageTypes, b.LinkageType) {
		return ErrLink.With("reason", "unknown type "+b.LinkageType)
	}
	if len(b.LinkTarget) > 2048 {
		return ErrLink.With("reason", "too long")
	}
	switch b.LinkageType {
	case "NONE":
		if b.LinkTarget != "" {
			return ErrLink.With("reason", "NONE takes no target")
		}
	case "URL":
		if !strings.HasPrefix(b.LinkTarget, "https://") && !strings.HasPrefix(b.LinkTarget, "http://") {
			return ErrLink.With("reason", "URL must start with https:// or http://")
		}
	case "ROUTE":
		if !strings.HasPrefix(b.LinkTarget, "/") || strings.HasPrefix(b.LinkTarget, "//") {
			return ErrLink.With("reason", "ROUTE must be a path of the site such as /promotions")
		}
	case "PROMOTION", "GAME":
		if !isDigits(b.LinkTarget) {
			return ErrLink.With("reason", b.LinkageType+" must be an id")
		}
	}
	if !imageURL(b.ImageURL) {
		return ErrImage
	}
	return schedule(b.StartTime, b.EndTime)
}

// Validate checks an announcement.
func (a *Announcement) Validate() error {
	if a.ID <= 0 || (!contains(Types, a.Type) && a.Type != TypeAgent) || a.Type == TypeBanner {
		return invalid("announcement %d needs a positive id and type PL, PU, PR, H or AG", a.ID)
	}
	if a.Type != TypeAgent && len(a.AgentTypes) > 0 {
		return invalid("only agent announcements take agent types")
	}
	seen := map[int]bool{}
	for _, t := range a.AgentTypes {
		if !slices.Contains(AgentTypes, t) || seen[t] {
			return invalid("agent type %d", t)
		}
		seen[t] = true
	}
	if (a.Type == TypePopup) != (a.Execution != "") || (a.Execution != "" && !contains(Executions, a.Execution)) {
		return invalid("announcement %d: execution A, B or F is for popups only", a.ID)
	}
	if a.Sequence < 0 || a.Sequence > 100000 {
		return invalid("sequence %d", a.Sequence)
	}
	if err := schedule(a.StartTime, a.EndTime); err != nil {
		return err
	}
	if err := needText(a.Title, "title", 300); err != nil {
		return err
	}
	if a.Type != TypeHeadline {
		if err := needText(a.Content, "content", 64<<10); err != nil {
			return err
		}
	}
	if a.Type == TypePromotion {
		if err := needText(a.Summary, "summary", 500); err != nil {
			return err
		}
		if !contains(PromoCategory, a.Category) {
			return invalid("promotion %d needs a category", a.ID)
		}
		if len(a.Images) == 0 || len(a.Images) > 10 {
			return ErrImage
		}
		for _, im := range a.Images {
			if !imageURL(im.URL) {
				return ErrImage
			}
		}
	} else if a.Category != "" || len(a.Images) > 0 {
		return invalid("only promotions take a category and images")
	}
	return nil
}

// Validate checks a help section.
func (h *HelpSection) Validate() error {
	if !contains(HelpKeys, h.Key) {
		return invalid("help key %q", h.Key)
	}
	if h.Sort < 0 || h.Sort > 1000 {
		return invalid("help sort %d", h.Sort)
	}
	if err := needText(h.Title, "title", 200); err != nil {
		return err
	}
	return needText(h.Content, "content", 64<<10)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	if s == "" || len(s) > 18 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
