package webui

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// routes.json lists every path the storefront's router renders a page for.
// The storefront's test (web/apps/player/src/app/routes.test.ts) walks the
// router, the personal centre's page registry and the in-house game slugs
// and fails when they and this list disagree, so a new route cannot be
// answered 404 here.
//
//go:embed routes.json
var routesJSON []byte

// pagePaths is routes.json's list, read once.
var pagePaths = func() []string {
	var list struct {
		Paths []string `json:"paths"`
	}
	if err := json.Unmarshal(routesJSON, &list); err != nil {
		panic("webui: routes.json: " + err.Error())
	}
	return list.Paths
}()

// pageRoutes is the list keyed for isPage.
func pageRoutes() map[string]bool {
	m := make(map[string]bool, len(pagePaths))
	for _, p := range pagePaths {
		m[strings.ToLower(p)] = true
	}
	return m
}

// isPage reports whether the storefront renders a page at p. The router
// matches paths case-insensitively and with or without a trailing slash.
func (h *Handler) isPage(p string) bool {
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return h.routes[strings.ToLower(p)]
}
