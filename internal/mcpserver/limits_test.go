package mcpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/mcpserver"
)

// rpcReply is a JSON-RPC response as it comes over stdio.
type rpcReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// TestStdioMalformedFrames sends ServeStdio frames that are not one
// JSON-RPC 2.0 message, and one longer than MaxMessageBytes: each gets a
// JSON-RPC error reply (with its id when it has one) and the session goes
// on (issue 30: such a frame ended the session with a line on stderr).
func TestStdioMalformedFrames(t *testing.T) {
	srv, err := mcpserver.New(demoStore(t), mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- srv.ServeStdio(context.Background(), inR, outW)
		outW.Close()
	}()
	replies := bufio.NewReader(outR)
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	read := func() rpcReply {
		t.Helper()
		line, err := replies.ReadBytes('\n')
		if err != nil {
			t.Fatalf("no reply: %v", err)
		}
		var r rpcReply
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("reply %q: %v", line, err)
		}
		return r
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	if r := read(); r.Error != nil || string(r.ID) != "1" {
		t.Fatalf("initialize: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, c := range []struct {
		frame string
		code  int
		id    string
	}{
		{"this is not json", -32700, "null"},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/list"`, -32700, "null"},
		{`{"jsonrpc":"1.0","id":3,"method":"tools/list"}`, -32600, "3"},
		{`{"id":"four","method":"tools/list"}`, -32600, `"four"`},
		{`[]`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":5,"method":"tools/list"}]`, -32600, "null"},
		{`42`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ask","arguments":{"question":"` + strings.Repeat("x", mcpserver.MaxMessageBytes) + `"}}}`, -32600, "null"},
	} {
		send(c.frame)
		r := read()
		if r.Error == nil || r.Error.Code != c.code || string(r.ID) != c.id {
			t.Errorf("frame %.60q: reply %+v; want error %d with id %s", c.frame, r, c.code, c.id)
		}
	}
	send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{"question":"Who owns the payment service?"}}}`)
	r := read()
	if r.Error != nil || string(r.ID) != "7" || !strings.Contains(string(r.Result), "team-payments") {
		t.Errorf("the session did not go on after the malformed frames: %+v %s", r, r.Result)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeStdio after the client closed: %v", err)
	}
}

// TestStdioAnswersBeforeClosing: a client that writes its requests and
// closes its end at once still gets every reply (`printf … | scgraph mcp`).
func TestStdioAnswersBeforeClosing(t *testing.T) {
	srv, err := mcpserver.New(demoStore(t), mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{"question":"Who owns the payment service?"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := srv.ServeStdio(context.Background(), strings.NewReader(in), &syncWriter{w: &out}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r rpcReply
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("reply %q: %v", line, err)
		}
		ids = append(ids, string(r.ID))
	}
	slices.Sort(ids)
	if strings.Join(ids, " ") != "1 2 3 null" {
		t.Errorf("replies to ids %v, want 1, 2, 3 and null (the line that is not JSON)", ids)
	}
}

// TestArgumentLimits: every string argument is bounded, and a longer one
// is a tool error naming the limit (issue 30: a 4 MiB question was read
// whole, 16 of them at once took 2 GB).
func TestArgumentLimits(t *testing.T) {
	cs := connect(t, demoStore(t), mcpserver.Options{}, nil)
	long := strings.Repeat("payment ", mcpserver.MaxQuestionBytes/8+1)
	many := make([]string, mcpserver.MaxRelationsArg+1)
	for i := range many {
		many[i] = "CALLS"
	}
	for _, c := range []struct {
		tool string
		args any
		says string
	}{
		{mcpserver.ToolAsk, mcpserver.AskInput{Question: long}, "at most 1048576"},
		{mcpserver.ToolExplain, mcpserver.ExplainInput{Question: strings.Repeat("a ", 10001)}, "at most 10000"},
		{mcpserver.ToolFindEntities, mcpserver.FindInput{Mention: strings.Repeat("x", graph.MaxNameBytes+1)}, "mention is 4097 bytes"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: strings.Repeat("x", graph.MaxNameBytes+1)}, "entity is 4097 bytes"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service", Relations: many}, "at most 256"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service", Relations: []string{strings.Repeat("R", 300)}}, "relations[0] is 300 bytes"},
	} {
		res := callTool(t, cs, c.tool, c.args, nil)
		if !res.IsError || !strings.Contains(toolText(res), c.says) {
			t.Errorf("%s: error %v, %.200q; want a tool error saying %q", c.tool, res.IsError, toolText(res), c.says)
		}
	}
}

// stallStore is a store whose expansions block until their context ends.
type stallStore struct{ agent.Store }

func (stallStore) Expand(ctx context.Context, _ graph.ExpandRequest) (graph.Expansion, error) {
	<-ctx.Done()
	return graph.Expansion{}, ctx.Err()
}

// heldStore is a store whose expansions block, whatever their context,
// until release is closed: a call that holds its slot.
type heldStore struct {
	agent.Store
	release chan struct{}
}

func (h heldStore) Expand(ctx context.Context, _ graph.ExpandRequest) (graph.Expansion, error) {
	<-h.release
	return graph.Expansion{}, ctx.Err()
}

// TestCallTimeoutIsToolError: a question that runs out of time is a tool
// error saying so, not an answer (issue 30: stop_reason=timeout with
// isError=false).
func TestCallTimeoutIsToolError(t *testing.T) {
	cs := connect(t, stallStore{demoStore(t)}, mcpserver.Options{CallTimeout: 300 * time.Millisecond}, nil)
	res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion}, nil)
	if !res.IsError || !strings.Contains(toolText(res), "stop_reason timeout") || !strings.Contains(toolText(res), "call deadline of 300ms") {
		t.Errorf("ask past its deadline: error %v, %q; want a tool error naming the timeout", res.IsError, toolText(res))
	}
}

// TestCallSlots: with every call slot taken, a call waits for one within
// its deadline and is then a tool error saying the server is busy.
func TestCallSlots(t *testing.T) {
	release := make(chan struct{})
	cs := connect(t, heldStore{demoStore(t), release}, mcpserver.Options{CallTimeout: 300 * time.Millisecond, MaxConcurrentCalls: 1}, nil)
	var wg sync.WaitGroup
	var first *mcp.CallToolResult
	wg.Go(func() {
		first = callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service"}, nil)
	})
	time.Sleep(100 * time.Millisecond) // the first call holds the slot
	second := callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service"}, nil)
	close(release)
	wg.Wait()
	if !second.IsError || !strings.Contains(toolText(second), "busy") {
		t.Errorf("a call with every slot taken: %q; want busy", toolText(second))
	}
	if !first.IsError || !strings.Contains(toolText(first), "deadline") {
		t.Errorf("the call that held the slot: %q; want its deadline", toolText(first))
	}
	var found mcpserver.FindOutput
	if res := callTool(t, cs, mcpserver.ToolFindEntities, mcpserver.FindInput{Mention: "payment-service"}, &found); res.IsError {
		t.Errorf("after the slot was freed: %s", toolText(res))
	}
}

// TestPanicSendsNoStack: a tool that panics is a tool error naming the
// panic; its stack goes to the server's log, never to the client.
func TestPanicSendsNoStack(t *testing.T) {
	var log bytes.Buffer
	cs := connect(t, brokenStore{demoStore(t)}, mcpserver.Options{Log: &syncWriter{w: &log}}, nil)
	res := callTool(t, cs, mcpserver.ToolSchema, struct{}{}, nil)
	text := toolText(res)
	if !res.IsError || !strings.Contains(text, "schema exploded") || strings.Contains(text, "goroutine") || strings.Contains(text, ".go:") {
		t.Errorf("a panicking tool: error %v, %q; want a tool error without a stack", res.IsError, text)
	}
	if !strings.Contains(log.String(), "goroutine") || !strings.Contains(log.String(), "schema exploded") {
		t.Errorf("the server log %q lacks the panic's stack", log.String())
	}
}

// watchWriter collects what is written and closes seen once it holds
// mark.
type watchWriter struct {
	mu   sync.Mutex
	b    bytes.Buffer
	mark string
	seen chan struct{}
	done bool
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b.Write(p)
	if !w.done && strings.Contains(w.b.String(), w.mark) {
		w.done = true
		close(w.seen)
	}
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// TestHTTPGuard: a browser page of another origin is refused; a body over
// MaxMessageBytes gets 413, one sent too slowly 408 within the body read
// time; sessions past MaxSessions are refused until one closes (issue 30:
// no Origin check, slow bodies held past 30 s, 4,000 sessions opened).
func TestHTTPGuard(t *testing.T) {
	srv, err := mcpserver.New(demoStore(t), mcpserver.Options{MaxSessions: 2, BodyReadTimeout: 2 * time.Second, AllowedOrigins: []string{"https://app.example"}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.HTTPHandler())
	defer hs.Close()
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	post := func(body string, header map[string]string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, hs.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	if resp := post(initialize, map[string]string{"Origin": "https://evil.example"}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("another origin: %s, want 403", resp.Status)
	}
	for _, origin := range []string{hs.URL, "https://app.example"} {
		resp := post(initialize, map[string]string{"Origin": origin})
		if resp.StatusCode != http.StatusOK {
			t.Errorf("origin %s: %s, want 200", origin, resp.Status)
		}
		if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
			req, _ := http.NewRequest(http.MethodDelete, hs.URL, nil)
			req.Header.Set("Mcp-Session-Id", id)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		}
	}
	if resp := post(`{"x":"`+strings.Repeat("y", mcpserver.MaxMessageBytes)+`"}`, nil); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the limit: %s, want 413", resp.Status)
	}

	// A slow body: the headers, then a few bytes of the body, then nothing.
	conn, err := net.Dial("tcp", hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\"", hs.Listener.Addr())
	conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	t0 := time.Now()
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.Contains(status, "408") {
		t.Errorf("a slow body: %q, %v; want 408", status, err)
	}
	// The body read time is 2 s, so that a whole 2 MiB body arrives
	// within it on a loaded machine under -race.
	if d := time.Since(t0); d > 6*time.Second {
		t.Errorf("a slow body was held %v with a body read time of 2s", d)
	}

	// Sessions: two open, a third refused, one closed, a third opens.
	var sessions []*mcp.ClientSession
	open := func() (*mcp.ClientSession, error) {
		return mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
	}
	for range 2 {
		cs, err := open()
		if err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, cs)
	}
	if cs, err := open(); err == nil {
		cs.Close()
		t.Error("a third session opened with --max-sessions 2")
	} else if !strings.Contains(err.Error(), "Service Unavailable") {
		t.Errorf("the third session: %v; want too many sessions", err)
	}
	sessions[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		cs, err := open()
		if err == nil {
			cs.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session opened after one closed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	sessions[1].Close()
}

// FuzzStdioFrames sends ServeStdio any line after a session's start:
// every reply is one JSON-RPC 2.0 message, and the session goes on (it
// answers a ping sent after the line). Run it longer with
//
//	go test ./internal/mcpserver -run '^$' -fuzz '^FuzzStdioFrames$' -fuzztime 60s
func FuzzStdioFrames(f *testing.F) {
	for _, s := range []string{
		"this is not json", `{"jsonrpc":"1.0","id":3,"method":"tools/list"}`, `[]`, `[{"jsonrpc":"2.0","id":5,"method":"ping"}]`,
		`42`, `null`, `{}`, `{"jsonrpc":"2.0","id":null,"method":"ping"}`, `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"ask","arguments":{"question":"who owns \ud800 x"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"nope"}}`, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":11,"result":{}}`, "\xff\xfe{", `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"neighbours","arguments":{"entity":"payment-service","relations":[1]}}}`,
	} {
		f.Add(s)
	}
	// One server, a session per input, as a server serves its clients.
	srv, err := mcpserver.New(demoStoreB(f), mcpserver.Options{CallTimeout: 5 * time.Second})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, frame string) { fuzzFrame(t, srv, frame) })
}

