package reading

import (
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// cue is a phrase of question English, matched in any inflection of its
// first word (words.Forms) and as written after it.
type cue struct {
	words []map[string]bool
	text  string
}

func cues(ss ...string) []cue { return makeCues(true, ss) }

// exactCues are matched as written: "direct" must not match "directed".
func exactCues(ss ...string) []cue { return makeCues(false, ss) }

func makeCues(inflect bool, ss []string) []cue {
	out := make([]cue, 0, len(ss))
	for _, s := range ss {
		ws := strings.Fields(s)
		c := cue{text: s}
		for i, w := range ws {
			if i == 0 && inflect {
				c.words = append(c.words, words.FormSet(w))
			} else {
				c.words = append(c.words, map[string]bool{w: true})
			}
		}
		out = append(out, c)
	}
	return out
}

// find returns the token offsets where the cue occurs in toks (their
// text), longest cue lists first is the caller's business.
func (c cue) find(toks []token) []int {
	var at []int
outer:
	for i := 0; i+len(c.words) <= len(toks); i++ {
		for k, set := range c.words {
			if !set[toks[i+k].text] {
				continue outer
			}
		}
		at = append(at, i)
	}
	return at
}

// Extent cues: how far the question asks to go.
var (
	transitiveCues = exactCues("directly or indirectly", "directly or transitively", "direct or transitive", "directly and transitively",
		"transitively or directly", "indirectly or directly", "directly and indirectly or", "direct or indirect", "direct and indirect", "directly and indirectly",
		"including indirect", "including transitive", "transitively", "transitive", "indirectly", "indirect", "all the way down", "all the way up", "all the way back", "all the way",
		"whole", "entire", "full", "recursively", "recursive", "ultimately", "eventually", "at any depth", "any depth",
		"at any level", "any level", "all levels", "every level", "down the line", "down the chain", "somewhere",
		"tree", "chain", "closure", "cascade", "cascading", "knock on", "ripple", "everyone", "everybody",
		"trace", "traces", "tracing", "lineage", "end to end")
	directCues = exactCues("directly", "direct", "immediate", "immediately", "first level", "one hop", "one level",
		"single hop", "first hop", "first order", "first degree", "one step", "single step", "1 hop", "1 level", "itself", "themselves", "not transitively", "without indirect", "excluding indirect", "excluding transitive")
)

// Failure cues: the question asks what a failure affects (or what could
// cause one). Each cue says which role the entity next to it plays.
var (
	// The entity before the cue is failing: "if X goes down", "X is
	// compromised", "when X breaks".
	failsCues = cues("go down", "fail", "break", "crash", "die", "disappear", "vanish", "go away", "go offline",
		"stop working", "misbehave", "degrade", "slow down", "time out", "go missing", "get removed", "get compromised",
		"become unavailable", "have a bug", "have an outage", "have a vulnerability", "have a security vulnerability",
		"be down", "unavailable", "compromised", "removed", "deleted", "deprecated", "corrupted", "hacked", "breached",
		"broken", "offline", "degraded", "retired", "decommissioned", "yanked", "unpublished", "missing", "vulnerable",
		"buggy", "experience latency", "experience an outage", "taken down", "turned off", "shut down", "disabled",
		"experience", "error out", "change", "be updated", "be upgraded", "be modified", "be patched", "get updated",
		"get upgraded", "be bumped", "be rewritten", "be replaced", "be migrated", "be refactored",
		"slip", "be delayed", "get delayed", "delayed", "be late", "run late", "overrun", "stall", "stalled",
		"be disconnected", "disconnected", "get disconnected", "go dark", "lose power", "trip", "tripped", "be unplugged",
		"unplugged", "be powered off", "powered off", "be switched off", "switched off", "go out", "be isolated",
		"isolated", "be interrupted", "interrupted", "be severed", "severed", "overloaded", "be overloaded", "flooded",
		"catch fire", "burn down", "be lost", "be gone", "disappear", "go bankrupt", "close down", "be closed", "closed", "leave", "quit",
		"be sanctioned", "run out", "be exhausted", "be revoked", "revoked", "expire", "expired",
		"stop", "halt", "hang", "freeze", "fall over", "go stale", "be stale", "stale", "be paused", "paused")
	// The entity after the cue is failing: "an outage of X", "a bug in
	// X", "affected by X", "removing X", "without X".
	failureOfCues = cues("outage of", "outage in", "failure of", "failure in", "bug in", "bug of", "vulnerability in",
		"vulnerability of", "security issue in", "incident in", "incident on", "loss of", "removal of", "deletion of",
		"deprecation of", "downtime of", "downtime in", "crash of", "crash in", "breach of", "compromise of",
		"regression in", "cve in", "blast radius of", "impact of", "problem in", "problems with", "issue in",
		"issues with", "affected by", "impacted by", "hit by", "broken by", "at risk from", "exposed to",
		"endangered by", "threatened by", "remove", "delete", "drop", "lose", "without", "kill", "shut down",
		"turn off", "take down", "uninstall", "retire", "decommission", "deprecate", "yank", "unpublish",
		"disconnection of", "interruption of", "shutdown of", "outage at", "failure at", "fire at", "fire in",
		"flood at", "flood in", "disconnect", "unplug", "switch off", "power off", "cut off", "cut power to",
		"bankruptcy of", "departure of", "expiry of", "revocation of")
	// Nouns after the failing entity: "the X outage", "X's failure".
	failureNouns = cues("outage", "failure", "bug", "vulnerability", "incident", "downtime", "crash", "breach",
		"blast radius", "regression", "latency", "errors")
	// Active causal verbs: the entity before is the cause, the one after
	// is affected ("X affects Y", "what would take X down").
	causeCues = cues("affect", "impact", "take down", "knock out", "hurt", "endanger", "threaten", "jeopardize", "put at risk")
	// Consequence words frame the question as impact without naming a
	// role.
	consequenceCues = cues("affected", "impacted", "at risk", "exposed", "feel", "notice", "suffer", "stop working",
		"break", "fail", "impact", "go down", "blast radius", "would be hit", "be hit", "cascade", "rebuild", "be rebuilt",
		"retest", "be retested", "recompile", "be recompiled", "redeploy", "be redeployed", "need to be rebuilt",
		"be cut off", "cut off", "go dark", "lose power", "lose service", "lose access", "be left without",
		"left without", "be disrupted", "disrupted", "be interrupted", "be stranded", "stranded",
		"be alerted", "alerted", "be notified", "notified", "be warned", "be told", "be informed", "get stale", "go stale")
)

// optionalCues ask for optional dependencies to be included.
var optionalCues = exactCues("optional", "optionally", "extra", "extras", "dev", "development", "peer", "test",
	"including optional", "suggested", "recommended", "recommends", "suggests", "weak", "soft")

// whWords start a question or name what is asked ("many": "how many
// ports ...").
var whWords = map[string]bool{"what": true, "which": true, "many": true, "who": true, "whom": true, "whose": true, "list": true, "show": true, "name": true, "give": true, "find": true, "enumerate": true}

// functionWords carry no relation meaning: a question whose every other
// word is one of these, a cue, an entity or a type word asks about the
// entity's neighbourhood; any other word may name a relation, and if none
// of the graph's relations matches it, the question cannot be read.
var functionWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of in on at by to for from with as and or not no nor any some all every each
		is are was were be been being am do does did done doing have has had having can could would should will shall may
		might must if when whenever then than that this these those it its it's there here what which who whom whose where
		how why i me we us you they them our my your their his her he she him let lets please tell show list give name
		find display enumerate print return get gets got see know want need thing things one ones entity entities node
		nodes item items other others else exactly currently now today also still just only really actually about into
		onto upon out up down over under above below between among within without via per across around after before
		s everything anything something nothing everyone anyone someone many much more most few several both either
		neither kind kinds type types sort sorts there's what's who's directly indirectly transitively immediately
		ultimately eventually recursively whole entire full complete any level levels depth way line chain tree hop
		hops first last level single all-the-way including include includes included excluding exclude currently
		would've could've graph overall total totally altogether together`) {
		functionWords[w] = true
	}
}
