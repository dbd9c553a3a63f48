package account

import (
	"bytes"
	"crypto/rand"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"unicode"
)

// captchaAlphabet keeps one character of each group a player confuses once the
// glyphs are bent and crossed (0/O/Q/D/C/U, 1/I/L/7/J/T, 2/Z, 5/S, 8/B/3, 4/A,
// M/H/N/W, U/V/Y, 6/G, 9/g/q, E/F, P/R, K/X): where a digit and a letter look
// alike the one with the more distinctive stroke stays (open-top 4, not A; H,
// the plainest of M/H/N/W). 12 characters, 5 of them: 248,832 answers for one
// single-use guess. Drawn upper case only; answers are compared without case.
const captchaAlphabet = "234679EHKPSV"

// captchaLookAlikes maps a character left out of the alphabet to the glyph a
// player took it for, so reading a 4 as "A" or an H as "M" still passes.
var captchaLookAlikes = map[rune]rune{
	'Z': '2', 'A': '4', 'G': '6', 'T': '7', 'Y': 'V', 'X': 'K', 'F': 'E', 'M': 'H', 'N': 'H', 'W': 'H',
	'R': 'P', '5': 'S', 'U': 'V', 'B': '3', '8': '3',
}

const (
	captchaLen = 5
	// The PNG is drawn at twice the size the storefront shows (150x50), so it
	// stays sharp on high-density screens.
	captchaWidth  = 300
	captchaHeight = 100
)

// normalizeCaptcha is how an answer is compared: spaces dropped, upper case,
// look-alikes folded onto the alphabet.
func normalizeCaptcha(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		r = unicode.ToUpper(r)
		if k, ok := captchaLookAlikes[r]; ok {
			r = k
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CaptchaMatches tells whether a typed answer matches the captcha's text
// (exported for the OCR benchmark, which must accept what the server accepts).
func CaptchaMatches(want, typed string) bool {
	return want != "" && normalizeCaptcha(want) == normalizeCaptcha(typed)
}

// CaptchaAlphabet is the characters a captcha is made of (for the OCR benchmark's whitelist).
const CaptchaAlphabet = captchaAlphabet

// NewCaptcha returns a fresh captcha's text and PNG (for the OCR benchmark).
func NewCaptcha() (text string, pngImage []byte) {
	text = newCaptchaText()
	return text, drawCaptcha(text)
}

// newCaptchaText draws the answer from crypto/rand.
func newCaptchaText() string {
	b := make([]byte, captchaLen)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(captchaAlphabet))))
		b[i] = captchaAlphabet[n.Int64()]
	}
	return string(b)
}

type pt struct{ x, y float64 }

// Glyph strokes on a unit box: x 0..0.7, y 0..1 downwards.
func line(ps ...pt) []pt { return ps }

// arc from a0 to a1 degrees (counter-clockwise positive, y up as in maths).
func arc(cx, cy, rx, ry, a0, a1 float64) []pt {
	const n = 16
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		a := (a0 + (a1-a0)*float64(i)/n) * math.Pi / 180
		out = append(out, pt{cx + rx*math.Cos(a), cy - ry*math.Sin(a)})
	}
	return out
}

func bezier(p0, c, p1 pt) []pt {
	const n = 12
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / n
		u := 1 - t
		out = append(out, pt{u*u*p0.x + 2*u*t*c.x + t*t*p1.x, u*u*p0.y + 2*u*t*c.y + t*t*p1.y})
	}
	return out
}

