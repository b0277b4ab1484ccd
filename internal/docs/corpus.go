package docs

import (
	"strings"

	"github.com/scgraph/scgraph/internal/text"
)

// readCorpus reads the names the documents under root give as names on
// some page (corpusNames), so that every page knows them: kubeedge's
// Edged page writes "EdgeD", the MetaManager page "metamanager then sends
// an asynchronous message to edged". The names are in the extractor's
// fingerprint: a page that changes them has every document extracted
// again. A document that cannot be read is left out here; Ingest reports
// it.
func (x *Extractor) readCorpus(root string, paths []string) {
	var docs []string
	for _, p := range paths {
		if src, err := readDocument(root, p); err == nil {
			docs = append(docs, src.Text)
		}
	}
	x.corpus = corpusNames(docs)
}

// corpusNames are the one-word names pages give as names: a word written
// in camel case ("MetaManager", "EdgeD"), keyed by its lower-case form.
func corpusNames(docs []string) map[string]omention {
	out := map[string]omention{}
	for _, doc := range docs {
		for _, b := range splitBlocks(doc) {
			for _, t := range tokenize(cleanMarkdown(strings.Join(b.prose().lines, " "))) {
				if k := text.Key(t.text); innerCapital(t) && len(k) >= 3 && out[k].name == "" {
					out[k] = omention{name: t.text, camel: true}
				}
			}
		}
	}
	return out
}

// addCorpusNames adds the corpus's names the document does not give
// itself and writes as one lower-case word ("edged"; not "Argo CD" for
// `argocd`).
func (dc *docContext) addCorpusNames(doc string, corpus map[string]omention) {
	if len(corpus) == 0 {
		return
	}
	lower := map[string]bool{}
	for _, t := range tokenize(cleanMarkdown(doc)) {
		if !t.punct && t.text == t.low {
			lower[t.low] = true
		}
	}
	for k, m := range corpus {
		if _, ok := dc.names[k]; ok || !lower[strings.ToLower(m.name)] {
			continue
		}
		dc.names[k] = m
	}
}
