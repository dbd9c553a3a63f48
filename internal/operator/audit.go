package operator

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// The audit trail is written by a group-commit writer: callers hand their
// rows to one goroutine and wait; it takes everything queued (up to
// maxBatch rows) and inserts it in one transaction, then answers every
// waiter. Under load many requests share one commit; alone, a request
// waits for its own single-row transaction, no timer. A row is durable
// before Audit (or an adjustment) returns.

const maxBatch = 256

type auditJob struct {
	audit AuditRow
	adj   *Adjustment // the replay record of an adjustment, written with its audit row
	done  chan error
}

type auditWriter struct {
	store  *Store
	logger *slog.Logger
	jobs   chan *auditJob

	mu      sync.RWMutex // guards closed against sends on a closed channel
	closed  bool
	stopped chan struct{}

	commits, rows atomic.Int64 // batches written and rows in them (AuditStats)
}

func newAuditWriter(store *Store, logger *slog.Logger) *auditWriter {
	w := &auditWriter{store: store, logger: logger, jobs: make(chan *auditJob, 4*maxBatch), stopped: make(chan struct{})}
	go w.run()
	return w
}

// write queues one row and waits until its transaction has committed.
func (w *auditWriter) write(ctx context.Context, a AuditRow, adj *Adjustment) error {
	job := &auditJob{audit: a, adj: adj, done: make(chan error, 1)}
	w.mu.RLock()
	if w.closed { // shutting down: write alone
		w.mu.RUnlock()
		return w.flush([]*auditJob{job})
	}
	select {
	case w.jobs <- job:
		w.mu.RUnlock()
	case <-ctx.Done():
		w.mu.RUnlock()
		return ctx.Err()
	}
	// Once queued the row will be written even if the caller gives up.
	select {
	case err := <-job.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Under load (the previous commit ended less than busyWithin ago) the
// writer waits up to gatherWindow for more rows before it commits: the
// requests of one ledger batch are answered together and reach Audit a few
// microseconds apart, and without the wait the first of them would commit
// alone. Alone, a request never waits. This window is why the writer keeps
// its own loop rather than platform/batch's Queue (no window): on that
// queue BenchmarkAdjust on SQLite committed 5–6 rows per audit commit
// instead of 20 and took longer per adjustment (bench/README.md).
const (
	gatherWindow = 500 * time.Microsecond
	busyWithin   = 5 * time.Millisecond
)

func (w *auditWriter) run() {
	defer close(w.stopped)
	batch := make([]*auditJob, 0, maxBatch)
	var lastEnd time.Time
	for job := range w.jobs {
		batch = append(batch[:0], job)
		var deadline <-chan time.Time
		var timer *time.Timer
		if time.Since(lastEnd) < busyWithin {
			timer = time.NewTimer(gatherWindow)
			deadline = timer.C
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case j, ok := <-w.jobs:
				if !ok {
					break fill
				}
				batch = append(batch, j)
			default:
				if deadline == nil {
					break fill
				}
				select {
				case j, ok := <-w.jobs:
					if !ok {
						break fill
					}
					batch = append(batch, j)
				case <-deadline:
					break fill
				}
			}
		}
		if timer != nil {
			timer.Stop()
		}
		_ = w.flush(batch)
		lastEnd = time.Now()
	}
}

// flush writes a batch in one transaction; if that fails, each row alone,
// so one bad row does not fail its neighbours. Every job gets its answer.
func (w *auditWriter) flush(batch []*auditJob) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := w.store.writeBatch(ctx, audits(batch), adjustments(batch))
	if err == nil {
		w.commits.Add(1)
		w.rows.Add(int64(len(batch)))
	}
	if err == nil || len(batch) == 1 {
		if err != nil {
			w.logger.Error("operator audit write failed", "err", err)
			err = apperr.Internal(err, "write operator audit")
		}
		for _, j := range batch {
			j.done <- err
		}
		return err
	}
	for _, j := range batch {
		_ = w.flush([]*auditJob{j})
	}
	return nil
}

func audits(batch []*auditJob) []AuditRow {
	out := make([]AuditRow, len(batch))
	for i, j := range batch {
		out[i] = j.audit
	}
	return out
}

func adjustments(batch []*auditJob) []Adjustment {
	var out []Adjustment
	for _, j := range batch {
		if j.adj != nil {
			out = append(out, *j.adj)
		}
	}
	return out
}

// close stops the writer after the queued rows are written; later rows are
// written one by one.
func (w *auditWriter) close() {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.closed = true
	close(w.jobs)
	w.mu.Unlock()
	<-w.stopped
}

// auditRow builds a row; detail is encoded as a JSON object.
func auditRow(operatorID int64, action, target string, detail map[string]any, ip string, at time.Time) AuditRow {
	if detail == nil {
		detail = map[string]any{}
	}
	b, err := json.Marshal(detail)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"unencodable": err.Error()})
	}
	return AuditRow{OperatorID: operatorID, Action: action, Target: target, IP: ip, CreatedAt: at.UnixMilli(), detailJSON: string(b)}
}

func decodeDetail(s string) map[string]any {
	m := map[string]any{}
	if s != "" {
		_ = json.Unmarshal([]byte(s), &m)
	}
	return m
}

// AuditStats tells how many audit commits were made and how many rows they
// carried (rows/commits is the mean group-commit batch).
func (s *Service) AuditStats() (commits, rows int64) {
	return s.audit.commits.Load(), s.audit.rows.Load()
}
