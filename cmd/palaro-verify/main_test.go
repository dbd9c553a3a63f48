package main

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/fair"
)

const seed = "9293c06480decbe21906f1b07b3d680604465f3bea645cfd72346c4ccee86fdc"

func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := run(args, &out, &errb)
	return out.String(), errb.String(), rc
}

// Expected values come from docs/games/vectors.json (vector 1 and the crash
// chain), which internal/fair's tests tie to the code and to openssl.
func TestCommands(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"Commit", []string{"commit", "--server-seed", seed}, []string{"commitment: 11f39952d5a4bb6367b3b46367ab1aaf9068bb8aaaf0644bdb39608677aa4907"}},
		{"CommitMatches", []string{"commit", "--server-seed", seed, "--hash", "11f39952d5a4bb6367b3b46367ab1aaf9068bb8aaaf0644bdb39608677aa4907"}, []string{"matches: true"}},
		{"Stream", []string{"stream", "--server-seed", seed, "--client-seed", "lucky-7"}, []string{"bytes: 41dacfd59dc3d5a0450bc4c8688358cabd0bc062292028d0b689a6e14b4b7874", "float[0]: 0.2572450538"}},
		{"Dice", []string{"dice", "--server-seed", seed, "--client-seed", "lucky-7", "--nonce", "0", "--target", "5000"}, []string{"roll: 25.72", "win: true", "multiplier: 1.9800x"}},
		{"DiceOver", []string{"dice", "--server-seed", seed, "--client-seed", "lucky-7", "--nonce", "1", "--target", "5000", "--over"}, []string{"roll: 61.48", "win: true", "win chance: 49.99%", "multiplier: 1.9803x"}},
		{"Mines", []string{"mines", "--server-seed", seed, "--client-seed", "lucky-7", "--size", "5", "--mines", "3", "--revealed", "0,1,2"}, []string{"mines: 6,8,15", "safe reveals: 3", "cash-out multiplier: 1.4785x"}},
		{"MinesBust", []string{"mines", "--server-seed", seed, "--client-seed", "lucky-7", "--revealed", "0,8,1"}, []string{"busted on: 8", "multiplier: 0.0000x"}},
		{"Plinko", []string{"plinko", "--server-seed", seed, "--client-seed", "lucky-7", "--rows", "16", "--risk", "high"}, []string{"path: LRLLRLRLRRLRLLRR", "bucket: 8", "multiplier: 0.4000x"}},
		{"Crash", []string{"crash", "--hash", "28b00ba6c91eb5984454cc0e954734301016cadaa42f1b0bfbfe844fe787e232", "--salt", "palaro-public-salt-1", "--target", "40.75"}, []string{"r: f9c721361021e", "point: 40.74x", "cash-out at 40.75x wins: false"}},
		{"CrashChain", []string{"crash-chain", "--hash", "28b00ba6c91eb5984454cc0e954734301016cadaa42f1b0bfbfe844fe787e232", "--next", "9ad68f8028b980be1d6cab0458a6895821b86a9e5601e187c50854bf8926948c"}, []string{"link: true"}},
		{"Slot", []string{"slot", "--server-seed", seed, "--client-seed", "lucky-7", "--profile", "96"}, []string{"spin 0 (base)", "multiplier: "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, rc := runCmd(t, c.args...)
			if rc != 0 {
				t.Fatalf("rc %d, stderr %s", rc, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	cases := [][]string{
		{"nosuch"},
		{"commit", "--server-seed", "xyz"},
		{"commit", "--server-seed", seed, "--hash", strings.Repeat("0", 64)},
		{"dice", "--server-seed", seed, "--client-seed", "bad seed"},
		{"dice", "--server-seed", seed, "--client-seed", "x", "--target", "50"},
		{"mines", "--server-seed", seed, "--client-seed", "x", "--size", "9"},
		{"mines", "--server-seed", seed, "--client-seed", "x", "--revealed", "1,1"},
		{"mines", "--server-seed", seed, "--client-seed", "x", "--revealed", "25"},
		{"plinko", "--server-seed", seed, "--client-seed", "x", "--risk", "extreme"},
		{"slot", "--server-seed", seed, "--client-seed", "x", "--profile", "99"},
		{"crash", "--hash", "abc", "--salt", "s"},
		{"crash", "--hash", seed, "--salt", "s", "--target", "1.00"},
		{"crash-chain", "--hash", seed, "--next", seed},
		{"rngstream", "--bytes", "0"},
		{"rngstream", "--bytes", "1X"},
		{"rngstream", "--bytes", "1K", "--blocks-per-nonce", "0"},
		{"dice", "--no-such-flag"},
	}
	for _, args := range cases {
		out, errs, rc := runCmd(t, args...)
		if rc == 0 {
			t.Errorf("%v: rc 0, out %s", args, out)
		}
		if errs == "" {
			t.Errorf("%v: no message on stderr", args)
		}
	}
	if _, _, rc := runCmd(t); rc != 2 {
		t.Errorf("no args: rc %d", rc)
	}
}

// rngstream: nonce 0's first 64 blocks, then nonce 1's, and so on.
func TestRNGStream(t *testing.T) {
	out, errs, rc := runCmd(t, "rngstream", "--bytes", "8K", "--server-seed", seed, "--client-seed", "lucky-7", "--blocks-per-nonce", "64")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	if len(out) != 8192 {
		t.Fatalf("%d bytes", len(out))
	}
	for nonce := range uint64(4) {
		want := make([]byte, 2048)
		fair.NewStream(seed, "lucky-7", nonce).Read(want)
		got := []byte(out[nonce*2048 : (nonce+1)*2048])
		if !bytes.Equal(got, want) {
			t.Fatalf("nonce %d: got %s...", nonce, hex.EncodeToString(got[:8]))
		}
	}
	// Odd sizes and a blocks-per-nonce of 1.
	out, _, _ = runCmd(t, "rngstream", "--bytes", "100", "--server-seed", seed, "--client-seed", "lucky-7", "--blocks-per-nonce", "1")
	b1 := make([]byte, 32)
	fair.NewStream(seed, "lucky-7", 1).Read(b1)
	if len(out) != 100 || out[32:64] != string(b1) {
		t.Fatal("blocks-per-nonce 1")
	}
	// Without seeds it picks new ones and says so.
	out, errs, _ = runCmd(t, "rngstream", "--bytes", "64")
	if len(out) != 64 || !strings.Contains(errs, "server seed ") {
		t.Fatalf("random seeds: %d bytes, %s", len(out), errs)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"4096": 4096, "64K": 64 << 10, "16M": 16 << 20, "1G": 1 << 30} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("%s: %d %v", in, got, err)
		}
	}
	for _, in := range []string{"", "G", "-1", "1T", "0K"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}

func TestParseHundredths(t *testing.T) {
	for in, want := range map[string]int64{"2": 200, "2.5": 250, "2.50": 250, "1.01": 101, "1000000.00": 100000000} {
		if got, err := parseHundredths(in); err != nil || got != want {
			t.Errorf("%s: %d %v", in, got, err)
		}
	}
	for _, in := range []string{"", "x", "1.001", "-2", "2.-1"} {
		if _, err := parseHundredths(in); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}
