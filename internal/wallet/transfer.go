package wallet

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/money"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Transfer wallets (docs/ledger.md, "Transfer wallets"): a vendor of wallet
// type TRANSFER keeps the money a player moves to it. Our ledger sees that
// money leave the platform: main -> vendor posts player main -> the system
// vendor_float account and calls the vendor's Deposit; vendor -> main calls
// the vendor's Withdraw first and then posts vendor_float -> main. A vendor
// answer that is lost leaves the transfer PENDING until the vendor's status
// call settles it (the status endpoint, and the sweeper every 30 s).

// MainWallet names the main wallet in a transfer request.
const MainWallet = "MAIN"

// Transfer states.
const (
	TransferPending = "PENDING"
	TransferSuccess = "SUCCESS"
	TransferFailed  = "FAILED"
)

// Directions: IN moves money into the vendor's wallet, OUT back to main.
const (
	DirectionIn  = "IN"
	DirectionOut = "OUT"
)

// Request kinds stored with an Idempotency-Key.
const (
	requestTransfer = "TRANSFER"
	requestAllBack  = "ALL_BACK"
)

// Timing of settlement.
const (
	// InFlightGuard is how long a new transfer is left to its own request
	// before a status check may settle it (covers a crash mid-request).
	InFlightGuard = 2 * time.Minute
	// RetryAfter is the wait after a status call that could not settle.
	RetryAfter = 30 * time.Second
	// SweepEvery is how often the background sweeper settles due transfers.
	SweepEvery = 30 * time.Second
	// vendorBalanceTimeout bounds a balance read shown on a screen.
	vendorBalanceTimeout = 3 * time.Second
	// vendorCallTimeout bounds a deposit, withdrawal or status call.
	vendorCallTimeout = 15 * time.Second
)

// TransferInput is the body of POST /wps/v2/wallets/transfer.
type TransferInput struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount string `json:"amount"`
}

