package promotions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Members is the accounts' view of members (account.Service).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
}

// Brands is the brand configuration (currency, zone, bonus weights).
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Rewards tells the statuses of the rewards the engine issued
// (rewards.Service).
type Rewards interface {
	KeyStatuses(ctx context.Context, member int64, keys []string) (map[string]string, error)
}

// Articles finds a promotion article (content.Service).
type Articles interface {
	Promotion(ctx context.Context, id int64) (content.Announcement, bool, error)
}

// VIP is the hook eligibility by VIP level uses: a member's current level.
// The VIP ranks are built elsewhere; until one is wired (UseVIP) a
// promotion cannot ask for a VIP level (promotion.vip_unavailable).
type VIP interface {
	Level(ctx context.Context, member int64) (int, error)
}

// Service is the promotions engine.
type Service struct {
	db       *db.DB
	members  Members
	brands   Brands
	rewards  Rewards
	articles Articles
	vip      VIP
	clock    clock.Clock
	logger   *slog.Logger
}

// NewService wires the engine; articles may be nil (no check of the
// linked article).
func NewService(d *db.DB, members Members, brands Brands, rw Rewards, articles Articles, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, members: members, brands: brands, rewards: rw, articles: articles, clock: clk, logger: logger}
}

// UseVIP wires the VIP levels eligibility asks (the hook for the VIP ranks).
func (s *Service) UseVIP(v VIP) { s.vip = v }

// zone is the brand's time zone (the days of DAILY and WEEKLY).
func (s *Service) zone(ctx context.Context) (*time.Location, *brand.Config, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return nil, nil, err
	}
	return b.Info.Location(), b, nil
}

// periodKey is the period of t a promotion counts once in: "once", the day
// (DAILY) or the week's Monday (WEEKLY), in the brand's zone.
func periodKey(p Promotion, t time.Time, loc *time.Location) string {
	switch p.Frequency {
	case Daily:
		return t.In(loc).Format(time.DateOnly)
	case Weekly:
		d := t.In(loc)
		back := (int(d.Weekday()) + 6) % 7
		return d.AddDate(0, 0, -back).Format(time.DateOnly)
	}
	return "once"
}

// joinKey is the period a join counts in: a FIXED bonus is earned by
// joining, so it is joined per period; others are joined once.
func joinKey(p Promotion, t time.Time, loc *time.Location) string {
	if p.Type == TypeFixed {
		return periodKey(p, t, loc)
	}
	return "once"
}

// RewardKey is the reward-centre key of what p gives member for a period.
func RewardKey(promotionID, member int64, period string) string {
	return "promo:" + strconv.FormatInt(promotionID, 10) + ":" + strconv.FormatInt(member, 10) + ":" + period
}

// open tells why p takes no part at now, or nil.
func open(p Promotion, now int64) error {
	switch {
	case p.Paused:
		return ErrPaused
	case now < p.StartsAt:
		return ErrNotStarted
	case now >= p.EndsAt:
		return ErrEnded
	case p.Budget > 0 && (p.Spent >= p.Budget || p.Type == TypeFixed && p.Spent+p.Amount > p.Budget):
		return ErrBudget
	}
	return nil
}

// eligible tells whether m may take part in p at t (registration age,
// agent downline, VIP level).
func (s *Service) eligible(ctx context.Context, p Promotion, m account.Member, t time.Time) (bool, error) {
	if m.ID == 0 || m.Type == account.TypeTrial {
		return false, nil
	}
	if p.NewWithinDays > 0 && t.Sub(m.CreatedAt) > time.Duration(p.NewWithinDays)*24*time.Hour {
		return false, nil
	}
	if p.AgentID > 0 {
		in, err := s.inDownline(ctx, m, p.AgentID)
		if err != nil || !in {
			return false, err
		}
	}
	if p.VIPMinLevel > 0 {
		if s.vip == nil {
			return false, nil
		}
		lvl, err := s.vip.Level(ctx, m.ID)
		if err != nil || lvl < p.VIPMinLevel {
			return false, err
		}
	}
	return true, nil
}

// inDownline walks m's uplines (at most 32) looking for agent.
func (s *Service) inDownline(ctx context.Context, m account.Member, agent int64) (bool, error) {
	parent := m.ParentID
	for range 32 {
		if parent == 0 {
			return false, nil
		}
		if parent == agent {
			return true, nil
		}
		ms, err := s.members.MembersByID(ctx, []int64{parent})
		if err != nil {
			return false, apperr.Internal(err, "read upline")
		}
		up, ok := ms[parent]
		if !ok {
			return false, nil
		}
		parent = up.ParentID
	}
	return false, nil
}

