package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// mergesFixture names one service three ways and another two ways.
var mergesFixture = []graph.Triple{
	{Subject: "payment-service", Relation: "CALLS", Object: "ledger-service", SubjectType: "Service", ObjectType: "Service"},
	{Subject: "Payment Service", Relation: "DEPENDS_ON", Object: "payments-db", SubjectType: "Service", ObjectType: "Database"},
	{Subject: "payment_service", Relation: "CALLS", Object: "auth-svc", SubjectType: "Service", ObjectType: "Service"},
	{Subject: "checkout-service", Relation: "CALLS", Object: "Authentication Service", SubjectType: "Service", ObjectType: "Service"},
	{Subject: "team-payments", Relation: "OWNS", Object: "payment-service", SubjectType: "Team", ObjectType: "Service"},
	{Subject: "orders-db", Relation: "REPLACES", Object: "orders-db-v1", SubjectType: "Database", ObjectType: "Database"},
}

// writeMergesFixture writes mergesFixture as a snapshot in dir.
func writeMergesFixture(t *testing.T, dir string) string {
	t.Helper()
	snap := filepath.Join(dir, "m.snap")
	st := memstore.New()
	if _, err := st.AddTriples(t.Context(), mergesFixture); err != nil {
		t.Fatal(err)
	}
	if err := st.WriteSnapshotFile(t.Context(), snap); err != nil {
		t.Fatal(err)
	}
	return snap
}

// decisionTime matches the time a decision was taken, in JSON.
var decisionTime = regexp.MustCompile(`"at": "[^"]+"`)

// TestMergesSteps runs every action of 'scgraph merges', and every
// refusal, on a small snapshot in turn, and pins the exit code and
// everything printed (the folder written DIR, decision times AT).
func TestMergesSteps(t *testing.T) {
	dir := t.TempDir()
	snap := writeMergesFixture(t, dir)
	before, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	gold := filepath.Join(dir, "dups.jsonl")
	aliases := filepath.Join(dir, "aliases.txt")
	badAliases := filepath.Join(dir, "bad-aliases.txt")
	for name, text := range map[string]string{
		gold:       `{"name": "payment_service", "same_as": "payment-service"}` + "\n" + `{"name": "Payment Service", "same_as": "payment-service"}` + "\n" + `{"name": "orders-db-v1", "same_as": "orders-db"}` + "\n",
		aliases:    "auth-svc: checkout-service\n",
		badAliases: "no colon here\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{args: []string{"list", "--graph", "SNAP", "m-a52ac8ff"}, code: 2, stderr: `scgraph merges: list takes no IDs
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"accept", "--graph", "SNAP"}, code: 2, stderr: `scgraph merges: accept needs candidate IDs (see 'scgraph merges list'), or --min-confidence to accept every candidate at or above it
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"reject", "--graph", "SNAP"}, code: 2, stderr: `scgraph merges: reject needs the IDs of candidates or decisions (see 'scgraph merges list')
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"undo", "--graph", "SNAP"}, code: 2, stderr: `scgraph merges: undo needs the IDs of candidates or decisions (see 'scgraph merges list')
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"acept", "--graph", "SNAP"}, code: 2, stderr: `scgraph merges: unknown action "acept": want list, accept, reject or undo; did you mean accept?
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"accept", "--graph", "SNAP", "--gold", "GOLD", "m-a52ac8ff"}, code: 2, stderr: `scgraph merges: --gold goes with list
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"list"}, code: 2, stderr: `scgraph merges: --graph FILE.snap is required: merges rewrite a snapshot ('scgraph ingest -o FILE.snap' writes one)
Run 'scgraph merges --help' for usage.
`},
		{args: []string{"list", "--graph", "DIR/missing.snap"}, code: 1, stderr: "scgraph merges: open DIR/missing.snap: no such file or directory\n"},
		{args: []string{"list", "--graph", "GOLD"}, code: 1, stderr: "scgraph merges: DIR/dups.jsonl: not a scgraph snapshot; merges rewrite a snapshot: write one with 'scgraph ingest -o FILE.snap DIR/dups.jsonl'\n"},
		{args: []string{"list", "--graph", "SNAP", "--aliases", "BAD"}, code: 1, stderr: "scgraph merges: DIR/bad-aliases.txt:1: want \"entity: alias, alias\", got \"no colon here\"\n"},
		{args: []string{"list", "--graph", "SNAP"}, stdout: `4 candidate merges in DIR/m.snap (11 entities), best first:
  m-765d288e  0.95  payment_service (Service, 1 fact)  →  keep Payment Service (Service, 1 fact)
        normalized   0.95  both normalise to "paymentservice"
  m-a52ac8ff  0.95  Payment Service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
  m-050d4885  0.95  payment_service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
  m-65e004fe  0.80  Authentication Service (Service, 1 fact)  →  keep auth-svc (Service, 1 fact)
        abbreviation 0.80  abbreviations expanded and the service head dropped, both read "authentication"
