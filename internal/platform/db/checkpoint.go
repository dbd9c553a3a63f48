package db

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// WAL checkpoints off the write path (SQLite files only).
//
// SQLite appends every commit to the WAL and copies the WAL back into the
// database file in a checkpoint. By default the connection whose commit
// takes the WAL past 1,000 pages runs that checkpoint itself, right after
// its COMMIT and before it returns: here that is the ledger's group-commit
// writer, so every few dozen batches one batch would pay for copying some
// 4 MB (a read and a write system call per page, and two fsyncs) while
// every posting queued behind it waits: the tail of the money path's
// latency.
//
// A checkpointer goroutine copies the WAL in the background instead,
// PASSIVE (it never takes the write lock nor waits for one, so writers go on
// appending while it copies). The automatic checkpoint is left on: when it
// comes due, the background one has already copied all but the last few
// frames, so the writer's own checkpoint copies only those and lets the next
// commit start the WAL from the beginning again (a background checkpoint
// alone could never catch up with a writer that never pauses, and the WAL
// would grow). If both want to run at once, the automatic one gives up at
// once (PASSIVE) and is tried again at the next commit.

const (
	checkpointActive = 20 * time.Millisecond  // while the WAL is growing
	checkpointIdle   = 500 * time.Millisecond // while nothing is written
)

type checkpointer struct {
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func (d *DB) startCheckpointer() {
	c := &checkpointer{stop: make(chan struct{}), done: make(chan struct{})}
	d.ckpt = c
	go d.checkpointLoop(c)
}

func (d *DB) checkpointLoop(c *checkpointer) {
	defer close(c.done)
	t := time.NewTimer(checkpointIdle)
	defer t.Stop()
	lastLog := -1
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		log, err := d.Checkpoint(context.Background())
		next := checkpointIdle
		if err == nil && log != lastLog {
			next = checkpointActive
		}
		lastLog = log
		t.Reset(next)
	}
}

// Checkpoint runs one PASSIVE WAL checkpoint and returns the WAL's size in
// frames (0 on PostgreSQL and in-memory SQLite, where there is none).
func (d *DB) Checkpoint(ctx context.Context) (walFrames int, err error) {
	if d.Dialect != SQLite {
		return 0, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var busy, log, copied int
	if err := d.DB.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &log, &copied); err != nil {
		return 0, err
	}
	return log, nil
}

// Close stops the checkpointer, then closes the database.
func (d *DB) Close() error {
	if c := d.ckpt; c != nil {
		c.once.Do(func() {
			close(c.stop)
			<-c.done
		})
	}
	d.closeStmts()
	var errs []error
	for _, p := range []*sql.DB{d.fixed, d.trailing} {
		if p != nil {
			errs = append(errs, p.Close())
		}
	}
	return errors.Join(append(errs, d.DB.Close())...)
}
