package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/platform/db"
)

// registerDomains wires each domain's store, service and routes.
func (m *Main) registerDomains(ctx context.Context, mux *http.ServeMux) error {
	// --- brand and content (system endpoints, announcements, help) ---

	// --- games catalogue (menus, lists, lanes, winners, art) ---

	return nil
}

// seedDemo loads the demo brand into an empty database; false when it already has one.
func seedDemo(ctx context.Context, store *db.DB) (bool, error) {
	// --- brand and content seed ---

	// --- games catalogue seed ---

	return false, nil
}
