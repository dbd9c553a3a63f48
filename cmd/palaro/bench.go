package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/cashier"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/reports"
	"github.com/palaro/palaro/internal/withdraw"
)

// benchCommand is `palaro bench`: data and timings for benches only, never
// for a live brand.
//
//	palaro bench seed-members --members N --rounds M [--days 90] [--deposits N] [--rounds-per-player-day 25] [--tz Asia/Manila] [--batch B] [--currency PHP] [--force]
//	palaro bench search [--n 200]
//	palaro bench seed-agents …, palaro bench agents … (bench_agents.go)
//
// seed-members refuses a database holding members it did not generate
// (demo accounts included) unless --force.
func benchCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	const use = "usage: palaro bench seed-members --members N --rounds M [--days D] [--deposits N] [--rounds-per-player-day R] [--tz ZONE] [--batch B] [--currency C] [--force] | bench search [--n N] | bench rebate --members N [--day YYYY-MM-DD] [--force] | bench vip --members N [--week YYYY-Www] [--force]"
	if len(args) == 0 {
		return errors.New(use)
	}
	switch args[0] {
	case "seed-agents", "agents":
		return benchAgentsCommand(ctx, cfg, args, out)
	case "rebate":
		return benchRebateCommand(ctx, cfg, args, out)
	case "vip":
		return benchVIPCommand(ctx, cfg, args, out)
	case "seed-members":
		fs := flag.NewFlagSet("bench seed-members", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		members := fs.Int("members", 0, "members to add")
		rounds := fs.Int("rounds", 0, "settled rounds to add over the generated members")
		batch := fs.Int("batch", 10000, "rows per transaction")
		currency := fs.String("currency", "PHP", "the rounds' currency")
		force := fs.Bool("force", false, "seed even if the database holds other members")
		days := fs.Int("days", 90, "days the rounds, deposits and withdrawals are spread over, today included")
		deposits := fs.Int("deposits", -1, "deposits (default: one per member); a quarter as many withdrawals")
		perPlayer := fs.Int("rounds-per-player-day", 25, "rounds an active player plays a day (the day's players: its rounds / this)")
		tz := fs.String("tz", brand.DefaultTimezone, "the brand's time zone (its days)")
		if err := fs.Parse(args[1:]); err != nil || *members <= 0 || *rounds < 0 || *batch <= 0 || *days <= 0 || *perPlayer <= 0 || fs.NArg() != 0 ||
			!benchCurrency.MatchString(*currency) {
			return errors.New(use)
		}
		loc, err := time.LoadLocation(*tz)
		if err != nil {
			return fmt.Errorf("--tz: %w", err)
		}
		if *deposits < 0 {
			*deposits = *members
		}
		return benchSeed(ctx, cfg, *members, *rounds, *batch, *days, *deposits, *perPlayer, *currency, loc, *force, out)
	case "search":
		fs := flag.NewFlagSet("bench search", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		n := fs.Int("n", 200, "searches per key")
		if err := fs.Parse(args[1:]); err != nil || *n <= 0 || fs.NArg() != 0 {
			return errors.New(use)
		}
		return benchSearch(ctx, cfg, *n, out)
	}
	return errors.New(use)
}

// benchCurrency: the currency is written into the generated SQL.
var benchCurrency = regexp.MustCompile(`^[A-Z]{3}$`)

func benchSeed(ctx context.Context, cfg config.Config, members, rounds, batch, days, deposits, perPlayer int, currency string, loc *time.Location,
	force bool, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	accounts := account.NewStore(store)
	real, err := accounts.RealMembers(ctx)
	if err != nil {
		return err
	}
	if real > 0 && !force {
		return fmt.Errorf("the database holds %d members that were not generated for benches: refusing (--force to seed anyway)", real)
	}
	hash, err := account.HashPassword("Bench2026x", account.DefaultArgon2) // every generated member's password
	if err != nil {
		return err
	}
	t0 := time.Now()
	first, err := accounts.BenchSeedMembers(ctx, members, batch, hash, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "members: %d (ids %d..%d, u<i>, password Bench2026x) in %s\n", members, first, first+int64(members)-1, time.Since(t0).Round(time.Millisecond))
	t1 := time.Now()
	if err := benchSeedDays(ctx, store, first, members, rounds, days, deposits, perPlayer, currency, loc, out); err != nil {
		return err
	}
	fmt.Fprintf(out, "rounds, deposits, withdrawals and their daily rows in %s\n", time.Since(t1).Round(time.Millisecond))
	t2 := time.Now()
	// Statistics for the planner; on PostgreSQL also the visibility map a
	// live database's autovacuum keeps, without which every index-only
	// count visits the heap.
	maintain := `ANALYZE`
	if store.Dialect == db.Postgres {
		maintain = `VACUUM ANALYZE`
	}
	if _, err := store.ExecContext(ctx, maintain); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s in %s\n", maintain, time.Since(t2).Round(time.Millisecond))
	return nil
}

// benchSeedDays writes, day by day from the oldest, the settled rounds,
// deposits and withdrawals of the generated members and the daily figures
// and report rows derived from them, one transaction a day. Payout
// accounts first (every fourth member). Bench data: no ledger postings,
// no facts in the stream.
func benchSeedDays(ctx context.Context, store *db.DB, first int64, members, rounds, days, deposits, perPlayer int, currency string,
	loc *time.Location, out io.Writer) error {
	now := time.Now()
	nowMS := now.UnixMilli()
	accountBase, err := withdraw.BenchAccountBase(ctx, store)
	if err != nil {
		return err
	}
	const chunk = 400_000
	for from := 0; from < members; from += chunk {
		if err := store.InTx(ctx, func(tx *db.Tx) error {
			return withdraw.BenchSeedAccounts(ctx, tx, accountBase, first, from, min(from+chunk, members)-1, nowMS-400*86_400_000)
		}); err != nil {
			return err
		}
	}
	if err := withdraw.BenchSequences(ctx, store); err != nil {
		return err
	}
	seq := now.Unix() * 100_000_000 // round ids and order numbers of this run
	y, m, d := now.In(loc).Date()
	share := func(total, day int) int { return total*(day+1)/days - total*day/days }
	regStep := int64(63_000) // BenchSeedMembers: member i registered at now - 63 s·i
	t0 := time.Now()
	for day := days - 1; day >= 0; day-- {
		start := time.Date(y, m, d-day, 0, 0, 0, 0, loc)
		end := time.Date(y, m, d-day+1, 0, 0, 0, 0, loc)
		if day == 0 {
			end = now.Add(time.Millisecond)
		}
		dayStr := start.Format(time.DateOnly)
		k := days - 1 - day // oldest first: ids grow with time
		nr := share(rounds, k)
		active := max(1, min(members, nr/perPlayer))
		stride := max(1, active/3)
		span := end.UnixMilli() - start.UnixMilli()
		lo, hi := (nowMS-end.UnixMilli())/regStep+1, min(int64(members)-1, (nowMS-start.UnixMilli())/regStep)
		registrations := max(0, hi-max(lo, 0)+1)
		nd := share(deposits, k)
		nw := nd / 4
		pendingD, pendingW := 0, 0
		if day == 0 {
			pendingD, pendingW = min(nd, 300), min(nw, 200)
		}
		err := store.InTx(ctx, func(tx *db.Tx) error {
			if nr > 0 {
				b := gamewallet.BenchDay{Seq: seq + int64(k)*1_000_000, Rounds: nr, Day: day, Active: active, Stride: stride,
					Members: members, FirstMember: first, Start: start.UnixMilli(), Span: span}
				if err := gamewallet.BenchSeedRounds(ctx, tx, b, currency); err != nil {
					return err
				}
				rows := b.Rows(tx.Dialect())
				if err := figures.BenchRounds(ctx, tx, rows, dayStr, currency); err != nil {
					return err
				}
				if err := reports.BenchGames(ctx, tx, rows, dayStr, currency); err != nil {
					return err
				}
				if err := reports.BenchActive(ctx, tx, rows, dayStr); err != nil {
					return err
				}
			}
			if nd > 0 {
				b := cashier.BenchDay{Seq: seq + int64(k)*1_000_000, Count: nd, Pending: pendingD, Day: day, Active: active, Stride: stride,
					Members: members, FirstMember: first, Start: start.UnixMilli(), Span: span, Expires: nowMS + 86_400_000}
				if err := cashier.BenchSeedDeposits(ctx, tx, b, currency); err != nil {
					return err
				}
				rows := b.Rows(tx.Dialect())
				if err := figures.BenchCash(ctx, tx, rows, dayStr, currency, false); err != nil {
					return err
				}
				if err := reports.BenchCash(ctx, tx, rows, dayStr, currency, registrations, false); err != nil {
					return err
				}
			}
			if nw > 0 {
				b := withdraw.BenchDay{Seq: seq + int64(k)*1_000_000, Count: nw, Pending: pendingW, Day: day, Active: active, Stride: stride,
					Members: members, FirstMember: first, Start: start.UnixMilli(), Span: span}
				if err := withdraw.BenchSeedOrders(ctx, tx, b, currency, 2, accountBase); err != nil {
					return err
				}
				rows := b.Rows(tx.Dialect())
				if err := figures.BenchCash(ctx, tx, rows, dayStr, currency, true); err != nil {
					return err
				}
				if err := reports.BenchCash(ctx, tx, rows, dayStr, currency, 0, true); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("bench day %s: %w", dayStr, err)
		}
		if k%10 == 9 || day == 0 {
			fmt.Fprintf(out, "  %d/%d days (%s: %d rounds, %d players, %d deposits, %d withdrawals) %s\n", k+1, days, dayStr, nr, active, nd, nw,
				time.Since(t0).Round(time.Second))
		}
	}
	return nil
}

// benchSearch times the player search per key (and the player page's
// account reads) on generated members, in process: the server time of
// the query without HTTP.
func benchSearch(ctx context.Context, cfg config.Config, n int, out io.Writer) error {
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	var total int
	var first int64
	if err := store.QueryRowContext(ctx, store.Rebind(`SELECT COUNT(*), COALESCE(MIN(id), 0) FROM account_member WHERE register_method = ?`),
		account.BenchMethod).Scan(&total, &first); err != nil {
		return err
	}
	if total == 0 {
		return errors.New("no generated members: run palaro bench seed-members first")
	}
	accounts := account.NewService(account.NewStore(store), brand.NewService(brand.NewStore(store), clock.System{}),
		account.NewMemoryLimiter(clock.System{}), clock.System{}, account.DefaultConfig)
	r := rand.New(rand.NewPCG(1, 2))
	pick := func() int { return r.IntN(total) }
	kinds := []struct {
		name string
		q    func() account.MemberSearch
	}{
		{"username prefix (u + 4 digits)", func() account.MemberSearch {
			s := strconv.Itoa(pick())
			return account.MemberSearch{By: account.ByUsername, Q: "u" + s[:min(4, len(s))]}
		}},
		{"username prefix (u + 1 digit)", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByUsername, Q: "u" + strconv.Itoa(1+r.IntN(9))}
		}},
		{"mobile (national)", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByMobile, Q: fmt.Sprintf("9%09d", pick())}
		}},
		{"mobile (+63 0…)", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByMobile, Q: fmt.Sprintf("+63 9%09d", pick())}
		}},
		{"e-mail", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByEmail, Q: fmt.Sprintf("U%d@bench.example", pick())}
		}},
		{"id", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByID, Q: strconv.FormatInt(first+int64(pick()), 10)}
		}},
		{"registration IP", func() account.MemberSearch {
			i := pick()
			return account.MemberSearch{By: account.ByIP, Q: fmt.Sprintf("10.%d.%d.%d", i/65536%256, i/256%256, i%256)}
		}},
		{"login IP (4 members)", func() account.MemberSearch {
			i := pick() / 4
			return account.MemberSearch{By: account.ByIP, Q: fmt.Sprintf("172.16.%d.%d", i/256%256, i%256)}
		}},
		{"agent (999 members)", func() account.MemberSearch {
			return account.MemberSearch{By: account.ByAgent, Q: "u" + strconv.Itoa(r.IntN(max(total/1000, 1))*1000)}
		}},
	}
	fmt.Fprintf(out, "%d generated members, %s, %d searches per key (page of 20 with the total)\n", total, store.Dialect, n)
	for _, k := range kinds {
		times := make([]time.Duration, 0, n)
		hits := 0
		for i := 0; i < n; i++ {
			q := k.q()
			q.Limit = 20
			t := time.Now()
			rows, _, err := accounts.SearchMembers(ctx, q)
			if err != nil {
				return fmt.Errorf("%s %q: %w", k.name, q.Q, err)
			}
			times = append(times, time.Since(t))
			if len(rows) > 0 {
				hits++
			}
		}
		fmt.Fprintf(out, "  %-32s %s  (%d/%d found)\n", k.name, percentiles(times), hits, n)
	}
	times := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		id := first + int64(pick())
		t := time.Now()
		if _, err := accounts.MemberDetail(ctx, id); err != nil {
			return err
		}
		if _, err := accounts.FirstLogin(ctx, id); err != nil {
			return err
		}
		if _, _, err := accounts.Logins(ctx, id, 0, 20); err != nil {
			return err
		}
		if _, err := accounts.MembersSharingIP(ctx, id); err != nil {
			return err
		}
		times = append(times, time.Since(t))
	}
	fmt.Fprintf(out, "  %-32s %s\n", "player page (account reads)", percentiles(times))
	return nil
}

func percentiles(d []time.Duration) string {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(p float64) time.Duration { return d[min(len(d)-1, int(p*float64(len(d))))] }
	return fmt.Sprintf("p50 %6.2f ms  p95 %6.2f ms  max %6.2f ms", ms(at(0.5)), ms(at(0.95)), ms(d[len(d)-1]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
