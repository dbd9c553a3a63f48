// Package promotions is the promotions engine (issue 32 part 2,
// docs/rewards.md "Promotions engine"): operator-defined promotions linked
// to their content article (/promotions shows both), of four types (a
// deposit match reload, a fixed bonus on joining, a cashback of net losses
// over a period, an application an operator reviews), with an optional join
// step, eligibility, a schedule, a budget and a pause. Whatever a promotion
// gives is issued into the reward centre (internal/rewards IssueTx) under a
// key of the promotion, the member and the period, so it is given exactly
// once; the member claims it there.
package promotions

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Types of promotion.
const (
	TypeReload      = "RELOAD"      // a percentage of a qualifying deposit
	TypeFixed       = "FIXED"       // a fixed amount on joining
	TypeCashback    = "CASHBACK"    // a percentage of net loss per category over a period
	TypeApplication = "APPLICATION" // the player applies, an operator approves an amount
	TypeRaffle      = "RAFFLE"      // members take tickets; winners drawn at the end get Amount
)

// Types is every type.
var Types = []string{TypeReload, TypeFixed, TypeCashback, TypeApplication, TypeRaffle}

// Frequencies: how often a member may get a promotion (RELOAD, FIXED,
// APPLICATION), or a cashback's period.
const (
	Once   = "ONCE"
	Daily  = "DAILY"
	Weekly = "WEEKLY" // CASHBACK only: Monday to Sunday in the brand's zone
)

// Reward kinds (internal/rewards).
const (
	KindCash  = "CASH"
	KindBonus = "BONUS"
)

// Player statuses (spec section 4's activity statuses; docs/rewards.md
// "Promotion statuses" is the state machine).
const (
	StatusComingSoon = "COMING_SOON"
	StatusJoin       = "JOIN"
	StatusJoined     = "JOINED"
	StatusApplying   = "APPLYING"
	StatusProcess    = "PROCESS"
	StatusRejected   = "REJECTED"
	StatusClaim      = "CLAIM"
	StatusClaimed    = "CLAIMED"
	StatusIssued     = "ISSUED"
	StatusClose      = "CLOSE"
)

// Actions a player status offers.
const (
	ActionNone   = "NONE"
	ActionJoin   = "JOIN"
	ActionApply  = "APPLY"
	ActionClaim  = "CLAIM"  // in the reward centre
	ActionTicket = "TICKET" // a raffle ticket
)

// Application statuses.
const (
	AppPending  = "PENDING"
	AppApproved = "APPROVED"
	AppRejected = "REJECTED"
)

// Limits.
const (
	MaxRemark     = 140     // spec section 5
	MaxImages     = 3       // spec section 5
	MaxImageBytes = 5 << 20 // spec section 5
	MaxTitle      = 80
	MaxPercent    = 100_00 // basis points
	MaxDays       = 365
	MaxWager      = 100
	MinReason     = 3
	MaxReason     = 200
	MaxWinners    = 1000
	// MaxAmount bounds any amount of a promotion (minor units): ₱1,000,000.
	MaxAmount = 100_000_000
)

// Errors.
var (
	ErrNotFound        = apperr.NotFound("promotion.not_found")
	ErrNotStarted      = apperr.Conflict("promotion.not_started")
	ErrEnded           = apperr.Conflict("promotion.ended")
	ErrPaused          = apperr.Conflict("promotion.paused")
	ErrBudget          = apperr.Conflict("promotion.budget_exhausted")
	ErrIneligible      = apperr.Forbidden("promotion.ineligible")
	ErrAlreadyJoined   = apperr.Conflict("promotion.already_joined")
	ErrNoJoin          = apperr.Conflict("promotion.no_join")
	ErrNotApplication  = apperr.Conflict("promotion.not_application")
	ErrAlreadyApplied  = apperr.Conflict("promotion.already_applied")
	ErrAlreadyGranted  = apperr.Conflict("promotion.already_granted")
	ErrRemark          = apperr.Invalid("promotion.invalid_remark").With("max", MaxRemark)
	ErrAppNotFound     = apperr.NotFound("promotion.application_not_found")
	ErrDecided         = apperr.Conflict("promotion.application_decided")
	ErrInvalidAmount   = apperr.Invalid("promotion.invalid_amount")
	ErrInvalidReason   = apperr.Invalid("promotion.invalid_reason").With("min", MinReason).With("max", MaxReason)
	ErrInvalid         = apperr.Invalid("promotion.invalid")
	ErrRealOnly        = apperr.Forbidden("promotion.real_only")
	ErrImageNotFound   = apperr.NotFound("promotion.image_not_found")
	ErrVIPUnavailable  = apperr.Invalid("promotion.vip_unavailable")
	ErrArticleNotFound = apperr.Invalid("promotion.article_not_found")
	ErrNotRaffle       = apperr.Conflict("promotion.not_raffle")
	ErrHasTicket       = apperr.Conflict("promotion.ticket_held")
)

