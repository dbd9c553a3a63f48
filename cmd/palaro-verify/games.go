package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/crash"
	"github.com/palaro/palaro/internal/inhouse/dice"
	"github.com/palaro/palaro/internal/inhouse/mines"
	"github.com/palaro/palaro/internal/inhouse/plinko"
	"github.com/palaro/palaro/internal/inhouse/slot"
)

func cmdDice(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dice", stderr)
	sf := addSeedFlags(fs)
	target := fs.Int("target", 5000, "target in hundredths (5000 = 50.00)")
	over := fs.Bool("over", false, "roll over the target (default: under)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	p := dice.Params{Target: *target, Over: *over}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("--target: the win chance must be 1.00%% to 98.00%%")
	}
	o := dice.Play(sf.stream(), p)
	kv(stdout, "roll", hundredths(int64(o.Roll)))
	kv(stdout, "win", o.Win)
	kv(stdout, "win chance", hundredths(int64(p.WinChance()))+"%")
	kv(stdout, "multiplier", mult(o.Multiplier))
	return nil
}

func cmdMines(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("mines", stderr)
	sf := addSeedFlags(fs)
	size := fs.Int("size", mines.DefaultSize, "grid size (3..8)")
	count := fs.Int("mines", 3, "number of mines")
	revealed := fs.String("revealed", "", "tiles the player revealed, in order, comma separated (optional)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	p := mines.Params{Size: *size, Mines: *count}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("--size must be %d..%d and --mines 1..size*size-1", mines.MinSize, mines.MaxSize)
	}
	layout := mines.Layout(sf.stream(), p)
	kv(stdout, "mines", joinInts(layout))
	for r := 0; r < p.Size; r++ {
		var row strings.Builder
		for c := 0; c < p.Size; c++ {
			if mines.IsMine(layout, r*p.Size+c) {
				row.WriteString(" *")
			} else {
				row.WriteString(" .")
			}
		}
		fmt.Fprintf(stdout, "  %s\n", row.String())
	}
	if *revealed == "" {
		return nil
	}
	var picks []int
	safe := 0
	for _, f := range strings.Split(*revealed, ",") {
		tile, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || mines.CheckTile(p, tile, picks) != nil {
			return fmt.Errorf("--revealed: %q is not a new tile of the board", f)
		}
		picks = append(picks, tile)
		if mines.IsMine(layout, tile) {
			kv(stdout, "busted on", tile)
			kv(stdout, "multiplier", mult(0))
			return nil
		}
		safe++
	}
	kv(stdout, "safe reveals", safe)
	kv(stdout, "cash-out multiplier", mult(mines.Multiplier(p, safe)))
	return nil
}

func cmdPlinko(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("plinko", stderr)
	sf := addSeedFlags(fs)
	rows := fs.Int("rows", 16, "rows of pegs (8..16)")
	risk := fs.String("risk", "medium", "low, medium or high")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	p := plinko.Params{Rows: *rows, Risk: *risk}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("--rows must be %d..%d and --risk low, medium or high", plinko.MinRows, plinko.MaxRows)
	}
	o := plinko.Play(sf.stream(), p)
	path := make([]byte, len(o.Path))
	for i, r := range o.Path {
		path[i] = 'L'
		if r {
			path[i] = 'R'
		}
	}
	kv(stdout, "path", string(path))
	kv(stdout, "bucket", o.Bucket)
	kv(stdout, "multiplier", mult(o.Multiplier))
	return nil
}

func cmdSlot(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("slot", stderr)
	sf := addSeedFlags(fs)
	profile := fs.String("profile", "96", "RTP profile of the operator (94, 96, 97)")
	asJSON := fs.Bool("json", false, "print every spin as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	prof, err := slot.ParseProfile(*profile)
	if err != nil {
		return fmt.Errorf("--profile must be one of %v", slot.Profiles())
	}
	r := slot.PlayRound(sf.stream(), prof)
	names := slot.Symbols()
	for i, s := range r.Spins {
		kind := "base"
		if s.Free {
			kind = "free"
		}
		fmt.Fprintf(stdout, "spin %d (%s): stops %v, win %s", i, kind, s.Stops, mult(s.Multiplier))
		if s.FreeSpinsAwarded > 0 {
			fmt.Fprintf(stdout, ", %d free spins", s.FreeSpinsAwarded)
		}
		fmt.Fprintln(stdout)
		for row := 0; row < len(s.Grid[0]); row++ {
			cells := make([]string, len(s.Grid))
			for reel := range s.Grid {
				cells[reel] = fmt.Sprintf("%-10s", names[s.Grid[reel][row]])
			}
			fmt.Fprintf(stdout, "  %s\n", strings.TrimRight(strings.Join(cells, " "), " "))
		}
	}
	kv(stdout, "spins", len(r.Spins))
	kv(stdout, "multiplier", mult(r.Multiplier))
	if *asJSON {
		b, _ := json.Marshal(r.Spins)
		kv(stdout, "json", string(b))
	}
	return nil
}

func cmdCrash(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("crash", stderr)
	hash := fs.String("hash", "", "the round's revealed chain hash (64 hex characters)")
	salt := fs.String("salt", "", "the published salt")
	target := fs.String("target", "", "a cash-out target to check, e.g. 2.00 (optional)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !isHex64(*hash) {
		return fmt.Errorf("--hash must be 64 lowercase hex characters")
	}
	if *salt == "" {
		return fmt.Errorf("--salt is required")
	}
	r := fair.CrashNumber(*hash, *salt)
	point := crash.Point(*hash, *salt)
	kv(stdout, "r", fmt.Sprintf("%013x", r))
	kv(stdout, "instant bust", r%fair.CrashBustModulus == 0)
	kv(stdout, "point", hundredths(point)+"x")
	kv(stdout, "time to point", crash.TimeTo(point))
	if *target != "" {
		t, err := parseHundredths(*target)
		if err != nil || crash.CheckTarget(t) != nil {
			return fmt.Errorf("--target must be 1.01 to 1000000.00")
		}
		kv(stdout, "cash-out at "+hundredths(t)+"x wins", crash.Wins(point, t))
	}
	return nil
}

func cmdCrashChain(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("crash-chain", stderr)
	hash := fs.String("hash", "", "hash of a round")
	next := fs.String("next", "", "hash revealed for the following round")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !isHex64(*hash) || !isHex64(*next) {
		return fmt.Errorf("--hash and --next must be 64 lowercase hex characters")
	}
	kv(stdout, "sha256(next)", fair.HashHex(*next))
	if !fair.VerifyChainLink(*hash, *next) {
		kv(stdout, "link", false)
		return fmt.Errorf("sha256(--next) is not --hash: the rounds are not consecutive in one chain")
	}
	kv(stdout, "link", true)
	return nil
}

func isHex64(s string) bool { return fair.CheckServerSeed(s) == nil }

// parseHundredths reads "2", "2.5" or "2.50" as 200, 250, 250.
func parseHundredths(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("too many decimals")
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 || w > 1e12 {
		return 0, fmt.Errorf("bad number")
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("bad number")
	}
	return w*100 + f, nil
}

func hundredths(v int64) string { return fmt.Sprintf("%d.%02d", v/100, v%100) }
