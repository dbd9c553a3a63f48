// Command palaro-verify recomputes in-house game rounds from revealed seeds,
// independently of the Palaro server: it imports only the fairness scheme
// (internal/fair) and the games' maths. See docs/games/fairness.md.
//
//	palaro-verify commit --server-seed X
//	palaro-verify stream --server-seed X --client-seed Y --nonce N [--bytes 64]
//	palaro-verify dice --server-seed X --client-seed Y --nonce N --target 5000 [--over]
//	palaro-verify mines ... --size 5 --mines 3 [--revealed 0,7,12]
//	palaro-verify plinko ... --rows 16 --risk high
//	palaro-verify slot ... --profile 96
//	palaro-verify crash --hash H --salt S [--target 2.00]
//	palaro-verify crash-chain --hash H --next H2
//	palaro-verify rngstream --bytes 1G [--server-seed X --client-seed Y] > rng.bin
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/palaro/palaro/internal/fair"
)

type command struct {
	run   func(args []string, stdout, stderr io.Writer) error
	about string
}

var commands = map[string]command{}

func register(name, about string, run func([]string, io.Writer, io.Writer) error) {
	commands[name] = command{run: run, about: about}
}

func init() {
	register("commit", "print the commitment (SHA-256) of a server seed", cmdCommit)
	register("stream", "print the first bytes and floats of a bet's stream", cmdStream)
	register("rngstream", "write the raw game RNG stream to stdout (for dieharder)", cmdRNGStream)
	register("dice", "recompute a Dice roll", cmdDice)
	register("mines", "recompute a Mines layout (and a sequence of reveals)", cmdMines)
	register("plinko", "recompute a Plinko drop", cmdPlinko)
	register("slot", "recompute a slot round (base spin and its free spins)", cmdSlot)
	register("crash", "recompute a Crash round's point from its chain hash", cmdCrash)
	register("crash-chain", "check that two Crash hashes are consecutive in the chain", cmdCrashChain)
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return 2
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "palaro-verify: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if err := c.run(args[1:], stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 2
		}
		fmt.Fprintf(stderr, "palaro-verify %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: palaro-verify <command> [flags]; commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].about)
	}
	fmt.Fprintln(w, "run 'palaro-verify <command> -h' for its flags")
}

// seedFlags are the revealed values every per-bet command takes.
type seedFlags struct {
	serverSeed, clientSeed *string
	nonce                  *uint64
}

func addSeedFlags(fs *flag.FlagSet) seedFlags {
	return seedFlags{
		serverSeed: fs.String("server-seed", "", "revealed server seed (64 hex characters)"),
		clientSeed: fs.String("client-seed", "", "client seed"),
		nonce:      fs.Uint64("nonce", 0, "nonce of the bet"),
	}
}

func (s seedFlags) stream() *fair.Stream {
	return fair.NewStream(*s.serverSeed, *s.clientSeed, *s.nonce)
}

func (s seedFlags) check() error {
	if err := checkServerSeed(*s.serverSeed); err != nil {
		return err
	}
	return checkClientSeed(*s.clientSeed)
}

func kv(w io.Writer, key string, v any) { fmt.Fprintf(w, "%s: %v\n", key, v) }

// mult renders a multiplier in 1/10000 as 1.9800x.
func mult(m int64) string { return fmt.Sprintf("%d.%04dx", m/10000, m%10000) }

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
