package game

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Generated art: original SVG tiles, deterministic per game, with a palette
// and motif per category so a lane reads as one family. Nothing here copies
// a real logo or title card.

type palette struct {
	bg1, bg2, accent, ink string
}

// palettes per motif; the game's hash picks one of each family.
var palettes = map[string][]palette{
	"slots":     {{"#4a1070", "#16052b", "#f5b942", "#fff4d6"}, {"#7a1030", "#240410", "#ffd166", "#fff1e0"}, {"#0f3a6b", "#06142a", "#f7c948", "#eaf4ff"}, {"#5b2a86", "#1a0b2e", "#ffcf5c", "#fdf2ff"}},
	"live":      {{"#0f5132", "#042114", "#e63946", "#f8f1e5"}, {"#1b4d3e", "#08201a", "#d4af37", "#fffaf0"}, {"#5c0f16", "#1f0407", "#d4af37", "#fff6e8"}},
	"fish":      {{"#0077b6", "#03045e", "#90e0ef", "#e8fbff"}, {"#00838f", "#002f35", "#ffb703", "#e9fffd"}, {"#1565c0", "#0a1f44", "#4dd0e1", "#eef9ff"}},
	"cards":     {{"#1d3557", "#0b1420", "#e63946", "#f1faee"}, {"#2b2d42", "#0d0e16", "#ef233c", "#edf2f4"}, {"#283618", "#0e1408", "#dda15e", "#fefae0"}},
	"sports":    {{"#2d6a4f", "#081c15", "#ffffff", "#f0fff4"}, {"#1b5e20", "#07210a", "#ffeb3b", "#f7fff0"}},
	"lottery":   {{"#3a0ca3", "#10002b", "#f72585", "#fdf0ff"}, {"#240046", "#0b0018", "#ffba08", "#fff8e6"}, {"#03045e", "#000814", "#ffc300", "#f0f6ff"}},
	"cockfight": {{"#9c2c13", "#2b0a03", "#f4a261", "#fff3e6"}, {"#6f1d1b", "#1f0707", "#ffe6a7", "#fff8ec"}},
	"neon":      {{"#14001f", "#000000", "#00f5d4", "#f8f7ff"}, {"#0d0221", "#000000", "#f15bb5", "#fff0fb"}, {"#001219", "#000000", "#9b5de5", "#f3ecff"}},
}

func motifOf(gameType, sub string) string {
	switch sub {
	case SubBingo:
		return "lottery"
	case SubTable:
		if gameType == "RNG" {
			return "cards"
		}
	}
	switch gameType {
	case "RNG":
		return "slots"
	case "LIVE":
		return "live"
	case "FISH":
		return "fish"
	case "PVP":
		return "cards"
	case "SPORTS":
		return "sports"
	case "LOTT", "ELOTT":
		return "lottery"
	case "COCKFIGHT":
		return "cockfight"
	default:
		return "neon"
	}
}

// rnd is a small deterministic generator seeded from the game's identity.
type rnd struct{ s uint64 }

func newRnd(seed string) *rnd {
	h := fnv.New64a()
	_, _ = h.Write([]byte(seed))
	return &rnd{s: h.Sum64() | 1}
}

func (r *rnd) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

func (r *rnd) intn(n int) int { return int(r.next() % uint64(n)) }

func (r *rnd) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

func xmlEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			if c >= 0x20 || c == '\t' {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// initials are the first letters of the first two words ("Jeepney Jackpot" -> "JJ").
func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		switch strings.ToLower(w) {
		case "ng", "of", "the", "sa", "at", "and", "&":
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out = append(out, unicode.ToUpper(r))
		}
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "P"
	}
	return string(out)
}

