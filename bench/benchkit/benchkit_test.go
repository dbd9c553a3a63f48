package benchkit

import (
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
