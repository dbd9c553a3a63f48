package db

import (
	"errors"
	"fmt"
	"strings"
)

// ErrDatabaseURL is a PALARO_DATABASE_URL this binary does not understand.
var ErrDatabaseURL = errors.New("database URL")

// Target is a parsed database URL.
type Target struct {
	Dialect Dialect
	// URL is the PostgreSQL connection string as given.
	URL string
	// Path is the SQLite file (relative to the working directory unless it
	// starts with /), or ":memory:"; Query its parameters without the "?".
	Path, Query string
	Memory      bool
}

// ParseURL reads a database URL. PostgreSQL: postgres:// or postgresql://.
// SQLite: sqlite:///abs and sqlite:/abs (absolute), sqlite://rel and
// sqlite:rel (relative: sqlite://data/palaro.db is the default), file:path,
// a bare path, and :memory:; query parameters pass to the driver. Any other
// scheme, or a scheme with no path, is refused, so that a typing slip never
// becomes a file named after a scheme.
func ParseURL(url string) (Target, error) {
	if url == "" {
		url = DefaultURL
	}
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		return Target{Dialect: Postgres, URL: url}, nil
	}
	rest := url
	switch {
	case strings.HasPrefix(rest, "sqlite://"):
		// sqlite:///abs keeps its third slash: an absolute path.
		rest = strings.TrimPrefix(rest, "sqlite://")
	case strings.HasPrefix(rest, "sqlite:"):
		rest = strings.TrimPrefix(rest, "sqlite:")
	case strings.HasPrefix(rest, "file:"):
		rest = strings.TrimPrefix(rest, "file:")
		if strings.HasPrefix(rest, "//") { // file:///abs
			rest = strings.TrimPrefix(rest, "//")
		}
	default:
		if s := scheme(rest); s != "" {
			return Target{}, fmt.Errorf("%w: unknown scheme %q (use sqlite:/path/to/file.db, sqlite://relative/file.db, a bare path, or postgres://...)", ErrDatabaseURL, s)
		}
	}
	path, query, _ := strings.Cut(rest, "?")
	t := Target{Dialect: SQLite, Path: path, Query: query}
	t.Memory = path == ":memory:" || hasParam(query, "mode", "memory")
	switch {
	case path == "":
		return Target{}, fmt.Errorf("%w: %q names no SQLite file", ErrDatabaseURL, url)
	case scheme(path) != "" && !t.Memory:
		// sqlite:sqlite:/x, sqlite://file:/x and the like.
		return Target{}, fmt.Errorf("%w: %q: the path %q starts with a scheme", ErrDatabaseURL, url, path)
	case strings.HasSuffix(path, "/"):
		return Target{}, fmt.Errorf("%w: %q names a directory, not a SQLite file", ErrDatabaseURL, url)
	}
	return t, nil
}

// scheme is s's URL scheme ("mysql" in mysql://x, "sqlite" in sqlite:x),
// or "" when s has none before its first slash.
func scheme(s string) string {
	i := strings.IndexByte(s, ':')
	if i <= 0 || strings.ContainsRune(s[:i], '/') {
		return ""
	}
	for j, c := range s[:i] {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (j == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return ""
		}
	}
	return s[:i]
}

func hasParam(query, key, value string) bool {
	for _, kv := range strings.Split(query, "&") {
		if kv == key+"="+value {
			return true
		}
	}
	return false
}
