package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
)

// affiliateSite is an opsSite whose client IPs come from X-Forwarded-For,
// so each case spends its own budget, and with the bot check off.
func affiliateSite(t *testing.T, d db.Dialect) *opsSite {
	t.Setenv("PALARO_BOTCHECK_OFF", "1")
	t.Setenv("PALARO_TRUST_PROXY", "1")
	return newOpsSite(t, d)
}

// captcha plants a captcha whose answer is ABCDE and returns its key.
func (s *opsSite) captcha() string {
	s.t.Helper()
	key := fmt.Sprintf("k%d", time.Now().UnixNano())
	if err := account.NewStore(s.m.DB).PutCaptcha(context.Background(), key, "ABCDE", time.Now().Add(5*time.Minute), time.Now()); err != nil {
		s.t.Fatal(err)
	}
	return key
}

func (s *opsSite) apply(token, ip string, body map[string]any) opsReply {
	s.t.Helper()
	return s.do("POST", "/wps/affiliate/apply", token, body, map[string]string{"X-Forwarded-For": ip})
}

func application(extra map[string]any) map[string]any {
	b := map[string]any{"contactName": "Maria Santos", "mobileNum": "0917 555 1234", "email": "maria@example.com",
		"channel": "tiktok", "channelUrl": "@maria.plays", "audience": 12000, "message": "I stream slots every night."}
	for k, v := range extra {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

// TestAffiliateApplications: the form's checks, one pending application
// per applicant, the budget per IP under parallel requests, the console's
// list and rights, approval once under parallel approvals making an agent
// whose code registers a downline, a visitor's new account, rejection.
func TestAffiliateApplications(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := affiliateSite(t, d)
		ctx := context.Background()
		store := account.NewStore(s.m.DB)

		// Bad input: one clear code each, nothing stored.
		long := strings.Repeat("x", 65)
		for _, c := range []struct {
			body map[string]any
			code string
		}{
			{application(map[string]any{"contactName": " "}), "affiliate.contact_name_required"},
			{application(map[string]any{"contactName": long}), "affiliate.too_long"},
			{application(map[string]any{"mobileNum": nil, "email": nil}), "affiliate.contact_required"},
			{application(map[string]any{"mobileNum": "12ab45"}), "affiliate.invalid_mobile"},
			{application(map[string]any{"email": "maria@example"}), "affiliate.invalid_email"},
			{application(map[string]any{"channel": "MYSPACE"}), "affiliate.channel_invalid"},
			{application(map[string]any{"channelUrl": ""}), "affiliate.channel_url_required"},
			{application(map[string]any{"audience": -1}), "affiliate.audience_invalid"},
			{application(map[string]any{"audience": 2_000_000_000}), "affiliate.audience_invalid"},
			{application(map[string]any{"favourite": "x"}), "request.invalid_json"},
			{application(nil), "auth.captcha_required"},
			{application(map[string]any{"captchaKey": s.captcha(), "captcha": "WXYZ"}), "auth.captcha_invalid"},
		} {
			r := s.apply("", "198.51.100.1", c.body)
			if r.status != 400 || r.code != c.code {
				t.Errorf("%v: %d %s, want 400 %s", c.body, r.status, r.code, c.code)
			}
		}
		if v := s.ok("GET", "/ops/v1/affiliates", s.ops[operator.RoleViewer], nil); v["total"] != float64(0) {
			t.Fatalf("bad input stored: %v", v)
		}

		// A visitor applies; the same contact again is told it has one under review.
		visitorApp := s.apply("", "198.51.100.2", application(map[string]any{"captchaKey": s.captcha(), "captcha": "abcde", "username": "affvisitor1"}))
		if visitorApp.status != 200 || visitorApp.value["status"] != "PENDING" {
			t.Fatalf("visitor applies: %+v", visitorApp)
		}
		visitorID := int64(visitorApp.value["id"].(float64))
		if r := s.apply("", "198.51.100.9", application(map[string]any{"mobileNum": nil, "email": "MARIA@example.com",
			"captchaKey": s.captcha(), "captcha": "ABCDE"})); r.status != 409 || r.code != "affiliate.already_pending" {
			t.Fatalf("second pending application: %+v", r)
		}

		// Eight at once from one IP: the budget (5 an hour) lets exactly five through.
		var wg sync.WaitGroup
		codes := make([]string, 8)
		keys := make([]string, 8)
		for i := range keys {
			keys[i] = s.captcha()
		}
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.apply("", "198.51.100.3", application(map[string]any{"mobileNum": nil, "email": fmt.Sprintf("fan%d@example.com", i),
					"captchaKey": keys[i], "captcha": "ABCDE"}))
				codes[i] = r.code
			}()
		}
		wg.Wait()
		if n := strings.Count(strings.Join(codes, ","), "ok"); n != 5 || strings.Count(strings.Join(codes, ","), "request.too_many") != 3 {
			t.Fatalf("parallel applications from one IP: %v", codes)
		}

		// A member applies without a captcha; an agent is told it is one.
		memberID := s.member("aff_member1", "9175550001", "", "198.51.100.4", 0)
		memberTok := s.mustLogin("aff_member1", account.DemoPassword, "198.51.100.4")
		if r := s.apply(memberTok, "198.51.100.4", application(map[string]any{"channel": "YOUTUBE"})); r.status != 200 {
			t.Fatalf("member applies: %+v", r)
		}
		memberAppID := int64(s.ok("GET", "/wps/affiliate/application", memberTok, nil)["id"].(float64))
		if r := s.apply(memberTok, "198.51.100.4", application(nil)); r.code != "affiliate.already_pending" {
			t.Fatalf("member applies twice: %+v", r)
		}
		agentTok := s.mustLogin(account.DemoAgent, account.DemoPassword, "198.51.100.5")
		if r := s.apply(agentTok, "198.51.100.5", application(nil)); r.status != 409 || r.code != "affiliate.already_agent" {
			t.Fatalf("agent applies: %+v", r)
		}

		// The console: filters, paging, rights.
		viewer := s.ops[operator.RoleViewer]
		if v := s.ok("GET", "/ops/v1/affiliates?status=PENDING&channel=YOUTUBE", viewer, nil); v["total"] != float64(1) ||
			items(v)[0]["account"] != "aff_member1" {
			t.Fatalf("filter by channel: %v", v)
		}
		if v := s.ok("GET", "/ops/v1/affiliates?q=FAN&pageSize=2", viewer, nil); v["total"] != float64(5) || len(items(v)) != 2 {
			t.Fatalf("search: %v", v)
		}
		if v := s.ok("GET", "/ops/v1/affiliates?status=pending&page=2&pageSize=3", viewer, nil); v["total"] != float64(7) || len(items(v)) != 3 {
			t.Fatalf("paging: %v", v)
		}
		if r := s.do("GET", "/ops/v1/affiliates?status=MAYBE", viewer, nil, nil); r.status != 400 {
			t.Fatalf("bad status filter: %+v", r)
		}
		if r := s.do("GET", "/ops/v1/affiliates", s.ops[operator.RoleContent], nil, nil); r.status != 403 {
			t.Fatalf("content operator lists: %+v", r)
		}
		approve := func(id int64, body map[string]any) opsReply {
			return s.do("POST", fmt.Sprintf("/ops/v1/affiliates/%d/approve", id), s.ops[operator.RoleSupport], body, nil)
		}
		if r := s.do("POST", fmt.Sprintf("/ops/v1/affiliates/%d/approve", memberAppID), viewer, map[string]any{"agentType": 41}, nil); r.status != 403 {
			t.Fatalf("viewer approves: %+v", r)
		}
		for _, c := range []struct {
			body map[string]any
			code string
		}{
			{map[string]any{"agentType": 3}, "account.agent_type_invalid"},
			{map[string]any{"agentType": 41, "upline": "nobody_here"}, "affiliate.upline_not_found"},
			{map[string]any{"agentType": 41, "upline": "aff_member1"}, "affiliate.upline_not_found"}, // not an agent
		} {
			if r := approve(memberAppID, c.body); r.status != 400 || r.code != c.code {
				t.Errorf("approve %v: %d %s, want %s", c.body, r.status, r.code, c.code)
			}
		}
		if r := approve(999999, map[string]any{"agentType": 41}); r.status != 404 || r.code != "affiliate.not_found" {
			t.Fatalf("approve unknown: %+v", r)
		}

		// Five operators approve at once: one approval, one agent, one code.
		replies := make([]opsReply, 5)
		for i := range replies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				replies[i] = approve(memberAppID, map[string]any{"agentType": 41, "upline": account.DemoAgent})
			}()
		}
		wg.Wait()
		won := 0
		for _, r := range replies {
			switch {
			case r.status == 200:
				won++
			case r.status != 409 || r.code != "affiliate.already_decided":
				t.Fatalf("parallel approvals: %+v", replies)
			}
		}
		if won != 1 {
			t.Fatalf("%d approvals: %+v", won, replies)
		}
		agent, err := store.MemberByID(ctx, memberID)
		demoAgent, _ := store.MemberByAccount(ctx, account.DemoAgent)
		if err != nil || agent.Type != account.TypeAgentPartner || len(agent.OwnAffiliateCode) != account.InvitationCodeLen || agent.ParentID != demoAgent.ID {
			t.Fatalf("approved member: %+v %v", agent, err)
		}
		got := s.ok("GET", fmt.Sprintf("/ops/v1/affiliates/%d", memberAppID), viewer, nil)
		if got["status"] != "APPROVED" || got["invitationCode"] != agent.OwnAffiliateCode || got["agentAccount"] != "aff_member1" || got["decidedBy"] != "pl_support" {
			t.Fatalf("approved application: %v", got)
		}
		// The member's session now sees an agent; its messages say so.
		if r := s.apply(memberTok, "198.51.100.4", application(nil)); r.code != "affiliate.already_agent" {
			t.Fatalf("new agent applies: %+v", r)
		}
		msgs := s.ok("GET", "/wps/message/list", memberTok, nil)
		if list := msgs["list"].([]any); len(list) != 1 || list[0].(map[string]any)["kind"] != "affiliate_approved" ||
			!strings.Contains(list[0].(map[string]any)["body"].(string), agent.OwnAffiliateCode) {
			t.Fatalf("approval message: %v", msgs)
		}
		if mine := s.ok("GET", "/wps/affiliate/application", memberTok, nil); mine["status"] != "APPROVED" || mine["invitationCode"] != agent.OwnAffiliateCode {
			t.Fatalf("member reads its application: %v", mine)
		}
		// The code registers a downline under the new agent (the service of PUT /wps/member/register).
		res, err := s.accounts.Register(ctx, account.RegisterRequest{Username: "affdown1", Password: "Tamaraw58river", ConfirmPassword: "Tamaraw58river",
			AffiliateCode: strings.ToLower(agent.OwnAffiliateCode), Captcha: "ABCDE", CaptchaKey: s.captcha(), RegisterMethod: "WEB", Domain: "127.0.0.1"},
			account.Client{IP: "198.51.100.6"})
		if err != nil {
			t.Fatalf("register under the new code: %v", err)
		}
		if down, _ := store.MemberByID(ctx, res.UserInfo.ID); down.ParentID != agent.ID {
			t.Fatalf("downline's upline %d, want %d", down.ParentID, agent.ID)
		}

		// A visitor's approval makes a new agent account with a default password.
		s.member("afftaken1", "", "", "", 0)
		if r := approve(visitorID, map[string]any{"agentType": 42, "username": "afftaken1"}); r.status != 409 || r.code != "account.username_taken" {
			t.Fatalf("approve with a taken username: %+v", r)
		}
		if v := s.ok("GET", fmt.Sprintf("/ops/v1/affiliates/%d", visitorID), viewer, nil); v["status"] != "PENDING" {
			t.Fatalf("a failed approval stays pending: %v", v)
		}
		v := approve(visitorID, map[string]any{"agentType": 42, "upline": "aff_member1"})
		if v.status != 200 {
			t.Fatalf("approve visitor: %+v", v)
		}
		pw, _ := v.value["password"].(string)
		app := v.value["application"].(map[string]any)
		if len(pw) != account.DefaultPasswordLen || app["agentAccount"] != "affvisitor1" || app["delivered"] != "sms,email" {
			t.Fatalf("visitor approval: %v", v.value)
		}
		login, err := s.login("affvisitor1", pw, "198.51.100.7")
		if err != nil || !login.DefaultPassword || login.UserInfo.Type != account.TypeAgentPartSub {
			t.Fatalf("new agent logs in: %+v %v", login, err)
		}
		if nv, _ := store.MemberByAccount(ctx, "affvisitor1"); nv.ParentID != agent.ID || nv.Mobile != "9175551234" || nv.Email != "maria@example.com" {
			t.Fatalf("new agent account: %+v", nv)
		}
		// The same contact may apply again once decided.
		if r := s.apply("", "198.51.100.8", application(map[string]any{"captchaKey": s.captcha(), "captcha": "ABCDE"})); r.status != 200 {
			t.Fatalf("apply after a decision: %+v", r)
		}

		// Rejection needs a reason; a decided application cannot be decided again.
		list := s.ok("GET", "/ops/v1/affiliates?q=fan&status=PENDING", viewer, nil)
		fan := int64(items(list)[0]["id"].(float64))
		reject := func(id int64, reason string) opsReply {
			return s.do("POST", fmt.Sprintf("/ops/v1/affiliates/%d/reject", id), s.ops[operator.RoleAdmin], map[string]any{"reason": reason}, nil)
		}
		if r := reject(fan, "  "); r.status != 400 || r.code != "affiliate.reason_required" {
			t.Fatalf("reject without reason: %+v", r)
		}
		if r := reject(fan, "Audience too small for now."); r.status != 200 || r.value["status"] != "REJECTED" {
			t.Fatalf("reject: %+v", r)
		}
		if r := reject(fan, "again"); r.status != 409 || r.code != "affiliate.already_decided" {
			t.Fatalf("reject twice: %+v", r)
		}
		if r := approve(fan, map[string]any{"agentType": 1, "username": "fan_zero"}); r.status != 409 || r.code != "affiliate.already_decided" {
			t.Fatalf("approve a rejected one: %+v", r)
		}
		// Each decision is in the operators' audit log with before and after.
		audit := s.ok("GET", "/ops/v1/audit?targetType=affiliate_application", s.ops[operator.RoleAdmin], nil)
		actions := []string{}
		for _, it := range items(audit) {
			actions = append(actions, it["action"].(string))
		}
		if got := strings.Join(actions, ","); !strings.Contains(got, "affiliate.reject") || strings.Count(got, "affiliate.approve") != 2 {
			t.Fatalf("audit: %v", audit)
		}
	})
}

