package benchkit

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

func TestPct(t *testing.T) {
	var v []time.Duration
	for i := 1; i <= 100; i++ {
		v = append(v, time.Duration(i)*time.Millisecond)
	}
	if got := Pct(v, 50); got != 51 {
		t.Errorf("p50 %v", got)
	}
	if got := Pct(v, 99); got != 100 {
		t.Errorf("p99 %v", got)
	}
	if got := Pct(nil, 99); got != 0 {
		t.Errorf("empty %v", got)
	}
}

func TestServerEnvDropsInheritedSettings(t *testing.T) {
	t.Setenv("PALARO_DATABASE_URL", "postgres://elsewhere")
	t.Setenv("PALARO_DEBUG_ADDR", "127.0.0.1:6060")
	env := strings.Join(ServerEnv("PALARO_DEMO=1"), "\n")
	if strings.Contains(env, "elsewhere") || !strings.Contains(env, "PALARO_DEBUG_ADDR=127.0.0.1:6060") || !strings.HasSuffix(env, "PALARO_DEMO=1") {
		t.Fatalf("env: %s", env)
	}
}

func TestProcReadings(t *testing.T) {
	if HWMKB(os.Getpid()) <= 0 {
		t.Error("no VmHWM for this process")
	}
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
	}
	if CPUTicks(os.Getpid()) <= 0 {
		t.Error("no CPU ticks for this process")
	}
	if DBLabel("postgres://x") != "postgres" || DBLabel("sqlite://x") != "sqlite" {
		t.Error("labels")
	}
}

func TestNewLoad(t *testing.T) {
	lat := make([]time.Duration, 100)
	for i := range lat {
		lat[i] = time.Duration(i+1) * time.Millisecond
	}
	l := NewLoad("postgres://u@127.0.0.1:5432/x?sslmode=disable", 1000, lat, 2000, 2*time.Second)
	if l.DB != "postgres" || l.Rate != 1000 || l.Requests != 100 || l.RequestsPerSecond != 1000 {
		t.Fatalf("load %+v", l)
	}
	if l.P50ms != 51 || l.P90ms != 91 || l.P99ms != 100 || l.Maxms != 100 {
		t.Fatalf("percentiles %+v", l)
	}
	b, err := json.Marshal(struct {
		Load
		Errors int `json:"errors"`
	}{Load: l})
	if err != nil || !strings.Contains(string(b), `"p99ms":100,`) || !strings.Contains(string(b), `"targetRate":1000,`) {
		t.Fatalf("embedded JSON %s, %v: run.sh reads these keys at the top level", b, err)
	}
	if z := NewLoad("sqlite:///tmp/x.db", 10, nil, 0, 0); z.RequestsPerSecond != 0 || z.P99ms != 0 || z.DB != "sqlite" {
		t.Fatalf("empty run %+v", z)
	}
}
