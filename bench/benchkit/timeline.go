package benchkit

import (
	"fmt"
	"io"
	"time"
)

// Sample is one request of a load run: when it was due (open loop) and how
// long after that its answer came.
type Sample struct {
	Due     time.Time
	Latency time.Duration
}

// Second is one second of a run's timeline.
type Second struct {
	N             int
	P50, P99, Max time.Duration
}

// Timeline buckets samples by the second (from start) they were due in: a
// run whose p99 is far above its p50 shows whether the slow answers were
// spread over the run (the machine's load) or bunched in a few seconds (a
// stall: a checkpoint, a lock, the host).
func Timeline(start time.Time, samples []Sample) []Second {
	var by [][]time.Duration
	for _, s := range samples {
		if s.Due.Before(start) {
			continue
		}
		i := int(s.Due.Sub(start) / time.Second)
		for len(by) <= i {
			by = append(by, nil)
		}
		by[i] = append(by[i], s.Latency)
	}
	out := make([]Second, len(by))
	for i, v := range by {
		out[i] = Second{N: len(v), P50: PerMille(v, 500), P99: PerMille(v, 990), Max: PerMille(v, 1000)}
	}
	return out
}

// PrintTimeline writes one line per second, after one with the wall-clock
// time of second 0 (to line the run up with other logs: the database's, a
// disk probe's).
func PrintTimeline(w io.Writer, start time.Time, t []Second) {
	fmt.Fprintf(w, "  second   0 began at %s\n", start.Format("15:04:05.000"))
	for i, s := range t {
		fmt.Fprintf(w, "  second %3d: %5d requests, p50 %7.2f ms, p99 %7.2f ms, max %7.2f ms\n", i, s.N,
			float64(s.P50.Microseconds())/1000, float64(s.P99.Microseconds())/1000, float64(s.Max.Microseconds())/1000)
	}
}
