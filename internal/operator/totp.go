package operator

import (
	"crypto/subtle"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP second factor (RFC 6238): HMAC-SHA1, 6 digits, 30-second steps, the
// authenticator apps' defaults. A code is accepted for its own step and
// one step either side (clock drift), and each step once: the last
// accepted step is stored and only a later one passes (Store.AcceptStep).

const (
	totpPeriod = 30
	totpDrift  = 1 // steps accepted either side of now
	totpIssuer = "Palaro"
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// DemoTOTPSecret is the demo operators' known secret (PALARO_DEMO only;
// `palaro operator otp USERNAME` prints its current code).
const DemoTOTPSecret = "PALARODEMOTOTPSECRETXOPS"

// totpStep is the step of t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// TOTPCode is the code of secret at t (the demo CLI, tests).
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totpOpts)
}

// matchStep returns the step within the drift window whose code is code,
// or false. Every step is computed and compared in constant time.
func matchStep(secret, code string, now time.Time) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	for _, c := range []byte(code) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	cur := totpStep(now)
	var found int64
	ok := false
	for step := cur - totpDrift; step <= cur+totpDrift; step++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), totpOpts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && !ok {
			found, ok = step, true
		}
	}
	return found, ok
}

// newTOTPKey makes a fresh secret and its otpauth:// URI for the operator.
func newTOTPKey(username string) (secret, uri string, err error) {
	k, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: username, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", err
	}
	return k.Secret(), k.URL(), nil
}
