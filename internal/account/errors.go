package account

import "github.com/palaro/palaro/internal/platform/apperr"

// Error codes of this domain with their EN and TY messages. Wording follows
// spec sections 5, 6 and 8 where it has one; login failures share one
// generic message so that no response tells whether an account exists.
var messages = map[string][2]string{
	"auth.invalid_credentials":     {"Wrong username or password.", "Mali ang username o password."},
	"auth.credentials_required":    {"Please enter username and password.", "Pakilagay ang username at password."},
	"auth.captcha_required":        {"Please enter the captcha and try again.", "Pakilagay ang captcha at subukang muli."},
	"auth.captcha_invalid":         {"Captcha check failed: the input is invalid or has expired.", "Nabigo ang captcha: mali o nag-expire na ang inilagay."},
	"auth.captcha_too_fast":        {"Please wait a second before refreshing the captcha.", "Maghintay ng isang segundo bago i-refresh ang captcha."},
	"auth.locked":                  {"Too many requests, please try again after 5 minutes.", "Masyadong maraming kahilingan, pakisubukang muli pagkalipas ng 5 minuto."},
	"auth.busy":                    {"We are checking many passwords right now. Please try again in a few seconds.", "Maraming password ang sinusuri namin ngayon. Pakisubukang muli pagkalipas ng ilang segundo."},
	"auth.token_required":          {"You are not logged in, please login.", "Hindi ka naka-login, mangyaring mag-login."},
	"auth.session_expired":         {"Your session has expired, please login again.", "Nag-expire na ang iyong session, mangyaring mag-login muli."},
	"auth.not_agent":               {"Non-agents cannot log in.", "Hindi maaaring mag-login ang hindi ahente."},
	"auth.not_member":              {"Non-member account unable to login.", "Hindi makakapag-login ang account na hindi miyembro."},
	"auth.real_account_required":   {"A real account is needed for this. Please register.", "Kailangan ng totoong account para dito. Mangyaring magparehistro."},
	"auth.account_disabled":        {"This account is disabled. Please contact customer service.", "Naka-disable ang account na ito. Makipag-ugnayan sa suporta sa kustomer."},
	"auth.operation_disabled":      {"Operation not enabled, please contact customer service.", "Hindi naka-enable ang operasyong ito, makipag-ugnayan sa suporta sa kustomer."},
	"auth.already_logged_in":       {"You are already logged in.", "Naka-login ka na."},
	"auth.role_not_allowed":        {"This is not available to your type of account.", "Hindi ito magagamit ng ganitong uri ng account."},
	"account.username_taken":       {"This username is already taken.", "May gumagamit na ng username na ito."},
	"account.mobile_taken":         {"This mobile number is already registered.", "Nakarehistro na ang numero ng mobile na ito."},
	"account.password_mismatch":    {"Inconsistent twice: the confirmation password is not correct.", "Hindi magkapareho ang dalawang password."},
	"account.common_password":      {"This password is too common. Please choose another.", "Masyadong karaniwan ang password na ito. Pumili ng iba."},
	"account.password_is_username": {"The password cannot be the same as the username.", "Hindi maaaring kapareho ng username ang password."},
	"account.password_rule":        {"Password must be {min} to {max} characters.", "Ang password ay dapat {min} hanggang {max} na character."},
	"account.wrong_old_password":   {"The old password is not correct.", "Mali ang lumang password."},
	"account.same_password":        {"The new password must be different from the old one.", "Dapat iba ang bagong password sa luma."},
	"account.invalid_field":        {"The {field} is not valid.", "Hindi wasto ang {field}."},
	"account.field_rule":           {"The {field} must be {min} to {max} characters in the required format.", "Ang {field} ay dapat {min} hanggang {max} na character sa tamang format."},
	"account.field_required":       {"Input cannot be empty: {field}.", "Hindi maaaring walang laman: {field}."},
	"account.too_long":             {"The {field} is too long (at most {max} characters).", "Masyadong mahaba ang {field} (hanggang {max} na character)."},
	"account.affiliate_invalid":    {"Invalid invitation code.", "Hindi wastong code ng imbitasyon."},
	"account.reset_invalid":        {"This reset link is invalid or has expired. Please ask for a new one.", "Hindi wasto o nag-expire na ang link. Humingi ng bago."},
	"sms.invalid_mobile":           {"Invalid phone number format.", "Hindi wastong format ng numero ng telepono."},
	"sms.mobile_required":          {"Please enter a valid phone number.", "Pakilagay ang wastong numero ng telepono."},
	"sms.invalid_code":             {"Invalid verification code.", "Hindi wastong code ng beripikasyon."},
	"sms.code_required":            {"Please enter the verification code.", "Pakilagay ang code ng beripikasyon."},
	"sms.code_expired":             {"Verification code expired, please send again.", "Nag-expire na ang code ng beripikasyon, magpadala muli."},
	"sms.too_soon":                 {"Please wait before asking for another code.", "Maghintay muna bago humingi ng panibagong code."},
	"sms.too_many":                 {"Too many requests, try again after 5 minutes.", "Masyadong maraming kahilingan, subukang muli pagkalipas ng 5 minuto."},
	"auth.botcheck_required":       {"Please complete the security check.", "Pakikumpleto ang security check."},
	"auth.botcheck_invalid":        {"The security check failed or expired. Please try again.", "Nabigo o nag-expire ang security check. Pakisubukang muli."},
	"feedback.type_required":       {"Please choose the feedback type.", "Pumili ng uri ng feedback."},
	"feedback.content_required":    {"Please enter the description.", "Pakilagay ang paglalarawan."},
	"feedback.captcha_required":    {"Please enter the captcha.", "Pakilagay ang captcha."},
	"feedback.sender_required":     {"Please leave a contact (e-mail or phone) so we can reply.", "Mag-iwan ng contact (e-mail o telepono) para makasagot kami."},
	"feedback.content_length":      {"The description must be {min} to {max} characters.", "Ang paglalarawan ay dapat {min} hanggang {max} na character."},
	"feedback.invalid_type":        {"Unknown feedback type.", "Hindi kilalang uri ng feedback."},
	"account.not_found":            {"Account not found.", "Hindi nahanap ang account."},
	"sms.send_failed":              {"We could not send the text message. Please try again in a moment.", "Hindi namin naipadala ang text message. Pakisubukang muli maya-maya."},
	"mail.send_failed":             {"We could not send the e-mail. Please try again in a moment.", "Hindi namin naipadala ang e-mail. Pakisubukang muli maya-maya."},
	"account.email_taken":          {"This e-mail address is already used by another account.", "Ginagamit na ng ibang account ang e-mail address na ito."},
	"account.invalid_email":        {"Invalid e-mail address.", "Hindi wastong e-mail address."},
	"account.email_required":       {"Please enter your e-mail address.", "Pakilagay ang iyong e-mail address."},
	"account.already_bound":        {"This is already bound to your account.", "Naka-bind na ito sa iyong account."},
	"account.no_verify_target":     {"Bind a mobile number or e-mail address first.", "Mag-bind muna ng numero ng mobile o e-mail address."},
	// Moving a member to another upline (SetParent, for the agent domain).
	"agent.member_not_found":     {"Member not found.", "Hindi nahanap ang miyembro."},
	"agent.parent_not_found":     {"The new upline was not found.", "Hindi nahanap ang bagong upline."},
	"agent.parent_not_agent":     {"The new upline must be an agent.", "Dapat ahente ang bagong upline."},
	"agent.move_cycle":           {"A member cannot be moved under itself or its own team.", "Hindi maaaring ilipat ang miyembro sa ilalim ng sarili nito o ng sarili nitong team."},
	"agent.move_same":            {"The member is already under that upline.", "Nasa ilalim na ng upline na iyon ang miyembro."},
	"auth.verify_ticket_invalid": {"This verification has expired or was tried too many times. Please log in again.", "Nag-expire na ang beripikasyong ito o masyadong maraming beses nang sinubukan. Mag-login muli."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

func tooMany(code string) *apperr.Error { return apperr.New(apperr.KindTooMany, code) }
