// Package content holds operator-authored content: banners, announcements
// (player notices, popups, promotions, headlines) and the help centre, each
// with text per language. HTML is sanitised to a safe subset when served.
package content

import (
	"fmt"
	"strings"

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
}

// HelpSection is one help-centre page (/help#key).
type HelpSection struct {
	Key     string `json:"key"`
	Sort    int    `json:"sort"`
	Title   Text   `json:"title"`
	Content Text   `json:"content"`
}

// Errors.
var ErrInvalid = apperr.Invalid("content.invalid")

func init() {
	apperr.Register("content.invalid", map[string]string{
		"EN": "The content is not valid: {reason}.",
		"TY": "Hindi wasto ang nilalaman: {reason}.",
	})
}

func invalid(format string, args ...any) error {
	return ErrInvalid.With("reason", fmt.Sprintf(format, args...))
}

func needText(t Text, what string, max int) error {
	if strings.TrimSpace(t["EN"]) == "" || strings.TrimSpace(t["TY"]) == "" {
		return invalid("%s needs TY and EN text", what)
	}
	for l, v := range t {
		if len(v) > max {
			return invalid("%s %s is longer than %d bytes", what, l, max)
		}
	}
	return nil
}

// Validate checks a banner.
func (b *Banner) Validate() error {
	if b.ID <= 0 || !contains(BannerGroups, b.GroupName) {
		return invalid("banner %d needs a positive id and a known group", b.ID)
	}
	if err := needText(b.Title, "banner title", 200); err != nil {
		return err
	}
	if !contains(LinkageTypes, b.LinkageType) {
		return invalid("banner %d linkageType %q", b.ID, b.LinkageType)
	}
	switch b.LinkageType {
	case "NONE":
		if b.LinkTarget != "" {
			return invalid("banner %d: NONE takes no linkTarget", b.ID)
		}
	case "URL":
		if !strings.HasPrefix(b.LinkTarget, "https://") && !strings.HasPrefix(b.LinkTarget, "http://") {
			return invalid("banner %d: URL linkTarget must be absolute", b.ID)
		}
	case "ROUTE":
		if !strings.HasPrefix(b.LinkTarget, "/") || strings.HasPrefix(b.LinkTarget, "//") {
			return invalid("banner %d: ROUTE linkTarget must be an in-app path", b.ID)
		}
	case "PROMOTION", "GAME":
		if !isDigits(b.LinkTarget) {
			return invalid("banner %d: %s linkTarget must be an id", b.ID, b.LinkageType)
		}
	}
	if !strings.HasPrefix(b.ImageURL, "/") && !strings.HasPrefix(b.ImageURL, "https://") {
		return invalid("banner %d url", b.ID)
	}
	return nil
}

// Validate checks an announcement.
func (a *Announcement) Validate() error {
	if a.ID <= 0 || !contains(Types, a.Type) || a.Type == TypeBanner {
		return invalid("announcement %d needs a positive id and type PL, PU, PR or H", a.ID)
	}
	if (a.Type == TypePopup) != (a.Execution != "") || (a.Execution != "" && !contains(Executions, a.Execution)) {
		return invalid("announcement %d: execution A, B or F is for popups only", a.ID)
	}
	if a.EndTime != 0 && a.EndTime < a.StartTime {
		return invalid("announcement %d ends before it starts", a.ID)
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
		if !contains(PromoCategory, a.Category) || len(a.Images) == 0 {
			return invalid("promotion %d needs a category and at least one image", a.ID)
		}
	}
	return nil
}

// Validate checks a help section.
func (h *HelpSection) Validate() error {
	if !contains(HelpKeys, h.Key) {
		return invalid("help key %q", h.Key)
	}
	if err := needText(h.Title, "help title", 200); err != nil {
		return err
	}
	return needText(h.Content, "help content", 64<<10)
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
