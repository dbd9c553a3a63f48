// Package qr is a small QR code encoder: byte mode, error correction level
// M, versions 1 to 10 (up to 213 bytes), enough for app-download links.
// It follows ISO/IEC 18004; the structure mirrors Project Nayuki's
// reference encoder.
package qr

import (
	"errors"
	"fmt"
	"strings"
)

// Code is an encoded symbol: Size x Size modules, true is dark.
type Code struct {
	Version int
	Size    int
	Mask    int
	modules [][]bool
	fixed   [][]bool // function patterns, never masked
}

// Dark reports the module at column x, row y.
func (c *Code) Dark(x, y int) bool { return c.modules[y][x] }

// ErrTooLong is returned when the data does not fit version 10-M.
var ErrTooLong = errors.New("qr: data too long for version 10-M")

// Level M block structure per version: EC codewords per block, then
// (block count, data codewords per block) for the two groups.
var blocksM = [11]struct{ ec, n1, d1, n2, d2 int }{
	{}, {10, 1, 16, 0, 0}, {16, 1, 28, 0, 0}, {26, 1, 44, 0, 0}, {18, 2, 32, 0, 0}, {24, 2, 43, 0, 0},
	{16, 4, 27, 0, 0}, {18, 4, 31, 0, 0}, {22, 2, 38, 2, 39}, {22, 3, 36, 2, 37}, {26, 4, 43, 1, 44},
}

var alignment = [11][]int{
	{}, {}, {6, 18}, {6, 22}, {6, 26}, {6, 30}, {6, 34}, {6, 22, 38}, {6, 24, 42}, {6, 26, 46}, {6, 28, 50},
}

func dataCapacity(v int) int { b := blocksM[v]; return b.n1*b.d1 + b.n2*b.d2 }

// Encode picks the smallest version that holds data and the mask with the
// lowest penalty.
func Encode(data []byte) (*Code, error) {
	version := 0
	for v := 1; v <= 10; v++ {
		cc := 8
		if v >= 10 {
			cc = 16
		}
		if 4+cc+8*len(data) <= dataCapacity(v)*8 {
			version = v
			break
		}
	}
	if version == 0 {
		return nil, ErrTooLong
	}
	codewords := addECC(version, dataCodewords(version, data))
	var best *Code
	bestPenalty := -1
	for mask := 0; mask < 8; mask++ {
		c := newCode(version)
		c.place(codewords)
		c.applyMask(mask)
		c.drawFormat(mask)
		if p := c.penalty(); bestPenalty < 0 || p < bestPenalty {
			best, bestPenalty = c, p
		}
	}
	return best, nil
}

// dataCodewords builds mode, count, bytes, terminator and padding.
func dataCodewords(version int, data []byte) []byte {
	var bits []bool
	put := func(v, n int) {
		for i := n - 1; i >= 0; i-- {
			bits = append(bits, v>>i&1 == 1)
		}
	}
	put(0b0100, 4)
	if version >= 10 {
		put(len(data), 16)
	} else {
		put(len(data), 8)
	}
	for _, b := range data {
		put(int(b), 8)
	}
	capBits := dataCapacity(version) * 8
	for i := 0; i < 4 && len(bits) < capBits; i++ {
		bits = append(bits, false)
	}
	for len(bits)%8 != 0 {
		bits = append(bits, false)
	}
	out := make([]byte, 0, dataCapacity(version))
	for i := 0; i < len(bits); i += 8 {
		var b byte
		for j := 0; j < 8; j++ {
			if bits[i+j] {
				b |= 1 << (7 - j)
			}
		}
		out = append(out, b)
	}
	for pad := byte(0xEC); len(out) < cap(out); pad ^= 0xEC ^ 0x11 {
		out = append(out, pad)
	}
	return out
}

// addECC splits into blocks, appends Reed-Solomon codewords and interleaves.
func addECC(version int, data []byte) []byte {
	b := blocksM[version]
	div := rsDivisor(b.ec)
	var blocks, ecs [][]byte
	for i := 0; i < b.n1+b.n2; i++ {
		n := b.d1
		if i >= b.n1 {
			n = b.d2
		}
		blocks = append(blocks, data[:n])
		ecs = append(ecs, rsRemainder(data[:n], div))
		data = data[n:]
	}
	var out []byte
	for i := 0; i < max(b.d1, b.d2); i++ {
		for _, blk := range blocks {
			if i < len(blk) {
				out = append(out, blk[i])
			}
		}
	}
	for i := 0; i < b.ec; i++ {
		for _, e := range ecs {
			out = append(out, e[i])
		}
	}
	return out
}

func gfMul(x, y byte) byte {
	var z int
	for i := 7; i >= 0; i-- {
		z = z<<1 ^ (z>>7)*0x11D
		z ^= int(y>>i&1) * int(x)
	}
	return byte(z)
}

func rsDivisor(degree int) []byte {
	res := make([]byte, degree)
	res[degree-1] = 1
	root := byte(1)
	for i := 0; i < degree; i++ {
		for j := range res {
			res[j] = gfMul(res[j], root)
			if j+1 < len(res) {
				res[j] ^= res[j+1]
			}
		}
		root = gfMul(root, 2)
	}
	return res
}

func rsRemainder(data, div []byte) []byte {
	res := make([]byte, len(div))
	for _, b := range data {
		f := b ^ res[0]
		copy(res, res[1:])
		res[len(res)-1] = 0
		for i := range res {
			res[i] ^= gfMul(div[i], f)
		}
	}
	return res
}

