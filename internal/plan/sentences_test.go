package plan

import (
	"testing"

	"github.com/scgraph/scgraph/state"
)

func TestQuestionParts(t *testing.T) {
	for q, want := range map[string][]string{
		"Who owns X?":                                  {"Who owns X?"},
		"Who owns X? List its members.":                {"Who owns X", "List its members."},
		"X is down — what breaks?":                     {"X is down", "what breaks?"},
		"Who should X escalate to? (its leads)":        {"Who should X escalate to", "its leads"},
		"the services under X (its whole tree) mount?": {"the services under X (its whole tree) mount?"},
		"What uses X; directly?":                       {"What uses X", "directly?"},
	} {
		var got []string
		for _, p := range questionParts(q) {
			got = append(got, q[p.start:p.end])
		}
		if len(got) != len(want) {
			t.Errorf("questionParts(%q) = %q, want %q", q, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("questionParts(%q) = %q, want %q", q, got, want)
				break
			}
		}
	}
}

func TestPartQuestionPronouns(t *testing.T) {
	q := "Who reviews the template repo? List the members of the teams that maintain it and its owners."
	ents := []linked{{anchor: state.Anchor{Entity: "rust-lang/template"}, start: 12, end: 29}}
	parts := questionParts(q)
	got, ok := partQuestion(q, parts[1], ents)
	want := "List the members of the teams that maintain the template repo and the template repo's owners."
	if !ok || got != want {
		t.Errorf("partQuestion = %q, %v; want %q, true", got, ok, want)
	}
	// Two entities elsewhere: the pronoun is left as it is.
	two := append(ents, linked{anchor: state.Anchor{Entity: "other"}, start: 0, end: 3})
	if got, _ := partQuestion(q, parts[1], two); got != q[parts[1].start:parts[1].end] {
		t.Errorf("partQuestion with two entities elsewhere = %q, want the part unchanged", got)
	}
}

func TestPartQuestionPersonalPronouns(t *testing.T) {
	q := "I need to escalate something about alice. Who is her manager's manager, and does he know her?"
	ents := []linked{{anchor: state.Anchor{Entity: "alice"}, start: 35, end: 40}}
	parts := questionParts(q)
	got, _ := partQuestion(q, parts[len(parts)-1], ents)
	want := "Who is alice's manager's manager, and does alice know alice?"
	if got != want {
		t.Errorf("partQuestion = %q, want %q", got, want)
	}
}
