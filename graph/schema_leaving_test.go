package graph

import (
	"slices"
	"testing"
)

func TestRelationLeaving(t *testing.T) {
	r := RelationDef{Name: "Chairman", From: []string{"Committee"}, To: []string{"Senator"}}
	self := RelationDef{Name: "subteam_of", From: []string{"Team"}, To: []string{"Team"}}
	for _, c := range []struct {
		r     RelationDef
		types []string
		want  Direction
		ok    bool
	}{
		{r, []string{"Committee"}, Out, true},
		{r, []string{"Senator", "State"}, In, true},
		{r, []string{"Committee", "Senator"}, 0, false},
		{r, []string{"State"}, 0, false},
		{self, []string{"Team"}, 0, false},
	} {
		if d, ok := c.r.Leaving(c.types); d != c.want || ok != c.ok {
			t.Errorf("%s leaving %v: got %v %v, want %v %v", c.r.Name, c.types, d, ok, c.want, c.ok)
		}
	}
}

func TestRelationStartsEnds(t *testing.T) {
	r := RelationDef{Name: "repo", From: []string{"Deliverable"}, To: []string{"Repository"}}
	for _, c := range []struct {
		d            Direction
		starts, ends []string
	}{
		{Out, []string{"Deliverable"}, []string{"Repository"}},
		{In, []string{"Repository"}, []string{"Deliverable"}},
		{Both, []string{"Deliverable", "Repository"}, []string{"Deliverable", "Repository"}},
	} {
		if got := r.Starts(c.d); !slices.Equal(got, c.starts) {
			t.Errorf("Starts(%v) = %v, want %v", c.d, got, c.starts)
		}
		if got := r.Ends(c.d); !slices.Equal(got, c.ends) {
			t.Errorf("Ends(%v) = %v, want %v", c.d, got, c.ends)
		}
	}
}

func TestLinksBetween(t *testing.T) {
	s := &Schema{Relations: []RelationDef{
		{Name: "represents", From: []string{"Legislator"}, To: []string{"State"}},
		{Name: "chairs", From: []string{"Legislator"}, To: []string{"Committee"}},
		{Name: "member_of", From: []string{"Legislator"}, To: []string{"Committee"}},
		{Name: "subcommittee_of", From: []string{"Committee"}, To: []string{"Committee"}},
	}}
	got := s.LinksBetween([]string{"Committee"}, "Legislator")
	want := []Link{{Relation: "chairs", Direction: In}, {Relation: "member_of", Direction: In}}
	if !slices.Equal(got, want) {
		t.Errorf("Committee to Legislator: %v, want %v", got, want)
	}
	// Between two things of one kind, both ways.
	got = s.LinksBetween([]string{"Committee"}, "Committee")
	want = []Link{{Relation: "subcommittee_of", Direction: Out}, {Relation: "subcommittee_of", Direction: In}}
	if !slices.Equal(got, want) {
		t.Errorf("Committee to Committee: %v, want %v", got, want)
	}
	if got := s.LinksBetween([]string{""}, "State"); got != nil {
		t.Errorf("an untyped start links %v, want nothing", got)
	}
}

func TestRelationArrives(t *testing.T) {
	chair := &RelationDef{Name: "chair", From: []string{"Group"}, To: []string{"Person"}}
	for _, c := range []struct {
		from []string
		d    Direction
		want []string
	}{
		{[]string{"Group"}, Out, []string{"Person"}},
		{[]string{"Person"}, In, []string{"Group"}},
		{[]string{"Person"}, Out, nil},
		{[]string{"Person"}, Both, []string{"Group"}},
	} {
		if got := chair.Arrives(c.from, c.d); !slices.Equal(got, c.want) {
			t.Errorf("Arrives(%v, %v) = %v, want %v", c.from, c.d, got, c.want)
		}
	}
}
