package embed

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// wordPiece is BERT's uncased subword tokenizer, read from a Hugging Face
// tokenizer.json: clean and lower-case the text, strip accents, split on
// white space and punctuation, then cut each word greedily into the longest
// vocabulary pieces ("##" marks a piece that continues a word).
//
// It is not the project's word tokenizer (internal/text): it must reproduce
// the model's own tokenization exactly, or the model sees ids it was not
// trained on.
type wordPiece struct {
	vocab        map[string]int32
	unk          int32
	cls, sep     int32
	prefix       string
	maxWordRunes int
}

// tokenizerJSON is the part of tokenizer.json that wordPiece reads.
type tokenizerJSON struct {
	Normalizer struct {
		Type      string `json:"type"`
		Lowercase bool   `json:"lowercase"`
	} `json:"normalizer"`
	Model struct {
		Type                    string           `json:"type"`
		UnkToken                string           `json:"unk_token"`
		ContinuingSubwordPrefix string           `json:"continuing_subword_prefix"`
		MaxInputCharsPerWord    int              `json:"max_input_chars_per_word"`
		Vocab                   map[string]int32 `json:"vocab"`
	} `json:"model"`
}

func loadWordPiece(path string) (*wordPiece, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f tokenizerJSON
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if f.Model.Type != "WordPiece" {
		return nil, fmt.Errorf("%s: model.type is %q, want WordPiece", path, f.Model.Type)
	}
	if f.Normalizer.Type != "BertNormalizer" || !f.Normalizer.Lowercase {
		return nil, fmt.Errorf("%s: normalizer is %q (lowercase %v), want an uncased BertNormalizer", path, f.Normalizer.Type, f.Normalizer.Lowercase)
	}
	w := &wordPiece{vocab: f.Model.Vocab, prefix: f.Model.ContinuingSubwordPrefix, maxWordRunes: f.Model.MaxInputCharsPerWord}
	if w.maxWordRunes <= 0 {
		w.maxWordRunes = 100
	}
	for name, dst := range map[string]*int32{f.Model.UnkToken: &w.unk, "[CLS]": &w.cls, "[SEP]": &w.sep} {
		id, ok := w.vocab[name]
		if !ok {
			return nil, fmt.Errorf("%s: the vocabulary has no %q token", path, name)
		}
		*dst = id
	}
	return w, nil
}

// encode returns the ids of [CLS] text [SEP], cut to at most maxLen ids.
func (w *wordPiece) encode(s string, maxLen int) []int32 {
	ids := []int32{w.cls}
	for _, word := range bertWords(s) {
		ids = w.appendPieces(ids, word)
		if len(ids) >= maxLen-1 {
			ids = ids[:maxLen-1]
			break
		}
	}
	return append(ids, w.sep)
}

// appendPieces appends the pieces of one word: longest vocabulary prefix
// first, then "##" pieces; a word that cannot be cut is one [UNK].
func (w *wordPiece) appendPieces(ids []int32, word string) []int32 {
	runes := []rune(word)
	if len(runes) > w.maxWordRunes {
		return append(ids, w.unk)
	}
	n := len(ids)
	for start := 0; start < len(runes); {
		end := len(runes)
		found := int32(-1)
		for ; end > start; end-- {
			piece := string(runes[start:end])
			if start > 0 {
				piece = w.prefix + piece
			}
			if id, ok := w.vocab[piece]; ok {
				found = id
				break
			}
		}
		if found < 0 {
			return append(ids[:n], w.unk)
		}
		ids = append(ids, found)
		start = end
	}
	return ids
}

// bertWords applies BERT's normaliser and pre-tokeniser: drop control
// characters, lower-case, strip accents (NFD, then drop combining marks),
// put CJK ideographs apart, and split on white space and punctuation, each
// punctuation character a word of its own.
func bertWords(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case r == 0 || r == 0xFFFD || (unicode.IsControl(r) && !unicode.IsSpace(r)) || unicode.Is(unicode.Cf, r):
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case isBertPunct(r) || isCJK(r):
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return strings.Fields(b.String())
}

// isBertPunct is BERT's punctuation: every ASCII non-letter non-digit
// printable character ("$", "^", "`" included) and Unicode category P.
func isBertPunct(r rune) bool {
	if (r >= 33 && r <= 47) || (r >= 58 && r <= 64) || (r >= 91 && r <= 96) || (r >= 123 && r <= 126) {
		return true
	}
	return unicode.IsPunct(r)
}

func isCJK(r rune) bool {
	return (r >= 0x4E00 && r <= 0x9FFF) || (r >= 0x3400 && r <= 0x4DBF) ||
		(r >= 0x20000 && r <= 0x2A6DF) || (r >= 0x2A700 && r <= 0x2B73F) ||
		(r >= 0x2B740 && r <= 0x2B81F) || (r >= 0x2B820 && r <= 0x2CEAF) ||
		(r >= 0xF900 && r <= 0xFAFF) || (r >= 0x2F800 && r <= 0x2FA1F)
}