func join(parts ...[]pt) []pt {
	var out []pt
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// captchaGlyphs are vector glyphs: each a few strokes drawn with a thick pen.
var captchaGlyphs = map[byte][][]pt{
	'2': {join(arc(0.35, 0.28, 0.3, 0.26, 160, -35), line(pt{0.04, 1}, pt{0.7, 1}))},
	'3': {arc(0.33, 0.26, 0.3, 0.24, 150, -90), arc(0.33, 0.74, 0.34, 0.26, 90, -150)},
	'4': {line(pt{0.42, 0}, pt{0.04, 0.68}, pt{0.7, 0.68}), line(pt{0.52, 0.32}, pt{0.52, 1})},
	'6': {arc(0.36, 0.7, 0.31, 0.29, 0, 360), bezier(pt{0.6, 0.03}, pt{0.08, 0.15}, pt{0.05, 0.7})},
	'7': {line(pt{0.02, 0.02}, pt{0.68, 0.02}, pt{0.26, 1})},
	'9': {arc(0.36, 0.3, 0.31, 0.29, 0, 360), bezier(pt{0.67, 0.3}, pt{0.66, 0.95}, pt{0.12, 0.98})},
	'E': {line(pt{0.66, 0}, pt{0.05, 0}, pt{0.05, 1}, pt{0.66, 1}), line(pt{0.05, 0.5}, pt{0.52, 0.5})},
	'H': {line(pt{0.05, 0}, pt{0.05, 1}), line(pt{0.65, 0}, pt{0.65, 1}), line(pt{0.05, 0.5}, pt{0.65, 0.5})},
	'K': {line(pt{0.06, 0}, pt{0.06, 1}), line(pt{0.66, 0}, pt{0.06, 0.62}), line(pt{0.27, 0.42}, pt{0.68, 1})},
	'P': {join(line(pt{0.06, 1}, pt{0.06, 0}, pt{0.38, 0}), arc(0.38, 0.27, 0.28, 0.27, 90, -90), line(pt{0.06, 0.54}))},
	'S': {join(arc(0.36, 0.26, 0.3, 0.24, 25, 270), arc(0.36, 0.75, 0.32, 0.25, 90, -155))},
	'V': {line(pt{0.02, 0}, pt{0.35, 1}, pt{0.68, 0})},
}

// segment is one straight piece of a stroke in image coordinates.
type segment struct{ a, b pt }

// shape is what is inked with one colour and one pen width.
type shape struct {
	segs                   []segment
	half                   float64 // half the pen width
	ink                    color.RGBA
	minX, minY, maxX, maxY float64
}

func newShape(strokes [][]pt, half float64, ink color.RGBA) shape {
	s := shape{half: half, ink: ink, minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for _, st := range strokes {
		for i := range st {
			p := st[i]
			s.minX, s.maxX = math.Min(s.minX, p.x), math.Max(s.maxX, p.x)
			s.minY, s.maxY = math.Min(s.minY, p.y), math.Max(s.maxY, p.y)
			if i > 0 {
				s.segs = append(s.segs, segment{st[i-1], p})
			}
		}
	}
	s.minX, s.minY, s.maxX, s.maxY = s.minX-half-1, s.minY-half-1, s.maxX+half+1, s.maxY+half+1
	return s
}

// coverage is the share of the pixel at p the pen covers (anti-aliased edge).
func (s *shape) coverage(p pt) float64 {
	if p.x < s.minX || p.x > s.maxX || p.y < s.minY || p.y > s.maxY {
		return 0
	}
	d := math.Inf(1)
	for _, sg := range s.segs {
		d = math.Min(d, distToSegment(p, sg))
	}
	return math.Max(0, math.Min(1, s.half+0.5-d))
}

func distToSegment(p pt, s segment) float64 {
	dx, dy := s.b.x-s.a.x, s.b.y-s.a.y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.x-s.a.x)*dx+(p.y-s.a.y)*dy)/l2))
	}
	return math.Hypot(p.x-s.a.x-t*dx, p.y-s.a.y-t*dy)
}

