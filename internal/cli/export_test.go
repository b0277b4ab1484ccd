package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// export --neo4j-import writes the two CSV files and, with --json, says
// what it wrote and the neo4j-admin command to run; bad input names its
// line and writes nothing.
func TestExportNeo4jImport(t *testing.T) {
	in := writeTemp(t, "g.txt", "web|CALLS|cart\ncart|CALLS|pay\n")
	dir := filepath.Join(t.TempDir(), "out")
	code, out, errs := invoke(t, "", "export", "--json", "--neo4j-import", dir, in)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep exportReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.EntityCount != 3 || rep.TripleCount != 2 {
		t.Errorf("report %+v, want 3 entities and 2 triples", rep)
	}
	if got := strings.Join(rep.Command, " "); !strings.HasPrefix(got, "neo4j-admin database import full neo4j --nodes="+filepath.Join(dir, "entities.csv")) {
		t.Errorf("command %q", got)
	}
	for _, f := range []string{rep.Entities, rep.Relationships} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}

	bad := writeTemp(t, "bad.txt", "web|CALLS|cart\nweb|CALLS\n")
	badDir := filepath.Join(t.TempDir(), "bad")
	code, _, errs = invoke(t, "", "export", "--neo4j-import", badDir, bad)
	if code != exitError || !strings.Contains(errs, "bad.txt:2") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming bad.txt:2", code, errs)
	}
	if _, err := os.Stat(badDir); !os.IsNotExist(err) {
		t.Errorf("bad input left %s behind", badDir)
	}

	for _, args := range [][]string{{"export"}, {"export", "--neo4j-import", dir}, {"export", "--neo4j-finish", in}, {"export", "--neo4j-finish", "--neo4j-import", dir, in}} {
		if code, _, _ := invoke(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}
