package gamevendor

import (
	"context"
	"errors"

	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Launch makes the sandbox a launch.Adapter: in demo mode it is the default
// adapter of every vendor without a configured one. The URL is relative
// (the launch service puts it on a launch CDN when the brand has one) and
// the mode is the vendor's.
func (v *Vendor) Launch(ctx context.Context, r launch.Request) (launch.Result, error) {
	u, err := v.LaunchURL(ctx, LaunchParams{
		Vendor: r.Vendor.Code, GameCode: r.Game.GameCode, NodeID: r.Game.NodeID, GameName: r.Game.GameName,
		GameType: r.Vendor.GameType, SessionToken: r.SessionToken, PlayerID: r.PlayerID, Currency: r.Currency,
		Language: r.Language, LobbyURL: r.LobbyURL,
	})
	switch {
	case errors.Is(err, ErrUnknownGame):
		return launch.Result{}, apperr.NotFound("launch.unknown_game")
	case errors.Is(err, ErrBadLaunch):
		return launch.Result{}, apperr.New(apperr.KindUnavailable, "launch.vendor_unavailable")
	case err != nil:
		return launch.Result{}, err
	}
	return launch.Result{URL: u}, nil
}

var _ launch.Adapter = (*Vendor)(nil)
