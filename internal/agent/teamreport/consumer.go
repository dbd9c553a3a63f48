// Package teamreport serves the agent centre's reports (issue 31 part 3):
// team overview, user loss, team betting and account details
// (docs/agent-reports-api.md, docs/agents.md "Reports"). Overview and user
// loss read the rows of the activity stream's consumer "agent.teamdaily",
// kept per upline agent and day, so a period costs at most 31 rows per
// agent (and per line); team betting and account details read the rounds
// and the ledger through the records and the wallet, for the members the
// agent tree says are in the caller's team.
package teamreport

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/db"
)

// Name is the consumer's name (its cursor and lease in the stream).
const Name = "agent.teamdaily"

// Uplines is what the consumer needs from the agent tree (internal/agent's
// closure): each member's upline chain now, nearest first (the direct
// upline, its upline, … up to the top), read in the consumer's transaction
// so a batch sees one state of the tree. Members without an upline may be
// left out of the map.
type Uplines interface {
	Ancestors(ctx context.Context, tx *db.Tx, members []int64) (map[int64][]int64, error)
}

// TreeCursor is optional on Uplines: when the tree is itself kept by a
// stream consumer, the position it has applied. A batch waits (the runner
// gives it again a second later) until the tree has applied every event of
// the batch, so a member registered in the batch already has its upline.
type TreeCursor interface {
	TreePosition(ctx context.Context, tx *db.Tx) (int64, error)
}

// ErrTreeBehind is why a batch waits for the agent tree (see TreeCursor).
var ErrTreeBehind = errors.New("teamreport: the agent tree has not applied these events yet")

// Consumer applies stream events to the agent report rows.
type Consumer struct {
	tree Uplines
	loc  func(context.Context) *time.Location
}

var _ activity.Selective = (*Consumer)(nil)

// NewConsumer: loc is the brand's time zone (brand.Service.Location).
func NewConsumer(tree Uplines, loc func(context.Context) *time.Location) *Consumer {
	return &Consumer{tree: tree, loc: loc}
}

func (c *Consumer) Name() string { return Name }

// Wants: rounds, money in and out, registrations; logins and the rest are
// neither read nor decoded.
func (c *Consumer) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled, activity.DepositCredited,
		activity.WithdrawalPaid, activity.Registered}}
}

func (c *Consumer) location(ctx context.Context) *time.Location {
	if c.loc != nil {
		if l := c.loc(ctx); l != nil {
			return l
		}
	}
	return time.UTC
}

type teamKey struct {
	agent         int64
	day, currency string
}

type teamSums struct {
	registrations, firstDeposits, firstDepositAmount     int64
	deposits, depositCount, withdrawals, withdrawalCount int64
	bets, validBets, wins, rounds                        int64
}

const teamCols = `registrations, first_deposits, first_deposit_amount, deposits, deposit_count, withdrawals, withdrawal_count, bets, valid_bets, wins, rounds`

func (s *teamSums) values() []any {
	return []any{s.registrations, s.firstDeposits, s.firstDepositAmount, s.deposits, s.depositCount, s.withdrawals, s.withdrawalCount,
		s.bets, s.validBets, s.wins, s.rounds}
}

type lineKey struct {
	agent         int64
	day, currency string
	line          int64
}

type lineSums struct{ bets, validBets, wins, rounds, deposits, withdrawals int64 }

const lineCols = `bets, valid_bets, wins, rounds, deposits, withdrawals`

func (s *lineSums) values() []any {
	return []any{s.bets, s.validBets, s.wins, s.rounds, s.deposits, s.withdrawals}
}

