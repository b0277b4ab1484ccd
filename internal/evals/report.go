package evals

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// WriteReport writes report.json, report.md and report.svg into dir,
// creating it.
func WriteReport(dir string, rep *Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("evals: report: %w", err)
	}
	write := func(name string, fn func(io.Writer) error) error {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			return fmt.Errorf("evals: report: %w", err)
		}
		if err := fn(f); err != nil {
			f.Close()
			return fmt.Errorf("evals: report: %s: %w", p, err)
		}
		return f.Close()
	}
	if err := write("report.json", func(w io.Writer) error { return WriteJSON(w, rep) }); err != nil {
		return err
	}
	if err := write("report.md", func(w io.Writer) error { return WriteMarkdown(w, rep) }); err != nil {
		return err
	}
	return write("report.svg", func(w io.Writer) error { return WriteSVG(w, rep) })
}

// WriteResults writes every question's result, one JSON object a line:
// the dataset and mode, then the Score (question, reading, answers, gold,
// stop reason, exact, claimed and the metrics), so that failures can be
// read one by one.
func WriteResults(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	for _, ds := range rep.Datasets {
		for _, m := range rep.Order {
			for _, sc := range ds.Scores[m] {
				line := struct {
					Dataset string `json:"dataset"`
					Mode    Mode   `json:"mode"`
					Score
				}{ds.Name, m, sc}
				if err := enc.Encode(line); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// WriteJSON writes the report as one indented JSON object.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// hopKeys returns a summary's hop counts in numeric order.
func hopKeys(s Summary) []string {
	keys := make([]string, 0, len(s.ByHops))
	for k := range s.ByHops {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := strconv.Atoi(keys[i])
		b, _ := strconv.Atoi(keys[j])
		return a < b
	})
	return keys
}

// The markers around the results table of report.md, for tools that
// combine reports (scripts/eval-all).
const (
	ResultsBegin = "<!-- results -->"
	ResultsEnd   = "<!-- /results -->"
)

// resultsHeader is the header of the results table.
const resultsHeader = "| dataset | mode | hops | questions | hits@1 | F1 | exact set | claims | claimed but wrong | path recall | gold path recall | hop eff. | determ. | iterations | store calls | median nodes | p95 nodes | p50 ms | p95 ms | failures |\n" +
	"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"

// WriteMarkdown writes the report as Markdown: the results table (per
// dataset, mode and hop count) and how the run was made.
func WriteMarkdown(w io.Writer, rep *Report) error {
	var b strings.Builder
	b.WriteString("# scgraph evaluation\n\n")
	b.WriteString(ResultsBegin + "\n")
	b.WriteString(resultsHeader)
	for _, ds := range rep.Datasets {
		for _, m := range rep.Order {
			s, ok := ds.Modes[m]
			if !ok {
				continue
			}
			keys := hopKeys(s)
			if len(keys) == 1 {
				b.WriteString(row(ds.Name, m, keys[0], s))
				continue
			}
			b.WriteString(row(ds.Name, m, "all", s))
			for _, k := range keys {
				b.WriteString(row(ds.Name, m, k, s.ByHops[k]))
			}
		}
	}
	b.WriteString(ResultsEnd + "\n\n")
	b.WriteString("## How it was run\n\n")
	fmt.Fprintf(&b, "- modes: %s; every question run twice (the second run checks determinism); %d worker(s)\n", joinModes(rep.Order), rep.Workers)
	if rep.Lexicon != "" {
		fmt.Fprintf(&b, "- agent lexicon: %s\n", rep.Lexicon)
	}
	if rep.Folds > 1 {
		fmt.Fprintf(&b, "- agent: %d-fold cross-validation (fold = question index mod %d); its lexicon never saw the questions it is measured on\n", rep.Folds, rep.Folds)
	}
	if v := rep.Vector; v != nil {
		fmt.Fprintf(&b, "- vector-rag index: %d passages, %d sentences, top-%d, built in %.0f ms\n", v.Passages, v.Sentences, v.TopK, v.BuildMS)
	}
	for _, ds := range rep.Datasets {
		fmt.Fprintf(&b, "- %s (`%s`, %s, %d questions):", ds.Name, ds.Path, ds.Format, ds.Questions)
		for i, m := range rep.Order {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s %.1f s", m, ds.ElapsedMS[m]/1000)
		}
		if ds.TrainMS > 0 {
			fmt.Fprintf(&b, " (lexicon training %.1f s)", ds.TrainMS/1000)
		}
		b.WriteString("\n")
		for _, m := range rep.Order {
			for _, e := range ds.Errors[m] {
				fmt.Fprintf(&b, "  - %s failure: %s\n", m, e)
			}
		}
	}
	fmt.Fprintf(&b, "- total %.1f s\n\n", rep.ElapsedMS/1000)
	b.WriteString("Metrics are defined in the documentation of package evals (`go doc ./internal/evals`); – marks a metric that is undefined for the rows (no gold path in the data, or a mode that does not walk the graph).\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func joinModes(ms []Mode) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

func row(ds string, m Mode, hops string, s Summary) string {
	return fmt.Sprintf("| %s | %s | %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %s | %s | %s | %.3f | %.2f | %.1f | %s | %s | %.1f | %.1f | %d |\n",
		ds, m, hops, s.Questions, s.HitsAt1, s.AnswerF1, s.ExactSet, s.Claims, s.ClaimedButWrong, opt(s.PathRecall), opt(s.GoldPathRecall), opt(s.HopEfficiency),
		s.Deterministic, s.MeanIterations, s.MeanStoreCalls, num(s.MedianNodesVisited), num(s.P95NodesVisited),
		s.LatencyMS.P50, s.LatencyMS.P95, s.Failures)
}

func opt(v *float64) string {
	if v == nil {
		return "–"
	}
	return fmt.Sprintf("%.3f", *v)
}

func num(v float64) string {
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// modeColors are the bar colours of the modes in report.svg.
var modeColors = map[Mode]string{
	ModeAgent:     "#1f77b4",
	ModeOracle:    "#2ca02c",
	ModeNaiveBFS:  "#ff7f0e",
	ModeVectorRAG: "#9467bd",
}

// barGroup is one group of bars: a dataset's hop count.
type barGroup struct {
	label, sub string
	values     map[Mode]Summary
}

// groups lists the (dataset, hop count) groups of the report.
func groups(rep *Report) []barGroup {
	var out []barGroup
	for _, ds := range rep.Datasets {
		var keys []string
		for _, m := range rep.Order {
			if s, ok := ds.Modes[m]; ok {
				keys = hopKeys(s)
				break
			}
		}
		for _, k := range keys {
			g := barGroup{label: k + "-hop", values: map[Mode]Summary{}}
			if len(rep.Datasets) > 1 {
				g.sub = ds.Name
			}
			for _, m := range rep.Order {
				if s, ok := ds.Modes[m]; ok {
					g.values[m] = s.ByHops[k]
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// WriteSVG draws the report as a self-contained SVG: grouped bars of
// hits@1 per hop count and mode, and a second panel with the median nodes
// visited on a log scale, with axis labels, values and a legend.
func WriteSVG(w io.Writer, rep *Report) error {
	gs := groups(rep)
	modes := rep.Order
	const (
		left, right = 80.0, 30.0
		barW        = 26.0
		minPlotW    = 560.0
		panelH      = 250.0
		top1        = 100.0
		top2        = top1 + panelH + 120
	)
	groupW := math.Max(float64(len(modes))*barW+30, minPlotW/float64(max(len(gs), 1)))
	plotW := groupW * float64(max(len(gs), 1))
	width := left + right + plotW
	height := top2 + panelH + 90
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="28" font-size="18" font-weight="bold">scgraph evaluation: %s</text>`+"\n", left, xmlEscape(datasetTitle(rep)))

	// Legend.
	lx := left
	for _, m := range modes {
		fmt.Fprintf(&b, `<rect x="%.1f" y="44" width="12" height="12" fill="%s"/><text x="%.1f" y="54">%s</text>`+"\n", lx, modeColors[m], lx+16, xmlEscape(string(m)))
		lx += 34 + 7*float64(len(m))
	}

	// The bars of a group are centred in it.
	barX := func(gi, mi int) float64 {
		return left + float64(gi)*groupW + (groupW-float64(len(modes))*barW)/2 + float64(mi)*barW
	}
	bar := func(x, y, h float64, m Mode, title, label string) {
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s</title></rect>`+"\n", x, y-h, barW-3, h, modeColors[m], xmlEscape(title))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="9" fill="#333333">%s</text>`+"\n", x+(barW-3)/2, y-h-3, label)
	}
	axes := func(top float64) {
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#333333"/>`+"\n", left, top+panelH, left+plotW, top+panelH)
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#333333"/>`+"\n", left, top, left, top+panelH)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">hop count</text>`+"\n", left+plotW/2, top+panelH+48)
	}

	// Panel 1: hits@1, linear 0..1.
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="14" font-weight="bold">Hits@1 by hop count</text>`+"\n", left, top1-14)
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		y := top1 + panelH - v*panelH
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#dddddd"/><text x="%.0f" y="%.1f" text-anchor="end">%.1f</text>`+"\n", left, y, left+plotW, y, left-6, y+4, v)
	}
	axisTitle(&b, "hits@1", 22, top1+panelH/2)
	for gi, g := range gs {
		for mi, m := range modes {
			if s, ok := g.values[m]; ok {
				bar(barX(gi, mi), top1+panelH, s.HitsAt1*panelH, m,
					fmt.Sprintf("%s %s %s: hits@1 %.3f (%d questions)", g.sub, g.label, m, s.HitsAt1, s.Questions), fmt.Sprintf("%.2f", s.HitsAt1))
			}
		}
		groupLabel(&b, g, left+(float64(gi)+0.5)*groupW, top1+panelH)
	}
	axes(top1)

	// Panel 2: median nodes visited, log10 scale from 1.
	maxV := 1.0
	for _, g := range gs {
		for _, s := range g.values {
			maxV = math.Max(maxV, s.MedianNodesVisited)
		}
	}
	decades := math.Max(1, math.Ceil(math.Log10(maxV)))
	scale := func(v float64) float64 {
		if v <= 1 {
			return 0
		}
		return math.Log10(v) / decades * panelH
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="14" font-weight="bold">Median nodes visited (log scale)</text>`+"\n", left, top2-14)
	for d := 0.0; d <= decades; d++ {
		y := top2 + panelH - d/decades*panelH
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#dddddd"/><text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left, y, left+plotW, y, left-6, y+4, strconv.FormatFloat(math.Pow(10, d), 'f', 0, 64))
	}
	axisTitle(&b, "nodes visited (median)", 22, top2+panelH/2)
	for gi, g := range gs {
		for mi, m := range modes {
			if s, ok := g.values[m]; ok {
				bar(barX(gi, mi), top2+panelH, scale(s.MedianNodesVisited), m,
					fmt.Sprintf("%s %s %s: median nodes visited %s", g.sub, g.label, m, num(s.MedianNodesVisited)), compact(s.MedianNodesVisited))
			}
		}
		groupLabel(&b, g, left+(float64(gi)+0.5)*groupW, top2+panelH)
	}
	axes(top2)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// compact writes a count briefly: 950, 4.2k, 12k, 1.3M.
func compact(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 1, 64) + "M"
	case v >= 1e4:
		return strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', 1, 64) + "k"
	}
	return num(v)
}

func datasetTitle(rep *Report) string {
	names := make([]string, len(rep.Datasets))
	for i, ds := range rep.Datasets {
		names[i] = ds.Name
	}
	return strings.Join(names, ", ")
}

func axisTitle(b *strings.Builder, text string, x, y float64) {
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f" text-anchor="middle" transform="rotate(-90 %.0f %.0f)">%s</text>`+"\n", x, y, x, y, xmlEscape(text))
}

func groupLabel(b *strings.Builder, g barGroup, x, y float64) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x, y+16, xmlEscape(g.label))
	if g.sub != "" {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="#555555">%s</text>`+"\n", x, y+30, xmlEscape(g.sub))
	}
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
