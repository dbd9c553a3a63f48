package account

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// HTTPSMS sends texts through an HTTP gateway (PALARO_SMS_URL): one POST per
// text with the JSON body {"to": "+639171234567", "text": "...", "purpose":
// "login"} and, when a token is set (PALARO_SMS_TOKEN), "Authorization:
// Bearer <token>". Any 2xx answer is success; anything else, a transport
// error or no answer within Timeout is a failure (sms.send_failed).
type HTTPSMS struct {
	URL     string
	Token   string
	Timeout time.Duration // 5 s when zero
	Client  *http.Client  // http.DefaultClient's transport when nil
}

// SMSGatewayTimeout bounds one gateway call.
const SMSGatewayTimeout = 5 * time.Second

type smsPurposeKey struct{}

// withSMSPurpose tells the provider what a text is for (register, login,
// bind_mobile, password, login_verify); gateways may route or bill by it.
func withSMSPurpose(ctx context.Context, purpose string) context.Context {
	return context.WithValue(ctx, smsPurposeKey{}, purpose)
}

func smsPurposeFrom(ctx context.Context) string {
	p, _ := ctx.Value(smsPurposeKey{}).(string)
	return p
}

// SMSGatewayMessage is the body posted to the gateway.
type SMSGatewayMessage struct {
	To      string `json:"to"`
	Text    string `json:"text"`
	Purpose string `json:"purpose"`
}

func (p *HTTPSMS) SendSMS(ctx context.Context, dial, mobile, text string) error {
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = SMSGatewayTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, _ := json.Marshal(SMSGatewayMessage{To: "+" + dial + mobile, Text: text, Purpose: smsPurposeFrom(ctx)})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms gateway request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if p.Token != "" {
		req.Header.Set("Authorization", "Bearer "+p.Token)
	}
	client := p.Client
	if client == nil {
		client = &http.Client{}
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("sms gateway: status %d", res.StatusCode)
	}
	return nil
}
