package cypher

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
)

const defaultResolveLimit = 10

// fuzzyCandidates is how many entities the full-text index proposes per
// mention; the trigram similarity, computed exactly, picks among them.
const fuzzyCandidates = 1000

// qResolve links every mention of a request in one round trip. For each
// mention row (i, name, key, aliasOf, tgs, lucene) it returns the entity
// named exactly so (method 0), those with its normalized key (1, at most
// $keyLimit, by name) and those its alias names (2); and, when $fuzzy is
// set and none of those exist, the entities the full-text index proposes
// for its trigrams whose trigram overlap reaches $minScore (a pre-filter:
// Go computes the final score with text.Similarity); and, when $partial is
// set, the entities whose key holds every inner trigram of the cores of
// the mention's words (Go keeps those whose name's words hold the
// mention's: text.MatchWords). The template takes the access predicates of
// e (%[1]s) and of node (%[2]s): every entity it returns exists for the
// caller.
const qResolve = `
UNWIND $mentions AS m
CALL (m) {
  CALL (m) {
      MATCH (e:Entity {name: m.name})%[1]s
      RETURN 0 AS method, e
    UNION ALL
      MATCH (e:Entity {key: m.key})%[1]s
      WITH e ORDER BY e.name LIMIT $keyLimit
      RETURN 1 AS method, e
    UNION ALL
      UNWIND m.aliasOf AS alias
      MATCH (e:Entity {name: alias})%[1]s
      RETURN 2 AS method, e
  }
  RETURN collect([method, e.name, e.type]) AS strong
}
CALL (m, strong) {
  WITH m, strong WHERE $fuzzy AND size(strong) = 0 AND m.lucene <> ''
  CALL db.index.fulltext.queryNodes('` + fulltextIndex + `', m.lucene, {limit: $candidates}) YIELD node%[2]s
  WITH m, node, split(node.trigrams, ' ') AS tg
  WITH m, node, size(tg) AS nk, size([t IN tg WHERE t IN m.tgs]) AS inter
  WHERE inter * (1 + $minScore) >= $minScore * (size(m.tgs) + nk)
  RETURN collect([node.name, node.type, node.key]) AS fuzzy
}
CALL (m, strong) {
  WITH m WHERE $partial AND m.partial AND m.luceneAll <> ''
  CALL db.index.fulltext.queryNodes('` + fulltextIndex + `', m.luceneAll, {limit: $partialCandidates}) YIELD node%[2]s
  RETURN collect([node.name, node.type, node.key]) AS partial
}
RETURN m.i AS i, strong, fuzzy, partial`

// Resolve links each mention to entities (the result is aligned with
// req.Mentions) exactly as memstore does: the entity named exactly so
// (score 1), then the entities whose name has the mention's normalized key
// (text.Key), then the entities with a schema alias of that key; then,
// when req.Partial is set, the entities whose name's words hold all the
// mention's, in any order (text.MatchWords); when req.Fuzzy is set and
// nothing matched yet, the entities whose key is similar enough
// (text.Similarity >= graph.MinFuzzyScore), best first. Ties go by name;
// each entity appears once, with its strongest method; at most req.Limit
// (default 10) matches a mention. The mentions go to the server
// resolveBatch at a time, one query each, so that a question naming
// hundreds of entities (thousands of runs of words) asks no transaction to
// hold more than resolveBatch mentions' candidates.
//
// Fuzzy candidates come from the full-text index over name trigrams (the
// best fuzzyCandidates per mention by Lucene's ranking); their scores are
// computed here with text.Similarity, so both stores score and order the
// same way.
func (s *Store) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	return s.resolve(ctx, req, m, access{})
}

