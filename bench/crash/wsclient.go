package main

// A lean websocket client (RFC 6455) for the bench's 2,000 readers. They run
// on the same cores as the server they measure, so what they spend per
// frame shows up in the latency they report: this client reads through a
// 64 KiB buffer (one read brings a whole betting-phase frame, often several
// frames) and parses the frame header in place, where the general-purpose
// library read a 4 KiB buffer and went through its message reader per
// frame. It speaks only what the bench needs: the handshake with
// subprotocols, text messages (fragmented or not), pings answered with
// pongs, and the server's close code.

import (
	"bufio"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// wsConn is one client connection.
type wsConn struct {
	nc   net.Conn
	br   *bufio.Reader
	wm   sync.Mutex // pongs and the close frame
	skip int        // bytes of the message next returned, left in br
	buf  []byte     // next's messages that are not read in place
}

// closeError is the close frame the server sent (code 1005 without one).
type closeError struct{ code int }

func (e closeError) Error() string { return fmt.Sprintf("websocket closed: %d", e.code) }

// closeCode is the server's close code in err, or -1.
func closeCode(err error) int {
	var ce closeError
	if errors.As(err, &ce) {
		return ce.code
	}
	return -1
}

const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// wsDial opens ws://addr+path offering the subprotocols and checks the
// server's handshake answer.
func wsDial(addr, path string, protocols []string, timeout time.Duration) (*wsConn, error) {
	nc, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, err
	}
	_ = nc.SetDeadline(time.Now().Add(timeout))
	var nonce [16]byte
	_, _ = rand.Read(nonce[:])
	key := base64.StdEncoding.EncodeToString(nonce[:])
	req := "GET " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + key + "\r\n"
	if len(protocols) > 0 {
		req += "Sec-WebSocket-Protocol: " + strings.Join(protocols, ", ") + "\r\n"
	}
	if _, err := io.WriteString(nc, req+"\r\n"); err != nil {
		nc.Close()
		return nil, err
	}
	br := bufio.NewReaderSize(nc, 64<<10)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		nc.Close()
		return nil, err
	}
	sum := sha1.Sum([]byte(key + wsGUID))
	switch {
	case resp.StatusCode != http.StatusSwitchingProtocols:
		err = fmt.Errorf("handshake: status %s", resp.Status)
	case !strings.EqualFold(resp.Header.Get("Upgrade"), "websocket"):
		err = errors.New("handshake: no Upgrade: websocket")
	case resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]):
		err = errors.New("handshake: wrong Sec-WebSocket-Accept")
	}
	if err != nil {
		nc.Close()
		return nil, err
	}
	_ = nc.SetDeadline(time.Time{})
	return &wsConn{nc: nc, br: br}, nil
}

// Frame opcodes.
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// readHeader reads a frame header: its fin bit, opcode and payload length.
func (c *wsConn) readHeader() (fin bool, op byte, n int, err error) {
	var hdr [10]byte
	if _, err := io.ReadFull(c.br, hdr[:2]); err != nil {
		return false, 0, 0, err
	}
	fin, op = hdr[0]&0x80 != 0, hdr[0]&0x0f
	if hdr[1]&0x80 != 0 {
		return false, 0, 0, errors.New("websocket: masked frame from the server")
	}
	l := uint64(hdr[1] & 0x7f)
	switch l {
	case 126:
		if _, err := io.ReadFull(c.br, hdr[2:4]); err != nil {
			return false, 0, 0, err
		}
		l = uint64(binary.BigEndian.Uint16(hdr[2:4]))
	case 127:
		if _, err := io.ReadFull(c.br, hdr[2:10]); err != nil {
			return false, 0, 0, err
		}
		l = binary.BigEndian.Uint64(hdr[2:10])
	}
	if l > 64<<20 {
		return false, 0, 0, fmt.Errorf("websocket: frame of %d bytes", l)
	}
	return fin, op, int(l), nil
}

// readMessage appends the next data message's payload to buf. Pings are
// answered on the way; a close frame ends with its closeError.
func (c *wsConn) readMessage(buf []byte) ([]byte, error) {
	for {
		fin, op, n, err := c.readHeader()
		if err != nil {
			return buf, err
		}
		var done bool
		if buf, done, err = c.frame(buf, fin, op, n); err != nil || done {
			return buf, err
		}
	}
}

// next returns the next data message's payload, valid until the next call.
// A message in one frame that fits the connection's buffer is read in
// place, not copied (the bench's readers receive millions of messages on
// the cores the server uses); any other is assembled in c.buf.
func (c *wsConn) next() ([]byte, error) {
	if c.skip > 0 {
		if _, err := c.br.Discard(c.skip); err != nil {
			return nil, err
		}
		c.skip = 0
	}
	c.buf = c.buf[:0]
	for {
		fin, op, n, err := c.readHeader()
		if err != nil {
			return nil, err
		}
		if fin && len(c.buf) == 0 && (op == opText || op == opBinary) && n <= c.br.Size() {
			p, err := c.br.Peek(n)
			if err != nil {
				return nil, err
			}
			c.skip = n
			return p, nil
		}
		var done bool
		if c.buf, done, err = c.frame(c.buf, fin, op, n); err != nil {
			return nil, err
		}
		if done {
			return c.buf, nil
		}
	}
}

// frame reads the payload of a frame whose header was read: data is
// appended to buf (done at its final frame), a ping is answered, a close
// ends with its closeError.
func (c *wsConn) frame(buf []byte, fin bool, op byte, n int) ([]byte, bool, error) {
	switch op {
	case opText, opBinary, opContinuation:
		start := len(buf)
		buf = grow(buf, n)
		if _, err := io.ReadFull(c.br, buf[start:start+n]); err != nil {
			return buf, false, err
		}
		return buf, fin, nil
	case opPing, opPong, opClose:
		if n > 125 {
			return buf, false, errors.New("websocket: control frame over 125 bytes")
		}
		var p [125]byte
		if _, err := io.ReadFull(c.br, p[:n]); err != nil {
			return buf, false, err
		}
		switch op {
		case opPing:
			if err := c.writeControl(opPong, p[:n]); err != nil {
				return buf, false, err
			}
		case opClose:
			code := 1005
			if n >= 2 {
				code = int(binary.BigEndian.Uint16(p[:2]))
			}
			_ = c.writeControl(opClose, p[:min(n, 2)])
			return buf, false, closeError{code}
		}
		return buf, false, nil
	}
	return buf, false, fmt.Errorf("websocket: opcode %d", op)
}

// grow extends buf by n bytes, reallocating only when it must.
func grow(buf []byte, n int) []byte {
	if need := len(buf) + n; need > cap(buf) {
		nb := make([]byte, len(buf), max(need, 2*cap(buf)))
		copy(nb, buf)
		buf = nb
	}
	return buf[:len(buf)+n]
}

// writeControl sends a control frame, masked as a client's must be.
func (c *wsConn) writeControl(op byte, payload []byte) error {
	f := make([]byte, 6+len(payload))
	f[0], f[1] = 0x80|op, 0x80|byte(len(payload))
	_, _ = rand.Read(f[2:6])
	for i, b := range payload {
		f[6+i] = b ^ f[2+i%4]
	}
	c.wm.Lock()
	defer c.wm.Unlock()
	_ = c.nc.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err := c.nc.Write(f)
	return err
}

// Close ends the connection at once.
func (c *wsConn) Close() error { return c.nc.Close() }
