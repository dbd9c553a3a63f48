package withdraw

import "github.com/palaro/palaro/internal/platform/apperr"

// messages are the server-side EN/TY texts of this domain's codes; the web
// has its own translations under errors.withdraw.* in every language.
var messages = map[string][2]string{
	"withdraw.bonus_active": {"You have an active bonus of {bonus}. Withdrawing now cancels it: the bonus and its winnings are removed; your real money stays.",
		"May aktibo kang bonus na {bonus}. Kapag nag-withdraw ka ngayon, makakansela ito: aalisin ang bonus at ang mga panalo nito; mananatili ang iyong totoong pera."},
	"withdraw.daily_limit": {"You have reached today's limit of {limit} withdrawals.",
		"Naabot mo na ang limitasyon na {limit} pag-withdraw ngayong araw."},
	"withdraw.in_progress": {"This withdrawal is still being processed. Please check your withdrawal records.",
		"Pinoproseso pa ang pag-withdraw na ito. Pakitingnan ang iyong mga tala ng pag-withdraw."},
	"withdraw.invalid_account_name": {"Enter the account holder's name ({min} to {max} characters).",
		"Ilagay ang pangalan ng may-ari ng account ({min} hanggang {max} na character)."},
	"withdraw.invalid_account_number": {"Enter a valid account number (e-wallets: your 11-digit mobile number).",
		"Maglagay ng wastong numero ng account (e-wallet: ang 11-digit mong numero ng mobile)."},
	"withdraw.invalid_account_type": {"Choose a bank account or an e-wallet.",
		"Pumili ng account sa bangko o e-wallet."},
	"withdraw.invalid_bank": {"Choose a bank or e-wallet from the list.",
		"Pumili ng bangko o e-wallet mula sa listahan."},
	"withdraw.invalid_reason": {"Enter a reason ({min} to {max} characters).",
		"Maglagay ng dahilan ({min} hanggang {max} na character)."},
	"withdraw.invalid_received_amount": {"The received amount must be more than zero and less than {max}.",
		"Ang natanggap na halaga ay dapat higit sa zero at mas mababa sa {max}."},
	"withdraw.invalid_result": {"Choose whether you received the money.",
		"Piliin kung natanggap mo ang pera."},
	"withdraw.invalid_state": {"This withdrawal cannot be changed now (it is {status}).",
		"Hindi na mababago ang pag-withdraw na ito ngayon ({status} na ito)."},
	"withdraw.login_password_required": {"Enter your login password to set a payment password.",
		"Ilagay ang iyong login password para magtakda ng payment password."},
	"withdraw.not_found": {"This withdrawal does not exist.",
		"Walang ganitong pag-withdraw."},
	"withdraw.payment_password_changed": {"Your payment password was just changed elsewhere. Please try again.",
		"Kababago lang ng iyong payment password sa ibang lugar. Pakisubukang muli."},
	"withdraw.payment_password_format": {"The payment password must be exactly 6 digits.",
		"Dapat eksaktong 6 na digit ang payment password."},
	"withdraw.payment_password_locked": {"Too many wrong payment passwords. Try again in {minutes} minutes.",
		"Masyadong maraming maling payment password. Subukang muli pagkalipas ng {minutes} minuto."},
	"withdraw.payment_password_mismatch": {"The two payment passwords do not match.",
		"Hindi magkatugma ang dalawang payment password."},
	"withdraw.payment_password_not_set": {"Set a payment password first.",
		"Magtakda muna ng payment password."},
	"withdraw.payment_password_required": {"Enter your payment password.",
		"Ilagay ang iyong payment password."},
	"withdraw.payout_account_exists": {"This account is already on your list.",
		"Nasa listahan mo na ang account na ito."},
	"withdraw.payout_account_limit": {"You can keep at most {max} payout accounts.",
		"Hanggang {max} account na padadalhan lamang ang maaari mong itabi."},
	"withdraw.payout_account_not_found": {"This payout account does not exist.",
		"Walang ganitong account na padadalhan."},
	"withdraw.payout_account_required": {"Choose a payout account.",
		"Pumili ng account na padadalhan."},
	"withdraw.payout_name_mismatch": {"The account name must be your registered real name.",
		"Ang pangalan sa account ay dapat ang iyong nakarehistrong tunay na pangalan."},
	"withdraw.proof_not_found": {"There is no proof image for this withdrawal.",
		"Walang larawang patunay para sa pag-withdraw na ito."},
	"withdraw.received_amount_required": {"Enter the amount you received.",
		"Ilagay ang halagang natanggap mo."},
	"withdraw.same_payment_password": {"The new payment password must be different from the old one.",
		"Dapat iba ang bagong payment password sa luma."},
	"withdraw.turnover_not_met": {"You need {remaining} more in valid bets before you can withdraw.",
		"Kailangan mo pa ng {remaining} na valid na taya bago ka makapag-withdraw."},
	"withdraw.wrong_login_password": {"The login password is wrong. {remaining} tries left.",
		"Mali ang login password. {remaining} pang subok ang natitira."},
	"withdraw.wrong_payment_password": {"The payment password is wrong. {remaining} tries left.",
		"Mali ang payment password. {remaining} pang subok ang natitira."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
