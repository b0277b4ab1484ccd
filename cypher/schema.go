package cypher

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
)

// meta is what the reads need from the stored schema, decoded once.
type meta struct {
	user   *graph.Schema // the user schema, or nil
	schema *graph.Schema // infer.Infer of the data with user as base
	// known holds the relations a request may name: those of the data and
	// of the user schema (the relations of schema).
	known map[string]bool
	// aliases maps the normalized key of each alias in the user schema's
	// entities list to the entities it names, sorted.
	aliases map[string][]string
}

func newMeta(user, schema *graph.Schema) *meta {
	m := &meta{user: user, schema: schema, known: make(map[string]bool), aliases: make(map[string][]string)}
	for _, r := range schema.Relations {
		m.known[r.Name] = true
	}
	if user != nil {
		for _, e := range user.Entities {
			for _, a := range e.Aliases {
				if k := text.Key(a); k != "" && !slices.Contains(m.aliases[k], e.Name) {
					m.aliases[k] = append(m.aliases[k], e.Name)
				}
			}
		}
		for _, names := range m.aliases {
			slices.Sort(names)
		}
	}
	return m
}

// metaID is the id of the node that holds the schemas.
const metaID = "schema"

const (
	qReadMeta = `MATCH (m:ScgraphMeta {id: $id}) RETURN m.user AS user, m.schema AS schema`

	qWriteMeta = `
MERGE (m:ScgraphMeta {id: $id})
SET m.user = $user, m.schema = $schema, m.updated = datetime()`
)

// loadMeta returns the cached schema, reading it on first use. Writes of
// this process replace it; writes of another process are seen after the
// store is reopened.
func (s *Store) loadMeta(ctx context.Context) (*meta, error) {
	if m := s.meta.Load(); m != nil {
		return m, nil
	}
	type stored struct{ user, schema string }
	rows, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]stored, error) {
		return collect(ctx, tx, qReadMeta, map[string]any{"id": metaID}, func(r *neo4j.Record) (stored, error) {
			u, err := strAt(r, 0)
			if err != nil {
				return stored{}, err
			}
			sc, err := strAt(r, 1)
			return stored{u, sc}, err
		})
	})
	if err != nil {
		return nil, s.fail("read the schema", err)
	}
	var user, schema *graph.Schema
	if len(rows) > 0 {
		if rows[0].user != "" {
			if user, err = decodeSchema(rows[0].user); err != nil {
				return nil, fmt.Errorf("cypher: the user schema stored in %s: %w", s, err)
			}
		}
		if rows[0].schema != "" {
			if schema, err = decodeSchema(rows[0].schema); err != nil {
				return nil, fmt.Errorf("cypher: the schema stored in %s: %w", s, err)
			}
		}
	}
	if schema == nil {
		// Nothing ingested yet: the schema of no data.
		schema, _ = infer.Infer(nil, user)
	}
	m := newMeta(user, schema)
	s.meta.CompareAndSwap(nil, m)
	return m, nil
}

func decodeSchema(js string) (*graph.Schema, error) {
	var sc graph.Schema
	if err := json.Unmarshal([]byte(js), &sc); err != nil {
		return nil, err
	}
	return &sc, nil
}

// Schema returns the schema of the data: infer.Infer of all the
// triples with the user schema as base, as memstore computes it. It is
// computed when the data or the schema is written and cached; the caller
// gets its own copy.
func (s *Store) Schema(ctx context.Context) (*graph.Schema, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	return m.schema.Clone(), nil
}

