package csvx

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{"=SUM(A1)": "'=SUM(A1)", "+1": "'+1", "-2": "'-2", "@x": "'@x", "\tx": "'\tx", "ok": "ok", "": ""} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEncodeServe(t *testing.T) {
	body := Encode([]string{"a", "b"}, [][]string{{"1", Text("=cmd")}, {"x,y", "é"}})
	want := "\ufeffa,b\n1,'=cmd\n\"x,y\",é\n"
	if string(body) != want {
		t.Fatalf("%q", body)
	}
	rec := httptest.NewRecorder()
	Serve(rec, "r.csv", body)
	if rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" || !strings.Contains(rec.Header().Get("Content-Disposition"), `"r.csv"`) || rec.Body.String() != want {
		t.Fatalf("%v %q", rec.Header(), rec.Body.String())
	}
}
