package money

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
)

func TestParse(t *testing.T) {
	ok := []struct {
		in   string
		dec  int
		want int64
	}{
		{"100", 2, 10000}, {"100.5", 2, 10050}, {"100.50", 2, 10050}, {"0.01", 2, 1},
		{" 7 ", 2, 700}, {"1.500", 2, 150}, {"0012", 0, 12}, {"5", 0, 5},
	}
	for _, c := range ok {
		got, err := Parse(c.in, c.dec)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q,%d) = %d, %v; want %d", c.in, c.dec, got, err, c.want)
		}
	}
	bad := []struct {
		in   string
		dec  int
		code string
	}{
		{"", 2, "money.invalid_amount"}, {"abc", 2, "money.invalid_amount"}, {"1,000", 2, "money.invalid_amount"},
		{".5", 2, "money.invalid_amount"}, {"5.", 2, "money.invalid_amount"}, {"1e3", 2, "money.invalid_amount"},
		{"1.2.3", 2, "money.invalid_amount"}, {"0x10", 2, "money.invalid_amount"}, {"１", 2, "money.invalid_amount"},
		{"1.001", 2, "money.too_many_decimals"}, {"0.5", 0, "money.too_many_decimals"},
		{"0", 2, "money.not_positive"}, {"0.00", 2, "money.not_positive"}, {"-5", 2, "money.not_positive"},
		{"9999999999999999999", 2, "money.too_large"}, {"10000000000000000", 2, "money.too_large"},
	}
	for _, c := range bad {
		_, err := Parse(c.in, c.dec)
		if err == nil || apperr.As(err).Code != c.code {
			t.Errorf("Parse(%q,%d) error %v; want %s", c.in, c.dec, err, c.code)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		v    int64
		dec  int
		want string
	}{{123456, 2, "1234.56"}, {5, 2, "0.05"}, {0, 2, "0.00"}, {-150, 2, "-1.50"}, {7, 0, "7"}} {
		if got := Format(c.v, c.dec); got != c.want {
			t.Errorf("Format(%d,%d) = %q want %q", c.v, c.dec, got, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1", "1.25", "-3", "0.001", "99999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s, 2)
		if err == nil && (v <= 0 || Format(v, 2) == "") {
			t.Fatalf("Parse(%q) = %d", s, v)
		}
		if err == nil {
			back, err2 := Parse(Format(v, 2), 2)
			if err2 != nil || back != v {
				t.Fatalf("round trip %q -> %d -> %q -> %d %v", s, v, Format(v, 2), back, err2)
			}
		}
	})
}
