package docs

import (
	"github.com/scgraph/scgraph/graph"
)

// Score is extraction quality against a gold list of facts: precision is
// the share of extracted facts in the gold list, recall the share of gold
// facts extracted. Facts are compared by subject, relation and object.
type Score struct {
	Gold      int            `json:"gold"`
	Extracted int            `json:"extracted"`
	Correct   int            `json:"correct"`
	Precision float64        `json:"precision"`
	Recall    float64        `json:"recall"`
	F1        float64        `json:"f1"`
	Missed    []graph.Triple `json:"missed"`
	Wrong     []graph.Triple `json:"wrong"`
}

// ScoreFacts compares extracted facts with gold facts.
func ScoreFacts(extracted, gold []graph.Triple) Score {
	key := func(t graph.Triple) [3]string { return [3]string{t.Subject, t.Relation, t.Object} }
	goldSet := map[[3]string]bool{}
	for _, t := range gold {
		goldSet[key(t)] = true
	}
	got := map[[3]string]bool{}
	var sc Score
	for _, t := range extracted {
		if got[key(t)] {
			continue
		}
		got[key(t)] = true
		sc.Extracted++
		if goldSet[key(t)] {
			sc.Correct++
		} else {
			sc.Wrong = append(sc.Wrong, graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object, Source: t.Source})
		}
	}
	seenGold := map[[3]string]bool{}
	for _, t := range gold {
		if seenGold[key(t)] {
			continue
		}
		seenGold[key(t)] = true
		sc.Gold++
		if !got[key(t)] {
			sc.Missed = append(sc.Missed, graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object})
		}
	}
	if sc.Extracted > 0 {
		sc.Precision = float64(sc.Correct) / float64(sc.Extracted)
	}
	if sc.Gold > 0 {
		sc.Recall = float64(sc.Correct) / float64(sc.Gold)
	}
	if sc.Precision+sc.Recall > 0 {
		sc.F1 = 2 * sc.Precision * sc.Recall / (sc.Precision + sc.Recall)
	}
	return sc
}
