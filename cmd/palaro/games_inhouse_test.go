package main

import (
	"encoding/json"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestGamesInhouseOps: the in-house games' settings through the operator
// API of the running binary: read by games.read, changed by games.write
// with a reason, validated with codes (nothing changed), audited with
// before and after, and in force for the player's next round.
func TestGamesInhouseOps(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newOpsSite(t, d)
		admin, viewer := s.ops[operator.RoleAdmin], s.ops[operator.RoleViewer]
		list := s.ok("GET", "/ops/v1/games/inhouse", viewer, nil)
		if items(list) == nil || len(items(list)) != 5 || list["currency"] != "PHP" {
			t.Fatalf("list %+v", list)
		}
		if r := s.do("PATCH", "/ops/v1/games/inhouse/dice", viewer, map[string]any{"minBet": 500, "reason": "raise"}, nil); r.status != 403 || r.code != "operator.forbidden" {
			t.Fatalf("viewer: %d %s", r.status, r.code)
		}
		for _, c := range []struct {
			path string
			body any
			code string
		}{
			{"dice", map[string]any{"minBet": 500}, "game.invalid_reason"},
			{"dice", map[string]any{"minBet": 500, "reason": "x"}, "game.invalid_reason"},
			{"dice", map[string]any{"minBet": 500, "reason": "raise", "rtp": 1}, "request.invalid_json"},
			{"dice", `{"minBet": "5.00", "reason": "raise"}`, "request.invalid_json"},
			{"dice", map[string]any{"minBet": 500, "maxBet": 100, "reason": "raise"}, "inhouse.invalid_bet_range"},
			{"dice", map[string]any{"slotProfile": "94", "reason": "raise"}, "inhouse.slot_only"},
			{"slot", map[string]any{"slotProfile": "99", "reason": "raise"}, "inhouse.invalid_slot_profile"},
			{"slot", map[string]any{"jackpotContributionBp": 20000, "reason": "raise"}, "inhouse.invalid_jackpot_share"},
			{"slot", map[string]any{"reason": "raise"}, "inhouse.nothing_to_change"},
		} {
			if r := s.do("PATCH", "/ops/v1/games/inhouse/"+c.path, admin, c.body, nil); r.status != 400 || r.code != c.code {
				t.Errorf("%s %v: %d %s, want %s", c.path, c.body, r.status, r.code, c.code)
			}
		}
		if r := s.do("PATCH", "/ops/v1/games/inhouse/poker", admin, map[string]any{"minBet": 500, "reason": "raise"}, nil); r.status != 404 || r.code != "inhouse.unknown_game" {
			t.Errorf("unknown game: %d %s", r.status, r.code)
		}
		if again := s.ok("GET", "/ops/v1/games/inhouse", viewer, nil); !jsonEqual(list, again) {
			t.Fatalf("refused changes changed the settings: %v -> %v", list, again)
		}

		after := s.ok("PATCH", "/ops/v1/games/inhouse/dice", admin, map[string]any{"minBet": 500, "reason": "raise the floor"})
		if after["minBet"] != float64(500) || after["game"] != "dice" {
			t.Fatalf("patch %+v", after)
		}
		s.ok("PATCH", "/ops/v1/games/inhouse/slot", admin, map[string]any{"slotProfile": "97", "reason": "promo week"})

		player := s.mustLogin("demo01", account.DemoPassword, "203.0.113.61")
		if r := s.do("POST", "/wps/inhouse/dice/bet", player, map[string]any{"amount": 200, "target": 5000}, map[string]string{"Idempotency-Key": "gi-dice-1"}); r.status != 400 || r.code != "inhouse.below_min" {
			t.Fatalf("a bet under the new minimum: %d %s", r.status, r.code)
		}
		r := s.do("POST", "/wps/inhouse/slot/spin", player, map[string]any{"amount": 500}, map[string]string{"Idempotency-Key": "gi-slot-1"})
		params, _ := json.Marshal(r.value["round"].(map[string]any)["params"])
		var p struct{ Profile string }
		_ = json.Unmarshal(params, &p)
		if r.status != 200 || p.Profile != "97" {
			t.Fatalf("next spin: %d %s %s", r.status, r.code, params)
		}

		audit := s.ok("GET", "/ops/v1/audit?action=game.inhouse", admin, nil)
		rows := items(audit)
		if len(rows) != 2 {
			t.Fatalf("audit rows %+v", audit)
		}
		row := rows[1] // newest first: the dice change is the older
		if row["reason"] != "raise the floor" || row["before"].(map[string]any)["minBet"] != float64(100) || row["after"].(map[string]any)["minBet"] != float64(500) {
			t.Errorf("audit %+v", row)
		}
	})
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
