package access_test

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/access"
	"github.com/scgraph/scgraph/memstore"
)

// TestSetting: --groups given, even empty, decides; else SCGRAPH_GROUPS
// when set, even to ""; else the owner. An empty list is a caller in no
// group (issue 30: `mcp --groups=` gave the owner's view).
func TestSetting(t *testing.T) {
	env := func(vars map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	for _, c := range []struct {
		name       string
		given      bool
		value      string
		vars       map[string]string
		want       string
		wantGroups string
	}{
		{"nothing", false, "", nil, "the owner", ""},
		{"--groups=", true, "", nil, "no group", ""},
		{"--groups ' '", true, " ", nil, "no group", ""},
		{"SCGRAPH_GROUPS=", false, "", map[string]string{access.EnvGroups: ""}, "no group", ""},
		{"--groups=eng,ops", true, "ops, eng", nil, `groups "eng,ops"`, "eng,ops"},
		{"SCGRAPH_GROUPS=sec", false, "", map[string]string{access.EnvGroups: "sec"}, `groups "sec"`, "sec"},
		{"the flag wins", true, "", map[string]string{access.EnvGroups: "sec"}, "no group", ""},
		{"another variable", false, "", map[string]string{"SCGRAPH_GRAPH": "x"}, "the owner", ""},
	} {
		got, err := access.Setting(c.given, c.value, env(c.vars))
		if err != nil || got.String() != c.want || got.Groups().String() != c.wantGroups {
			t.Errorf("%s: %v, %v; want %s", c.name, got, err, c.want)
		}
		if got.Scoped() != (c.want != "the owner") {
			t.Errorf("%s: scoped %t", c.name, got.Scoped())
		}
	}
	for _, c := range []struct {
		given      bool
		value, env string
		says       string
	}{
		{true, "a,,b", "", "--groups"},
		{false, "", "bad group!", access.EnvGroups},
	} {
		_, err := access.Setting(c.given, c.value, env(map[string]string{access.EnvGroups: c.env}))
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q/%q: error %v, want one naming %s", c.value, c.env, err, c.says)
		}
	}
}

// TestScope: the owner reads the store itself; a member reads the scoped
// view; a view cannot be scoped again.
func TestScope(t *testing.T) {
	st := memstore.New()
	if _, err := st.AddTriples(t.Context(), []graph.Triple{
		{Subject: "api", Relation: "CALLS", Object: "pub"},
		{Subject: "api", Relation: "CALLS", Object: "vault", ACL: []string{"sec"}},
	}); err != nil {
		t.Fatal(err)
	}
	if got, err := access.Scope(st, access.Owner()); err != nil || got != st {
		t.Errorf("owner: %v, %v", got, err)
	}
	sec, _ := graph.NewGroups("sec")
	for _, c := range []struct {
		caller access.Caller
		vault  bool
	}{{access.Member(graph.Groups{}), false}, {access.Member(sec), true}} {
		v, err := access.Scope(st, c.caller)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := v.Resolve(t.Context(), graph.ResolveRequest{Mentions: []string{"vault"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(ms) > 0 && len(ms[0]) > 0; got != c.vault {
			t.Errorf("%s: sees vault %t, want %t", c.caller, got, c.vault)
		}
		if c.caller.Sees([]string{"sec"}) != c.vault || !c.caller.Sees(nil) {
			t.Errorf("%s: Sees disagrees with the store", c.caller)
		}
		if _, err := access.Scope(v, c.caller); err == nil {
			t.Errorf("%s: a view was scoped again", c.caller)
		}
	}
}
