package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/mcpserver"
)

const mcpUsage = `
Usage: scgraph mcp [flags]

Serves scgraph to other agents over the Model Context Protocol (MCP): Claude
Desktop, IDE assistants, or any agent with an MCP client. The client calls
five tools:

  ask            a question → answer, ranked answers, evidence paths with the
                 file:line of every fact, completeness, confidence, stop reason
  explain        the plan, critic verdicts and trace of a run
  find_entities  a mention → candidate entities with types and confidence
  neighbours     an entity's facts, by relation and direction, capped
  schema         types, relations, aliases and dependency semantics

By default it speaks MCP over stdin and stdout, which is how desktop clients
launch a server; add it to the client's configuration, e.g. for Claude Desktop
(claude_desktop_config.json):

  {"mcpServers": {"scgraph": {"command": "scgraph",
                              "args": ["mcp", "--graph", "/path/to/graph.jsonl"]}}}

With --http ADDR it serves the streamable HTTP transport at http://ADDR/mcp
instead, bound to 127.0.0.1 unless ADDR names another host. The graph is read
once and shared by every session; calls run concurrently, each under
--call-timeout. Nothing but MCP messages is written to stdout.

Callers: --groups names the groups of the stdio session's caller (and of HTTP
sessions when there is no token file), as for 'scgraph ask': --groups= (or
SCGRAPH_GROUPS set to "") is a caller in no group, who sees public facts only;
without either, the local user who started the server sees every fact. With
--tokens FILE every HTTP request must carry "Authorization: Bearer TOKEN" for
a token in FILE, a JSON object of token → list of groups:

  {"token-of-alice": ["eng", "oncall"], "token-of-a-guest": []}

Limits on what clients send (each refused with an error saying which):
  a message (a stdio line, an HTTP body)  at most 2 MiB; over stdio a line
                                          that is not one JSON-RPC 2.0 message,
                                          or is longer, is answered with a
                                          JSON-RPC error and the session goes on
  a question                              at most 1 MiB and 10,000 words
  an entity or a mention                  at most 4,096 bytes
  neighbours' relations                   at most 256 names of 256 bytes
  an HTTP body                            received within 10 s (headers: 10 s)
  HTTP sessions open at once              --max-sessions (idle ones close
                                          after 30 min)
  tool calls running at once              --max-calls; more wait for a slot
                                          within their --call-timeout
  browser pages of another origin         refused (403) unless --allow-origin
A call that runs out of time (--call-timeout, or --timeout for a question) is
a tool error saying what it had found. No file path or stack trace is sent to
a client: the schema tool names the graph file without its directory, and a
tool that fails unexpectedly logs its stack on stderr.

Examples:
  scgraph mcp                                   # the demo graph, over stdio
  scgraph mcp --graph testdata/zeroshot/trainticket.jsonl --groups eng
  echo '{"token-of-alice": ["eng", "oncall"]}' > tokens.json
  scgraph mcp --http 127.0.0.1:8765 --tokens tokens.json

With NEO4J_URI set (or --store neo4j) the tools read Neo4j.
`

type mcpOptions struct {
	graph        graphFlags
	agent        agentFlags
	http         string
	groups       groupsFlag
	tokens       string
	callTimeout  time.Duration
	maxSessions  int
	maxCalls     int
	allowOrigins string
}

func runMCP(ctx context.Context, e *env, args []string) error {
	var o mcpOptions
	fs := newFlagSet("mcp", mcpUsage, e.stderr)
	o.graph.register(fs, e)
	o.agent.register(fs)
	fs.StringVar(&o.http, "http", "", "serve the streamable HTTP transport on `ADDR` (host:port; an empty host is 127.0.0.1) instead of stdio")
	o.groups.register(fs, e, "the caller's `groups`, comma-separated, for stdio (and for HTTP without --tokens): public facts and facts whose acl names one of them; --groups= (or SCGRAPH_GROUPS set to \"\") sees public facts only; default: SCGRAPH_GROUPS when set, else every fact (the graph's owner) (env SCGRAPH_GROUPS)")
	fs.StringVar(&o.tokens, "tokens", e.getenv("SCGRAPH_MCP_TOKENS"), "with --http: token `file` (JSON: token → list of groups); every request must present one (env SCGRAPH_MCP_TOKENS)")
	durationVar(fs, &o.callTimeout, "call-timeout", mcpserver.DefaultCallTimeout, "", "time limit of every tool call")
	fs.IntVar(&o.maxSessions, "max-sessions", mcpserver.DefaultMaxSessions, "with --http: the most sessions open at once")
	fs.IntVar(&o.maxCalls, "max-calls", mcpserver.DefaultMaxConcurrentCalls, "the most tool calls running at once")
	fs.StringVar(&o.allowOrigins, "allow-origin", "", "with --http: browser `origins` (comma-separated, e.g. https://app.example) admitted besides the server's own")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("mcp takes no arguments (got %q)", pos[0])
	}
	if o.tokens != "" && o.http == "" {
		return usagef("--tokens is for --http; a stdio session's caller is --groups")
	}
	if o.callTimeout <= 0 {
		return usagef("--call-timeout %s: want a positive duration", o.callTimeout)
	}
	if o.maxSessions < 1 || o.maxCalls < 1 {
		return usagef("--max-sessions %d, --max-calls %d: want at least 1", o.maxSessions, o.maxCalls)
	}
	return serveMCP(ctx, e, &o)
}

