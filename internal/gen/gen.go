package gen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Kind is the type of a generated entity.
type Kind uint8

// The entity kinds, named as the schema's types.
const (
	Service Kind = iota
	Database
	Queue
	Cache
	Team
	Person
	Host
	Library
	numKinds
)

var kindNames = [numKinds]string{"Service", "Database", "Queue", "Cache", "Team", "Person", "Host", "Library"}

func (k Kind) String() string { return kindNames[k] }

// Rel is a generated relation.
type Rel uint8

// The relations.
const (
	Calls Rel = iota
	DependsOn
	OptionallyDependsOn
	DevDependsOn
	ReadsFrom
	WritesTo
	PublishesTo
	Consumes
	Owns
	MemberOf
	OnCallFor
	RunsOn
	numRels
)

var relNames = [numRels]string{
	"CALLS", "DEPENDS_ON", "OPTIONALLY_DEPENDS_ON", "DEV_DEPENDS_ON", "READS_FROM", "WRITES_TO",
	"PUBLISHES_TO", "CONSUMES", "OWNS", "MEMBER_OF", "ON_CALL_FOR", "RUNS_ON",
}

func (r Rel) String() string { return relNames[r] }

// dependency reports whether a failure of a triple's object affects its
// subject (all the dependency relations here are subject-dependent).
func (r Rel) dependency() bool {
	switch r {
	case Calls, DependsOn, ReadsFrom, WritesTo, PublishesTo, Consumes, Owns, RunsOn:
		return true
	}
	return false
}

// Options say what to generate.
type Options struct {
	// Triples is the exact number of (distinct) triples; at least 1.
	Triples int
	// Seed makes the graph: the same options give the same graph.
	Seed uint64
	// HubDegree, when positive, adds a hub: that many extra client
	// services (counted in Triples) each CALLS the first service, so that
	// one entity has HubDegree incoming edges.
	HubDegree int
}

// Graph is a generated graph. Entities and triples are kept as small
// integers; names are derived from them on demand.
type Graph struct {
	opts  Options
	kinds []Kind  // entity id -> kind
	seq   []int32 // entity id -> index among the entities of its kind
	s, o  []int32 // triple -> subject, object
	r     []Rel   // triple -> relation
	count [numKinds]int32
	hub   int32 // the hub entity, or -1
	// firstClient is the first of the hub's clients (entities from it on
	// are named client-N).
	firstClient int32

	// Built for questions (index): triples by subject and by object.
	outOff, inOff []int32
	outT, inT     []int32
}

// generator holds the growth state.
type generator struct {
	g      *Graph
	rng    *rand.Rand
	target int // triples to generate before the hub edges
	// Pools sampled from. Appending an entity once per incoming edge
	// makes sampling from the pool preferential (power law).
	services, callPool  []int32
	teams, hosts, libs  []int32
	dbs, dbPool         []int32
	queues, queuePool   []int32
	caches              []int32
	libPool, anyDepPool []int32
	teamOf              []int32 // service index -> its team
	// made holds the triples of the current service (a subject names
	// each object of a relation once); picked the objects of the current
	// call to distinct.
	made                 []madeTriple
	picked               []int32
	callsZipf, devZipf   *rand.Zipf
	readsZipf, depsZipf  *rand.Zipf
	consumeZipf, optZipf *rand.Zipf
}

