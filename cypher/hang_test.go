package cypher_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/internal/nettest"
)

// TestOpenSilentServer: opening a store on a server that accepts the
// connection and never answers ends at the connect timeout with an error
// saying so, and at once when the context is cancelled (Ctrl-C), even
// though that context has no deadline of its own.
func TestOpenSilentServer(t *testing.T) {
	uri := nettest.SilentBolt(t)
	t.Run("timeout", func(t *testing.T) {
		t0 := time.Now()
		s, err := cypher.Open(context.Background(), cypher.Config{URI: uri, Password: "pw-never-shown", ConnectTimeout: time.Second})
		took := time.Since(t0)
		if err == nil {
			s.Close()
			t.Fatal("Open succeeded on a silent server")
		}
		if took > 3*time.Second {
			t.Errorf("Open took %v with a 1s connect timeout", took)
		}
		if !errors.Is(err, cypher.ErrNoAnswer) || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), uri) {
			t.Errorf("error %q: want ErrNoAnswer and DeadlineExceeded, naming %s", err, uri)
		}
		if strings.Contains(err.Error(), "pw-never-shown") {
			t.Errorf("error %q shows the password", err)
		}
		t.Logf("after %v: %v", took.Round(time.Millisecond), err)
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		t0 := time.Now()
		s, err := cypher.Open(ctx, cypher.Config{URI: uri})
		took := time.Since(t0)
		if err == nil {
			s.Close()
			t.Fatal("Open succeeded on a silent server")
		}
		if took > 2*time.Second {
			t.Errorf("Open took %v to notice the cancellation", took)
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %q: want context.Canceled", err)
		}
		t.Logf("after %v: %v", took.Round(time.Millisecond), err)
	})
}
