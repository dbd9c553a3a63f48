package account

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// SharingIP answers for a page of members what MembersSharingIP answers
// member by member: shared registration IPs, a login from another's
// registration IP, and trial accounts left out.
func TestSharingIP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, d.Rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 7 {
			exec(`INSERT INTO account_member (account, account_lower, created_at, updated_at) VALUES (?, ?, 1, 1)`,
				"ipuser"+strconv.Itoa(i), "ipuser"+strconv.Itoa(i))
		}
		rows, err := d.QueryContext(ctx, `SELECT id FROM account_member ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if len(ids) < 7 {
			t.Fatalf("%d seeded members, want 7", len(ids))
		}
		for _, id := range ids {
			exec(`UPDATE account_member SET register_ip = ?, type = ? WHERE id = ?`, "198.51.100."+strconv.FormatInt(id, 10), TypeMember, id)
		}
		session := func(member int64, ip string, at int64) {
			exec(`INSERT INTO account_session (token_hash, member_id, remember, login_type, ip, user_agent, created_at, last_seen_at, expires_at)
 VALUES (?, ?, 0, 'PASSWORD', ?, '', ?, ?, ?)`, "t"+strconv.FormatInt(member, 10)+ip+strconv.FormatInt(at, 10), member, ip, at, at, at+1000)
		}
		m := ids
		exec(`UPDATE account_member SET register_ip = '203.0.113.1' WHERE id IN (?, ?)`, m[0], m[1]) // same registration IP
		session(m[2], "203.0.113.2", 1000)                                                           // m[2] logs in where m[3] registered
		exec(`UPDATE account_member SET register_ip = '203.0.113.2' WHERE id = ?`, m[3])
		session(m[4], "203.0.113.3", 1000) // only a trial account shares with m[4]
		exec(`UPDATE account_member SET register_ip = '203.0.113.3', type = ? WHERE id = ?`, TypeTrial, m[5])
		session(m[6], "203.0.113.4", 1000) // m[6] alone, twice from one IP
		session(m[6], "203.0.113.4", 2000)

		got, err := e.svc.SharingIP(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int64]bool{m[0]: true, m[1]: true, m[2]: true, m[3]: true, m[5]: true}
		for _, id := range ids {
			links, err := e.svc.MembersSharingIP(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got[id] != want[id] || got[id] != (len(links) > 0) {
				t.Fatalf("member %d: SharingIP %v, want %v; MembersSharingIP %v", id, got[id], want[id], links)
			}
		}
	})
}

// TestSharingIPPlan (PostgreSQL): SharingIP's statement runs prepared in a
// Fixed session, with a generic plan made once per connection. On a new
// database of a few rows that plan must walk each IP's index entries
// (logins and registrations) member by member, never read a table or a
// whole index into a hash.
func TestSharingIPPlan(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	plan := dbtest.GenericPlan(t, d, []string{"SET LOCAL enable_seqscan = off"}, sqlSharingIPSet, `'{1,2}'`, `50`, strconv.Itoa(TypeTrial))
	for _, index := range []string{"account_session_member_created", "account_session_ip", "account_member_register_ip", "account_member_pkey"} {
		if !strings.Contains(plan, index) {
			t.Errorf("the generic plan does not use %s:\n%s", index, plan)
		}
	}
	if strings.Contains(plan, "Seq Scan") || strings.Contains(plan, "hashed SubPlan") {
		t.Errorf("the generic plan reads a table or a whole index:\n%s", plan)
	}
}
