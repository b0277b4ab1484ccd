package community

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/text"
)

// QuestionKind is what a global question asks for, which decides the
// signal its ranking adds to similarity.
type QuestionKind int

const (
	// Overview questions ask what the parts of the system are ("what are
	// the main areas of the system?"): larger communities rank higher.
	Overview QuestionKind = iota
	// Risks questions ask where things can go wrong ("what are the
	// biggest risks in our infrastructure?", "where are our single points
	// of failure?"): communities with many dependents and incidents rank
	// higher.
	Risks
)

func (k QuestionKind) String() string {
	if k == Risks {
		return "risks"
	}
	return "overview"
}

// MarshalText writes the kind's name in JSON.
func (k QuestionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *QuestionKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "risks":
		*k = Risks
	case "overview":
		*k = Overview
	default:
		return fmt.Errorf("question kind %q: want risks or overview", b)
	}
	return nil
}

// riskStems are the stemmed words that make a question a Risks question.
var riskStems = map[string]bool{
	"risk": true, "risky": true, "fail": true, "failure": true, "outage": true, "incident": true,
	"fragile": true, "danger": true, "dangerous": true, "weak": true, "vulnerable": true,
	"bottleneck": true, "spof": true, "break": true, "critical": true, "threat": true,
}

// Classify returns the kind of a global question.
func Classify(question string) QuestionKind {
	for _, w := range (text.Splitter{Stem: true}).Split(question) {
		if riskStems[w] {
			return Risks
		}
	}
	return Overview
}

// RankedSummary is a community summary ranked for a question, with the
// passages it cites.
type RankedSummary struct {
	// N numbers the summaries of an answer from 1; the answer cites [N].
	N         int    `json:"n"`
	Community string `json:"community"`
	Title     string `json:"title"`
	Summary   string `json:"summary"`
	Writer    string `json:"writer"`
	// Score = Similarity + SignalWeight × Signal.
	Score float64 `json:"score"`
	// Similarity is the cosine of the question's and the summary's vectors.
	Similarity float64 `json:"similarity"`
	// Signal is the community's risk (Risks) or relative size (Overview),
	// in [0, 1].
	Signal       float64         `json:"signal"`
	Members      int             `json:"members"`
	Relations    []RelationCount `json:"relations,omitempty"`
	SinglePoints []Member        `json:"single_points,omitempty"`
	Tickets      []string        `json:"tickets,omitempty"`
	Documents    []string        `json:"documents,omitempty"`
	Passages     []Passage       `json:"passages"`
}

// GlobalAnswer answers a question about the whole graph from community
// summaries.
type GlobalAnswer struct {
	Question string       `json:"question"`
	Kind     QuestionKind `json:"kind"`
	// Text is the answer, citing the summaries as [N].
	Text      string          `json:"text"`
	Summaries []RankedSummary `json:"summaries"`
	// Considered is the number of communities ranked.
	Considered int `json:"considered"`
}

// AnswerOptions tune an Answerer. The zero value gives the defaults.
type AnswerOptions struct {
	// Top is how many summaries an answer gives. Default 3.
	Top int
	// SignalWeight weighs the kind's signal against similarity. Default 1.
	SignalWeight float64
	// Embedder embeds questions, named EmbedderName; it must be the one
	// the file's vectors were made with. Default embed.NewHashed(),
	// "hashed-512".
	Embedder     embeddings.Embedder
	EmbedderName string
}

// Answerer answers global questions from a communities file.
type Answerer struct {
	file *File
	opts AnswerOptions
}

// ErrNoCommunities is returned for a question on a file with no communities.
var ErrNoCommunities = errors.New("no communities: the graph has no facts between entities")

// NewAnswerer returns an answerer over the file's summaries.
func NewAnswerer(f *File, opts AnswerOptions) (*Answerer, error) {
	if opts.Top <= 0 {
		opts.Top = 3
	}
	if opts.SignalWeight <= 0 {
		opts.SignalWeight = 1
	}
	if opts.Embedder == nil {
		opts.Embedder, opts.EmbedderName = embed.NewHashed(), DefaultEmbedderName
	}
	if f.Embedder != opts.EmbedderName {
		return nil, fmt.Errorf("the summaries were embedded by %q, questions would be by %q: build the communities again with it", f.Embedder, opts.EmbedderName)
	}
	return &Answerer{file: f, opts: opts}, nil
}

// OpenAnswerer reads the communities kept beside a snapshot (Path) and
// returns an answerer over them. A snapshot without them is an error that
// says how to make them.
func OpenAnswerer(snapshot string, opts AnswerOptions) (*Answerer, error) {
	f, err := ReadFile(Path(snapshot))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s has no communities beside it (%s): run 'scgraph communities --graph %s' (ingest --docs makes them too)", snapshot, Path(snapshot), snapshot)
	}
	if err != nil {
		return nil, err
	}
	return NewAnswerer(f, opts)
}

