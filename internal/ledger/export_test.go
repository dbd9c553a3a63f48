package ledger

import "time"

// HoldBatches stops s from starting a writer, so the postings submitted next
// queue up; queued reports how many wait, and release starts the writer, which
// takes them all as one batch (at most maxBatchPostings). Tests only.
func HoldBatches(s *Store) (queued func() int, release func()) {
	for { // wait for a writer still gathering after its last batch to exit
		s.mu.Lock()
		if !s.writing {
			s.writing = true
			s.mu.Unlock()
			break
		}
		s.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	queued = func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.queue)
	}
	return queued, func() { go s.drain() }
}

// The PostgreSQL batch statements, for their plan test.
const ReadSQL, HashesSQL, WriteSQL, FactsSQL, SetNoSeqScan = readSQL, hashesSQL, writeSQL, factsSQL, setNoSeqScan

// The SQLite batch reads, for their plan test.
var SQLiteKeysByKey, SQLiteAccountsToLock = sqlKeysByKey, sqlAccountsToLock
