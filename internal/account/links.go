package account

import (
	"context"
	"net/netip"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Reasons two members are linked (the abuse flags of the welcome bonus and
// the referral program, docs/rewards.md "Abuse flags").
const (
	// LinkSharedIP: the other member registered or logged in from an IP
	// this member registered or logged in from.
	LinkSharedIP = "shared_ip"
	// LinkSharedDevice: the other member logged in from the same IP with
	// the same browser (user agent) as this member: the closest record of a
	// device the platform keeps.
	LinkSharedDevice = "shared_device"
	// LinkSharedPhone: the other member's mobile number is this member's
	// (the national number, whatever dialing code either gave).
	LinkSharedPhone = "shared_phone"
)

// MaxLinked bounds the members LinkedTx answers.
const MaxLinked = 100

// LinkedTx lists the other real members linked to memberID by a shared IP,
// device or phone, with the reasons, read in tx (a stream consumer's
// transaction). Loopback addresses are left out: they are the server's own
// host (a local proxy without PALARO_TRUST_PROXY, tests), not a person's.
func LinkedTx(ctx context.Context, tx *db.Tx, memberID int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	add := func(id int64, reason string) {
		for _, r := range out[id] {
			if r == reason {
				return
			}
		}
		out[id] = append(out[id], reason)
	}
	var regIP, mobile string
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT register_ip, mobile FROM account_member WHERE id = ?`), memberID).Scan(&regIP, &mobile)
	if db.IsNoRows(err) {
		return out, nil
	}
	if err != nil {
		return nil, apperr.Internal(err, "select member for links")
	}
	type device struct{ ip, agent string }
	var devices []device
	ips := map[string]bool{}
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT ip, user_agent FROM account_session WHERE member_id = ? AND ip <> ''
		GROUP BY ip, user_agent ORDER BY MAX(created_at) DESC LIMIT ?`), memberID, maxLinkIPs)
	if err != nil {
		return nil, apperr.Internal(err, "select member devices")
	}
	for rows.Next() {
		var d device
		if err := rows.Scan(&d.ip, &d.agent); err != nil {
			rows.Close()
			return nil, apperr.Internal(err, "scan member device")
		}
		if personal(d.ip) {
			devices = append(devices, d)
			ips[d.ip] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select member devices")
	}
	if personal(regIP) {
		ips[regIP] = true
	}
	if len(ips) > 0 {
		list := make([]any, 0, len(ips))
		for ip := range ips {
			list = append(list, ip)
		}
		in := `(?` + strings.Repeat(`, ?`, len(list)-1) + `)`
		args := append(append(append(append([]any{}, list...), memberID), list...), memberID, TypeTrial, MaxLinked)
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT l.member_id, l.ip, l.user_agent FROM (
				SELECT member_id, ip, user_agent FROM account_session WHERE ip IN `+in+` AND member_id <> ?
				UNION SELECT id, register_ip, '' FROM account_member WHERE register_ip IN `+in+` AND id <> ?
			) l JOIN account_member m ON m.id = l.member_id WHERE m.type <> ? ORDER BY l.member_id LIMIT ?`), args...)
		if err != nil {
			return nil, apperr.Internal(err, "select ip links")
		}
		for rows.Next() {
			var id int64
			var ip, agent string
			if err := rows.Scan(&id, &ip, &agent); err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan ip link")
			}
			add(id, LinkSharedIP)
			for _, d := range devices {
				if agent != "" && d.ip == ip && d.agent == agent {
					add(id, LinkSharedDevice)
				}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, apperr.Internal(err, "select ip links")
		}
	}
	if mobile != "" {
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT id FROM account_member WHERE mobile = ? AND id <> ? AND type <> ? LIMIT ?`),
			mobile, memberID, TypeTrial, MaxLinked)
		if err != nil {
			return nil, apperr.Internal(err, "select phone links")
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan phone link")
			}
			add(id, LinkSharedPhone)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, apperr.Internal(err, "select phone links")
		}
	}
	return out, nil
}

// personal reports whether ip can tell a person apart: set, and not the
// server's own host.
func personal(ip string) bool {
	a, err := netip.ParseAddr(ip)
	return err == nil && !a.IsLoopback() && !a.IsUnspecified()
}
