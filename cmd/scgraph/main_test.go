package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scgraph/scgraph/internal/nettest"
)

// The test binary runs main when SCGRAPH_RUN_MAIN is set, so that the
// tests can signal a real scgraph process.
func TestMain(m *testing.M) {
	if os.Getenv("SCGRAPH_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// scgraph starts this binary as scgraph with args and NEO4J_URI set.
func scgraph(t *testing.T, uri string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SCGRAPH_RUN_MAIN=1", "NEO4J_URI="+uri, "NEO4J_PASSWORD=secret-pw-9", "SCGRAPH_LLM=", "SCGRAPH_GRAPH=", "SCGRAPH_STORE=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdin = strings.NewReader("which teams own the payment service?\n")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// TestSignalEndsBlockedCommand: SIGINT and SIGTERM end a command blocked
// on a server that never answers within a second or two, whatever its
// --timeout, with exit status 130 and a message saying it was interrupted.
func TestSignalEndsBlockedCommand(t *testing.T) {
	uri := nettest.SilentBolt(t)
	f := writeFile(t, "kb.txt", "a|R|b\n")
	qa := writeFile(t, "qa.txt", "who owns [payment-service]\tteam-payments\n")
	for _, c := range []struct {
		sig  syscall.Signal
		args []string
	}{
		{syscall.SIGINT, []string{"ask", "--timeout", "10m", "which teams own the payment service?"}},
		{syscall.SIGTERM, []string{"ask", "--timeout", "10m", "which teams own the payment service?"}},
		{syscall.SIGINT, []string{"chat", "--timeout", "10m"}},
		{syscall.SIGINT, []string{"schema", "--timeout", "10m"}},
		{syscall.SIGTERM, []string{"ingest", "--store", "neo4j", "--quiet", f}},
		{syscall.SIGINT, []string{"eval", "--timeout", "10m", "--questions", qa}},
	} {
		t.Run(c.sig.String()+" "+c.args[0], func(t *testing.T) {
			cmd, stderr := scgraph(t, uri, c.args...)
			time.Sleep(700 * time.Millisecond) // blocked on the server by now
			t0 := time.Now()
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 5s after %v; stderr: %s", c.sig, stderr)
			}
			took := time.Since(t0)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Errorf("exit: %v, want status 130; stderr: %s", err, stderr)
			}
			if took > 2*time.Second {
				t.Errorf("took %v to end after %v", took, c.sig)
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("stderr %q does not say the command was interrupted", stderr)
			}
			if strings.Contains(stderr.String(), "secret-pw-9") {
				t.Errorf("stderr shows the password: %q", stderr)
			}
			t.Logf("ended %v after %v: %s", c.sig, took.Round(time.Millisecond), strings.TrimSpace(stderr.String()))
		})
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := t.TempDir() + "/" + name
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