// drawCaptcha renders text as a PNG: large, thick vector glyphs, each rotated,
// scaled and lifted a little and set close enough to touch its neighbours; two
// thinner curves cross the whole text in the text's own colours, the picture is
// bent by a gentle wave, and light speckles sit in the background. A person
// reads the thick strokes past the thin curves; OCR has to separate touching,
// rotated glyphs first. The layout randomness need not be unpredictable (the
// answer is), so it uses math/rand seeded from crypto/rand.
func drawCaptcha(text string) []byte {
	var sb [16]byte
	_, _ = rand.Read(sb[:])
	var seed [2]uint64
	for i := 0; i < 8; i++ {
		seed[0] = seed[0]<<8 | uint64(sb[i])
		seed[1] = seed[1]<<8 | uint64(sb[8+i])
	}
	rng := mrand.New(mrand.NewPCG(seed[0], seed[1]))
	const w, h = captchaWidth, captchaHeight

	var shapes []shape
	glyphH := 56.0
	advance := (float64(w) - 70) / float64(len(text))
	x := 35 + advance/2 + (rng.Float64()-0.5)*6
	for i := 0; i < len(text); i++ {
		strokes, ok := captchaGlyphs[text[i]]
		if !ok {
			continue
		}
		scale := glyphH * (0.92 + rng.Float64()*0.16)
		angle := (rng.Float64() - 0.5) * 0.8 // up to ±23°
		cx, cy := x, float64(h)/2+(rng.Float64()-0.5)*14
		sin, cos := math.Sincos(angle)
		var placed [][]pt
		for _, st := range strokes {
			ps := make([]pt, len(st))
			for j, p := range st {
				ux, uy := (p.x-0.35)*scale, (p.y-0.5)*scale
				ps[j] = pt{cx + ux*cos - uy*sin, cy + ux*sin + uy*cos}
			}
			placed = append(placed, ps)
		}
		shapes = append(shapes, newShape(placed, 3.4+rng.Float64()*0.8, darkInk(rng)))
		x += advance + (rng.Float64()-0.5)*8
	}
	// Three thin curves through the text, each in a glyph colour.
	for i := 0; i < 3; i++ {
		y0, y1 := float64(h)*(0.2+rng.Float64()*0.6), float64(h)*(0.2+rng.Float64()*0.6)
		c := pt{float64(w) / 2, float64(h) * (rng.Float64()*1.2 - 0.1)}
		curve := bezier(pt{6, y0}, c, pt{float64(w) - 6, y1})
		shapes = append(shapes, newShape([][]pt{curve}, 1.6+rng.Float64()*0.6, shapes[rng.IntN(len(text))].ink))
	}

	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg0 := color.RGBA{uint8(236 + rng.IntN(20)), uint8(236 + rng.IntN(20)), uint8(236 + rng.IntN(20)), 255}
	bg1 := color.RGBA{uint8(215 + rng.IntN(30)), uint8(215 + rng.IntN(30)), uint8(215 + rng.IntN(30)), 255}
	ampY, freqY, phaseY := 4+rng.Float64()*3, 0.02+rng.Float64()*0.025, rng.Float64()*2*math.Pi
	ampX, freqX, phaseX := 1.5+rng.Float64()*2, 0.04+rng.Float64()*0.04, rng.Float64()*2*math.Pi
	for py := 0; py < h; py++ {
		for px := 0; px < w; px++ {
			t := float64(px) / w
			r, g, b := mix(float64(bg0.R), float64(bg1.R), t), mix(float64(bg0.G), float64(bg1.G), t), mix(float64(bg0.B), float64(bg1.B), t)
			p := pt{float64(px) + ampX*math.Sin(float64(py)*freqX+phaseX), float64(py) + ampY*math.Sin(float64(px)*freqY+phaseY)}
			for k := range shapes {
				if a := shapes[k].coverage(p); a > 0 {
					r, g, b = mix(r, float64(shapes[k].ink.R), a), mix(g, float64(shapes[k].ink.G), a), mix(b, float64(shapes[k].ink.B), a)
				}
			}
			img.SetRGBA(px, py, color.RGBA{uint8(r), uint8(g), uint8(b), 255})
		}
	}
	// Light speckles: they change every picture and stay well off the ink.
	for i := 0; i < 500; i++ {
		px, py := rng.IntN(w), rng.IntN(h)
		c := img.RGBAAt(px, py)
		if c.R > 180 {
			d := uint8(30 + rng.IntN(50))
			img.SetRGBA(px, py, color.RGBA{c.R - d, c.G - d, c.B - d, 255})
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

func mix(a, b, t float64) float64 { return a + (b-a)*t }

// darkInk is a saturated dark colour: strong contrast on the light background.
func darkInk(rng *mrand.Rand) color.RGBA {
	palette := []color.RGBA{{20, 40, 120, 255}, {120, 20, 40, 255}, {20, 90, 40, 255}, {70, 30, 110, 255}, {30, 30, 30, 255}, {110, 60, 10, 255}}
	return palette[rng.IntN(len(palette))]
}
