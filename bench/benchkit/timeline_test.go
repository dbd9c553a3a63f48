package benchkit

import (
	"testing"
	"time"
)

func TestTimeline(t *testing.T) {
	start := time.Unix(100, 0)
	ms := time.Millisecond
	samples := []Sample{
		{start.Add(100 * ms), 2 * ms},
		{start.Add(900 * ms), 4 * ms},
		{start.Add(2500 * ms), 50 * ms},
		{start.Add(-ms), 9 * ms}, // before the start: left out
	}
	got := Timeline(start, samples)
	if len(got) != 3 {
		t.Fatalf("%d seconds, want 3", len(got))
	}
	if got[0].N != 2 || got[0].P50 != 4*ms || got[0].Max != 4*ms {
		t.Errorf("second 0: %+v", got[0])
	}
	if got[1].N != 0 || got[1].Max != 0 {
		t.Errorf("second 1: %+v", got[1])
	}
	if got[2].N != 1 || got[2].P99 != 50*ms {
		t.Errorf("second 2: %+v", got[2])
	}
}