func (s *Service) member(ctx context.Context, id int64) (account.Member, error) {
	ms, err := s.members.MembersByID(ctx, []int64{id})
	if err != nil {
		return account.Member{}, apperr.Internal(err, "read member")
	}
	return ms[id], nil
}

// grantTx issues what p gives member for period in tx, exactly once and
// within the budget: the grant row is unique per promotion, member and
// period (ErrAlreadyGranted), the budget moves by one conditional update
// (ErrBudget when it would pass the budget; concurrent grants queue on the
// row), and the reward lands in the reward centre under RewardKey.
func (s *Service) grantTx(ctx context.Context, tx *db.Tx, p Promotion, member int64, period string, amount int64, b *brand.Config, now time.Time) error {
	if amount <= 0 {
		return ErrInvalidAmount
	}
	key := RewardKey(p.ID, member, period)
	res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO promotion_grant (promotion_id, member_id, period_key, amount, reward_key, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`), p.ID, member, period, amount, key, now.UnixMilli())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrAlreadyGranted
	}
	res, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE promotion SET spent = spent + ? WHERE id = ? AND (budget = 0 OR spent + ? <= budget)`), amount, p.ID, amount)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrBudget
	}
	is := rewards.Issue{Key: key, MemberID: member, Currency: b.Currency.Code, Source: rewards.SourcePromotion, TitleEN: p.TitleEN, TitleTY: p.TitleTY,
		Amount: amount, Kind: p.RewardKind, ClaimBy: now.Add(time.Duration(p.ClaimDays) * 24 * time.Hour)}
	if p.RewardKind == KindBonus {
		is.WagerMultiple, is.WagerRequired, is.MaxBet, is.ValidDays = p.WagerMultiple, amount*p.WagerMultiple, p.MaxBet, p.ValidDays
		is.Weights = b.Rewards.Welcome.Weights
	}
	return rewards.IssueTx(ctx, tx, is, now)
}

// inTx runs fn in a transaction; a domain error fn returns rolls it back
// and is answered as is.
func (s *Service) inTx(ctx context.Context, what string, fn func(tx *db.Tx) error) error {
	err := s.db.InTx(ctx, fn)
	var e *apperr.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	return apperr.Internal(err, what)
}

