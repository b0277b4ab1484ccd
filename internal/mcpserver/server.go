package mcpserver

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/access"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
)

// Defaults.
const (
	// DefaultCallTimeout bounds a tool call when Options.CallTimeout is 0.
	DefaultCallTimeout = 60 * time.Second
	// DefaultNeighbours and MaxNeighbours: the facts neighbours returns
	// when the call names no limit, and the most it returns at all.
	DefaultNeighbours = 50
	MaxNeighbours     = 500
	// DefaultCandidates and MaxCandidates: the same for find_entities.
	DefaultCandidates = 10
	MaxCandidates     = 50
	// DefaultAnswers and MaxAnswers: the answers a page of ask gives
	// (the rest come with next_cursor).
	DefaultAnswers = 20
	MaxAnswers     = 1000
	// IdleSessionTimeout closes an HTTP session that has sent nothing for
	// this long.
	IdleSessionTimeout = 30 * time.Minute
)

// Options configure a Server. The zero value is usable.
type Options struct {
	// Agent configures the agent each ask or explain call builds (limits,
	// lexicon, logger).
	Agent []agent.Option
	// CallTimeout bounds every tool call (default DefaultCallTimeout).
	CallTimeout time.Duration
	// Caller is the caller of sessions that present no token: a stdio
	// session, or an HTTP session when there are no Tokens. The zero
	// Caller is the graph's owner, who sees every fact.
	Caller access.Caller
	// Tokens, when set, are the bearer tokens the HTTP handler accepts,
	// each with its caller; every HTTP request must present one.
	Tokens Tokens
	// StoreDescription says what the store is ("graph.jsonl", "a Neo4j
	// database"), for the schema tool. Clients read it: it names no
	// directory, host or credential.
	StoreDescription string
	// Version is the server version reported to clients.
	Version string
	// Documents, when set, makes ask and explain answer over a document
	// collection as 'scgraph ask' does on a snapshot with a document
	// index: each question routed (a passage search, the agent, or the
	// community summaries) and answered with its passages and citations.
	// A scoped caller gets the agent alone: passages are not
	// access-checked.
	Documents *Documents
	// MaxSessions bounds the HTTP sessions open at once (default
	// DefaultMaxSessions).
	MaxSessions int
	// MaxConcurrentCalls bounds the tool calls running at once (default
	// DefaultMaxConcurrentCalls); more wait within their deadline.
	MaxConcurrentCalls int
	// BodyReadTimeout bounds reading an HTTP request's body (default
	// DefaultBodyReadTimeout).
	BodyReadTimeout time.Duration
	// AllowedOrigins are the browser origins ("https://app.example")
	// admitted besides the server's own; any other Origin is refused.
	AllowedOrigins []string
	// Log receives what the server keeps from clients: the stack of a
	// tool that panicked. Nil: discarded.
	Log io.Writer
}

// Documents is the document collection a server answers over: the
// document index, the hybrid passage search over its chunks, the
// community summaries for global questions (nil: a passage search answers
// them) and how many passages a search returns.
type Documents struct {
	Index    *docs.Index
	Passages *hybrid.Index
	Global   docqa.GlobalAnswerer
	K        int
}

// Server is scgraph's MCP server over one store.
type Server struct {
	store agent.Store
	opts  Options
	mcp   *mcp.Server
	slots slots
	// openMu makes opening an HTTP session, and counting the open ones,
	// one at a time.
	openMu sync.Mutex
	// callers maps the user ID of an HTTP token (see Tokens) to its
	// caller.
	callers map[string]access.Caller
}

// New returns a server over store. The store is shared by every session
// and call, so it must be safe for concurrent use (both stores are).
func New(store agent.Store, opts Options) (*Server, error) {
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.MaxConcurrentCalls <= 0 {
		opts.MaxConcurrentCalls = DefaultMaxConcurrentCalls
	}
	if opts.BodyReadTimeout <= 0 {
		opts.BodyReadTimeout = DefaultBodyReadTimeout
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Server{store: store, opts: opts, slots: make(slots, opts.MaxConcurrentCalls), callers: make(map[string]access.Caller, len(opts.Tokens))}
	for tok, c := range opts.Tokens {
		s.callers[tokenUserID(tok)] = c
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "scgraph", Title: "scgraph: multi-hop questions over a knowledge graph", Version: opts.Version},
		&mcp.ServerOptions{Instructions: instructions})
	if err := s.addTools(); err != nil {
		return nil, err
	}
	return s, nil
}

