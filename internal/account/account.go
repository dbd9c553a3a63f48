// Package account holds members, agents and their sessions: registration,
// login, passwords and tokens (issue 3). This file grows with that issue.
package account
