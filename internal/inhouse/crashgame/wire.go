package crashgame

import (
	"bufio"
	"encoding/binary"
	"net"
	"net/http"
	"sync"
)

// The hub's frames go to the sockets as finished websocket frames: a
// server's frames are not masked, so a frame's bytes (header and payload)
// are the same for every socket that gets it and are built once, by the
// hub, and each socket's writer hands them to its connection in one write.
// The websocket library still does the handshake, the reads (pongs,
// closes) and the control frames it sends (pings, pongs, the close); those
// go through the same lock as the frames (frameConn), each whole in one
// write, so the two never interleave. The library's message writer would
// take its locks, set up a timeout and copy the frame once per socket and
// frame, which with thousands of sockets is a large share of the server's
// CPU (bench/README.md, "Measured costs behind the code's shape").

// frameHead is the room kept before a payload for its frame header (at
// most 10 bytes: 2, and 8 for the length of a payload over 65,535 bytes).
const frameHead = 10

// newFrame starts a frame: frameHead bytes for the header, then room for
// size bytes of payload, which the caller appends.
func newFrame(size int) []byte { return make([]byte, frameHead, frameHead+size) }

// sealFrame writes the header of a final, unmasked text frame before the
// payload appended to b (made by newFrame) and returns the frame.
func sealFrame(b []byte) []byte {
	n := len(b) - frameHead
	switch {
	case n <= 125:
		s := b[frameHead-2:]
		s[0], s[1] = 0x81, byte(n)
		return s
	case n <= 0xffff:
		s := b[frameHead-4:]
		s[0], s[1] = 0x81, 126
		binary.BigEndian.PutUint16(s[2:4], uint16(n))
		return s
	default:
		b[0], b[1] = 0x81, 127
		binary.BigEndian.PutUint64(b[2:10], uint64(n))
		return b
	}
}

// textFrame is p as one final text frame.
func textFrame(p []byte) []byte { return sealFrame(append(newFrame(len(p)), p...)) }

// frameConn is a socket's connection with one lock around its writes: the
// hub's frames (written by the socket's writer) and the library's control
// frames (through its buffered writer, flushed whole per frame).
type frameConn struct {
	net.Conn
	mu sync.Mutex
}

func (c *frameConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.Write(p)
}

// controlBuffer is the library's write buffer: its frames are control
// frames only (at most 2 + 4 + 125 bytes), each flushed whole, so each is
// one write under frameConn's lock.
const controlBuffer = 512

// rawWrites hands the websocket library, at the hijack, a writer that
// goes through frameConn, and keeps the frameConn for the socket's writer.
type rawWrites struct {
	http.ResponseWriter
	conn *frameConn
}

func (w *rawWrites) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return conn, brw, err
	}
	if err := brw.Writer.Flush(); err != nil { // the 101 answer, if net/http left it buffered
		conn.Close()
		return nil, nil, err
	}
	w.conn = &frameConn{Conn: conn}
	brw.Writer = bufio.NewWriterSize(w.conn, controlBuffer)
	return conn, brw, nil
}
