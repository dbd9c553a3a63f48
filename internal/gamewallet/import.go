package gamewallet

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Rounds of transfer-wallet vendors. Such a vendor settles its games against
// its own wallet and never calls the callback API, so the platform pulls its
// settled rounds (docs/vendor-transfer.md, "Rounds"; Importer) and stores
// them here, in game_round beside the callback rounds, so the betting record,
// the profit and loss and the winner boards keep one source.

// ImportResult tells what one page of a vendor's rounds did.
type ImportResult struct {
	Stored     int    // new rounds
	Duplicates int    // rounds stored before (a page asked again, a round repeated)
	Skipped    int    // rounds that break the protocol or name no member of ours (logged)
	Cursor     string // the vendor's cursor now stored
}

// ErrCursorMoved: the vendor's stored cursor is no longer the one the page
// was asked from (another instance stored it first). Nothing was stored;
// ask again from RoundCursor.
var ErrCursorMoved = apperr.Conflict("gamewallet.cursor_moved")

// RoundCursor is the cursor to ask a vendor's rounds from ("" before the
// first page).
func (s *Service) RoundCursor(ctx context.Context, vendor string) (string, error) {
	var c string
	err := s.store.db.QueryRowContext(ctx, s.store.db.Rebind(`SELECT last_cursor FROM vendor_round_cursor WHERE vendor = ?`), vendor).Scan(&c)
	if db.IsNoRows(err) {
		return "", nil
	}
	if err != nil {
		return "", apperr.Internal(err, "select round cursor")
	}
	return c, nil
}

// ImportRounds stores one page of a transfer vendor's settled rounds, asked
// from the cursor since, and moves the vendor's cursor to next, in one
// transaction: a crash leaves both or neither, so a restart asks from a
// cursor whose rounds are all stored. A round is stored once per (vendor,
// round id); a repeat is counted as a duplicate and changes nothing. A
// round that breaks the protocol or names a player who is not one of ours
// is skipped and logged rather than holding every later round back. A
// round of a game the catalogue does not know (any more) is stored with
// node 0 and no category. Each round newly stored writes its fact to the
// activity stream in the same transaction. Refused: a seamless vendor (its rounds come from the
// callbacks), a malformed cursor, and ErrCursorMoved.
func (s *Service) ImportRounds(ctx context.Context, vendor, since, next string, rounds []vendorwallet.VendorRound) (ImportResult, error) {
	if !idRe.MatchString(vendor) || !vendorwallet.ValidCursor(since) || !vendorwallet.ValidCursor(next) {
		return ImportResult{}, apperr.Invalid("gamewallet.invalid_import")
	}
	if ok, err := s.games.SeamlessVendor(ctx, vendor); err != nil {
		return ImportResult{}, err
	} else if ok {
		return ImportResult{}, apperr.Invalid("gamewallet.invalid_import").With("reason", "seamless_vendor")
	}
	type row struct {
		r    vendorwallet.VendorRound
		g    Game
		memb int64
	}
	res := ImportResult{Cursor: next}
	rows := make([]row, 0, len(rounds))
	for _, r := range rounds {
		member, err := importedMember(r)
		if err != nil {
			res.Skipped++
			s.logger.WarnContext(ctx, "seamless import: round skipped", "vendor", vendor, "round", r.RoundID, "err", err)
			continue
		}
		g, ok, err := s.games.FindGame(ctx, vendor, r.GameCode)
		if err != nil {
			return ImportResult{}, err
		}
		if !ok {
			s.logger.WarnContext(ctx, "seamless import: game not in the catalogue", "vendor", vendor, "game", r.GameCode, "round", r.RoundID)
			g = Game{Vendor: vendor, Code: r.GameCode}
		}
		rows = append(rows, row{r: r, g: g, memb: member})
	}
	now := s.clock.Now().UnixMilli()
	var stored []int64
	err := s.store.db.InTx(ctx, func(tx *db.Tx) error {
		stored = stored[:0]
		// The cursor row first: it serialises instances importing the same
		// vendor, and the compare makes the later one give way.
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vendor_round_cursor (vendor, last_cursor, rounds, updated_at) VALUES (?, '', 0, ?)
			ON CONFLICT (vendor) DO NOTHING`), vendor, now); err != nil {
			return apperr.Internal(err, "open round cursor")
		}
		for _, x := range rows {
			r := x.r
			wins := 0
			if r.Win > 0 {
				wins = 1
			}
			var id int64
			err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency,
				bet, valid_bet, win, jackpot, wins, status, started_at, updated_at, ended_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (vendor, round_id) DO NOTHING RETURNING id`),
				vendor, r.RoundID, x.memb, x.g.NodeID, r.GameCode, x.g.GameType, r.Currency,
				r.Bet, r.ValidBet, r.Win, b2i(r.Jackpot), wins, r.Status, r.StartedAt, now, r.EndedAt).Scan(&id)
			if db.IsNoRows(err) {
				continue
			}
			if err != nil {
				return apperr.Internal(err, "import round")
			}
			stored = append(stored, id)
			ended := Round{ID: id, Vendor: vendor, RoundID: r.RoundID, MemberID: x.memb, NodeID: x.g.NodeID, GameCode: r.GameCode, GameType: x.g.GameType,
				Currency: r.Currency, Bet: r.Bet, ValidBet: r.ValidBet, Win: r.Win, Jackpot: r.Jackpot, Status: r.Status,
				StartedAt: time.UnixMilli(r.StartedAt), EndedAt: time.UnixMilli(r.EndedAt)}
			if err := roundEnded(ctx, tx, ended); err != nil {
				return err
			}
		}
		moved, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE vendor_round_cursor SET last_cursor = ?, rounds = rounds + ?, updated_at = ?
			WHERE vendor = ? AND last_cursor = ?`), next, len(stored), now, vendor, since)
		if err != nil {
			return apperr.Internal(err, "move round cursor")
		}
		if n, _ := moved.RowsAffected(); n != 1 {
			return ErrCursorMoved
		}
		return nil
	})
	if err != nil {
		return ImportResult{}, err
	}
	res.Stored = len(stored)
	res.Duplicates = len(rows) - len(stored)
	return res, nil
}

// importedMember checks a reported round and finds our member in its player id
// ("m<memberID>", the id transfers use).
func importedMember(r vendorwallet.VendorRound) (int64, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	digits, ok := strings.CutPrefix(r.Player, "m")
	id, err := strconv.ParseInt(digits, 10, 64)
	if !ok || err != nil || id <= 0 || PlayerID(id) != r.Player {
		return 0, fmt.Errorf("%w: player %q is not one of ours", vendorwallet.ErrBadRound, r.Player)
	}
	return id, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func init() {
	apperr.Register("gamewallet.invalid_import", map[string]string{
		"EN": "These rounds cannot be imported.",
		"TY": "Hindi maaaring i-import ang mga round na ito.",
	})
	apperr.Register("gamewallet.cursor_moved", map[string]string{
		"EN": "The vendor's rounds were imported by another server; try again.",
		"TY": "Na-import na ng ibang server ang mga round ng vendor; subukang muli.",
	})
}
