package mcpserver

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/access"
)

// Tokens maps the bearer tokens an HTTP server accepts to their callers.
type Tokens map[string]access.Caller

// lookup finds a token's caller, comparing every token in constant time.
func (t Tokens) lookup(token string) (access.Caller, bool) {
	var found access.Caller
	ok := false
	for tok, c := range t {
		if subtle.ConstantTimeCompare([]byte(tok), []byte(token)) == 1 {
			found, ok = c, true
		}
	}
	return found, ok
}

// tokenUserID names a token's sessions without keeping the token itself.
func tokenUserID(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "token:" + hex.EncodeToString(sum[:8])
}

// ReadTokens reads a token file: one JSON object mapping each bearer token
// to the list of groups its caller belongs to,
//
//	{"s3cret-token-of-alice": ["eng", "oncall"], "token-of-a-guest": []}
//
// Errors name the file, and the line where the JSON is malformed.
func ReadTokens(path string) (Tokens, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw map[string][]string
	if err := json.Unmarshal(b, &raw); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fmt.Errorf("%s:%d: %v", path, lineAt(b, syn.Offset), err)
		case errors.As(err, &typ):
			return nil, fmt.Errorf("%s:%d: want an object of token → list of group names: %v", path, lineAt(b, typ.Offset), err)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("%s: no tokens (want an object of token → list of group names)", path)
	}
	out := make(Tokens, len(raw))
	for tok, groups := range raw {
		if strings.TrimSpace(tok) == "" || strings.ContainsAny(tok, " \t\r\n") {
			return nil, fmt.Errorf("%s: a token is empty or holds white space", path)
		}
		for _, g := range groups {
			if strings.TrimSpace(g) == "" {
				return nil, fmt.Errorf("%s: an empty group name (token %s…)", path, tok[:min(4, len(tok))])
			}
		}
		gs, err := graph.NewGroups(groups...)
		if err != nil {
			return nil, fmt.Errorf("%s: token %s…: %v", path, tok[:min(4, len(tok))], err)
		}
		out[tok] = access.Member(gs)
	}
	return out, nil
}

func lineAt(b []byte, offset int64) int {
	if offset > int64(len(b)) {
		offset = int64(len(b))
	}
	return bytes.Count(b[:offset], []byte("\n")) + 1
}
