package cypher

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
)

// ImportFiles are the CSV files WriteImportFiles wrote for neo4j-admin
// database import: one of entities, one of relationships.
type ImportFiles struct {
	Entities      string // the node file: name:ID, key, type, trigrams, :LABEL
	Relationships string // the relationship file: :START_ID, :END_ID, :TYPE, file, line, subject_type, object_type, acl
	EntityCount   int
	TripleCount   int // distinct facts
}

// The names WriteImportFiles gives its files in the directory.
const (
	importEntitiesFile      = "entities.csv"
	importRelationshipsFile = "relationships.csv"
)

// AdminCommand is the neo4j-admin command that imports the files into
// database (which must not exist yet, or is replaced: Neo4j Community
// imports only into a stopped server's new or overwritten database).
// Names may hold newlines (a JSONL name can), hence multi-line fields.
func (f ImportFiles) AdminCommand(database string) []string {
	return []string{"neo4j-admin", "database", "import", "full", database,
		"--nodes=" + f.Entities, "--relationships=" + f.Relationships,
		"--multiline-fields=true", "--overwrite-destination=true"}
}

// WriteImportFiles writes triples as the CSV files of a first load with
// neo4j-admin database import, holding what Ingest would write into an
// empty database: each distinct fact once (its first source), entities
// typed by infer.Infer with user as base schema, with their key, trigrams
// and labels. The indexes and the stored schema are not in the files:
// after the import, with the server started, Store.SetSchema (scgraph
// export --neo4j-finish) creates the indexes and stores the schema.
// Invalid triples are refused before anything is written; files are
// written under temporary names and renamed into place.
func WriteImportFiles(dir string, ts []graph.Triple, user *graph.Schema) (ImportFiles, error) {
	if err := checkTriples(ts); err != nil {
		return ImportFiles{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ImportFiles{}, fmt.Errorf("cypher: import files: %w", err)
	}
	facts := distinctFacts(ts)
	_, types := infer.Infer(facts, user)
	f := ImportFiles{
		Entities:      filepath.Join(dir, importEntitiesFile),
		Relationships: filepath.Join(dir, importRelationshipsFile),
		TripleCount:   len(facts),
	}
	err := writeCSV(f.Entities, []string{"name:ID", "key", "type", "trigrams", ":LABEL"}, func(w *csv.Writer) error {
		seen := make(map[string]struct{}, len(facts)/2)
		for _, t := range facts {
			for _, name := range []string{t.Subject, t.Object} {
				if _, ok := seen[name]; ok {
					continue
				}
				seen[name] = struct{}{}
				key, trigrams := text.Key(name), ""
				if key != "" {
					trigrams = trigramText(key)
				}
				labels := labelEntity
				if typ := types[name]; typeLabel(typ) {
					labels += ";" + typ
				}
				if err := w.Write([]string{name, key, types[name], trigrams, labels}); err != nil {
					return err
				}
			}
		}
		f.EntityCount = len(seen)
		return nil
	})
	if err != nil {
		return ImportFiles{}, err
	}
	// A fact's access list is a string array (neo4j-admin's default array
	// delimiter, ';', which no group name holds); a public fact's field is
	// empty, and the importer writes no property for it.
	err = writeCSV(f.Relationships, []string{":START_ID", ":END_ID", ":TYPE", "file", "line:long", "subject_type", "object_type", "acl:string[]"}, func(w *csv.Writer) error {
		for _, t := range facts {
			line := ""
			if t.Source.Line != 0 {
				line = strconv.Itoa(t.Source.Line)
			}
			acl, _ := groupname.Check(t.ACL) // checked above; sorted, as ingest stores it
			if err := w.Write([]string{t.Subject, t.Object, t.Relation, t.Source.File, line, t.SubjectType, t.ObjectType, strings.Join(acl, ";")}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		os.Remove(f.Entities)
		return ImportFiles{}, err
	}
	return f, nil
}

// writeCSV writes a CSV file with a header through rows, to a temporary
// file renamed into place when complete. An empty field is written bare,
// which neo4j-admin reads as no property (as Ingest writes null).
func writeCSV(path string, header []string, rows func(*csv.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("cypher: import files: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := csv.NewWriter(tmp)
	err = w.Write(header)
	if err == nil {
		err = rows(w)
	}
	if err == nil {
		w.Flush()
		err = w.Error()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("cypher: writing %s: %w", path, err)
	}
	return nil
}
