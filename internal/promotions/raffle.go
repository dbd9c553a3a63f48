package promotions

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
)

// The raffle (docs/rewards.md "Raffle"): members take a ticket while it
// runs; at its end a job draws Winners members, verifiably. The seed is 32
// random bytes written as 64 lower-case hex characters; SeedHash, public from
// the creation, is hex(SHA-256(seed text)); after the draw the seed is shown
// and anyone can order the tickets by hex(HMAC-SHA256(key: seed text,
// message: the ticket id in decimal)) ascending and take the first Winners
// distinct members.

// RafflePeriod is the grant period of a raffle prize (one per member).
const RafflePeriod = "raffle"

// ErrDrawn refuses to edit a raffle that has been drawn.
var ErrDrawn = apperr.Conflict("promotion.drawn")

// ErrDrawNotDue refuses an operator's draw of a raffle still running.
var ErrDrawNotDue = apperr.Conflict("promotion.draw_not_due")

func init() {
	apperr.Register("promotion.drawn", map[string]string{"EN": "This raffle has been drawn: its terms can no longer change.",
		"TY": "Nabunot na ang raffle na ito: hindi na mababago ang mga tuntunin nito."})
}

// newSeed makes a raffle's secret seed and its SHA-256 commitment.
func newSeed() (seed, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("raffle seed: %w", err)
	}
	seed = hex.EncodeToString(b)
	return seed, SeedHash(seed), nil
}

// SeedHash is the commitment to a seed: hex(SHA-256(seed)).
func SeedHash(seed string) string {
	h := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(h[:])
}

