package account

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/session"
)

const feedbackText = "My deposit has not arrived after an hour."

func TestFeedback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		member := e.login(t, "demo01", DemoPassword).Token
		body := func(typ, content, sender, captcha string) string {
			b, _ := json.Marshal(map[string]any{"type": json.RawMessage(typ), "content": content, "sender": sender,
				"captcha": captcha, "captchaKey": e.captcha(t)})
			return string(b)
		}
		cases := []struct {
			name, token, body string
			status            int
			code              string
		}{
			{"OKVisitorWithContact", "", body(`1`, feedbackText, "juan@example.com", testCaptcha), 200, "ok"},
			{"OKMemberWithoutContact", member, body(`"6"`, "  I would like to become an agent, please call me.  ", "", testCaptcha), 200, "ok"},
			{"OKOthersTypeZero", member, body(`0`, strings.Repeat("é", FeedbackMax), "", testCaptcha), 200, "ok"},
			{"ErrTypeEmpty", "", body(`""`, feedbackText, "x@y.z", testCaptcha), 400, "feedback.type_required"},
			{"ErrTypeMissing", "", `{"content":"` + feedbackText + `","captcha":"K7PQ","captchaKey":"k"}`, 400, "feedback.type_required"},
			{"ErrContentEmpty", "", body(`2`, "   ", "x@y.z", testCaptcha), 400, "feedback.content_required"},
			{"ErrCaptchaEmpty", "", body(`3`, feedbackText, "x@y.z", ""), 400, "feedback.captcha_required"},
			{"ErrVisitorWithoutSender", "", body(`4`, feedbackText, "", testCaptcha), 400, "feedback.sender_required"},
			{"ErrTypeUnknown", "", body(`5`, feedbackText, "x@y.z", testCaptcha), 400, "feedback.invalid_type"},
			{"ErrTypeNotNumber", "", body(`"deposit"`, feedbackText, "x@y.z", testCaptcha), 400, "feedback.invalid_type"},
			{"ErrTooShortAfterTrim", "", body(`1`, "   too short, 19 ch.   ", "x@y.z", testCaptcha), 400, "feedback.content_length"},
			{"ErrTooLong", "", body(`1`, strings.Repeat("a", FeedbackMax+1), "x@y.z", testCaptcha), 400, "feedback.content_length"},
			{"ErrSenderTooLong", "", body(`1`, feedbackText, strings.Repeat("s", MaxSender+1), testCaptcha), 400, "account.too_long"},
			{"ErrCaptchaWrong", "", body(`1`, feedbackText, "x@y.z", "ZZZZ"), 400, "auth.captcha_invalid"},
			{"ErrJSON", "", `{"type":`, 400, "request.invalid_json"},
		}
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := e.do(t, "PUT", "/wps/feedback", c.token, c.body, "X-Test-IP", "203.0.113."+itoa(int64(100+i)))
				if r.status != c.status || r.env.Code != c.code {
					t.Fatalf("got %d %s (%s), want %d %s", r.status, r.env.Code, r.env.Message, c.status, c.code)
				}
			})
		}
		t.Run("StoredForBackOffice", func(t *testing.T) {
			list, err := e.store.FeedbackList(ctx, 10)
			if err != nil || len(list) != 3 {
				t.Fatalf("%d %v", len(list), err)
			}
			visitor, agentReq := list[2], list[1]
			if visitor.MemberID != 0 || visitor.Sender != "juan@example.com" || visitor.Type != 1 || visitor.Content != feedbackText {
				t.Fatalf("visitor row: %+v", visitor)
			}
			if agentReq.Account != "demo01" || agentReq.MemberID == 0 || agentReq.Type != 6 || strings.HasPrefix(agentReq.Content, " ") {
				t.Fatalf("member row: %+v", agentReq)
			}
		})
		t.Run("ErrBotcheckRequired", func(t *testing.T) {
			r := e.do(t, "PUT", "/wps/feedback", member, `{"botcheck":"","type":1,"content":"`+feedbackText+`","captcha":"K7PQ","captchaKey":"`+e.captcha(t)+`"}`)
			if r.status != 400 || r.env.Code != "auth.botcheck_required" {
				t.Fatalf("%d %s", r.status, r.env.Code)
			}
		})
		t.Run("ErrRateLimited", func(t *testing.T) {
			var last reply
			for i := 0; i <= int(testConfig.FeedbackPerIP); i++ {
				last = e.do(t, "PUT", "/wps/feedback", "", body(`0`, feedbackText, "flood@example.com", testCaptcha), "X-Test-IP", "198.51.100.66")
			}
			if last.status != 429 || last.env.Code != "request.too_many" {
				t.Fatalf("%d %s", last.status, last.env.Code)
			}
		})
	})
}

func TestBotCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		login := func(bot string) string {
			_, err := e.svc.Login(ctx, LoginRequest{Username: "demo01", Password: DemoPassword, Botcheck: bot}, cl)
			return codeOf(err)
		}
		t.Run("ChallengeShape", func(t *testing.T) {
			r := e.do(t, "GET", "/wps/botcheck/challenge", "", "")
			v := r.value
			if r.status != 200 || v["algorithm"] != "SHA-256" || len(v["challenge"].(string)) != 64 || len(v["signature"].(string)) != 64 ||
				v["maxnumber"] != float64(testConfig.BotCheckMaxNumber) || !strings.Contains(v["salt"].(string), "?expires=") {
				t.Fatalf("%+v", r)
			}
		})
		t.Run("OKThenReplayRefused", func(t *testing.T) {
			p := solve(t, e.svc)
			if code := login(p); code != "" {
				t.Fatal(code)
			}
			if code := login(p); code != "auth.botcheck_invalid" {
				t.Fatalf("replay: %q", code)
			}
		})
		t.Run("ErrRequired", func(t *testing.T) {
			if code := login(""); code != "auth.botcheck_required" {
				t.Fatal(code)
			}
		})
		t.Run("ErrExpired", func(t *testing.T) {
			p := solve(t, e.svc)
			e.clock.Advance(testConfig.BotCheckTTL + time.Second)
			if code := login(p); code != "auth.botcheck_invalid" {
				t.Fatal(code)
			}
		})
		tamper := func(f func(*BotSolution)) string {
			raw, _ := base64.StdEncoding.DecodeString(solve(t, e.svc))
			var s BotSolution
			_ = json.Unmarshal(raw, &s)
			f(&s)
			b, _ := json.Marshal(s)
			return base64.StdEncoding.EncodeToString(b)
		}
		for name, f := range map[string]func(*BotSolution){
			"ErrWrongNumber":     func(s *BotSolution) { s.Number = (s.Number + 1) % (testConfig.BotCheckMaxNumber + 1) },
			"ErrForgedSignature": func(s *BotSolution) { s.Signature = strings.Repeat("0", 64) },
			"ErrOwnChallenge": func(s *BotSolution) {
				s.Salt = "abc?expires=9999999999&"
				s.Number = 1
				s.Challenge = botHash(s.Salt, 1)
			},
			"ErrLongerExpiry":     func(s *BotSolution) { s.Salt = strings.Replace(s.Salt, "?expires=", "?expires=9", 1) },
			"ErrAlgorithm":        func(s *BotSolution) { s.Algorithm = "SHA-1" },
			"ErrNumberOutOfRange": func(s *BotSolution) { s.Number = -1 },
		} {
			t.Run(name, func(t *testing.T) {
				if code := login(tamper(f)); code != "auth.botcheck_invalid" {
					t.Fatal(code)
				}
			})
		}
		t.Run("ErrGarbage", func(t *testing.T) {
			for _, p := range []string{"%%%", base64.StdEncoding.EncodeToString([]byte("[]")), strings.Repeat("A", 5000)} {
				if code := login(p); code != "auth.botcheck_invalid" {
					t.Fatalf("%q: %s", p[:3], code)
				}
			}
		})
		t.Run("KeySharedByInstances", func(t *testing.T) {
			other := NewService(e.store, e.brand, e.limiter, e.clock, testConfig)
			if _, err := other.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "agent01", Password: DemoPassword}), cl); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("RequiredOnRegisterAndSMS", func(t *testing.T) {
			if _, err := e.svc.Register(ctx, validRegister(e.captcha(t)), cl); codeOf(err) != "auth.botcheck_required" {
				t.Fatalf("register: %v", err)
			}
			if _, err := e.svc.SendSMSCode(ctx, smsLogin, SMSRequest{MobileNum: "09171112222"}, cl); codeOf(err) != "auth.botcheck_required" {
				t.Fatalf("sms: %v", err)
			}
		})
		t.Run("SMSLoginExempt", func(t *testing.T) {
			e.brand.set("MOBILEVERCODELOGIN3", true)
			defer e.brand.set("MOBILEVERCODELOGIN3", false)
			_, err := e.svc.Login(ctx, LoginRequest{Type: "sms", Username: "09179998888", Password: "123456"}, cl)
			if c := codeOf(err); c == "auth.botcheck_required" || c == "" {
				t.Fatalf("sms login: %v", err)
			}
		})
		t.Run("OffSwitch", func(t *testing.T) {
			cfg := testConfig
			cfg.BotCheck = false
			off := NewService(e.store, e.brand, NewMemoryLimiter(e.clock), e.clock, cfg)
			if _, err := off.Login(ctx, LoginRequest{Username: "demo01", Password: DemoPassword}, cl); err != nil {
				t.Fatal(err)
			}
		})
	})
}

