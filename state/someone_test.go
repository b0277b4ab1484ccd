package state

import (
	"maps"
	"slices"
	"testing"
)

// A question that asks "who" keeps the walk's ends of the types of people
// where it reached others too, and says which it left out.
func TestSomeoneKeeps(t *testing.T) {
	for _, c := range []struct {
		what string
		ends []end
		want []string
		left map[string]int
	}{
		{"teams beside matches", []end{{"Argentina", "Team"}, {"Croatia", "Team"}, {"Argentina v Croatia", "Match"}},
			[]string{"Argentina", "Croatia"}, map[string]int{"Match": 1}},
		{"people only", []end{{"Ada", "Person"}, {"Grace", "Person"}}, []string{"Ada", "Grace"}, nil},
		{"no people", []end{{"Doha", "City"}, {"Kazan", "City"}}, []string{"Doha", "Kazan"}, nil},
	} {
		s := walkedOneStep(Target{Kind: TargetChain, Someone: []string{"Person", "Team"}}, c.ends)
		if got := acceptedNames(s); !slices.Equal(got, c.want) {
			t.Errorf("%s: answers %v, want %v", c.what, got, c.want)
		}
		if left := s.SomeoneLeftOut(); !maps.Equal(left, c.left) {
			t.Errorf("%s: left out %v, want %v", c.what, left, c.left)
		}
	}
}
