package figures

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
)

// RoundDay is one member's completed rounds that started on one day (in the
// zone asked for) in one category, as the rounds' own records sum them.
type RoundDay struct {
	Day       string // YYYY-MM-DD
	Category  string
	Bets      int64
	ValidBets int64
	Wins      int64
	Rounds    int64
}

// RoundSource is the rounds' own record, which round.settled facts must
// match (cmd/palaro adapts the seamless wallet's rounds).
type RoundSource interface {
	RoundDays(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]RoundDay, error)
}

// Report is what Verify found.
type Report struct {
	Position int64 // the stream position the figures include
	Events   int64 // events read from the stream
	Rows     int   // figures rows compared
	Members  int   // members whose rounds were compared with their source
	Since    time.Time
	// Problems lists every difference, readable by a person.
	Problems []string
}

func (r Report) OK() bool { return len(r.Problems) == 0 }

// verifyPage is how many stream events Verify reads at a time.
const verifyPage = 5000

// Verify checks two things and reports every difference:
//
//  1. the figures rows equal what the stream's events up to the figures'
//     position add up to (the consumer applied each event once, in the
//     day it falls on);
//  2. with rounds set, each member's round.settled facts of rounds started
//     from since (zero: when the stream's first event was appended) equal
//     the rounds' own records, per member, start day and category: no
//     settled round missing from the stream, none twice, same amounts.
//
// It only reads. Rounds that settle while it runs can show as a
// difference; run it again (or on a quiet system) to tell.
func (f *Figures) Verify(ctx context.Context, rounds RoundSource, since time.Time) (Report, error) {
	loc := f.location(ctx)
	var rep Report
	position, table, err := f.read(ctx, `1 = 1`)
	if err != nil {
		return rep, err
	}
	rep.Position, rep.Rows = position, len(table)
	if since.IsZero() {
		if since, err = f.stream.FirstAppended(ctx); err != nil {
			return rep, err
		}
	}
	rep.Since = since
	now := time.Now()

	recomputed := map[rowKey]*Sums{}
	type roundKey struct {
		member        int64
		day, category string
	}
	streamRounds := map[roundKey]*RoundDay{}
	members := map[int64]bool{}
	for after := int64(0); ; {
		evs, err := f.stream.EventsAfter(ctx, after, verifyPage)
		if err != nil {
			return rep, err
		}
		rep.Events += int64(len(evs))
		upTo := evs
		for i, e := range evs {
			if e.Seq > position {
				upTo = evs[:i]
				break
			}
		}
		aggregate(recomputed, upTo, loc)
		for _, e := range evs {
			if e.MemberID != 0 {
				members[e.MemberID] = true
			}
			if e.Kind != activity.RoundSettled || e.StartedAt.Before(since) {
				continue
			}
			k := roundKey{e.MemberID, DayOf(e.StartedAt, loc), e.Category}
			r := streamRounds[k]
			if r == nil {
				r = &RoundDay{Day: k.day, Category: k.category}
				streamRounds[k] = r
			}
			r.Bets += e.Amount
			r.ValidBets += e.ValidBet
			r.Wins += e.Win
			r.Rounds++
		}
		if len(evs) < verifyPage {
			break
		}
		after = evs[len(evs)-1].Seq
	}

	keys := make([]rowKey, 0, len(table)+len(recomputed))
	for k := range table {
		keys = append(keys, k)
	}
	for k := range recomputed {
		if table[k] == nil {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	for _, k := range keys {
		var got, want Sums
		if s := table[k]; s != nil {
			got = *s
		}
		if s := recomputed[k]; s != nil {
			want = *s
		}
		if got != want {
			rep.Problems = append(rep.Problems, fmt.Sprintf("figures member %d %s %s %s/%s: table %+v, stream %+v",
				k.MemberID, k.Day, k.Currency, k.Category, k.Vendor, got, want))
		}
	}

	if rounds == nil {
		return rep, nil
	}
	ids := make([]int64, 0, len(members))
	for id := range members {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	rep.Members = len(ids)
	for _, id := range ids {
		src, err := rounds.RoundDays(ctx, id, since, now, loc)
		if err != nil {
			return rep, fmt.Errorf("figures verify: rounds of member %d: %w", id, err)
		}
		seen := map[roundKey]bool{}
		for _, s := range src {
			k := roundKey{id, s.Day, s.Category}
			seen[k] = true
			var got RoundDay
			if r := streamRounds[k]; r != nil {
				got = *r
			}
			got.Day, got.Category = s.Day, s.Category
			if got != s {
				rep.Problems = append(rep.Problems, fmt.Sprintf("rounds member %d %s %s: stream bets %d valid %d wins %d rounds %d, rounds table bets %d valid %d wins %d rounds %d",
					id, s.Day, s.Category, got.Bets, got.ValidBets, got.Wins, got.Rounds, s.Bets, s.ValidBets, s.Wins, s.Rounds))
			}
		}
		var extra []roundKey
		for k := range streamRounds {
			if k.member == id && !seen[k] {
				extra = append(extra, k)
			}
		}
		slices.SortFunc(extra, func(a, b roundKey) int {
			if a.day != b.day {
				return strings.Compare(a.day, b.day)
			}
			return strings.Compare(a.category, b.category)
		})
		for _, k := range extra {
			r := streamRounds[k]
			rep.Problems = append(rep.Problems, fmt.Sprintf("rounds member %d %s %s: stream has %d rounds (bets %d) the rounds table does not",
				id, k.day, k.category, r.Rounds, r.Bets))
		}
	}
	return rep, nil
}