// AnswerGlobal ranks the community summaries for the question and answers
// with the top ones. The score of a summary is
//
//	cosine(question, summary) + SignalWeight × signal
//
// where the signal, for a Risks question, is the community's risk: the
// mean of its most-depended-on member's dependents and of the tickets and
// error codes its documents name, each divided by the largest over all
// communities; for an Overview question, the community's member count
// divided by the largest. Ties go to the smaller ID.
func (a *Answerer) AnswerGlobal(ctx context.Context, question string) (GlobalAnswer, error) {
	ans := GlobalAnswer{Question: question, Kind: Classify(question), Considered: len(a.file.Communities)}
	if len(a.file.Communities) == 0 {
		return ans, ErrNoCommunities
	}
	qv, err := a.opts.Embedder.EmbedQuery(ctx, question)
	if err != nil {
		return ans, fmt.Errorf("embedding the question: %w", err)
	}
	signals := signalsFor(a.file.Communities, ans.Kind)
	var ranked []RankedSummary
	for i, c := range a.file.Communities {
		sim := embed.Cosine(qv, c.Vector)
		ranked = append(ranked, RankedSummary{Community: c.ID, Title: c.Title, Summary: c.Summary, Writer: c.Writer,
			Similarity: round4(sim), Signal: round4(signals[i]), Score: round4(sim + a.opts.SignalWeight*signals[i]),
			Members: len(c.Members), Relations: c.Relations, SinglePoints: c.SinglePoints, Tickets: c.Tickets, Documents: c.Documents, Passages: c.Passages})
	}
	slices.SortFunc(ranked, func(x, y RankedSummary) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Community, y.Community))
	})
	ans.Summaries = ranked[:min(a.opts.Top, len(ranked))]
	for i := range ans.Summaries {
		ans.Summaries[i].N = i + 1
		if ans.Kind == Risks {
			// Passages that name incidents and tickets first.
			ps := slices.Clone(ans.Summaries[i].Passages)
			slices.SortStableFunc(ps, func(x, y Passage) int { return cmp.Compare(min(len(y.Tickets), 1), min(len(x.Tickets), 1)) })
			ans.Summaries[i].Passages = ps
		}
	}
	ans.Text = answerText(ans)
	return ans, nil
}

// signalsFor returns each community's signal for the kind, in [0, 1].
func signalsFor(cs []Community, kind QuestionKind) []float64 {
	out := make([]float64, len(cs))
	if kind == Overview {
		most := 0
		for _, c := range cs {
			most = max(most, len(c.Members))
		}
		for i, c := range cs {
			out[i] = float64(len(c.Members)) / float64(max(most, 1))
		}
		return out
	}
	deps := make([]int, len(cs))
	mostDeps, mostTickets := 0, 0
	for i, c := range cs {
		for _, m := range c.Members {
			deps[i] = max(deps[i], m.Dependents)
		}
		mostDeps = max(mostDeps, deps[i])
		mostTickets = max(mostTickets, len(c.Tickets))
	}
	for i, c := range cs {
		out[i] = (float64(deps[i])/float64(max(mostDeps, 1)) + float64(len(c.Tickets))/float64(max(mostTickets, 1))) / 2
	}
	return out
}

// answerText writes the answer from the ranked summaries, citing each as
// [N] and its documents.
func answerText(a GlobalAnswer) string {
	var b strings.Builder
	if a.Kind == Risks {
		fmt.Fprintf(&b, "The riskiest parts of the graph, by community summary (%d of %d):\n", len(a.Summaries), a.Considered)
	} else {
		fmt.Fprintf(&b, "The main areas of the graph, by community summary (%d of %d):\n", len(a.Summaries), a.Considered)
	}
	for _, s := range a.Summaries {
		fmt.Fprintf(&b, "[%d] %s.", s.N, s.Title)
		if a.Kind == Risks {
			if len(s.SinglePoints) > 0 {
				var sp []string
				for _, m := range s.SinglePoints {
					sp = append(sp, fmt.Sprintf("%s (a failure reaches %d entities)", m.Name, m.Dependents))
				}
				fmt.Fprintf(&b, " Single points of failure: %s.", strings.Join(sp, ", "))
			} else {
				b.WriteString(" No member has many dependents.")
			}
			if len(s.Tickets) > 0 {
				fmt.Fprintf(&b, " Incidents and tickets: %s.", strings.Join(s.Tickets, ", "))
			}
		} else {
			fmt.Fprintf(&b, " %d members", s.Members)
			if len(s.Relations) > 0 {
				var rs []string
				for _, r := range s.Relations {
					rs = append(rs, fmt.Sprintf("%d %s", r.Count, r.Relation))
				}
				fmt.Fprintf(&b, "; %s", strings.Join(rs, ", "))
			}
			b.WriteString(".")
		}
		if len(s.Documents) > 0 {
			fmt.Fprintf(&b, " Sources: %s.", listSome(s.Documents, maxListedDocuments))
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
