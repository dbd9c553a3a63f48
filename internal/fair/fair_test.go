package fair

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// seedV1 = hex(SHA-256("palaro-vector-1")); the expected blocks below were
// computed with `printf 'lucky-7:0:0' | openssl dgst -sha256 -hmac "$seedV1"`,
// independently of this package.
const seedV1 = "9293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc"

func TestStreamMatchesOpenSSL(t *testing.T) {
	want, _ := hex.DecodeString("41dacfd59dc3d5a0450bc4c8688358cabd0bc062292028d0b689a6e14b4b7874" +
		"f891c118aeb2fdaf43faccfda931048e3abb4ebd0fe0c28cdefa07a0e129b368")
	t.Run("OneRead", func(t *testing.T) {
		got := make([]byte, 64)
		s := NewStream(seedV1, "lucky-7", 0)
		s.Read(got)
		if !bytes.Equal(got, want) {
			t.Fatalf("stream = %x, want %x", got, want)
		}
		if s.Cursor() != 64 {
			t.Fatalf("cursor = %d", s.Cursor())
		}
	})
	t.Run("OddReadsAcrossBlocks", func(t *testing.T) {
		s := NewStream(seedV1, "lucky-7", 0)
		var got []byte
		for _, n := range []int{1, 3, 5, 30, 7, 18} {
			b := make([]byte, n)
			s.Read(b)
			got = append(got, b...)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("stream = %x, want %x", got, want)
		}
	})
	t.Run("Uint32AcrossBlockBoundary", func(t *testing.T) {
		s := NewStream(seedV1, "lucky-7", 0)
		for i := 0; i < 7; i++ {
			s.Uint32()
		}
		s.Read(make([]byte, 2)) // cursor 30: the next word takes 2 bytes of each block
		if got := s.Uint32(); got != 0x7874f891 {
			t.Fatalf("word at 30 = %08x", got)
		}
	})
}

func TestFloatAndIntn(t *testing.T) {
	s := NewStream(seedV1, "lucky-7", 0)
	if f := s.Float(); f != float64(0x41dacfd5)/(1<<32) || f < 0.2572450537 || f > 0.2572450538 {
		t.Fatalf("float = %v", f)
	}
	s = NewStream(seedV1, "lucky-7", 0)
	if n := s.Intn(10000); n != 2572 {
		t.Fatalf("Intn(10000) = %d, want 2572", n)
	}
	// Intn must equal floor(float*n) for every n, including the extremes.
	for _, u := range []uint32{0, 1, 0x41dacfd5, 0x7fffffff, 0x80000000, 0xffffffff} {
		for _, n := range []int{1, 2, 3, 10, 25, 10000, 1<<31 - 1} {
			got := Scale(u, n)
			want := int(float64(u) / (1 << 32) * float64(n)) // exact: 32+31 bits < 64 bit product, rounding checked below
			if got != want && !(float64(u)/(1<<32)*float64(n) == float64(got+1)) {
				t.Fatalf("Scale(%d, %d) = %d, want %d", u, n, got, want)
			}
			if got < 0 || got >= n {
				t.Fatalf("Scale(%d, %d) = %d out of range", u, n, got)
			}
		}
	}
}

func TestNonceAndClientSeedChangeTheStream(t *testing.T) {
	a := NewStream(seedV1, "lucky-7", 0).Uint32()
	b := NewStream(seedV1, "lucky-7", 1).Uint32()
	c := NewStream(seedV1, "lucky-8", 0).Uint32()
	if a == b || a == c || b == c {
		t.Fatalf("streams collide: %x %x %x", a, b, c)
	}
}

