package evals

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func handReport() *Report {
	agentScores := []Score{
		{Hops: 1, Exact: true, Claimed: true, Hit: 1, Precision: 1, Recall: 1, F1: 1, PathRecall: ptr(1), HopEfficiency: ptr(1), NodesVisited: 3, StoreCalls: 2, Iterations: 1, LatencyMS: 2, Deterministic: true},
		{Hops: 2, Claimed: true, Hit: 0, Precision: 0, Recall: 0, F1: 0, PathRecall: ptr(0), HopEfficiency: ptr(0.5), NodesVisited: 40, StoreCalls: 5, Iterations: 2, LatencyMS: 4, Deterministic: true},
	}
	vectorScores := []Score{
		{Hops: 1, Hit: 1, Precision: 0.5, Recall: 1, F1: 2.0 / 3, PathRecall: ptr(0), NodesVisited: 12, LatencyMS: 1, Deterministic: true},
		{Hops: 2, NodesVisited: 1200, PathRecall: ptr(0), LatencyMS: 1, Deterministic: true},
	}
	ds := DatasetReport{
		Name: "toy", Path: "toy.jsonl", Format: FormatJSONL, Questions: 2,
		Modes:     map[Mode]Summary{ModeAgent: Summarize(agentScores), ModeVectorRAG: Summarize(vectorScores)},
		ElapsedMS: map[Mode]float64{ModeAgent: 1500, ModeVectorRAG: 250},
	}
	return &Report{
		Modes:    ds.Modes,
		Datasets: []DatasetReport{ds},
		Order:    []Mode{ModeAgent, ModeVectorRAG},
		Vector:   &VectorStats{Passages: 10, Sentences: 20, BuildMS: 3, TopK: 5},
		Workers:  2,
	}
}

func TestWriteMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMarkdown(&b, handReport()); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	begin := strings.Index(md, ResultsBegin)
	end := strings.Index(md, ResultsEnd)
	if begin < 0 || end < begin {
		t.Fatalf("no results markers in\n%s", md)
	}
	rows := strings.Split(strings.TrimSpace(md[begin+len(ResultsBegin):end]), "\n")
	want := []string{
		strings.TrimSuffix(strings.Split(resultsHeader, "\n")[0], "\n"),
		strings.Split(resultsHeader, "\n")[1],
		"| toy | agent | all | 2 | 0.500 | 0.500 | 0.500 | 1.000 | 0.500 | 0.500 | – | 0.750 | 1.000 | 1.50 | 3.5 | 21.5 | 38.1 | 3.0 | 3.9 | 0 |",
		"| toy | agent | 1 | 1 | 1.000 | 1.000 | 1.000 | 1.000 | 0.000 | 1.000 | – | 1.000 | 1.000 | 1.00 | 2.0 | 3 | 3 | 2.0 | 2.0 | 0 |",
		"| toy | agent | 2 | 1 | 0.000 | 0.000 | 0.000 | 1.000 | 1.000 | 0.000 | – | 0.500 | 1.000 | 2.00 | 5.0 | 40 | 40 | 4.0 | 4.0 | 0 |",
		"| toy | vector-rag | all | 2 | 0.500 | 0.333 | 0.000 | 0.000 | 0.000 | 0.000 | – | – | 1.000 | 0.00 | 0.0 | 606 | 1140.6 | 1.0 | 1.0 | 0 |",
		"| toy | vector-rag | 1 | 1 | 1.000 | 0.667 | 0.000 | 0.000 | 0.000 | 0.000 | – | – | 1.000 | 0.00 | 0.0 | 12 | 12 | 1.0 | 1.0 | 0 |",
		"| toy | vector-rag | 2 | 1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | – | – | 1.000 | 0.00 | 0.0 | 1200 | 1200 | 1.0 | 1.0 | 0 |",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("results table:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range []string{"toy (`toy.jsonl`, jsonl, 2 questions): agent 1.5 s, vector-rag 0.2 s", "vector-rag index: 10 passages, 20 sentences, top-5"} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q", s)
		}
	}
}

func TestWriteSVG(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, handReport()); err != nil {
		t.Fatal(err)
	}
	// Well-formed XML, with one bar per mode, hop count and panel.
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	bars, texts := 0, []string{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("report.svg is not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "title" {
				bars++
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(e)); s != "" {
				texts = append(texts, s)
			}
		}
	}
	if bars != 2*2*2 {
		t.Errorf("%d bars, want 8", bars)
	}
	all := strings.Join(texts, "|")
	for _, s := range []string{"Hits@1 by hop count", "Median nodes visited (log scale)", "1-hop", "2-hop", "agent", "vector-rag", "hits@1", "1000"} {
		if !strings.Contains(all, s) {
			t.Errorf("svg text lacks %q", s)
		}
	}
}

func TestWriteReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := WriteReport(dir, handReport()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Modes map[string]struct {
			HitsAt1        float64             `json:"hits_at_1"`
			GoldPathRecall *float64            `json:"gold_path_recall"`
			ByHops         map[string]struct{} `json:"by_hops"`
		} `json:"modes"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if a := rep.Modes["agent"]; a.HitsAt1 != 0.5 || a.GoldPathRecall != nil || len(a.ByHops) != 2 {
		t.Errorf("report.json agent = %+v", a)
	}
	for _, f := range []string{"report.md", "report.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
