package benchkit

import (
	"math"
	"testing"
)

func TestParseMachineTicks(t *testing.T) {
	stat := "cpu  100 5 40 800 10 2 3 40 7 0\ncpu0 50 2 20 400 5 1 1 20 0 0\nintr 1\n"
	got := ParseMachineTicks(stat)
	want := MachineTicks{Total: 100 + 5 + 40 + 800 + 10 + 2 + 3 + 40, Idle: 810, Steal: 40}
	if got != want {
		t.Fatalf("ParseMachineTicks = %+v, want %+v", got, want)
	}
	if (ParseMachineTicks("intr 1\n") != MachineTicks{}) {
		t.Fatal("a text without a cpu line must give the zero value")
	}
}

func TestMachineUse(t *testing.T) {
	from := MachineTicks{Total: 1000, Idle: 600, Steal: 10}
	to := MachineTicks{Total: 1200, Idle: 650, Steal: 40} // 200 ticks: 50 idle, 30 stolen, 120 busy
	busy, steal := MachineUse(from, to)
	if math.Abs(busy-60) > 1e-9 || math.Abs(steal-15) > 1e-9 {
		t.Fatalf("MachineUse = %.2f%% busy, %.2f%% steal; want 60 and 15", busy, steal)
	}
	if b, s := MachineUse(to, to); b != 0 || s != 0 {
		t.Fatalf("no time passed: %v %v", b, s)
	}
}
