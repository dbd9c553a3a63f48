package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
)

// brandCommand: `palaro brand export` prints the stored brand JSON;
// `palaro brand import FILE` (or - for stdin) validates and stores one.
// Running servers pick the change up within brand.RefreshEvery.
func brandCommand(ctx context.Context, cfg config.Config, args []string) error {
	usage := errors.New("usage: palaro brand export | palaro brand import FILE")
	if len(args) == 0 {
		return usage
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	svc := brand.NewService(brand.NewStore(store), clock.System{})
	switch {
	case args[0] == "export" && len(args) == 1:
		c, err := svc.Export(ctx)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(c)
	case args[0] == "import" && len(args) == 2:
		var raw []byte
		if args[1] == "-" {
			raw, err = io.ReadAll(os.Stdin)
		} else {
			raw, err = os.ReadFile(args[1])
		}
		if err != nil {
			return err
		}
		var c brand.Config
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return fmt.Errorf("brand import: %w", err)
		}
		if err := svc.Import(ctx, c); err != nil {
			e := apperr.As(err)
			return fmt.Errorf("brand import: %s: %w", apperr.Message(e.Code, "EN", e.Params), err)
		}
		fmt.Fprintf(os.Stderr, "brand %s imported (maintenance=%t, blocked countries %v)\n", c.MerchantCode, c.Maintenance, c.Region.BlockedCountries)
		return nil
	}
	return usage
}