// Join joins member to promotion id: a FIXED bonus is issued by the join
// (once per member or per day, within the budget); a RELOAD or CASHBACK
// with a join step counts the member from now on.
func (s *Service) Join(ctx context.Context, c account.Caller, id int64) (Promotion, error) {
	if c.Role() == account.RoleTrial {
		return Promotion{}, ErrRealOnly
	}
	p, err := getPromotion(ctx, s.db, id)
	if err != nil {
		return p, err
	}
	now := s.clock.Now()
	if err := open(p, now.UnixMilli()); err != nil {
		return p, err
	}
	switch {
	case p.Type == TypeApplication:
		return p, ErrNotApplication.With("type", p.Type)
	case !p.JoinRequired:
		return p, ErrNoJoin
	}
	m, err := s.member(ctx, c.MemberID)
	if err != nil {
		return p, err
	}
	if ok, err := s.eligible(ctx, p, m, now); err != nil {
		return p, err
	} else if !ok {
		return p, ErrIneligible
	}
	loc, b, err := s.zone(ctx)
	if err != nil {
		return p, err
	}
	err = s.inTx(ctx, "join promotion", func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO promotion_join (promotion_id, member_id, period_key, joined_at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`), p.ID, c.MemberID, joinKey(p, now, loc), now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrAlreadyJoined
		}
		if p.Type == TypeFixed {
			return s.grantTx(ctx, tx, p, c.MemberID, periodKey(p, now, loc), p.Amount, b, now)
		}
		return nil
	})
	return p, err
}

// Upload is one image of an application.
type Upload struct {
	Data        []byte
	ContentType string
	Name        string
}

// Application is a player's application as the player and the console see it.
type Application struct {
	ID          int64  `json:"id"`
	PromotionID int64  `json:"promotionId"`
	Promotion   string `json:"promotion"`
	MemberID    int64  `json:"memberId"`
	Account     string `json:"account,omitempty"`
	Period      string `json:"period"`
	Remark      string `json:"remark"`
	Status      string `json:"status"`
	Amount      int64  `json:"amount"`
	Reason      string `json:"reason"`
	Images      int    `json:"images"`
	Cap         int64  `json:"cap"`
	CreatedAt   int64  `json:"createdAt"`
	DecidedAt   int64  `json:"decidedAt"`
	OperatorID  int64  `json:"operatorId,omitempty"`
}

// CheckRemark trims a remark and checks its length (1 to MaxRemark).
func CheckRemark(remark string) (string, error) {
	remark = strings.TrimSpace(remark)
	if n := utf8.RuneCountInString(remark); n < 1 || n > MaxRemark {
		return "", ErrRemark
	}
	return remark, nil
}

// CheckImages checks images an application carries: at most MaxImages,
// each PNG or JPEG by its bytes and at most MaxImageBytes.
func CheckImages(images []Upload) error {
	if len(images) > MaxImages {
		return apperr.Invalid("upload.too_many").With("max", MaxImages)
	}
	for _, im := range images {
		if len(im.Data) > MaxImageBytes {
			return apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", MaxImageBytes>>20)
		}
		if im.ContentType != "image/png" && im.ContentType != "image/jpeg" {
			return apperr.Invalid("upload.wrong_type")
		}
	}
	return nil
}

// Apply files member's application to an APPLICATION promotion: a remark
// and up to three images, once per member (or per day).
func (s *Service) Apply(ctx context.Context, c account.Caller, id int64, remark string, images []Upload) (Application, error) {
	if c.Role() == account.RoleTrial {
		return Application{}, ErrRealOnly
	}
	remark, err := CheckRemark(remark)
	if err != nil {
		return Application{}, err
	}
	if err := CheckImages(images); err != nil {
		return Application{}, err
	}
	p, err := getPromotion(ctx, s.db, id)
	if err != nil {
		return Application{}, err
	}
	now := s.clock.Now()
	if err := open(p, now.UnixMilli()); err != nil {
		return Application{}, err
	}
	if p.Type != TypeApplication {
		return Application{}, ErrNotApplication
	}
	m, err := s.member(ctx, c.MemberID)
	if err != nil {
		return Application{}, err
	}
	if ok, err := s.eligible(ctx, p, m, now); err != nil {
		return Application{}, err
	} else if !ok {
		return Application{}, ErrIneligible
	}
	loc, _, err := s.zone(ctx)
	if err != nil {
		return Application{}, err
	}
	a := Application{PromotionID: p.ID, MemberID: c.MemberID, Period: periodKey(p, now, loc), Remark: remark, Status: AppPending,
		Images: len(images), Cap: p.Cap, CreatedAt: now.UnixMilli(), Promotion: p.TitleEN}
	err = s.inTx(ctx, "apply", func(tx *db.Tx) error {
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO promotion_application (promotion_id, member_id, period_key, remark, status, images, created_at)
			VALUES (?, ?, ?, ?, 'PENDING', ?, ?) ON CONFLICT DO NOTHING RETURNING id`), a.PromotionID, a.MemberID, a.Period, a.Remark, a.Images, a.CreatedAt).Scan(&a.ID)
		if db.IsNoRows(err) {
			return ErrAlreadyApplied
		}
		if err != nil {
			return err
		}
		for i, im := range images {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO promotion_image (application_id, seq, content_type, name, data) VALUES (?, ?, ?, ?, ?)`),
				a.ID, i+1, im.ContentType, im.Name, im.Data); err != nil {
				return err
			}
		}
		return nil
	})
	return a, err
}

// Image reads image seq of application id; member > 0 limits it to that
// member's own applications (operators pass 0).
func (s *Service) Image(ctx context.Context, member, id int64, seq int) (Upload, error) {
	var im Upload
	q, args := `SELECT i.content_type, i.name, i.data FROM promotion_image i JOIN promotion_application a ON a.id = i.application_id
		WHERE i.application_id = ? AND i.seq = ?`, []any{id, seq}
	if member > 0 {
		q += ` AND a.member_id = ?`
		args = append(args, member)
	}
	err := s.db.QueryRowContext(ctx, s.db.Rebind(q), args...).Scan(&im.ContentType, &im.Name, &im.Data)
	if db.IsNoRows(err) {
		return im, ErrImageNotFound
	}
	if err != nil {
		return im, apperr.Internal(err, "select image")
	}
	return im, nil
}

// View is a promotion's status for one caller (GET /wps/promotions/status).
type View struct {
	ID         int64  `json:"id"`
	ArticleID  int64  `json:"articleId"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	Status     string `json:"status"`
	Action     string `json:"action"`
	Reason     string `json:"reason,omitempty"` // CLOSE: ended, paused, budget, ineligible; REJECTED: the operator's reason
	StartsAt   int64  `json:"startsAt"`
	EndsAt     int64  `json:"endsAt"`
	RewardKind string `json:"rewardKind"`
	Amount     int64  `json:"amount"`
	Percent    int64  `json:"percent"`
	Cap        int64  `json:"cap"`
	MinDeposit int64  `json:"minDeposit"`
	Frequency  string `json:"frequency"`
	Wager      int64  `json:"wagerMultiple"`
	Joined     bool   `json:"joined"`
	RewardID   string `json:"rewardKey,omitempty"`
	// Application: the member's application of this period (PROCESS,
	// REJECTED), its id and image count for the images' addresses.
	ApplicationID int64 `json:"applicationId,omitempty"`
	Images        int   `json:"images,omitempty"`
	// Raffle: the winners count, the draw seed's SHA-256 and, once drawn,
	// the seed (docs/rewards.md "Raffle" tells how to check the draw).
	Winners  int    `json:"winners,omitempty"`
	SeedHash string `json:"seedHash,omitempty"`
	Seed     string `json:"seed,omitempty"`
}

// Statuses answers each promotion's status and action for the caller
// (visitors get the status any member would start from; their actions ask
// to log in). docs/rewards.md "Promotion statuses".
func (s *Service) Statuses(ctx context.Context, c account.Caller, lang string) ([]View, error) {
	all, err := listPromotions(ctx, s.db, "")
	if err != nil {
		return nil, err
	}
	loc, _, err := s.zone(ctx)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	member := c.MemberID
	var m account.Member
	joins := map[string]bool{}
	held := map[string]bool{} // raffle tickets
	apps := map[string]Application{}
	grants := map[int64][]string{} // promotion -> periods granted, newest first
	keys := []string{}
	if member > 0 {
		if m, err = s.member(ctx, member); err != nil {
			return nil, err
		}
		if err := s.memberRows(ctx, member, joins, apps, grants); err != nil {
			return nil, err
		}
		if err := s.ticketsOf(ctx, member, held); err != nil {
			return nil, err
		}
		for pid, periods := range grants {
			for _, per := range periods {
				keys = append(keys, RewardKey(pid, member, per))
			}
		}
	}
	rewardStatus, err := s.rewardStatuses(ctx, member, keys)
	if err != nil {
		return nil, err
	}
	out := make([]View, 0, len(all))
	for _, p := range all {
		v := View{ID: p.ID, ArticleID: p.ArticleID, Type: p.Type, Title: p.Title(lang), StartsAt: p.StartsAt, EndsAt: p.EndsAt,
			RewardKind: p.RewardKind, Amount: p.Amount, Percent: p.Percent, Cap: p.Cap, MinDeposit: p.MinDeposit, Frequency: p.Frequency,
			Wager: p.WagerMultiple, Winners: p.Winners, SeedHash: p.SeedHash, Seed: p.Seed}
		v.Joined = joins[fmt.Sprint(p.ID, "/", joinKey(p, now, loc))]
		s.status(ctx, &v, p, m, now, loc, joins, held, apps, grants[p.ID], rewardStatus)
		out = append(out, v)
	}
	return out, nil
}

func (s *Service) rewardStatuses(ctx context.Context, member int64, keys []string) (map[string]string, error) {
	if member == 0 || len(keys) == 0 {
		return map[string]string{}, nil
	}
	return s.rewards.KeyStatuses(ctx, member, keys)
}

// memberRows reads a member's joins, applications and grants.
func (s *Service) memberRows(ctx context.Context, member int64, joins map[string]bool, apps map[string]Application, grants map[int64][]string) error {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT promotion_id, period_key FROM promotion_join WHERE member_id = ?`), member)
	if err != nil {
		return apperr.Internal(err, "select joins")
	}
	for rows.Next() {
		var pid int64
		var per string
		if err := rows.Scan(&pid, &per); err != nil {
			rows.Close()
			return apperr.Internal(err, "scan join")
		}
		joins[fmt.Sprint(pid, "/", per)] = true
	}
	rows.Close()
	rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, promotion_id, period_key, status, reason, images FROM promotion_application WHERE member_id = ?`), member)
	if err != nil {
		return apperr.Internal(err, "select applications")
	}
	for rows.Next() {
		var a Application
		if err := rows.Scan(&a.ID, &a.PromotionID, &a.Period, &a.Status, &a.Reason, &a.Images); err != nil {
			rows.Close()
			return apperr.Internal(err, "scan application")
		}
		apps[fmt.Sprint(a.PromotionID, "/", a.Period)] = a
	}
	rows.Close()
	rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT promotion_id, period_key FROM promotion_grant WHERE member_id = ? ORDER BY created_at DESC`), member)
	if err != nil {
		return apperr.Internal(err, "select grants")
	}
	defer rows.Close()
	for rows.Next() {
		var pid int64
		var per string
		if err := rows.Scan(&pid, &per); err != nil {
			return apperr.Internal(err, "scan grant")
		}
		grants[pid] = append(grants[pid], per)
	}
	return rows.Err()
}

// status fills v's status and action (docs/rewards.md "Promotion
// statuses"): what was issued first (claim, claimed, issued), then the
// schedule and the pause (coming soon, close), eligibility (close), the
// application (process, rejected, applying), the join (join, joined).
func (s *Service) status(ctx context.Context, v *View, p Promotion, m account.Member, now time.Time, loc *time.Location, joins, held map[string]bool,
	apps map[string]Application, granted []string, rewardStatus map[string]string) {
	set := func(st, action, reason string) { v.Status, v.Action, v.Reason = st, action, reason }
	period := periodKey(p, now, loc)
	given := period
	if p.Type == TypeRaffle {
		given = RafflePeriod
	}
	// What the promotion gave: this period's, or for a cashback the latest period's while it waits.
	for i, per := range granted {
		if p.Type == TypeCashback && i > 0 {
			break
		}
		if p.Type != TypeCashback && per != given {
			continue
		}
		key := RewardKey(p.ID, m.ID, per)
		v.RewardID = key
		switch rewardStatus[key] {
		case rewards.StatusIssued:
			set(StatusClaim, ActionClaim, "")
			return
		case rewards.StatusClaimed:
			if p.Type != TypeCashback {
				set(StatusClaimed, ActionNone, "")
				return
			}
		case rewards.StatusExpired:
			if p.Type != TypeCashback {
				set(StatusIssued, ActionNone, "expired")
				return
			}
		}
	}
	v.RewardID = ""
	if raffleStatus(v, p, now, period, held, set) {
		return
	}
	ms := now.UnixMilli()
	switch err := open(p, ms); {
	case errors.Is(err, ErrNotStarted):
		set(StatusComingSoon, ActionNone, "")
		return
	case errors.Is(err, ErrEnded):
		set(StatusClose, ActionNone, "ended")
		return
	case errors.Is(err, ErrPaused):
		set(StatusClose, ActionNone, "paused")
		return
	case errors.Is(err, ErrBudget):
		set(StatusClose, ActionNone, "budget")
		return
	}
	if m.ID > 0 {
		if ok, err := s.eligible(ctx, p, m, now); err != nil || !ok {
			set(StatusClose, ActionNone, "ineligible")
			return
		}
	}
	if p.Type == TypeApplication {
		if a, ok := apps[fmt.Sprint(p.ID, "/", period)]; ok {
			v.ApplicationID, v.Images = a.ID, a.Images
			switch a.Status {
			case AppPending:
				set(StatusProcess, ActionNone, "")
			case AppRejected:
				set(StatusRejected, ActionNone, a.Reason)
			default: // approved: its grant answered above unless the reward is gone
				set(StatusClaimed, ActionNone, "")
			}
			return
		}
		set(StatusApplying, ActionApply, "")
		return
	}
	if p.Type == TypeRaffle {
		set(StatusJoin, ActionTicket, "")
		return
	}
	// a visitor is offered the join (it asks them to log in) even where members take part without one
	if (p.JoinRequired || m.ID == 0) && !joins[fmt.Sprint(p.ID, "/", joinKey(p, now, loc))] {
		set(StatusJoin, ActionJoin, "")
		return
	}
	set(StatusJoined, ActionNone, "")
}
