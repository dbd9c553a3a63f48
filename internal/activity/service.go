package activity

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Config tunes the Service; zero fields take the defaults.
type Config struct {
	// Instance is this process's name as a lease holder; default a random
	// one, so a restarted process is a new holder.
	Instance string
	// LeaseTTL is how long a lease lasts without renewal: how soon another
	// instance takes a task over from one that died. Default 5 s.
	LeaseTTL time.Duration
	// Renew is how often leases are renewed, and taken when free.
	// Default 1 s.
	Renew time.Duration
	// SequenceEvery is how often the sequencer looks for events to number.
	// Default 50 ms.
	SequenceEvery time.Duration
	// SequenceBatch bounds the events numbered in one transaction.
	// Default 10,000.
	SequenceBatch int
	// PollEvery is how often a caught-up consumer looks for new events.
	// Default 50 ms.
	PollEvery time.Duration
	// ConsumeBatch bounds the events one Apply gets. Default 1,000.
	ConsumeBatch int
}

func (c *Config) defaults() {
	if c.Instance == "" {
		// Readable in `palaro events`, and new for every process.
		var b [4]byte
		_, _ = rand.Read(b[:])
		host, _ := os.Hostname()
		c.Instance = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
	}
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = 5 * time.Second
	}
	if c.Renew <= 0 {
		c.Renew = time.Second
	}
	if c.SequenceEvery <= 0 {
		c.SequenceEvery = 50 * time.Millisecond
	}
	if c.SequenceBatch <= 0 {
		c.SequenceBatch = 10_000
	}
	if c.PollEvery <= 0 {
		c.PollEvery = 50 * time.Millisecond
	}
	if c.ConsumeBatch <= 0 {
		c.ConsumeBatch = 1000
	}
}

// Service runs, on every instance, the sequencer and the registered
// consumers, each only while this instance holds its lease.
type Service struct {
	store     *Store
	clock     clock.Clock
	logger    *slog.Logger
	cfg       Config
	consumers []Consumer
	wake      []chan struct{}
	started   bool
	stop      context.CancelFunc
	done      chan struct{}
}

func NewService(store *Store, clk clock.Clock, logger *slog.Logger, cfg Config) *Service {
	cfg.defaults()
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{store: store, clock: clk, logger: logger, cfg: cfg, done: make(chan struct{})}
}

// Store is the stream's read side.
func (s *Service) Store() *Store { return s.store }

// Instance is this process's lease holder name.
func (s *Service) Instance() string { return s.cfg.Instance }

// Register adds consumers; before Start only.
func (s *Service) Register(cs ...Consumer) {
	if s.started {
		panic("activity: Register after Start")
	}
	for _, c := range cs {
		s.consumers = append(s.consumers, c)
		s.wake = append(s.wake, make(chan struct{}, 1))
	}
}

// Consumer returns the registered consumer of that name.
func (s *Service) Consumer(name string) (Consumer, bool) {
	for _, c := range s.consumers {
		if c.Name() == name {
			return c, true
		}
	}
	return nil, false
}

// Replay rebuilds a registered consumer from the start of the stream.
func (s *Service) Replay(ctx context.Context, name string) error {
	c, ok := s.Consumer(name)
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownConsumer, name)
	}
	return s.store.Replay(ctx, c, s.clock.Now())
}

// Start adds the cursors and leases it needs and runs the sequencer, the
// consumers and the lease keeper until ctx ends; Wait waits for them.
func (s *Service) Start(ctx context.Context) error {
	if s.started {
		return errors.New("activity: started twice")
	}
	s.started = true
	ctx, s.stop = context.WithCancel(ctx)
	leases := []*lease{{name: SequencerLease}}
	for _, c := range s.consumers {
		if err := s.store.ensureCursor(ctx, c.Name(), s.clock.Now()); err != nil {
			return fmt.Errorf("activity: cursor of %s: %w", c.Name(), err)
		}
		leases = append(leases, &lease{name: ConsumerLease(c.Name())})
	}
	for _, l := range leases {
		if err := s.store.ensureLease(ctx, l.name); err != nil {
			return fmt.Errorf("activity: lease %s: %w", l.name, err)
		}
	}
	s.renew(ctx, leases) // the first take before the workers look
	var wg sync.WaitGroup
	wg.Add(2 + len(s.consumers))
	go func() { defer wg.Done(); s.keepLeases(ctx, leases) }()
	go func() { defer wg.Done(); s.runSequencer(ctx, leases[0]) }()
	for i, c := range s.consumers {
		go func() { defer wg.Done(); s.runConsumer(ctx, c, leases[i+1], s.wake[i]) }()
	}
	go func() { wg.Wait(); close(s.done) }()
	return nil
}

// Stop ends what Start began, gives the leases up so another instance takes
// over at once, and waits for that as Wait does.
func (s *Service) Stop(ctx context.Context) error {
	if !s.started {
		return nil
	}
	s.stop()
	return s.Wait(ctx)
}

