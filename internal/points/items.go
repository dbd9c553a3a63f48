package points

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Item is one thing the mall offers.
type Item struct {
	ID            int64  `json:"id"`
	Kind          string `json:"kind"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	NameEN        string `json:"nameEN"`
	NameTY        string `json:"nameTY"`
	DescEN        string `json:"descEN"`
	DescTY        string `json:"descTY"`
	ImageURL      string `json:"imageUrl"`
	Points        int64  `json:"points"`
	Amount        int64  `json:"amount"` // BONUS_CASH: the cash; FREE_SPINS: the spin bet
	Spins         int    `json:"spins"`
	WagerMultiple int64  `json:"wagerMultiple"`
	Stock         int64  `json:"stock"` // -1 unlimited
	MemberLimit   int    `json:"memberLimit"`
	Status        string `json:"status"`
	Sort          int    `json:"sort"`
	CreatedAt     int64  `json:"createdAt"`
	UpdatedAt     int64  `json:"updatedAt"`
	// Redeemed is how many the caller holds (not rejected); storefront only.
	Redeemed int `json:"redeemed"`
}

// Value is what one item issues in minor units (free spins: spins × bet).
func (it Item) Value() int64 {
	if it.Kind == KindFreeSpins {
		return int64(it.Spins) * it.Amount
	}
	if it.Kind == KindBonusCash {
		return it.Amount
	}
	return 0
}

const itemCols = `id, kind, name_en, name_ty, desc_en, desc_ty, image_url, points, amount, spins, wager_multiple, stock, member_limit, status, sort, created_at, updated_at`

func scanItem(row interface{ Scan(...any) error }) (Item, error) {
	var it Item
	err := row.Scan(&it.ID, &it.Kind, &it.NameEN, &it.NameTY, &it.DescEN, &it.DescTY, &it.ImageURL, &it.Points, &it.Amount, &it.Spins,
		&it.WagerMultiple, &it.Stock, &it.MemberLimit, &it.Status, &it.Sort, &it.CreatedAt, &it.UpdatedAt)
	return it, err
}

// worded is it with its name and description in lang.
func (it Item) worded(lang string) Item {
	it.Name, it.Description = it.NameEN, it.DescEN
	if lang == "TY" {
		if it.NameTY != "" {
			it.Name = it.NameTY
		}
		if it.DescTY != "" {
			it.Description = it.DescTY
		}
	}
	return it
}

func (s *Service) item(ctx context.Context, q db.Querier, id int64) (Item, error) {
	it, err := scanItem(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+itemCols+` FROM points_item WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return Item{}, ErrItemNotFound
	}
	if err != nil {
		return Item{}, apperr.Internal(err, "read points item")
	}
	return it, nil
}

