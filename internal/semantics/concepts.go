package semantics

import (
	"fmt"
	"slices"
)

// Concept is a kind of relation scgraph knows the English of.
type Concept uint8

// The concepts.
const (
	None        Concept = iota // a relation of no known kind: its own name is its only word
	Dependency                 // First depends on Second: Second failing breaks First
	Ownership                  // First owns (maintains, is responsible for) Second
	Membership                 // First is a member of the group Second
	Reporting                  // First reports to Second (Second manages First)
	Containment                // First is part of Second
	OnCall                     // First is on call for Second
)

var conceptNames = [...]string{None: "", Dependency: "dependency", Ownership: "ownership", Membership: "membership", Reporting: "reporting", Containment: "containment", OnCall: "on_call"}

func (c Concept) String() string {
	if int(c) < len(conceptNames) {
		return conceptNames[c]
	}
	return "unknown"
}

// ParseConcept reads a concept name as String writes it ("" is None).
func ParseConcept(s string) (Concept, bool) {
	for i, n := range conceptNames {
		if n == s {
			return Concept(i), true
		}
	}
	return None, false
}

// Role is an end of a concept's canonical orientation.
type Role uint8

// The roles.
const (
	First  Role = iota + 1 // the dependent, owner, member, report, part, responder
	Second                 // the dependency, owned thing, group, manager, whole, service
)

// roleNames are what each end of a concept is called in a description
// (the schema listing), first then second.
var roleNames = [...][2]string{
	Dependency:  {"dependent", "dependency"},
	Ownership:   {"owner", "owned"},
	Membership:  {"member", "group"},
	Reporting:   {"report", "manager"},
	Containment: {"part", "whole"},
	OnCall:      {"responder", "service covered"},
}

// RoleName is what the role's end of the concept is called ("dependent",
// "manager"), "" for None.
func (c Concept) RoleName(r Role) string {
	if int(c) >= len(roleNames) || (r != First && r != Second) {
		return ""
	}
	return roleNames[c][r-1]
}

// Describe says in words how a relation of concept c reads, subject to
// object: which end is which ("ownership: the subject is the owner, the
// object the owned"), inverse when the subject plays the second role, and
// whether failure propagates (optional). "" for None.
func Describe(c Concept, inverse, optional, delivers bool) string {
	if c == None || int(c) >= len(roleNames) {
		return ""
	}
	subj, obj := First, Second
	if inverse {
		subj, obj = obj, subj
	}
	out := fmt.Sprintf("%s: the subject is the %s, the object the %s", c, c.RoleName(subj), c.RoleName(obj))
	if optional {
		out += "; optional (a failure does not propagate along it)"
	}
	if delivers {
		out += "; the subject sends into the object what others read from it, so a failure may pass either way (answers that depend on which are not certified)"
	}
	return out
}

// sameActs are groups of phrases that name one act, from either end or in
// other words: a graph may store it under two relations ("revenue
// feedsInto dashboard", "model consumedBy revenue"), and a question naming
// one means both.
var sameActs = [][]string{
	{"consume", "feed", "feed into", "derive from", "derived from", "feed on", "feed off", "prey on", "eat"},
	{"call", "invoke"},
	{"host", "run on", "hosted on", "hosted in", "deployed on", "deployed to", "scheduled on", "schedule on"},
	{"block", "unblock", "wait on", "wait for", "blocked on", "hold up", "gate", "gated on"},
	{"supply", "supply to", "buy from", "procure from", "sell to", "ship to", "deliver to"},
	{"cite", "reference"},
	// Reading what another holds, and sending into it.
	{"read", "read from", "consume", "subscribe", "subscribe to", "ingest", "ingest from", "pull from", "fetch", "fetch from", "receive from", "query"},
	sendingActs,
	{"derive from", "derived from", "built on", "build on", "built upon", "build upon", "based on", "sourced from", "source from", "come from",
		"build from", "built from", "compute from", "computed from", "generate from", "generated from", "aggregate from", "aggregated from",
		"compile from", "transpile from", "render from", "convert from", "produce from", "extract from",
		"copy from", "fork from", "clone from", "translate from", "adapt from"},
	// Kinship stored from either end.
	{"child of", "parent of"},
}

// sendingActs send into another what others read from it: one act, and
// the dependencies that deliver (Meaning.Delivers).
var sendingActs = []string{"write to", "write into", "publish to", "publish into", "push to", "emit to", "send to", "export to", "upload to", "flush to",
	"persist to", "persist in", "save to", "save in", "log to"}