// invalid names the field an operator's promotion gets wrong.
func invalid(field string) error { return ErrInvalid.With("field", field) }

// Promotion is one promotion as the engine and the console hold it.
// Percentages are basis points (10000 = 100 %), amounts minor units, times
// Unix ms.
type Promotion struct {
	ID           int64  `json:"id"`
	ArticleID    int64  `json:"articleId"`
	Type         string `json:"type"`
	TitleEN      string `json:"titleEN"`
	TitleTY      string `json:"titleTY"`
	JoinRequired bool   `json:"joinRequired"`
	// Percent: RELOAD's match of the deposit; CASHBACK's rate of the
	// categories Rates does not name (0: those categories pay nothing when
	// Rates names any).
	Percent    int64            `json:"percent"`
	Rates      map[string]int64 `json:"rates"`
	Amount     int64            `json:"amount"`
	Cap        int64            `json:"cap"`
	MinDeposit int64            `json:"minDeposit"`
	Frequency  string           `json:"frequency"`
	// Eligibility: registered within NewWithinDays days (0: anyone), in
	// AgentID's downline (0: anyone), VIP level at least VIPMinLevel (0:
	// anyone; needs the VIP hook, see Service.UseVIP).
	NewWithinDays int   `json:"newWithinDays"`
	AgentID       int64 `json:"agentId"`
	VIPMinLevel   int   `json:"vipMinLevel"`
	StartsAt      int64 `json:"startsAt"`
	EndsAt        int64 `json:"endsAt"`
	// Budget: the most the promotion issues in all (0: no limit); Spent
	// what it issued.
	Budget        int64  `json:"budget"`
	Spent         int64  `json:"spent"`
	RewardKind    string `json:"rewardKind"`
	WagerMultiple int64  `json:"wagerMultiple"`
	MaxBet        int64  `json:"maxBet"`
	ValidDays     int    `json:"validDays"`
	ClaimDays     int    `json:"claimDays"`
	Paused        bool   `json:"paused"`
	// RAFFLE: how many winners the draw picks, the SHA-256 of the draw's
	// seed (public from the start), the seed itself once drawn, and when.
	Winners   int    `json:"winners"`
	SeedHash  string `json:"seedHash,omitempty"`
	Seed      string `json:"seed,omitempty"`
	DrawnAt   int64  `json:"drawnAt"`
	seed      string // the secret, kept from JSON until the draw
	CreatedAt int64  `json:"createdAt"`
	UpdatedAt int64  `json:"updatedAt"`
}

// Title is the promotion's title in lang.
func (p Promotion) Title(lang string) string {
	if lang == "TY" && p.TitleTY != "" {
		return p.TitleTY
	}
	return p.TitleEN
}

// Draft is what an operator writes to create or edit a promotion.
type Draft struct {
	ArticleID     int64            `json:"articleId"`
	Type          string           `json:"type"`
	TitleEN       string           `json:"titleEN"`
	TitleTY       string           `json:"titleTY"`
	JoinRequired  bool             `json:"joinRequired"`
	Percent       int64            `json:"percent"`
	Rates         map[string]int64 `json:"rates"`
	Amount        int64            `json:"amount"`
	Cap           int64            `json:"cap"`
	MinDeposit    int64            `json:"minDeposit"`
	Frequency     string           `json:"frequency"`
	NewWithinDays int              `json:"newWithinDays"`
	AgentID       int64            `json:"agentId"`
	VIPMinLevel   int              `json:"vipMinLevel"`
	StartsAt      int64            `json:"startsAt"`
	EndsAt        int64            `json:"endsAt"`
	Budget        int64            `json:"budget"`
	RewardKind    string           `json:"rewardKind"`
	WagerMultiple int64            `json:"wagerMultiple"`
	MaxBet        int64            `json:"maxBet"`
	ValidDays     int              `json:"validDays"`
	ClaimDays     int              `json:"claimDays"`
	Winners       int              `json:"winners"`
}

