package mcpserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPHandler serves the streamable HTTP transport. With Options.Tokens,
// every request must carry "Authorization: Bearer TOKEN" for one of them,
// and the session's caller is that token's; without, every session has
// Options.Caller. A request is checked in this order before the SDK sees
// it: its Origin (checkOrigin), its token, then its body and the number of
// sessions (bound), so that no body is read for a request refused anyway.
func (s *Server) HTTPHandler() http.Handler {
	tokens := s.opts.Tokens
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp },
		&mcp.StreamableHTTPOptions{SessionTimeout: IdleSessionTimeout, MaxRequestBodyBytes: MaxMessageBytes})
	h = s.bound(h)
	if len(tokens) > 0 {
		verify := func(ctx context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
			if _, ok := tokens.lookup(token); !ok {
				return nil, fmt.Errorf("%w: unknown token", auth.ErrInvalidToken)
			}
			return &auth.TokenInfo{UserID: tokenUserID(token)}, nil
		}
		h = auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h)
	}
	return s.checkOrigin(h)
}

// checkOrigin refuses, with 403, a request a browser sends from a page of
// another origin (its Origin header names a host other than the
// request's, and not one of Options.AllowedOrigins), so that a web page
// cannot call the server through its visitor's browser. Clients that are
// not browsers send no Origin.
func (s *Server) checkOrigin(next http.Handler) http.Handler {
	allowed := make(map[string]bool, len(s.opts.AllowedOrigins))
	for _, o := range s.opts.AllowedOrigins {
		allowed[strings.TrimRight(strings.ToLower(o), "/")] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !sameOrigin(origin, r.Host) && !allowed[strings.ToLower(origin)] {
			http.Error(w, fmt.Sprintf("cross-origin request from %s refused (scgraph mcp --allow-origin admits an origin)", origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bound reads a request's body whole before the SDK sees it, at most
// MaxMessageBytes (413 beyond) within Options.BodyReadTimeout (408 after),
// so that a client sending slowly holds no handler; and refuses with 503 a
// request that opens a session (no Mcp-Session-Id) when
// Options.MaxSessions are open.
func (s *Server) bound(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Method == http.MethodPost {
			rc := http.NewResponseController(w)
			rc.SetReadDeadline(time.Now().Add(s.opts.BodyReadTimeout))
			b, err := io.ReadAll(io.LimitReader(r.Body, MaxMessageBytes+1))
			// A refused body is not read on: the connection closes after
			// the reply (the server would otherwise drain what is left).
			refuse := func(status int, msg string) {
				w.Header().Set("Connection", "close")
				http.Error(w, msg, status)
			}
			var ne net.Error
			switch {
			case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded):
				refuse(http.StatusRequestTimeout, fmt.Sprintf("the request body was not received within %s", s.opts.BodyReadTimeout))
				return
			case err != nil:
				refuse(http.StatusBadRequest, "reading the request body: "+err.Error())
				return
			case len(b) > MaxMessageBytes:
				refuse(http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is longer than %d bytes", MaxMessageBytes))
				return
			}
			rc.SetReadDeadline(time.Time{})
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
		if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
			// A new session: counted and opened one at a time, so that
			// the cap holds under concurrent requests.
			s.openMu.Lock()
			defer s.openMu.Unlock()
			n := 0
			for range s.mcp.Sessions() {
				n++
			}
			if n >= s.opts.MaxSessions {
				http.Error(w, fmt.Sprintf("too many sessions: %d are open, at most %d (close one, or wait %s for an idle one to close)", n, s.opts.MaxSessions, IdleSessionTimeout), http.StatusServiceUnavailable)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether an Origin header names host (the request's
// Host, with its port).
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, host)
}
