package account

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): members generated in bulk
// by the database itself, marked register_method 'BENCH'. Never used by
// the server.

// BenchMethod marks generated members.
const BenchMethod = "BENCH"

// RealMembers counts the members that were not generated for benches
// (trial accounts aside).
func (s *Store) RealMembers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM account_member WHERE register_method <> ? AND type <> ?`),
		BenchMethod, TypeTrial).Scan(&n)
	return n, err
}

// benchSessionIP is login k's address of member i: the first from
// 172.16.x.y (shared by 4 members), the others from a carrier's
// 100.(64+k).x.y (shared by every 65,536th member).
const benchSessionIP = `CASE WHEN k = 0 THEN '172.16.' || ((i / 4) / 256 % 256) || '.' || ((i / 4) % 256)
	ELSE '100.' || (64 + k) || '.' || (i / 256 % 256) || '.' || (i % 256) END`

// BenchSeedMembers inserts members first..first+n-1 (ids from the current
// maximum + 1 on), member i with 1 + i mod 5 logins 3 days apart
// (benchSessionIP), registered 63 s apart (a million over two years), and
// returns the first id.
// Member i is u<i>, mobile 9<i, 9 digits> (+63), e-mail u<i>@bench.example,
// registered from 10.x.y.z (unique) and logged in from 172.16.x.y (shared
// by 4 members); every 1000th member is an agent and the upline of the
// 999 after it. hash is every member's password hash.
func (s *Store) BenchSeedMembers(ctx context.Context, n, batch int, hash string, now time.Time) (int64, error) {
	var base int64
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM account_member`).Scan(&base); err != nil {
		return 0, apperr.Internal(err, "max member id")
	}
	nowMS := now.UnixMilli()
	for from := 0; from < n; from += batch {
		to := min(from+batch, n) - 1
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			var members, sessions string
			if tx.Dialect() == db.Postgres {
				gen := fmt.Sprintf(`FROM generate_series(%d::bigint, %d::bigint) AS g(i)`, from, to)
				members = `INSERT INTO account_member (id, account, account_lower, nickname, type, status, password_hash, password_changed_at,
					last_login_at, last_login_ip, email, mobile, country_dialing_code, parent_id, register_method, register_ip, created_at, updated_at)
					SELECT $1::bigint + i, 'u' || i, 'u' || i, 'u' || i, CASE WHEN i % 1000 = 0 THEN 1 ELSE 0 END, 0, $2::text, $3::bigint,
					$3::bigint - (i % 86400) * 1000, '172.16.' || ((i / 4) / 256 % 256) || '.' || ((i / 4) % 256),
					'u' || i || '@bench.example', '9' || lpad(i::text, 9, '0'), '63',
					CASE WHEN i % 1000 = 0 THEN NULL ELSE $1::bigint + (i / 1000) * 1000 END, 'BENCH',
					'10.' || (i / 65536 % 256) || '.' || (i / 256 % 256) || '.' || (i % 256), $3::bigint - i * 63000, $3::bigint ` + gen
				sessions = `INSERT INTO account_session (token_hash, member_id, login_type, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at)
					SELECT 'bench' || i || '-' || k, $1::bigint + i, 'username', ` + benchSessionIP + `, 'bench',
					$2::bigint - (i % 86400) * 1000 - k * 259200000, $2::bigint - (i % 86400) * 1000 - k * 259200000,
					$2::bigint - (i % 86400) * 1000 - k * 259200000 + 3600000, 0 ` + gen + ` JOIN generate_series(0, 4) AS s(k) ON k <= i % 5`
				if _, err := tx.ExecContext(ctx, members, base, hash, nowMS); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, sessions, base, nowMS)
				return err
			}
			gen := fmt.Sprintf(`WITH RECURSIVE g(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM g WHERE i < %d) `, from, to)
			members = gen + `INSERT INTO account_member (id, account, account_lower, nickname, type, status, password_hash, password_changed_at,
				last_login_at, last_login_ip, email, mobile, country_dialing_code, parent_id, register_method, register_ip, created_at, updated_at)
				SELECT ?1 + i, 'u' || i, 'u' || i, 'u' || i, CASE WHEN i % 1000 = 0 THEN 1 ELSE 0 END, 0, ?2, ?3,
				?3 - (i % 86400) * 1000, '172.16.' || ((i / 4) / 256 % 256) || '.' || ((i / 4) % 256),
				'u' || i || '@bench.example', '9' || printf('%09d', i), '63',
				CASE WHEN i % 1000 = 0 THEN NULL ELSE ?1 + (i / 1000) * 1000 END, 'BENCH',
				'10.' || (i / 65536 % 256) || '.' || (i / 256 % 256) || '.' || (i % 256), ?3 - i * 63000, ?3 FROM g`
			sessions = gen + `, s(k) AS (VALUES (0), (1), (2), (3), (4)) INSERT INTO account_session (token_hash, member_id, login_type, ip,
				user_agent, created_at, last_seen_at, expires_at, revoked_at)
				SELECT 'bench' || i || '-' || k, ?1 + i, 'username', ` + benchSessionIP + `, 'bench',
				?2 - (i % 86400) * 1000 - k * 259200000, ?2 - (i % 86400) * 1000 - k * 259200000,
				?2 - (i % 86400) * 1000 - k * 259200000 + 3600000, 0 FROM g JOIN s ON k <= i % 5`
			if _, err := tx.ExecContext(ctx, members, base, hash, nowMS); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, sessions, base, nowMS)
			return err
		})
		if err != nil {
			return 0, apperr.Internal(err, "bench members")
		}
	}
	if s.db.Dialect == db.Postgres {
		if _, err := s.db.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('account_member', 'id'), (SELECT MAX(id) FROM account_member))`); err != nil {
			return 0, apperr.Internal(err, "member id sequence")
		}
	}
	return base, nil
}
