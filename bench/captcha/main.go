// Command captcha is the OCR benchmark of the login captcha (make bench,
// BENCH_ONLY=captcha). It writes N captchas to -dir (NNN.png as served,
// NNN-pre.png binarised with an Otsu threshold and upscaled 2x, the answers in
// answers.txt), runs tesseract on them in several configurations (page
// segmentation modes 7, 8 and 13; with and without a whitelist of the
// alphabet; raw and preprocessed) and scores each by the server's own rule
// (account.CaptchaMatches). It prints a markdown table and a last line
// "captcha n=.. best=.. rate=.. result=PASS|FAIL" for the best configuration;
// PASS when tesseract reads fewer than 5 %.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/palaro/palaro/internal/account"
)

func main() {
	dir := flag.String("dir", "", "output directory")
	n := flag.Int("n", 500, "captchas to generate")
	ocr := flag.Bool("ocr", true, "run tesseract on them and report (false: only write the files)")
	grid := flag.Bool("grid", false, "also write grid.png: all of them in two columns, numbered by row, for a person to read")
	flag.Parse()
	if *dir == "" {
		log.Fatal("-dir is required")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}
	var answers bytes.Buffer
	for i := 0; i < *n; i++ {
		text, img := account.NewCaptcha()
		write(filepath.Join(*dir, fmt.Sprintf("%03d.png", i)), img)
		src, err := png.Decode(bytes.NewReader(img))
		if err != nil {
			log.Fatal(err)
		}
		var pre bytes.Buffer
		if err := png.Encode(&pre, binarize(src)); err != nil {
			log.Fatal(err)
		}
		write(filepath.Join(*dir, fmt.Sprintf("%03d-pre.png", i)), pre.Bytes())
		fmt.Fprintln(&answers, text)
	}
	write(filepath.Join(*dir, "answers.txt"), answers.Bytes())
	if *grid {
		writeGrid(*dir, *n)
	}
	if *ocr {
		runOCR(*dir, *n)
	}
}

const targetRate = 0.05

// runOCR reads every captcha with tesseract in each configuration: one
// tesseract process per configuration over a list of all images (its output
// separates pages with a form feed).
func runOCR(dir string, n int) {
	want := lines(filepath.Join(dir, "answers.txt"))
	bestRate, bestName := -1.0, ""
	fmt.Println("| image | psm | whitelist | read right | rate |")
	fmt.Println("|---|---|---|---|---|")
	for _, variant := range []string{"raw", "pre"} {
		var list bytes.Buffer
		for i := 0; i < n; i++ {
			name := fmt.Sprintf("%03d.png", i)
			if variant == "pre" {
				name = fmt.Sprintf("%03d-pre.png", i)
			}
			fmt.Fprintln(&list, filepath.Join(dir, name))
		}
		listFile := filepath.Join(dir, "list-"+variant+".txt")
		write(listFile, list.Bytes())
		for _, psm := range []string{"7", "8", "13"} {
			for _, wl := range []bool{true, false} {
				out := filepath.Join(dir, fmt.Sprintf("out-%s-%s-%t", variant, psm, wl))
				args := []string{listFile, out, "--psm", psm}
				if wl {
					args = append(args, "-c", "tessedit_char_whitelist="+account.CaptchaAlphabet)
				}
				cmd := exec.Command("tesseract", args...)
				cmd.Stderr = io.Discard
				if err := cmd.Run(); err != nil {
					log.Fatalf("tesseract %v: %v", args, err)
				}
				b, err := os.ReadFile(out + ".txt")
				if err != nil {
					log.Fatal(err)
				}
				pages := strings.Split(string(b), "\f")
				right := 0
				for i, w := range want {
					if i < len(pages) && account.CaptchaMatches(w, strings.Join(strings.Fields(pages[i]), "")) {
						right++
					}
				}
				rate := float64(right) / float64(len(want))
				fmt.Printf("| %s | %s | %t | %d / %d | %.1f %% |\n", variant, psm, wl, right, len(want), rate*100)
				if rate > bestRate {
					bestRate, bestName = rate, fmt.Sprintf("%s,psm%s,whitelist=%t", variant, psm, wl)
				}
			}
		}
	}
	result := "PASS"
	if bestRate >= targetRate {
		result = "FAIL"
	}
	fmt.Printf("captcha n=%d best=%s rate=%.4f result=%s\n", len(want), bestName, bestRate, result)
}

func write(path string, b []byte) {
	if err := os.WriteFile(path, b, 0o644); err != nil {
		log.Fatal(err)
	}
}

// binarize is the usual first step of a captcha solver: grey, Otsu threshold
// (ink black, rest white), 2x nearest-neighbour upscale.
func binarize(src image.Image) image.Image {
	b := src.Bounds()
	grey := make([]uint8, b.Dx()*b.Dy())
	var hist [256]int
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			g := color.GrayModel.Convert(src.At(b.Min.X+x, b.Min.Y+y)).(color.Gray).Y
			grey[y*b.Dx()+x] = g
			hist[g]++
		}
	}
	total := len(grey)
	var sum float64
	for i, c := range hist {
		sum += float64(i * c)
	}
	var sumB, wB float64
	best, thr := -1.0, 128
	for t := 0; t < 256; t++ {
		wB += float64(hist[t])
		if wB == 0 {
			continue
		}
		wF := float64(total) - wB
		if wF == 0 {
			break
		}
		sumB += float64(t * hist[t])
		mB, mF := sumB/wB, (sum-sumB)/wF
		if v := wB * wF * (mB - mF) * (mB - mF); v > best {
			best, thr = v, t
		}
	}
	out := image.NewGray(image.Rect(0, 0, 2*b.Dx(), 2*b.Dy()))
	for y := 0; y < out.Bounds().Dy(); y++ {
		for x := 0; x < out.Bounds().Dx(); x++ {
			v := uint8(255)
			if int(grey[(y/2)*b.Dx()+x/2]) <= thr {
				v = 0
			}
			out.SetGray(x, y, color.Gray{v})
		}
	}
	return out
}

func lines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, strings.TrimSpace(sc.Text()))
	}
	return out
}

// writeGrid tiles the captchas two to a row with a gap, for the human check.
func writeGrid(dir string, n int) {
	const w, h, gap = 300, 100, 12
	out := image.NewRGBA(image.Rect(0, 0, 2*w+3*gap, (n+1)/2*(h+gap)+gap))
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	for i := 0; i < n; i++ {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("%03d.png", i)))
		if err != nil {
			log.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			log.Fatal(err)
		}
		x0, y0 := gap+(i%2)*(w+gap), gap+(i/2)*(h+gap)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out.Set(x0+x, y0+y, img.At(x, y))
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, out); err != nil {
		log.Fatal(err)
	}
	write(filepath.Join(dir, "grid.png"), b.Bytes())
}
