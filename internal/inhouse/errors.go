package inhouse

import "github.com/palaro/palaro/internal/platform/apperr"

// Error codes of the game server (docs/games/server.md, "Errors"). Each is
// registered with its EN and TY message; the browser translates errors.<code>.
func init() {
	for code, m := range map[string][2]string{
		"inhouse.bad_amount": {"Enter a whole amount of at least {min}.",
			"Maglagay ng buong halaga na hindi bababa sa {min}."},
		"inhouse.below_min": {"The minimum bet is {min}.",
			"Ang pinakamababang taya ay {min}."},
		"inhouse.above_max": {"The maximum bet is {max}.",
			"Ang pinakamataas na taya ay {max}."},
		"inhouse.insufficient_funds": {"Your balance is too low for this bet.",
			"Kulang ang iyong balanse para sa tayang ito."},
		"inhouse.round_closed": {"This round is already over.",
			"Tapos na ang round na ito."},
		"inhouse.round_open": {"Finish your open round first.",
			"Tapusin muna ang iyong bukas na round."},
		"inhouse.unknown_round": {"This round does not exist.",
			"Walang ganitong round."},
		"inhouse.double_cashout": {"This round has already been cashed out.",
			"Na-cash out na ang round na ito."},
		"inhouse.real_account_required": {"Log in with a real account to play.",
			"Mag-log in gamit ang totoong account para makapaglaro."},
		"inhouse.unknown_game": {"This game is not available.",
			"Hindi available ang larong ito."},
		"inhouse.game_unavailable": {"This game is under maintenance. Please try again later.",
			"Inaayos pa ang larong ito. Pakisubukang muli mamaya."},
		"inhouse.wallet_unavailable": {"Your bet could not be confirmed. If any money moved it is returned automatically.",
			"Hindi nakumpirma ang iyong taya. Kung may nagalaw na pera, awtomatiko itong ibabalik."},
		"inhouse.bonus_max_bet": {"Your active bonus allows bets of up to {max}. Lower your bet, or cancel the bonus in Bonus details.",
			"Hanggang {max} lang ang taya habang aktibo ang iyong bonus. Babaan ang taya, o kanselahin ang bonus sa Bonus details."},
		"inhouse.limit_reached": {"A responsible-gaming limit you set stops this bet.",
			"Hinaharang ng limitasyong itinakda mo para sa responsableng pagsusugal ang tayang ito."},
		"inhouse.player_blocked": {"Betting is paused: your account is on a time-out or self-exclusion.",
			"Hindi ka makakataya ngayon: nasa pahinga o sariling pagbubukod ang iyong account."},
		"inhouse.idempotency_mismatch": {"This request was already sent with different details.",
			"Naipadala na ang request na ito na may ibang detalye."},
		"inhouse.in_progress": {"Your previous action is still being processed.",
			"Pinoproseso pa ang iyong naunang aksyon."},
		"inhouse.bad_request": {"The request is not valid.",
			"Hindi wasto ang request."},
		"mines.bad_tile": {"Pick a tile on the board.",
			"Pumili ng tile sa board."},
		"mines.tile_revealed": {"This tile is already open.",
			"Bukas na ang tile na ito."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
