package missions

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Rewards is the reward centre's count of what waits (rewards.Service).
type Rewards interface {
	WaitingFrom(ctx context.Context, member int64, sources ...string) (int, error)
}

// Members names members on a board (account.Service).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
}

// MemberMission is a mission as a member sees it in its current period.
type MemberMission struct {
	ID           int64  `json:"id"`
	Title        string `json:"title"`
	Period       string `json:"period"`
	Kind         string `json:"kind"`
	Category     string `json:"category"`
	Game         string `json:"game"`
	Target       int64  `json:"target"`
	Progress     int64  `json:"progress"`
	Done         bool   `json:"done"`
	CompletedAt  int64  `json:"completedAt"`
	RewardAmount int64  `json:"rewardAmount"`
	RewardKind   string `json:"rewardKind"`
	PeriodKey    string `json:"periodKey"`
	PeriodEnd    int64  `json:"periodEnd"`
}

// MemberMissions lists the missions live now of period (Daily, Weekly or
// "" for both) with the member's progress in the current period.
func (s *Service) MemberMissions(ctx context.Context, member int64, period, lang string) ([]MemberMission, error) {
	now := s.clock.Now()
	loc := s.brands.Location(ctx)
	ms, err := missionsIn(ctx, s.db, `WHERE status = ?`, StatusActive)
	if err != nil {
		return nil, apperr.Internal(err, "select missions")
	}
	out := []MemberMission{}
	for _, m := range ms {
		if (period != "" && m.Period != period) || !live(m.Status, m.StartsAt, m.EndsAt, now) {
			continue
		}
		key, _, end := PeriodOf(m.Period, now, loc)
		v := MemberMission{ID: m.ID, Title: title(m.TitleEN, m.TitleTY, lang), Period: m.Period, Kind: m.Kind, Category: m.Category, Game: m.Game,
			Target: m.Target, RewardAmount: m.RewardAmount, RewardKind: m.RewardKind, PeriodKey: key, PeriodEnd: end.UnixMilli()}
		err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT progress, completed_at FROM mission_progress WHERE mission_id = ? AND member_id = ? AND period_key = ?`),
			m.ID, member, key).Scan(&v.Progress, &v.CompletedAt)
		if err != nil && !db.IsNoRows(err) {
			return nil, apperr.Internal(err, "select mission progress")
		}
		v.Done = v.CompletedAt > 0
		v.Progress = max(0, min(v.Progress, v.Target))
		out = append(out, v)
	}
	return out, nil
}

// Summary is the missions page's head: the red badge and the missions done
// in the current periods.
type Summary struct {
	// Count is the red badge: mission rewards and leaderboard prizes
	// issued and waiting in the reward centre (completed, not collected).
	Count       int   `json:"count"`
	DailyDone   int   `json:"dailyDone"`
	DailyTotal  int   `json:"dailyTotal"`
	WeeklyDone  int   `json:"weeklyDone"`
	WeeklyTotal int   `json:"weeklyTotal"`
	Boards      int   `json:"boards"`
	Now         int64 `json:"now"`
}

// Summary reads the member's summary.
func (s *Service) Summary(ctx context.Context, member int64, waiting Rewards) (Summary, error) {
	ms, err := s.MemberMissions(ctx, member, "", "EN")
	if err != nil {
		return Summary{}, err
	}
	out := Summary{Now: s.clock.Now().UnixMilli()}
	for _, m := range ms {
		if m.Period == Daily {
			out.DailyTotal++
			if m.Done {
				out.DailyDone++
			}
		} else {
			out.WeeklyTotal++
			if m.Done {
				out.WeeklyDone++
			}
		}
	}
	if out.Count, err = waiting.WaitingFrom(ctx, member, SourceMission, SourceLeaderboard); err != nil {
		return Summary{}, err
	}
	bs, err := s.liveBoards(ctx, s.clock.Now())
	if err != nil {
		return Summary{}, err
	}
	out.Boards = len(bs)
	return out, nil
}

func (s *Service) liveBoards(ctx context.Context, now time.Time) ([]Board, error) {
	bs, err := boardsIn(ctx, s.db, `WHERE status = ?`, StatusActive)
	if err != nil {
		return nil, apperr.Internal(err, "select leaderboards")
	}
	out := []Board{}
	for _, b := range bs {
		if live(b.Status, b.StartsAt, b.EndsAt, now) {
			out = append(out, b)
		}
	}
	return out, nil
}

// Entry is one place on a board.
type Entry struct {
	Rank     int    `json:"rank"`
	MemberID int64  `json:"-"`
	Name     string `json:"name"`
	Score    int64  `json:"score"`
	Prize    int64  `json:"prize"`
	Me       bool   `json:"me,omitempty"`
}

// Standing is a board in one period: its top places and, for a member, their
// own place (nil when they have no score).
type Standing struct {
	ID           int64   `json:"id"`
	Title        string  `json:"title"`
	Period       string  `json:"period"`
	Metric       string  `json:"metric"`
	Category     string  `json:"category"`
	MinBet       int64   `json:"minBet"`
	Prizes       []int64 `json:"prizes"`
	Pool         int64   `json:"pool"`
	PeriodKey    string  `json:"periodKey"`
	PeriodStart  int64   `json:"periodStart"`
	PeriodEnd    int64   `json:"periodEnd"`
	Participants int     `json:"participants"`
	Entries      []Entry `json:"entries"`
	Me           *Entry  `json:"me"`
	Paid         bool    `json:"paid"`
}

// Ranked reads a board's places in a period, best first: score descending,
// then who reached it first, then member id.
func (s *Service) Ranked(ctx context.Context, boardID int64, key string, limit int) ([]Entry, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, score FROM leaderboard_score WHERE board_id = ? AND period_key = ? AND score > 0
		ORDER BY score DESC, reached_at, member_id LIMIT ?`), boardID, key, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select standings")
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		e := Entry{Rank: len(out) + 1}
		if err := rows.Scan(&e.MemberID, &e.Score); err != nil {
			return nil, apperr.Internal(err, "scan standings")
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// rankOf is a member's place on a board in a period (0 with no score).
func (s *Service) rankOf(ctx context.Context, boardID int64, key string, member int64) (Entry, error) {
	var score, reached int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT score, reached_at FROM leaderboard_score WHERE board_id = ? AND period_key = ? AND member_id = ?`),
		boardID, key, member).Scan(&score, &reached)
	if db.IsNoRows(err) || (err == nil && score <= 0) {
		return Entry{}, nil
	}
	if err != nil {
		return Entry{}, apperr.Internal(err, "select own score")
	}
	var ahead int
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM leaderboard_score WHERE board_id = ? AND period_key = ? AND score > 0
		AND (score > ? OR (score = ? AND (reached_at < ? OR (reached_at = ? AND member_id < ?))))`),
		boardID, key, score, score, reached, reached, member).Scan(&ahead)
	if err != nil {
		return Entry{}, apperr.Internal(err, "count places ahead")
	}
	return Entry{Rank: ahead + 1, MemberID: member, Score: score}, nil
}

