package cli

import (
	"testing"
)

func TestRelator(t *testing.T) {
	empty := t.TempDir()
	e := &env{getenv: func(k string) string {
		if k == "SCGRAPH_CACHE" {
			return empty
		}
		return ""
	}}
	if r, err := relator(relateNone, e); r != nil || err != nil {
		t.Errorf("--relate none: %v, %v; want no relator", r, err)
	}
	// Without the model installed, auto is today's reader: no relator.
	if r, err := relator(relateAuto, e); r != nil || err != nil {
		t.Errorf("--relate auto without the model: %v, %v; want no relator", r, err)
	}
	if _, err := relator("minilm-large", e); err == nil {
		t.Error("--relate minilm-large: no error")
	}
}