func TestIcon(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := e.login(t, "demo01", DemoPassword).Token
		r := e.do(t, "GET", "/wps/member/info/icon", tok, "")
		icon, _ := r.value["icon"].(string)
		if r.status != 200 || r.value["custom"] != false || !strings.HasPrefix(icon, "data:image/svg+xml;base64,") {
			t.Fatalf("%+v", r)
		}
		svg, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(icon, "data:image/svg+xml;base64,"))
		if !strings.Contains(string(svg), ">DP</text>") || !strings.Contains(string(svg), "linearGradient") {
			t.Fatalf("%s", svg)
		}
		if again := e.do(t, "GET", "/wps/member/info/icon", tok, ""); again.value["icon"] != icon {
			t.Fatal("not deterministic")
		}
		if r := e.do(t, "GET", "/wps/member/info/icon", "", ""); r.status != 401 || r.env.Code != "auth.token_required" {
			t.Fatalf("%d %s", r.status, r.env.Code)
		}
		if _, err := d.ExecContext(context.Background(), d.Rebind(`UPDATE account_member SET avatar = ? WHERE account_lower = ?`),
			"https://cdn.example/a.png", "demo01"); err != nil {
			t.Fatal(err)
		}
		e.svc.sessions.Drop(session.Hash(tok))
		if r := e.do(t, "GET", "/wps/member/info/icon", tok, ""); r.value["icon"] != "https://cdn.example/a.png" || r.value["custom"] != true {
			t.Fatalf("%+v", r.value)
		}
	})
	for _, c := range [][3]string{{"Demo Player", "demo01", "DP"}, {"", "m9171234567", "M9"}, {"Ñoño", "x", "ÑO"}, {"Juan dela Cruz", "x", "JD"}, {"<b>", "", "B"}, {"", "__", "?"}} {
		if got := initials(c[0], c[1]); got != c[2] {
			t.Errorf("initials(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func FuzzFeedbackDecode(f *testing.F) {
	for _, s := range []string{`{"type":1,"content":"` + feedbackText + `","sender":"a@b.c","captcha":"K7PQ","captchaKey":"x"}`,
		`{}`, `{"type":"x"}`, `{"type":1e99}`, `{"type":null,"content":"\u0000"}`, `[]`} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptestRecorder(h, "PUT", "/wps/feedback", body)
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}