// wrapName splits a name into at most two lines of about max runes.
func wrapName(name string, max int) []string {
	words := strings.Fields(name)
	var lines []string
	cur := ""
	for _, w := range words {
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= max:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > 2 {
		lines = append(lines[:1], strings.Join(lines[1:], " "))
		if r := []rune(lines[1]); len(r) > max {
			lines[1] = string(r[:max-1]) + "…"
		}
	}
	return lines
}

const artFont = `font-family="Trebuchet MS,Segoe UI,Roboto,Helvetica,Arial,sans-serif"`

// GameArt renders the 200x200 tile of a game.
func GameArt(g GameView) []byte {
	motif := motifOf(g.GameType, g.SubCategory)
	r := newRnd(fmt.Sprintf("%d|%s|%s", g.NodeID, g.GameCode, g.GameName))
	pals := palettes[motif]
	p := pals[r.intn(len(pals))]
	var b strings.Builder
	b.Grow(3072)
	id := fmt.Sprintf("g%d", g.NodeID)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="%s">`, xmlEscape(g.GameName))
	fmt.Fprintf(&b, `<defs><radialGradient id="%s-bg" cx="%d%%" cy="%d%%" r="85%%"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient>`,
		id, r.between(30, 70), r.between(20, 45), p.bg1, p.bg2)
	fmt.Fprintf(&b, `<linearGradient id="%s-gl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="%s"/></linearGradient>`, id, p.accent)
	fmt.Fprintf(&b, `<linearGradient id="%s-band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".85"/></linearGradient></defs>`, id)
	fmt.Fprintf(&b, `<rect width="200" height="200" rx="18" fill="url(#%s-bg)"/>`, id)
	// Light rays behind the emblem.
	rot := r.intn(30)
	fmt.Fprintf(&b, `<g opacity=".10" fill="%s" transform="rotate(%d 100 84)">`, p.accent, rot)
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&b, `<path d="M100 84L%d -40L%d -40Z" transform="rotate(%d 100 84)"/>`, 92, 108, i*30)
	}
	b.WriteString(`</g>`)
	writeMotif(&b, motif, r, p)
	// Emblem: a ringed medallion with initials.
	fmt.Fprintf(&b, `<circle cx="100" cy="80" r="42" fill="%s" opacity=".35"/>`, p.bg2)
	fmt.Fprintf(&b, `<circle cx="100" cy="80" r="36" fill="none" stroke="url(#%s-gl)" stroke-width="4"/>`, id)
	fmt.Fprintf(&b, `<circle cx="100" cy="80" r="29" fill="none" stroke="%s" stroke-width="1" stroke-dasharray="3 4" opacity=".7"/>`, p.accent)
	ini := xmlEscape(initials(g.GameName))
	size := 30
	if utf8.RuneCountInString(ini) == 1 {
		size = 36
	}
	fmt.Fprintf(&b, `<text x="100" y="%d" text-anchor="middle" %s font-size="%d" font-weight="800" fill="#000" opacity=".35">%s</text>`, 92+1, artFont, size, ini)
	fmt.Fprintf(&b, `<text x="100" y="91" text-anchor="middle" %s font-size="%d" font-weight="800" fill="url(#%s-gl)">%s</text>`, artFont, size, id, ini)
	// Name band.
	fmt.Fprintf(&b, `<rect y="118" width="200" height="82" rx="18" fill="url(#%s-band)"/>`, id)
	lines := wrapName(g.GameName, 15)
	fs := 19
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 13 {
			fs = 16
		}
	}
	y := 160
	if len(lines) == 2 {
		y = 150
	}
	for i, l := range lines {
		fmt.Fprintf(&b, `<text x="100" y="%d" text-anchor="middle" %s font-size="%d" font-weight="700" fill="%s">%s</text>`, y+i*(fs+3), artFont, fs, p.ink, xmlEscape(l))
	}
	fmt.Fprintf(&b, `<rect x="10" y="10" width="%d" height="18" rx="9" fill="#000" opacity=".45"/>`, 14+8*len(g.Vassalage))
	fmt.Fprintf(&b, `<text x="16" y="23" %s font-size="11" font-weight="700" letter-spacing=".5" fill="%s">%s</text>`, artFont, p.accent, xmlEscape(g.Vassalage))
	fmt.Fprintf(&b, `<rect x="1" y="1" width="198" height="198" rx="17" fill="none" stroke="%s" stroke-opacity=".35" stroke-width="2"/>`, p.accent)
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