// Categories a cashback rate may name (the game categories of spec section 2).
var Categories = []string{"SPORTS", "ESPORTS", "LIVE", "LOTT", "ELOTT", "FISH", "PVP", "RNG", "BGS", "COCKFIGHT"}

// Normalize trims d and fills what each type implies: a FIXED bonus is
// earned by joining; a CASHBACK has a period, not a frequency of ONCE.
func (d *Draft) Normalize() {
	d.Type = strings.ToUpper(strings.TrimSpace(d.Type))
	d.TitleEN, d.TitleTY = strings.TrimSpace(d.TitleEN), strings.TrimSpace(d.TitleTY)
	d.Frequency = strings.ToUpper(strings.TrimSpace(d.Frequency))
	d.RewardKind = strings.ToUpper(strings.TrimSpace(d.RewardKind))
	if d.Type == TypeFixed {
		d.JoinRequired = true
	}
	if d.Type == TypeApplication || d.Type == TypeRaffle {
		d.JoinRequired = false
	}
	if d.Type != TypeRaffle {
		d.Winners = 0
	}
	if d.RewardKind == KindCash {
		d.WagerMultiple, d.MaxBet, d.ValidDays = 0, 0, 0
	}
	if d.Rates == nil {
		d.Rates = map[string]int64{}
	}
}

// Validate checks a normalized draft; hasVIP tells whether the VIP hook is
// wired. The error names the first wrong field.
func (d Draft) Validate(hasVIP bool) error {
	okType := false
	for _, t := range Types {
		okType = okType || d.Type == t
	}
	title := func(s string) bool { n := utf8.RuneCountInString(s); return n >= 1 && n <= MaxTitle }
	switch {
	case !okType:
		return invalid("type")
	case !title(d.TitleEN):
		return invalid("titleEN")
	case !title(d.TitleTY):
		return invalid("titleTY")
	case d.ArticleID < 0:
		return invalid("articleId")
	case d.StartsAt <= 0 || d.EndsAt <= d.StartsAt:
		return invalid("schedule")
	case d.Budget < 0 || d.Budget > 100*MaxAmount:
		return invalid("budget")
	case d.RewardKind != KindCash && d.RewardKind != KindBonus:
		return invalid("rewardKind")
	case d.RewardKind == KindBonus && (d.WagerMultiple < 1 || d.WagerMultiple > MaxWager):
		return invalid("wagerMultiple")
	case d.MaxBet < 0 || d.MaxBet > MaxAmount:
		return invalid("maxBet")
	case d.RewardKind == KindBonus && (d.ValidDays < 1 || d.ValidDays > MaxDays):
		return invalid("validDays")
	case d.ClaimDays < 1 || d.ClaimDays > MaxDays:
		return invalid("claimDays")
	case d.NewWithinDays < 0 || d.NewWithinDays > MaxDays:
		return invalid("newWithinDays")
	case d.AgentID < 0:
		return invalid("agentId")
	case d.VIPMinLevel < 0 || d.VIPMinLevel > 100:
		return invalid("vipMinLevel")
	case d.VIPMinLevel > 0 && !hasVIP:
		return ErrVIPUnavailable
	}
	switch d.Type {
	case TypeReload:
		switch {
		case d.Percent < 1 || d.Percent > MaxPercent:
			return invalid("percent")
		case d.Cap < 1 || d.Cap > MaxAmount:
			return invalid("cap")
		case d.MinDeposit < 0 || d.MinDeposit > MaxAmount:
			return invalid("minDeposit")
		case d.Frequency != Once && d.Frequency != Daily:
			return invalid("frequency")
		}
	case TypeFixed:
		switch {
		case d.Amount < 1 || d.Amount > MaxAmount:
			return invalid("amount")
		case d.Frequency != Once && d.Frequency != Daily:
			return invalid("frequency")
		}
	case TypeCashback:
		switch {
		case d.Percent < 0 || d.Percent > MaxPercent:
			return invalid("percent")
		case d.Cap < 1 || d.Cap > MaxAmount:
			return invalid("cap")
		case d.Frequency != Daily && d.Frequency != Weekly:
			return invalid("frequency")
		case d.Percent == 0 && len(d.Rates) == 0:
			return invalid("rates")
		}
		for c, r := range d.Rates {
			known := false
			for _, k := range Categories {
				known = known || c == k
			}
			if !known || r < 0 || r > MaxPercent {
				return invalid("rates")
			}
		}
	case TypeApplication:
		switch {
		case d.Cap < 1 || d.Cap > MaxAmount:
			return invalid("cap")
		case d.Frequency != Once && d.Frequency != Daily:
			return invalid("frequency")
		}
	case TypeRaffle:
		switch {
		case d.Amount < 1 || d.Amount > MaxAmount:
			return invalid("amount")
		case d.Winners < 1 || d.Winners > MaxWinners:
			return invalid("winners")
		case d.Budget > 0 && d.Budget < d.Amount:
			return invalid("budget") // it could pay no winner
		case d.Frequency != Once && d.Frequency != Daily:
			return invalid("frequency")
		}
	}
	return nil
}

