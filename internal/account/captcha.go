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
)

// Captcha alphabet: no 0/O, 1/I, which read alike once distorted.
const captchaAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

const (
	captchaLen    = 4
	captchaWidth  = 120
	captchaHeight = 40
)

// glyphs is a 5x7 bitmap font for the captcha alphabet, one string per row.
var glyphs = map[byte][7]string{
	'2': {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	'3': {"####.", "....#", "....#", ".###.", "....#", "....#", "####."},
	'4': {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	'5': {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	'6': {".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."},
	'7': {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	'8': {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	'9': {".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."},
	'A': {".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"},
	'B': {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."},
	'C': {".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."},
	'D': {"####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."},
	'E': {"#####", "#....", "#....", "####.", "#....", "#....", "#####"},
	'F': {"#####", "#....", "#....", "####.", "#....", "#....", "#...."},
	'G': {".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"},
	'H': {"#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"},
	'J': {"..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."},
	'K': {"#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"},
	'L': {"#....", "#....", "#....", "#....", "#....", "#....", "#####"},
	'M': {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"},
	'N': {"#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"},
	'P': {"####.", "#...#", "#...#", "####.", "#....", "#....", "#...."},
	'Q': {".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"},
	'R': {"####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"},
	'S': {".####", "#....", "#....", ".###.", "....#", "....#", "####."},
	'T': {"#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."},
	'U': {"#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."},
	'V': {"#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."},
	'W': {"#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"},
	'X': {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"},
	'Y': {"#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."},
	'Z': {"#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"},
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

// drawCaptcha renders text as a PNG: each glyph scaled, sheared and placed at
// a random height, the whole bent by a sine wave, with noise lines and dots.
// The layout randomness need not be unpredictable (the answer is), so it
// uses math/rand seeded from crypto/rand.
func drawCaptcha(text string) []byte {
	var seed [2]uint64
	var sb [16]byte
	_, _ = rand.Read(sb[:])
	for i := 0; i < 8; i++ {
		seed[0] = seed[0]<<8 | uint64(sb[i])
		seed[1] = seed[1]<<8 | uint64(sb[8+i])
	}
	rng := mrand.New(mrand.NewPCG(seed[0], seed[1]))
	img := image.NewRGBA(image.Rect(0, 0, captchaWidth, captchaHeight))
	bg := color.RGBA{uint8(225 + rng.IntN(30)), uint8(225 + rng.IntN(30)), uint8(225 + rng.IntN(30)), 255}
	for y := 0; y < captchaHeight; y++ {
		for x := 0; x < captchaWidth; x++ {
			img.Set(x, y, bg)
		}
	}
	// Noise dots under the text.
	for i := 0; i < 300; i++ {
		img.Set(rng.IntN(captchaWidth), rng.IntN(captchaHeight), randDark(rng, 160))
	}
	amp, freq, phase := 2+rng.Float64()*2.5, 0.05+rng.Float64()*0.08, rng.Float64()*2*math.Pi
	const scale = 4
	step := (captchaWidth - 10) / len(text)
	for i := 0; i < len(text); i++ {
		g, ok := glyphs[text[i]]
		if !ok {
			continue
		}
		ink := randDark(rng, 110)
		x0 := 6 + i*step + rng.IntN(5)
		y0 := 3 + rng.IntN(captchaHeight-7*scale-4)
		shear := (rng.Float64() - 0.5) * 0.6
		for gy := 0; gy < 7; gy++ {
			for gx := 0; gx < 5; gx++ {
				if g[gy][gx] != '#' {
					continue
				}
				for dy := 0; dy < scale; dy++ {
					for dx := 0; dx < scale; dx++ {
						py := gy*scale + dy
						px := float64(x0+gx*scale+dx) + shear*float64(py-14)
						wy := float64(y0+py) + amp*math.Sin(px*freq+phase)
						img.Set(int(px), int(wy), ink)
					}
				}
			}
		}
	}
	// Noise lines over the text.
	for i := 0; i < 4; i++ {
		c := randDark(rng, 150)
		x1, y1 := 0.0, float64(rng.IntN(captchaHeight))
		x2, y2 := float64(captchaWidth), float64(rng.IntN(captchaHeight))
		for t := 0.0; t <= 1; t += 1.0 / 240 {
			x, y := x1+(x2-x1)*t, y1+(y2-y1)*t+2*math.Sin(t*9+float64(i))
			img.Set(int(x), int(y), c)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

func randDark(rng *mrand.Rand, max int) color.RGBA {
	return color.RGBA{uint8(rng.IntN(max)), uint8(rng.IntN(max)), uint8(rng.IntN(max)), 255}
}