accept with: scgraph merges accept --graph DIR/m.snap ID...; reject with: scgraph merges reject --graph DIR/m.snap ID...
`},
		{args: []string{"list", "--graph", "SNAP", "--aliases", "ALIASES", "--threshold", "-1", "--min-confidence", "0.85"}, stdout: `4 candidate merges in DIR/m.snap (11 entities), best first:
  m-765d288e  0.95  payment_service (Service, 1 fact)  →  keep Payment Service (Service, 1 fact)
        normalized   0.95  both normalise to "paymentservice"
  m-a52ac8ff  0.95  Payment Service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
  m-050d4885  0.95  payment_service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
  m-06b2a654  0.90  checkout-service (Service, 1 fact)  →  keep auth-svc (Service, 1 fact)
        alias        0.90  "checkout-service" is an alias of auth-svc (DIR/aliases.txt:1)
accept with: scgraph merges accept --graph DIR/m.snap ID...; reject with: scgraph merges reject --graph DIR/m.snap ID...
`},
		{args: []string{"list", "--graph", "SNAP", "--gold", "GOLD", "--json"}, stdout: `{
  "graph": "DIR/m.snap",
  "merges": "DIR/m.merges.json",
  "candidates": [
    {
      "id": "m-765d288e",
      "keep": {
        "name": "Payment Service",
        "type": "Service",
        "facts": 1
      },
      "merge": {
        "name": "payment_service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "normalized",
          "score": 0.95,
          "detail": "both normalise to \"paymentservice\""
        }
      ],
      "confidence": 0.95
    },
    {
      "id": "m-a52ac8ff",
      "keep": {
        "name": "payment-service",
        "type": "Service",
        "facts": 2
      },
      "merge": {
        "name": "Payment Service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "normalized",
          "score": 0.95,
          "detail": "both normalise to \"paymentservice\""
        }
      ],
      "confidence": 0.95
    },
    {
      "id": "m-050d4885",
      "keep": {
        "name": "payment-service",
        "type": "Service",
        "facts": 2
      },
      "merge": {
        "name": "payment_service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "normalized",
          "score": 0.95,
          "detail": "both normalise to \"paymentservice\""
        }
      ],
      "confidence": 0.95
    },
    {
      "id": "m-65e004fe",
      "keep": {
        "name": "auth-svc",
        "type": "Service",
        "facts": 1
      },
      "merge": {
        "name": "Authentication Service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "abbreviation",
          "score": 0.8,
          "detail": "abbreviations expanded and the service head dropped, both read \"authentication\""
        }
      ],
      "confidence": 0.8
    }
  ],
  "decisions": [],
  "entities": 11,
  "triples": 6,
  "gold": {
    "duplicates": 3,
    "found": 2,
    "recall": 0.6666666666666666,
    "candidates": 4,
    "correct": 3,
    "precision": 0.75,
    "wrong": [
      "m-65e004fe"
    ]
  }
}
`},
		{args: []string{"accept", "--graph", "SNAP", "m-a52ac8ff", "m-765d288e", "m-050d4885", "m-a52ac8ff"}, stdout: "accepted m-a52ac8ff m-765d288e; DIR/m.snap now has 9 entities and 6 triples; decisions in DIR/m.merges.json\n"},
		{args: []string{"accept", "--graph", "SNAP", "m-a52ac8ff"}, code: 1, stderr: "scgraph merges: m-a52ac8ff is already accepted (payment-service and Payment Service); 'scgraph merges undo' forgets a decision\n"},
		{args: []string{"accept", "--graph", "SNAP", "m-00000000"}, code: 1, stderr: "scgraph merges: no candidate m-00000000 in DIR/m.snap (run 'scgraph merges list --graph DIR/m.snap')\n"},
		{args: []string{"reject", "--graph", "SNAP", "m-65e004fe", "m-65e004fe", "m-00000000"}, code: 1, stderr: "scgraph merges: m-65e004fe is already rejected\n"},
		{args: []string{"reject", "--graph", "SNAP", "m-65e004fe", "--json"}, stdout: `{
  "graph": "DIR/m.snap",
  "merges": "DIR/m.merges.json",
  "candidates": [],
  "decisions": [
    {
      "id": "m-a52ac8ff",
      "status": "accepted",
      "keep": {
        "name": "payment-service",
        "type": "Service",
        "facts": 2
      },
      "merge": {
        "name": "Payment Service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "normalized",
          "score": 0.95,
          "detail": "both normalise to \"paymentservice\""
        }
      ],
      "confidence": 0.95,
      "at": "AT"
    },
    {
      "id": "m-765d288e",
      "status": "accepted",
      "keep": {
        "name": "payment-service",
        "type": "Service",
        "facts": 2
      },
      "merge": {
        "name": "payment_service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "normalized",
          "score": 0.95,
          "detail": "both normalise to \"paymentservice\""
        }
      ],
      "confidence": 0.95,
      "at": "AT"
    },
    {
      "id": "m-65e004fe",
      "status": "rejected",
      "keep": {
        "name": "auth-svc",
        "type": "Service",
        "facts": 1
      },
      "merge": {
        "name": "Authentication Service",
        "type": "Service",
        "facts": 1
      },
      "evidence": [
        {
          "signal": "abbreviation",
          "score": 0.8,
          "detail": "abbreviations expanded and the service head dropped, both read \"authentication\""
        }
      ],
      "confidence": 0.8,
      "at": "AT"
    }
  ],
  "changed": [
    "m-65e004fe"
  ],
  "entities": 9,
  "triples": 6
}
`},
		{args: []string{"list", "--graph", "SNAP"}, stdout: `no candidate merges in DIR/m.snap (9 entities)