// resolve is Resolve against meta m, for the caller of a.
func (s *Store) resolve(ctx context.Context, req graph.ResolveRequest, m *meta, a access) ([][]graph.Match, error) {
	limit := req.Limit
	switch {
	case limit == 0:
		limit = defaultResolveLimit
	case limit < 0:
		return nil, fmt.Errorf("cypher: resolve: %w: negative limit %d", graph.ErrBadRequest, limit)
	}
	out := make([][]graph.Match, len(req.Mentions))
	for i := range out {
		out[i] = []graph.Match{}
	}
	if len(req.Mentions) == 0 {
		return out, nil
	}
	keys := make([]string, len(req.Mentions))
	rows := make([]map[string]any, len(req.Mentions))
	tokens := make([][]string, len(req.Mentions))
	for i, mention := range req.Mentions {
		tokens[i] = text.KeyTokens(mention)
		key := strings.Join(tokens[i], "") // text.Key
		keys[i] = key
		row := map[string]any{"i": int64(i), "name": mention, "key": nil, "aliasOf": []string{}, "tgs": []string{}, "lucene": "", "luceneAll": "", "partial": true}
		if key != "" {
			tgs := trigramTokens(key)
			row["key"] = key
			row["aliasOf"] = m.aliases[key]
			row["tgs"] = tgs
			row["lucene"] = luceneAny(tgs)
			row["luceneAll"] = luceneAll(coreTrigrams(tokens[i]))
		}
		rows[i] = row
	}
	if req.Partial && !a.scoped {
		possible, err := s.partialPossible(ctx, tokens)
		if err != nil {
			return nil, err
		}
		for i, ok := range possible {
			rows[i]["partial"] = ok
		}
	}
	query := fmt.Sprintf(qResolve, a.entityWhere("e"), a.entityWhere("node"))
	for lo := 0; lo < len(rows); lo += resolveBatch {
		if err := s.resolveRows(ctx, query, rows[lo:min(lo+resolveBatch, len(rows))], req, limit, a, keys, tokens, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// resolveBatch is the most mentions one resolve query carries: each may
// bring up to fuzzyCandidates and maxPartialCandidates candidates back.
const resolveBatch = 64

// resolveRows runs query for rows (mentions with their index in out) and
// fills their entries of out.
func (s *Store) resolveRows(ctx context.Context, query string, rows []map[string]any, req graph.ResolveRequest, limit int, a access, keys []string, tokens [][]string, out [][]graph.Match) error {
	params := a.params(map[string]any{
		"mentions":   rows,
		"keyLimit":   int64(limit + 1), // one may be the exact match
		"fuzzy":      req.Fuzzy,
		"candidates": int64(fuzzyCandidates),
		"partial":    req.Partial,
		// One more than the cap, to tell a mention too common to name
		// anything in particular.
		"partialCandidates": int64(maxPartialCandidates + 1),
		// A hair under the floor: the query only pre-filters, and must
		// not lose a candidate to rounding.
		"minScore": graph.MinFuzzyScore - 1e-9,
	})
	type found struct {
		i                       int
		strong, fuzzy, partials []candidate
	}
	res, err := readQuery(ctx, s, query, params, func(r *neo4j.Record) (found, error) {
		i, err := intAt(r, 0)
		if err != nil {
			return found{}, err
		}
		if i < 0 || int(i) >= len(req.Mentions) {
			return found{}, fmt.Errorf("column i: mention %d out of range", i)
		}
		f := found{i: int(i)}
		if f.strong, err = candidates(r, 1); err != nil {
			return f, err
		}
		if f.fuzzy, err = candidates(r, 2); err != nil {
			return f, err
		}
		f.partials, err = candidates(r, 3)
		return f, err
	})
	if err != nil {
		return s.fail("resolve", err)
	}
	for _, f := range res {
		out[f.i] = rank(f.strong, partialMatches(tokens[f.i], f.partials), f.fuzzy, keys[f.i], limit)
	}
	return nil
}

// qWordsFound tells, for each word, whether the full-text index proposes
// any entity for its inner trigrams (one hit is enough).
const qWordsFound = `
UNWIND $words AS w
CALL (w) {
  CALL db.index.fulltext.queryNodes('` + fulltextIndex + `', w.lucene, {limit: 1}) YIELD node
  RETURN count(node) AS n
}
RETURN w.word AS word, n > 0 AS found`

// partialPossible reports, for each mention (given as its key tokens),
// whether it can match an entity partially: one of several words can only
// if each of its words can, since an entity whose key holds the mention's key holds each word's
// (and so every inner trigram of each). Linking sends every run of a
// question's words as a mention, and each partial look-up is a full-text
// query that may load thousands of candidates: one cheap query for the
// words (limited to one hit each) spares those of the runs that cannot
// match. Words too short for an inner trigram prove nothing. The caller
// skips this under scoped access, where the one hit may be one the caller
// cannot see.
func (s *Store) partialPossible(ctx context.Context, tokens [][]string) ([]bool, error) {
	possible := make([]bool, len(tokens))
	var words []map[string]any
	seen := map[string]bool{}
	for i, toks := range tokens {
		possible[i] = true
		if len(toks) < 2 {
			continue
		}
		for _, t := range toks {
			c := text.WordCore(t)
			if tg := innerTrigrams(c); len(tg) > 0 && !seen[c] {
				seen[c] = true
				words = append(words, map[string]any{"word": c, "lucene": luceneAll(tg)})
			}
		}
	}
	if len(words) == 0 {
		return possible, nil
	}
	type wordFound struct {
		word  string
		found bool
	}
	found, err := readQuery(ctx, s, qWordsFound, map[string]any{"words": words}, func(r *neo4j.Record) (wordFound, error) {
		w, err := strAt(r, 0)
		f, ok := r.Values[1].(bool)
		if err == nil && !ok {
			err = colErr(r, 1, "a boolean")
		}
		return wordFound{w, f}, err
	})
	if err != nil {
		return nil, s.fail("resolve", err)
	}
	absent := map[string]bool{}
	for _, f := range found {
		if !f.found {
			absent[f.word] = true
		}
	}
	for i, toks := range tokens {
		if len(toks) > 1 && slices.ContainsFunc(toks, func(t string) bool { return absent[text.WordCore(t)] }) {
			possible[i] = false
		}
	}
	return possible, nil
}

// candidate is one entity a mention may name: method (0 exact,
// 1 normalized, 2 alias; -1 fuzzy), name, type and, for fuzzy ones, key.
type candidate struct {
	method int64
	name   string
	typ    string
	key    string
}

// candidates reads a list column of [method, name, type] (strong) or
// [name, type, key] (fuzzy) lists.
func candidates(r *neo4j.Record, col int) ([]candidate, error) {
	l, err := listAt(r, col)
	if err != nil {
		return nil, err
	}
	out := make([]candidate, 0, len(l))
	for _, v := range l {
		item, ok := v.([]any)
		if !ok || len(item) != 3 {
			return nil, colErr(r, col, "a list of 3-element lists")
		}
		var c candidate
		var fields []*string
		if col == 1 {
			m, ok := item[0].(int64)
			if !ok {
				return nil, colErr(r, col, "an integer method")
			}
			c.method = m
			fields = []*string{nil, &c.name, &c.typ}
		} else {
			c.method = -1
			fields = []*string{&c.name, &c.typ, &c.key}
		}
		for k, p := range fields {
			if p == nil {
				continue
			}
			var ok bool
			if *p, ok = as[string](item[k]); !ok {
				return nil, colErr(r, col, "string names, types and keys")
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// rank orders a mention's candidates as memstore does and cuts them at
// limit: exact, then normalized, then alias (each by name), then partial
// (as partialMatches orders them), or, when there are none of those,
// fuzzy by score (text.Similarity of the keys, at least
// graph.MinFuzzyScore) then name. An entity appears once, with its
// strongest method.
func rank(strong []candidate, partials []graph.Match, fuzzy []candidate, key string, limit int) []graph.Match {
	ms := []graph.Match{}
	add := func(c candidate, method graph.MatchMethod, score float64) {
		if len(ms) >= limit {
			return
		}
		for _, have := range ms {
			if have.Entity.Name == c.name {
				return
			}
		}
		ms = append(ms, graph.Match{Entity: graph.Entity{Name: c.name, Type: c.typ}, Method: method, Score: score})
	}
	slices.SortFunc(strong, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.method, b.method), strings.Compare(a.name, b.name))
	})
	methods := [...]graph.MatchMethod{graph.MatchExact, graph.MatchNormalized, graph.MatchAlias}
	for _, c := range strong {
		add(c, methods[c.method], 1)
	}
	for _, p := range partials {
		add(candidate{name: p.Entity.Name, typ: p.Entity.Type}, graph.MatchPartial, p.Score)
	}
	if len(ms) > 0 {
		return ms
	}
	type scored struct {
		c     candidate
		score float64
	}
	var ss []scored
	for _, c := range fuzzy {
		if sc := text.Similarity(key, c.key); sc >= graph.MinFuzzyScore {
			ss = append(ss, scored{c, sc})
		}
	}
	slices.SortFunc(ss, func(a, b scored) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.c.name, b.c.name))
	})
	for _, s := range ss {
		add(s.c, graph.MatchFuzzy, s.score)
	}
	return ms
}

// maxPartialCandidates bounds the entities a partial match examines, as in
// memstore: a mention held by more names than that names nothing in
// particular ("service"), and the search gives up.
const maxPartialCandidates = 4096

// partialMatches keeps, of the candidates the full-text index proposed,
// those whose name's words hold the mention's (text.MatchWords), best
// score first, then by name; none when the index proposed more than
// maxPartialCandidates. toks are the mention's key tokens.
func partialMatches(toks []string, cands []candidate) []graph.Match {
	if len(cands) > maxPartialCandidates {
		return nil
	}
	var out []graph.Match
	for _, c := range cands {
		if m, ok := text.MatchWords(toks, text.KeyTokens(c.name)); ok {
			out = append(out, graph.Match{Entity: graph.Entity{Name: c.name, Type: c.typ}, Method: graph.MatchPartial, Score: m.Score})
		}
	}
	slices.SortFunc(out, func(a, b graph.Match) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.Entity.Name, b.Entity.Name))
	})
	return out
}