func writeMotif(b *strings.Builder, motif string, r *rnd, p palette) {
	switch motif {
	case "slots":
		// Three reels with symbols, coins scattered.
		fmt.Fprintf(b, `<g opacity=".22">`)
		for i := 0; i < 3; i++ {
			x := 22 + i*56
			fmt.Fprintf(b, `<rect x="%d" y="20" width="44" height="110" rx="8" fill="none" stroke="%s" stroke-width="2"/>`, x, p.accent)
			sym := []string{"7", "★", "◆", "♥", "$", "☀"}[r.intn(6)]
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" %s font-size="22" font-weight="800" fill="%s">%s</text>`, x+22, 44, artFont, p.accent, sym)
		}
		b.WriteString(`</g>`)
		for i := 0; i < 5; i++ {
			cx, cy, rr := r.between(15, 185), r.between(120, 185), r.between(6, 11)
			fmt.Fprintf(b, `<ellipse cx="%d" cy="%d" rx="%d" ry="%d" fill="%s" opacity=".55"/><ellipse cx="%d" cy="%d" rx="%d" ry="%d" fill="none" stroke="#fff" stroke-opacity=".5"/>`,
				cx, cy, rr, rr*3/4+1, p.accent, cx, cy, rr-3, (rr-3)*3/4+1)
		}
	case "live":
		// A roulette wheel, chips and a fanned pair of cards.
		fmt.Fprintf(b, `<g opacity=".25" transform="rotate(%d 160 40)"><circle cx="160" cy="40" r="34" fill="none" stroke="%s" stroke-width="6" stroke-dasharray="6 5"/><circle cx="160" cy="40" r="20" fill="none" stroke="%s" stroke-width="2"/></g>`, r.intn(60), p.accent, p.ink)
		for i := 0; i < 3; i++ {
			cx, cy := r.between(18, 60), r.between(130, 180)
			fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="12" fill="%s" opacity=".6"/><circle cx="%d" cy="%d" r="9" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 3" opacity=".7"/>`, cx, cy, p.accent, cx, cy)
		}
		for i, a := range []int{-14, 10} {
			fmt.Fprintf(b, `<g transform="rotate(%d 40 40)" opacity=".3"><rect x="%d" y="14" width="34" height="48" rx="4" fill="%s"/><text x="%d" y="44" text-anchor="middle" font-size="20" fill="%s">%s</text></g>`,
				a, 20+i*10, p.ink, 37+i*10, p.accent, []string{"♠", "♥"}[i])
		}
	case "fish":
		for i := 0; i < 3; i++ {
			y := 30 + i*45 + r.intn(10)
			fmt.Fprintf(b, `<path d="M0 %d Q25 %d 50 %d T100 %d T150 %d T200 %d" fill="none" stroke="%s" stroke-width="3" opacity=".25"/>`, y, y-10, y, y, y, y, p.accent)
		}
		for i := 0; i < 3; i++ {
			x, y, s := r.between(20, 170), r.between(20, 180), r.between(8, 14)
			flip := 1
			if r.intn(2) == 0 {
				flip = -1
			}
			fmt.Fprintf(b, `<g transform="translate(%d %d) scale(%d 1)" opacity=".5"><ellipse rx="%d" ry="%d" fill="%s"/><path d="M%d 0L%d -%d L%d %dZ" fill="%s"/><circle cx="-%d" cy="-2" r="1.6" fill="#000"/></g>`,
				x, y, flip, s, s/2+2, p.accent, s-2, s+8, s/2+1, s+8, s/2+1, p.accent, s/2)
		}
		for i := 0; i < 6; i++ {
			fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" opacity=".4"/>`, r.between(10, 190), r.between(10, 190), r.between(2, 6), p.ink)
		}
	case "cards":
		suits := []string{"♠", "♥", "♦", "♣"}
		for i := 0; i < 6; i++ {
			s := suits[r.intn(4)]
			col := p.ink
			if s == "♥" || s == "♦" {
				col = p.accent
			}
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" font-size="%d" fill="%s" opacity=".22" transform="rotate(%d %d %d)">%s</text>`,
				r.between(15, 185), r.between(30, 190), r.between(22, 44), col, r.between(-30, 30), 100, 100, s)
		}
	case "sports":
		fmt.Fprintf(b, `<g fill="none" stroke="%s" stroke-width="2" opacity=".22"><rect x="12" y="12" width="176" height="176" rx="6"/><line x1="100" y1="12" x2="100" y2="188"/><circle cx="100" cy="100" r="28"/><rect x="12" y="70" width="26" height="60"/><rect x="162" y="70" width="26" height="60"/></g>`, p.accent)
		fmt.Fprintf(b, `<g transform="translate(%d %d)" opacity=".55"><circle r="13" fill="#fff"/><path d="M0 -5L5 -1L3 5L-3 5L-5 -1Z" fill="#222"/></g>`, r.between(150, 178), r.between(140, 176))
	case "lottery":
		// Numbered balls along the top and sides, clear of the emblem and the name.
		spots := [][2]int{{176, 28}, {140, 18}, {100, 16}, {24, 64}, {178, 98}, {22, 104}}
		for i, sp := range spots {
			cx, cy := sp[0], sp[1]+r.between(-4, 4)
			fmt.Fprintf(b, `<g opacity=".8"><circle cx="%d" cy="%d" r="14" fill="%s"/><circle cx="%d" cy="%d" r="8" fill="#fff"/><text x="%d" y="%d" text-anchor="middle" %s font-size="9" font-weight="800" fill="#222">%d</text></g>`,
				cx, cy, []string{p.accent, p.ink, "#4cc9f0", "#80ed99", "#ff6b6b", p.accent}[i], cx, cy, cx, cy+3, artFont, r.between(1, 49))
		}
	case "cockfight":
		for i := 0; i < 4; i++ {
			x, y, a := r.between(20, 180), r.between(20, 180), r.between(-60, 60)
			fmt.Fprintf(b, `<g transform="translate(%d %d) rotate(%d)" opacity=".35"><path d="M0 -26 C14 -14 12 14 0 26 C-12 14 -14 -14 0 -26Z" fill="%s"/><line x1="0" y1="-26" x2="0" y2="30" stroke="%s" stroke-width="1.5"/></g>`, x, y, a, p.accent, p.ink)
		}
	default: // neon geometric
		for i := 0; i < 5; i++ {
			cx, cy, s := r.between(20, 180), r.between(20, 180), r.between(12, 30)
			col := []string{p.accent, "#00bbf9", "#fee440", "#f15bb5"}[r.intn(4)]
			if i%2 == 0 {
				fmt.Fprintf(b, `<polygon points="%d,%d %d,%d %d,%d" fill="none" stroke="%s" stroke-width="2.5" opacity=".55"/>`, cx, cy-s, cx+s, cy+s, cx-s, cy+s, col)
			} else {
				fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2.5" opacity=".5" transform="rotate(45 %d %d)"/>`, cx-s/2, cy-s/2, s, s, col, cx, cy)
			}
		}
		fmt.Fprintf(b, `<g stroke="%s" stroke-opacity=".12">`, p.accent)
		for i := 0; i <= 200; i += 25 {
			fmt.Fprintf(b, `<line x1="%d" y1="0" x2="%d" y2="200"/>`, i, i)
		}
		b.WriteString(`</g>`)
	}
}

