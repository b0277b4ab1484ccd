package words

import (
	"slices"
	"testing"
)

// TestFallbackSenses: a fallback sense is found in questions, marked, and
// left out of Firm; the graph decides whether it is read (package reading).
func TestFallbackSenses(t *testing.T) {
	i := slices.IndexFunc(ConceptPhrases(), func(cp ConceptPhrase) bool { return cp.Text == "parent" })
	if i < 0 {
		t.Fatal(`concepts.txt has no "parent"`)
	}
	parent := ConceptPhrases()[i]
	if got := len(parent.Senses) - len(parent.Firm()); got != 1 {
		t.Fatalf(`"parent": %d fallback senses, want 1 (the upstream of a dependency DAG)`, got)
	}
	var concepts []Concept
	for _, h := range Lookup([]string{"who", "are", "x", "parents"}) {
		if h.Phrase == "parent" {
			if h.Fallback != (h.Concept == Dependency) {
				t.Errorf("hit %+v: Fallback %v, want it for the dependency sense only", h, h.Fallback)
			}
			concepts = append(concepts, h.Concept)
		}
	}
	if !slices.Contains(concepts, Containment) || !slices.Contains(concepts, Dependency) {
		t.Errorf(`"who are x parents": concepts %v, want containment and dependency`, concepts)
	}
}
