package inhouse

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestGroupedFastInserts (PostgreSQL, where rounds of remembered pairs are
// inserted by one statement per group): many members rolling at once,
// several rounds of one member at once (a group can advance a pair once, so
// the others take the general way) and a key sent twice at once. Every
// answer is the round stored under its id, with its own nonce; each
// member's nonces are 0..n-1, each once; the key sent twice is one round;
// and the inserts went in groups.
func TestGroupedFastInserts(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	s := newSite(t, d, Config{})
	ctx := context.Background()
	const members, warm, perMember = 12, 1, 6
	callers := make([]account.Caller, members)
	for i, tok := range s.benchPlayers(members) {
		c, err := s.accounts.Authenticate(ctx, tok)
		if err != nil {
			t.Fatal(err)
		}
		callers[i] = c
		// A first round remembers the member's pair, so the next go the fast way.
		if _, err := s.svc.Dice(ctx, c, "warm-"+strconv.Itoa(i), DiceRequest{Amount: 100, Target: 5000}); err != nil {
			t.Fatal(err)
		}
	}
	groupsBefore, roundsBefore := s.svc.store.fast.groups(), s.svc.store.fast.rounds.Load()

	type answer struct {
		member int
		key    string
		play   Play
	}
	var (
		mu      sync.Mutex
		answers []answer
		wg      sync.WaitGroup
	)
	roll := func(member int, key string) {
		defer wg.Done()
		p, err := s.svc.Dice(ctx, callers[member], key, DiceRequest{Amount: 100, Target: 5000})
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		answers = append(answers, answer{member, key, p})
		mu.Unlock()
	}
	for j := range perMember {
		for i := range members {
			wg.Add(1)
			go roll(i, "r-"+strconv.Itoa(j))
		}
	}
	wg.Add(2) // one key, twice at once
	go roll(0, "twice")
	go roll(0, "twice")
	wg.Wait()
	if t.Failed() {
		return
	}
	s.settle()

	nonces := make([]map[int64]bool, members)
	for i := range nonces {
		nonces[i] = map[int64]bool{}
	}
	var twice []int64
	for _, a := range answers {
		stored, err := s.svc.store.round(ctx, a.play.Round.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.MemberID != callers[a.member].MemberID || stored.Key != a.key || stored.Nonce != a.play.Round.Fair.Nonce ||
			stored.Outcome != string(a.play.Round.Outcome) || stored.Win != a.play.Round.Win || stored.State != stateCompleted {
			t.Fatalf("answer %+v, stored %+v", a.play.Round, stored)
		}
		if a.key == "twice" {
			twice = append(twice, a.play.Round.ID)
			continue
		}
		if nonces[a.member][stored.Nonce] {
			t.Fatalf("member %d: nonce %d twice", a.member, stored.Nonce)
		}
		nonces[a.member][stored.Nonce] = true
	}
	if len(twice) != 2 || twice[0] != twice[1] {
		t.Fatalf("the key sent twice: rounds %v", twice)
	}
	for i, ns := range nonces {
		// The nonces after the warm-up round, each once; member 0's key sent
		// twice may have taken one more that stays unused (its twin's).
		limit := int64(warm + perMember)
		if i == 0 {
			limit += 2
		}
		if len(ns) != perMember {
			t.Fatalf("member %d: nonces %v", i, ns)
		}
		for n := range ns {
			if n < warm || n >= limit {
				t.Fatalf("member %d: nonce %d outside %d..%d (%v)", i, n, warm, limit-1, ns)
			}
		}
	}
	groups, fast := s.svc.store.fast.groups()-groupsBefore, s.svc.store.fast.rounds.Load()-roundsBefore
	t.Logf("%d rounds, %d of them tried the fast way, in %d group statements", members*perMember+2, fast, groups)
	if fast < members || groups >= fast {
		t.Fatalf("%d group statements for %d fast rounds: no grouping", groups, fast)
	}
	s.verifyLedger()
}
