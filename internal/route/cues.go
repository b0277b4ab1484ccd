package route

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
)

// word is a question word as written (lower case) and stemmed.
type word struct{ raw, stem string }

func words(q string) []word {
	var out []word
	sp := text.Splitter{Apostrophes: text.SplitApostrophes}
	for _, w := range sp.Split(q) {
		out = append(out, word{raw: w, stem: text.Stem(w)})
	}
	return out
}

// cue is a phrase of stems.
type cue []string

func cueList(phrases ...string) []cue {
	out := make([]cue, len(phrases))
	for i, p := range phrases {
		for _, w := range strings.Fields(p) {
			out[i] = append(out[i], text.Stem(w))
		}
	}
	return out
}

// at reports whether the cue occurs at position i of ws.
func (c cue) at(ws []word, i int) bool {
	if i+len(c) > len(ws) {
		return false
	}
	for k, s := range c {
		if ws[i+k].stem != s && ws[i+k].raw != s {
			return false
		}
	}
	return true
}

func (c cue) String() string { return strings.Join(c, " ") }

// find returns the cues that occur in ws, as written in the question, in
// order, each once; at each position the longest cue, and none inside a
// longer one ("most common", not also "common").
func find(ws []word, cs []cue) []string {
	var out []string
	seen := map[string]bool{}
	for i := 0; i < len(ws); i++ {
		best := 0
		for _, c := range cs {
			if len(c) > best && c.at(ws, i) {
				best = len(c)
			}
		}
		if best == 0 {
			continue
		}
		if s := said(ws[i : i+best]); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
		i += best - 1
	}
	return out
}

func said(ws []word) string {
	raw := make([]string, len(ws))
	for i, w := range ws {
		raw[i] = w.raw
	}
	return strings.Join(raw, " ")
}

// documentNouns name documents and passages, in any domain.
var documentNouns = cueList("document", "documents", "doc", "docs", "documentation", "page", "wiki", "guide", "runbook",
	"playbook", "manual", "handbook", "readme", "article", "note", "notes", "file", "spec", "specification", "section",
	"chapter", "paragraph", "passage", "report", "postmortem", "post mortem", "write up", "writeup", "memo", "policy",
	"procedure", "instructions", "checklist", "faq", "tutorial", "howto", "how to", "adr", "rfc", "design doc", "minutes")

// seekWords ask for something to be found or shown.
var seekWords = cueList("where", "which", "what", "find", "locate", "show", "point", "link", "look up", "open", "get",
	"fetch", "pull up", "search", "need", "want", "is there", "are there", "do we have", "any")

// lookupCues are the words of a lookup, for the reason of a fallback.
var lookupCues = append(cueList("where", "find", "locate", "show me", "look up", "tell me about", "what is", "what are",
	"explain", "describe"), documentNouns...)

// globalCues ask about the graph or corpus as a whole.
var globalCues = cueList("biggest", "largest", "greatest", "main", "top", "key", "overall", "in general", "general",
	"theme", "themes", "topic", "topics", "risk", "risks", "riskiest", "weakest", "weak spot", "weak point", "weakness",
	"weaknesses", "summary", "summarise", "summarize", "summarising", "summarizing", "overview", "across", "big picture",
	"most critical", "most important", "most fragile", "most common", "common", "recurring", "trend", "trends",
	"pattern", "patterns", "hotspot", "hotspots", "bottleneck", "bottlenecks", "single point of failure", "landscape",
	"health", "state of", "lessons", "takeaways", "highlights")

// lookupWindow is how many words before a document noun a seek word may
// stand ("where is the db-v2 cutover runbook": "where" is 6 words before,
// "db-v2" being two).
const lookupWindow = 6

// asksForDocument returns the seek word and document noun when the
// question asks for a document.
func asksForDocument(ws []word) []string {
	for j := range ws {
		for _, n := range documentNouns {
			if !n.at(ws, j) {
				continue
			}
			for i := max(0, j-lookupWindow); i < j; i++ {
				for _, s := range seekWords {
					if s.at(ws, i) && i+len(s) <= j {
						return []string{said(ws[i : i+len(s)]), said(ws[j : j+len(n)])}
					}
				}
			}
		}
	}
	return nil
}

// writtenWords say that something is set down in a document.
var writtenWords = cueList("written down", "written up", "written", "documented", "described", "recorded", "noted",
	"explained", "spelled out", "kept")

// asksWhereWritten returns "where" and the written word when the question
// asks where something is written: "where" first, the written word later.
func asksWhereWritten(ws []word) []string {
	where := slices.IndexFunc(ws, func(w word) bool { return w.raw == "where" })
	if where < 0 {
		return nil
	}
	for j := where + 1; j < len(ws); j++ {
		for _, c := range writtenWords {
			if c.at(ws, j) {
				return []string{"where", said(ws[j : j+len(c)])}
			}
		}
	}
	return nil
}

// procedureCues ask how to do something, in what manner, or how long or how
// often: a procedure, a manner or a measure, which the passages state and no
// relation of the graph does ("how do I build X", "how can X be recreated",
// "how long does X wait between polls to Y"). "How many" and "how much"
// count and "how is X connected to Y" asks for a path: not among them.
var procedureCues = cueList("how long", "how often", "how frequently", "how soon", "how to", "how can", "how could",
	"how should", "how would", "how might", "how must", "how may", "how do i", "how do we", "how do you",
	"how does one", "how did i", "how did we", "how did you")

// mannerWords open a question about the ways something is done ("in what
// two ways do X and Y communicate"): one word may stand before the noun.
var mannerWords, mannerNouns = cueList("in what", "in which"), cueList("way", "ways")

// asksProcedure returns the cue when the question asks for a procedure, a
// manner or a measure of time.
func asksProcedure(ws []word) []string {
	if cues := find(ws, procedureCues); len(cues) > 0 {
		return cues[:1]
	}
	for i := range ws {
		for _, m := range mannerWords {
			if !m.at(ws, i) {
				continue
			}
			for j := i + len(m); j <= i+len(m)+1 && j < len(ws); j++ {
				for _, n := range mannerNouns {
					if n.at(ws, j) {
						return []string{said(ws[i : j+len(n)])}
					}
				}
			}
		}
	}
	return nil
}
