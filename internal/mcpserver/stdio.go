package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/linereader"
)

// JSON-RPC 2.0 error codes of malformed frames.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// ServeStdio serves one session over a byte stream, newline-delimited
// JSON-RPC messages (stdin and stdout for a desktop client), until r ends
// or ctx does. Each frame is checked before the SDK sees it: one that is
// not JSON is answered with a JSON-RPC parse error (-32700); JSON that is
// not one JSON-RPC 2.0 message — another version, a batch (MCP has none
// since 2025-06-18), a bare value — with an invalid request error (-32600)
// carrying its id when it has one; a frame longer than MaxMessageBytes
// with the same error, and it is skipped without being held in memory.
// The session goes on after each: one bad line does not end it. When r
// ends, the requests already sent are answered (each within the call
// timeout) before the session closes, so that a client that writes its
// requests and closes its end still reads every reply.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	pending := newPendingIDs()
	out := &lockedWriter{w: w, sent: pending.answered}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- s.mcp.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: nopCloser{out}})
	}()
	go func() {
		err := frames(r, func(frame []byte) error {
			msg, reply := checkFrame(frame)
			if reply != nil {
				_, err := out.Write(reply)
				return err
			}
			if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
				pending.asked(frame)
			}
			_, err := pw.Write(append(frame, '\n'))
			return err
		}, func() error {
			_, err := out.Write(errorReply(nil, codeInvalidRequest, fmt.Sprintf("message longer than %d bytes", MaxMessageBytes)))
			return err
		})
		if err == nil {
			pending.wait(ctx, s.opts.CallTimeout+5*time.Second)
		}
		pw.CloseWithError(err)
	}()
	err := <-done
	pr.Close()
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// frames calls frame with each non-blank line of r (without its line
// ending), and tooLong for each line longer than MaxMessageBytes, which
// is skipped without being held. It returns r's error (nil at its end),
// or the first error of a callback.
func frames(r io.Reader, frame func([]byte) error, tooLong func() error) error {
	lr := linereader.New(r, MaxMessageBytes)
	for {
		line, long, err := lr.Next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		case long:
			err = tooLong()
		default:
			if f := bytes.TrimSpace(line); len(f) > 0 {
				err = frame(f)
			}
		}
		if err != nil {
			return err
		}
	}
}

// checkFrame decodes a frame, or returns the JSON-RPC error reply to one
// that is not one JSON-RPC 2.0 message.
func checkFrame(frame []byte) (jsonrpc.Message, []byte) {
	if !json.Valid(frame) {
		return nil, errorReply(nil, codeParseError, "parse error: the line is not JSON")
	}
	if frame[0] != '{' {
		what := "a JSON value that is not an object"
		if frame[0] == '[' {
			what = "a batch (MCP has no batches since 2025-06-18)"
		}
		return nil, errorReply(nil, codeInvalidRequest, "invalid request: "+what+"; send one JSON-RPC 2.0 message a line")
	}
	msg, err := jsonrpc.DecodeMessage(frame)
	if err != nil {
		return nil, errorReply(idOf(frame), codeInvalidRequest, "invalid request: "+err.Error())
	}
	return msg, nil
}

// idOf is a message's id as written, or nil.
func idOf(frame []byte) json.RawMessage {
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	json.Unmarshal(frame, &head)
	return head.ID
}

// pendingIDs are the ids of the requests the session has been sent and
// not yet answered.
type pendingIDs struct {
	mu    sync.Mutex
	ids   map[string]int
	empty chan struct{} // closed and replaced as the set empties
}

func newPendingIDs() *pendingIDs {
	return &pendingIDs{ids: map[string]int{}, empty: make(chan struct{})}
}

// asked records a request frame's id.
func (p *pendingIDs) asked(frame []byte) {
	id := compactID(idOf(frame))
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ids[id]++
}

// answered removes the id of a response written to the client.
func (p *pendingIDs) answered(msg []byte) {
	if m, err := jsonrpc.DecodeMessage(bytes.TrimSpace(msg)); err != nil {
		return
	} else if _, ok := m.(*jsonrpc.Response); !ok {
		return // the server's own request or notification
	}
	id := compactID(idOf(msg))
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ids[id] == 0 {
		return
	}
	if p.ids[id]--; p.ids[id] == 0 {
		delete(p.ids, id)
	}
	if len(p.ids) == 0 {
		close(p.empty)
		p.empty = make(chan struct{})
	}
}

// wait returns once every request has been answered, after most, or when
// ctx ends.
func (p *pendingIDs) wait(ctx context.Context, most time.Duration) {
	deadline := time.NewTimer(most)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		n, empty := len(p.ids), p.empty
		p.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-empty:
		case <-deadline.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// compactID is an id's JSON without white space, to compare ids.
func compactID(id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// errorReply is a JSON-RPC error response line; id is the request's, or
// null when it has none or it cannot be read.
func errorReply(id json.RawMessage, code int, message string) []byte {
	var idv any
	if len(id) > 0 {
		var v any
		if json.Unmarshal(id, &v) == nil {
			switch v.(type) {
			case string, float64:
				idv = id
			}
		}
	}
	b, _ := json.Marshal(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: idv, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, message}})
	return append(b, '\n')
}

// lockedWriter writes whole messages from several goroutines (the SDK's
// replies, and the errors for malformed frames) without interleaving
// them: each Write is one message, which it hands to sent once written.
type lockedWriter struct {
	mu   sync.Mutex
	w    io.Writer
	sent func(msg []byte)
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	n, err := l.w.Write(p)
	l.mu.Unlock()
	if err == nil && l.sent != nil {
		l.sent(p)
	}
	return n, err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
