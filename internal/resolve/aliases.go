package resolve

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// AliasTable maps the names people use to the entity they mean: the
// schema's entity aliases and the user's alias file. A key (text.Key) that
// two entities claim is ambiguous and means neither.
type AliasTable struct {
	byKey map[string]aliasEntry
	// declared lists every alias as written, for the abbreviation signal.
	declared []declaredAlias
}

type declaredAlias struct{ canonical, alias, origin string }

type aliasEntry struct {
	canonical string
	// origin says where the alias was declared ("schema", "aliases.txt:3").
	origin    string
	ambiguous bool
}

// NewAliasTable returns an empty table.
func NewAliasTable() *AliasTable { return &AliasTable{byKey: map[string]aliasEntry{}} }

// Add declares alias as a name of canonical; origin says where.
func (t *AliasTable) Add(canonical, alias, origin string) {
	k := text.Key(alias)
	if k == "" || k == text.Key(canonical) {
		return
	}
	t.declared = append(t.declared, declaredAlias{canonical, alias, origin})
	if e, ok := t.byKey[k]; ok {
		if e.canonical != canonical {
			e.ambiguous = true
			t.byKey[k] = e
		}
		return
	}
	t.byKey[k] = aliasEntry{canonical: canonical, origin: origin}
}

// AddSchema declares the aliases of the schema's entities.
func (t *AliasTable) AddSchema(s *graph.Schema) {
	if s == nil {
		return
	}
	for _, e := range s.Entities {
		for _, a := range e.Aliases {
			t.Add(e.Name, a, "schema")
		}
	}
}

// Lookup returns the entity a name is an alias of, and where that was
// declared.
func (t *AliasTable) Lookup(name string) (canonical, origin string, ok bool) {
	if t == nil {
		return "", "", false
	}
	e, ok := t.byKey[text.Key(name)]
	if !ok || e.ambiguous {
		return "", "", false
	}
	return e.canonical, e.origin, true
}

// Len is the number of alias keys.
func (t *AliasTable) Len() int { return len(t.byKey) }

// ReadAliasFile adds the aliases of a file to the table. Each line is
//
//	payment-service: payments api, the payment system, pay-svc
//
// the entity, a colon, and its aliases separated by commas; blank lines
// and lines starting with # are skipped. Errors name the file and line.
func (t *AliasTable) ReadAliasFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, list, ok := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !ok {
			return fmt.Errorf("%s:%d: want \"entity: alias, alias\", got %s", path, n, text.QuoteShort(line))
		}
		if err := text.CheckName("entity", name); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
		count := 0
		for _, a := range strings.Split(list, ",") {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			if err := text.CheckName("alias", a); err != nil {
				return fmt.Errorf("%s:%d: %w", path, n, err)
			}
			t.Add(name, a, fmt.Sprintf("%s:%d", path, n))
			count++
		}
		if count == 0 {
			return fmt.Errorf("%s:%d: %q has no alias after the colon", path, n, name)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w", path, n+1, err)
	}
	return nil
}
