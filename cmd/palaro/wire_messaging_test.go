package main

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
)

func TestWireMessaging(t *testing.T) {
	t.Parallel()
	svc := account.NewService(nil, nil, nil, clock.System{}, account.DefaultConfig)
	for _, c := range []struct {
		cfg config.Config
		err string
	}{
		{config.Config{}, ""},
		{config.Config{Demo: true}, ""},
		{config.Config{SMSURL: "http://127.0.0.1:9/sms", SMSToken: "x", SMTPURL: "smtp://127.0.0.1:25?from=a@b.co&tls=none"}, ""},
		{config.Config{SMSURL: "ftp://x/sms"}, "PALARO_SMS_URL"},
		{config.Config{SMSURL: "not a url"}, "PALARO_SMS_URL"},
		{config.Config{SMTPURL: "smtp://host"}, "PALARO_SMTP_URL"},
	} {
		err := wireMessaging(svc, &Main{Config: c.cfg, Logger: slog.Default()})
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%+v: %v", c.cfg, err)
		}
	}
}
