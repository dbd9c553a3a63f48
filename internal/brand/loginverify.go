package brand

import "fmt"

// LoginVerify is the extra check of a password login from a new IP
// (private, like Region). With NewIP on, a username/password login from an
// IP the member has never logged in from needs a code sent to the bound
// mobile (Method "sms", the default) or e-mail ("email"); the other one is
// used when the preferred one is not bound (docs/accounts.md).
type LoginVerify struct {
	NewIP  bool   `json:"newIp"`
	Method string `json:"method"`
}

func validateLoginVerify(v LoginVerify) error {
	if v.Method != "" && v.Method != "sms" && v.Method != "email" {
		return fmt.Errorf("loginVerify.method must be sms or email")
	}
	return nil
}
