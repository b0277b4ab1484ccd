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
	// The scgraph process installs it on first need, unless offline.
	e.downloads = true
	if r, err := relator(relateAuto, e); r == nil || err != nil {
		t.Errorf("--relate auto without the model, downloads allowed: %v, %v; want a relator that installs it on first use", r, err)
	}
	offline := &env{downloads: true, getenv: func(k string) string {
		return map[string]string{"SCGRAPH_CACHE": empty, "SCGRAPH_OFFLINE": "1"}[k]
	}}
	if r, err := relator(relateAuto, offline); r != nil || err != nil {
		t.Errorf("--relate auto with SCGRAPH_OFFLINE: %v, %v; want no relator", r, err)
	}
	if _, err := relator("minilm-large", e); err == nil {
		t.Error("--relate minilm-large: no error")
	}
}