// fuzzFrame is FuzzStdioFrames' check of one frame, in a new session of
// srv.
func fuzzFrame(t *testing.T, srv *mcpserver.Server, frame string) {
	if strings.ContainsAny(frame, "\n\r") || len(bytes.TrimSpace([]byte(frame))) == 0 {
		return // one line a frame; blank lines are skipped
	}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		frame,
		`{"jsonrpc":"2.0","id":"last","method":"ping"}`,
	}, "\n") + "\n"
	out := &watchWriter{mark: `"id":"last"`, seen: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// The input stays open until the ping's reply is out (or the
	// session ends), so that the end of the input does not close the
	// session before it answers.
	pr, pw := io.Pipe()
	go func() {
		io.WriteString(pw, in)
		select {
		case <-out.seen:
		case <-ctx.Done():
		}
		pw.Close()
	}()
	if err := srv.ServeStdio(ctx, pr, out); err != nil && ctx.Err() == nil {
		t.Fatalf("frame %q: the session ended: %v", frame, err)
	}
	text := out.String()
	sawLast := false
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		var r struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.JSONRPC != "2.0" {
			t.Fatalf("frame %q: reply %q is not a JSON-RPC 2.0 message (%v)", frame, line, err)
		}
		if string(r.ID) == `"last"` {
			sawLast = true
		}
	}
	if !sawLast {
		t.Fatalf("frame %q: no answer to the ping after it; output:\n%s", frame, text)
	}
}
