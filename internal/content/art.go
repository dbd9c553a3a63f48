package content

import (
	"fmt"
	"math"
	"strings"
)

// Generated art for banners and promotions: a night-market scene of string
// lights, lanterns and a motif per slot, varied deterministically by id.
// No text is drawn, so one picture serves every language.

var palette = []string{"#F5B942", "#FF6B5A", "#1FC3A7", "#FFD98A", "#FF9F6B"}

// rnd is a tiny deterministic generator (xorshift) seeded by the id.
type rnd uint64

func (r *rnd) next() float64 {
	x := uint64(*r)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*r = rnd(x)
	return float64(x%10000) / 10000
}

func seed(id int64, salt uint64) *rnd {
	r := rnd(uint64(id)*0x9E3779B97F4A7C15 ^ salt | 1)
	for i := 0; i < 4; i++ {
		r.next()
	}
	return &r
}

func lanternAt(b *strings.Builder, x, y, h float64, color string) {
	w := h * 0.78
	fmt.Fprintf(b, `<line x1="%.0f" y1="0" x2="%.0f" y2="%.0f" stroke="#F5B942" stroke-opacity="0.6" stroke-width="2"/>`, x, x, y-h/2)
	fmt.Fprintf(b, `<ellipse cx="%.0f" cy="%.0f" rx="%.0f" ry="%.0f" fill="url(#glow)"/>`, x, y, w*1.6, h*1.3)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" rx="%.0f" fill="%s"/>`, x-w/2, y-h/2, w, h, w*0.45, color)
	fmt.Fprintf(b, `<path d="M%.0f %.0fv%.0fM%.0f %.0fv%.0f" stroke="#0E1525" stroke-opacity="0.3" stroke-width="2"/>`, x-w*0.18, y-h*0.42, h*0.84, x+w*0.18, y-h*0.42, h*0.84)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#F5B942"/>`, x-w*0.25, y-h*0.57, w*0.5, h*0.09)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#F5B942"/>`, x-w*0.25, y+h*0.48, w*0.5, h*0.09)
	fmt.Fprintf(b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="3"/>`, x, y+h*0.57, x, y+h*0.8, color)
}

func stringLights(b *strings.Builder, w, sag float64, r *rnd) {
	fmt.Fprintf(b, `<path d="M0 20 Q%.0f %.0f %.0f 20" fill="none" stroke="#F5B942" stroke-opacity="0.45" stroke-width="2"/>`, w/2, 20+sag*2, w)
	n := int(w / 40)
	for i := 1; i < n; i++ {
		t := float64(i) / float64(n)
		x := t * w
		y := 20 + sag*2*2*t*(1-t)
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="%.1f" fill="%s" opacity="%.2f"/>`, x, y+5, 3+r.next()*2, palette[i%len(palette)], 0.6+r.next()*0.4)
	}
}

func stars(b *strings.Builder, w, h float64, n int, r *rnd) {
	for i := 0; i < n; i++ {
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="%.1f" fill="#FFF6DD" opacity="%.2f"/>`, r.next()*w, r.next()*h*0.7, 0.6+r.next()*1.6, 0.2+r.next()*0.6)
	}
}

func coin(b *strings.Builder, x, y, rad float64) {
	fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="%.0f" fill="#F5B942" stroke="#B7790E" stroke-width="%.0f"/>`, x, y, rad, rad*0.12)
	fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="%.0f" fill="none" stroke="#FFE3A3" stroke-width="%.1f"/>`, x, y, rad*0.68, rad*0.08)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#B7790E" transform="rotate(45 %.0f %.0f)"/>`, x-rad*0.22, y-rad*0.22, rad*0.44, rad*0.44, x, y)
}

func burst(b *strings.Builder, x, y, rad float64, color string) {
	for i := 0; i < 12; i++ {
		a := float64(i) * math.Pi / 6
		fmt.Fprintf(b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="3" stroke-linecap="round"/>`,
			x+math.Cos(a)*rad*0.35, y+math.Sin(a)*rad*0.35, x+math.Cos(a)*rad, y+math.Sin(a)*rad, color)
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="3" fill="%s"/>`, x+math.Cos(a)*rad*1.12, y+math.Sin(a)*rad*1.12, color)
	}
}

func card(b *strings.Builder, x, y, w, rot float64, suit string) {
	h := w * 1.4
	fmt.Fprintf(b, `<g transform="rotate(%.0f %.0f %.0f)"><rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" rx="%.0f" fill="#FFF6DD" stroke="#F5B942" stroke-width="3"/>`,
		rot, x, y, x-w/2, y-h/2, w, h, w*0.1)
	fmt.Fprintf(b, `<path d="M%.0f %.0f l%.0f %.0f l%.0f %.0f l%.0f %.0f z" fill="%s"/></g>`, x, y-h*0.22, w*0.25, h*0.22, -w*0.25, h*0.22, -w*0.25, -h*0.22, suit)
}

func dice(b *strings.Builder, x, y, s, rot float64) {
	fmt.Fprintf(b, `<g transform="rotate(%.0f %.0f %.0f)"><rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" rx="%.0f" fill="#FF6B5A"/>`, rot, x, y, x-s/2, y-s/2, s, s, s*0.18)
	for _, p := range [][2]float64{{-0.25, -0.25}, {0, 0}, {0.25, 0.25}, {0.25, -0.25}, {-0.25, 0.25}} {
		fmt.Fprintf(b, `<circle cx="%.0f" cy="%.0f" r="%.1f" fill="#FFF6DD"/>`, x+p[0]*s, y+p[1]*s, s*0.08)
	}
	b.WriteString(`</g>`)
}