// Generate builds a graph. It panics if opts.Triples < 1 or HubDegree is
// negative or not below Triples (the CLI checks first).
func Generate(opts Options) *Graph {
	if opts.Triples < 1 || opts.HubDegree < 0 || opts.HubDegree >= opts.Triples {
		panic(fmt.Sprintf("gen: bad options %+v", opts))
	}
	g := &Graph{opts: opts, hub: -1}
	g.s = make([]int32, 0, opts.Triples)
	g.o = make([]int32, 0, opts.Triples)
	g.r = make([]Rel, 0, opts.Triples)
	rng := rand.New(rand.NewPCG(opts.Seed, 0x5c9a_0123_4567_89ab))
	gn := &generator{g: g, rng: rng, target: opts.Triples - opts.HubDegree}
	gn.callsZipf = rand.NewZipf(rng, 1.6, 1, 60)
	gn.devZipf = rand.NewZipf(rng, 2.2, 1, 6)
	gn.readsZipf = rand.NewZipf(rng, 2.5, 1, 5)
	gn.depsZipf = rand.NewZipf(rng, 2.5, 1, 4)
	gn.consumeZipf = rand.NewZipf(rng, 2.5, 1, 4)
	gn.optZipf = rand.NewZipf(rng, 3, 1, 3)
	for len(g.s) < gn.target {
		gn.service()
	}
	// Entities made for a triple the target left out are dropped.
	used := int32(-1)
	for i := range g.s {
		used = max(used, g.s[i], g.o[i])
	}
	for int32(len(g.kinds)) > used+1 {
		k := g.kinds[len(g.kinds)-1]
		g.count[k]--
		g.kinds, g.seq = g.kinds[:len(g.kinds)-1], g.seq[:len(g.seq)-1]
	}
	g.firstClient = int32(len(g.kinds))
	if opts.HubDegree > 0 {
		if len(gn.services) == 0 {
			gn.services = append(gn.services, g.add(Service))
			g.firstClient++
		}
		g.hub = gn.services[0]
		for range opts.HubDegree {
			c := g.add(Service)
			g.s, g.o, g.r = append(g.s, c), append(g.o, g.hub), append(g.r, Calls)
		}
	}
	return g
}

func (g *Graph) add(k Kind) int32 {
	id := int32(len(g.kinds))
	g.kinds = append(g.kinds, k)
	g.seq = append(g.seq, g.count[k])
	g.count[k]++
	return id
}

// emit adds a triple unless the target is reached; it reports whether
// there is room for more.
func (gn *generator) emit(s int32, r Rel, o int32) bool {
	g := gn.g
	if len(g.s) >= gn.target {
		return false
	}
	gn.made = append(gn.made, madeTriple{s, r, o})
	g.s, g.o, g.r = append(g.s, s), append(g.o, o), append(g.r, r)
	return len(g.s) < gn.target
}

type madeTriple struct {
	s int32
	r Rel
	o int32
}

// distinct emits s -r-> o for up to n objects drawn by pick, skipping
// the triples already made (a subject names each object of a relation
// once). The objects emitted are left in gn.picked.
func (gn *generator) distinct(s int32, r Rel, n int, pick func() int32) {
	gn.picked = gn.picked[:0]
	for tries := 0; len(gn.picked) < n && tries < 3*n; tries++ {
		o := pick()
		if o < 0 || o == s || gn.has(s, r, o) {
			continue
		}
		gn.picked = append(gn.picked, o)
		if !gn.emit(s, r, o) {
			return
		}
	}
}

func (gn *generator) has(s int32, r Rel, o int32) bool {
	for _, t := range gn.made {
		if t == (madeTriple{s, r, o}) {
			return true
		}
	}
	return false
}

// pref draws from a preferential pool, or uniformly from all with
// probability uniform; -1 when both are empty.
func (gn *generator) pref(pool, all []int32, uniform float64) int32 {
	switch {
	case len(all) == 0:
		return -1
	case len(pool) == 0 || gn.rng.Float64() < uniform:
		return all[gn.rng.IntN(len(all))]
	}
	return pool[gn.rng.IntN(len(pool))]
}

// team returns the team for a new service: a new one now and then (each
// with its members and on-call rotation), else an existing one, the
// bigger ones more often.
func (gn *generator) team() int32 {
	g := gn.g
	if len(gn.teams) == 0 || gn.rng.IntN(14) == 0 {
		t := g.add(Team)
		gn.teams = append(gn.teams, t)
		members := 3 + gn.rng.IntN(5)
		for i := range members {
			p := g.add(Person)
			gn.emit(p, MemberOf, t)
			if i < 2 {
				gn.emit(p, OnCallFor, t)
			}
		}
		return t
	}
	if gn.rng.IntN(3) == 0 {
		return gn.teams[gn.rng.IntN(len(gn.teams))]
	}
	// The team of a random service: proportional to team size.
	return gn.teamOf[gn.rng.IntN(len(gn.teamOf))]
}