// Transfer is one movement between the main wallet and a vendor wallet.
type Transfer struct {
	ID          int64  `json:"id"`
	Status      string `json:"status"`
	From        string `json:"from"`
	To          string `json:"to"`
	Vendor      string `json:"vendor"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Decimals    int    `json:"decimals"`
	FailureCode string `json:"failureCode,omitempty"` // an errors.<code> the browser translates
	CreatedAt   int64  `json:"createdAt"`
	SettledAt   int64  `json:"settledAt,omitempty"`

	memberID   int64
	key        string
	direction  string
	player     string
	txID       string
	ledgerKey  string
	checkAfter time.Time
}

// VendorWallet is one vendor wallet as the player sees it.
type VendorWallet struct {
	Vendor  string `json:"vendor"`
	Name    string `json:"name"`
	Balance int64  `json:"balance"`
	Status  string `json:"status"` // OK or UNAVAILABLE (the vendor did not answer; balance 0)
}

// Vendor wallet statuses.
const (
	VendorOK          = "OK"
	VendorUnavailable = "UNAVAILABLE"
)

// Wallets is the answer of GET /wps/v2/wallets.
type Wallets struct {
	Main     MainBalance    `json:"main"`
	Vendors  []VendorWallet `json:"vendors"`
	Total    int64          `json:"total"` // main + every vendor that answered
	Currency string         `json:"currency"`
	Decimals int            `json:"decimals"`
}

// MainBalance is the main balance in the wallets answer.
type MainBalance struct {
	Balance int64 `json:"balance"`
}

// Balances are the wallets a transfer touched, after it.
type Balances struct {
	Main    int64          `json:"main"`
	Vendors []VendorWallet `json:"vendors"`
}

// TransferResult answers a transfer and its status check.
type TransferResult struct {
	Transfer
	Balances Balances `json:"balances"`
}

// AllBackResult answers POST /wps/v2/wallets/transfer/all-back.
type AllBackResult struct {
	Transfers []Transfer `json:"transfers"`
	Balances  Balances   `json:"balances"`
}

// CatalogSource yields the games catalogue (game.Service satisfies it); the
// vendors' wallet types live there.
type CatalogSource interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// Transfers runs transfer wallets for members and agents.
type Transfers struct {
	wallet  *Service
	store   *transferStore
	catalog CatalogSource
	vendors map[string]vendorwallet.Wallet // adapters by vendor code
	clock   clock.Clock
	logger  *slog.Logger
	limits  TransferLimits // responsible gaming (UseLimits); nil checks nothing
}

// TransferLimits refuses money moving into a transfer-wallet vendor when
// it would pass a wager or loss limit of the member's (rg.wager_limit,
// rg.loss_limit), or any such move of a blocked member: it counts as a
// wager when it moves. pending is what the member's other transfers into
// vendors still in flight add up to.
type TransferLimits interface {
	CheckTransfer(ctx context.Context, memberID int64, currency, vendor string, amount, pending int64) error
}

// UseLimits installs the responsible-gaming check (set before serving).
func (t *Transfers) UseLimits(l TransferLimits) { t.limits = l }

// NewTransfers wires transfer wallets. vendors maps a vendor code to its
// adapter; a TRANSFER vendor without one is shown UNAVAILABLE.
func NewTransfers(w *Service, d *db.DB, catalog CatalogSource, vendors map[string]vendorwallet.Wallet, clk clock.Clock, logger *slog.Logger) *Transfers {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Transfers{wallet: w, store: &transferStore{db: d}, catalog: catalog, vendors: vendors, clock: clk, logger: logger}
}

// transferVendor is a TRANSFER vendor of the catalogue with its adapter.
type transferVendor struct {
	game.WalletVendor
	adapter vendorwallet.Wallet // nil: no adapter configured
}

// transferVendors lists the catalogue's TRANSFER vendors in menu order.
func (t *Transfers) transferVendors(ctx context.Context) ([]transferVendor, error) {
	return transferVendorsOf(ctx, t.catalog, t.vendors)
}

func transferVendorsOf(ctx context.Context, src CatalogSource, adapters map[string]vendorwallet.Wallet) ([]transferVendor, error) {
	if src == nil {
		return nil, nil
	}
	c, err := src.Catalog(ctx)
	if err != nil {
		return nil, apperr.Internal(err, "catalogue")
	}
	var out []transferVendor
	for _, v := range c.WalletVendors() {
		if v.WalletType == game.WalletTransfer {
			out = append(out, transferVendor{WalletVendor: v, adapter: adapters[v.Code]})
		}
	}
	return out, nil
}

func (t *Transfers) vendor(ctx context.Context, code string) (transferVendor, error) {
	vs, err := t.transferVendors(ctx)
	if err != nil {
		return transferVendor{}, err
	}
	for _, v := range vs {
		if strings.EqualFold(v.Code, code) {
			return v, nil
		}
	}
	return transferVendor{}, apperr.Invalid("wallet.unknown_vendor").With("vendor", code)
}

// playerOf is the member's id at every vendor.
func playerOf(memberID int64, currency string) vendorwallet.Player {
	return vendorwallet.Player{ID: "m" + strconv.FormatInt(memberID, 10), Currency: currency}
}

// requireReal refuses visitors and trial users (the handlers' guard does
// too; the service does not rely on it).
func requireReal(c account.Caller) error {
	return account.Allowed(c, account.RoleMember, account.RoleAgent)
}

// Wallets is the caller's main balance and every TRANSFER vendor's balance
// for them, read from the vendors in parallel.
func (t *Transfers) Wallets(ctx context.Context, c account.Caller) (Wallets, error) {
	if err := requireReal(c); err != nil {
		return Wallets{}, err
	}
	cur, err := t.wallet.currency(ctx)
	if err != nil {
		return Wallets{}, err
	}
	main, err := t.wallet.MainAccount(ctx, c)
	if err != nil {
		return Wallets{}, err
	}
	vs, err := t.transferVendors(ctx)
	if err != nil {
		return Wallets{}, err
	}
	out := Wallets{Main: MainBalance{Balance: main.Balance}, Vendors: t.readBalances(ctx, c.MemberID, cur.Code, vs), Currency: cur.Code, Decimals: cur.Decimals}
	out.Total = out.Main.Balance
	for _, v := range out.Vendors {
		out.Total += v.Balance
	}
	return out, nil
}

// HeldAtVendors is what the transfer-wallet vendors a member has moved money
// into hold for them now, asked of those vendors (one that does not answer
// counts nothing). Responsible gaming uses it to let a self-excluded player
// whose money sits at a vendor bring it back and withdraw it.
func (t *Transfers) HeldAtVendors(ctx context.Context, memberID int64) (int64, error) {
	funded, err := t.store.vendorsFunded(ctx, memberID)
	if err != nil || len(funded) == 0 {
		return 0, err
	}
	cur, err := t.wallet.currency(ctx)
	if err != nil {
		return 0, err
	}
	all, err := t.transferVendors(ctx)
	if err != nil {
		return 0, err
	}
	var vs []transferVendor
	for _, v := range all {
		if slices.Contains(funded, v.Code) {
			vs = append(vs, v)
		}
	}
	var held int64
	for _, w := range t.readBalances(ctx, memberID, cur.Code, vs) {
		if w.Status == VendorOK && w.Balance > 0 {
			held += w.Balance
		}
	}
	return held, nil
}

// readBalances asks each vendor for the member's balance in parallel.
func (t *Transfers) readBalances(ctx context.Context, memberID int64, currency string, vs []transferVendor) []VendorWallet {
	out := make([]VendorWallet, len(vs))
	var wg sync.WaitGroup
	for i, v := range vs {
		out[i] = VendorWallet{Vendor: v.Code, Name: v.DisplayName, Status: VendorUnavailable}
		if v.adapter == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, vendorBalanceTimeout)
			defer cancel()
			bal, err := v.adapter.Balance(cctx, playerOf(memberID, currency))
			if err != nil {
				t.logger.WarnContext(ctx, "vendor balance", "vendor", v.Code, "member", memberID, "err", err)
				return
			}
			out[i].Balance, out[i].Status = bal, VendorOK
		}()
	}
	wg.Wait()
	return out
}

// requestHash is the fingerprint of a request body under an Idempotency-Key.
func requestHash(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:])
}

// Transfer moves money between the main wallet and one vendor wallet under
// the caller's Idempotency-Key. The same key with the same body answers the
// same transfer (in its current state); with another body it is refused.
func (t *Transfers) Transfer(ctx context.Context, c account.Caller, key string, in TransferInput) (TransferResult, error) {
	if err := requireReal(c); err != nil {
		return TransferResult{}, err
	}
	if err := money.CheckIdempotencyKey(key); err != nil {
		return TransferResult{}, err
	}
	cur, err := t.wallet.currency(ctx)
	if err != nil {
		return TransferResult{}, err
	}
	from, to := strings.ToUpper(strings.TrimSpace(in.From)), strings.ToUpper(strings.TrimSpace(in.To))
	if from == "" || to == "" || from == to || (from != MainWallet && to != MainWallet) {
		return TransferResult{}, apperr.Invalid("wallet.invalid_transfer")
	}
	amount, err := money.Parse(in.Amount, cur.Decimals)
	if err != nil {
		return TransferResult{}, err
	}
	direction, code := DirectionIn, to
	if to == MainWallet {
		direction, code = DirectionOut, from
	}
	hash := requestHash(requestTransfer, direction, code, strconv.FormatInt(amount, 10), cur.Code)
	if tr, found, err := t.replay(ctx, c.MemberID, key, requestTransfer, hash); found || err != nil {
		if err != nil {
			return TransferResult{}, err
		}
		return t.result(ctx, tr[0])
	}

	v, err := t.vendor(ctx, code)
	if err != nil {
		return TransferResult{}, err
	}
	if v.Maintenance {
		return TransferResult{}, apperr.Conflict("wallet.vendor_maintenance").With("vendor", v.Code)
	}
	if v.adapter == nil {
		return TransferResult{}, apperr.New(apperr.KindUnavailable, "wallet.vendor_unavailable").With("vendor", v.Code)
	}
	player := playerOf(c.MemberID, cur.Code)
	// Refuse what cannot succeed before anything is stored, so the key stays free.
	if direction == DirectionIn {
		main, err := t.wallet.MainAccount(ctx, c)
		if err != nil {
			return TransferResult{}, err
		}
		if main.Balance < amount {
			return TransferResult{}, ledger.ErrInsufficientFunds
		}
	} else {
		bctx, cancel := context.WithTimeout(ctx, vendorBalanceTimeout)
		bal, err := v.adapter.Balance(bctx, player)
		cancel()
		if err != nil {
			t.logger.WarnContext(ctx, "vendor balance", "vendor", v.Code, "member", c.MemberID, "err", err)
			return TransferResult{}, apperr.New(apperr.KindUnavailable, "wallet.vendor_unavailable").With("vendor", v.Code)
		}
		if bal < amount {
			return TransferResult{}, apperr.Conflict("wallet.vendor_insufficient_funds").With("vendor", v.Code)
		}
	}

	now := t.clock.Now()
	tr := Transfer{
		memberID: c.MemberID, key: key, direction: direction, Vendor: v.Code, player: player.ID,
		Amount: amount, Currency: cur.Code, Decimals: cur.Decimals, Status: TransferPending,
		ledgerKey:  "transfer:" + strconv.FormatInt(c.MemberID, 10) + ":" + key,
		checkAfter: now.Add(InFlightGuard),
	}
	var limit func(ctx context.Context, pending int64) error
	if direction == DirectionIn && t.limits != nil {
		limit = func(ctx context.Context, pending int64) error {
			return t.limits.CheckTransfer(ctx, c.MemberID, cur.Code, v.Code, amount, pending)
		}
	}
	created, err := t.store.create(ctx, requestTransfer, hash, now, &tr, limit)
	if err != nil {
		return TransferResult{}, err
	}
	if !created { // a twin request with the same key got there first
		trs, _, err := t.replay(ctx, c.MemberID, key, requestTransfer, hash)
		if err != nil {
			return TransferResult{}, err
		}
		return t.result(ctx, trs[0])
	}
	tr = t.process(ctx, tr, v.adapter)
	return t.result(ctx, tr)
}

// replay finds the transfers stored under a key: found is false when the key
// is new; a different kind or body is refused.
func (t *Transfers) replay(ctx context.Context, memberID int64, key, kind, hash string) ([]Transfer, bool, error) {
	storedKind, storedHash, found, err := t.store.request(ctx, memberID, key)
	if err != nil || !found {
		return nil, false, err
	}
	if storedKind != kind || storedHash != hash {
		return nil, true, apperr.Conflict("wallet.idempotency_mismatch")
	}
	trs, err := t.store.byKey(ctx, memberID, key)
	if err != nil {
		return nil, true, err
	}
	if kind == requestTransfer && len(trs) != 1 {
		return nil, true, apperr.Internal(fmt.Errorf("%d transfers under one key", len(trs)), "replay")
	}
	return trs, true, nil
}

// AllBack moves every vendor balance of the caller back to main: one OUT
// transfer per vendor that answered with a balance above zero.
func (t *Transfers) AllBack(ctx context.Context, c account.Caller, key string) (AllBackResult, error) {
	if err := requireReal(c); err != nil {
		return AllBackResult{}, err
	}
	if err := money.CheckIdempotencyKey(key); err != nil {
		return AllBackResult{}, err
	}
	cur, err := t.wallet.currency(ctx)
	if err != nil {
		return AllBackResult{}, err
	}
	hash := requestHash(requestAllBack, cur.Code)
	if trs, found, err := t.replay(ctx, c.MemberID, key, requestAllBack, hash); found || err != nil {
		if err != nil {
			return AllBackResult{}, err
		}
		return t.allBackResult(ctx, c, trs)
	}
	vs, err := t.transferVendors(ctx)
	if err != nil {
		return AllBackResult{}, err
	}
	balances := t.readBalances(ctx, c.MemberID, cur.Code, vs)
	now := t.clock.Now()
	var trs []Transfer
	for i, b := range balances {
		if b.Status != VendorOK || b.Balance <= 0 {
			continue
		}
		trs = append(trs, Transfer{
			memberID: c.MemberID, key: key, direction: DirectionOut, Vendor: vs[i].Code, player: playerOf(c.MemberID, cur.Code).ID,
			Amount: b.Balance, Currency: cur.Code, Decimals: cur.Decimals, Status: TransferPending,
			ledgerKey:  "transfer:" + strconv.FormatInt(c.MemberID, 10) + ":" + key + ":" + vs[i].Code,
			checkAfter: now.Add(InFlightGuard),
		})
	}
	created, err := t.store.createAll(ctx, c.MemberID, key, requestAllBack, hash, now, trs, nil)
	if err != nil {
		return AllBackResult{}, err
	}
	if !created {
		trs, _, err := t.replay(ctx, c.MemberID, key, requestAllBack, hash)
		if err != nil {
			return AllBackResult{}, err
		}
		return t.allBackResult(ctx, c, trs)
	}
	adapters := map[string]vendorwallet.Wallet{}
	for _, v := range vs {
		adapters[v.Code] = v.adapter
	}
	for i := range trs {
		trs[i] = t.process(ctx, trs[i], adapters[trs[i].Vendor])
	}
	return t.allBackResult(ctx, c, trs)
}

func (t *Transfers) allBackResult(ctx context.Context, c account.Caller, trs []Transfer) (AllBackResult, error) {
	if trs == nil {
		trs = []Transfer{}
	}
	w, err := t.Wallets(ctx, c)
	if err != nil {
		return AllBackResult{}, err
	}
	return AllBackResult{Transfers: trs, Balances: Balances{Main: w.Main.Balance, Vendors: w.Vendors}}, nil
}

// result adds the balances a transfer touched.
func (t *Transfers) result(ctx context.Context, tr Transfer) (TransferResult, error) {
	main, err := t.wallet.ensure(ctx, ledger.PlayerMain(tr.memberID, tr.Currency))
	if err != nil {
		return TransferResult{}, err
	}
	out := TransferResult{Transfer: tr, Balances: Balances{Main: main.Balance, Vendors: []VendorWallet{}}}
	vs, err := t.transferVendors(ctx)
	if err != nil {
		return TransferResult{}, err
	}
	for _, v := range vs {
		if v.Code == tr.Vendor {
			out.Balances.Vendors = t.readBalances(ctx, tr.memberID, tr.Currency, []transferVendor{v})
		}
	}
	return out, nil
}

// TransferVendorCodes lists the TRANSFER vendors of a catalogue snapshot,
// sorted (the demo wiring mounts a sandbox vendor for each).
func TransferVendorCodes(c *game.Catalog) []string {
	var out []string
	for _, v := range c.WalletVendors() {
		if v.WalletType == game.WalletTransfer {
			out = append(out, v.Code)
		}
	}
	sort.Strings(out)
	return out
}

// errUnknownTransfer is a transfer id the caller does not own.
var errUnknownTransfer = apperr.NotFound("wallet.transfer_not_found")

// VendorBalancesOf asks the transfer vendors a member has moved money into
// for its balance there, in parallel as the player's own wallets page does
// (the back office's player page); a vendor that does not answer in time is
// UNAVAILABLE. A member who never transferred costs no call.
func (t *Transfers) VendorBalancesOf(ctx context.Context, memberID int64) ([]VendorWallet, error) {
	funded, err := t.store.vendorsFunded(ctx, memberID)
	if err != nil || len(funded) == 0 {
		return []VendorWallet{}, err
	}
	cur, err := t.wallet.currency(ctx)
	if err != nil {
		return nil, err
	}
	all, err := t.transferVendors(ctx)
	if err != nil {
		return nil, err
	}
	var vs []transferVendor
	for _, v := range all {
		if slices.Contains(funded, v.Code) {
			vs = append(vs, v)
		}
	}
	return t.readBalances(ctx, memberID, cur.Code, vs), nil
}
