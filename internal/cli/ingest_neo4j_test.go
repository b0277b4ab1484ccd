package cli

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/internal/nettest"
)

// These tests need no server: they point NEO4J_URI at a closed port, so
// any attempt to write shows as a connection error.

// runNeo4jCLI runs scgraph with the NEO4J_* variables of vars.
func runNeo4jCLI(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	code := mainEnv(context.Background(), args, e)
	return code, out.String(), errb.String()
}

// closedNeo4j returns NEO4J_* variables naming a port nothing listens on.
func closedNeo4j(t *testing.T) map[string]string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	uri := "bolt://" + ln.Addr().String()
	ln.Close()
	return map[string]string{"NEO4J_URI": uri, "NEO4J_PASSWORD": "secret-password-42"}
}

func TestIngestNeo4jChecksEveryFileFirst(t *testing.T) {
	vars := closedNeo4j(t)
	good := writeTemp(t, "good.txt", "a|CALLS|b\nb|CALLS|c\n")
	bad := writeTemp(t, "bad.txt", "a|CALLS|b\nc|DEPENDS <ON>|d\n")
	code, stdout, stderr := runNeo4jCLI(t, vars, "ingest", "--store", "neo4j", "--quiet", good, bad)
	if code != exitError || !strings.Contains(stderr, "bad.txt:2:") || stdout != "" {
		t.Errorf("malformed file: exit %d, stdout %q, stderr %q; want 1 and the file:line", code, stdout, stderr)
	}
	if strings.Contains(stderr, "Neo4j") {
		t.Errorf("the server was contacted before every file was checked: %q", stderr)
	}
	// Valid files: only then is the server contacted, and the error names
	// it without the password.
	code, _, stderr = runNeo4jCLI(t, vars, "ingest", "--quiet", good)
	if code != exitError || !strings.Contains(stderr, vars["NEO4J_URI"]) {
		t.Errorf("unreachable server: exit %d, stderr %q; want 1 and the URI", code, stderr)
	}
	if strings.Contains(stderr, vars["NEO4J_PASSWORD"]) {
		t.Errorf("the error shows the password: %q", stderr)
	}
}

