package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/fair"
)

// DefaultBlocksPerNonce: the rng stream takes this many HMAC blocks (2 KiB)
// from each nonce, then moves to the next nonce, so both counters of the
// scheme are exercised the way play uses them (many nonces, few blocks each).
const DefaultBlocksPerNonce = 64

// rngStream writes the raw game byte stream: for nonce = start, start+1, ...
// the first blocksPerNonce blocks of (serverSeed, clientSeed, nonce).
type rngStream struct {
	serverSeed, clientSeed string
	nonce                  uint64
	blocksPerNonce         uint64
	cur                    *fair.Stream
	left                   uint64 // bytes left in the current nonce
}

func (r *rngStream) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if r.left == 0 {
			if r.cur != nil {
				r.nonce++
			}
			r.cur = fair.NewStream(r.serverSeed, r.clientSeed, r.nonce)
			r.left = r.blocksPerNonce * fair.BlockSize
		}
		chunk := p[n:]
		if uint64(len(chunk)) > r.left {
			chunk = chunk[:r.left]
		}
		r.cur.Read(chunk)
		r.left -= uint64(len(chunk))
		n += len(chunk)
	}
	return n, nil
}

// parseSize reads 1024, 64K, 16M, 1G (binary units).
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v <= 0 || v > (1<<50)/mult {
		return 0, fmt.Errorf("bad size %q (use e.g. 4096, 64K, 16M, 1G)", s)
	}
	return v * mult, nil
}

func cmdRNGStream(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("rngstream", stderr)
	size := fs.String("bytes", "1G", "how many bytes to write (K, M, G suffixes)")
	ss := fs.String("server-seed", "", "server seed (default: a new random one, printed to stderr)")
	cs := fs.String("client-seed", "", "client seed (default: a new random one, printed to stderr)")
	nonce := fs.Uint64("nonce", 0, "first nonce")
	bpn := fs.Uint64("blocks-per-nonce", DefaultBlocksPerNonce, "HMAC blocks (32 bytes) taken from each nonce")
	if err := fs.Parse(args); err != nil {
		return err
	}
	n, err := parseSize(*size)
	if err != nil {
		return err
	}
	if *bpn == 0 {
		return errors.New("--blocks-per-nonce must be at least 1")
	}
	if *ss == "" {
		if *ss, err = fair.NewServerSeed(); err != nil {
			return err
		}
	} else if err := fair.CheckServerSeed(*ss); err != nil {
		return err
	}
	if *cs == "" {
		if *cs, err = fair.NewClientSeed(); err != nil {
			return err
		}
	} else if err := fair.CheckClientSeed(*cs); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "rngstream: server seed %s, client seed %s, nonce %d.., %d blocks per nonce, %d bytes\n", *ss, *cs, *nonce, *bpn, n)
	w := bufio.NewWriterSize(stdout, 1<<16)
	src := &rngStream{serverSeed: *ss, clientSeed: *cs, nonce: *nonce, blocksPerNonce: *bpn}
	if _, err := io.CopyN(w, src, n); err != nil {
		return err
	}
	return w.Flush()
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
