// Package apperr is the one error type of Palaro: a stable code that
// clients translate (errors.<code>), a kind that the HTTP layer maps to a
// status, and parameters for the message.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error for transport mapping.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindUnauthorized
	KindForbidden
	KindTooLarge
	KindTooMany
	KindUnavailable
)

// Error is a domain error with a stable code such as "request.invalid_page".
type Error struct {
	Kind   Kind
	Code   string
	Params map[string]any
	Err    error // wrapped cause, logged never sent
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches another *Error by code, so errors.Is(err, apperr.NotFound("x")) works.
func (e *Error) Is(target error) bool {
	var t *Error
	if errors.As(target, &t) {
		return t.Code == e.Code
	}
	return false
}

// With returns a copy carrying a message parameter.
func (e *Error) With(key string, v any) *Error {
	c := *e
	c.Params = make(map[string]any, len(e.Params)+1)
	for k, val := range e.Params {
		c.Params[k] = val
	}
	c.Params[key] = v
	return &c
}

func New(kind Kind, code string) *Error { return &Error{Kind: kind, Code: code} }
func Invalid(code string) *Error        { return New(KindInvalid, code) }
func NotFound(code string) *Error       { return New(KindNotFound, code) }
func Conflict(code string) *Error       { return New(KindConflict, code) }
func Unauthorized(code string) *Error   { return New(KindUnauthorized, code) }
func Forbidden(code string) *Error      { return New(KindForbidden, code) }

// Internal wraps an unexpected failure; its detail is logged, never sent.
func Internal(err error, format string, args ...any) *Error {
	return &Error{Kind: KindInternal, Code: "server.internal", Err: fmt.Errorf(format+": %w", append(args, err)...)}
}

// As extracts an *Error, wrapping unknown errors as internal.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: KindInternal, Code: "server.internal", Err: err}
}
