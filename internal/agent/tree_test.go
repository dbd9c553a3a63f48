package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// team is the accounts of a team list, sorted.
func teamNames(t *testing.T, p agent.TeamPage) []string {
	t.Helper()
	var out []string
	for _, m := range p.List {
		out = append(out, fmt.Sprintf("%s:%d:L%d", m.Account, m.Type, m.Level))
	}
	sort.Strings(out)
	return out
}

// tree builds agent01 -> sub01 (created directly, sub-agent) -> play01
// (through sub01's member link); agent01 -> subtwo (through agent01's agent
// link) and agent01 -> play02 (agent01's own code).
type tree struct {
	agentTok, subTok      string
	agentC, subC, play2C  account.Caller
	sub, play1, sub2, pl2 int64
}

func buildTree(t *testing.T, s *site) tree {
	t.Helper()
	ctx := context.Background()
	var tr tree
	tr.agentTok, tr.agentC = s.login(account.DemoAgent, account.DemoPassword)
	created, err := s.svc.CreateDownline(ctx, tr.agentC, agent.DownlineRequest{Username: "sub01x", Password: "Sub01pass", Kind: "AGENT"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if created.Type != account.TypeAgentSub || !created.MustChange || created.Password != "" || created.AffiliateCode == "" {
		t.Fatalf("created %+v", created)
	}
	tr.sub = created.ID
	// The first login with the agent's password must change it.
	res, err := s.accounts.Login(ctx, account.LoginRequest{Username: "sub01x", Password: "Sub01pass"}, account.Client{IP: "192.0.2.1"})
	if err != nil || !res.PasswordExpired || !res.DefaultPassword {
		t.Fatalf("first login of a created downline: %+v %v", res, err)
	}
	tr.subC, err = s.accounts.Authenticate(ctx, res.Token)
	if err != nil {
		t.Fatal(err)
	}
	tr.subTok = res.Token
	memberLink, err := s.svc.CreateLink(ctx, tr.subC, agent.LinkRequest{Kind: "MEMBER", Label: "Facebook"})
	if err != nil {
		t.Fatal(err)
	}
	agentLink, err := s.svc.CreateLink(ctx, tr.agentC, agent.LinkRequest{Kind: "agent", Label: "partners"})
	if err != nil || agentLink.Type != account.TypeAgentSub {
		t.Fatalf("agent link %+v %v", agentLink, err)
	}
	tr.play1 = s.mustRegister("play01x", memberLink.Code).UserInfo.ID
	r2 := s.mustRegister("subtwo", agentLink.Code)
	if r2.UserInfo.Type != account.TypeAgentSub || r2.UserInfo.AffiliateCode == "" {
		t.Fatalf("registered through an agent link: %+v", r2.UserInfo)
	}
	tr.sub2 = r2.UserInfo.ID
	tr.pl2 = s.mustRegister("play02x", "agent01").UserInfo.ID // the agent's own code, any case
	tr.play2C, err = s.accounts.Authenticate(ctx, s.mustLoginToken("play02x"))
	if err != nil {
		t.Fatal(err)
	}
	s.settle()
	return tr
}

func (s *site) mustLoginToken(user string) string {
	tok, _ := s.login(user, memberPassword)
	return tok
}

func TestTreeFromRegistrations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)

		all, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Scope: agent.ScopeAll})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(teamNames(t, all)), "[play01x:0:L2 play02x:0:L1 sub01x:2:L1 subtwo:2:L1]"; got != want || all.Total != 4 {
			t.Fatalf("all levels: %s (%d), want %s", got, all.Total, want)
		}
		direct, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{})
		if err != nil || direct.Total != 3 {
			t.Fatalf("direct: %+v %v", direct, err)
		}
		for _, m := range direct.List {
			if m.Account == "sub01x" && (m.DirectCount != 1 || m.TeamCount != 1 || !m.Agent || m.Status != "ACTIVE") {
				t.Fatalf("sub01x row %+v", m)
			}
		}
		// Drill down into sub01x's team: levels stay relative to the caller.
		drill, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Parent: tr.sub})
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(teamNames(t, drill)); got != "[play01x:0:L2]" || len(drill.Path) != 2 || drill.Path[0].Account != account.DemoAgent || drill.Path[1].Account != "sub01x" {
			t.Fatalf("drill-down: %s path %+v", got, drill.Path)
		}
		// Search by username within the scope.
		found, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Scope: agent.ScopeAll, Username: "PLAY01X"})
		if err != nil || found.Total != 1 || found.List[0].ID != tr.play1 {
			t.Fatalf("search: %+v %v", found, err)
		}
		if found, _ := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Username: "play01x"}); found.Total != 0 {
			t.Fatalf("play01x is not a direct member of agent01: %+v", found)
		}
		// Links list with their registrations; a disabled link registers no one.
		links, err := s.svc.Links(ctx, tr.subC)
		if err != nil || len(links.List) != 1 || links.List[0].Registrations != 1 {
			t.Fatalf("links %+v %v", links, err)
		}
		if _, err := s.svc.DisableLink(ctx, tr.subC, links.List[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.register("play03x", links.List[0].Code); codeOf(err) != "account.affiliate_invalid" {
			t.Fatalf("disabled link: %v", err)
		}
		if _, err := s.accounts.CheckAffiliate(ctx, links.List[0].Code, "", account.Client{IP: "192.0.2.1"}); codeOf(err) != "account.affiliate_invalid" {
			t.Fatalf("affiliate check of a disabled link: %v", err)
		}
		// Another agent cannot disable it; a member cannot make links.
		if _, err := s.svc.DisableLink(ctx, tr.agentC, links.List[0].ID); codeOf(err) != "agent.link_not_found" {
			t.Fatalf("foreign link: %v", err)
		}
		if _, err := s.svc.CreateLink(ctx, tr.play2C, agent.LinkRequest{Kind: "MEMBER"}); codeOf(err) != "agent.not_agent" {
			t.Fatalf("member link: %v", err)
		}
		if _, err := s.svc.CreateLink(ctx, tr.agentC, agent.LinkRequest{Kind: "BOSS"}); codeOf(err) != "agent.bad_kind" {
			t.Fatalf("bad kind: %v", err)
		}
		// A generated password is answered once and forces a change too.
		gen, err := s.svc.CreateDownline(ctx, tr.agentC, agent.DownlineRequest{Username: "play04x"}, "")
		if err != nil || gen.Password == "" || gen.Type != account.TypeMember {
			t.Fatalf("generated: %+v %v", gen, err)
		}
		if _, err := s.svc.CreateDownline(ctx, tr.agentC, agent.DownlineRequest{Username: "play04x", Password: "Other123"}, ""); codeOf(err) != "account.username_taken" {
			t.Fatalf("taken: %v", err)
		}
		// Replaying the stream rebuilds the same tree.
		if err := s.stream.Replay(ctx, agent.NewTree(), s.now()); err != nil {
			t.Fatal(err)
		}
		s.settle()
		again, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Scope: agent.ScopeAll})
		if err != nil || again.Total != 5 {
			t.Fatalf("after replay: %+v %v", again, err)
		}
	})
}