recorded in DIR/m.merges.json:
  m-a52ac8ff  accepted  Payment Service  →  payment-service
  m-765d288e  accepted  payment_service  →  payment-service
  m-65e004fe  rejected  Authentication Service  →  auth-svc
`},
		{args: []string{"accept", "--graph", "SNAP", "--min-confidence", "0.99"}, stdout: "nothing accepted\n"},
		{args: []string{"undo", "--graph", "SNAP", "m-00000000"}, code: 1, stderr: "scgraph merges: no decision m-00000000 is recorded in DIR/m.merges.json\n"},
		{args: []string{"undo", "--graph", "SNAP", "m-765d288e", "--timeout", "1m"}, stdout: "undid m-765d288e; DIR/m.snap now has 10 entities and 6 triples; decisions in DIR/m.merges.json\n"},
		{args: []string{"list", "--graph", "SNAP"}, stdout: `1 candidate merges in DIR/m.snap (10 entities), best first:
  m-050d4885  0.95  payment_service (Service, 1 fact)  →  keep payment-service (Service, 3 facts)
        normalized   0.95  both normalise to "paymentservice"
recorded in DIR/m.merges.json:
  m-a52ac8ff  accepted  Payment Service  →  payment-service
  m-65e004fe  rejected  Authentication Service  →  auth-svc
accept with: scgraph merges accept --graph DIR/m.snap ID...; reject with: scgraph merges reject --graph DIR/m.snap ID...
`},
		{args: []string{"accept", "--graph", "SNAP", "--min-confidence", "0.9"}, stdout: "accepted m-050d4885; DIR/m.snap now has 9 entities and 6 triples; decisions in DIR/m.merges.json\n"},
		{args: []string{"list", "--graph", "SNAP"}, stdout: `no candidate merges in DIR/m.snap (9 entities)
recorded in DIR/m.merges.json:
  m-a52ac8ff  accepted  Payment Service  →  payment-service
  m-65e004fe  rejected  Authentication Service  →  auth-svc
  m-050d4885  accepted  payment_service  →  payment-service
`},
		{args: []string{"undo", "--graph", "SNAP", "m-a52ac8ff", "m-050d4885", "m-65e004fe"}, stdout: "undid m-a52ac8ff m-050d4885 m-65e004fe; DIR/m.snap now has 11 entities and 6 triples; decisions in DIR/m.merges.json\n"},
		{args: []string{"list", "--graph", "SNAP", "--min-confidence", "0.9"}, stdout: `3 candidate merges in DIR/m.snap (11 entities), best first:
  m-765d288e  0.95  payment_service (Service, 1 fact)  →  keep Payment Service (Service, 1 fact)
        normalized   0.95  both normalise to "paymentservice"
  m-a52ac8ff  0.95  Payment Service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
  m-050d4885  0.95  payment_service (Service, 1 fact)  →  keep payment-service (Service, 2 facts)
        normalized   0.95  both normalise to "paymentservice"
accept with: scgraph merges accept --graph DIR/m.snap ID...; reject with: scgraph merges reject --graph DIR/m.snap ID...
`},
	}
	for i, s := range steps {
		args := []string{"merges"}
		for _, a := range s.args {
			args = append(args, strings.NewReplacer("SNAP", snap, "GOLD", gold, "ALIASES", aliases, "BAD", badAliases, "DIR", dir).Replace(a))
		}
		code, out, errs := runCLI(t, args...)
		norm := func(s string) string {
			return decisionTime.ReplaceAllString(strings.ReplaceAll(s, dir, "DIR"), `"at": "AT"`)
		}
		out, errs = norm(out), norm(errs)
		if code != s.code || out != s.stdout || errs != s.stderr {
			t.Errorf("step %d: merges %s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit %d\nstdout:\n%s\nstderr:\n%s", i, strings.Join(s.args, " "), code, out, errs, s.code, s.stdout, s.stderr)
		}
	}
	after, err := os.ReadFile(snap)
	if err != nil || !bytes.Equal(after, before) {
		t.Errorf("every decision undone, the snapshot is not as it was (%v)", err)
	}
}