// VendorArt renders a vendor's wordmark tile (200x200): styled text, no logo.
func VendorArt(v Vendor) []byte {
	motif := motifOf(v.GameType, "")
	r := newRnd("vendor|" + v.Code)
	pals := palettes[motif]
	p := pals[r.intn(len(pals))]
	id := "v" + strings.ToLower(v.Code)
	var b strings.Builder
	b.Grow(1536)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="%s">`, xmlEscape(v.DisplayName))
	fmt.Fprintf(&b, `<defs><linearGradient id="%s-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, id, p.bg1, p.bg2)
	fmt.Fprintf(&b, `<linearGradient id="%s-tx" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, id, p.accent)
	fmt.Fprintf(&b, `<rect width="200" height="200" rx="22" fill="url(#%s-bg)"/>`, id)
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" opacity=".10"/>`, r.between(140, 180), r.between(20, 60), r.between(50, 80), p.accent)
	fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" opacity=".08"/>`, r.between(10, 50), r.between(150, 190), r.between(40, 70), p.ink)
	code := v.Code
	code = strings.ReplaceAll(code, "_", " ")
	fs := 64
	switch n := len(code); {
	case n >= 9:
		fs = 24
	case n >= 6:
		fs = 32
	case n >= 4:
		fs = 44
	case n == 3:
		fs = 54
	}
	fmt.Fprintf(&b, `<text x="100" y="%d" text-anchor="middle" %s font-size="%d" font-weight="900" font-style="italic" letter-spacing="2" fill="#000" opacity=".35">%s</text>`, 106+3, artFont, fs, xmlEscape(code))
	fmt.Fprintf(&b, `<text x="100" y="106" text-anchor="middle" %s font-size="%d" font-weight="900" font-style="italic" letter-spacing="2" fill="url(#%s-tx)">%s</text>`, artFont, fs, id, xmlEscape(code))
	fmt.Fprintf(&b, `<rect x="50" y="122" width="100" height="3" rx="1.5" fill="%s"/>`, p.accent)
	name := v.DisplayName
	if rr := []rune(name); len(rr) > 24 {
		name = string(rr[:23]) + "…"
	}
	fmt.Fprintf(&b, `<text x="100" y="146" text-anchor="middle" %s font-size="12" font-weight="600" fill="%s" opacity=".9">%s</text>`, artFont, p.ink, xmlEscape(name))
	fmt.Fprintf(&b, `<text x="100" y="176" text-anchor="middle" %s font-size="10" font-weight="700" letter-spacing="3" fill="%s" opacity=".7">%s</text>`, artFont, p.accent, xmlEscape(v.GameType))
	fmt.Fprintf(&b, `<rect x="1.5" y="1.5" width="197" height="197" rx="21" fill="none" stroke="%s" stroke-opacity=".4" stroke-width="3"/>`, p.accent)
	b.WriteString(`</svg>`)
	return []byte(b.String())
}