// An agent reads nothing outside its own team, by service or by HTTP.
func TestTeamIDOR(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)
		for _, parent := range []int64{tr.agentC.MemberID, tr.pl2, tr.sub2, 999999} {
			if _, err := s.svc.Team(ctx, tr.subC, agent.TeamQuery{Parent: parent}); codeOf(err) != "agent.not_in_team" {
				t.Fatalf("sub01x reading %d: %v", parent, err)
			}
			r := s.call("GET", "/wps/agent/team?scope=all&parent="+itoa(parent), tr.subTok, nil, nil)
			if r.status != http.StatusNotFound || r.env.Code != "agent.not_in_team" {
				t.Fatalf("GET team of %d as sub01x: %d %s", parent, r.status, r.env.Code)
			}
		}
		r := s.call("GET", "/wps/agent/team?parent="+itoa(tr.sub), tr.subTok, nil, nil)
		if r.status != 200 || r.value["total"] != float64(1) {
			t.Fatalf("own team: %d %+v", r.status, r.env)
		}
		if r := s.call("GET", "/wps/agent/team", s.mustLoginToken("play02x"), nil, nil); r.status != 403 || r.env.Code != "agent.not_agent" {
			t.Fatalf("member: %d %s", r.status, r.env.Code)
		}
		if r := s.call("GET", "/wps/agent/team", "", nil, nil); r.status != 401 {
			t.Fatalf("visitor: %d", r.status)
		}
		// A transfer to someone outside the direct downline names no one.
		if _, err := s.svc.ToDownlineMember(ctx, tr.subC, agent.TransferRequest{Username: "play02x", Amount: 1000}, "k1"); codeOf(err) != "agent.not_in_team" {
			t.Fatalf("transfer outside: %v", err)
		}
		if _, err := s.svc.ToDownlineMember(ctx, tr.agentC, agent.TransferRequest{Username: "play01x", Amount: 1000}, "k2"); codeOf(err) != "agent.not_in_team" {
			t.Fatalf("transfer two levels down: %v", err)
		}
	})
}

