package agent

import "github.com/palaro/palaro/internal/platform/apperr"

// Every code this domain answers, registered with its EN and TY message;
// the browser translates errors.<code>.
// (The move's refusals are the account domain's: it checks them.)
func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

var messages = map[string][2]string{
	"agent.not_agent":            {"You are not an agent.", "Hindi ka ahente."},
	"agent.not_in_team":          {"This member is not in your team.", "Wala sa iyong team ang miyembrong ito."},
	"agent.bad_kind":             {"Choose a member or an agent account.", "Pumili ng account ng miyembro o ng ahente."},
	"agent.label_too_long":       {"The label may have at most {max} characters.", "Hanggang {max} na karakter lang ang label."},
	"agent.too_many_links":       {"You have reached the limit of {max} invitation links.", "Naabot mo na ang limitasyong {max} na link ng imbitasyon."},
	"agent.link_not_found":       {"This invitation link was not found.", "Hindi nahanap ang link ng imbitasyong ito."},
	"agent.no_upline":            {"You have no upline to transfer to.", "Wala kang upline na mapaglilipatan."},
	"agent.transfer_self":        {"You cannot transfer to yourself.", "Hindi ka maaaring maglipat sa sarili mo."},
	"agent.amount_invalid":       {"Enter a valid amount.", "Maglagay ng wastong halaga."},
	"agent.amount_below_min":     {"The amount is below the minimum of {min}.", "Mas mababa ang halaga sa minimum na {min}."},
	"agent.amount_above_max":     {"The amount is above the maximum of {max}.", "Lampas ang halaga sa maximum na {max}."},
	"agent.insufficient_balance": {"Your balance is not enough for this transfer.", "Kulang ang iyong balanse para sa paglipat na ito."},
	"agent.recipient_disabled":   {"The recipient's account is disabled.", "Naka-disable ang account ng tatanggap."},
	"agent.remark_too_long":      {"The remark may have at most {max} characters.", "Hanggang {max} na karakter lang ang paalala."},
	"agent.reason_required":      {"Give a reason of at most {max} characters.", "Magbigay ng dahilan na hanggang {max} na karakter."},
}
