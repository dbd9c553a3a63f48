package feedbackops_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/account/feedbackops"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

type fakeOps struct{}

func (fakeOps) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	r := operator.Role(token)
	if !r.Valid() {
		return operator.Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	return operator.Caller{ID: 9, Role: r}, nil
}

type audits struct {
	mu      sync.Mutex
	actions []string
}

func (a *audits) Audit(_ context.Context, _ operator.Caller, action, _ string, _ map[string]any) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.actions = append(a.actions, action)
	return nil
}

func call(mux *http.ServeMux, method, path, role string, body any) (int, map[string]any) {
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, strings.NewReader(string(raw)))
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+role)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	if env.Value == nil {
		env.Value = map[string]any{}
	}
	env.Value["_code"] = env.Code
	return rec.Code, env.Value
}

func TestFeedbackInbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		store := account.NewStore(d)
		m := account.Member{Account: "juan01", Nickname: "Juan", Type: account.TypeMember, PasswordHash: "x", CreatedAt: time.Now(), RegisterMethod: "TEST"}
		if err := store.CreateMember(ctx, &m); err != nil {
			t.Fatal(err)
		}
		mk := func(member int64, typ int, text string) int64 {
			id, err := store.CreateFeedback(ctx, account.Feedback{MemberID: member, Account: "juan01", Type: typ, Content: text, CreatedAt: time.Now()})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		game := mk(m.ID, 3, "The slot froze after my spin and I lost the round.")
		deposit := mk(m.ID, 1, "My deposit has not arrived after two hours of waiting.")
		visitor := mk(0, 0, "How do I become an agent for your brand here?")
		notes := notify.NewService(notify.NewStore(d), nil, clock.System{}, nil)
		log := &audits{}
		mux := http.NewServeMux()
		feedbackops.NewHandler(store, notes, fakeOps{}, log, clock.System{}).Routes(mux)

		code, v := call(mux, "GET", "/ops/v1/feedback?type=3&status=NEW", "VIEWER", nil)
		if code != 200 || v["total"] != float64(1) || v["items"].([]any)[0].(map[string]any)["typeName"] != "game" {
			t.Fatalf("list %d %v", code, v)
		}
		if code, v := call(mux, "POST", "/ops/v1/feedback/"+itoa(game)+"/reply", "VIEWER", map[string]any{"text": "x"}); code != 403 {
			t.Fatalf("viewer replies: %d %v", code, v)
		}

		// Five operators answer at once: one reply is stored and sent.
		var wg sync.WaitGroup
		codes := make([]int, 5)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = call(mux, "POST", "/ops/v1/feedback/"+itoa(game)+"/reply", "ADMIN", map[string]any{"text": "We refunded the round. Sorry!"})
			}()
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			if c == 200 {
				ok++
			} else if c != 409 {
				t.Fatalf("parallel replies %v", codes)
			}
		}
		if ok != 1 {
			t.Fatalf("%d replies stored: %v", ok, codes)
		}
		page, err := notes.List(ctx, m.ID, "EN", 1, 10)
		if err != nil || page.Total != 1 || page.List[0].Kind != notify.KindFeedbackReply || !strings.Contains(page.List[0].Body, "We refunded the round") {
			t.Fatalf("the player's messages %+v %v", page, err)
		}
		if code, v := call(mux, "GET", "/ops/v1/feedback/"+itoa(game), "VIEWER", nil); code != 200 || v["status"] != "ANSWERED" || v["reply"] != "We refunded the round. Sorry!" || v["repliedBy"] != float64(9) {
			t.Fatalf("answered %d %v", code, v)
		}

		for name, c := range map[string][3]any{
			"empty reply":    {"/ops/v1/feedback/" + itoa(deposit) + "/reply", map[string]any{"text": "  "}, 400},
			"long reply":     {"/ops/v1/feedback/" + itoa(deposit) + "/reply", map[string]any{"text": strings.Repeat("x", 1001)}, 400},
			"unknown field":  {"/ops/v1/feedback/" + itoa(deposit) + "/reply", map[string]any{"text": "ok", "notify": false}, 400},
			"visitor":        {"/ops/v1/feedback/" + itoa(visitor) + "/reply", map[string]any{"text": "Write to agents@brand"}, 409},
			"unknown id":     {"/ops/v1/feedback/999999/reply", map[string]any{"text": "hello"}, 404},
			"bad id":         {"/ops/v1/feedback/abc/reply", map[string]any{"text": "hello"}, 404},
			"answered again": {"/ops/v1/feedback/" + itoa(game) + "/reply", map[string]any{"text": "again"}, 409},
		} {
			if code, v := call(mux, "POST", c[0].(string), "ADMIN", c[1]); code != c[2].(int) {
				t.Errorf("%s: %d %v", name, code, v)
			}
		}
		for _, q := range []string{"?type=5", "?type=x", "?status=OPEN", "?pageSize=500"} {
			if code, _ := call(mux, "GET", "/ops/v1/feedback"+q, "ADMIN", nil); code != 400 {
				t.Errorf("%s: %d", q, code)
			}
		}

		if code, v := call(mux, "POST", "/ops/v1/feedback/"+itoa(visitor)+"/close", "ADMIN", nil); code != 200 || v["status"] != "CLOSED" {
			t.Fatalf("close %d %v", code, v)
		}
		if code, _ := call(mux, "POST", "/ops/v1/feedback/"+itoa(visitor)+"/close", "ADMIN", nil); code != 409 {
			t.Fatalf("close twice %d", code)
		}
		if code, _ := call(mux, "POST", "/ops/v1/feedback/"+itoa(visitor)+"/reply", "ADMIN", map[string]any{"text": "late"}); code != 409 {
			t.Fatalf("reply after close %d", code)
		}
		if got := strings.Join(log.actions, ","); got != "feedback.reply,feedback.close" {
			t.Fatalf("audit %s", got)
		}
	})
}

func TestFeedbackAuthorization(t *testing.T) {
	mux := http.NewServeMux()
	feedbackops.NewHandler(account.NewStore(dbtest.Open(t, db.SQLite)), nil, fakeOps{}, &audits{}, clock.System{}).Routes(mux)
	for pattern, perm := range feedbackops.RoutePerms {
		method, path, _ := strings.Cut(pattern, " ")
		path = strings.ReplaceAll(path, "{id}", "1")
		if code, _ := call(mux, method, path, "", map[string]any{}); code != 401 {
			t.Errorf("%s without a token: %d", pattern, code)
		}
		for _, role := range operator.Roles {
			code, _ := call(mux, method, path, string(role), map[string]any{})
			if role.Can(perm) == (code == 403) {
				t.Errorf("%s as %s: %d (may: %v)", pattern, role, code, role.Can(perm))
			}
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
