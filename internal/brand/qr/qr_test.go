package qr

import (
	"bytes"
	"fmt"
	"testing"
)

func TestFormatBits(t *testing.T) {
	// ISO/IEC 18004 table C.1, level M.
	want := []string{"101010000010010", "101000100100101", "101111001111100", "101101101001011",
		"100010111111001", "100000011001110", "100111110010111", "100101010100000"}
	for mask, w := range want {
		if got := fmt.Sprintf("%015b", FormatBits(mask)); got != w {
			t.Errorf("mask %d: got %s want %s", mask, got, w)
		}
	}
}

func TestReedSolomon(t *testing.T) {
	// "HELLO WORLD" 1-M, the standard worked example.
	data := []byte{32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17}
	want := []byte{196, 35, 39, 119, 235, 215, 231, 226, 93, 23}
	if got := rsRemainder(data, rsDivisor(10)); !bytes.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestDataCodewords(t *testing.T) {
	// "hi" in byte mode, 1-M: 0100 00000010 01101000 01101001 0000, then pads.
	got := dataCodewords(1, []byte("hi"))
	want := []byte{0x40, 0x26, 0x86, 0x90, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11}
	if !bytes.Equal(got, want) {
		t.Fatalf("got % x want % x", got, want)
	}
}

func TestEncode(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		version int
	}{
		{"OK/Version1", "hi", 1},
		{"OK/Version4", "https://palaro.example/app/palaro.apk?x=1234567890", 4},
		{"OK/Version7", string(bytes.Repeat([]byte("a"), 120)), 7},
		{"OK/Version10", string(bytes.Repeat([]byte("a"), 213)), 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Encode([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if c.Version != tc.version || c.Size != 4*tc.version+17 {
				t.Fatalf("version %d size %d, want version %d", c.Version, c.Size, tc.version)
			}
			// Both copies of the format word read back as level M and the chosen mask.
			var a, b int
			read := func(x, y, i int, dst *int) {
				if c.Dark(x, y) {
					*dst |= 1 << i
				}
			}
			for i := 0; i <= 5; i++ {
				read(8, i, i, &a)
			}
			read(8, 7, 6, &a)
			read(8, 8, 7, &a)
			read(7, 8, 8, &a)
			for i := 9; i < 15; i++ {
				read(14-i, 8, i, &a)
			}
			for i := 0; i < 8; i++ {
				read(c.Size-1-i, 8, i, &b)
			}
			for i := 8; i < 15; i++ {
				read(8, c.Size-15+i, i, &b)
			}
			if a != FormatBits(c.Mask) || b != a {
				t.Fatalf("format copies %015b %015b, want %015b", a, b, FormatBits(c.Mask))
			}
			// Finder corners dark, separators light, timing alternates, dark module set.
			if !c.Dark(0, 0) || !c.Dark(c.Size-1, 0) || !c.Dark(0, c.Size-1) || c.Dark(7, 7) || !c.Dark(8, c.Size-8) {
				t.Fatal("finder, separator or dark module wrong")
			}
			for i := 8; i < c.Size-8; i++ {
				if c.Dark(i, 6) != (i%2 == 0) || c.Dark(6, i) != (i%2 == 0) {
					t.Fatalf("timing pattern broken at %d", i)
				}
			}
			if tc.version >= 7 {
				// Version 7 information word is 000111110010010100 (ISO table D.1).
				var v int
				for i := 0; i < 18; i++ {
					if c.Dark(c.Size-11+i%3, i/3) {
						v |= 1 << i
					}
				}
				want := map[int]int{7: 0x07C94, 10: 0x0A4D3}[tc.version]
				if v != want {
					t.Fatalf("version info %018b want %018b", v, want)
				}
			}
		})
	}
	t.Run("ErrTooLong", func(t *testing.T) {
		if _, err := Encode(bytes.Repeat([]byte("a"), 214)); err != ErrTooLong {
			t.Fatalf("got %v", err)
		}
	})
}