func TestMove(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)
		op := operator.Caller{ID: 1, Username: "ops01", Role: operator.RoleAdmin}
		cases := []struct {
			name           string
			member, parent int64
			reason, code   string
		}{
			{"ErrCycleSelf", tr.sub, tr.sub, "r", "agent.move_cycle"},
			{"ErrCycleDescendant", tr.agentC.MemberID, tr.sub, "r", "agent.move_cycle"},
			{"ErrParentNotAgent", tr.pl2, tr.play1, "r", "agent.parent_not_agent"},
			{"ErrParentMissing", tr.pl2, 999999, "r", "agent.parent_not_found"},
			{"ErrMemberMissing", 999999, tr.sub, "r", "agent.member_not_found"},
			{"ErrSame", tr.play1, tr.sub, "r", "agent.move_same"},
			{"ErrNoReason", tr.pl2, tr.sub, " ", "agent.reason_required"},
		}
		for _, c := range cases {
			if _, err := s.svc.Move(ctx, op, agent.MoveRequest{MemberID: c.member, ParentID: c.parent, Reason: c.reason}); codeOf(err) != c.code {
				t.Fatalf("%s: %v, want %s", c.name, err, c.code)
			}
		}
		if len(s.audits.rows) != 0 {
			t.Fatalf("refused moves audited: %+v", s.audits.rows)
		}
		// sub01x (with play01x) moves under subtwo: the whole team follows.
		res, err := s.svc.Move(ctx, op, agent.MoveRequest{MemberID: tr.sub, ParentID: tr.sub2, Reason: "agent request"})
		if err != nil || res.FromParentID != tr.agentC.MemberID || res.ToParentID != tr.sub2 {
			t.Fatalf("move: %+v %v", res, err)
		}
		if len(s.audits.rows) != 1 || s.audits.rows[0].action != "agent.move" || s.audits.rows[0].target != "member:"+itoa(tr.sub) ||
			s.audits.rows[0].detail["reason"] != "agent request" {
			t.Fatalf("audit %+v", s.audits.rows)
		}
		s.settle()
		view, err := s.svc.MemberTree(ctx, tr.play1, 1, 50)
		if err != nil {
			t.Fatal(err)
		}
		var chain []string
		for _, u := range view.Upline {
			chain = append(chain, u.Account)
		}
		if fmt.Sprint(chain) != "[agent01 subtwo sub01x]" {
			t.Fatalf("play01x upline after the move: %v", chain)
		}
		sub2team, err := s.svc.Team(ctx, tr.agentC, agent.TeamQuery{Parent: tr.sub2, Scope: agent.ScopeAll})
		if err != nil || fmt.Sprint(teamNames(t, sub2team)) != "[play01x:0:L3 sub01x:2:L2]" {
			t.Fatalf("subtwo's team: %v %v", teamNames(t, sub2team), err)
		}
		// Now subtwo is above sub01x: moving subtwo under sub01x is a cycle.
		if _, err := s.svc.Move(ctx, op, agent.MoveRequest{MemberID: tr.sub2, ParentID: tr.sub, Reason: "r"}); codeOf(err) != "agent.move_cycle" {
			t.Fatalf("cycle after the move: %v", err)
		}
		// Detach play02x: it has no upline any more.
		if _, err := s.svc.Move(ctx, op, agent.MoveRequest{MemberID: tr.pl2, ParentID: 0, Reason: "left"}); err != nil {
			t.Fatal(err)
		}
		s.settle()
		if view, _ := s.svc.MemberTree(ctx, tr.pl2, 1, 50); len(view.Upline) != 0 {
			t.Fatalf("detached: %+v", view)
		}
		// The console: tree needs agents.read, the move agents.write.
		admin := s.opToken("ops01")
		r := s.call("GET", "/ops/v1/agents/tree?member="+itoa(tr.agentC.MemberID), admin, nil, nil)
		if r.status != 200 || r.value["total"] != float64(1) { // subtwo only: sub01x moved, play02x detached
			t.Fatalf("ops tree: %d %+v", r.status, r.env)
		}
		content := s.opToken("content01")
		if r := s.call("GET", "/ops/v1/agents/tree?member=1", content, nil, nil); r.status != 403 {
			t.Fatalf("content01 reads the tree: %d", r.status)
		}
		viewer := s.opToken("viewer01")
		if r := s.call("POST", "/ops/v1/agents/move", viewer, agent.MoveRequest{MemberID: tr.pl2, ParentID: tr.sub, Reason: "x"}, nil); r.status != 403 {
			t.Fatalf("viewer01 moves: %d", r.status)
		}
		support := s.opToken("support01")
		if r := s.call("POST", "/ops/v1/agents/move", support, agent.MoveRequest{MemberID: tr.pl2, ParentID: tr.sub, Reason: "x"}, nil); r.status != 200 {
			t.Fatalf("support01 moves: %d %+v", r.status, r.env)
		}
	})
}

