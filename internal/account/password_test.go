package account

import (
	"strings"
	"testing"
)

// Cheap parameters keep the tests fast; production uses DefaultArgon2.
var testArgon2 = Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("Tama-na-Password9", testArgon2)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("unexpected encoding %s", h)
	}
	t.Run("OK", func(t *testing.T) {
		ok, rehash, err := VerifyPassword("Tama-na-Password9", h, testArgon2)
		if err != nil || !ok || rehash {
			t.Fatalf("ok=%v rehash=%v err=%v", ok, rehash, err)
		}
	})
	t.Run("WrongPassword", func(t *testing.T) {
		if ok, _, _ := VerifyPassword("tama-na-password9", h, testArgon2); ok {
			t.Fatal("accepted a wrong password")
		}
	})
	t.Run("SaltsDiffer", func(t *testing.T) {
		h2, _ := HashPassword("Tama-na-Password9", testArgon2)
		if h2 == h {
			t.Fatal("two hashes of one password are equal")
		}
	})
	t.Run("NeedsRehashWhenWeaker", func(t *testing.T) {
		_, rehash, err := VerifyPassword("Tama-na-Password9", h, DefaultArgon2)
		if err != nil || !rehash {
			t.Fatalf("rehash=%v err=%v", rehash, err)
		}
	})
	t.Run("ErrMalformed", func(t *testing.T) {
		for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$AA$AA", "$argon2id$v=19$m=999999999,t=1,p=1$AA$AA", "$argon2id$v=19$m=64,t=1,p=1$!!$AA"} {
			if ok, _, err := VerifyPassword("x", bad, testArgon2); ok || err == nil {
				t.Fatalf("%q: ok=%v err=%v", bad, ok, err)
			}
		}
	})
}

func TestDefaultParamsMeetOWASP(t *testing.T) {
	p := DefaultArgon2
	if p.MemoryKiB < 19*1024 || p.Time < 2 || p.Threads < 1 || p.SaltLen < 16 || p.KeyLen < 32 {
		t.Fatalf("weaker than OWASP minimum: %+v", p)
	}
}

func BenchmarkHashPasswordDefault(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := HashPassword("Tama-na-Password9", DefaultArgon2); err != nil {
			b.Fatal(err)
		}
	}
}
