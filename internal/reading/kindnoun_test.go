package reading

import "testing"

// TestKindNoun: the kind a relation's name says its objects are.
func TestKindNoun(t *testing.T) {
	for name, want := range map[string]string{
		"runs_image":        "image",
		"uses_secret":       "secret",
		"in_profile":        "profile",
		"official_language": "language",
		"owner":             "owner",
		// A field's name: the kind its first word names.
		"composerName": "composer",
		"route_id":     "route",
		// Verbs, and words of grammar, say no kind; nor does a name that
		// ends in a preposition.
		"depends_on": "",
		"mounts":     "",
		"built_from": "",
		"located_in": "",
		"FROM":       "",
		"parent_of":  "",
		"next_to":    "",
	} {
		if got := kindNoun(name); got != want {
			t.Errorf("kindNoun(%q) = %q, want %q", name, got, want)
		}
	}
}
