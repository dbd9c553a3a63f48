package main

import "testing"

func TestScan(t *testing.T) {
	for _, c := range []struct {
		in   string
		want line
		ok   bool
	}{
		{`{"type":"bet","bet":{"id":42,"player":"a***b","amount":100,"mine":false},"at":1700000000123}`, line{Type: "bet", ID: 42, At: 1700000000123}, true},
		{`{"type":"cashout","bet":{"id":7,"at":5},"at":99}`, line{Type: "cashout", ID: 7, At: 99}, true}, // "at" is the message's last field
		{`{"type":"running","round":{"startedAt":1234},"at":1235}`, line{Type: "running", StartedAt: 1234, At: 1235}, true},
		{`{"type":"tick"}`, line{Type: "tick"}, true},
		{`{"bet":{"id":5},"type":"bet","at":9}`, line{Type: "bet", ID: 5, At: 9}, true}, // not at their places: searched
		{`{"type":"bet","at":9,"bet":{"id":5}}`, line{Type: "bet", ID: 5, At: 9}, true},
		{`{"type":"crashed","at":}`, line{Type: "crashed"}, true},
		{`not json`, line{}, false},
	} {
		got, ok := scan([]byte(c.in))
		if ok != c.ok || got != c.want {
			t.Errorf("scan(%s) = %+v %v, want %+v %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if lastIndex([]byte(`"at":1,"at":2`), `"at":`) != 7 || lastIndex([]byte(`x`), `"at":`) != -1 {
		t.Error("lastIndex")
	}
}

func TestCounts(t *testing.T) {
	var c counts
	for _, id := range []int64{1, 3, 3, countsSmall + 5, countsSmall + 5, countsSmall + 5} {
		c.inc(id)
	}
	if c.get(1) != 1 || c.get(2) != 0 || c.get(3) != 2 || c.get(countsSmall+5) != 3 || c.get(999) != 0 || c.get(countsSmall+6) != 0 {
		t.Errorf("counts %v", c)
	}
}
