// Package access decides who reads a graph and turns that into the store
// they read. Every entry point that answers a caller — ask, chat, eval and
// schema with --groups, and the MCP server over stdio and HTTP — gets its
// Caller from Setting (or, for an HTTP token, from Member) and its store
// from Scope, so that the same groups see the same facts everywhere.
package access

import (
	"fmt"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// EnvGroups is the environment variable that names the caller's groups
// when --groups is not given. Set, even to "", it scopes the caller.
const EnvGroups = "SCGRAPH_GROUPS"

// Caller is who reads the graph: the graph's owner, who sees every fact
// (the zero Caller), or a member of some groups (perhaps none), who sees
// the public facts and the facts whose access list names one of its
// groups, and an entity only through such a fact.
type Caller struct {
	scoped bool
	groups graph.Groups
}

// Owner is the graph's owner: every fact.
func Owner() Caller { return Caller{} }

// Member is a caller in groups; the zero Groups sees public facts only.
func Member(groups graph.Groups) Caller { return Caller{scoped: true, groups: groups} }

// Scoped reports whether the caller sees only some facts.
func (c Caller) Scoped() bool { return c.scoped }

// Groups returns the caller's groups (none for the owner).
func (c Caller) Groups() graph.Groups { return c.groups }

// Sees reports whether the caller sees a fact with access list acl.
func (c Caller) Sees(acl []string) bool { return !c.scoped || c.groups.Sees(acl) }

// String describes the caller for messages: "the owner", `groups "a,b"`
// or "no group".
func (c Caller) String() string {
	switch {
	case !c.scoped:
		return "the owner"
	case len(c.groups.Names()) == 0:
		return "no group"
	}
	return fmt.Sprintf("groups %q", c.groups.String())
}

// Setting decides the caller of a command from its --groups flag and the
// environment: the flag when it was given (even as --groups= or
// --groups ""), else SCGRAPH_GROUPS when it is set (even to ""), else the
// owner. An empty list is a caller in no group, who sees public facts
// only — never the owner.
func Setting(flagGiven bool, flagValue string, lookupEnv func(string) (string, bool)) (Caller, error) {
	value, given := flagValue, flagGiven
	where := "--groups"
	if !given && lookupEnv != nil {
		value, given = lookupEnv(EnvGroups)
		where = EnvGroups
	}
	if !given {
		return Owner(), nil
	}
	groups, err := graph.ParseGroups(value)
	if err != nil {
		return Caller{}, fmt.Errorf("%s: %w", where, err)
	}
	return Member(groups), nil
}

// Scope returns the view of store that c may read: store itself for the
// owner, the store's scoped view for anyone else (the embedded store and
// Neo4j both enforce it in their queries). A store that cannot scope is
// refused rather than shown whole.
func Scope(store agent.Store, c Caller) (agent.Store, error) {
	if !c.scoped {
		return store, nil
	}
	switch st := store.(type) {
	case *memstore.Store:
		return st.Scoped(c.groups), nil
	case *cypher.Store:
		return st.Scoped(c.groups), nil
	case *memstore.View, *cypher.View:
		return nil, fmt.Errorf("the store %T is already scoped: scope the whole store", store)
	}
	return nil, fmt.Errorf("the store %T cannot answer for a caller's groups", store)
}