// TestConsoleTree: the console's tree by username (the search box), with
// balances and registration times, and the move naming the new upline by
// username as an operator types it.
func TestConsoleTree(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)
		if _, err := s.wallet.SeedDemo(ctx, tr.agentC.MemberID); err != nil {
			t.Fatal(err)
		}
		admin := s.opToken("ops01")

		// agent01 by username in another case: its direct downline with team sizes and its balance.
		r := s.call("GET", "/ops/v1/agents/tree?account=AGENT01&pageSize=10", admin, nil, nil)
		if r.status != 200 {
			t.Fatalf("tree by account: %d %+v", r.status, r.env)
		}
		var view agent.OpsTree
		decode(t, r.env.Value, &view)
		if view.Member.ID != tr.agentC.MemberID || view.Member.Balance != s.balance(tr.agentC.MemberID) || view.Member.Balance <= 0 ||
			view.Currency == "" || view.Decimals != 2 || view.Member.RegisteredAt <= 0 || len(view.Upline) != 0 {
			t.Fatalf("agent01's view: %+v", view)
		}
		teams := map[string]string{}
		for _, n := range view.Downline {
			teams[n.Account] = fmt.Sprintf("%d/%d/%v", n.DirectCount, n.TeamCount, n.Agent)
		}
		if fmt.Sprint(teams) != "map[play02x:0/0/false sub01x:1/1/true subtwo:0/0/true]" || view.Total != 3 {
			t.Fatalf("agent01's downline: %v total %d", teams, view.Total)
		}
		// Paged: the second page of one row each.
		r = s.call("GET", "/ops/v1/agents/tree?account=agent01&pageSize=1&page=2", admin, nil, nil)
		decode(t, r.env.Value, &view)
		if len(view.Downline) != 1 || view.Total != 3 || view.Page != 2 {
			t.Fatalf("page 2: %+v", view)
		}
		// Unknown usernames and the empty one: not found; member wins over account.
		for _, q := range []string{"account=nobody01", "account=%20", "account=" + strings.Repeat("x", 80)} {
			if r := s.call("GET", "/ops/v1/agents/tree?"+q, admin, nil, nil); r.status != 404 || r.env.Code != "agent.member_not_found" {
				t.Fatalf("%s: %d %s", q, r.status, r.env.Code)
			}
		}
		r = s.call("GET", "/ops/v1/agents/tree?member="+itoa(tr.play1)+"&account=agent01", admin, nil, nil)
		decode(t, r.env.Value, &view)
		if view.Member.Account != "play01x" || len(view.Upline) != 2 || view.Upline[0].Account != "agent01" || view.Upline[1].Account != "sub01x" {
			t.Fatalf("play01x's chain: %+v", view)
		}

		// The move by the new upline's username.
		op := operator.Caller{ID: 1, Username: "ops01", Role: operator.RoleAdmin}
		for name, c := range map[string]struct {
			req  agent.MoveRequest
			code string
		}{
			"ErrUnknownUpline": {agent.MoveRequest{MemberID: tr.pl2, ParentAccount: "nobody01", Reason: "r"}, "agent.parent_not_found"},
			"ErrBoth":          {agent.MoveRequest{MemberID: tr.pl2, ParentID: tr.sub, ParentAccount: "sub01x", Reason: "r"}, "request.invalid_param"},
			"ErrNotAgent":      {agent.MoveRequest{MemberID: tr.pl2, ParentAccount: "play01x", Reason: "r"}, "agent.parent_not_agent"},
			"ErrSelf":          {agent.MoveRequest{MemberID: tr.pl2, ParentAccount: "PLAY02X", Reason: "r"}, "agent.move_cycle"},
			"ErrCycle":         {agent.MoveRequest{MemberID: tr.agentC.MemberID, ParentAccount: "sub01x", Reason: "r"}, "agent.move_cycle"},
		} {
			if _, err := s.svc.Move(ctx, op, c.req); codeOf(err) != c.code {
				t.Fatalf("%s: %v, want %s", name, err, c.code)
			}
		}
		r = s.call("POST", "/ops/v1/agents/move", admin, agent.MoveRequest{MemberID: tr.pl2, ParentAccount: " Sub01x ", Reason: "agent request"}, nil)
		if r.status != 200 || r.value["toParentId"] != float64(tr.sub) || r.value["fromParentId"] != float64(tr.agentC.MemberID) {
			t.Fatalf("move by username: %d %+v", r.status, r.env)
		}
		if n := len(s.audits.rows); n != 1 || s.audits.rows[0].detail["after"].(map[string]any)["parentId"] != tr.sub {
			t.Fatalf("audit: %+v", s.audits.rows)
		}
		s.settle()
		r = s.call("GET", "/ops/v1/agents/tree?account=sub01x", admin, nil, nil)
		decode(t, r.env.Value, &view)
		if view.Total != 2 || view.Member.DirectCount != 2 || view.Member.TeamCount != 2 {
			t.Fatalf("sub01x after the move: %+v", view)
		}
	})
}