// TestAgentAnnouncements: written in the content screen as type AG, read
// by agents only, by agent type, inside their window and when switched on.
func TestAgentAnnouncements(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := affiliateSite(t, d)
		editor := s.ops[operator.RoleContent]
		now := time.Now().UnixMilli()
		text := func(en string) map[string]string { return map[string]string{"EN": en, "TY": en + " (TY)"} }
		mk := func(title string, extra map[string]any) opsReply {
			b := map[string]any{"type": "AG", "title": text(title), "content": text("<p>" + title + "</p>")}
			for k, v := range extra {
				b[k] = v
			}
			return s.do("POST", "/ops/v1/content/announcements", editor, b, nil)
		}
		for title, extra := range map[string]map[string]any{
			"all agents":  nil,
			"partners":    {"agentTypes": []int{41}},
			"later":       {"startTime": now + 3_600_000},
			"ended":       {"startTime": now - 7_200_000, "endTime": now - 3_600_000},
			"switchedOff": {"active": false},
		} {
			if r := mk(title, extra); r.status != 200 {
				t.Fatalf("create %s: %+v", title, r)
			}
		}
		for _, c := range []struct {
			body map[string]any
			code string
		}{
			{map[string]any{"type": "AG", "title": map[string]string{"EN": "x"}, "content": text("x")}, "content.language_missing"},
			{map[string]any{"type": "AG", "title": text("x"), "content": text("x"), "agentTypes": []int{3}}, "content.invalid"},
			{map[string]any{"type": "PL", "title": text("x"), "content": text("x"), "agentTypes": []int{1}}, "content.invalid"},
		} {
			if r := s.do("POST", "/ops/v1/content/announcements", editor, c.body, nil); r.status != 400 || r.code != c.code {
				t.Errorf("%v: %d %s, want %s", c.body, r.status, r.code, c.code)
			}
		}
		// The demo brand's own agent announcements (content.Demo) are for every agent too: left out.
		demo := map[string]bool{}
		for _, a := range content.Demo(time.Now()).Announcements {
			if a.Type == content.TypeAgent {
				demo[a.Title["EN"]] = true
			}
		}
		titles := func(token string) string {
			v := s.ok("GET", "/wps/agent/announcements?language=EN", token, nil)
			var out []string
			for _, it := range v["list"].([]any) {
				if title := it.(map[string]any)["title"].(string); !demo[title] {
					out = append(out, title)
				}
			}
			slices.Sort(out) // created in map order: which is listed first varies
			return strings.Join(out, ",")
		}
		// The demo agent is type 1: only the announcement for every agent.
		if got := titles(s.mustLogin(account.DemoAgent, account.DemoPassword, "198.51.100.20")); got != "all agents" {
			t.Fatalf("type 1 agent reads %q", got)
		}
		partnerID := s.member("ann_partner", "", "", "", 0)
		if _, _, err := s.accounts.MakeAgent(context.Background(), partnerID, account.TypeAgentPartner, 0); err != nil {
			t.Fatal(err)
		}
		if got := titles(s.mustLogin("ann_partner", account.DemoPassword, "198.51.100.21")); got != "all agents,partners" {
			t.Fatalf("type 41 agent reads %q", got)
		}
		s.member("ann_player", "", "", "", 0)
		if r := s.do("GET", "/wps/agent/announcements", s.mustLogin("ann_player", account.DemoPassword, "198.51.100.22"), nil, nil); r.status != 403 || r.code != "auth.not_agent" {
			t.Fatalf("member reads agent announcements: %+v", r)
		}
		if r := s.do("GET", "/wps/agent/announcements", "", nil, nil); r.status != 401 {
			t.Fatalf("visitor reads agent announcements: %+v", r)
		}
		// The storefront's announcements never carry them.
		_, body := get(t, s.m, "/wps/relay/announcements?language=EN")
		if strings.Contains(body, "all agents") || strings.Contains(body, "partners") {
			t.Fatalf("agent announcement in the storefront's: %s", body)
		}
	})
}
