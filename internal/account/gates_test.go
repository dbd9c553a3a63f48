package account

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestGates(t *testing.T) {
	ctx := context.Background()
	g := NewGates(2)
	a, err1 := g.Enter(ctx, 7, time.Second)
	b, err2 := g.Enter(ctx, 7, time.Second)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if _, err := g.Enter(ctx, 7, 10*time.Millisecond); !errors.Is(err, ErrHashBusy) {
		t.Fatalf("third turn: %v", err)
	}
	other, err := g.Enter(ctx, 8, 0) // another key is not held up
	if err != nil {
		t.Fatal(err)
	}
	other()
	got := make(chan error, 1)
	go func() {
		r, err := g.Enter(ctx, 7, time.Second)
		if err == nil {
			r()
		}
		got <- err
	}()
	time.Sleep(20 * time.Millisecond)
	a()
	if err := <-got; err != nil {
		t.Fatalf("waiter after a release: %v", err)
	}
	b()
	if n := len(g.m); n != 0 {
		t.Fatalf("%d gates kept after every turn ended", n)
	}
}
