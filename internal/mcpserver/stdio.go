package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

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
// The session goes on after each: one bad line does not end it.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	out := &lockedWriter{w: w}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- s.mcp.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: nopCloser{out}})
	}()
	go func() {
		pw.CloseWithError(frames(r, func(frame []byte) error {
			if reply := checkFrame(frame); reply != nil {
				_, err := out.Write(reply)
				return err
			}
			_, err := pw.Write(append(frame, '\n'))
			return err
		}, func() error {
			_, err := out.Write(errorReply(nil, codeInvalidRequest, fmt.Sprintf("message longer than %d bytes", MaxMessageBytes)))
			return err
		}))
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

// checkFrame returns the JSON-RPC error reply to a frame that is not one
// JSON-RPC 2.0 message, or nil for a message.
func checkFrame(frame []byte) []byte {
	if !json.Valid(frame) {
		return errorReply(nil, codeParseError, "parse error: the line is not JSON")
	}
	if frame[0] != '{' {
		what := "a JSON value that is not an object"
		if frame[0] == '[' {
			what = "a batch (MCP has no batches since 2025-06-18)"
		}
		return errorReply(nil, codeInvalidRequest, "invalid request: "+what+"; send one JSON-RPC 2.0 message a line")
	}
	if _, err := jsonrpc.DecodeMessage(frame); err != nil {
		var head struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(frame, &head)
		return errorReply(head.ID, codeInvalidRequest, "invalid request: "+err.Error())
	}
	return nil
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
// them: each Write is one message.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
