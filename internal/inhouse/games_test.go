package inhouse

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/inhouse/slot"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/mines"
	"github.com/palaro/palaro/internal/inhouse/plinko"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestGames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)

		t.Run("Plinko", func(t *testing.T) {
			before := s.balance(id)
			p := s.post("/wps/inhouse/plinko/bet", tok, map[string]any{"amount": 1000, "rows": 12, "risk": "high"})
			var o plinkoOutcome
			if err := json.Unmarshal(p.Round.Outcome, &o); err != nil {
				t.Fatal(err)
			}
			rights := 0
			for _, r := range o.Path {
				if r {
					rights++
				}
			}
			table := plinko.Table(plinko.Params{Rows: 12, Risk: "high"})
			if len(o.Path) != 12 || o.Bucket != rights || p.Round.Multiplier != table[o.Bucket] || p.Round.Win != payout(1000, table[o.Bucket]) {
				t.Fatalf("plinko round %+v outcome %+v", p.Round, o)
			}
			if s.balance(id) != before-1000+p.Round.Win {
				t.Fatal("balance")
			}
		})

		t.Run("MinesFlow", func(t *testing.T) {
			before := s.balance(id)
			start := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 5, "mines": 3})
			var mv minesView
			_ = json.Unmarshal(start.Round.Outcome, &mv)
			if start.Round.Status != StatusOpen || len(mv.Mines) != 0 || start.Balance != before-1000 {
				t.Fatalf("start: %+v %s", start.Round, start.Round.Outcome)
			}
			var st minesState
			_ = json.Unmarshal([]byte(s.roundState(start.Round.ID).Outcome), &st)
			if len(st.Mines) != 3 {
				t.Fatalf("layout %v", st.Mines)
			}
			// The layout is the seed's: verifiable once revealed.
			a := firstSafe(st.Mines, 25, nil)
			body := map[string]any{"roundId": start.Round.ID, "tile": a}
			var r1, r2 Play
			s.call(http.MethodPost, "/wps/inhouse/mines/reveal", nil, tok, "reveal-1", body, &r1)
			s.call(http.MethodPost, "/wps/inhouse/mines/reveal", nil, tok, "reveal-1", body, &r2) // a repeat: the first answer
			_ = json.Unmarshal(r2.Round.Outcome, &mv)
			if len(mv.Revealed) != 1 || len(mv.Mines) != 0 || r1.Round.Multiplier != mines.Multiplier(mines.Params{Size: 5, Mines: 3}, 1) ||
				string(r1.Round.Outcome) != string(r2.Round.Outcome) {
				t.Fatalf("reveal: %+v / %+v", r1.Round, r2.Round)
			}
			if status, env := s.call(http.MethodPost, "/wps/inhouse/mines/reveal", nil, tok, "reveal-1", map[string]any{"roundId": start.Round.ID, "tile": firstSafe(st.Mines, 25, []int{a})}, nil); status != 409 || env.Code != "inhouse.idempotency_mismatch" {
				t.Fatalf("reused key: %d %s", status, env.Code)
			}
			// Seeds cannot rotate while the board is open.
			if status, env := s.call(http.MethodPost, "/wps/inhouse/seeds/rotate", nil, tok, "", map[string]any{}, nil); status != 409 || env.Code != "inhouse.round_open" {
				t.Fatalf("rotate: %d %s", status, env.Code)
			}
			b := firstSafe(st.Mines, 25, []int{a})
			s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": start.Round.ID, "tile": b})
			out := s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": start.Round.ID})
			_ = json.Unmarshal(out.Round.Outcome, &mv)
			mult := mines.Multiplier(mines.Params{Size: 5, Mines: 3}, 2)
			if out.Round.Status != StatusCompleted || out.Round.Multiplier != mult || out.Round.Win != payout(1000, mult) || len(mv.Mines) != 3 ||
				s.balance(id) != before-1000+out.Round.Win || out.Balance != s.balance(id) {
				t.Fatalf("cashout: %+v %s", out.Round, out.Round.Outcome)
			}
			// Verify the layout once the pair is revealed.
			var rotated Seeds
			s.call(http.MethodPost, "/wps/inhouse/seeds/rotate", nil, tok, "", map[string]any{}, &rotated)
			var detail struct{ Round Round }
			s.call(http.MethodGet, "/wps/inhouse/rounds/"+itoa(start.Round.ID), nil, tok, "", nil, &detail)
			f := detail.Round.Fair
			layout := mines.Layout(fair.NewStream(f.ServerSeed, f.ClientSeed, uint64(f.Nonce)), mines.Params{Size: 5, Mines: 3})
			if f.ServerSeed == "" || fair.Commit(f.ServerSeed) != f.ServerSeedHash || !equal(layout, mv.Mines) {
				t.Fatalf("verify: %+v layout %v shown %v", f, layout, mv.Mines)
			}
		})

		t.Run("SlotFreeSpins", func(t *testing.T) {
			before := s.balance(id)
			s.nonceWithFreeSpins(id)
			p := s.post("/wps/inhouse/slot/spin", tok, map[string]any{"amount": 2000})
			var sv slotView
			_ = json.Unmarshal(p.Round.Outcome, &sv)
			total := len(sv.Spins) + sv.FreeSpinsLeft
			var active struct{ Rounds []Round }
			s.call(http.MethodGet, "/wps/inhouse/active", nil, tok, "", nil, &active)
			if p.Round.Status != StatusOpen || len(active.Rounds) != 1 || active.Rounds[0].ID != p.Round.ID {
				t.Fatalf("open round: %+v active %+v", p.Round, active.Rounds)
			}
			for i := 1; i < total; i++ {
				p = s.post("/wps/inhouse/slot/free", tok, map[string]any{"roundId": p.Round.ID})
				_ = json.Unmarshal(p.Round.Outcome, &sv)
				if len(sv.Spins) != i+1 || sv.FreeSpinsLeft != total-i-1 {
					t.Fatalf("free spin %d: %d shown, %d left", i, len(sv.Spins), sv.FreeSpinsLeft)
				}
			}
			var sum int64
			for _, sp := range sv.Spins {
				sum += sp.Multiplier
			}
			if p.Round.Status != StatusCompleted || p.Round.Multiplier != sum || s.balance(id) != before-2000+payout(2000, sum) {
				t.Fatalf("slot round %+v", p.Round)
			}
			if status, env := s.call(http.MethodPost, "/wps/inhouse/slot/free", nil, tok, "free-after", map[string]any{"roundId": p.Round.ID}, nil); status != 409 || env.Code != "inhouse.round_closed" {
				t.Fatalf("free spin on a closed round: %d %s", status, env.Code)
			}
		})

		t.Run("RecallPagedNewestFirst", func(t *testing.T) {
			var all RoundPage
			s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{"pageSize": {"100"}}, tok, "", nil, &all)
			if all.Total != 3 || len(all.List) != all.Total {
				t.Fatalf("recall: total %d, %d listed", all.Total, len(all.List))
			}
			for i := 1; i < len(all.List); i++ {
				if all.List[i].ID >= all.List[i-1].ID {
					t.Fatal("not newest first")
				}
			}
			var page RoundPage
			s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{"pageNo": {"2"}, "pageSize": {"2"}}, tok, "", nil, &page)
			if len(page.List) != 1 || page.List[0].ID != all.List[2].ID || page.Total != all.Total {
				t.Fatalf("page 2: %+v", page)
			}
			var minesOnly RoundPage
			s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{"game": {"mines"}}, tok, "", nil, &minesOnly)
			if minesOnly.Total != 1 || minesOnly.List[0].Game != GameMines {
				t.Fatalf("filter: %+v", minesOnly)
			}
			if status, env := s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{"game": {"poker"}}, tok, "", nil, nil); status != 400 || env.Code != "request.invalid_param" {
				t.Fatalf("unknown game filter: %d %s", status, env.Code)
			}
			// Another member sees none of these.
			var other RoundPage
			s.call(http.MethodGet, "/wps/inhouse/rounds", nil, s.login("agent01"), "", nil, &other)
			if other.Total != 0 {
				t.Fatalf("agent sees %d rounds", other.Total)
			}
			if status, env := s.call(http.MethodGet, "/wps/inhouse/rounds/"+itoa(all.List[0].ID), nil, s.login("agent01"), "", nil, nil); status != 404 || env.Code != "inhouse.unknown_round" {
				t.Fatalf("other's round: %d %s", status, env.Code)
			}
		})

		t.Run("Config", func(t *testing.T) {
			var cfg PublicConfig
			s.call(http.MethodGet, "/wps/inhouse/config", nil, "", "", nil, &cfg)
			if cfg.Currency != "PHP" || cfg.Games[GameSlot].MinBet != brand.DefaultInhouseMinBet || cfg.Games[GameDice].MaxBet != brand.DefaultInhouseMaxBet ||
				len(cfg.Plinko.Tables) != 27 || len(cfg.Slot.Paylines) != 20 || cfg.Jackpot.ContributionBp != 100 || len(cfg.Mines.Sizes) != 6 {
				t.Fatalf("config: %+v", cfg)
			}
			// The published strips are the active profile's, so a browser recomputes rounds from them.
			base := slot.ReelStrips(slot.Profile(cfg.Slot.Profile), false)
			if len(cfg.Slot.Strips.Base) != slot.Reels || len(cfg.Slot.Strips.Free) != slot.Reels {
				t.Fatalf("strips: %d base, %d free reels", len(cfg.Slot.Strips.Base), len(cfg.Slot.Strips.Free))
			}
			for r := range base {
				if len(cfg.Slot.Strips.Base[r]) != len(base[r]) || cfg.Slot.Strips.Base[r][0] != base[r][0].String() {
					t.Fatalf("reel %d strip differs from the profile's", r)
				}
			}
		})
		s.verifyLedger()
	})
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
