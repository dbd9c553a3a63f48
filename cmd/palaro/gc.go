package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// Garbage-collector defaults for serve. The live heap is small (the catalogue
// snapshot, caches, pools), so Go's default GOGC=100 collects dozens of times
// a second under load for little gain; a higher GOGC trades some memory for
// fewer collections, and a soft memory limit keeps that trade bounded.
const (
	defaultGOGC        = 400
	defaultMemoryLimit = 1 << 30 // without a container limit
)

// gcSettings is what tuneGC applied, for the startup log.
type gcSettings struct {
	GOGC        string
	MemoryLimit string
}

// tuneGC sets GOGC to defaultGOGC unless the GOGC variable is set, and a soft
// memory limit from PALARO_MEMORY_LIMIT (bytes or a size such as 768MiB,
// 1GiB, 512MB; "off" for none) unless GOMEMLIMIT is set. The default limit is
// 75% of the cgroup's memory.max when there is one, capped at 1 GiB.
func tuneGC(getenv func(string) string) (gcSettings, error) {
	var s gcSettings
	if v := getenv("GOGC"); v != "" {
		s.GOGC = v + " (GOGC)"
	} else {
		debug.SetGCPercent(defaultGOGC)
		s.GOGC = strconv.Itoa(defaultGOGC)
	}
	if v := getenv("GOMEMLIMIT"); v != "" {
		s.MemoryLimit = v + " (GOMEMLIMIT)"
		return s, nil
	}
	limit := int64(defaultMemoryLimit)
	if c, ok := cgroupMemoryMax(); ok && c/4*3 < limit {
		limit = c / 4 * 3
	}
	if v := strings.TrimSpace(getenv("PALARO_MEMORY_LIMIT")); v != "" {
		if strings.EqualFold(v, "off") {
			s.MemoryLimit = "off"
			return s, nil
		}
		n, err := parseSize(v)
		if err != nil || n <= 0 {
			return s, fmt.Errorf("PALARO_MEMORY_LIMIT: %q is not a size (bytes, KiB, MiB, GiB, KB, MB, GB or off)", v)
		}
		limit = n
	}
	debug.SetMemoryLimit(limit)
	s.MemoryLimit = strconv.FormatInt(limit>>20, 10) + "MiB"
	return s, nil
}

// parseSize reads "123", "64KiB", "768MiB", "1GiB", "500MB", "2GB" (also
// without the trailing B, and lower case).
func parseSize(v string) (int64, error) {
	v = strings.TrimSpace(v)
	num := strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	unit := strings.ToLower(strings.TrimSpace(v[len(num):]))
	mult := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
		"ki": 1 << 10, "mi": 1 << 20, "gi": 1 << 30,
	}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("unknown unit %q", unit)
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || f < 0 || math.IsInf(f*mult, 0) || f*mult > math.MaxInt64/2 {
		return 0, fmt.Errorf("bad size %q", v)
	}
	return int64(f * mult), nil
}

// cgroupMemoryMax is the container's memory limit (cgroup v2, then v1).
func cgroupMemoryMax() (int64, bool) {
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		line := ""
		if sc.Scan() {
			line = strings.TrimSpace(sc.Text())
		}
		f.Close()
		n, err := strconv.ParseInt(line, 10, 64)
		if err != nil || n <= 0 || n >= 1<<60 { // "max", or v1's "unlimited" sentinel
			continue
		}
		return n, true
	}
	return 0, false
}
