package main

import (
	"fmt"
	"net/url"

	"github.com/palaro/palaro/internal/account"
)

// wireMessaging picks the SMS provider and the mailer: the HTTP gateway
// (PALARO_SMS_URL) and SMTP (PALARO_SMTP_URL) when set, else the log
// providers in demo mode, else none (SMS and e-mail endpoints answer
// auth.operation_disabled).
func wireMessaging(accounts *account.Service, m *Main) error {
	var sms account.SMSSender = account.Unconfigured{}
	var mail account.Mailer = account.Unconfigured{}
	if m.Config.Demo {
		sms, mail = account.LogSMS{Logger: m.Logger}, account.LogMailer{Logger: m.Logger}
	}
	if m.Config.SMSURL != "" {
		u, err := url.Parse(m.Config.SMSURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("PALARO_SMS_URL: want an http(s) URL")
		}
		sms = &account.HTTPSMS{URL: m.Config.SMSURL, Token: m.Config.SMSToken}
	}
	if m.Config.SMTPURL != "" {
		mailer, err := account.ParseSMTPURL(m.Config.SMTPURL)
		if err != nil {
			return err
		}
		mail = mailer
	}
	accounts.Messaging(sms, mail, "")
	return nil
}
