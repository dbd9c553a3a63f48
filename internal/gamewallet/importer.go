package gamewallet

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/vendorwallet"
)

// ImportConfig tunes the Importer; zero fields take the defaults.
type ImportConfig struct {
	Every      time.Duration // background pull of every vendor; default 30 s
	PageSize   int           // rounds asked per call; default vendorwallet.DefaultRoundsLimit
	MaxPages   int           // pages per vendor per pull; default 50 (the rest at the next pull)
	FreshWait  time.Duration // how long a read waits for its pull; default 3 s
	MaxBackoff time.Duration // a failing vendor is asked again after 1, 2, 4 ... pulls' time up to this; default 5 min
}

// Import defaults.
const (
	DefaultImportEvery = 30 * time.Second
	defaultImportPages = 50
	defaultFreshWait   = 3 * time.Second
	defaultMaxBackoff  = 5 * time.Minute
)

// Importer pulls the settled rounds of every transfer-wallet vendor through
// its RoundFeed (vendorwallet.Client) into the rounds store
// (Service.ImportRounds): in the background every ImportConfig.Every, and
// before a member's records are read (Rounds, ProfitByDay), so a round
// played a moment ago is in the betting record. It implements the records'
// RoundSource over the Service. One pull per vendor at a time in this
// process; other instances are kept apart by the stored cursor. A vendor
// that does not answer keeps its cursor and is asked again later, after a
// growing pause, and never holds a read up beyond FreshWait.
type Importer struct {
	svc     *Service
	feeds   map[string]vendorwallet.RoundFeed
	vendors []string
	cfg     ImportConfig

	mu    sync.Mutex
	state map[string]*feedState
}

type feedState struct {
	turn      chan struct{} // held while the vendor is being pulled
	okStarted time.Time     // when the last pull that reached the end of the vendor's rounds started
	failures  int
	retryAt   time.Time // after a failure: not asked before then
	lastError error
}

// NewImporter pulls the given feeds by vendor code into svc.
func NewImporter(svc *Service, feeds map[string]vendorwallet.RoundFeed, cfg ImportConfig) *Importer {
	if cfg.Every <= 0 {
		cfg.Every = DefaultImportEvery
	}
	if cfg.PageSize <= 0 || cfg.PageSize > vendorwallet.MaxRoundsLimit {
		cfg.PageSize = vendorwallet.DefaultRoundsLimit
	}
	if cfg.MaxPages <= 0 {
		cfg.MaxPages = defaultImportPages
	}
	if cfg.FreshWait <= 0 {
		cfg.FreshWait = defaultFreshWait
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = defaultMaxBackoff
	}
	im := &Importer{svc: svc, feeds: feeds, cfg: cfg, state: map[string]*feedState{}}
	for v := range feeds {
		im.vendors = append(im.vendors, v)
		im.state[v] = &feedState{turn: make(chan struct{}, 1)}
	}
	sort.Strings(im.vendors)
	return im
}

// Vendors are the vendor codes pulled, sorted.
func (im *Importer) Vendors() []string { return im.vendors }

// Pull asks one vendor for its rounds after the stored cursor, page after
// page until the vendor has no more (or MaxPages), storing each page before
// asking for the next. It waits for a pull of the same vendor already
// running (or ctx). A failure keeps what earlier pages stored.
func (im *Importer) Pull(ctx context.Context, vendor string) (ImportResult, error) {
	return im.pullSince(ctx, vendor, time.Time{})
}

// pullSince is Pull, except that it asks nothing when a complete pull that
// started at or after need has ended by the time this one's turn comes
// (need zero: always ask). Reads that arrive while a pull runs therefore
// share the next one instead of queueing one each.
func (im *Importer) pullSince(ctx context.Context, vendor string, need time.Time) (ImportResult, error) {
	feed, st := im.feeds[vendor], im.state[vendor]
	if feed == nil {
		return ImportResult{}, fmt.Errorf("seamless import: no feed for vendor %q", vendor)
	}
	select {
	case st.turn <- struct{}{}:
	case <-ctx.Done():
		return ImportResult{}, ctx.Err()
	}
	defer func() { <-st.turn }()
	if !need.IsZero() && !im.stale(vendor, need) {
		return ImportResult{}, nil
	}
	started := im.svc.clock.Now()
	total, complete, err := im.pull(ctx, vendor, feed)
	now := im.svc.clock.Now()
	im.mu.Lock()
	defer im.mu.Unlock()
	if err != nil && errors.Is(err, context.Canceled) {
		return total, err // the caller went away: says nothing about the vendor
	}
	if err != nil {
		st.failures++
		st.lastError = err
		pause := im.cfg.Every << min(st.failures-1, 16)
		st.retryAt = now.Add(min(pause, im.cfg.MaxBackoff))
		return total, err
	}
	st.failures, st.lastError, st.retryAt = 0, nil, time.Time{}
	if complete {
		st.okStarted = started
	}
	return total, nil
}

