package transfervendor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Game rounds played at the sandbox vendor (internal/sandbox/gamevendor):
// the bet and the win of one round are settled together against the
// player's wallet here, the money the player moved in with a transfer. They
// are kept in sandbox_vendor_tx as kinds BET and WIN (ids <roundId>-b and
// <roundId>-w), so they never collide with transfer ids (tr + 24 hex).
const (
	kindBet = "BET"
	kindWin = "WIN"
)

// Errors of Play.
var (
	ErrInsufficientFunds = errors.New("transfervendor: insufficient funds")
	ErrCurrencyMismatch  = errors.New("transfervendor: currency mismatch")
	ErrDuplicateRound    = errors.New("transfervendor: round already played")
)

// Play settles one round of a game in one transaction: the bet comes off
// the player's wallet, the win goes on, and the round joins the vendor's bet
// history (sandbox_vendor_round, served by the rounds call). A bet above the
// balance is refused (ErrInsufficientFunds, nothing moved; balance is the
// current one). Returns the player's balance after the round.
func (s *Store) Play(ctx context.Context, vendor, player, currency, gameCode, roundID string, bet, win int64, now time.Time) (int64, error) {
	if bet <= 0 || win < 0 || !vendorwallet.ValidPlayer(player) || !vendorwallet.ValidTxID(roundID+"-b") || gameCode == "" || len(gameCode) > 64 {
		return 0, fmt.Errorf("sandbox vendor %s play: bad round", vendor)
	}
	var after int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		q := `SELECT currency, balance FROM sandbox_vendor_wallet WHERE vendor = ? AND player = ?`
		if tx.Dialect() == db.Postgres {
			q += ` FOR UPDATE`
		}
		var cur string
		var bal int64
		err := tx.QueryRowContext(ctx, tx.Rebind(q), vendor, player).Scan(&cur, &bal)
		if db.IsNoRows(err) { // never funded: balance 0
			after = 0
			return ErrInsufficientFunds
		}
		if err != nil {
			return err
		}
		after = bal
		if cur != currency {
			return ErrCurrencyMismatch
		}
		if bal < bet {
			return ErrInsufficientFunds
		}
		if _, found, err := findTx(ctx, tx, vendor, roundID+"-b"); err != nil {
			return err
		} else if found {
			return ErrDuplicateRound
		}
		afterBet := bal - bet
		after = afterBet + win
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE sandbox_vendor_wallet SET balance = ?, updated_at = ? WHERE vendor = ? AND player = ?`),
			after, now.UnixMilli(), vendor, player); err != nil {
			return err
		}
		ins := tx.Rebind(`INSERT INTO sandbox_vendor_tx (vendor, tx_id, kind, player, amount, currency, status, code, balance_after, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?)`)
		if _, err := tx.ExecContext(ctx, ins, vendor, roundID+"-b", kindBet, player, bet, currency, string(vendorwallet.StatusSuccess), afterBet, now.UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, ins, vendor, roundID+"-w", kindWin, player, win, currency, string(vendorwallet.StatusSuccess), after, now.UnixMilli()); err != nil {
			return err
		}
		return recordRound(ctx, tx, vendor, vendorwallet.VendorRound{RoundID: roundID, Player: player, GameCode: gameCode, Currency: currency,
			Bet: bet, ValidBet: bet, Win: win, Status: vendorwallet.RoundCompleted, StartedAt: now.UnixMilli(), EndedAt: now.UnixMilli()})
	})
	switch {
	case errors.Is(err, ErrInsufficientFunds), errors.Is(err, ErrCurrencyMismatch), errors.Is(err, ErrDuplicateRound):
		return after, err
	case err != nil:
		return 0, fmt.Errorf("sandbox vendor %s play: %w", vendor, err)
	}
	return after, nil
}

// Balance is a player's balance at a sandbox vendor (0 for one never funded).
func (s *Store) Balance(ctx context.Context, vendor, player string) (int64, error) {
	return s.balance(ctx, vendor, player)
}