// SetSchema sets the user schema (nil removes it) and retypes the graph
// with it. It is validated first; its types, relations, descriptions and
// entity aliases are kept as written and completed from the data by
// Schema.
func (s *Store) SetSchema(ctx context.Context, sch *graph.Schema) error {
	if sch != nil {
		if err := sch.Validate(); err != nil {
			return fmt.Errorf("cypher: schema: %w", err)
		}
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.ensureIndexes(ctx, false); err != nil {
		return err
	}
	return s.retype(ctx, sch.Clone(), true, nil)
}

const (
	// qAllTriples and qAllTypes read what typing needs: every fact with
	// the types its triple gave, and every entity's current type.
	qAllTriples = `
MATCH (s:Entity)-[r]->(o:Entity)
RETURN s.name, type(r), o.name, r.subject_type, r.object_type`
	qAllTypes = `MATCH (n:Entity) RETURN n.name, n.type`

	// qSetTypes sets the type of a batch of entities that had type $old;
	// the template takes the label clauses (removing the old type's
	// label, adding the new one's), empty when a type gets no label.
	qSetTypes = `
UNWIND $names AS name
MATCH (n:Entity {name: name})
SET n.type = $type%s%s`
)

// typesBatch is the number of entities retyped per transaction.
const typesBatch = 10000

// retype types every entity from all the triples (infer.Infer, the rules
// memstore uses), writes the types that changed and the schemas. With
// setUser the user schema becomes user; else the stored one is kept. The
// caller holds writeMu. progress, if not nil, is told how many entities
// were retyped of how many.
func (s *Store) retype(ctx context.Context, user *graph.Schema, setUser bool, progress func(done, total int)) error {
	type entity struct{ name, typ string }
	type snapshot struct {
		triples  []graph.Triple
		entities []entity
		user     string
	}
	snap, err := runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (snapshot, error) {
		var sn snapshot
		var err error
		sn.triples, err = collect(ctx, tx, qAllTriples, nil, func(r *neo4j.Record) (graph.Triple, error) {
			var t graph.Triple
			var err error
			for i, f := range []*string{&t.Subject, &t.Relation, &t.Object, &t.SubjectType, &t.ObjectType} {
				if *f, err = strAt(r, i); err != nil {
					return t, err
				}
			}
			return t, nil
		})
		if err != nil {
			return sn, err
		}
		sn.entities, err = collect(ctx, tx, qAllTypes, nil, func(r *neo4j.Record) (entity, error) {
			n, err := strAt(r, 0)
			if err != nil {
				return entity{}, err
			}
			t, err := strAt(r, 1)
			return entity{n, t}, err
		})
		if err != nil {
			return sn, err
		}
		if !setUser {
			rows, err := collect(ctx, tx, qReadMeta, map[string]any{"id": metaID}, func(r *neo4j.Record) (string, error) { return strAt(r, 0) })
			if err != nil {
				return sn, err
			}
			if len(rows) > 0 {
				sn.user = rows[0]
			}
		}
		return sn, nil
	})
	if err != nil {
		return s.fail("read the graph for typing", err)
	}
	if !setUser && snap.user != "" {
		if user, err = decodeSchema(snap.user); err != nil {
			return fmt.Errorf("cypher: the user schema stored in %s: %w", s, err)
		}
	}
	schema, types := infer.Infer(snap.triples, user)

	// Group the entities whose type changed by (old, new) type.
	groups := make(map[[2]string][]string)
	for _, e := range snap.entities {
		if t := types[e.name]; t != e.typ {
			k := [2]string{e.typ, t}
			groups[k] = append(groups[k], e.name)
		}
	}
	keys := make([][2]string, 0, len(groups))
	total := 0
	for k, names := range groups {
		keys = append(keys, k)
		total += len(names)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	done := 0
	for _, k := range keys {
		query, err := setTypesQuery(k[0], k[1])
		if err != nil {
			return err
		}
		var typ any
		if k[1] != "" {
			typ = k[1]
		}
		for names := range slices.Chunk(groups[k], typesBatch) {
			if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
				return exec(ctx, tx, query, map[string]any{"names": names, "type": typ})
			}); err != nil {
				return s.fail("write entity types", err)
			}
			done += len(names)
			if progress != nil {
				progress(done, total)
			}
		}
	}

	return s.writeMeta(ctx, user, schema)
}

// writeMeta stores the user schema (nil: none) and the inferred schema,
// and caches them as a later load would read them.
func (s *Store) writeMeta(ctx context.Context, user, schema *graph.Schema) error {
	schemaJSON, err := json.Marshal(schema)
	if err != nil {
		return fmt.Errorf("cypher: encode the schema: %w", err)
	}
	var userJSON any
	if user != nil {
		b, err := json.Marshal(user)
		if err != nil {
			return fmt.Errorf("cypher: encode the user schema: %w", err)
		}
		userJSON = string(b)
	}
	if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qWriteMeta, map[string]any{"id": metaID, "user": userJSON, "schema": string(schemaJSON)})
	}); err != nil {
		return s.fail("write the schema", err)
	}
	stored, err := decodeSchema(string(schemaJSON))
	if err != nil {
		return fmt.Errorf("cypher: decode the schema: %w", err)
	}
	s.meta.Store(newMeta(user.Clone(), stored))
	return nil
}

// setTypesQuery fills qSetTypes for a change of type from old to new.
func setTypesQuery(old, new string) (string, error) {
	remove, add := "", ""
	if typeLabel(old) {
		l, err := quote(old)
		if err != nil {
			return "", err
		}
		remove = "\nREMOVE n:" + l
	}
	if typeLabel(new) {
		l, err := quote(new)
		if err != nil {
			return "", err
		}
		add = ", n:" + l
	}
	return fmt.Sprintf(qSetTypes, add, remove), nil
}

// typeLabel reports whether an entity type is also written as a label: it
// must be an identifier and not one of the store's own labels.
func typeLabel(t string) bool {
	return t != "" && t != labelEntity && t != labelMeta && text.ValidIdentifier(t)
}

// quote backtick-quotes a relation type or label for query text. Only
// identifiers (text.ValidIdentifier: letters, digits, _ and -) are
// accepted, so the result cannot close the quotes.
func quote(name string) (string, error) {
	if !text.ValidIdentifier(name) {
		return "", fmt.Errorf("cypher: %q is not an identifier and cannot be a relation type or label", name)
	}
	return "`" + name + "`", nil
}