// Apply sums a batch per row in memory, then writes each table with
// multi-row upserts, in the runner's transaction. Each fact counts for the
// member's uplines as the tree holds them now (when the fact is applied,
// normally within a second of it): a member moved later keeps its past rows
// where they are.
func (c *Consumer) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	if len(events) == 0 {
		return nil
	}
	if tc, ok := c.tree.(TreeCursor); ok {
		pos, err := tc.TreePosition(ctx, tx)
		if err != nil {
			return err
		}
		if pos < events[len(events)-1].Seq {
			return ErrTreeBehind
		}
	}
	ids := make([]int64, 0, len(events))
	seenID := map[int64]bool{}
	for _, e := range events {
		if e.MemberID != 0 && !seenID[e.MemberID] {
			seenID[e.MemberID] = true
			ids = append(ids, e.MemberID)
		}
	}
	chains, err := c.tree.Ancestors(ctx, tx, ids)
	if err != nil {
		return fmt.Errorf("teamreport: uplines: %w", err)
	}
	loc := c.location(ctx)
	team := map[teamKey]*teamSums{}
	lines := map[lineKey]*lineSums{}
	teamRow := func(agent int64, day, cur string) *teamSums {
		k := teamKey{agent, day, cur}
		s := team[k]
		if s == nil {
			s = &teamSums{}
			team[k] = s
		}
		return s
	}
	lineRow := func(agent int64, day, cur string, line int64) *lineSums {
		k := lineKey{agent, day, cur, line}
		s := lines[k]
		if s == nil {
			s = &lineSums{}
			lines[k] = s
		}
		return s
	}
	var played []memberDay
	type dayKey struct {
		member int64
		day    string
	}
	seenDay := map[dayKey]bool{}
	for _, e := range events {
		if e.MemberID == 0 {
			continue
		}
		day := figures.DayOf(e.At, loc)
		first := false
		if e.Kind == activity.DepositCredited {
			// Decided for every member, in a team or not: a member placed
			// under an agent later has had its first deposit already.
			if first, err = firstDeposit(ctx, tx, e, day); err != nil {
				return err
			}
		}
		chain := chains[e.MemberID]
		if len(chain) == 0 {
			continue // nobody's team
		}
		switch e.Kind {
		case activity.RoundSettled, activity.RoundCancelled:
			rounds := int64(1)
			if e.Kind == activity.RoundCancelled {
				if e.Detail != "rollback" { // cancelled while open: it counted nothing
					continue
				}
				rounds = -1 // the amounts come negated
			}
			if k := (dayKey{e.MemberID, day}); !seenDay[k] {
				seenDay[k] = true
				played = append(played, memberDay{member: e.MemberID, day: day, chain: chain})
			}
			forEachLine(e.MemberID, chain, func(agent, line int64) {
				t := teamRow(agent, day, e.Currency)
				t.bets += e.Amount
				t.validBets += e.ValidBet
				t.wins += e.Win
				t.rounds += rounds
				l := lineRow(agent, day, e.Currency, line)
				l.bets += e.Amount
				l.validBets += e.ValidBet
				l.wins += e.Win
				l.rounds += rounds
			})
		case activity.DepositCredited:
			forEachLine(e.MemberID, chain, func(agent, line int64) {
				t := teamRow(agent, day, e.Currency)
				t.deposits += e.Amount
				t.depositCount++
				if first {
					t.firstDeposits++
					t.firstDepositAmount += e.Amount
				}
				lineRow(agent, day, e.Currency, line).deposits += e.Amount
			})
		case activity.WithdrawalPaid:
			forEachLine(e.MemberID, chain, func(agent, line int64) {
				t := teamRow(agent, day, e.Currency)
				t.withdrawals += e.Amount
				t.withdrawalCount++
				lineRow(agent, day, e.Currency, line).withdrawals += e.Amount
			})
		case activity.Registered:
			if e.Detail == "trial" {
				continue
			}
			forEachLine(e.MemberID, chain, func(agent, _ int64) { teamRow(agent, day, e.Currency).registrations++ })
		}
	}
	if err := upsertTeam(ctx, tx, team); err != nil {
		return err
	}
	if err := upsertLines(ctx, tx, lines); err != nil {
		return err
	}
	return applyActive(ctx, tx, played)
}

// forEachLine calls fn for each upline agent of the member with the line
// the member is in under it: the member itself under its direct upline,
// else the agent one step below on the chain.
func forEachLine(member int64, chain []int64, fn func(agent, line int64)) {
	line := member
	for _, agent := range chain {
		fn(agent, line)
		line = agent
	}
}

type memberDay struct {
	member int64
	day    string
	chain  []int64
}

func firstDeposit(ctx context.Context, tx *db.Tx, e activity.Event, day string) (bool, error) {
	res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_first_deposit (member_id, day, currency, amount)
 VALUES (?, ?, ?, ?) ON CONFLICT (member_id) DO NOTHING`), e.MemberID, day, e.Currency, e.Amount)
	if err != nil {
		return false, fmt.Errorf("teamreport: first deposit: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// upsertChunk bounds the rows of one statement.
const upsertChunk = 200

func upsertTeam(ctx context.Context, tx *db.Tx, rows map[teamKey]*teamSums) error {
	keys := make([]teamKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b teamKey) int { // one order for every writer
		return cmp.Or(cmp.Compare(a.agent, b.agent), strings.Compare(a.day, b.day), strings.Compare(a.currency, b.currency))
	})
	set := addSet("agent_team_daily", teamCols)
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO agent_team_daily (agent_id, day, currency, ` + teamCols + `) VALUES `)
		args := make([]any, 0, len(chunk)*14)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, k.agent, k.day, k.currency)
			args = append(args, rows[k].values()...)
		}
		q.WriteString(` ON CONFLICT (agent_id, day, currency) DO UPDATE SET ` + set)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("teamreport: team upsert: %w", err)
		}
	}
	return nil
}