func TestIngestNeo4jUsage(t *testing.T) {
	good := writeTemp(t, "good.txt", "a|CALLS|b\n")
	if code, _, stderr := runNeo4jCLI(t, nil, "ingest", "--store", "neo4j", "--quiet", good); code != exitUsage || !strings.Contains(stderr, "NEO4J_URI") {
		t.Errorf("without a server: exit %d, stderr %q; want 2 naming NEO4J_URI", code, stderr)
	}
	vars := closedNeo4j(t)
	out := filepath.Join(t.TempDir(), "x.snap")
	if code, _, stderr := runNeo4jCLI(t, vars, "ingest", "--store", "neo4j", "-o", out, good); code != exitUsage {
		t.Errorf("--store neo4j with -o: exit %d, stderr %q; want 2", code, stderr)
	}
	// A snapshot is read (its triples and schema) and then written: here
	// the server is closed, so the run gets as far as connecting.
	if code, _, stderr := runNeo4jCLI(t, nil, "ingest", "--quiet", "-o", out, good); code != exitOK {
		t.Fatalf("writing a snapshot: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runNeo4jCLI(t, vars, "ingest", "--store", "neo4j", "--quiet", out); code != exitError || !strings.Contains(stderr, "cannot reach Neo4j") {
		t.Errorf("snapshot into Neo4j: exit %d, stderr %q", code, stderr)
	}
	// A corrupt snapshot fails before connecting, naming the file.
	bad := writeTemp(t, "bad.snap", "SCGSNAP\x01garbage")
	if code, _, stderr := runNeo4jCLI(t, vars, "ingest", "--store", "neo4j", "--quiet", bad); code != exitError || !strings.Contains(stderr, "bad.snap") {
		t.Errorf("corrupt snapshot into Neo4j: exit %d, stderr %q", code, stderr)
	}
}

func TestAskNeo4jUnreachable(t *testing.T) {
	vars := closedNeo4j(t)
	code, _, stderr := runNeo4jCLI(t, vars, "ask", "which teams own the payment service?")
	if code != exitError || !strings.Contains(stderr, "cannot reach Neo4j at "+vars["NEO4J_URI"]) {
		t.Errorf("ask with NEO4J_URI unreachable: exit %d, stderr %q", code, stderr)
	}
	if strings.Contains(stderr, vars["NEO4J_PASSWORD"]) {
		t.Errorf("the error shows the password: %q", stderr)
	}
}

// silentNeo4j returns NEO4J_* variables naming a port that accepts
// connections and never answers (a frozen server, or not Bolt at all).
func silentNeo4j(t *testing.T) map[string]string {
	return map[string]string{"NEO4J_URI": nettest.SilentBolt(t), "NEO4J_PASSWORD": "secret-password-42"}
}

// TestConnectBound: connecting is bounded by cypher.DefaultConnectTimeout
// (15 s), or by the command's limit when that is earlier; ask's and
// schema's default limits (30 s) used to bound it instead (issue 30).
func TestConnectBound(t *testing.T) {
	for _, c := range []struct {
		timeout, want time.Duration
	}{
		{0, cypher.DefaultConnectTimeout},
		{-1, cypher.DefaultConnectTimeout},
		{3 * time.Second, 3 * time.Second},
		{agent.DefaultTimeout, cypher.DefaultConnectTimeout},
		{time.Hour, cypher.DefaultConnectTimeout},
	} {
		n := neo4jFlags{timeout: c.timeout}
		if got := n.connectTimeout(); got != c.want {
			t.Errorf("command limit %v: connect bound %v, want %v", c.timeout, got, c.want)
		}
	}
	// The default ask on a server that never answers ends at the connect
	// bound, not at its 30 s question limit.
	if testing.Short() {
		t.Skip("waits out the 15 s connect bound")
	}
	t.Parallel()
	vars := silentNeo4j(t)
	for _, args := range [][]string{{"ask", "who owns the payment service?"}, {"schema"}} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			t0 := time.Now()
			code, _, stderr := runNeo4jCLI(t, vars, args...)
			took := time.Since(t0)
			if code != exitError || !strings.Contains(stderr, "did not answer in time") {
				t.Errorf("exit %d, stderr %q; want 1 saying the server did not answer", code, stderr)
			}
			if took < cypher.DefaultConnectTimeout-time.Second || took > cypher.DefaultConnectTimeout+2*time.Second {
				t.Errorf("%s on a silent server took %v; want the connect bound, %v", args[0], took, cypher.DefaultConnectTimeout)
			}
		})
	}
}

// TestTimeoutOnSilentNeo4j: --timeout ends every command on a server that
// never answers, with an error saying so (the campaign's `ask --timeout
// 5s` ran for 225 s and more).
func TestTimeoutOnSilentNeo4j(t *testing.T) {
	vars := silentNeo4j(t)
	kb := writeTemp(t, "kb.txt", "a|CALLS|b\n")
	qa := writeTemp(t, "qa.txt", "who calls [b]\ta\n")
	for _, args := range [][]string{
		{"ask", "--timeout", "1s", "which teams own the payment service?"},
		{"chat", "--timeout", "1s"},
		{"schema", "--timeout", "1s"},
		{"ingest", "--timeout", "1s", "--quiet", kb},
		{"eval", "--timeout", "1s", "--questions", qa},
	} {
		t.Run(args[0], func(t *testing.T) {
			t0 := time.Now()
			code, _, stderr := runNeo4jCLI(t, vars, args...)
			took := time.Since(t0)
			if code != exitError || !strings.Contains(stderr, "did not answer in time") || !strings.Contains(stderr, vars["NEO4J_URI"]) {
				t.Errorf("exit %d, stderr %q; want 1 and an error saying the server at %s did not answer", code, stderr, vars["NEO4J_URI"])
			}
			if took > 3*time.Second {
				t.Errorf("took %v with --timeout 1s", took)
			}
		})
	}
}
