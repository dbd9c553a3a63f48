package benchkit

import (
	"os"
	"strconv"
	"strings"
)

// MachineTicks is the whole machine's CPU time so far, from the first line
// of /proc/stat, in clock ticks summed over the CPUs.
type MachineTicks struct {
	Total int64 // every state but guest time, which user time already counts
	Idle  int64 // idle and I/O wait
	Steal int64 // time the hypervisor ran something else while a CPU wanted to run
}

// ReadMachineTicks reads /proc/stat; the zero value if it cannot.
func ReadMachineTicks() MachineTicks {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return MachineTicks{}
	}
	return ParseMachineTicks(string(b))
}

// ParseMachineTicks reads the aggregate "cpu" line of a /proc/stat text:
// user nice system idle iowait irq softirq steal guest guest_nice.
func ParseMachineTicks(stat string) MachineTicks {
	line, _, _ := strings.Cut(stat, "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return MachineTicks{}
	}
	var v [8]int64 // guest and guest_nice are left out
	for i := range v {
		if i+1 < len(f) {
			v[i], _ = strconv.ParseInt(f[i+1], 10, 64)
		}
	}
	var t MachineTicks
	for _, x := range v {
		t.Total += x
	}
	t.Idle = v[3] + v[4]
	t.Steal = v[7]
	return t
}

// MachineUse is how the machine's CPU time between two readings was spent,
// in percent of it: busy (running anything, this bench and the server
// included) and stolen by the hypervisor. A load's latency on a machine
// with steal time says as much about the host's other guests as about the
// code; the benches print both so that runs can be compared.
func MachineUse(from, to MachineTicks) (busyPct, stealPct float64) {
	total := to.Total - from.Total
	if total <= 0 {
		return 0, 0
	}
	idle, steal := to.Idle-from.Idle, to.Steal-from.Steal
	return 100 * float64(total-idle-steal) / float64(total), 100 * float64(steal) / float64(total)
}
