package inhouse

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// roundCount is how many rounds a member has in the table (any state).
func (s *site) roundCount(memberID int64) int {
	s.t.Helper()
	var n int
	if err := s.db.QueryRowContext(context.Background(), s.db.Rebind(`SELECT COUNT(*) FROM inhouse_round WHERE member_id = ?`), memberID).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// Every bad input answers its stable code and moves nothing.
func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 50_000) // 500.00

		// An open Mines board, a finished one (cashed out) and a busted one.
		open := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 100, "size": 5, "mines": 3}).Round
		cashed := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 100, "size": 5, "mines": 3}).Round
		var ms minesState
		_ = json.Unmarshal([]byte(s.roundState(cashed.ID).Outcome), &ms)
		s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": cashed.ID, "tile": firstSafe(ms.Mines, 25, nil)})
		s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": cashed.ID})
		busted := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 100, "size": 3, "mines": 8}).Round
		_ = json.Unmarshal([]byte(s.roundState(busted.ID).Outcome), &ms)
		s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": busted.ID, "tile": ms.Mines[0]})
		var openState minesState
		_ = json.Unmarshal([]byte(s.roundState(open.ID).Outcome), &openState)
		safe := firstSafe(openState.Mines, 25, nil)
		s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": open.ID, "tile": safe})
		diceRound := s.post("/wps/inhouse/dice/bet", tok, map[string]any{"amount": 100, "target": 5000}).Round

		other := s.login("agent01")
		s.fund(s.memberID("agent01"), 10_000)
		otherRound := s.post("/wps/inhouse/dice/bet", other, map[string]any{"amount": 100, "target": 5000}).Round

		cases := []struct {
			name   string
			path   string
			key    string
			body   any
			raw    string
			status int
			code   string
		}{
			{"NoIdempotencyKey", "/wps/inhouse/dice/bet", "-", map[string]any{"amount": 100, "target": 5000}, "", 400, "money.idempotency_key_required"},
			{"BadIdempotencyKey", "/wps/inhouse/dice/bet", "bad key!", map[string]any{"amount": 100, "target": 5000}, "", 400, "money.idempotency_key_required"},
			{"ZeroAmount", "/wps/inhouse/dice/bet", "", map[string]any{"amount": 0, "target": 5000}, "", 400, "inhouse.bad_amount"},
			{"NegativeAmount", "/wps/inhouse/plinko/bet", "", map[string]any{"amount": -100, "rows": 8, "risk": "low"}, "", 400, "inhouse.bad_amount"},
			{"FractionAmount", "/wps/inhouse/slot/spin", "", nil, `{"amount": 1.5}`, 400, "inhouse.bad_amount"},
			{"HugeAmount", "/wps/inhouse/slot/spin", "", nil, `{"amount": 123456789012345678901234567890}`, 400, "inhouse.bad_amount"},
			{"BelowMin", "/wps/inhouse/dice/bet", "", map[string]any{"amount": 99, "target": 5000}, "", 400, "inhouse.below_min"},
			{"AboveMax", "/wps/inhouse/slot/spin", "", map[string]any{"amount": 1_000_001}, "", 400, "inhouse.above_max"},
			{"AboveBalance", "/wps/inhouse/dice/bet", "", map[string]any{"amount": 1_000_000, "target": 5000}, "", 409, "inhouse.insufficient_funds"},
			{"DiceBadTarget", "/wps/inhouse/dice/bet", "", map[string]any{"amount": 100, "target": 9900}, "", 400, "dice.bad_target"},
			{"DiceTargetOutside", "/wps/inhouse/dice/bet", "", map[string]any{"amount": 100, "target": 10000, "over": true}, "", 400, "dice.bad_target"},
			{"PlinkoBadRows", "/wps/inhouse/plinko/bet", "", map[string]any{"amount": 100, "rows": 17, "risk": "low"}, "", 400, "plinko.bad_params"},
			{"PlinkoBadRisk", "/wps/inhouse/plinko/bet", "", map[string]any{"amount": 100, "rows": 8, "risk": "extreme"}, "", 400, "plinko.bad_params"},
			{"MinesBadSize", "/wps/inhouse/mines/start", "", map[string]any{"amount": 100, "size": 9, "mines": 3}, "", 400, "mines.bad_params"},
			{"MinesTooManyMines", "/wps/inhouse/mines/start", "", map[string]any{"amount": 100, "size": 3, "mines": 9}, "", 400, "mines.bad_params"},
			{"MinesTileOutside", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": open.ID, "tile": 25}, "", 400, "mines.bad_tile"},
			{"MinesTileNegative", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": open.ID, "tile": -1}, "", 400, "mines.bad_tile"},
			{"MinesTileMissing", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": open.ID}, "", 400, "mines.bad_tile"},
			{"MinesTileAgain", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": open.ID, "tile": safe}, "", 409, "mines.tile_revealed"},
			{"RevealClosedRound", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": cashed.ID, "tile": 0}, "", 409, "inhouse.round_closed"},
			{"RevealBustedRound", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": busted.ID, "tile": 0}, "", 409, "inhouse.round_closed"},
			{"DoubleCashout", "/wps/inhouse/mines/cashout", "", map[string]any{"roundId": cashed.ID}, "", 409, "inhouse.double_cashout"},
			{"CashoutBusted", "/wps/inhouse/mines/cashout", "", map[string]any{"roundId": busted.ID}, "", 409, "inhouse.round_closed"},
			{"RevealDiceRound", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": diceRound.ID, "tile": 0}, "", 404, "inhouse.unknown_round"},
			{"RevealOthersRound", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": otherRound.ID, "tile": 0}, "", 404, "inhouse.unknown_round"},
			{"RevealNoRound", "/wps/inhouse/mines/reveal", "", map[string]any{"roundId": 999999, "tile": 0}, "", 404, "inhouse.unknown_round"},
			{"FreeSpinOnClosed", "/wps/inhouse/slot/free", "", map[string]any{"roundId": diceRound.ID}, "", 404, "inhouse.unknown_round"},
			{"MalformedJSON", "/wps/inhouse/dice/bet", "", nil, `{"amount": 100,`, 400, "request.invalid_json"},
			{"TrailingJSON", "/wps/inhouse/dice/bet", "", nil, `{"amount": 100, "target": 5000} {}`, 400, "request.invalid_json"},
			{"OversizeBody", "/wps/inhouse/dice/bet", "", nil, `{"amount": 100, "target": 5000, "x": "` + strings.Repeat("a", 5000) + `"}`, 413, "request.too_large"},
			{"BadClientSeedChars", "/wps/inhouse/seeds/rotate", "", map[string]any{"clientSeed": "bad seed!"}, "", 400, "fair.bad_client_seed"},
			{"LongClientSeed", "/wps/inhouse/seeds/rotate", "", map[string]any{"clientSeed": strings.Repeat("a", 65)}, "", 400, "fair.bad_client_seed"},
			{"EmptyClientSeed", "/wps/inhouse/seeds/rotate", "", map[string]any{"clientSeed": ""}, "", 400, "fair.bad_client_seed"},
			{"RotateWithOpenBoard", "/wps/inhouse/seeds/rotate", "", map[string]any{}, "", 409, "inhouse.round_open"},
		}
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before, rounds := s.balance(id), s.roundCount(id)
				var seedsBefore Seeds
				s.call(http.MethodGet, "/wps/inhouse/seeds", nil, tok, "", nil, &seedsBefore)
				key := c.key
				switch key {
				case "":
					key = "bad-" + itoa(int64(i))
				case "-":
					key = ""
				}
				status, env := s.rawCall(c.path, tok, key, c.body, c.raw)
				if status != c.status || env.Code != c.code {
					t.Fatalf("got %d %s (%s), want %d %s", status, env.Code, env.Message, c.status, c.code)
				}
				if env.Message == "" || env.Message == c.code {
					t.Fatalf("no message for %s", c.code)
				}
				if got := s.balance(id); got != before {
					t.Fatalf("balance moved: %d -> %d", before, got)
				}
				if got := s.roundCount(id); got != rounds {
					t.Fatalf("rounds %d -> %d", rounds, got)
				}
				var seedsAfter Seeds
				s.call(http.MethodGet, "/wps/inhouse/seeds", nil, tok, "", nil, &seedsAfter)
				if seedsAfter.ServerSeedHash != seedsBefore.ServerSeedHash {
					t.Fatal("seed pair changed")
				}
			})
		}
		// Every code has an EN and a TY message.
		for _, c := range cases {
			for _, lang := range []string{"EN", "TY"} {
				if m := apperr.Message(c.code, lang, nil); m == "" || m == c.code {
					t.Errorf("%s has no %s message", c.code, lang)
				}
			}
		}
		s.verifyLedger()
	})
}

// rawCall posts a body (raw text when raw is set).
func (s *site) rawCall(path, token, key string, body any, raw string) (int, envelope) {
	s.t.Helper()
	if raw == "" {
		return s.call(http.MethodPost, path, nil, token, key, body, nil)
	}
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+path, strings.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+token)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		s.t.Fatal(err)
	}
	return res.StatusCode, env
}

