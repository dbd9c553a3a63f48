package operator

import "github.com/palaro/palaro/internal/platform/apperr"

// Error codes of this domain with their EN and TY messages. auth.token_required
// is the account domain's (registered there).
var messages = map[string][2]string{
	"operator.forbidden":               {"Your operator role does not allow this.", "Hindi ito pinapayagan ng iyong tungkulin bilang operator."},
	"operator.session_expired":         {"Your operator session has expired, please log in again.", "Nag-expire na ang iyong operator session, mag-login muli."},
	"operator.invalid_credentials":     {"Wrong username or password.", "Mali ang username o password."},
	"operator.locked":                  {"Too many wrong passwords. Try again in {seconds} seconds.", "Masyadong maraming maling password. Subukang muli pagkalipas ng {seconds} segundo."},
	"operator.too_many":                {"Too many failed logins from your address. Try again in {seconds} seconds.", "Masyadong maraming maling pag-login mula sa iyong address. Subukang muli pagkalipas ng {seconds} segundo."},
	"operator.disabled":                {"This operator account is disabled.", "Naka-disable ang operator account na ito."},
	"operator.not_found":               {"No such operator.", "Walang ganitong operator."},
	"operator.username_taken":          {"This operator username is already taken.", "Ginagamit na ang operator username na ito."},
	"operator.invalid_username":        {"The username must be 3 to 32 letters, digits, '.', '_' or '-'.", "Ang username ay dapat 3 hanggang 32 titik, numero, '.', '_' o '-'."},
	"operator.invalid_role":            {"Unknown operator role.", "Hindi kilalang tungkulin ng operator."},
	"operator.weak_password":           {"The password must be {min} to {max} characters, not common and not the username.", "Ang password ay dapat {min} hanggang {max} na character, hindi karaniwan at hindi ang username."},
	"operator.member_not_found":        {"No such member.", "Walang ganitong miyembro."},
	"operator.invalid_member":          {"Enter a valid member id.", "Maglagay ng wastong member id."},
	"operator.invalid_direction":       {"The direction must be CREDIT or DEBIT.", "Ang direksyon ay dapat CREDIT o DEBIT."},
	"operator.invalid_reason":          {"The reason must be {min} to {max} characters.", "Ang dahilan ay dapat {min} hanggang {max} na character."},
	"operator.idempotency_mismatch":    {"This request key was already used for a different request.", "Nagamit na ang key ng kahilingang ito para sa ibang kahilingan."},
	"operator.adjustment_not_found":    {"No such adjustment.", "Walang ganitong adjustment."},
	"operator.adjustments_unavailable": {"Adjustments are not available.", "Hindi available ang mga adjustment."},
	"operator.adjustment_decided":      {"This adjustment has already been decided.", "Napagpasyahan na ang adjustment na ito."},
	"operator.last_admin":              {"At least one active ADMIN must remain.", "Kailangang may matirang kahit isang aktibong ADMIN."},
	"operator.invalid_status":          {"The status must be ACTIVE or DISABLED.", "Ang status ay dapat ACTIVE o DISABLED."},
	"operator.session_not_found":       {"No such session.", "Walang ganitong session."},
	"operator.totp_not_enrolled":       {"This operator has no authenticator set up.", "Wala pang naka-set up na authenticator ang operator na ito."},
	"ops.otp_required":                 {"Enter the 6-digit code from your authenticator app.", "Ilagay ang 6-digit na code mula sa iyong authenticator app."},
	"ops.otp_invalid":                  {"Wrong or already used code. Enter the current code from your authenticator app.", "Mali o nagamit na ang code. Ilagay ang kasalukuyang code mula sa iyong authenticator app."},
	"ops.otp_not_enrolled":             {"This amount needs your authenticator code, and your account has no authenticator. Ask an administrator to require authenticators for all operators, then sign in again to set one up.", "Kailangan ng code ng iyong authenticator para sa halagang ito, pero wala kang authenticator. Hilingin sa administrator na gawing kailangan ang authenticator para sa lahat ng operator, saka mag-sign in muli para mag-set up."},
	"ops.enrolment_invalid":            {"This set-up has expired or was already used. Sign in again.", "Nag-expire na o nagamit na ang set-up na ito. Mag-sign in muli."},
	"ops.four_eyes":                    {"Another operator must approve or reject your own adjustment.", "Ibang operator ang dapat mag-apruba o tumanggi sa sarili mong adjustment."},
}

var (
	errOTPRequired = apperr.Unauthorized("ops.otp_required")
	errNotEnrolled = apperr.Forbidden("ops.otp_not_enrolled")
)

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