func (im *Importer) pull(ctx context.Context, vendor string, feed vendorwallet.RoundFeed) (total ImportResult, complete bool, err error) {
	for page := 0; page < im.cfg.MaxPages; page++ {
		since, err := im.svc.RoundCursor(ctx, vendor)
		if err != nil {
			return total, false, err
		}
		total.Cursor = since
		ans, err := feed.Rounds(ctx, since, im.cfg.PageSize)
		if err != nil {
			return total, false, err
		}
		res, err := im.svc.ImportRounds(ctx, vendor, since, ans.Next, ans.Rounds)
		if errors.Is(err, ErrCursorMoved) {
			continue // another instance stored this page: go on from its cursor
		}
		if err != nil {
			return total, false, err
		}
		total.Stored += res.Stored
		total.Duplicates += res.Duplicates
		total.Skipped += res.Skipped
		total.Cursor = res.Cursor
		if !ans.More {
			return total, true, nil
		}
	}
	return total, false, nil
}

// PullAll pulls every vendor whose pause after a failure is over, one after
// the other; a vendor that fails does not keep the others from being pulled.
func (im *Importer) PullAll(ctx context.Context) error {
	var errs []error
	for _, v := range im.vendors {
		if !im.due(v, time.Time{}) {
			continue
		}
		if res, err := im.Pull(ctx, v); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", v, err))
		} else if res.Stored > 0 || res.Skipped > 0 {
			im.svc.logger.InfoContext(ctx, "seamless import: rounds pulled", "vendor", v, "stored", res.Stored, "duplicates", res.Duplicates, "skipped", res.Skipped)
		}
	}
	return errors.Join(errs...)
}

// due: the vendor is not pausing after a failure, and (when need is set)
// no complete pull of it started at or after need.
func (im *Importer) due(vendor string, need time.Time) bool {
	im.mu.Lock()
	now := im.svc.clock.Now()
	pausing := now.Before(im.state[vendor].retryAt)
	im.mu.Unlock()
	if pausing {
		return false
	}
	return need.IsZero() || im.stale(vendor, need)
}

// stale: no complete pull of the vendor started at or after need.
func (im *Importer) stale(vendor string, need time.Time) bool {
	im.mu.Lock()
	defer im.mu.Unlock()
	return im.state[vendor].okStarted.Before(need)
}

// Refresh brings every vendor's rounds up to date before a read: it waits
// for a complete pull that started after the read arrived (a round that
// ended before the read is then in the answer; a pull already running may
// have asked before it ended), sharing that pull with the reads that came
// meanwhile. It waits at most FreshWait and never fails (the read then
// shows what is stored).
func (im *Importer) Refresh(ctx context.Context) {
	if len(im.vendors) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, im.cfg.FreshWait)
	defer cancel()
	need := im.svc.clock.Now()
	var wg sync.WaitGroup
	for _, v := range im.vendors {
		if !im.due(v, need) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := im.pullSince(ctx, v, need); err != nil && ctx.Err() == nil {
				im.svc.logger.WarnContext(ctx, "seamless import: vendor rounds not pulled", "vendor", v, "err", err)
			}
		}()
	}
	wg.Wait()
}

// LastError is the error of a vendor's last pull (nil after a good one).
func (im *Importer) LastError(vendor string) error {
	im.mu.Lock()
	defer im.mu.Unlock()
	if st := im.state[vendor]; st != nil {
		return st.lastError
	}
	return nil
}

// Run pulls every vendor every ImportConfig.Every until ctx ends. The first
// pull waits one interval: a vendor served by this very process (the demo's
// sandbox) answers only once the server listens, and reads pull anyway.
func (im *Importer) Run(ctx context.Context) {
	if len(im.vendors) == 0 {
		return
	}
	t := time.NewTicker(im.cfg.Every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := im.PullAll(ctx); err != nil && ctx.Err() == nil {
			im.svc.logger.WarnContext(ctx, "seamless import", "err", err)
		}
	}
}

// Rounds is Service.Rounds after a Refresh (the records' RoundSource).
func (im *Importer) Rounds(ctx context.Context, q RoundQuery) ([]Round, int, error) {
	im.Refresh(ctx)
	return im.svc.Rounds(ctx, q)
}

// RoundTotals is Service.RoundTotals (the records ask it right after Rounds).
func (im *Importer) RoundTotals(ctx context.Context, q RoundQuery) (Totals, error) {
	return im.svc.RoundTotals(ctx, q)
}

// ProfitByDay is Service.ProfitByDay after a Refresh.
func (im *Importer) ProfitByDay(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]DayProfit, error) {
	im.Refresh(ctx)
	return im.svc.ProfitByDay(ctx, memberID, from, to, loc)
}
