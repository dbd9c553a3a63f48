package wallet

import "github.com/palaro/palaro/internal/platform/apperr"

// Messages of the wallet's error codes (the browser has them in its
// errors namespace in every complete language).
func init() {
	for code, m := range map[string][2]string{
		"wallet.invalid_transfer":          {"A transfer moves money between the main wallet and one game wallet.", "Ang paglipat ay sa pagitan ng main wallet at isang game wallet lamang."},
		"wallet.unknown_vendor":            {"This game wallet does not exist.", "Walang ganitong game wallet."},
		"wallet.vendor_maintenance":        {"This game wallet is under maintenance. Please try again later.", "Nasa maintenance ang game wallet na ito. Subukan muli mamaya."},
		"wallet.vendor_unavailable":        {"The game wallet is not answering right now. Please try again later.", "Hindi sumasagot ang game wallet ngayon. Subukan muli mamaya."},
		"wallet.vendor_insufficient_funds": {"The game wallet does not have enough balance.", "Kulang ang balanse ng game wallet."},
		"wallet.vendor_declined":           {"The game provider declined the transfer. Your money is back in your wallet.", "Tinanggihan ng game provider ang paglipat. Naibalik na ang pera sa iyong wallet."},
		"wallet.vendor_not_received":       {"The game provider did not receive the transfer. Your money is back in your wallet.", "Hindi natanggap ng game provider ang paglipat. Naibalik na ang pera sa iyong wallet."},
		"wallet.idempotency_mismatch":      {"This request key was already used for a different request.", "Nagamit na ang key ng kahilingang ito para sa ibang kahilingan."},
		"wallet.transfer_not_found":        {"This transfer does not exist.", "Walang ganitong paglipat."},
		"wallet.consolidated_off":          {"The combined balance is not available.", "Hindi available ang pinagsamang balanse."},
		"wallet.invalid_range":             {"Choose a valid date range of at most 92 days.", "Pumili ng wastong hanay ng petsa na hanggang 92 araw lamang."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