func gift(b *strings.Builder, x, y, s float64) {
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" rx="6" fill="#1FC3A7"/>`, x-s/2, y-s/2, s, s)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#F5B942"/>`, x-s*0.08, y-s/2, s*0.16, s)
	fmt.Fprintf(b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" rx="5" fill="#16A88F"/>`, x-s*0.58, y-s*0.66, s*1.16, s*0.22)
	fmt.Fprintf(b, `<path d="M%.0f %.0f c-%.0f -%.0f -%.0f 0 0 0 c%.0f -%.0f %.0f 0 0 0" fill="none" stroke="#F5B942" stroke-width="5"/>`, x, y-s*0.66, s*0.4, s*0.4, s*0.4, s*0.4, s*0.4, s*0.4)
}

func motif(b *strings.Builder, kind int, cx, cy, s float64, r *rnd) {
	switch kind % 5 {
	case 0: // coin stack
		for i := 0; i < 4; i++ {
			coin(b, cx-s*0.5+float64(i)*s*0.34, cy+s*0.2-float64(i%2)*s*0.25, s*0.3)
		}
	case 1: // cards fan
		for i, rot := range []float64{-18, 0, 18} {
			card(b, cx+float64(i-1)*s*0.35, cy, s*0.45, rot, palette[(i+1)%3])
		}
	case 2: // dice pair
		dice(b, cx-s*0.28, cy, s*0.45, -12)
		dice(b, cx+s*0.3, cy+s*0.1, s*0.4, 16)
	case 3: // fireworks
		burst(b, cx-s*0.3, cy-s*0.1, s*0.35, "#F5B942")
		burst(b, cx+s*0.35, cy+s*0.15, s*0.28, "#FF6B5A")
		burst(b, cx+s*0.05, cy-s*0.45, s*0.18, "#1FC3A7")
	default: // gift
		gift(b, cx, cy+s*0.1, s*0.6)
		coin(b, cx+s*0.55, cy-s*0.2, s*0.18)
	}
	_ = r
}

func scene(w, h float64, id int64, salt uint64, kind int) string {
	r := seed(id, salt)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" preserveAspectRatio="xMidYMid slice">`, w, h)
	hue := palette[int(r.next()*float64(len(palette)))]
	fmt.Fprintf(&b, `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0E1525"/><stop offset="0.6" stop-color="#1A2444"/><stop offset="1" stop-color="#2B1F3D"/></linearGradient>`+
		`<radialGradient id="glow"><stop offset="0" stop-color="#F5B942" stop-opacity="0.45"/><stop offset="1" stop-color="#F5B942" stop-opacity="0"/></radialGradient>`+
		`<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="%s" stop-opacity="0.55"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient></defs>`, hue, hue)
	fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" fill="url(#sky)"/>`, w, h)
	stars(&b, w, h, int(w/25), r)
	fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="%.0f" fill="url(#sun)"/>`, w*(0.6+r.next()*0.2), h*0.5, h*0.55)
	// market stalls: awnings along the bottom
	stall := h * 0.5
	for x := -stall * r.next(); x < w; x += stall * 1.05 {
		color := palette[int(r.next()*3)]
		top := h - stall*0.55
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#121B30"/>`, x, top, stall, stall*0.6)
		for i := 0; i < 5; i++ {
			c := color
			if i%2 == 1 {
				c = "#FFF6DD"
			}
			sw := stall / 5
			fmt.Fprintf(&b, `<path d="M%.0f %.0f h%.0f v%.0f q-%.0f %.0f -%.0f 0 z" fill="%s" opacity="0.85"/>`, x+float64(i)*sw, top-stall*0.14, sw, stall*0.14, sw/2, sw*0.5, sw/2, c)
		}
	}
	stringLights(&b, w, h*0.06, r)
	for i, n := 0, 2+int(r.next()*3); i < n; i++ {
		x := w * (0.05 + 0.4*float64(i)/float64(n) + r.next()*0.05)
		lanternAt(&b, x, h*(0.3+r.next()*0.15), h*(0.14+r.next()*0.06), palette[(i+int(id))%2*1])
	}
	motif(&b, kind, w*0.75, h*0.45, h*0.55, r)
	fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" fill="none" stroke="#F5B942" stroke-opacity="0.25" stroke-width="4"/></svg>`, w, h)
	return b.String()
}

// BannerSVG draws a banner; the shape follows the group's slot.
func BannerSVG(b Banner) string {
	w, h := 1200.0, 400.0
	switch b.GroupName {
	case "w_leftmenu":
		w, h = 480, 200
	case "w_login", "w_forget":
		w, h = 720, 300
	}
	return scene(w, h, b.ID, 0xBA, int(b.ID))
}

// PromoSVG draws a promotion picture; the motif follows the category.
func PromoSVG(a Announcement) string {
	kind := map[string]int{"DEPOSIT": 0, "VIP": 1, "EVENT": 3, "REBATE": 0, "REFERRAL": 4, "NEWBIE": 4}[a.Category] + int(a.ID%2)
	return scene(800, 400, a.ID, 0x9A, kind)
}
