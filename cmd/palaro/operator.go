package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
)

// operatorCommand: `palaro operator add --username U --role R` creates a
// back-office operator; the password comes from PALARO_OPERATOR_PASSWORD,
// else the first line of stdin. `palaro operator otp USERNAME` prints the
// current TOTP code of a demo operator (demo mode only: anywhere else the
// second factor is the operator's own device).
func operatorCommand(ctx context.Context, cfg config.Config, args []string, stdin io.Reader, out io.Writer) error {
	const use = "usage: palaro operator add --username U --role ADMIN|FINANCE|CASHIER|CONTENT|SUPPORT|VIEWER (password from PALARO_OPERATOR_PASSWORD or stdin) | palaro operator otp USERNAME (PALARO_DEMO=1)"
	if len(args) == 2 && args[0] == "otp" {
		return operatorOTP(ctx, cfg, args[1], out)
	}
	if len(args) == 0 || args[0] != "add" {
		return errors.New(use)
	}
	fs := flag.NewFlagSet("operator add", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	username := fs.String("username", "", "operator username")
	role := fs.String("role", "", "ADMIN, FINANCE, CASHIER, CONTENT, SUPPORT or VIEWER")
	if err := fs.Parse(args[1:]); err != nil || *username == "" || *role == "" || fs.NArg() != 0 {
		return errors.New(use)
	}
	password, err := secret("PALARO_OPERATOR_PASSWORD", stdin)
	if err != nil {
		return err
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	svc := operator.NewService(operator.NewStore(store), clock.System{}, operator.DefaultConfig, nil)
	defer svc.Close()
	id, err := svc.CreateOperator(ctx, *username, password, operator.Role(strings.ToUpper(*role)))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "operator created: id=%d username=%s role=%s\n", id, *username, strings.ToUpper(*role))
	return nil
}

// operatorOTP prints the current code of a demo operator's second factor.
func operatorOTP(ctx context.Context, cfg config.Config, username string, out io.Writer) error {
	if !cfg.Demo {
		return errors.New("palaro operator otp works in demo mode only (PALARO_DEMO=1)")
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	svc := operator.NewService(operator.NewStore(store), clock.System{}, operator.DefaultConfig, nil)
	defer svc.Close()
	code, err := svc.CurrentCode(ctx, username)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, code)
	return nil
}

// memberCommand: `palaro member add --username U` creates a normal member
// under the brand's username and password rules; the password comes from
// PALARO_MEMBER_PASSWORD, else the first line of stdin.
func memberCommand(ctx context.Context, cfg config.Config, args []string, stdin io.Reader, out io.Writer) error {
	const use = "usage: palaro member add --username U (password from PALARO_MEMBER_PASSWORD or stdin)"
	if len(args) == 0 || args[0] != "add" {
		return errors.New(use)
	}
	fs := flag.NewFlagSet("member add", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	username := fs.String("username", "", "member username")
	if err := fs.Parse(args[1:]); err != nil || *username == "" || fs.NArg() != 0 {
		return errors.New(use)
	}
	password, err := secret("PALARO_MEMBER_PASSWORD", stdin)
	if err != nil {
		return err
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	brands := brand.NewService(brand.NewStore(store), clock.System{})
	accounts := account.NewService(account.NewStore(store), brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, account.DefaultConfig)
	m, err := accounts.CreatePlayer(ctx, *username, password)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "member created: id=%d username=%s\n", m.ID, m.Account)
	return nil
}

// secret reads a password from the environment variable, else from the
// first line of stdin (never from a flag: flags show in process lists).
func secret(env string, stdin io.Reader) (string, error) {
	if v := os.Getenv(env); v != "" {
		return v, nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read password: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", fmt.Errorf("no password: set %s or write it on stdin", env)
	}
	return line, nil
}