func upsertLines(ctx context.Context, tx *db.Tx, rows map[lineKey]*lineSums) error {
	keys := make([]lineKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b lineKey) int {
		return cmp.Or(cmp.Compare(a.agent, b.agent), strings.Compare(a.day, b.day), strings.Compare(a.currency, b.currency), cmp.Compare(a.line, b.line))
	})
	set := addSet("agent_line_daily", lineCols)
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO agent_line_daily (agent_id, day, currency, line_id, ` + lineCols + `) VALUES `)
		args := make([]any, 0, len(chunk)*10)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, k.agent, k.day, k.currency, k.line)
			args = append(args, rows[k].values()...)
		}
		q.WriteString(` ON CONFLICT (agent_id, day, currency, line_id) DO UPDATE SET ` + set)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("teamreport: line upsert: %w", err)
		}
	}
	return nil
}

func addSet(table, cols string) string {
	var set strings.Builder
	for i, col := range strings.Split(cols, ", ") {
		if i > 0 {
			set.WriteString(", ")
		}
		fmt.Fprintf(&set, "%s = %s.%s + excluded.%s", col, table, col, col)
	}
	return set.String()
}

type activeKey struct {
	agent     int64
	day, prev string
}

// applyActive records each member's new (day, chain) pairs and keeps
// agent_active_daily's counts, per upline agent, of (day, the member's
// previous active day under that agent). An agent already holding the
// member on that day (under another chain: the member moved that day)
// counts nothing new; a day that lands between two known ones (a late
// round) moves the next day's count from (next, prev) to (next, day).
func applyActive(ctx context.Context, tx *db.Tx, played []memberDay) error {
	delta := map[activeKey]int64{}
	for _, md := range played {
		chain := formatChain(md.chain)
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_member_day (member_id, day, chain) VALUES (?, ?, ?) ON CONFLICT (member_id, day, chain) DO NOTHING`),
			md.member, md.day, chain)
		if err != nil {
			return fmt.Errorf("teamreport: member day: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			continue
		}
		others, err := memberDays(ctx, tx, md.member, md.day, chain)
		if err != nil {
			return err
		}
	agents:
		for _, agent := range md.chain {
			prev, next := "", ""
			for _, o := range others { // days in order
				if !slices.Contains(o.chain, agent) {
					continue
				}
				switch {
				case o.day == md.day:
					continue agents // counted for this agent on this day already
				case o.day < md.day:
					prev = o.day
				case next == "":
					next = o.day
				}
			}
			delta[activeKey{agent, md.day, prev}]++
			if next != "" {
				delta[activeKey{agent, next, prev}]--
				delta[activeKey{agent, next, md.day}]++
			}
		}
	}
	keys := make([]activeKey, 0, len(delta))
	for k, n := range delta {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b activeKey) int {
		return cmp.Or(cmp.Compare(a.agent, b.agent), strings.Compare(a.day, b.day), strings.Compare(a.prev, b.prev))
	})
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO agent_active_daily (agent_id, day, prev_day, members) VALUES `)
		args := make([]any, 0, len(chunk)*4)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?)")
			args = append(args, k.agent, k.day, k.prev, delta[k])
		}
		q.WriteString(` ON CONFLICT (agent_id, day, prev_day) DO UPDATE SET members = agent_active_daily.members + excluded.members`)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("teamreport: active upsert: %w", err)
		}
	}
	return nil
}

type dayChain struct {
	day   string
	chain []int64
}

// memberDays are the member's other (day, chain) rows, oldest day first.
func memberDays(ctx context.Context, tx *db.Tx, member int64, day, chain string) ([]dayChain, error) {
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT day, chain FROM agent_member_day WHERE member_id = ? AND NOT (day = ? AND chain = ?) ORDER BY day`),
		member, day, chain)
	if err != nil {
		return nil, fmt.Errorf("teamreport: member days: %w", err)
	}
	defer rows.Close()
	var out []dayChain
	for rows.Next() {
		var d dayChain
		var chain string
		if err := rows.Scan(&d.day, &chain); err != nil {
			return nil, err
		}
		d.chain = parseChain(chain)
		out = append(out, d)
	}
	return out, rows.Err()
}

func formatChain(chain []int64) string {
	parts := make([]string, len(chain))
	for i, id := range chain {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func parseChain(s string) []int64 {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	out := make([]int64, 0, len(parts))
	for _, p := range parts {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// Reset forgets every row before a replay.
func (c *Consumer) Reset(ctx context.Context, tx *db.Tx) error {
	for _, t := range []string{"agent_team_daily", "agent_line_daily", "agent_member_day", "agent_active_daily", "agent_first_deposit"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
			return fmt.Errorf("teamreport: reset %s: %w", t, err)
		}
	}
	return nil
}
