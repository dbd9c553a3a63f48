package rewards

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Held rewards (docs/rewards.md "Abuse flags"): a reward whose member is
// linked to another by a shared device, IP, payout account or phone, where
// the promotion allows one per person (the welcome bonus) or pays for a
// friend (a referral), is held for an operator's review instead of issued.
// Approving issues it under its own key, exactly once; rejecting keeps it
// from ever being issued under that key.

// Statuses of a held reward.
const (
	HoldHeld     = "HELD"
	HoldApproved = "APPROVED"
	HoldRejected = "REJECTED"
)

// The abuse flag of a welcome bonus held because a linked member already
// got (or is held for) one; the link's reasons come with it.
const FlagWelcomeTaken = "welcome_taken"

var (
	ErrHoldNotFound = apperr.NotFound("reward.hold_not_found")
	ErrHoldDecided  = apperr.Conflict("reward.hold_decided")
)

// Linker tells which other members share a device, IP, payout account or
// phone with a member, and why, read in tx (a stream consumer's).
type Linker interface {
	LinkedTx(ctx context.Context, tx *db.Tx, member int64) (map[int64][]string, error)
}

// UseLinker sets who answers the abuse flags; without one nothing is held.
func (s *Service) UseLinker(l Linker) { s.linker = l }

// heldIssue is the stored form of a held Issue: its claim window is kept
// as a length, counted again from the approval.
type heldIssue struct {
	Issue
	ClaimFor time.Duration `json:"claimFor"`
}

// HoldTx holds a reward in tx instead of issuing it; a key issued or held
// before adds nothing.
func HoldTx(ctx context.Context, tx *db.Tx, r Issue, flags []string, linked []int64, now time.Time) error {
	if r.Key == "" || r.MemberID <= 0 || r.Amount <= 0 || (r.Kind != KindCash && r.Kind != KindBonus) || !r.ClaimBy.After(now) {
		return apperr.Invalid("reward.invalid_issue")
	}
	body, err := json.Marshal(heldIssue{Issue: r, ClaimFor: r.ClaimBy.Sub(now)})
	if err != nil {
		return err
	}
	ids := make([]string, len(linked))
	for i, id := range linked {
		ids[i] = strconv.FormatInt(id, 10)
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO reward_hold (reward_key, member_id, source, amount, currency, issue, flags, linked, status, held_at)
		SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'HELD', ? WHERE NOT EXISTS (SELECT 1 FROM reward WHERE reward_key = ?)
		ON CONFLICT (reward_key) DO NOTHING`),
		r.Key, r.MemberID, r.Source, r.Amount, r.Currency, string(body), strings.Join(flags, ","), strings.Join(ids, ","), now.UnixMilli(), r.Key)
	return err
}

// welcomeLinks is why member's welcome bonus is held: the reasons it is
// linked to members who got a welcome bonus or are held for one (a
// rejected one was never given), and those members.
func (s *Service) welcomeLinks(ctx context.Context, tx *db.Tx, member int64) ([]string, []int64, error) {
	links, err := s.linker.LinkedTx(ctx, tx, member)
	if err != nil || len(links) == 0 {
		return nil, nil, err
	}
	keys := make([]any, 0, len(links))
	byKey := map[string]int64{}
	for id := range links {
		k := "welcome:" + strconv.FormatInt(id, 10)
		keys = append(keys, k)
		byKey[k] = id
	}
	in := `(?` + strings.Repeat(`, ?`, len(keys)-1) + `)`
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT reward_key FROM reward WHERE reward_key IN `+in+`
		UNION SELECT reward_key FROM reward_hold WHERE reward_key IN `+in+` AND status <> 'REJECTED'`), append(keys, keys...)...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	seen := map[string]bool{}
	var linked []int64
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, nil, err
		}
		id := byKey[k]
		linked = append(linked, id)
		for _, r := range links[id] {
			seen[r] = true
		}
	}
	if err := rows.Err(); err != nil || len(linked) == 0 {
		return nil, nil, err
	}
	flags := []string{FlagWelcomeTaken}
	for r := range seen {
		flags = append(flags, r)
	}
	sort.Strings(flags[1:])
	sort.Slice(linked, func(i, j int) bool { return linked[i] < linked[j] })
	return flags, linked, nil
}

