package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/config"
)

// catalogCommand changes the games catalogue of a running platform:
//
//	palaro catalog maintenance --game CODE --on|--off
//	palaro catalog maintenance --vendor CODE [--game-type LIVE] --on|--off
//	palaro catalog launch-rule --vendor CODE [--game CODE] [--free-play] [--disabled]
//
// Maintenance bumps the catalogue version, so every running server shows
// and enforces it within game.DefaultRefreshInterval; launch rules are read
// on every launch.
func catalogCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	const use = "usage: palaro catalog maintenance (--game CODE | --vendor CODE [--game-type TYPE]) (--on | --off)\n" +
		"       palaro catalog launch-rule --vendor CODE [--game CODE] [--free-play] [--disabled]"
	if len(args) == 0 {
		return errors.New(use)
	}
	fs := flag.NewFlagSet("catalog "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameCode := fs.String("game", "", "game code")
	vendor := fs.String("vendor", "", "vendor code (vassalage)")
	switch args[0] {
	case "maintenance":
		gameType := fs.String("game-type", "", "only the vendor's listing in this category")
		on := fs.Bool("on", false, "switch maintenance on")
		off := fs.Bool("off", false, "switch maintenance off")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 || *on == *off ||
			(*gameCode == "") == (*vendor == "") || (*gameType != "" && *vendor == "") {
			return errors.New(use)
		}
		target := game.MaintenanceTarget{GameCode: *gameCode, Vendor: *vendor, GameType: strings.ToUpper(*gameType)}
		store, err := openMigrated(ctx, cfg)
		if err != nil {
			return err
		}
		defer store.Close()
		n, err := game.NewStore(store).SetMaintenance(ctx, target, *on, time.Now())
		if err != nil {
			return cliError("catalog maintenance", err)
		}
		fmt.Fprintf(out, "maintenance %s: game=%s vendor=%s gameType=%s (%d row(s))\n", onOff(*on), *gameCode, *vendor, target.GameType, n)
		return nil
	case "launch-rule":
		freePlay := fs.Bool("free-play", false, "trial (free-play) accounts may launch it")
		disabled := fs.Bool("disabled", false, "nobody may launch it")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 || *vendor == "" {
			return errors.New(use)
		}
		store, err := openMigrated(ctx, cfg)
		if err != nil {
			return err
		}
		defer store.Close()
		rule := launch.Rule{Vendor: *vendor, GameCode: *gameCode, FreePlay: *freePlay, Disabled: *disabled}
		if err := launch.NewStore(store).PutRule(ctx, rule, time.Now()); err != nil {
			return err
		}
		fmt.Fprintf(out, "launch rule: vendor=%s game=%s freePlay=%t disabled=%t\n", rule.Vendor, rule.GameCode, rule.FreePlay, rule.Disabled)
		return nil
	}
	return errors.New(use)
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// cliError puts a domain error's English message in front of its code.
func cliError(what string, err error) error {
	e := apperr.As(err)
	if e.Code == "server.internal" {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: %s (%s)", what, apperr.Message(e.Code, "EN", e.Params), e.Code)
}