func newCode(version int) *Code {
	size := 4*version + 17
	c := &Code{Version: version, Size: size}
	c.modules = make([][]bool, size)
	c.fixed = make([][]bool, size)
	for i := range c.modules {
		c.modules[i] = make([]bool, size)
		c.fixed[i] = make([]bool, size)
	}
	for i := 0; i < size; i++ {
		c.set(6, i, i%2 == 0)
		c.set(i, 6, i%2 == 0)
	}
	c.finder(3, 3)
	c.finder(size-4, 3)
	c.finder(3, size-4)
	pos := alignment[version]
	for i, x := range pos {
		for j, y := range pos {
			if i == 0 && j == 0 || i == 0 && j == len(pos)-1 || i == len(pos)-1 && j == 0 {
				continue // overlaps a finder
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					c.set(x+dx, y+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	c.drawFormat(0) // reserve the format areas; redrawn after masking
	if version >= 7 {
		rem := version
		for i := 0; i < 12; i++ {
			rem = rem<<1 ^ (rem>>11)*0x1F25
		}
		bits := version<<12 | rem
		for i := 0; i < 18; i++ {
			a, b := size-11+i%3, i/3
			c.set(a, b, bits>>i&1 == 1)
			c.set(b, a, bits>>i&1 == 1)
		}
	}
	return c
}

func (c *Code) set(x, y int, dark bool) {
	c.modules[y][x] = dark
	c.fixed[y][x] = true
}

func (c *Code) finder(cx, cy int) {
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			x, y := cx+dx, cy+dy
			if x >= 0 && x < c.Size && y >= 0 && y < c.Size {
				d := max(abs(dx), abs(dy))
				c.set(x, y, d != 2 && d != 4)
			}
		}
	}
}

// FormatBits is the 15-bit format word for level M and a mask.
func FormatBits(mask int) int {
	data := 0<<3 | mask // level M is 00
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

func (c *Code) drawFormat(mask int) {
	bits := FormatBits(mask)
	bit := func(i int) bool { return bits>>i&1 == 1 }
	for i := 0; i <= 5; i++ {
		c.set(8, i, bit(i))
	}
	c.set(8, 7, bit(6))
	c.set(8, 8, bit(7))
	c.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		c.set(14-i, 8, bit(i))
	}
	for i := 0; i < 8; i++ {
		c.set(c.Size-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		c.set(8, c.Size-15+i, bit(i))
	}
	c.set(8, c.Size-8, true) // the dark module
}

// place lays the codewords in the zig-zag order, skipping function modules.
func (c *Code) place(data []byte) {
	i := 0
	for right := c.Size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		for vert := 0; vert < c.Size; vert++ {
			for j := 0; j < 2; j++ {
				x := right - j
				y := vert
				if (right+1)&2 == 0 {
					y = c.Size - 1 - vert
				}
				if !c.fixed[y][x] && i < len(data)*8 {
					c.modules[y][x] = data[i>>3]>>(7-i&7)&1 == 1
					i++
				}
			}
		}
	}
}

func maskBit(mask, x, y int) bool {
	switch mask {
	case 0:
		return (x+y)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (x+y)%3 == 0
	case 4:
		return (x/3+y/2)%2 == 0
	case 5:
		return x*y%2+x*y%3 == 0
	case 6:
		return (x*y%2+x*y%3)%2 == 0
	default:
		return ((x+y)%2+x*y%3)%2 == 0
	}
}

func (c *Code) applyMask(mask int) {
	c.Mask = mask
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if !c.fixed[y][x] && maskBit(mask, x, y) {
				c.modules[y][x] = !c.modules[y][x]
			}
		}
	}
}

// penalty scores a masked symbol by the four rules of the standard.
func (c *Code) penalty() int {
	n := c.Size
	p := 0
	line := func(get func(i int) bool) {
		run := 1
		for i := 1; i <= n; i++ {
			if i < n && get(i) == get(i-1) {
				run++
				continue
			}
			if run >= 5 {
				p += run - 2
			}
			run = 1
		}
		// finder-like 1011101 with four light modules on one side
		for i := 0; i+11 <= n; i++ {
			var s strings.Builder
			for k := 0; k < 11; k++ {
				if get(i + k) {
					s.WriteByte('1')
				} else {
					s.WriteByte('0')
				}
			}
			if v := s.String(); v == "10111010000" || v == "00001011101" {
				p += 40
			}
		}
	}
	dark := 0
	for y := 0; y < n; y++ {
		line(func(i int) bool { return c.modules[y][i] })
		line(func(i int) bool { return c.modules[i][y] })
		for x := 0; x < n; x++ {
			if c.modules[y][x] {
				dark++
			}
			if x+1 < n && y+1 < n {
				v := c.modules[y][x]
				if c.modules[y][x+1] == v && c.modules[y+1][x] == v && c.modules[y+1][x+1] == v {
					p += 3
				}
			}
		}
	}
	total := n * n
	p += abs(dark*20-total*10) / total * 10
	return p
}

// SVG renders the symbol with a four-module quiet zone, one path of squares.
func (c *Code) SVG(dark, light string) string {
	full := c.Size + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, full, full)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/><path fill="%s" d="`, full, full, light, dark)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.modules[y][x] {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+4, y+4)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
