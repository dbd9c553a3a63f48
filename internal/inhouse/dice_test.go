package inhouse

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/dice"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestDice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)

		var seeds Seeds
		if status, env := s.call(http.MethodGet, "/wps/inhouse/seeds", nil, tok, "", nil, &seeds); status != 200 {
			t.Fatalf("seeds: %d %s", status, env.Code)
		}
		if seeds.Nonce != 0 || len(seeds.ServerSeedHash) != 64 || seeds.Previous != nil {
			t.Fatalf("fresh seeds: %+v", seeds)
		}

		t.Run("OK", func(t *testing.T) {
			before := s.balance(id)
			p := s.post("/wps/inhouse/dice/bet", tok, map[string]any{"amount": 1000, "target": 5000, "over": false})
			r := p.Round
			if r.Status != StatusCompleted || r.Game != GameDice || r.Amount != 1000 || r.Fair.Nonce != 0 || r.Fair.ServerSeed != "" ||
				r.Fair.ServerSeedHash != seeds.ServerSeedHash || r.Fair.ClientSeed != seeds.ClientSeed {
				t.Fatalf("round: %+v", r)
			}
			var out diceOutcome
			if err := json.Unmarshal(r.Outcome, &out); err != nil {
				t.Fatal(err)
			}
			wantWin := int64(0)
			if out.Roll < 5000 {
				wantWin = 1000 * 19800 / 10000
			}
			if out.Win != (out.Roll < 5000) || r.Win != wantWin {
				t.Fatalf("outcome %+v win %d, want %d", out, r.Win, wantWin)
			}
			if got := s.balance(id); got != before-1000+wantWin || p.Balance != got {
				t.Fatalf("balance %d (answered %d), want %d", got, p.Balance, before-1000+wantWin)
			}
			var page RoundPage
			s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{"game": {"dice"}}, tok, "", nil, &page)
			if page.Total != 1 || page.List[0].ID != r.ID {
				t.Fatalf("recall: %+v", page)
			}
			var one struct{ Round Round }
			s.call(http.MethodGet, "/wps/inhouse/rounds/"+strconv.FormatInt(r.ID, 10), nil, tok, "", nil, &one)
			if one.Round.ID != r.ID || one.Round.Fair.ServerSeed != "" {
				t.Fatalf("round detail: %+v", one.Round)
			}

			// Rotate: the pair is revealed and the round verifies.
			var rotated Seeds
			if status, env := s.call(http.MethodPost, "/wps/inhouse/seeds/rotate", nil, tok, "", map[string]any{"clientSeed": "my-seed_1"}, &rotated); status != 200 {
				t.Fatalf("rotate: %d %s", status, env.Code)
			}
			prev := rotated.Previous
			if prev == nil || fair.Commit(prev.ServerSeed) != seeds.ServerSeedHash || prev.Nonce != 1 || rotated.ClientSeed != "my-seed_1" ||
				rotated.Nonce != 0 || rotated.ServerSeedHash == seeds.ServerSeedHash {
				t.Fatalf("rotated: %+v prev %+v", rotated, prev)
			}
			replay := dice.Play(fair.NewStream(prev.ServerSeed, prev.ClientSeed, 0), dice.Params{Target: 5000})
			if replay.Roll != out.Roll {
				t.Fatalf("verification roll %d, round %d", replay.Roll, out.Roll)
			}
			s.call(http.MethodGet, "/wps/inhouse/rounds/"+strconv.FormatInt(r.ID, 10), nil, tok, "", nil, &one)
			if one.Round.Fair.ServerSeed != prev.ServerSeed {
				t.Fatalf("revealed round fair: %+v", one.Round.Fair)
			}
			s.verifyLedger()
		})

		t.Run("IdempotentReplay", func(t *testing.T) {
			before := s.balance(id)
			body := map[string]any{"amount": 500, "target": 3000, "over": true}
			var a, b Play
			s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "same-key", body, &a)
			s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "same-key", body, &b)
			if a.Round.ID == 0 || a.Round.ID != b.Round.ID || a.Balance != b.Balance {
				t.Fatalf("replay: %+v vs %+v", a, b)
			}
			if got := s.balance(id); got != before-500+a.Round.Win {
				t.Fatalf("balance moved twice: %d, want %d", got, before-500+a.Round.Win)
			}
			body["amount"] = 600
			status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "same-key", body, nil)
			if status != http.StatusConflict || env.Code != "inhouse.idempotency_mismatch" {
				t.Fatalf("other body, same key: %d %s", status, env.Code)
			}
			// Another member may use the same key.
			agent := s.login("agent01")
			s.fund(s.memberID("agent01"), 10_000)
			var c Play
			if status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, agent, "same-key", body, &c); status != 200 || c.Round.ID == a.Round.ID {
				t.Fatalf("agent same key: %d %s %+v", status, env.Code, c.Round)
			}
		})

		t.Run("ConcurrentNoncesUnique", func(t *testing.T) {
			var seedsNow Seeds
			s.call(http.MethodGet, "/wps/inhouse/seeds", nil, tok, "", nil, &seedsNow)
			const n = 12
			var wg sync.WaitGroup
			nonces := make(chan int64, n)
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					var p Play
					status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "conc-"+strconv.Itoa(i), map[string]any{"amount": 100, "target": 5000}, &p)
					if status != 200 {
						t.Errorf("bet %d: %d %s", i, status, env.Code)
						return
					}
					nonces <- p.Round.Fair.Nonce
				}(i)
			}
			wg.Wait()
			close(nonces)
			seen := map[int64]bool{}
			for n := range nonces {
				if seen[n] {
					t.Fatalf("nonce %d used twice", n)
				}
				seen[n] = true
			}
			for i := int64(0); i < n; i++ {
				if !seen[seedsNow.Nonce+i] {
					t.Fatalf("nonces %v: missing %d", seen, seedsNow.Nonce+i)
				}
			}
			s.verifyLedger()
		})
	})
}

// The per-member nonce is taken by an atomic UPDATE: two services (two
// instances) over one database never hand out the same nonce.
func TestNonceAcrossInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		c := s.caller("demo01")
		s.fund(c.MemberID, 1_000_000)
		other := NewService(Deps{Store: NewStore(d), Wallet: s.faults, Sessions: s.seamless, Catalog: s.games, Brand: s.brands,
			Ledger: s.wallet, Accounts: s.ledger, Clock: s.clk, Logger: discard()}, Config{})
		var wg sync.WaitGroup
		var mu sync.Mutex
		seen := map[int64]int{}
		for i := 0; i < 10; i++ {
			for j, svc := range []*Service{s.svc, other} {
				wg.Add(1)
				go func(key string, svc *Service) {
					defer wg.Done()
					p, err := svc.Dice(context.Background(), c, key, DiceRequest{Amount: 100, Target: 5000})
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					seen[p.Round.Fair.Nonce]++
					mu.Unlock()
				}("x"+strconv.Itoa(i)+"-"+strconv.Itoa(j), svc)
			}
		}
		wg.Wait()
		if len(seen) != 20 {
			t.Fatalf("nonces: %v", seen)
		}
		for n, k := range seen {
			if k != 1 || n < 0 || n >= 20 {
				t.Fatalf("nonces: %v", seen)
			}
		}
	})
}
