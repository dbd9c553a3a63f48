// Package migrations holds the forward-only schema, one numbered file per
// step and per dialect. Both directories must carry the same versions.
package migrations

import "embed"

//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
