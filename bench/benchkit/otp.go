package benchkit

import (
	"sync"
	"time"

	"github.com/palaro/palaro/internal/operator"
)

// DemoOTP hands out the demo operators' one-time codes (PALARO_DEMO=1
// servers: operator.DemoTOTPSecret) for a bench that signs in FINANCE or
// ADMIN operators. The server takes each 30-second step once and counts a
// step used again as a wrong code (towards the lockout), so every code
// given is of a later step than the last: the current one, the next
// (within the server's drift window), or after waiting for it.
type DemoOTP struct {
	mu   sync.Mutex
	last int64
}

const otpStep = 30 // seconds

// Next is a fresh code.
func (o *DemoOTP) Next() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := time.Now().Unix() / otpStep
	step := max(now, o.last+1)
	if step > now+1 {
		time.Sleep(time.Until(time.Unix((step-1)*otpStep, 0)) + 50*time.Millisecond)
	}
	o.last = step
	code, err := operator.TOTPCode(operator.DemoTOTPSecret, time.Unix(step*otpStep, 0))
	if err != nil {
		panic(err) // a constant secret: cannot fail
	}
	return code
}
