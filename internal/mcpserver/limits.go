package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/plan"
)

// Limits on what a client may send. Each is enforced before the input is
// used, and refused with an error that names it; `scgraph mcp --help`
// lists them.
const (
	// MaxMessageBytes bounds one JSON-RPC message: a stdio line, an HTTP
	// request body. A longer stdio line is answered with a JSON-RPC error
	// and skipped without being held in memory; a longer body gets 413.
	MaxMessageBytes = 2 << 20
	// MaxQuestionBytes bounds ask's and explain's question, as the CLI's
	// (plan.DefaultMaxWords bounds its words).
	MaxQuestionBytes = 1 << 20
	// MaxNameBytes bounds an entity name or a mention: the longest name a
	// graph holds (graph.MaxNameBytes).
	MaxNameBytes = graph.MaxNameBytes
	// MaxRelationsArg bounds the relations neighbours takes, and
	// MaxRelationBytes each one's name.
	MaxRelationsArg  = 256
	MaxRelationBytes = 256
	// DefaultBodyReadTimeout bounds reading an HTTP request's body (the
	// headers have their own ReadHeaderTimeout): a client that sends it
	// slowly is cut off rather than held.
	DefaultBodyReadTimeout = 10 * time.Second
	// DefaultMaxSessions bounds the HTTP sessions open at once; a new one
	// beyond it is refused (503) until one closes or idles out.
	DefaultMaxSessions = 64
	// DefaultMaxConcurrentCalls bounds the tool calls running at once;
	// more wait for a slot within their call deadline.
	DefaultMaxConcurrentCalls = 16
)

// checkBytes refuses a string argument longer than most bytes.
func checkBytes(field, v string, most int) error {
	if len(v) > most {
		return fmt.Errorf("%s is %d bytes; at most %d are accepted", field, len(v), most)
	}
	return nil
}

// checkQuestion bounds a question's bytes and words.
func checkQuestion(q string) error {
	if err := checkBytes("question", q, MaxQuestionBytes); err != nil {
		return err
	}
	if err := plan.CheckLength(q, 0); err != nil {
		return fmt.Errorf("question: %w", err)
	}
	return nil
}

// checkRelations bounds neighbours' relation list.
func checkRelations(rels []string) error {
	if len(rels) > MaxRelationsArg {
		return fmt.Errorf("relations has %d names; at most %d are accepted (leave it empty for all)", len(rels), MaxRelationsArg)
	}
	for i, r := range rels {
		if err := checkBytes(fmt.Sprintf("relations[%d]", i), r, MaxRelationBytes); err != nil {
			return err
		}
	}
	return nil
}

// errBusy is the error of a call that found no free slot within its
// deadline.
var errBusy = errors.New("the server is busy: every call slot stayed taken until the call's deadline; try again")

// slots bounds the calls running at once.
type slots chan struct{}

// acquire takes a slot, waiting until ctx ends.
func (s slots) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s <- struct{}{}:
		return func() { <-s }, nil
	case <-ctx.Done():
		return nil, errBusy
	}
}
