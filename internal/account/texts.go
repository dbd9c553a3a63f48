package account

import (
	"context"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

type langKey struct{}

// withLang keeps the caller's language (httpx.Lang) for texts and mails.
func withLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

// langFrom is the caller's language for outgoing texts: one of the twelve
// complete languages (outgoingTexts), else TY (the brand's default).
func langFrom(ctx context.Context) string {
	l, _ := ctx.Value(langKey{}).(string)
	if _, ok := outgoingTexts[l]; ok {
		return l
	}
	return "TY"
}

// texts is one language's wording of the texts and mails we send.
type texts struct {
	smsCode      string // code, minutes
	codeSubject  string // brand
	codeIntro    string
	codeExpiry   string // minutes
	ignore       string
	resetSubject string // brand
	resetHello   string // nickname
	resetOpen    string // minutes
	resetButton  string
}

var outgoingTexts = map[string]texts{
	"TY": {"Ang iyong code ng beripikasyon ay %s. Mag-e-expire ito sa loob ng %d minuto. Huwag itong ibahagi kaninuman.",
		"%s: ang iyong code ng beripikasyon", "Ito ang iyong code ng beripikasyon:", "Mag-e-expire ito sa loob ng %d minuto. Huwag itong ibahagi kaninuman.",
		"Kung hindi ikaw ang humingi nito, huwag pansinin ang e-mail na ito.",
		"%s: i-reset ang iyong password", "Kumusta %s,", "Para magtakda ng bagong password, buksan ang link na ito sa loob ng %d minuto:", "Magtakda ng bagong password"},
	"EN": {"Your verification code is %s. It expires in %d minutes. Do not share it with anyone.",
		"%s: your verification code", "Your verification code is:", "It expires in %d minutes. Do not share it with anyone.",
		"If you did not ask for it, ignore this e-mail.",
		"%s: reset your password", "Hello %s,", "To set a new password, open this link within %d minutes:", "Set a new password"},
	"CN": {"您的验证码是 %s，%d 分钟内有效。请勿告诉任何人。",
		"%s：您的验证码", "您的验证码是：", "%d 分钟内有效。请勿告诉任何人。",
		"如果这不是您本人的操作，请忽略此邮件。",
		"%s：重置您的密码", "%s，您好：", "请在 %d 分钟内打开以下链接设置新密码：", "设置新密码"},
	"JA": {"認証コードは %s です。有効期限は %d 分です。誰にも教えないでください。",
		"%s：認証コードのお知らせ", "認証コード：", "有効期限は %d 分です。誰にも教えないでください。",
		"お心当たりがない場合は、このメールを無視してください。",
		"%s：パスワードの再設定", "%s 様", "新しいパスワードを設定するには、%d 分以内に次のリンクを開いてください：", "新しいパスワードを設定"},
	"TH": {"รหัสยืนยันของคุณคือ %s ใช้ได้ภายใน %d นาที ห้ามบอกรหัสนี้กับผู้อื่น",
		"%s: รหัสยืนยันของคุณ", "รหัสยืนยันของคุณคือ:", "ใช้ได้ภายใน %d นาที ห้ามบอกรหัสนี้กับผู้อื่น",
		"หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้",
		"%s: รีเซ็ตรหัสผ่านของคุณ", "สวัสดีคุณ %s", "หากต้องการตั้งรหัสผ่านใหม่ โปรดเปิดลิงก์นี้ภายใน %d นาที:", "ตั้งรหัสผ่านใหม่"},
	"VI": {"Mã xác minh của bạn là %s. Mã hết hạn sau %d phút. Không chia sẻ mã này với bất kỳ ai.",
		"%s: mã xác minh của bạn", "Mã xác minh của bạn là:", "Mã hết hạn sau %d phút. Không chia sẻ mã này với bất kỳ ai.",
		"Nếu bạn không yêu cầu, hãy bỏ qua email này.",
		"%s: đặt lại mật khẩu", "Xin chào %s,", "Để đặt mật khẩu mới, hãy mở liên kết này trong vòng %d phút:", "Đặt mật khẩu mới"},
	"ES": {"Tu código de verificación es %s. Caduca en %d minutos. No lo compartas con nadie.",
		"%s: tu código de verificación", "Tu código de verificación es:", "Caduca en %d minutos. No lo compartas con nadie.",
		"Si no lo solicitaste, ignora este correo.",
		"%s: restablece tu contraseña", "Hola, %s:", "Para crear una contraseña nueva, abre este enlace en los próximos %d minutos:", "Crear contraseña nueva"},
	"PT": {"Seu código de verificação é %s. Ele expira em %d minutos. Não o compartilhe com ninguém.",
		"%s: seu código de verificação", "Seu código de verificação é:", "Ele expira em %d minutos. Não o compartilhe com ninguém.",
		"Se você não pediu, ignore este e-mail.",
		"%s: redefina sua senha", "Olá, %s,", "Para definir uma nova senha, abra este link em até %d minutos:", "Definir nova senha"},
	"KO": {"인증 코드는 %s입니다. %d분 후 만료됩니다. 누구에게도 알려 주지 마세요.",
		"%s: 인증 코드 안내", "인증 코드:", "%d분 후 만료됩니다. 누구에게도 알려 주지 마세요.",
		"요청하지 않으셨다면 이 이메일을 무시하세요.",
		"%s: 비밀번호 재설정", "%s님, 안녕하세요.", "새 비밀번호를 설정하려면 %d분 안에 이 링크를 여세요:", "새 비밀번호 설정"},
	"AR": {"رمز التحقق الخاص بك هو %s. تنتهي صلاحيته خلال %d دقائق. لا تشاركه مع أي شخص.",
		"%s: رمز التحقق الخاص بك", "رمز التحقق الخاص بك هو:", "تنتهي صلاحيته خلال %d دقائق. لا تشاركه مع أي شخص.",
		"إذا لم تطلبه، فتجاهل هذه الرسالة.",
		"%s: إعادة تعيين كلمة المرور", "مرحبًا %s،", "لتعيين كلمة مرور جديدة، افتح هذا الرابط خلال %d دقيقة:", "تعيين كلمة مرور جديدة"},
	"RU": {"Ваш код подтверждения: %s. Он действует %d мин. Никому его не сообщайте.",
		"%s: ваш код подтверждения", "Ваш код подтверждения:", "Он действует %d мин. Никому его не сообщайте.",
		"Если вы его не запрашивали, просто проигнорируйте это письмо.",
		"%s: сброс пароля", "Здравствуйте, %s!", "Чтобы задать новый пароль, откройте эту ссылку в течение %d мин.:", "Задать новый пароль"},
	"FR": {"Votre code de vérification est %s. Il expire dans %d minutes. Ne le communiquez à personne.",
		"%s : votre code de vérification", "Votre code de vérification :", "Il expire dans %d minutes. Ne le communiquez à personne.",
		"Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.",
		"%s : réinitialisez votre mot de passe", "Bonjour %s,", "Pour définir un nouveau mot de passe, ouvrez ce lien dans les %d minutes :", "Définir un nouveau mot de passe"},
}

// codeSMSText is the text carrying a verification code.
func codeSMSText(lang, code string, minutes int) string {
	return fmt.Sprintf(outgoingTexts[lang].smsCode, code, minutes)
}

// codeMail is the e-mail carrying a verification code.
func codeMail(lang, brandName, to, code string, minutes int) Mail {
	if brandName == "" {
		brandName = "Palaro"
	}
	tx := outgoingTexts[lang]
	subject := fmt.Sprintf(tx.codeSubject, brandName)
	expiry := fmt.Sprintf(tx.codeExpiry, minutes)
	text := fmt.Sprintf("%s %s\n\n%s\n%s", tx.codeIntro, code, expiry, tx.ignore)
	body := fmt.Sprintf(`<p>%s</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">%s</p><p>%s</p><p style="color:#777">%s</p>`,
		html.EscapeString(tx.codeIntro), html.EscapeString(code), html.EscapeString(expiry), html.EscapeString(tx.ignore))
	return Mail{To: to, Subject: subject, Text: text, HTML: mailHTML(lang, brandName, subject, body)}
}

// resetMail is the password-reset e-mail with its link.
func resetMail(lang, brandName, to, nickname, link string, minutes int) Mail {
	if brandName == "" {
		brandName = "Palaro"
	}
	tx := outgoingTexts[lang]
	subject := fmt.Sprintf(tx.resetSubject, brandName)
	hello := fmt.Sprintf(tx.resetHello, nickname)
	open := fmt.Sprintf(tx.resetOpen, minutes)
	text := fmt.Sprintf("%s\n\n%s\n%s\n\n%s", hello, open, link, tx.ignore)
	body := fmt.Sprintf(`<p>%s</p><p>%s</p><p><a href="%s" style="display:inline-block;padding:12px 20px;background:#F5B942;color:#1a1200;border-radius:8px;text-decoration:none;font-weight:700">%s</a></p><p style="word-break:break-all;color:#777">%s</p><p style="color:#777">%s</p>`,
		html.EscapeString(hello), html.EscapeString(open), html.EscapeString(link), html.EscapeString(tx.resetButton),
		html.EscapeString(link), html.EscapeString(tx.ignore))
	return Mail{To: to, Subject: subject, Text: text, HTML: mailHTML(lang, brandName, subject, body)}
}

func mailHTML(lang, brandName, title, body string) string {
	dir := "ltr"
	if lang == "AR" {
		dir = "rtl"
	}
	return `<!doctype html><html dir="` + dir + `"><head><meta charset="utf-8"><title>` + html.EscapeString(title) +
		`</title></head><body style="margin:0;padding:24px;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1b1b1f">` +
		`<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">` +
		`<h1 style="font-size:20px;margin:0 0 16px">` + html.EscapeString(brandName) + `</h1>` + body + `</div></body></html>`
}

// sendMail uses the HTML alternative when the mailer can send one.
func (s *Service) sendMail(ctx context.Context, m Mail) error {
	var err error
	if rm, ok := s.mailer.(RichMailer); ok {
		err = rm.SendRichMail(ctx, m)
	} else {
		err = s.mailer.SendMail(ctx, m.To, m.Subject, m.Text)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrUnconfigured):
		return apperr.Forbidden("auth.operation_disabled")
	default:
		slog.ErrorContext(ctx, "mail send failed", "err", err)
		return &apperr.Error{Kind: apperr.KindUnavailable, Code: "mail.send_failed", Err: err}
	}
}

// sendCodeSMS texts a code. A failed send answers sms.send_failed: the
// caller retires the stored code and gives the resend budget back.
func (s *Service) sendCodeSMS(ctx context.Context, purpose, dial, mobile, code string) error {
	err := s.sms.SendSMS(withSMSPurpose(ctx, purposeName(purpose)), dial, mobile, codeSMSText(langFrom(ctx), code, s.cfg.SMSExpiredMinutes))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrUnconfigured):
		return apperr.Forbidden("auth.operation_disabled")
	default:
		slog.ErrorContext(ctx, "sms send failed", "purpose", purposeName(purpose), "err", err)
		return &apperr.Error{Kind: apperr.KindUnavailable, Code: "sms.send_failed", Err: err}
	}
}

// purposeName drops the member id from a purpose ("bind_mobile:12" → "bind_mobile").
func purposeName(p string) string {
	if i := strings.IndexByte(p, ':'); i >= 0 {
		return p[:i]
	}
	return p
}