// httpAddr binds an address without a host to the loopback interface.
func httpAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		if !strings.Contains(addr, ":") {
			host, port = "", addr // a bare port
		} else {
			return "", usagef("--http %q: want host:port, e.g. 127.0.0.1:8765", addr)
		}
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

func serveMCP(ctx context.Context, e *env, o *mcpOptions) error {
	caller, err := o.groups.caller()
	if err != nil {
		return err
	}
	var tokens mcpserver.Tokens
	if o.tokens != "" {
		var err error
		if tokens, err = mcpserver.ReadTokens(o.tokens); err != nil {
			return err
		}
	}
	addr := ""
	if o.http != "" {
		var err error
		if addr, err = httpAddr(o.http); err != nil {
			return err
		}
	}
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	opts, err := agentOptions(o.graph, o.agent, e)
	if err != nil {
		return err
	}
	documents, err := mcpDocuments(ctx, e, g.Graph, o.graph.graph)
	if err != nil {
		return err
	}
	var origins []string
	for _, origin := range strings.Split(o.allowOrigins, ",") {
		if origin = strings.TrimSpace(origin); origin != "" {
			origins = append(origins, origin)
		}
	}
	srv, err := mcpserver.New(g.Graph, mcpserver.Options{
		Documents:          documents,
		Agent:              opts,
		CallTimeout:        o.callTimeout,
		Caller:             caller,
		Tokens:             tokens,
		StoreDescription:   o.clientDescription(g),
		Version:            moduleVersion(),
		MaxSessions:        o.maxSessions,
		MaxConcurrentCalls: o.maxCalls,
		AllowedOrigins:     origins,
		Log:                e.stderr,
	})
	if err != nil {
		return err
	}
	if addr == "" {
		err := srv.ServeStdio(ctx, e.stdin, e.stdout)
		if ctx.Err() != nil || errors.Is(err, io.EOF) {
			return nil // the client closed the session, or we were stopped
		}
		return err
	}
	return serveHTTP(ctx, e, srv.HTTPHandler(), addr, g.Desc, len(tokens) > 0)
}

// clientDescription says what the graph is for clients (the schema
// tool): a file's name without its directory, the demo graph, or the
// Neo4j database's name without the server's address.
func (o *mcpOptions) clientDescription(g *openedGraph) string {
	if kind, _ := o.graph.storeKind(); kind == "neo4j" {
		return "a Neo4j database (" + o.graph.neo4j.database + ")"
	}
	if g.Demo {
		return g.Desc
	}
	var names []string
	for _, f := range strings.Split(o.graph.graph, ",") {
		names = append(names, filepath.Base(strings.TrimSpace(f)))
	}
	return strings.Join(names, ", ")
}

// serveHTTP serves handler at /mcp on addr until ctx ends.
func serveHTTP(ctx context.Context, e *env, handler http.Handler, addr, desc string, withTokens bool) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	if host, _, _ := net.SplitHostPort(addr); !withTokens && !isLoopback(host) {
		fmt.Fprintf(e.stderr, "scgraph mcp: warning: serving %s on %s without --tokens: anyone who reaches it can read the graph\n", desc, host)
	}
	fmt.Fprintf(e.stderr, "scgraph mcp: serving %s over MCP (streamable HTTP) at http://%s/mcp\n", desc, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
		hs.Close()
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// mcpDocuments is the document collection the MCP server answers over, as
// 'scgraph ask' does: the graph's document index (beside the snapshot, or
// kept in Neo4j), the hybrid search over its chunks with the vectors kept
// at ingest, and the community summaries; nil when the graph has no
// document index.
func mcpDocuments(ctx context.Context, e *env, store agent.Store, graphFile string) (*mcpserver.Documents, error) {
	ix, err := docIndex(ctx, store, graphFile, "")
	if err != nil || ix == nil {
		return nil, err
	}
	cfg, _ := chunkVectors(e, graphFile)
	px, err := hybrid.New(ctx, ix, cfg)
	if err != nil {
		return nil, err
	}
	global, err := globalAnswerer(graphFile)
	if err != nil {
		return nil, err
	}
	return &mcpserver.Documents{Index: ix, Passages: px, Global: global, K: hybrid.DefaultK}, nil
}