// Items lists the items: the active ones for the storefront (with how many
// the member holds), every item for the console (member 0, all true).
func (s *Service) Items(ctx context.Context, member int64, lang string, all bool) ([]Item, error) {
	where := `WHERE status = 'ACTIVE'`
	if all {
		where = ``
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+itemCols+` FROM points_item `+where+` ORDER BY sort, id`)
	if err != nil {
		return nil, apperr.Internal(err, "select points items")
	}
	out := []Item{}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			rows.Close()
			return nil, apperr.Internal(err, "scan points item")
		}
		out = append(out, it.worded(lang))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "read points items")
	}
	if member > 0 {
		held := map[int64]int{}
		rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT item_id, SUM(quantity) FROM points_redemption WHERE member_id = ? AND item_id > 0 AND status <> 'REJECTED' GROUP BY item_id`), member)
		if err != nil {
			return nil, apperr.Internal(err, "count redemptions")
		}
		for rows.Next() {
			var id int64
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan redemptions")
			}
			held[id] = n
		}
		rows.Close()
		for i := range out {
			out[i].Redeemed = held[out[i].ID]
		}
	}
	return out, nil
}

// Limits of an item.
const (
	MaxName        = 80
	MaxDesc        = 500
	MaxURL         = 500
	MaxItemPoints  = 100_000_000
	MaxItemAmount  = 100_000_000 // minor units
	MaxSpins       = 500
	MaxWager       = 100
	MaxStock       = 1_000_000
	MaxMemberLimit = 1000
)

// ItemInput is an item as the console writes it (amounts in minor units).
type ItemInput struct {
	Kind          string `json:"kind"`
	NameEN        string `json:"nameEN"`
	NameTY        string `json:"nameTY"`
	DescEN        string `json:"descEN"`
	DescTY        string `json:"descTY"`
	ImageURL      string `json:"imageUrl"`
	Points        int64  `json:"points"`
	Amount        int64  `json:"amount"`
	Spins         int    `json:"spins"`
	WagerMultiple int64  `json:"wagerMultiple"`
	Stock         int64  `json:"stock"`
	MemberLimit   int    `json:"memberLimit"`
	Status        string `json:"status"`
	Sort          int    `json:"sort"`
}

func invalidItem(field string) error {
	return apperr.Invalid("points.invalid_item").With("field", field)
}

func text(s string, max int, required bool) (string, bool) {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	return s, utf8.ValidString(s) && n <= max && (!required || n > 0)
}

// check validates and normalises an item.
func (in ItemInput) check() (ItemInput, error) {
	var ok bool
	in.Kind = strings.ToUpper(strings.TrimSpace(in.Kind))
	if in.Kind != KindBonusCash && in.Kind != KindFreeSpins && in.Kind != KindGoods {
		return in, invalidItem("kind")
	}
	if in.NameEN, ok = text(in.NameEN, MaxName, true); !ok {
		return in, invalidItem("nameEN")
	}
	if in.NameTY, ok = text(in.NameTY, MaxName, false); !ok {
		return in, invalidItem("nameTY")
	}
	if in.DescEN, ok = text(in.DescEN, MaxDesc, false); !ok {
		return in, invalidItem("descEN")
	}
	if in.DescTY, ok = text(in.DescTY, MaxDesc, false); !ok {
		return in, invalidItem("descTY")
	}
	if in.ImageURL, ok = text(in.ImageURL, MaxURL, false); !ok || (in.ImageURL != "" && !strings.HasPrefix(in.ImageURL, "https://") &&
		!(strings.HasPrefix(in.ImageURL, "/") && !strings.HasPrefix(in.ImageURL, "//"))) {
		return in, invalidItem("imageUrl")
	}
	if in.Points < 1 || in.Points > MaxItemPoints {
		return in, invalidItem("points")
	}
	switch in.Kind {
	case KindBonusCash:
		if in.Amount < 1 || in.Amount > MaxItemAmount {
			return in, invalidItem("amount")
		}
		in.Spins = 0
	case KindFreeSpins:
		if in.Amount < 1 || in.Amount > MaxItemAmount {
			return in, invalidItem("amount")
		}
		if in.Spins < 1 || in.Spins > MaxSpins {
			return in, invalidItem("spins")
		}
		if in.WagerMultiple < 1 {
			in.WagerMultiple = 1 // free spins' winnings are played once through
		}
	case KindGoods:
		in.Amount, in.Spins, in.WagerMultiple = 0, 0, 0
	}
	if in.WagerMultiple < 0 || in.WagerMultiple > MaxWager {
		return in, invalidItem("wagerMultiple")
	}
	if in.Stock < -1 || in.Stock > MaxStock {
		return in, invalidItem("stock")
	}
	if in.MemberLimit < 0 || in.MemberLimit > MaxMemberLimit {
		return in, invalidItem("memberLimit")
	}
	in.Status = strings.ToUpper(strings.TrimSpace(in.Status))
	if in.Status == "" {
		in.Status = ItemActive
	}
	if in.Status != ItemActive && in.Status != ItemPaused {
		return in, invalidItem("status")
	}
	if in.Sort < 0 || in.Sort > 10_000 {
		return in, invalidItem("sort")
	}
	return in, nil
}

// CreateItem adds an item.
func (s *Service) CreateItem(ctx context.Context, in ItemInput) (Item, error) {
	if _, err := in.check(); err != nil {
		return Item{}, err
	}
	id, err := s.createAt(ctx, in, s.clock.Now())
	if err != nil {
		return Item{}, apperr.Internal(err, "insert points item")
	}
	return s.item(ctx, s.db, id)
}

// UpdateItem rewrites an item (its kind stays); redemptions made keep what
// they were made with.
func (s *Service) UpdateItem(ctx context.Context, id int64, in ItemInput) (before, after Item, err error) {
	if before, err = s.item(ctx, s.db, id); err != nil {
		return
	}
	if in.Kind == "" {
		in.Kind = before.Kind
	}
	if in, err = in.check(); err != nil {
		return
	}
	if in.Kind != before.Kind {
		return before, after, invalidItem("kind")
	}
	_, err = s.db.ExecContext(ctx, s.db.Rebind(`UPDATE points_item SET name_en = ?, name_ty = ?, desc_en = ?, desc_ty = ?, image_url = ?, points = ?,
		amount = ?, spins = ?, wager_multiple = ?, stock = ?, member_limit = ?, status = ?, sort = ?, updated_at = ? WHERE id = ?`),
		in.NameEN, in.NameTY, in.DescEN, in.DescTY, in.ImageURL, in.Points, in.Amount, in.Spins, in.WagerMultiple, in.Stock, in.MemberLimit,
		in.Status, in.Sort, s.clock.Now().UnixMilli(), id)
	if err != nil {
		return before, after, apperr.Internal(err, "update points item")
	}
	after, err = s.item(ctx, s.db, id)
	return
}

// SetItemStatus pauses or resumes an item.
func (s *Service) SetItemStatus(ctx context.Context, id int64, status string) (before, after Item, err error) {
	status = strings.ToUpper(strings.TrimSpace(status))
	if status != ItemActive && status != ItemPaused {
		return before, after, invalidItem("status")
	}
	if before, err = s.item(ctx, s.db, id); err != nil {
		return
	}
	if _, err = s.db.ExecContext(ctx, s.db.Rebind(`UPDATE points_item SET status = ?, updated_at = ? WHERE id = ?`), status, s.clock.Now().UnixMilli(), id); err != nil {
		return before, after, apperr.Internal(err, "update points item")
	}
	after, err = s.item(ctx, s.db, id)
	return
}

// SeedDemo adds the demo brand's items to an empty mall (docs/rewards.md
// "Points mall"); false when it has items.
func SeedDemo(ctx context.Context, d *db.DB, now time.Time) (bool, error) {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM points_item`).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	s := &Service{db: d}
	for i, in := range DemoItems() {
		in.Sort = i + 1
		if _, err := s.createAt(ctx, in, now); err != nil {
			return false, err
		}
	}
	return true, nil
}

