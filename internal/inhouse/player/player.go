// Package player is the one rule for who may play the in-house games
// (Dice, Plinko, Mines, the slot, Crash): their handlers and services ask
// it, so no game can differ from the others.
package player

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Roles pass the guard of a game's money routes: members and agents play;
// trial accounts pass too, so that Check tells them why they cannot.
var Roles = []account.Role{account.RoleMember, account.RoleTrial, account.RoleAgent}

// ErrRealAccount refuses a trial account: in-house games are played with
// real money only.
var ErrRealAccount = apperr.Forbidden("inhouse.real_account_required")

// Check tells why a caller may not stake money on an in-house game.
func Check(c account.Caller) error {
	switch {
	case !c.LoggedIn():
		return apperr.Unauthorized("auth.token_required")
	case !c.Real():
		return ErrRealAccount
	}
	return nil
}

// Require answers the request with the right error unless its caller may
// play; ok false means the response has been written.
func Require(g account.Guard, w http.ResponseWriter, r *http.Request) (account.Caller, bool) {
	c, ok := g.Require(w, r, Roles...)
	if !ok {
		return c, false
	}
	if err := Check(c); err != nil {
		httpx.Fail(w, r, err)
		return c, false
	}
	return c, true
}
