package nettest

import (
	"bytes"
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards TCP connections to a server until it is frozen; from
// then on it forwards nothing either way and answers no new connection,
// holding every connection open: the server as its clients see it when it
// hangs (SIGSTOP, a stalled disk), without touching the server itself, so
// that a test never stops a server other tests or sessions share.
type Proxy struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	closed bool
	frozen bool
	thaw   chan struct{} // closed when the proxy ends: unblocks the pipes
	marker []byte
	conns  []net.Conn
	wg     sync.WaitGroup
}

// NewProxy listens on a loopback port and forwards to target
// ("host:port"). It closes, with its connections, when the test ends.
func NewProxy(tb testing.TB, target string) *Proxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proxy{ln: ln, target: target, thaw: make(chan struct{})}
	p.wg.Go(p.accept)
	tb.Cleanup(p.close)
	return p
}

// Addr is the proxy's "host:port".
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Freeze stops all forwarding at once.
func (p *Proxy) Freeze() {
	p.mu.Lock()
	p.frozen = true
	p.mu.Unlock()
}

// Cut closes the listener and every connection: the server is gone.
func (p *Proxy) Cut() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// URI is the proxy's bolt:// URI.
func (p *Proxy) URI() string { return "bolt://" + p.Addr() }

// FreezeOn freezes the proxy when a client sends bytes holding marker
// (e.g. a query's text): those bytes and everything after stay with the
// proxy.
func (p *Proxy) FreezeOn(marker string) {
	p.mu.Lock()
	p.marker = []byte(marker)
	p.mu.Unlock()
}

// Frozen reports whether the proxy has frozen.
func (p *Proxy) Frozen() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.frozen
}

func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if !p.hold(c) {
			return
		}
		if p.Frozen() {
			continue // held open, never answered
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		if !p.hold(s) {
			return
		}
		p.wg.Go(func() { p.pipe(s, c, true) })
		p.wg.Go(func() { p.pipe(c, s, false) })
	}
}

// hold keeps c to close with the proxy, or closes it now if the proxy has
// closed.
func (p *Proxy) hold(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return false
	}
	p.conns = append(p.conns, c)
	return true
}

// pipe copies from src to dst until either ends, stopping for good once
// the proxy freezes. fromClient marks the direction FreezeOn watches.
func (p *Proxy) pipe(dst, src net.Conn, fromClient bool) {
	buf := make([]byte, 32<<10)
	var tail []byte // the end of the last read, for a marker split between reads
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			if fromClient && p.marker != nil {
				seen := append(tail, buf[:n]...)
				if bytes.Contains(seen, p.marker) {
					p.frozen = true
				}
				tail = append(tail[:0], seen[max(0, len(seen)-len(p.marker)+1):]...)
			}
			frozen := p.frozen
			p.mu.Unlock()
			if frozen {
				<-p.thaw
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				return
			}
			if tc, ok := dst.(*net.TCPConn); ok {
				tc.CloseWrite()
			}
			return
		}
	}
}

func (p *Proxy) close() {
	p.ln.Close()
	close(p.thaw)
	p.mu.Lock()
	p.closed = true
	for _, c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}