// KeyState is where a reward key stands: issued (its reward's status, as
// the member sees it) or held (the hold's status); both empty: neither.
type KeyState struct {
	Reward string `json:"reward,omitempty"`
	Hold   string `json:"hold,omitempty"`
}

// KeyStates reads where each key stands (a referral's reward, say).
func (s *Service) KeyStates(ctx context.Context, keys []string) (map[string]KeyState, error) {
	out := make(map[string]KeyState, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	in := `(?` + strings.Repeat(`, ?`, len(keys)-1) + `)`
	now := s.clock.Now().UnixMilli()
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT reward_key, status, expires_at, '' FROM reward WHERE reward_key IN `+in+`
		UNION ALL SELECT reward_key, '', 0, status FROM reward_hold WHERE reward_key IN `+in), append(args, args...)...)
	if err != nil {
		return nil, apperr.Internal(err, "select reward states")
	}
	defer rows.Close()
	for rows.Next() {
		var k, status, hold string
		var expires int64
		if err := rows.Scan(&k, &status, &expires, &hold); err != nil {
			return nil, apperr.Internal(err, "scan reward state")
		}
		st := out[k]
		if status != "" {
			st.Reward = s.shown(Reward{Status: status, ExpiresAt: expires}, "EN", now).Status
		}
		if hold != "" {
			st.Hold = hold
		}
		out[k] = st
	}
	return out, rows.Err()
}

// Hold is a held reward as the console lists it.
type Hold struct {
	ID         int64    `json:"id"`
	Key        string   `json:"key"`
	MemberID   int64    `json:"memberId"`
	Account    string   `json:"account"`
	Source     string   `json:"source"`
	Title      string   `json:"title"`
	Amount     int64    `json:"amount"`
	Currency   string   `json:"currency"`
	Kind       string   `json:"kind"`
	Flags      []string `json:"flags"`
	Linked     []int64  `json:"linked"`
	Status     string   `json:"status"`
	HeldAt     int64    `json:"heldAt"`
	DecidedBy  int64    `json:"decidedBy"`
	DecidedAt  int64    `json:"decidedAt"`
	Reason     string   `json:"reason"`
	issue      heldIssue
	issueStore string
}

// HoldPage is a page of held rewards.
type HoldPage struct {
	Items    []Hold `json:"items"`
	Total    int    `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

const holdCols = `id, reward_key, member_id, source, amount, currency, issue, flags, linked, status, held_at, decided_by, decided_at, reason`

func scanHold(row interface{ Scan(...any) error }) (Hold, error) {
	var h Hold
	var flags, linked string
	err := row.Scan(&h.ID, &h.Key, &h.MemberID, &h.Source, &h.Amount, &h.Currency, &h.issueStore, &flags, &linked, &h.Status,
		&h.HeldAt, &h.DecidedBy, &h.DecidedAt, &h.Reason)
	if err != nil {
		return h, err
	}
	h.Flags, h.Linked = []string{}, []int64{}
	if flags != "" {
		h.Flags = strings.Split(flags, ",")
	}
	for _, id := range strings.Split(linked, ",") {
		if n, err := strconv.ParseInt(id, 10, 64); err == nil {
			h.Linked = append(h.Linked, n)
		}
	}
	if err := json.Unmarshal([]byte(h.issueStore), &h.issue); err != nil {
		return h, err
	}
	h.Title, h.Kind = h.issue.TitleEN, h.issue.Kind
	return h, nil
}

// Holds pages held rewards: status HELD (waiting), APPROVED, REJECTED or
// "" for all; member 0 for every member. Newest first.
func (o *Ops) Holds(ctx context.Context, status string, member int64, page, size int) (HoldPage, error) {
	where, args := `1 = 1`, []any{}
	if status != "" {
		where, args = where+` AND status = ?`, append(args, status)
	}
	if member > 0 {
		where, args = where+` AND member_id = ?`, append(args, member)
	}
	out := HoldPage{Items: []Hold{}, Page: page, PageSize: size}
	d := o.svc.db
	if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM reward_hold WHERE `+where), args...).Scan(&out.Total); err != nil {
		return out, apperr.Internal(err, "count held rewards")
	}
	rows, err := d.QueryContext(ctx, d.Rebind(`SELECT `+holdCols+` FROM reward_hold WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`),
		append(args, size, (page-1)*size)...)
	if err != nil {
		return out, apperr.Internal(err, "select held rewards")
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		h, err := scanHold(rows)
		if err != nil {
			return out, apperr.Internal(err, "scan held reward")
		}
		out.Items = append(out.Items, h)
		ids = append(ids, h.MemberID)
	}
	if err := rows.Err(); err != nil {
		return out, apperr.Internal(err, "select held rewards")
	}
	if len(ids) > 0 && o.members != nil {
		ms, err := o.members.MembersByID(ctx, ids)
		if err != nil {
			return out, apperr.Internal(err, "read members")
		}
		for i := range out.Items {
			out.Items[i].Account = ms[out.Items[i].MemberID].Account
		}
	}
	return out, nil
}

// holdByID reads one held reward.
func (o *Ops) holdByID(ctx context.Context, id int64) (Hold, error) {
	d := o.svc.db
	h, err := scanHold(d.QueryRowContext(ctx, d.Rebind(`SELECT `+holdCols+` FROM reward_hold WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return Hold{}, ErrHoldNotFound.With("id", id)
	}
	if err != nil {
		return Hold{}, apperr.Internal(err, "select held reward")
	}
	return h, nil
}

// ApproveHold issues a held reward, exactly once: the hold moves HELD ->
// APPROVED by one conditional update in the transaction that issues the
// reward (its claim window counted from now), so of two approvals at once
// one issues and the other answers ErrHoldDecided.
func (o *Ops) ApproveHold(ctx context.Context, op operator.Caller, id int64, reason string) (Hold, error) {
	return o.decide(ctx, op, id, true, reason)
}

// RejectHold refuses a held reward with a reason; it is never issued.
func (o *Ops) RejectHold(ctx context.Context, op operator.Caller, id int64, reason string) (Hold, error) {
	return o.decide(ctx, op, id, false, reason)
}

func (o *Ops) decide(ctx context.Context, op operator.Caller, id int64, approve bool, reason string) (Hold, error) {
	// A rejection needs its reason; an approval may give one.
	if !approve || strings.TrimSpace(reason) != "" {
		r, err := checkReason(reason)
		if err != nil {
			return Hold{}, err
		}
		reason = r
	}
	h, err := o.holdByID(ctx, id)
	if err != nil {
		return Hold{}, err
	}
	if h.Status != HoldHeld {
		return Hold{}, ErrHoldDecided
	}
	now := o.svc.clock.Now()
	status := HoldRejected
	if approve {
		status = HoldApproved
	}
	err = o.svc.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE reward_hold SET status = ?, decided_by = ?, decided_at = ?, reason = ? WHERE id = ? AND status = 'HELD'`),
			status, op.ID, now.UnixMilli(), reason, id)
		if err != nil {
			return apperr.Internal(err, "decide held reward")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrHoldDecided
		}
		if !approve {
			return nil
		}
		r := h.issue.Issue
		r.ClaimBy = now.Add(h.issue.ClaimFor)
		return IssueTx(ctx, tx, r, now)
	})
	if err != nil {
		return Hold{}, err
	}
	before := map[string]any{"hold": h.ID, "key": h.Key, "status": h.Status, "flags": h.Flags, "amount": h.Amount}
	h.Status, h.DecidedBy, h.DecidedAt, h.Reason = status, op.ID, now.UnixMilli(), reason
	after := map[string]any{"hold": h.ID, "key": h.Key, "status": h.Status, "flags": h.Flags, "amount": h.Amount}
	o.audit(ctx, op, "reward.hold."+strings.ToLower(status), h.MemberID, reason, before, after)
	return h, nil
}
