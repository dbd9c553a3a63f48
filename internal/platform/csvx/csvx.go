// Package csvx writes the CSV files people download (account record,
// console lists and reports): UTF-8 with a BOM so spreadsheet programs read
// it as UTF-8, and free text kept from being read as a formula.
package csvx

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
)

// Text keeps a free-text cell from being read as a formula by a
// spreadsheet program (a leading = + - @ tab or CR gets a quote).
func Text(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Encode is the file: BOM, header, rows. Cells are written as given: wrap
// free text in Text; numbers and dates the server formats need not be.
func Encode(header []string, rows [][]string) []byte {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	cw := csv.NewWriter(&buf)
	_ = cw.Write(header)
	for _, r := range rows {
		_ = cw.Write(r)
	}
	cw.Flush()
	return buf.Bytes()
}

// Serve answers the file as a download named filename.
func Serve(w http.ResponseWriter, filename string, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "text/csv; charset=utf-8")
	hd.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	hd.Set("Cache-Control", "no-store")
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}
