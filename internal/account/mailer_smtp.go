package account

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Mail is one message with a plain-text and an HTML part.
type Mail struct {
	To      string
	Subject string
	Text    string
	HTML    string // optional
}

// RichMailer is a Mailer that can send an HTML alternative; the account
// service uses it when the configured mailer has it (SMTPMailer does).
type RichMailer interface {
	SendRichMail(ctx context.Context, m Mail) error
}

// SMTPMailer sends mail through an SMTP server (PALARO_SMTP_URL):
//
//	smtp://user:pass@host:587?from=no-reply@example.com   STARTTLS, required
//	smtp://host:2525?from=x@example.com&tls=none          plain (loopback tests)
//	smtps://user:pass@host:465?from=no-reply@example.com  implicit TLS
//
// With credentials it authenticates with AUTH PLAIN (only over TLS, or on
// loopback with tls=none).
type SMTPMailer struct {
	Addr     string // host:port
	Host     string
	From     string
	Username string
	Password string
	Implicit bool // smtps://
	NoTLS    bool // tls=none: never STARTTLS
	Timeout  time.Duration
	// TLSConfig overrides the client TLS settings (tests pin a self-signed CA).
	TLSConfig *tls.Config
}

// ParseSMTPURL reads a PALARO_SMTP_URL.
func ParseSMTPURL(raw string) (*SMTPMailer, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("PALARO_SMTP_URL: %w", err)
	}
	m := &SMTPMailer{Host: u.Hostname(), Timeout: 20 * time.Second}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		if port == "" {
			port = "587"
		}
	case "smtps":
		m.Implicit = true
		if port == "" {
			port = "465"
		}
	default:
		return nil, fmt.Errorf("PALARO_SMTP_URL: scheme must be smtp or smtps")
	}
	if m.Host == "" {
		return nil, fmt.Errorf("PALARO_SMTP_URL: host missing")
	}
	m.Addr = net.JoinHostPort(m.Host, port)
	if u.User != nil {
		m.Username = u.User.Username()
		m.Password, _ = u.User.Password()
	}
	q := u.Query()
	switch strings.ToLower(q.Get("tls")) {
	case "", "starttls", "required":
	case "none":
		if m.Implicit {
			return nil, fmt.Errorf("PALARO_SMTP_URL: tls=none contradicts smtps")
		}
		m.NoTLS = true
	default:
		return nil, fmt.Errorf("PALARO_SMTP_URL: tls must be none or starttls")
	}
	from, err := mail.ParseAddress(q.Get("from"))
	if err != nil {
		return nil, fmt.Errorf("PALARO_SMTP_URL: from=%q is not an address", q.Get("from"))
	}
	m.From = from.Address
	return m, nil
}

func (s *SMTPMailer) SendMail(ctx context.Context, to, subject, body string) error {
	return s.SendRichMail(ctx, Mail{To: to, Subject: subject, Text: body})
}

func (s *SMTPMailer) tlsConfig() *tls.Config {
	if s.TLSConfig != nil {
		c := s.TLSConfig.Clone()
		if c.ServerName == "" {
			c.ServerName = s.Host
		}
		return c
	}
	return &tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}
}

// SendRichMail delivers one message.
func (s *SMTPMailer) SendRichMail(ctx context.Context, m Mail) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("smtp: bad recipient: %w", err)
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	deadline := time.Now().Add(timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	dialer := &net.Dialer{Deadline: deadline}
	var conn net.Conn
	if s.Implicit {
		conn, err = (&tls.Dialer{NetDialer: dialer, Config: s.tlsConfig()}).DialContext(ctx, "tcp", s.Addr)
	} else {
		conn, err = dialer.DialContext(ctx, "tcp", s.Addr)
	}
	if err != nil {
		return fmt.Errorf("smtp dial: %w", err)
	}
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("smtp hello: %w", err)
	}
	if !s.Implicit && !s.NoTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("smtp: server does not offer STARTTLS (use tls=none only for loopback tests)")
		}
		if err := c.StartTLS(s.tlsConfig()); err != nil {
			return fmt.Errorf("smtp starttls: %w", err)
		}
	}
	if s.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, s.Host)); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(s.From); err != nil {
		return fmt.Errorf("smtp MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("smtp RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp DATA: %w", err)
	}
	if _, err := w.Write(buildMessage(s.From, to.Address, m, time.Now())); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp end of data: %w", err)
	}
	return c.Quit()
}

// buildMessage writes an RFC 5322 message: text only, or
// multipart/alternative with text and HTML, both quoted-printable UTF-8.
func buildMessage(from, to string, m Mail, now time.Time) []byte {
	var b bytes.Buffer
	var id [12]byte
	_, _ = rand.Read(id[:])
	host := "palaro.local"
	if at := strings.LastIndexByte(from, '@'); at >= 0 {
		host = from[at+1:]
	}
	hdr := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	hdr("From", from)
	hdr("To", to)
	hdr("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	hdr("Date", now.UTC().Format(time.RFC1123Z))
	hdr("Message-ID", "<"+hex.EncodeToString(id[:])+"@"+host+">")
	hdr("MIME-Version", "1.0")
	part := func(ctype, body string) {
		fmt.Fprintf(&b, "Content-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", ctype)
		qp := quotedprintable.NewWriter(&b)
		_, _ = qp.Write([]byte(strings.ReplaceAll(body, "\n", "\r\n")))
		_ = qp.Close()
		b.WriteString("\r\n")
	}
	if m.HTML == "" {
		part("text/plain", m.Text)
		return b.Bytes()
	}
	boundary := "palaro-" + hex.EncodeToString(id[:6])
	fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", boundary)
	b.WriteString("--" + boundary + "\r\n")
	part("text/plain", m.Text)
	b.WriteString("--" + boundary + "\r\n")
	part("text/html", m.HTML)
	b.WriteString("--" + boundary + "--\r\n")
	return b.Bytes()
}