// coreTrigrams returns the inner trigrams of the cores (text.WordCore) of
// a mention's words, as full-text tokens: a key in which the mention's
// words match holds them all.
func coreTrigrams(toks []string) []string {
	var out []string
	for _, t := range toks {
		out = append(out, innerTrigrams(text.WordCore(t))...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// innerTrigrams returns the distinct trigrams of a key without padding,
// as full-text tokens: every key that holds this one as a substring has
// them all. A key of under three characters has none.
func innerTrigrams(key string) []string {
	rs := []rune(key)
	seen := map[string]bool{}
	var out []string
	for i := 0; i+3 <= len(rs); i++ {
		t := string(rs[i : i+3])
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// luceneAll is a Lucene query matching documents with every one of the
// terms ("" for none).
func luceneAll(terms []string) string {
	if len(terms) == 0 {
		return ""
	}
	if len(terms) > maxLuceneClauses {
		terms = terms[:maxLuceneClauses]
	}
	esc := make([]string, len(terms))
	for i, t := range terms {
		esc[i] = "+" + luceneEscape(t)
	}
	return strings.Join(esc, " ")
}

// trigramTokens returns the distinct trigrams of a normalized key
// (text.Trigrams), sorted, as full-text tokens: the padding spaces become
// '_', which a key never holds (keys are letters and digits only), so that
// every trigram is one whitespace-free token.
func trigramTokens(key string) []string { return strings.Fields(trigramText(key)) }

// trigramText is trigramTokens joined by spaces: the trigrams property
// of the entity whose key is key. An ingest computes it for every entity,
// so it works on packed trigrams (text.PackedTrigrams) rather than a set
// of strings.
func trigramText(key string) string {
	pad := func(r rune) rune {
		if r == ' ' {
			return '_'
		}
		return r
	}
	tgs := text.PackedTrigrams(key, nil)
	for i, t := range tgs {
		a, b, c := text.UnpackTrigram(t)
		tgs[i] = text.PackTrigram(pad(a), pad(b), pad(c))
	}
	slices.Sort(tgs) // in the order of the tokens as strings
	var sb strings.Builder
	sb.Grow(4 * len(tgs))
	for i, t := range tgs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		a, b, c := text.UnpackTrigram(t)
		sb.WriteRune(a)
		sb.WriteRune(b)
		sb.WriteRune(c)
	}
	return sb.String()
}

// luceneAny is a Lucene query matching documents with any of the terms,
// each escaped so that it is read as a plain term.
func luceneAny(terms []string) string {
	if len(terms) > maxLuceneClauses {
		terms = terms[:maxLuceneClauses]
	}
	esc := make([]string, len(terms))
	for i, t := range terms {
		esc[i] = luceneEscape(t)
	}
	return strings.Join(esc, " ")
}

// maxLuceneClauses keeps a query under Lucene's limit of 1024 clauses.
const maxLuceneClauses = 1000

// luceneEscape escapes the characters Lucene's query syntax gives a
// meaning (+ - & | ! ( ) { } [ ] ^ " ~ * ? : \ / and white space) and the
// operator words AND, OR and NOT, so that s is matched as a literal term.
func luceneEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '+', '-', '&', '|', '!', '(', ')', '{', '}', '[', ']', '^', '"', '~', '*', '?', ':', '\\', '/', ' ', '\t', '\n', '\r':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	out := b.String()
	switch out {
	case "AND", "OR", "NOT":
		out = `\` + out
	}
	return out
}
