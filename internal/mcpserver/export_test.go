package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/access"
)

// CallerOfToken returns the caller a tool call made in a session opened
// with token gets (no token: a stdio session's).
func (s *Server) CallerOfToken(token string) (access.Caller, error) {
	req := &mcp.CallToolRequest{}
	if token != "" {
		req.Extra = &mcp.RequestExtra{TokenInfo: &auth.TokenInfo{UserID: tokenUserID(token)}}
	}
	return s.callerOf(req)
}