// Wait returns once the goroutines Start began have stopped (after their
// leases were given up), or when ctx ends.
func (s *Service) Wait(ctx context.Context) error {
	if !s.started {
		return nil
	}
	select {
	case <-s.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// lease is this instance's view of one lease: held while the local clock
// is before until. until is set short of the stored expiry, so this
// instance stops before another may start; the cursor's conditional move
// keeps a batch from applying twice even if clocks disagree.
type lease struct {
	name  string
	mu    sync.Mutex
	until time.Time
}

func (l *lease) held() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return time.Now().Before(l.until)
}

func (l *lease) set(until time.Time) (was bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	was = time.Now().Before(l.until)
	l.until = until
	return was
}

func (s *Service) keepLeases(ctx context.Context, leases []*lease) {
	t := time.NewTicker(s.cfg.Renew)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			rel, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			for _, l := range leases {
				if l.set(time.Time{}) {
					if err := s.store.release(rel, l.name, s.cfg.Instance); err != nil {
						s.logger.Warn("activity lease release", "lease", l.name, "err", err)
					}
				}
			}
			cancel()
			return
		case <-t.C:
		}
		s.renew(ctx, leases)
	}
}

// renew takes or renews each lease once.
func (s *Service) renew(ctx context.Context, leases []*lease) {
	for _, l := range leases {
		start := time.Now()
		ok, err := s.store.acquire(ctx, l.name, s.cfg.Instance, s.clock.Now(), s.cfg.LeaseTTL)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			// Keep what was held until it lapses: a failed renewal does
			// not mean another instance took it.
			s.logger.Warn("activity lease", "lease", l.name, "err", err)
			continue
		}
		until := time.Time{}
		if ok {
			until = start.Add(s.cfg.LeaseTTL * 4 / 5)
		}
		if was := l.set(until); was != ok {
			s.logger.Info("activity lease", "lease", l.name, "instance", s.cfg.Instance, "held", ok)
		}
	}
}

func (s *Service) runSequencer(ctx context.Context, l *lease) {
	t := time.NewTicker(s.cfg.SequenceEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for l.held() && ctx.Err() == nil {
			n, err := s.store.sequence(ctx, s.cfg.SequenceBatch)
			if err != nil {
				if ctx.Err() == nil {
					s.logger.Error("activity sequencer", "err", err)
				}
				break
			}
			if n > 0 {
				for _, w := range s.wake {
					select {
					case w <- struct{}{}:
					default:
					}
				}
			}
			if n < s.cfg.SequenceBatch {
				break
			}
		}
	}
}

func (s *Service) runConsumer(ctx context.Context, c Consumer, l *lease, wake <-chan struct{}) {
	t := time.NewTimer(0)
	defer t.Stop()
	pos := int64(-1) // unknown: read the cursor
	pause := func(d time.Duration) bool {
		t.Reset(d)
		select {
		case <-ctx.Done():
			return false
		case <-wake:
		case <-t.C:
		}
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
		return true
	}
	<-t.C
	for ctx.Err() == nil {
		if !l.held() {
			pos = -1
			if !pause(s.cfg.Renew) {
				return
			}
			continue
		}
		var err error
		if pos < 0 {
			if pos, err = s.store.Position(ctx, c.Name()); err != nil {
				pos = -1
				s.consumerFailed(ctx, c, err)
				if !pause(time.Second) {
					return
				}
				continue
			}
		}
		to, full, err := s.next(ctx, c, pos)
		switch {
		case err == nil && full:
			pos = to
			continue // more waiting
		case err == nil && to > pos:
			pos = to
			if !pause(s.cfg.PollEvery) {
				return
			}
		case err == nil:
			// Caught up: read the cursor again next time, so a replay
			// (which moves it back) is noticed without a batch failing.
			pos = -1
			if !pause(s.cfg.PollEvery) {
				return
			}
		case errors.Is(err, ErrCursorMoved):
			pos = -1
		default:
			pos = -1
			s.consumerFailed(ctx, c, err)
			if !pause(time.Second) {
				return
			}
		}
	}
}

// next applies c's next batch after pos: the position it moved the cursor
// to (pos when nothing waited), and whether the batch was full (more may
// wait).
func (s *Service) next(ctx context.Context, c Consumer, pos int64) (to int64, full bool, err error) {
	if sc, ok := c.(Selective); ok {
		// Positions are dense and become visible in order, so every one up
		// to the head can be read now; the batch covers ConsumeBatch of
		// them and gives only the events the consumer wants.
		head, err := s.store.Head(ctx)
		if err != nil || head <= pos {
			return pos, false, err
		}
		to = min(head, pos+int64(s.cfg.ConsumeBatch))
		evs, err := s.store.eventsBetween(ctx, pos, to, sc.Wants())
		if err == nil {
			err = s.store.apply(ctx, c, pos, to, evs, s.clock.Now())
		}
		return to, to < head, err
	}
	evs, err := s.store.EventsAfter(ctx, pos, s.cfg.ConsumeBatch)
	if err != nil || len(evs) == 0 {
		return pos, false, err
	}
	to = evs[len(evs)-1].Seq
	err = s.store.apply(ctx, c, pos, to, evs, s.clock.Now())
	return to, len(evs) == s.cfg.ConsumeBatch, err
}

func (s *Service) consumerFailed(ctx context.Context, c Consumer, err error) {
	if ctx.Err() != nil {
		return
	}
	s.logger.Error("activity consumer", "consumer", c.Name(), "err", err)
}