// SameAct reports whether two base phrases of a concept's verbs name the
// same act (equal phrases do).
func SameAct(a, b string) bool {
	if a == b {
		return true
	}
	for _, g := range sameActs {
		if slices.Contains(g, a) && slices.Contains(g, b) {
			return true
		}
	}
	return false
}

// DifferentActs reports whether two base phrases are known to name
// different acts: one of them is in a group of sameActs, which lists every
// phrase of its act, and no group holds both ("call" and "read from",
// "run on" and "use"). Two phrases in no group may name one act ("unlock"
// and "require" in a tech tree).
func DifferentActs(a, b string) bool {
	if SameAct(a, b) {
		return false
	}
	in := func(p string) bool {
		return slices.ContainsFunc(sameActs, func(g []string) bool { return slices.Contains(g, p) })
	}
	return in(a) || in(b)
}

// Other returns the other role.
func (r Role) Other() Role {
	if r == First {
		return Second
	}
	return First
}

func (r Role) String() string {
	switch r {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return "none"
}

// conceptDef is the English of one concept.
type conceptDef struct {
	concept Concept
	// verbs read First → Second: their grammatical subject is First
	// ("X depends on Y", "X reports to Y", "X is hosted on Y").
	verbs []string
	// generic verbs name the concept as a whole: a question saying
	// "depends on" means every dependency relation of the graph, while
	// "calls" means the CALLS relation where the graph has one.
	generic []string
	// inverseVerbs read Second → First ("Y supplies X", "Y hosts X",
	// "Y manages X").
	inverseVerbs []string
	// gapVerbs and gapInverse are verbs whose object may stand between
	// them and their preposition, written "verb preposition": "get from"
	// also matches "gets its power from" (the subject depends on what
	// follows "from"); gapInverse reads Second → First like inverseVerbs
	// ("Y supplies parts to X").
	gapVerbs, gapInverse []string
	// firstNouns and secondNouns are what each end is called ("the
	// dependents of X", "alice's manager").
	firstNouns, secondNouns []string
	// below and above are the positional words for each direction of a
	// hierarchical concept: "downstream of X", "everyone under dana".
	// Each names the role of the answers; the entity plays the other.
	positions []position
}

// position is a positional word: the answers to "<word> of X" (or
// "<word> X") play Answers; X plays the other role.
type position struct {
	words   string
	answers Role
	// names: the word also names relations, as a role noun does
	// ("upstream_of": the subject is upstream; "upstream": the object is
	// the subject's upstream).
	names bool
}

// concepts is the table. Words are base forms: inflect makes the rest.
var concepts = []conceptDef{
	{
		concept: Dependency,
		generic: []string{"depend on", "depend upon", "rely on", "rely upon", "need", "require", "use", "be dependent on", "dependent on"},
		verbs: []string{
			"depend on", "depend upon", "rely on", "rely upon", "need", "require", "use", "dependent on",
			"import", "call", "invoke", "consume", "read", "read from", "write to", "write into", "publish to", "publish into",
			"subscribe", "subscribe to", "send to", "query", "fetch", "fetch from", "load", "link to",
			"link against", "connect to", "talk to", "run on", "hosted on", "hosted in", "hosted by", "deployed on",
			"deployed to", "backed by", "stored in", "built on", "build on", "built upon", "build upon", "based on", "derived from", "derive from",
			"sourced from", "source from", "ingest", "ingest from", "pull from", "proxy", "proxy to", "forward to",
			"route to", "mount", "extend", "inherit", "inherit from", "reference", "embed", "vendor", "bundle",
			"buy from", "procure from", "made from", "assembled from", "made of", "consist of", "composed of",
			"dep", "deps", "requirement", "pull in", "bring in", "suggest", "recommend", "enhance", "trained on", "fine tuned on", "come after", "taken after", "follow",
			"wait on", "wait for", "blocked on", "gated on", "contingent on", "come from",
			"draw on", "draw upon", "draw from", "served by", "lean on", "receive from", "fed from",
			"build from", "built from", "compute from", "computed from", "generate from", "generated from", "aggregate from", "aggregated from",
			"persist to", "persist in", "save to", "save in", "cache in", "log to", "emit to", "push to", "upload to", "export to", "flush to",
			"cite", "scheduled on", "schedule on", "bound to", "bind to",
			"compile from", "transpile from", "render from", "convert from", "produce from", "extract from",
			"copy from", "fork from", "clone from", "translate from", "adapt from",
			"feed on", "feed off", "prey on", "eat", "live on", "subsist on",
		},
		inverseVerbs: []string{"host", "provide", "provide to", "supply", "supply to", "feed", "feed into", "power", "back", "serve", "serve to", "enable", "unlock", "used in", "go into", "used by", "enrich", "recommended before", "required before", "taken before", "come before", "precede", "ship to", "sell to", "deliver to",
			"block", "unblock", "gate", "hold up", "trigger",
			// Causing and leading to: what follows depends on its cause.
			"cause", "lead to", "result in", "required for", "needed for", "necessary for",
			// Making: what is made depends on its maker ("configure
			// generates config.h"); "generated from" reads the other way.
			"generate", "produce", "build", "compute", "spawn", "output"},
		gapVerbs: []string{"get from", "receive from", "obtain from", "draw from", "take from", "buy from", "purchase from",
			"order from", "pull from", "fetch from", "import from", "load from", "read from", "source from", "inherit from",
			"borrow from", "copy from", "send to", "write to", "publish to", "forward to", "push to"},
		gapInverse:  []string{"supply to", "provide to", "ship to", "sell to", "deliver to", "send out to", "feed to", "give to", "serve to"},
		firstNouns:  []string{"dependent", "user", "consumer", "client", "importer", "caller", "customer", "buyer", "reverse dependency", "rdep", "output", "sink"},
		secondNouns: []string{"dependency", "dep", "requirement", "prerequisite", "prereq", "provider", "supplier", "vendor", "host", "backend", "ingredient", "component", "accessory", "addon", "add on", "source", "input", "origin"},
		positions: []position{
			{"upstream", Second, true}, {"downstream", First, true},
			{"below", Second, false}, {"beneath", Second, false}, {"under", Second, false}, {"underneath", Second, false},
			{"above", First, false}, {"on top", First, false},
		},
	},
	{
		concept: Ownership,
		generic: []string{"own", "maintain", "responsible for"},
		verbs:   []string{"own", "maintain", "responsible for", "operate", "steward", "look after", "care for", "in charge of", "accountable for", "manage", "administer", "teach", "instruct", "lecture", "author"},
		// "X belongs to Y": Y owns X (also membership and containment).
		inverseVerbs: []string{"belong to"},
		firstNouns:   []string{"owner", "maintainer", "steward", "custodian", "operator", "owning team", "responsible team", "author", "creator"},
		secondNouns:  []string{"asset", "property", "possession", "subsidiary"},
	},
	{
		concept:      Membership,
		generic:      []string{"member of", "belong to"},
		verbs:        []string{"member of", "belong to", "work in", "work on", "part of team", "in team", "on team", "join", "assigned to", "staffed on", "sit in", "serve on"},
		inverseVerbs: []string{"include", "have member", "staffed by", "comprise"},
		firstNouns:   []string{"member", "staff", "staffer", "employee"}, // not "teammate": a fellow member, two hops
		secondNouns:  []string{"team", "group", "squad", "department", "org", "organisation", "organization", "unit", "crew", "guild", "tribe", "chapter"},
	},
	{
		concept:      Reporting,
		generic:      []string{"report to"},
		verbs:        []string{"report to", "work for", "managed by", "supervised by", "led by", "overseen by", "answer to"},
		inverseVerbs: []string{"manage", "supervise", "lead", "head", "oversee", "employ"},
		firstNouns:   []string{"report", "direct report", "subordinate", "underling", "reportee"},
		secondNouns:  []string{"manager", "boss", "supervisor", "lead", "superior", "head", "line manager", "skip", "employer"},
		positions: []position{
			{"under", First, false}, {"below", First, false}, {"beneath", First, false}, {"underneath", First, false}, {"reporting line", First, false},
			{"above", Second, false}, {"over", Second, false},
		},
	},
	{
		concept:      Containment,
		generic:      []string{"part of"},
		verbs:        []string{"part of", "child of", "located in", "contained in", "containedby", "inside", "within", "subclass of", "subcategory of", "subset of", "sub of", "section of", "piece of", "nested in", "belong to"},
		inverseVerbs: []string{"contain", "have part", "parent of", "subdivide into", "enclose"},
		firstNouns:   []string{"child", "part", "piece", "subclass", "subcategory", "subsection", "section", "division"},
		secondNouns:  []string{"parent", "container", "whole", "superclass", "category", "region"},
		positions: []position{
			{"inside", First, false}, {"within", First, false},
		},
	},
	{
		concept:     OnCall,
		generic:     []string{"on call for", "on call"},
		verbs:       []string{"on call for", "on call", "oncall", "oncall for", "paged for", "get paged for", "carry the pager for", "responder for", "escalation for"},
		firstNouns:  []string{"on call", "oncall", "on call engineer", "responder", "pager", "first responder"},
		secondNouns: []string{"rotation"},
	},
}

// optionalWords mark a dependency that does not propagate failure: an
// optional, suggested, development, test, peer or extra requirement.
var optionalWords = formsOf("optional", "optionally", "opt", "suggest", "recommend", "dev", "devel", "development", "test", "peer", "extra", "weak", "soft", "enhance", "supplement", "plugin", "maybe", "may", "could", "accessory", "addon", "recommended")

// IsOptionalWord reports whether a lower-case word marks an optional
// dependency ("optional", "extra", "dev", "peer", ...).
func IsOptionalWord(w string) bool { return optionalWords[w] }

// compiled is the table with its phrases built.
type compiled struct {
	def                     *conceptDef
	verbs, inverse          []phrase
	gapVerbs, gapInverse    []gapPhrase
	generic                 map[string]bool
	firstNouns, secondNouns []phrase
	positions               []compiledPosition
	// nameNouns are the role nouns relation names are read with: the
	// concept's nouns and the positions that also name relations
	// ("upstream_of").
	nameNouns []roleNoun
}

// roleNoun is a noun and the role of the entity it names.
type roleNoun struct {
	p    phrase
	role Role
}

type compiledPosition struct {
	p       phrase
	answers Role
}

var table = func() []compiled {
	out := make([]compiled, len(concepts))
	for i := range concepts {
		d := &concepts[i]
		c := compiled{def: d, generic: map[string]bool{}}
		for _, v := range d.verbs {
			c.verbs = append(c.verbs, newPhrase(v))
		}
		for _, v := range d.generic {
			c.generic[v] = true
		}
		for _, v := range d.inverseVerbs {
			c.inverse = append(c.inverse, newPhrase(v))
		}
		for _, v := range d.gapVerbs {
			c.gapVerbs = append(c.gapVerbs, newGapPhrase(v))
		}
		for _, v := range d.gapInverse {
			c.gapInverse = append(c.gapInverse, newGapPhrase(v))
		}
		for _, n := range d.firstNouns {
			c.firstNouns = append(c.firstNouns, newPhrase(n))
			c.nameNouns = append(c.nameNouns, roleNoun{newPhrase(n), First})
		}
		for _, n := range d.secondNouns {
			c.secondNouns = append(c.secondNouns, newPhrase(n))
			c.nameNouns = append(c.nameNouns, roleNoun{newPhrase(n), Second})
		}
		for _, p := range d.positions {
			c.positions = append(c.positions, compiledPosition{newPhrase(p.words), p.answers})
			if p.names {
				c.nameNouns = append(c.nameNouns, roleNoun{newPhrase(p.words), p.answers})
			}
		}
		out[i] = c
	}
	return out
}()

// inverseVerb reports whether base phrase v is one of the concept's
// inverse verbs.
func (c *compiled) inverseVerb(v string) bool {
	return slices.Contains(c.def.inverseVerbs, v)
}

// ConceptNames returns the names of the known concepts, None excluded.
func ConceptNames() []string { return append([]string(nil), conceptNames[1:]...) }

// kindWords are the generic nouns for what a graph holds ("package",
// "service", "module"): a question's "which packages" names every entity of
// a package graph, not those whose names say "package"; and a mention
// made only of such words ("the service") names no entity in particular.
var kindWords = formsOf("package", "module", "library", "lib", "component", "service", "microservice", "svc",
	"distribution", "dist", "crate", "gem", "dependency", "dep", "project", "app", "application", "thing", "item",
	"node", "entity", "system", "tool", "artifact", "plugin", "extension", "program", "binary", "unit", "resource",
	"asset", "one", "database", "db", "api", "software", "repo", "repository", "workload", "container", "image",
	"target", "formula", "bundle", "source", "script", "file", "object", "element", "job", "function", "product")

// IsKindWord reports whether a lower-case word is a generic noun for what
// a graph holds ("packages", "service", "modules").
func IsKindWord(w string) bool { return kindWords[w] }