// The authorization matrix: every route by role.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		member, agent, trial := s.login("demo01"), s.login("agent01"), s.trial()
		s.fund(s.memberID("demo01"), 100_000)
		s.fund(s.memberID("agent01"), 100_000)
		bodies := map[string]any{
			"POST /wps/inhouse/seeds/rotate":  map[string]any{},
			"POST /wps/inhouse/dice/bet":      map[string]any{"amount": 100, "target": 5000},
			"POST /wps/inhouse/plinko/bet":    map[string]any{"amount": 100, "rows": 8, "risk": "low"},
			"POST /wps/inhouse/mines/start":   map[string]any{"amount": 100, "size": 5, "mines": 3},
			"POST /wps/inhouse/mines/reveal":  map[string]any{"roundId": 1, "tile": 0},
			"POST /wps/inhouse/mines/cashout": map[string]any{"roundId": 1},
			"POST /wps/inhouse/slot/spin":     map[string]any{"amount": 100},
			"POST /wps/inhouse/slot/free":     map[string]any{"roundId": 1},
		}
		roles := map[account.Role]string{account.RoleVisitor: "", account.RoleMember: member, account.RoleAgent: agent, account.RoleTrial: trial}
		n := 0
		for route, allowed := range routeRoles {
			method, path, _ := strings.Cut(route, " ")
			path = strings.Replace(path, "{id}", "1", 1)
			for role, tok := range roles {
				n++
				status, env := s.call(method, path, url.Values{}, tok, "auth-"+itoa(int64(n)), bodies[route], nil)
				permitted := false
				for _, r := range allowed {
					permitted = permitted || r == role
				}
				switch {
				case !permitted && role == account.RoleVisitor:
					if status != 401 || env.Code != "auth.token_required" {
						t.Errorf("%s as visitor: %d %s", route, status, env.Code)
					}
				case role == account.RoleTrial && !contains2(public, role, allowed):
					if status != 403 || env.Code != "inhouse.real_account_required" {
						t.Errorf("%s as trial: %d %s", route, status, env.Code)
					}
				default:
					if status == 401 || status == 403 {
						t.Errorf("%s as %s: %d %s", route, role, status, env.Code)
					}
				}
			}
		}
	})
}

// contains2: a route open to everyone (public) is not refused to trial users.
func contains2(public []account.Role, role account.Role, allowed []account.Role) bool {
	return len(allowed) == len(public)
}
