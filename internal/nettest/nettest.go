// Package nettest holds network fakes for tests.
package nettest

import (
	"net"
	"sync"
	"testing"
)

// SilentBolt listens on a loopback port, accepts connections, holds them
// open and never reads nor answers: a frozen Neo4j (SIGSTOP) or a port
// that is not Bolt at all. It returns the bolt:// URI of the port; the
// listener and its connections close when the test ends.
func SilentBolt(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	})
	tb.Cleanup(func() {
		ln.Close()
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "bolt://" + ln.Addr().String()
}