// service grows the graph by one service with its edges.
func (gn *generator) service() {
	g, rng := gn.g, gn.rng
	team := gn.team()
	if len(g.s) >= gn.target {
		return
	}
	id := g.add(Service)
	gn.teamOf = append(gn.teamOf, team)
	gn.made = gn.made[:0]
	if !gn.emit(team, Owns, id) {
		return
	}
	// Hosts: one or two, new hosts now and then.
	gn.distinct(id, RunsOn, 1+rng.IntN(2), func() int32 {
		if len(gn.hosts) == 0 || rng.Float64() < 0.3 {
			h := g.add(Host)
			gn.hosts = append(gn.hosts, h)
			return h
		}
		return gn.hosts[rng.IntN(len(gn.hosts))]
	})
	// Its own data stores.
	if rng.Float64() < 0.25 {
		db := g.add(Database)
		gn.dbs = append(gn.dbs, db)
		gn.anyDepPool = append(gn.anyDepPool, db)
		gn.emit(team, Owns, db)
		gn.emit(id, WritesTo, db)
		gn.emit(id, ReadsFrom, db)
		gn.dbPool = append(gn.dbPool, db)
	}
	if rng.Float64() < 0.12 {
		q := g.add(Queue)
		gn.queues = append(gn.queues, q)
		gn.anyDepPool = append(gn.anyDepPool, q)
		gn.emit(team, Owns, q)
		gn.emit(id, PublishesTo, q)
	}
	if rng.Float64() < 0.08 {
		c := g.add(Cache)
		gn.caches = append(gn.caches, c)
		gn.emit(team, Owns, c)
		gn.emit(id, ReadsFrom, c)
		gn.emit(id, WritesTo, c)
	}
	// Calls to earlier services: power-law out-degree, targets by
	// preferential attachment (the call graph stays acyclic).
	gn.distinct(id, Calls, int(gn.callsZipf.Uint64()), func() int32 { return gn.pref(gn.callPool, gn.services, 0.3) })
	for _, t := range gn.picked {
		gn.callPool = append(gn.callPool, t)
	}
	// Shared databases and queues.
	gn.distinct(id, ReadsFrom, int(gn.readsZipf.Uint64()), func() int32 { return gn.pref(gn.dbPool, gn.dbs, 0.4) })
	for _, t := range gn.picked {
		gn.dbPool = append(gn.dbPool, t)
	}
	gn.distinct(id, Consumes, int(gn.consumeZipf.Uint64()), func() int32 { return gn.pref(gn.queuePool, gn.queues, 0.5) })
	for _, t := range gn.picked {
		gn.queuePool = append(gn.queuePool, t)
	}
	gn.distinct(id, DependsOn, int(gn.depsZipf.Uint64()), func() int32 {
		if rng.IntN(2) == 0 {
			return gn.pref(gn.callPool, gn.services, 0.5)
		}
		return gn.pref(nil, gn.anyDepPool, 1)
	})
	gn.distinct(id, OptionallyDependsOn, int(gn.optZipf.Uint64()), func() int32 { return gn.pref(gn.callPool, gn.services, 0.5) })
	// Build-time libraries: a few very popular ones, a long tail.
	gn.distinct(id, DevDependsOn, 1+int(gn.devZipf.Uint64()), func() int32 {
		if len(gn.libs) == 0 || rng.Float64() < 0.04 {
			l := g.add(Library)
			gn.libs = append(gn.libs, l)
			return l
		}
		return gn.pref(gn.libPool, gn.libs, 0.2)
	})
	for _, t := range gn.picked {
		gn.libPool = append(gn.libPool, t)
	}
	gn.services = append(gn.services, id)
}

// Stats returns the numbers of entities and triples.
func (g *Graph) Stats() (entities, triples int) { return len(g.kinds), len(g.s) }

