package benchkit

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"strconv"
	"time"
)

// HTTPConn is a lean HTTP/1.1 client connection for the load generators:
// one request at a time on one keep-alive connection, read and written by
// the calling goroutine. net/http's Transport runs a reader and a writer
// goroutine per connection and hands every request and answer between
// them; that hand-off (goroutine wake-ups across threads) costs CPU the
// bench takes from the cores it shares with the server it measures. The
// answers are parsed by
// net/http (http.ReadResponse: Content-Length or chunked).
type HTTPConn struct {
	addr    string
	timeout time.Duration
	nc      net.Conn
	br      *bufio.Reader
	bw      *bufio.Writer
}

// NewHTTPConn returns a connection to addr (host:port), dialled at its
// first request and again after any failure; each request must be
// answered within timeout.
func NewHTTPConn(addr string, timeout time.Duration) *HTTPConn {
	return &HTTPConn{addr: addr, timeout: timeout}
}

// Header is one request header.
type Header struct{ Name, Value string }

// Post sends a POST of body to path with headers and returns the answer's
// status and body (appended to buf[:0]).
func (c *HTTPConn) Post(path string, headers []Header, body string, buf []byte) (int, []byte, error) {
	if c.nc == nil {
		nc, err := net.DialTimeout("tcp", c.addr, c.timeout)
		if err != nil {
			return 0, buf, err
		}
		c.nc, c.br, c.bw = nc, bufio.NewReaderSize(nc, 16<<10), bufio.NewWriterSize(nc, 4<<10)
	}
	status, out, keep, err := c.roundTrip(path, headers, body, buf[:0])
	if err != nil || !keep {
		c.Close()
	}
	return status, out, err
}

func (c *HTTPConn) roundTrip(path string, headers []Header, body string, buf []byte) (status int, out []byte, keep bool, err error) {
	if err := c.nc.SetDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, buf, false, err
	}
	w := c.bw
	w.WriteString("POST ")
	w.WriteString(path)
	w.WriteString(" HTTP/1.1\r\nHost: ")
	w.WriteString(c.addr)
	w.WriteString("\r\nContent-Length: ")
	w.WriteString(strconv.Itoa(len(body)))
	for _, h := range headers {
		w.WriteString("\r\n")
		w.WriteString(h.Name)
		w.WriteString(": ")
		w.WriteString(h.Value)
	}
	w.WriteString("\r\n\r\n")
	w.WriteString(body)
	if err := w.Flush(); err != nil {
		return 0, buf, false, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, buf, false, err
	}
	b := bytes.NewBuffer(buf)
	_, err = b.ReadFrom(resp.Body)
	resp.Body.Close()
	if err != nil {
		return resp.StatusCode, b.Bytes(), false, err
	}
	return resp.StatusCode, b.Bytes(), !resp.Close, nil
}

// Close closes the connection (the next request dials again).
func (c *HTTPConn) Close() {
	if c.nc != nil {
		_ = c.nc.Close()
		c.nc = nil
	}
}
