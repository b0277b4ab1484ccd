package cypher_test

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/nettest"
)

// failAfterResolve runs fail (once) after the first Resolve, so that the
// server goes away in the middle of a question: after planning, before
// retrieval.
type failAfterResolve struct {
	agent.Store
	once sync.Once
	fail func()
}

func (f *failAfterResolve) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	ms, err := f.Store.Resolve(ctx, req)
	f.once.Do(f.fail)
	return ms, err
}

// TestServerGoesAway stops the server, as the store sees it, in the middle
// of a question: the run ends with an error naming the server within its
// deadline, whether the server's connections are cut or it stops
// answering.
func TestServerGoesAway(t *testing.T) {
	cfg := serverConfig(t)
	u, err := url.Parse(cfg.URI)
	if err != nil || u.Host == "" {
		t.Fatalf("NEO4J_URI %q: want scheme://host:port", cfg.URI)
	}
	// The demo graph, loaded directly.
	s := openEmpty(t)
	ctx := t.Context()
	ts, err := demo.Triples()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTriples(ctx, ts); err != nil {
		t.Fatal(err)
	}
	s.Close()
	const question = "Which teams are affected if the payment service goes down?"
	const deadline = 3 * time.Second
	for _, mode := range []string{"cut", "hang"} {
		t.Run(mode, func(t *testing.T) {
			p := nettest.NewProxy(t, u.Host)
			pcfg := cfg
			pcfg.URI = p.URI()
			st, err := cypher.Open(ctx, pcfg)
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				p.Cut() // so that Close does not wait on hung connections
				st.Close()
			}()
			// Through the proxy, the question is answered.
			if res, err := agent.New(st).Run(ctx, question); err != nil || len(res.Answers) == 0 {
				t.Fatalf("before the outage: %v, %d answers", err, len(res.Answers))
			}
			fail := p.Cut
			if mode == "hang" {
				fail = p.Freeze
			}
			g := &failAfterResolve{Store: st, fail: fail}
			t0 := time.Now()
			res, err := agent.New(g, func(o *agent.Options) { o.Timeout = deadline }).Run(ctx, question)
			took := time.Since(t0)
			if err == nil {
				t.Fatalf("the run succeeded without the server: %d answers", len(res.Answers))
			}
			if took > deadline+2*time.Second {
				t.Errorf("the run took %v to fail, past its %v deadline", took, deadline)
			}
			if res == nil {
				t.Error("no partial result")
			}
			if mode == "cut" && !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), pcfg.URI) {
				t.Errorf("error %q does not name the server %s", err, pcfg.URI)
			}
			if strings.Contains(err.Error(), cfg.Password) {
				t.Errorf("error %q shows the password", err)
			}
			t.Logf("failed after %v: %v", took.Round(time.Millisecond), err)
		})
	}
}

// TestOpenFails points Open at a closed port and at the server with a
// wrong password: it fails fast, naming the URI and never the password.
func TestOpenFails(t *testing.T) {
	cfg := serverConfig(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "bolt://" + ln.Addr().String()
	ln.Close()
	for _, c := range []struct {
		name string
		cfg  cypher.Config
	}{
		{"closed port", cypher.Config{URI: closed, Password: "secret-pw-1"}},
		{"wrong password", cypher.Config{URI: cfg.URI, Username: cfg.Username, Password: "wrong-pw-" + cfg.Password, Database: cfg.Database}},
		{"no such database", cypher.Config{URI: cfg.URI, Username: cfg.Username, Password: cfg.Password, Database: "nosuchdb"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			t0 := time.Now()
			s, err := cypher.Open(ctx, c.cfg)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			if d := time.Since(t0); d > 10*time.Second {
				t.Errorf("Open took %v to fail", d)
			}
			if !strings.Contains(err.Error(), c.cfg.URI) {
				t.Errorf("error %q does not name %s", err, c.cfg.URI)
			}
			if strings.Contains(err.Error(), c.cfg.Password) {
				t.Errorf("error %q shows the password", err)
			}
			t.Logf("%v", err)
		})
	}
}

// TestServerFreezes freezes the server, as the store sees it, between two
// calls: connections stay open and nothing comes back (a server stopped
// with SIGSTOP). A call whose context has no deadline ends at the store's
// call timeout; a question ends as soon as its context is cancelled
// (Ctrl-C), not at its own deadline; closing the store does not hang.
func TestServerFreezes(t *testing.T) {
	cfg := serverConfig(t)
	u, err := url.Parse(cfg.URI)
	if err != nil || u.Host == "" {
		t.Fatalf("NEO4J_URI %q: want scheme://host:port", cfg.URI)
	}
	s := openEmpty(t)
	ts, err := demo.Triples()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTriples(t.Context(), ts); err != nil {
		t.Fatal(err)
	}
	s.Close()
	open := func(t *testing.T) (*nettest.Proxy, *cypher.Store) {
		p := nettest.NewProxy(t, u.Host)
		pcfg := cfg
		pcfg.URI = p.URI()
		pcfg.CallTimeout = time.Second
		st, err := cypher.Open(t.Context(), pcfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Schema(t.Context()); err != nil { // warm: the schema is cached
			t.Fatal(err)
		}
		return p, st
	}
	const question = "Which teams are affected if the payment service goes down?"
	t.Run("call timeout", func(t *testing.T) {
		p, st := open(t)
		p.Freeze()
		t0 := time.Now()
		_, err := st.Expand(context.Background(), graph.ExpandRequest{From: []string{"payment-service"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}})
		took := time.Since(t0)
		if !errors.Is(err, cypher.ErrNoAnswer) || !strings.Contains(err.Error(), p.URI()) {
			t.Errorf("Expand on a frozen server: %v; want ErrNoAnswer naming %s", err, p.URI())
		}
		if took > 3*time.Second {
			t.Errorf("Expand took %v with a 1s call timeout", took)
		}
		t0 = time.Now()
		st.Close()
		if d := time.Since(t0); d > 3*time.Second {
			t.Errorf("Close took %v on a frozen server", d)
		}
		t.Logf("Expand failed after %v: %v", took.Round(time.Millisecond), err)
	})
	t.Run("cancel", func(t *testing.T) {
		p, st := open(t)
		defer st.Close()
		g := &failAfterResolve{Store: st, fail: p.Freeze}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// A minute's deadline for the question: only the cancellation
		// can end it in time.
		a := agent.New(g, func(o *agent.Options) { o.Timeout = time.Minute })
		time.AfterFunc(500*time.Millisecond, cancel)
		t0 := time.Now()
		res, err := a.Run(ctx, question)
		took := time.Since(t0)
		if err == nil || res == nil {
			t.Fatalf("the run on a frozen server: %v, %v", res, err)
		}
		if took > 2*time.Second {
			t.Errorf("the run took %v to end after its context was cancelled at 500ms", took)
		}
		t.Logf("ended after %v: %v (stop %s)", took.Round(time.Millisecond), err, res.State.Stop)
	})
}
