package words

import "testing"

func TestIsClassifier(t *testing.T) {
	for w, want := range map[string]bool{"kind": true, "kinds": true, "types": true, "category": true, "categories": true, "genres": true, "element": false, "group": false} {
		if got := IsClassifier(w); got != want {
			t.Errorf("IsClassifier(%q) = %v, want %v", w, got, want)
		}
	}
}
