package players

import "github.com/palaro/palaro/internal/platform/apperr"

// Error codes of the player search and page with their EN and TY messages
// (some are raised by internal/account for this API).
var messages = map[string][2]string{
	"players.not_found":       {"No such player.", "Walang ganitong player."},
	"players.round_not_found": {"This player has no such round.", "Walang ganitong round ang player na ito."},
	"players.query_required":  {"Enter what to search for.", "Ilagay ang hahanapin."},
	"players.query_too_long":  {"The search text may be at most {max} characters.", "Hanggang {max} na character lamang ang teksto ng paghahanap."},
	"players.invalid_by":      {"Search by one of: {allowed}.", "Maghanap ayon sa isa sa mga ito: {allowed}."},
	"players.invalid_query":   {"This is not a valid {by} to search for.", "Hindi ito wastong {by} na hahanapin."},
	"players.invalid_note":    {"A note must have 1 to {max} characters.", "Ang tala ay dapat may 1 hanggang {max} na character."},
	"players.invalid_status":  {"Unknown player status.", "Hindi kilalang status ng player."},
	"players.trial_account":   {"A trial account has no password to reset.", "Walang password na maire-reset ang trial account."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