// instructions tell the client's model what the server is for.
const instructions = `scgraph answers multi-hop questions over a knowledge graph and shows the chain of evidence.
Use "ask" for a question in plain English ("Which teams are affected if the payment service goes down?");
each answer comes with evidence paths whose hops name the fact's file and line. "complete" says whether the
chain was checked end to end; stop_reason says why the run ended. Use "find_entities" to learn how the graph
names something, "neighbours" to read an entity's facts, "schema" for the types and relations, and
"explain" (or ask with explain=true) to see how a question was read and walked.`

// MCP returns the SDK server, to connect to any transport (an in-memory
// one in tests).
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Serve serves one session over t until the client closes it or ctx
// ends. A desktop client's stdio is served by ServeStdio, which answers
// malformed frames instead of ending the session.
func (s *Server) Serve(ctx context.Context, t mcp.Transport) error {
	return s.mcp.Run(ctx, t)
}

// callerOf returns the caller of the session a request belongs to.
func (s *Server) callerOf(req *mcp.CallToolRequest) (access.Caller, error) {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return s.opts.Caller, nil
	}
	c, ok := s.callers[req.Extra.TokenInfo.UserID]
	if !ok {
		return access.Caller{}, fmt.Errorf("the session's token is not one this server knows")
	}
	return c, nil
}

// schemaOptions map the types whose JSON is not what reflection sees.
var schemaOptions = &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[graph.Direction](): {Type: "string", Enum: []any{"out", "in", "both"},
		Description: "out: from the fact's subject to its object; in: from its object to its subject"},
}}

// readOnly annotates a tool that only reads the graph: it changes nothing
// (so calling it again changes nothing either) and reaches nothing outside
// the server's graph, which lets a client call it without asking.
func readOnly(title string) *mcp.ToolAnnotations {
	closed, destructive := false, false
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &destructive, OpenWorldHint: &closed}
}

// addTool registers a typed tool, annotated read-only (every tool only
// reads the graph), whose handler runs under the call deadline, in one of
// the call slots, with the caller's store, and whose panics become tool
// errors (the stack goes to Options.Log, never to the client).
func addTool[In, Out any](s *Server, name, title, description string, h func(ctx context.Context, c *call, in In) (Out, error)) error {
	in, err := jsonschema.For[In](schemaOptions)
	if err != nil {
		return fmt.Errorf("tool %s: input schema: %w", name, err)
	}
	out, err := jsonschema.For[Out](schemaOptions)
	if err != nil {
		return fmt.Errorf("tool %s: output schema: %w", name, err)
	}
	tool := &mcp.Tool{Name: name, Title: title, Description: description, InputSchema: in, OutputSchema: out, Annotations: readOnly(title)}
	mcp.AddTool(s.mcp, tool, func(ctx context.Context, req *mcp.CallToolRequest, input In) (_ *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				fmt.Fprintf(s.opts.Log, "scgraph mcp: tool %s panicked: %v\n%s", name, p, debug.Stack())
				err = fmt.Errorf("%s: internal error: %v (the server logged where)", name, p)
			}
		}()
		ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
		defer cancel()
		release, err := s.slots.acquire(ctx)
		if err != nil {
			return nil, out, fmt.Errorf("%s: %w", name, err)
		}
		defer release()
		caller, err := s.callerOf(req)
		if err != nil {
			return nil, out, err
		}
		store, err := access.Scope(s.store, caller)
		if err != nil {
			return nil, out, err
		}
		out, err = h(ctx, &call{server: s, req: req, store: store, caller: caller}, input)
		if err != nil && ctx.Err() == context.DeadlineExceeded {
			err = fmt.Errorf("%s: no result within the call deadline of %s: %w", name, s.opts.CallTimeout, err)
		}
		return nil, out, err
	})
	return nil
}

// call is one tool call: its request and the caller's view of the store.
type call struct {
	server *Server
	req    *mcp.CallToolRequest
	store  agent.Store
	caller access.Caller
}

// progress sends a progress notification when the client asked for them.
func (c *call) progress(ctx context.Context, done float64, message string) {
	if c.req == nil || c.req.Session == nil || c.req.Params == nil {
		return
	}
	tok := c.req.Params.GetProgressToken()
	if tok == nil {
		return
	}
	// A lost notification must not fail the call.
	_ = c.req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: done, Message: message})
}