// TicketScore is a ticket's place in the draw: hex(HMAC-SHA256(seed,
// decimal ticket id)); the lowest wins first.
func TicketScore(seed string, ticket int64) string {
	m := hmac.New(sha256.New, []byte(seed))
	m.Write([]byte(strconv.FormatInt(ticket, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

// Ticket is one raffle ticket.
type Ticket struct {
	ID       int64  `json:"id"`
	MemberID int64  `json:"memberId"`
	Account  string `json:"account,omitempty"`
	Period   string `json:"period"`
	Score    string `json:"score,omitempty"`
}

// DrawOrder orders tickets by their score under seed and picks up to n
// winning tickets, one per member (a member's later tickets are skipped).
func DrawOrder(seed string, tickets []Ticket, n int) []Ticket {
	ts := make([]Ticket, len(tickets))
	copy(ts, tickets)
	for i := range ts {
		ts[i].Score = TicketScore(seed, ts[i].ID)
	}
	sort.Slice(ts, func(i, j int) bool { return bytes.Compare([]byte(ts[i].Score), []byte(ts[j].Score)) < 0 })
	won := map[int64]bool{}
	out := []Ticket{}
	for _, t := range ts {
		if len(out) == n {
			break
		}
		if won[t.MemberID] {
			continue
		}
		won[t.MemberID] = true
		out = append(out, t)
	}
	return out
}

// Raffle gives member a ticket of raffle id: one per member (per day when
// DAILY), while it runs, to an eligible member.
func (s *Service) Raffle(ctx context.Context, c account.Caller, id int64) (Ticket, error) {
	if c.Role() == account.RoleTrial {
		return Ticket{}, ErrRealOnly
	}
	p, err := getPromotion(ctx, s.db, id)
	if err != nil {
		return Ticket{}, err
	}
	if p.Type != TypeRaffle {
		return Ticket{}, ErrNotRaffle
	}
	now := s.clock.Now()
	if err := open(p, now.UnixMilli()); err != nil {
		return Ticket{}, err
	}
	m, err := s.member(ctx, c.MemberID)
	if err != nil {
		return Ticket{}, err
	}
	if ok, err := s.eligible(ctx, p, m, now); err != nil {
		return Ticket{}, err
	} else if !ok {
		return Ticket{}, ErrIneligible
	}
	loc, _, err := s.zone(ctx)
	if err != nil {
		return Ticket{}, err
	}
	t := Ticket{MemberID: c.MemberID, Period: periodKey(p, now, loc)}
	err = s.inTx(ctx, "raffle ticket", func(tx *db.Tx) error {
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO promotion_ticket (promotion_id, member_id, period_key, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING RETURNING id`), p.ID, t.MemberID, t.Period, now.UnixMilli()).Scan(&t.ID)
		if db.IsNoRows(err) {
			return ErrHasTicket
		}
		return err
	})
	return t, err
}

func tickets(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	Rebind(string) string
}, id int64) ([]Ticket, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT id, member_id, period_key FROM promotion_ticket WHERE promotion_id = ? ORDER BY id`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Ticket{}
	for rows.Next() {
		var t Ticket
		if err := rows.Scan(&t.ID, &t.MemberID, &t.Period); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Draw draws raffle id when its end has passed (and it is not paused) and
// issues each winner's prize, all in one transaction: the draw is claimed
// by one conditional update of drawn_at, so of concurrent runs one draws
// and the others find it drawn (false, nil). The winners are the first
// Winners distinct members of DrawOrder, as many as the budget left covers.
func (s *Service) Draw(ctx context.Context, id int64) (bool, error) {
	_, b, err := s.zone(ctx)
	if err != nil {
		return false, err
	}
	now := s.clock.Now()
	drawn := false
	err = s.inTx(ctx, "draw raffle", func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE promotion SET drawn_at = ? WHERE id = ? AND type = 'RAFFLE' AND drawn_at = 0 AND paused = 0
			AND ends_at <= ?`), now.UnixMilli(), id, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		p, err := getPromotionTx(ctx, tx, id)
		if err != nil {
			return err
		}
		ts, err := tickets(ctx, tx, id)
		if err != nil {
			return err
		}
		n := p.Winners
		if p.Budget > 0 {
			n = min(n, int((p.Budget-p.Spent)/p.Amount))
		}
		for _, t := range DrawOrder(p.seed, ts, n) {
			if err := s.grantTx(ctx, tx, p, t.MemberID, RafflePeriod, p.Amount, b, now); err != nil {
				return fmt.Errorf("raffle %d winner %d: %w", id, t.MemberID, err)
			}
		}
		drawn = true
		s.logger.InfoContext(ctx, "raffle drawn", "promotion", id, "tickets", len(ts), "winners", min(n, len(ts)))
		return nil
	})
	return drawn, err
}

// DrawDue draws every raffle whose end has passed and tells how many it drew.
func (s *Service) DrawDue(ctx context.Context) (int, error) {
	ps, err := listPromotions(ctx, s.db, TypeRaffle)
	if err != nil {
		return 0, err
	}
	now := s.clock.Now().UnixMilli()
	n := 0
	var errs []error
	for _, p := range ps {
		if p.DrawnAt > 0 || p.Paused || p.EndsAt > now {
			continue
		}
		ok, err := s.Draw(ctx, p.ID)
		if ok {
			n++
		}
		errs = append(errs, err)
	}
	return n, errors.Join(errs...)
}

// DrawJob draws the raffles that ended, every five minutes (as the
// leaderboards are paid).
func (s *Service) DrawJob(zone jobs.Zone) jobs.Job {
	return jobs.Job{Name: "promotions.raffle", Schedule: jobs.EveryMinutes(5, zone), Run: func(ctx context.Context, _ jobs.Period) error {
		_, err := s.DrawDue(ctx)
		return err
	}}
}

// RaffleView is a raffle as the console sees it: its tickets count and,
// once drawn, the revealed seed and the winners in draw order.
type RaffleView struct {
	ID       int64    `json:"id"`
	Tickets  int      `json:"tickets"`
	Winners  []Ticket `json:"winners"`
	SeedHash string   `json:"seedHash"`
	Seed     string   `json:"seed,omitempty"`
	DrawnAt  int64    `json:"drawnAt"`
	EndsAt   int64    `json:"endsAt"`
}

// Raffle reads raffle id's tickets and, once drawn, its winners.
func (o *Ops) Raffle(ctx context.Context, id int64) (RaffleView, error) {
	p, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return RaffleView{}, err
	}
	if p.Type != TypeRaffle {
		return RaffleView{}, ErrNotRaffle
	}
	ts, err := tickets(ctx, o.s.db, id)
	if err != nil {
		return RaffleView{}, apperr.Internal(err, "select tickets")
	}
	v := RaffleView{ID: id, Tickets: len(ts), Winners: []Ticket{}, SeedHash: p.SeedHash, Seed: p.Seed, DrawnAt: p.DrawnAt, EndsAt: p.EndsAt}
	if p.DrawnAt == 0 {
		return v, nil
	}
	// the winners are those the draw paid: the draw order cut to the granted members
	paid := map[int64]bool{}
	rows, err := o.s.db.QueryContext(ctx, o.s.db.Rebind(`SELECT member_id FROM promotion_grant WHERE promotion_id = ? AND period_key = ?`), id, RafflePeriod)
	if err != nil {
		return v, apperr.Internal(err, "select winners")
	}
	for rows.Next() {
		var m int64
		if err := rows.Scan(&m); err != nil {
			rows.Close()
			return v, apperr.Internal(err, "scan winner")
		}
		paid[m] = true
	}
	rows.Close()
	ids := []int64{}
	for _, t := range DrawOrder(p.seed, ts, len(paid)) {
		if paid[t.MemberID] {
			v.Winners = append(v.Winners, t)
			ids = append(ids, t.MemberID)
		}
	}
	ms, err := o.s.members.MembersByID(ctx, ids)
	if err != nil {
		return v, apperr.Internal(err, "read members")
	}
	for i := range v.Winners {
		v.Winners[i].Account = ms[v.Winners[i].MemberID].Account
	}
	return v, nil
}

// DrawNow is the console's "Draw now" for a raffle that has ended (instead
// of waiting for the job's next run): the same Draw, audited. A raffle
// still running is refused (promotion.draw_not_due), a paused one
// (promotion.paused), a drawn one (promotion.drawn, also for the loser of
// two operators' parallel draws).
func (o *Ops) DrawNow(ctx context.Context, op operator.Caller, id int64) (RaffleView, error) {
	p, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return RaffleView{}, err
	}
	switch {
	case p.Type != TypeRaffle:
		return RaffleView{}, ErrNotRaffle
	case p.DrawnAt > 0:
		return RaffleView{}, ErrDrawn
	case p.Paused:
		return RaffleView{}, ErrPaused
	case p.EndsAt > o.s.clock.Now().UnixMilli():
		return RaffleView{}, ErrDrawNotDue
	}
	drawn, err := o.s.Draw(ctx, id)
	if err != nil {
		return RaffleView{}, err
	}
	if !drawn {
		return RaffleView{}, ErrDrawn
	}
	v, err := o.Raffle(ctx, id)
	if err != nil {
		return v, err
	}
	return v, o.auditor.AuditChange(ctx, op, "promotion.draw", "promotion", strconv.FormatInt(id, 10), "", nil, v)
}

// ticketsOf reads which periods member holds tickets of, per raffle.
func (s *Service) ticketsOf(ctx context.Context, member int64, into map[string]bool) error {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT promotion_id, period_key FROM promotion_ticket WHERE member_id = ?`), member)
	if err != nil {
		return apperr.Internal(err, "select tickets")
	}
	defer rows.Close()
	for rows.Next() {
		var pid int64
		var per string
		if err := rows.Scan(&pid, &per); err != nil {
			return apperr.Internal(err, "scan ticket")
		}
		into[fmt.Sprint(pid, "/", per)] = true
		into[fmt.Sprint(pid, "/any")] = true
	}
	return rows.Err()
}

// raffleStatus fills a raffle's status once its reward (if any) was looked
// at: drawn and not won → close (drawn); ended or paused → joined for a
// ticket holder waiting for the draw, else close; a ticket of this period →
// joined; otherwise join (action TICKET).
func raffleStatus(v *View, p Promotion, now time.Time, period string, held map[string]bool, set func(st, action, reason string)) bool {
	if p.Type != TypeRaffle {
		return false
	}
	any := held[fmt.Sprint(p.ID, "/any")]
	ms := now.UnixMilli()
	switch {
	case p.DrawnAt > 0:
		set(StatusClose, ActionNone, "drawn")
	case ms < p.StartsAt:
		set(StatusComingSoon, ActionNone, "")
	case ms >= p.EndsAt && any:
		set(StatusJoined, ActionNone, "")
	case ms >= p.EndsAt:
		set(StatusClose, ActionNone, "ended")
	case p.Paused:
		set(StatusClose, ActionNone, "paused")
	case held[fmt.Sprint(p.ID, "/", period)]:
		set(StatusJoined, ActionNone, "")
	default:
		return false // eligibility and the join offer follow
	}
	v.Joined = any
	return true
}