func (s *Service) createAt(ctx context.Context, in ItemInput, now time.Time) (int64, error) {
	in, err := in.check()
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO points_item (kind, name_en, name_ty, desc_en, desc_ty, image_url, points, amount, spins,
			wager_multiple, stock, member_limit, status, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			in.Kind, in.NameEN, in.NameTY, in.DescEN, in.DescTY, in.ImageURL, in.Points, in.Amount, in.Spins, in.WagerMultiple, in.Stock,
			in.MemberLimit, in.Status, in.Sort, now.UnixMilli(), now.UnixMilli()).Scan(&id)
	})
	return id, err
}

// DemoItems are the demo mall's items.
func DemoItems() []ItemInput {
	return []ItemInput{
		{Kind: KindBonusCash, NameEN: "₱50 bonus cash", NameTY: "₱50 na bonus cash", Points: 500, Amount: 5_000, Stock: -1, MemberLimit: 10,
			DescEN: "₱50 paid into your main balance once you claim it in the reward centre. No wagering.",
			DescTY: "₱50 na ilalagay sa iyong main balance kapag kinuha mo ito sa reward centre. Walang wagering."},
		{Kind: KindFreeSpins, NameEN: "20 free spins on Palaro Slot", NameTY: "20 libreng spin sa Palaro Slot", Points: 800, Amount: 500, Spins: 20,
			WagerMultiple: 1, Stock: -1, MemberLimit: 5,
			DescEN: "A ₱100 bonus for 20 spins of ₱5 on Palaro Originals: bets up to ₱5 while it is active, play it through once, valid 7 days.",
			DescTY: "₱100 na bonus para sa 20 spin na tig-₱5 sa Palaro Originals: taya hanggang ₱5 habang aktibo, laruin nang isang beses, 7 araw ang bisa."},
		{Kind: KindGoods, NameEN: "Palaro tumbler", NameTY: "Palaro tumbler", Points: 3_000, Stock: 50, MemberLimit: 1,
			DescEN: "A 500 ml stainless tumbler, delivered to your address within 14 days of approval.",
			DescTY: "Isang 500 ml na stainless tumbler, ihahatid sa iyong address sa loob ng 14 araw mula sa pag-apruba."},
		{Kind: KindGoods, NameEN: "Palaro cap", NameTY: "Palaro cap", Points: 2_000, Stock: 100, MemberLimit: 2,
			DescEN: "An embroidered cap, delivered to your address within 14 days of approval.",
			DescTY: "Isang burdadong cap, ihahatid sa iyong address sa loob ng 14 araw mula sa pag-apruba."},
	}
}