func TestSeeds(t *testing.T) {
	s, err := NewServerSeed()
	if err != nil || CheckServerSeed(s) != nil {
		t.Fatalf("server seed %q: %v", s, err)
	}
	s2, _ := NewServerSeed()
	if s == s2 {
		t.Fatal("two server seeds are equal")
	}
	c, err := NewClientSeed()
	if err != nil || len(c) != 16 || CheckClientSeed(c) != nil {
		t.Fatalf("client seed %q: %v", c, err)
	}
	// Commitment: sha256 of the hex string as ASCII (checked with sha256sum).
	if got := Commit(seedV1); got != "11f39952d5a4bb6367b3b46367ab1aaf9068bb8aaaf0644bdb39608677aa4907" {
		t.Fatalf("Commit = %s", got)
	}
}

func TestCheckClientSeed(t *testing.T) {
	ok := []string{"a", "lucky-7", "A_b-9", string(bytes.Repeat([]byte("z"), 64))}
	for _, s := range ok {
		if err := CheckClientSeed(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	bad := []string{"", "has space", "colon:x", "ünï", "a.b", string(bytes.Repeat([]byte("z"), 65))}
	for _, s := range bad {
		err := CheckClientSeed(s)
		if !errors.Is(err, apperr.Invalid("fair.bad_client_seed")) {
			t.Errorf("%q: err = %v", s, err)
		}
	}
}

func TestCheckServerSeed(t *testing.T) {
	for _, s := range []string{"", seedV1[:63], seedV1 + "0", "9293C06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc", "g293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc"} {
		if CheckServerSeed(s) == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if CheckServerSeed(seedV1) != nil {
		t.Error("valid seed refused")
	}
}

func TestCrash(t *testing.T) {
	// r = 0x47f78586f2bc9 from `printf salt | openssl dgst -sha256 -hmac $seedV1`;
	// floor((100*2^52 - r) / (2^52 - r)) = 138 (computed with Python integers).
	if r := CrashNumber(seedV1, "salt"); r != 0x47f78586f2bc9 {
		t.Fatalf("r = %x", r)
	}
	if p := CrashPoint(seedV1, "salt"); p != 138 {
		t.Fatalf("point = %d, want 138", p)
	}
	cases := []struct {
		r    uint64
		want int64
	}{
		{0, 100}, {33, 100}, {1, 100}, {crashE / 2, 199}, {(100*crashE + 198) / 199, 200}, {(100*crashE+198)/199 - 1, 199}, {crashE - 1, int64(99*crashE + 1)},
	}
	for _, c := range cases {
		if c.r%33 == 0 && c.want != 100 {
			t.Fatalf("bad case %d", c.r)
		}
		if got := CrashPointFromNumber(c.r); got != c.want {
			t.Errorf("point(%d) = %d, want %d", c.r, got, c.want)
		}
	}
}

func TestChain(t *testing.T) {
	c := Chain("genesis", 5)
	if len(c) != 5 || c[0] != HashHex("genesis") {
		t.Fatalf("chain = %v", c)
	}
	// Played backwards: round k uses c[n-k]; each revealed hash proves the previous round's.
	for k := 1; k < 5; k++ {
		cur, next := c[5-k], c[5-k-1]
		if !VerifyChainLink(cur, next) {
			t.Fatalf("link %d fails", k)
		}
		if VerifyChainLink(next, cur) {
			t.Fatalf("reverse link %d accepted", k)
		}
	}
	if VerifyChainLink(c[1], c[3]) || VerifyChainLink(c[3], c[1]) {
		t.Fatal("non-adjacent link accepted")
	}
	if len(Chain("x", 0)) != 0 {
		t.Fatal("empty chain")
	}
}

func TestMessagesRegistered(t *testing.T) {
	codes := apperr.Codes()
	for _, c := range []string{"fair.bad_client_seed", "fair.bad_server_seed", "fair.bad_hash"} {
		if codes[c]["EN"] == "" || codes[c]["TY"] == "" {
			t.Errorf("%s lacks EN or TY", c)
		}
	}
}

func BenchmarkStreamRead(b *testing.B) {
	s := NewStream(seedV1, "lucky-7", 0)
	buf := make([]byte, 4096)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		s.Read(buf)
	}
}
