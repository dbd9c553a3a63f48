package crashgame

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/palaro/palaro/internal/fair"
)

// Chain is one generated hash chain. Only the secret seed, the length and
// the public terminal hash and salt are stored; any round's hash is
// recomputed from a checkpoint kept in memory every CheckpointEvery steps
// (100 checkpoints for a million hashes, at most 9,999 SHA-256 per lookup).
//
// With out = fair.Chain(seed, Length): round Seq (1-based) is played with
// out[Length-Seq], and TerminalHash = SHA-256(out[Length-1]), published
// before round 1, so SHA-256(hash of round 1) = TerminalHash and
// SHA-256(hash of round k+1) = hash of round k.
type Chain struct {
	ID           int64
	Seed         string // secret until the chain is used up
	Length       int64
	TerminalHash string
	Salt         string

	checkpoints []string // checkpoints[i] = out[i*CheckpointEvery]
}

// CheckpointEvery is the distance between kept hashes.
const CheckpointEvery = 10_000

// NewChain makes a chain from a fresh random seed. salt "" draws one.
func NewChain(length int, salt string) (*Chain, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, fmt.Errorf("chain seed: %w", err)
	}
	if salt == "" {
		var s [32]byte
		if _, err := rand.Read(s[:]); err != nil {
			return nil, fmt.Errorf("chain salt: %w", err)
		}
		salt = hex.EncodeToString(s[:])
	}
	c := &Chain{Seed: hex.EncodeToString(b[:]), Length: int64(length), Salt: salt}
	c.build()
	return c, nil
}

// build walks the chain once, keeping the checkpoints and the terminal hash.
func (c *Chain) build() {
	c.checkpoints = make([]string, 0, c.Length/CheckpointEvery+1)
	h := c.Seed
	for i := int64(0); i < c.Length; i++ {
		h = fair.HashHex(h)
		if i%CheckpointEvery == 0 {
			c.checkpoints = append(c.checkpoints, h)
		}
	}
	c.TerminalHash = fair.HashHex(h)
}

// Load rebuilds the checkpoints of a stored chain and checks its terminal hash.
func (c *Chain) Load() error {
	want := c.TerminalHash
	c.build()
	if c.TerminalHash != want {
		return fmt.Errorf("crash chain %d: seed does not give the stored terminal hash", c.ID)
	}
	return nil
}

// Hash is the hash of round seq (1..Length).
func (c *Chain) Hash(seq int64) string {
	i := c.Length - seq // index in out
	cp := i / CheckpointEvery
	h := c.checkpoints[cp]
	for j := cp * CheckpointEvery; j < i; j++ {
		h = fair.HashHex(h)
	}
	return h
}

// Point is the crash point of round seq, in hundredths.
func (c *Chain) Point(seq int64) int64 { return fair.CrashPoint(c.Hash(seq), c.Salt) }
