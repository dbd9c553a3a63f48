package account

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"strings"
	"unicode"
)

// MemberIcon is the value of GET /wps/member/info/icon: an image URL the
// browser can put in <img src> (a data: URL for the generated avatar).
type MemberIcon struct {
	Icon   string `json:"icon"`
	Custom bool   `json:"custom"` // false: the generated avatar
}

// festive gradients (fiesta colours: mango, bougainvillea, sea, jeepney).
var avatarPalettes = [][2]string{
	{"#FF8A00", "#E52E71"}, {"#F9D423", "#FF4E50"}, {"#00C9FF", "#92FE9D"}, {"#FC466B", "#3F5EFB"},
	{"#F7971E", "#FFD200"}, {"#8E2DE2", "#FF6A00"}, {"#11998E", "#F9D423"}, {"#EE0979", "#FF6A00"},
	{"#00B09B", "#3F5EFB"}, {"#C94B4B", "#FFB75E"}, {"#FF5F6D", "#FFC371"}, {"#7F00FF", "#E100FF"},
}

// Icon answers the member's avatar: the one set, else a generated SVG.
func (s *Service) Icon(ctx context.Context, c Caller) (MemberIcon, error) {
	if c.member == nil || c.member.ID != c.MemberID {
		m, err := s.store.MemberByID(ctx, c.MemberID)
		if err != nil {
			return MemberIcon{}, err
		}
		c.member = &m
	}
	if c.member.Avatar != "" {
		return MemberIcon{Icon: c.member.Avatar, Custom: true}, nil
	}
	svg := AvatarSVG(c.member.ID, c.member.Account, c.member.Nickname)
	return MemberIcon{Icon: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))}, nil
}

// AvatarSVG draws initials on a gradient chosen from the account, so a
// member always gets the same picture.
func AvatarSVG(id int64, account, nickname string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%d/%s", id, strings.ToLower(account))))
	p := avatarPalettes[int(sum[0])%len(avatarPalettes)]
	angle := int(sum[1]) % 360
	text := html.EscapeString(initials(nickname, account))
	return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
		`<defs><linearGradient id="g" gradientTransform="rotate(` + fmt.Sprint(angle) + ` .5 .5)">` +
		`<stop offset="0" stop-color="` + p[0] + `"/><stop offset="1" stop-color="` + p[1] + `"/></linearGradient></defs>` +
		`<circle cx="48" cy="48" r="48" fill="url(#g)"/>` +
		`<circle cx="78" cy="20" r="5" fill="#fff" fill-opacity=".35"/><circle cx="18" cy="74" r="3" fill="#fff" fill-opacity=".3"/>` +
		`<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" ` +
		`font-size="38" font-weight="700" fill="#fff">` + text + `</text></svg>`
}

// initials: the first letters of the nickname's first two words (or the
// first two of a one-word nickname), else the first two of the account.
func initials(nickname, account string) string {
	firstTwo := func(w string) []rune {
		var out []rune
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				out = append(out, unicode.ToUpper(r))
				if len(out) == 2 {
					break
				}
			}
		}
		return out
	}
	var out []rune
	if words := strings.Fields(nickname); len(words) >= 2 {
		for _, w := range words {
			if r := firstTwo(w); len(r) > 0 {
				out = append(out, r[0])
			}
			if len(out) == 2 {
				break
			}
		}
	}
	if len(out) < 2 {
		out = firstTwo(nickname)
	}
	if len(out) == 0 {
		out = firstTwo(account)
	}
	if len(out) == 0 {
		return "?"
	}
	return string(out)
}
