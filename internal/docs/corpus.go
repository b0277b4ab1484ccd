package docs

import (
	"strings"

	"github.com/scgraph/scgraph/internal/text"
)

// readCorpus reads the names the documents under root give as names on
// some page (corpusNames), so that every page knows them: kubeedge's page
// titled "Edged" names the program another page writes "sends a message
// to edged". A document that cannot be read is left out here; Ingest
// reports it.
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
// in camel case ("MetaManager", "EdgeD"), the one word a page's front
// matter titles it with ("title: Edged"), keyed by their lower-case form.
// A word some page writes as an English word in lower case is none.
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
// itself, where it writes them as one lower-case word.
func (dc *docContext) addCorpusNames(corpus map[string]omention) {
	for k, m := range corpus {
		if _, ok := dc.names[k]; ok || strings.Contains(m.name, " ") {
			continue
		}
		dc.names[k] = m
	}
}