// Hub returns the hub's name, or "" when the graph has none.
func (g *Graph) Hub() string {
	if g.hub < 0 {
		return ""
	}
	return g.Name(g.hub)
}

// MostCalled returns the name of the service with the most callers (the
// first of them by id), whose impact questions reach furthest: the anchor
// of the closure benchmarks.
func (g *Graph) MostCalled() string {
	calls := make([]int32, len(g.kinds))
	for i, r := range g.r {
		if r == Calls {
			calls[g.o[i]]++
		}
	}
	best := int32(-1)
	for id, k := range g.kinds {
		if k == Service && (best < 0 || calls[id] > calls[best]) {
			best = int32(id)
		}
	}
	if best < 0 {
		return ""
	}
	return g.Name(best)
}

// ClosureAnchor returns a service about size entities depend on,
// transitively, through the dependency relations (the answer set of "what
// is affected if it goes down"), and how many: among the services in order
// of their callers, one whose dependents are nearest size, or the one with
// the most when none has that many. It is for benchmarks of large
// closures.
func (g *Graph) ClosureAnchor(size int) (name string, dependents int) {
	g.index()
	calls := make([]int32, len(g.kinds))
	for i, r := range g.r {
		if r == Calls {
			calls[g.o[i]]++
		}
	}
	var svc []int32
	for id, k := range g.kinds {
		if k == Service {
			svc = append(svc, int32(id))
		}
	}
	if len(svc) == 0 {
		return "", 0
	}
	slices.SortStableFunc(svc, func(a, b int32) int { return int(calls[b] - calls[a]) })
	seen := make([]uint32, len(g.kinds))
	stamp := uint32(0)
	reach := func(start int32) int {
		stamp++
		seen[start] = stamp
		frontier, n := []int32{start}, 0
		for len(frontier) > 0 {
			var next []int32
			for _, v := range frontier {
				for _, t := range g.inT[g.inOff[v]:g.inOff[v+1]] {
					if nb := g.s[t]; g.r[t].dependency() && seen[nb] != stamp {
						seen[nb] = stamp
						next = append(next, nb)
						n++
					}
				}
			}
			frontier = next
		}
		return n
	}
	// The most called services reach the most: search their ranks for the
	// last one reaching size or more, then take the one nearest size among
	// the services around it (reach is not quite monotone in the rank).
	lo, hi := 0, len(svc)-1
	if n := reach(svc[0]); n < size {
		return g.Name(svc[0]), n
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if reach(svc[mid]) >= size {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	best, bestN := svc[lo], reach(svc[lo])
	far := func(n int) float64 { return math.Abs(math.Log(float64(max(n, 1)) / float64(size))) }
	for r := max(0, lo-8); r <= min(len(svc)-1, lo+8); r++ {
		if n := reach(svc[r]); far(n) < far(bestN) {
			best, bestN = svc[r], n
		}
	}
	return g.Name(best), bestN
}

// Words names are made of.
var (
	domains = [...]string{
		"payment", "checkout", "cart", "order", "inventory", "catalog", "search", "pricing", "shipping", "billing",
		"invoice", "ledger", "fraud", "identity", "auth", "session", "profile", "account", "notification", "email",
		"sms", "push", "recommendation", "review", "rating", "media", "image", "video", "upload", "export",
		"report", "analytics", "metrics", "audit", "compliance", "tax", "refund", "subscription", "promotion", "coupon",
		"loyalty", "gift", "wishlist", "address", "geo", "routing", "warehouse", "fulfillment", "returns", "support",
		"ticket", "chat", "feed", "ranking", "ads", "bidding", "campaign", "partner", "vendor", "supplier",
	}
	roles     = [...]string{"api", "service", "worker", "gateway", "bff", "scheduler", "indexer", "proxy", "adapter", "engine", "processor", "sync"}
	firsts    = [...]string{"ana", "ben", "chen", "dara", "eli", "fatima", "gus", "hana", "ivan", "jo", "kofi", "lena", "mo", "nina", "omar", "priya", "quinn", "raj", "sara", "tom", "uma", "vik", "wen", "yuki", "zoe"}
	lasts     = [...]string{"kim", "silva", "okafor", "novak", "garcia", "ito", "muller", "haddad", "khan", "lopez", "smith", "tanaka", "ward", "zhou", "berg"}
	libraries = [...]string{"json", "grpc", "http", "log", "metrics", "tracing", "config", "retry", "cache", "crypto", "yaml", "orm", "queue", "test", "mock", "cli"}
	queueWord = [...]string{"events", "queue", "topic", "stream"}
)

// mix is SplitMix64's finaliser: names pick their words by it.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Name returns entity id's name: unique, derived from its kind, its
// index among its kind and the seed.
func (g *Graph) Name(id int32) string {
	return string(g.appendName(nil, id))
}

func (g *Graph) appendName(b []byte, id int32) []byte {
	k, n := g.kinds[id], g.seq[id]
	h := mix(g.opts.Seed ^ uint64(k)<<56 ^ uint64(n)*0x9e3779b97f4a7c15)
	dom := domains[h%uint64(len(domains))]
	h /= uint64(len(domains))
	switch k {
	case Service:
		if id >= g.firstClient {
			b = append(b, "client-"...)
			return strconv.AppendInt(b, int64(id-g.firstClient), 10)
		}
		b = append(b, dom...)
		b = append(b, '-')
		b = append(b, roles[h%uint64(len(roles))]...)
	case Database:
		b = append(b, dom...)
		b = append(b, "-db"...)
	case Queue:
		b = append(b, dom...)
		b = append(b, '-')
		b = append(b, queueWord[h%uint64(len(queueWord))]...)
	case Cache:
		b = append(b, dom...)
		b = append(b, "-cache"...)
	case Team:
		b = append(b, "team-"...)
		b = append(b, dom...)
	case Person:
		b = append(b, firsts[h%uint64(len(firsts))]...)
		b = append(b, '.')
		h /= uint64(len(firsts))
		b = append(b, lasts[h%uint64(len(lasts))]...)
	case Host:
		b = append(b, "host"...)
	case Library:
		b = append(b, "lib"...)
		b = append(b, libraries[h%uint64(len(libraries))]...)
	}
	b = append(b, '-')
	return strconv.AppendInt(b, int64(n), 10)
}

// Format is an output format for the triples.
type Format string

// The formats, as triplefile.Read reads them.
const (
	JSONL Format = "jsonl" // with subject_type and object_type
	TSV   Format = "tsv"
	Pipe  Format = "pipe"
	CSV   Format = "csv" // with a header and the types
)

// WriteTriples writes every triple, one a line, in generation order.
func (g *Graph) WriteTriples(w io.Writer, f Format) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	if f == CSV {
		bw.WriteString("subject,relation,object,subject_type,object_type\n")
	}
	var b []byte
	for i := range g.s {
		s, o, r := g.s[i], g.o[i], g.r[i]
		b = b[:0]
		switch f {
		case JSONL:
			b = append(b, `{"subject":"`...)
			b = g.appendName(b, s)
			b = append(b, `","relation":"`...)
			b = append(b, relNames[r]...)
			b = append(b, `","object":"`...)
			b = g.appendName(b, o)
			b = append(b, `","subject_type":"`...)
			b = append(b, kindNames[g.kinds[s]]...)
			b = append(b, `","object_type":"`...)
			b = append(b, kindNames[g.kinds[o]]...)
			b = append(b, "\"}\n"...)
		case CSV:
			b = g.appendName(b, s)
			b = append(b, ',')
			b = append(b, relNames[r]...)
			b = append(b, ',')
			b = g.appendName(b, o)
			b = append(b, ',')
			b = append(b, kindNames[g.kinds[s]]...)
			b = append(b, ',')
			b = append(b, kindNames[g.kinds[o]]...)
			b = append(b, '\n')
		default:
			sep := byte('|')
			if f == TSV {
				sep = '\t'
			}
			b = g.appendName(b, s)
			b = append(b, sep)
			b = append(b, relNames[r]...)
			b = append(b, sep)
			b = g.appendName(b, o)
			b = append(b, '\n')
		}
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}