// decode reads an answer's value into out (zeroed first).
func decode[T any](t *testing.T, v any, out *T) {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var fresh T
	if err := json.Unmarshal(raw, &fresh); err != nil {
		t.Fatal(err)
	}
	*out = fresh
}

// Migration 0042 places members whose facts never told their upline
// (registered before member.registered carried it): one member.moved fact
// each to its current upline, none for members the facts already place.
func TestUplineBackfillMigration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		members := account.NewStore(d)
		ag, err := members.MemberByAccount(ctx, account.DemoAgent)
		if err != nil {
			t.Fatal(err)
		}
		agentID := ag.ID
		mk := func(name string, parent int64) int64 {
			m := account.Member{Account: name, Nickname: name, ParentID: parent, RegisterMethod: "WEB", CreatedAt: time.Now(), PasswordChangedAt: time.Now()}
			if err := members.CreateMember(ctx, &m); err != nil {
				t.Fatal(err)
			}
			return m.ID
		}
		old1, old2, fresh := mk("oldone", agentID), mk("oldtwo", 0), mk("freshone", agentID)
		s.settle()
		// old1 and old2 as an older binary left them: registration facts
		// without the upline, so the tree holds them as roots; old2's upline
		// was set without a fact (below old1).
		for _, id := range []int64{old1, old2} {
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE activity_event SET ref = '' WHERE fact_key = ?`), "member:"+strconv.FormatInt(id, 10)); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, d.Rebind(`DELETE FROM agent_closure WHERE member_id = ? AND depth > 0`), id); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE account_member SET parent_id = ? WHERE id = ?`), old1, old2); err != nil {
			t.Fatal(err)
		}
		steps, err := db.Migrations(d.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		var sql string
		for _, m := range steps {
			if strings.Contains(m.Name, "agent_upline_backfill") {
				sql = m.SQL
			}
		}
		if sql == "" {
			t.Fatal("no backfill migration")
		}
		if _, err := d.ExecContext(ctx, sql); err != nil {
			t.Fatal(err)
		}
		s.settle()
		chain := func(id int64) string {
			nodes, err := agent.NewStore(d).Ancestors(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(nodes)
		}
		if got, want := chain(old2), fmt.Sprint([]agent.Node{{MemberID: old1, Depth: 1}, {MemberID: agentID, Depth: 2}}); got != want {
			t.Fatalf("old2's chain %s, want %s", got, want)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM activity_event WHERE fact_key LIKE 'member-upline:%'`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("%d backfill facts (%v), want 2 (fresh %d is placed by its own fact)", n, err, fresh)
		}
	})
}