func ratesJSON(m map[string]int64) string {
	if len(m) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// messages are the server-side EN/TY texts of the codes; the web has its
// own under errors.promotion.* in every language.
var messages = map[string][2]string{
	"promotion.not_found":   {"This promotion does not exist.", "Walang ganitong promosyon."},
	"promotion.not_started": {"This promotion has not started yet.", "Hindi pa nagsisimula ang promosyong ito."},
	"promotion.ended":       {"This promotion has ended.", "Tapos na ang promosyong ito."},
	"promotion.paused":      {"This promotion is paused for now.", "Naka-pause muna ang promosyong ito."},
	"promotion.budget_exhausted": {"This promotion's budget has run out.",
		"Naubos na ang badyet ng promosyong ito."},
	"promotion.ineligible":      {"Your account is not eligible for this promotion.", "Hindi kwalipikado ang iyong account sa promosyong ito."},
	"promotion.already_joined":  {"You have already joined this promotion.", "Nakasali ka na sa promosyong ito."},
	"promotion.no_join":         {"This promotion has no join step.", "Walang hakbang na pagsali ang promosyong ito."},
	"promotion.not_application": {"This promotion does not take applications.", "Hindi tumatanggap ng aplikasyon ang promosyong ito."},
	"promotion.already_applied": {"You have already applied for this promotion.", "Nag-apply ka na sa promosyong ito."},
	"promotion.already_granted": {"This promotion's reward has already been given to you.", "Naibigay na sa iyo ang reward ng promosyong ito."},
	"promotion.invalid_remark": {"Write a remark of 1 to {max} characters.",
		"Sumulat ng remark na 1 hanggang {max} na character."},
	"promotion.application_not_found": {"This application does not exist.", "Walang ganitong aplikasyon."},
	"promotion.application_decided":   {"This application has already been decided.", "Napagpasyahan na ang aplikasyong ito."},
	"promotion.invalid_amount":        {"Enter an amount above zero and within the promotion's cap.", "Maglagay ng halagang higit sa zero at hindi lalampas sa cap ng promosyon."},
	"promotion.invalid_reason": {"Give a reason of {min} to {max} characters.",
		"Magbigay ng dahilan na {min} hanggang {max} na character."},
	"promotion.invalid":           {"Check the promotion's {field}.", "Suriin ang {field} ng promosyon."},
	"promotion.real_only":         {"Promotions are for real accounts. Register to take part.", "Para sa totoong account ang mga promosyon. Mag-register para makasali."},
	"promotion.image_not_found":   {"This image does not exist.", "Walang ganitong larawan."},
	"promotion.vip_unavailable":   {"VIP levels are not available yet: leave the VIP level at 0.", "Wala pang VIP level: iwanang 0 ang VIP level."},
	"promotion.article_not_found": {"The linked article does not exist or is not a promotion.", "Wala ang naka-link na artikulo o hindi ito promosyon."},
	"promotion.not_raffle":        {"This promotion is not a raffle.", "Hindi raffle ang promosyong ito."},
	"promotion.draw_not_due":      {"This raffle is still running: it can be drawn once it has ended.", "Tumatakbo pa ang raffle na ito: mabubunot ito kapag natapos na."},
	"promotion.ticket_held": {"You already hold a ticket for this raffle (one per member, or one a day for a daily raffle).",
		"May tiket ka na sa raffle na ito (isa bawat miyembro, o isa kada araw sa pang-araw-araw na raffle)."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