// Standing reads board b in the period key (the current one when empty),
// up to limit places, with member's own place when member > 0; names are
// masked for members (full for the console: masked false).
func (s *Service) Standing(ctx context.Context, b Board, key string, limit int, member int64, lang string, members Members, masked bool) (Standing, error) {
	loc := s.brands.Location(ctx)
	var start, end time.Time
	if key == "" {
		key, start, end = PeriodOf(b.Period, s.clock.Now(), loc)
	} else {
		var ok bool
		if start, end, ok = PeriodByKey(b.Period, key, loc); !ok {
			return Standing{}, apperr.Invalid("missions.invalid_period_key")
		}
	}
	out := Standing{ID: b.ID, Title: title(b.TitleEN, b.TitleTY, lang), Period: b.Period, Metric: b.Metric, Category: b.Category, MinBet: b.MinBet,
		Prizes: b.Prizes, Pool: b.Pool(), PeriodKey: key, PeriodStart: start.UnixMilli(), PeriodEnd: end.UnixMilli()}
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM leaderboard_score WHERE board_id = ? AND period_key = ? AND score > 0`),
		b.ID, key).Scan(&out.Participants); err != nil {
		return out, apperr.Internal(err, "count participants")
	}
	var paid int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM leaderboard_payout WHERE board_id = ? AND period_key = ?`), b.ID, key).Scan(&paid); err != nil {
		return out, apperr.Internal(err, "read payout")
	}
	out.Paid = paid > 0
	es, err := s.Ranked(ctx, b.ID, key, limit)
	if err != nil {
		return out, err
	}
	ids := make([]int64, 0, len(es)+1)
	for _, e := range es {
		ids = append(ids, e.MemberID)
	}
	if member > 0 {
		me, err := s.rankOf(ctx, b.ID, key, member)
		if err != nil {
			return out, err
		}
		if me.Rank > 0 {
			me.Me = true
			if me.Rank <= len(b.Prizes) {
				me.Prize = b.Prizes[me.Rank-1]
			}
			out.Me = &me
			ids = append(ids, member)
		}
	}
	names := map[int64]account.Member{}
	if members != nil && len(ids) > 0 {
		if names, err = members.MembersByID(ctx, ids); err != nil {
			return out, apperr.Internal(err, "read members")
		}
	}
	name := func(id int64) string {
		n := names[id].Account
		if masked {
			return game.MaskName(n)
		}
		return n
	}
	for i := range es {
		if es[i].Rank <= len(b.Prizes) {
			es[i].Prize = b.Prizes[es[i].Rank-1]
		}
		es[i].Name = name(es[i].MemberID)
		es[i].Me = es[i].MemberID == member && member > 0
	}
	if out.Me != nil {
		out.Me.Name = name(member)
	}
	out.Entries = es
	return out, nil
}

// MemberBoards is every live board's current standing for a member.
func (s *Service) MemberBoards(ctx context.Context, member int64, limit int, lang string, members Members) ([]Standing, error) {
	bs, err := s.liveBoards(ctx, s.clock.Now())
	if err != nil {
		return nil, err
	}
	out := []Standing{}
	for _, b := range bs {
		st, err := s.Standing(ctx, b, "", limit, member, lang, members, true)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}
