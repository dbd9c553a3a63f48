package main

import (
	"encoding/hex"
	"fmt"
	"io"

	"github.com/palaro/palaro/internal/fair"
)

func checkServerSeed(s string) error {
	if err := fair.CheckServerSeed(s); err != nil {
		return fmt.Errorf("--server-seed must be 64 lowercase hex characters")
	}
	return nil
}

func checkClientSeed(s string) error {
	if err := fair.CheckClientSeed(s); err != nil {
		return fmt.Errorf("--client-seed must be 1..64 characters of A-Z a-z 0-9 _ -")
	}
	return nil
}

func cmdCommit(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("commit", stderr)
	ss := fs.String("server-seed", "", "revealed server seed")
	want := fs.String("hash", "", "the published commitment to compare with (optional)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkServerSeed(*ss); err != nil {
		return err
	}
	got := fair.Commit(*ss)
	kv(stdout, "commitment", got)
	if *want != "" {
		if got != *want {
			kv(stdout, "matches", false)
			return fmt.Errorf("commitment does not match %s", *want)
		}
		kv(stdout, "matches", true)
	}
	return nil
}

func cmdStream(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("stream", stderr)
	sf := addSeedFlags(fs)
	n := fs.Int("bytes", 32, "how many bytes to print (multiple of 4, at most 4096)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	if *n <= 0 || *n > 4096 || *n%4 != 0 {
		return fmt.Errorf("--bytes must be a multiple of 4 from 4 to 4096")
	}
	b := make([]byte, *n)
	fair.NewStream(*sf.serverSeed, *sf.clientSeed, *sf.nonce).Read(b)
	kv(stdout, "bytes", hex.EncodeToString(b))
	for i := 0; i+4 <= len(b) && i < 16; i += 4 {
		u := uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
		kv(stdout, fmt.Sprintf("float[%d]", i/4), fmt.Sprintf("%.10f", float64(u)/(1<<32)))
	}
	return nil
}
