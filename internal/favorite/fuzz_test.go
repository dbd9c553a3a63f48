package favorite

import (
	"net/http"
	"strings"
	"testing"
)

// FuzzDecodeAdd: any body either decodes to a request that passes the
// checks (positive node id, code-shaped vendor, known or empty category) or
// fails with a client error; it never panics.
func FuzzDecodeAdd(f *testing.F) {
	for _, s := range []string{`{"nodeId":1}`, `{"nodeId":1001,"vendor":"pg","gameType":"rng"}`, `{"nodeId":-5}`,
		`{"nodeId":"1"}`, `[]`, `{"nodeId":1e30}`, `{"nodeId":1,"vendor":"a b"}`, `{"nodeId":1,"gameType":"ALL"}`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r, _ := http.NewRequest("POST", "/wps/relay/favorite", strings.NewReader(body))
		req, err := decodeAdd(r)
		if err != nil {
			return
		}
		if req.NodeID <= 0 || !isCode(req.Vendor) || len(req.Vendor) > 32 || req.GameType == "ALL" {
			t.Fatalf("accepted %q as %+v", body, req)
		}
	})
}

// FuzzNodeID: only positive decimal integers are node ids.
func FuzzNodeID(f *testing.F) {
	for _, s := range []string{"1", "0", "-1", "abc", " 42 ", "9223372036854775808"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		id, err := nodeID(raw)
		if err == nil && id <= 0 {
			t.Fatalf("accepted %q as %d", raw, id)
		}
	})
}
