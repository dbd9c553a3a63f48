package plinko

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/fair/fairtest"
	"github.com/palaro/palaro/internal/platform/apperr"
)

func allParams() []Params {
	var ps []Params
	for _, r := range Risks {
		for rows := MinRows; rows <= MaxRows; rows++ {
			ps = append(ps, Params{Rows: rows, Risk: r})
		}
	}
	return ps
}

func TestValidate(t *testing.T) {
	for _, p := range []Params{{7, "low"}, {17, "low"}, {12, ""}, {12, "LOW"}, {12, "extreme"}} {
		if err := p.Validate(); !errors.Is(err, apperr.Invalid("plinko.bad_params")) {
			t.Errorf("%+v: %v", p, err)
		}
		if Table(p) != nil {
			t.Errorf("%+v: table for invalid params", p)
		}
	}
	for _, p := range allParams() {
		if err := p.Validate(); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

func TestTablesShapeAndRTP(t *testing.T) {
	for _, p := range allParams() {
		tb := Table(p)
		if len(tb) != p.Rows+1 {
			t.Fatalf("%+v: %d buckets", p, len(tb))
		}
		for k := range tb {
			if tb[k] != tb[p.Rows-k] {
				t.Errorf("%+v: not symmetric at %d", p, k)
			}
			if tb[k] <= 0 {
				t.Errorf("%+v: bucket %d pays %d", p, k, tb[k])
			}
			if k > 0 && k <= p.Rows/2 && tb[k] > tb[k-1] {
				t.Errorf("%+v: bucket %d pays more than the one outside it", p, k)
			}
		}
		ex := Exact(p)
		if ex.RTP < 0.985 || ex.RTP > 0.992 {
			t.Errorf("%+v: exact RTP %.6f outside [98.5%%, 99.2%%]", p, ex.RTP)
		}
	}
	// Table returns a copy.
	tb := Table(Params{8, "low"})
	tb[0] = 1
	if Table(Params{8, "low"})[0] == 1 {
		t.Fatal("Table exposes its storage")
	}
}

// Enumerating all 2^rows equally likely paths gives the exact RTP in integers.
func TestExactRTPByEnumeration(t *testing.T) {
	for _, p := range allParams() {
		tb := Table(p)
		var paid int64
		for path := uint32(0); path < 1<<p.Rows; path++ {
			paid += tb[bits.OnesCount32(path)]
		}
		rtp := float64(paid) / 10000 / math.Exp2(float64(p.Rows))
		if math.Abs(rtp-Exact(p).RTP) > 1e-12 {
			t.Errorf("%+v: enumerated %.9f, binomial %.9f", p, rtp, Exact(p).RTP)
		}
	}
}

// Every bucket is reachable: the path with k rights first is constructed
// and played, so every advertised multiplier can be won.
func TestEveryBucketReachable(t *testing.T) {
	right, left := fairtest.Word(2, 1), fairtest.Word(2, 0)
	for _, p := range allParams() {
		tb := Table(p)
		for k := 0; k <= p.Rows; k++ {
			words := make([]uint32, p.Rows)
			for i := range words {
				words[i] = left
				if i < k {
					words[i] = right
				}
			}
			src := &fairtest.Scripted{Words: words}
			o := Play(src, p)
			if o.Bucket != k || o.Multiplier != tb[k] || src.Used() != p.Rows {
				t.Fatalf("%+v: bucket %d not reached: %+v", p, k, o)
			}
			for i, r := range o.Path {
				if r != (i < k) {
					t.Fatalf("%+v: path %v", p, o.Path)
				}
			}
		}
	}
}

func TestSimulationFast(t *testing.T) {
	for i, p := range allParams() {
		n := 100_000
		if p.Rows == MinRows || p.Rows == MaxRows {
			n = 1_000_000
		}
		ex := Exact(p)
		sum, _, _ := fairtest.Simulate(n, uint64(i+1), func(src fair.Source) int64 { return Play(src, p).Multiplier })
		fairtest.CheckRTP(t, fmt.Sprintf("plinko %d %s", p.Rows, p.Risk), sum, n, ex.RTP, ex.Variance)
	}
}

func TestSimulationHMAC(t *testing.T) {
	const n = 100_000
	p := Params{Rows: 12, Risk: "medium"}
	ex := Exact(p)
	var sum int64
	counts := make([]int, p.Rows+1)
	for nonce := range uint64(n) {
		o := Play(fair.NewStream("9293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc", "sim", nonce), p)
		sum += o.Multiplier
		counts[o.Bucket]++
	}
	fairtest.CheckRTP(t, "plinko hmac", sum, n, ex.RTP, ex.Variance)
	for k, c := range counts {
		fairtest.CheckRate(t, fmt.Sprintf("bucket %d", k), c, n, BucketProbability(p.Rows, k))
	}
}

func TestParSheetDoc(t *testing.T) {
	fairtest.DocSection(t, "docs/games/plinko.md", "plinko-par", parSheet())
}

func parSheet() string {
	var b strings.Builder
	b.WriteString("| rows | risk | RTP | σ (per unit bet) | P(win ≥ 1x) | top award | P(top award) | 1 in |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range Risks {
		for rows := MinRows; rows <= MaxRows; rows++ {
			ex := Exact(Params{rows, r})
			fmt.Fprintf(&b, "| %d | %s | %.4f%% | %.3f | %.4f%% | %sx | %.3g | %.0f |\n", rows, r, ex.RTP*100, math.Sqrt(ex.Variance),
				ex.WinFrequency*100, fmtMult(ex.Top), ex.TopProbability, 1/ex.TopProbability)
		}
	}
	b.WriteString("\nMultiplier tables (bucket 0 .. rows, left to right):\n\n| rows | risk | multipliers |\n|---|---|---|\n")
	for _, r := range Risks {
		for rows := MinRows; rows <= MaxRows; rows++ {
			tb := Table(Params{rows, r})
			s := make([]string, len(tb))
			for i, v := range tb {
				s[i] = fmtMult(v)
			}
			fmt.Fprintf(&b, "| %d | %s | %s |\n", rows, r, strings.Join(s, " · "))
		}
	}
	return b.String()
}

func fmtMult(v int64) string {
	s := fmt.Sprintf("%d.%04d", v/10000, v%10000)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
