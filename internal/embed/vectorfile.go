package embed

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/tmc/langchaingo/embeddings"
)

// Named is an embedder that says which it is: the name and vector length a
// vector file records, so vectors from another embedder are never mixed in.
type Named interface {
	embeddings.Embedder
	// Name is a short stable name ("hashed", "minilm", or a provider's
	// "openai:text-embedding-3-small").
	Name() string
	// Dimensions is the length of every vector; 0 while it is unknown (a
	// provider's model says it with its first vectors).
	Dimensions() int
}

// Name is "hashed".
func (h Hashed) Name() string { return HashedName }

// Dimensions is the vector length (h.Dims, at least 1).
func (h Hashed) Dimensions() int { return max(h.Dims, 1) }

// HashedName names the Hashed embedder in vector files and output.
const HashedName = "hashed"

// Passage is a text to embed under an id (a chunk: "PATH#N" and its text).
type Passage struct {
	ID   string
	Text string
}

// Vector is a passage's vector, with the SHA-256 of the text it was made
// from, so that an unchanged passage keeps its vector on the next ingest.
type Vector struct {
	ID       string
	TextHash [sha256.Size]byte
	Values   []float32
}

// Vectors are the passage vectors of a corpus and the embedder that made
// them, in the order of the passages given to EmbedPassages.
type Vectors struct {
	Embedder string
	Dims     int
	Items    []Vector
}

// Lookup returns the vector of the passage with the id.
func (vs *Vectors) Lookup(id string) ([]float32, bool) {
	for i := range vs.Items {
		if vs.Items[i].ID == id {
			return vs.Items[i].Values, true
		}
	}
	return nil, false
}

// EmbedStats says how many passages EmbedPassages embedded and how many
// vectors it kept from the earlier file.
type EmbedStats struct {
	Embedded int `json:"embedded"`
	Reused   int `json:"reused"`
}

// EmbedPassages returns a vector per passage. A passage whose id and text
// are unchanged since prev (made by the same embedder with the same
// length) keeps its vector; the others are embedded, batch passages at a
// time, progress called after each batch with the count embedded so far
// and the count to embed. The length of the vectors is the embedder's
// Dimensions, or, while that is unknown (a provider's model), the length
// of the first vectors it gives; if that differs from prev's, the kept
// vectors are embedded again too.
func EmbedPassages(ctx context.Context, e Named, passages []Passage, prev *Vectors, batch int, progress func(done, total int)) (*Vectors, EmbedStats, error) {
	var stats EmbedStats
	dims := e.Dimensions()
	reuse := map[string]Vector{}
	if prev != nil && prev.Embedder == e.Name() && (dims == 0 || prev.Dims == dims) {
		for _, v := range prev.Items {
			reuse[v.ID] = v
		}
	}
	out := &Vectors{Embedder: e.Name(), Items: make([]Vector, len(passages))}
	var todo, kept []int
	for i, p := range passages {
		h := sha256.Sum256([]byte(p.Text))
		out.Items[i] = Vector{ID: p.ID, TextHash: h}
		if old, ok := reuse[p.ID]; ok && old.TextHash == h {
			out.Items[i].Values = old.Values
			kept = append(kept, i)
			continue
		}
		todo = append(todo, i)
	}
	batch = max(batch, 1)
	embedAll := func(todo []int, total int) error {
		for start := 0; start < len(todo); start += batch {
			idx := todo[start:min(start+batch, len(todo))]
			texts := make([]string, len(idx))
			for k, i := range idx {
				texts[k] = passages[i].Text
			}
			vs, err := e.EmbedDocuments(ctx, texts)
			if err != nil {
				return fmt.Errorf("embedding with %s: %w", e.Name(), err)
			}
			if len(vs) != len(texts) {
				return fmt.Errorf("embedding with %s: %d vectors for %d texts", e.Name(), len(vs), len(texts))
			}
			for k, i := range idx {
				if dims == 0 {
					dims = len(vs[k])
				}
				if len(vs[k]) != dims || dims == 0 {
					return fmt.Errorf("embedding with %s: a vector of %d dimensions, want %d", e.Name(), len(vs[k]), dims)
				}
				out.Items[i].Values = vs[k]
			}
			stats.Embedded += len(idx)
			if progress != nil {
				progress(stats.Embedded, total)
			}
		}
		return nil
	}
	if err := embedAll(todo, len(todo)); err != nil {
		return nil, stats, err
	}
	switch {
	case len(kept) == 0:
	case dims == 0:
		dims = prev.Dims
	case dims != prev.Dims:
		// The model behind the name changed its length: nothing is kept.
		if err := embedAll(kept, len(todo)+len(kept)); err != nil {
			return nil, stats, err
		}
		kept = nil
	}
	stats.Reused = len(kept)
	out.Dims = dims
	return out, stats, nil
}

// VectorsPath is where the passage vectors of a snapshot live: beside it,
// "corpus.snap" → "corpus.vectors.bin".
func VectorsPath(snapshot string) string {
	ext := filepath.Ext(snapshot)
	return snapshot[:len(snapshot)-len(ext)] + ".vectors.bin"
}

// The vector file: the magic line, then little-endian fields:
//
//	u16 len, embedder name | u32 dims | u32 count |
//	count × (u16 len, id | 32 bytes SHA-256 of the text | dims × float32)
const vectorMagic = "scgraph-vectors 1\n"

const maxVectorDims = 1 << 16

// WriteFile writes the vectors to a temporary file and renames it into
// place, so a reader never sees half a file.
func (vs *Vectors) WriteFile(path string) error {
	if vs.Dims <= 0 || vs.Dims > maxVectorDims || len(vs.Embedder) > math.MaxUint16 {
		return fmt.Errorf("%s: bad vector header (embedder %q, %d dimensions)", path, vs.Embedder, vs.Dims)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	le := binary.LittleEndian
	w.WriteString(vectorMagic)
	writeString := func(s string) {
		w.Write(le.AppendUint16(nil, uint16(len(s))))
		w.WriteString(s)
	}
	writeString(vs.Embedder)
	w.Write(le.AppendUint32(nil, uint32(vs.Dims)))
	w.Write(le.AppendUint32(nil, uint32(len(vs.Items))))
	buf := make([]byte, 4*vs.Dims)
	for i, v := range vs.Items {
		if len(v.Values) != vs.Dims || len(v.ID) > math.MaxUint16 {
			tmp.Close()
			return fmt.Errorf("%s: vector %d (%s) has %d dimensions, want %d", path, i, v.ID, len(v.Values), vs.Dims)
		}
		writeString(v.ID)
		w.Write(v.TextHash[:])
		for k, x := range v.Values {
			le.PutUint32(buf[4*k:], math.Float32bits(x))
		}
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// ReadVectorsFile reads a file WriteFile wrote; errors name the file and,
// past the header, the vector.
func ReadVectorsFile(path string) (*Vectors, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	vs, err := readVectors(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return vs, nil
}

func readVectors(r io.Reader) (*Vectors, error) {
	le := binary.LittleEndian
	magic := make([]byte, len(vectorMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != vectorMagic {
		return nil, errors.New("not a vector file (wrong magic)")
	}
	readString := func() (string, error) {
		var n [2]byte
		if _, err := io.ReadFull(r, n[:]); err != nil {
			return "", err
		}
		b := make([]byte, le.Uint16(n[:]))
		_, err := io.ReadFull(r, b)
		return string(b), err
	}
	var vs Vectors
	var err error
	if vs.Embedder, err = readString(); err != nil {
		return nil, fmt.Errorf("truncated header: %w", err)
	}
	var hdr [8]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, fmt.Errorf("truncated header: %w", err)
	}
	vs.Dims = int(le.Uint32(hdr[:4]))
	count := int(le.Uint32(hdr[4:]))
	if vs.Dims <= 0 || vs.Dims > maxVectorDims {
		return nil, fmt.Errorf("header says %d dimensions", vs.Dims)
	}
	buf := make([]byte, 4*vs.Dims)
	for i := range count {
		var v Vector
		if v.ID, err = readString(); err == nil {
			_, err = io.ReadFull(r, v.TextHash[:])
		}
		if err == nil {
			_, err = io.ReadFull(r, buf)
		}
		if err != nil {
			return nil, fmt.Errorf("vector %d of %d: truncated: %w", i+1, count, err)
		}
		v.Values = make([]float32, vs.Dims)
		for k := range v.Values {
			v.Values[k] = math.Float32frombits(le.Uint32(buf[4*k:]))
		}
		vs.Items = append(vs.Items, v)
	}
	if n, _ := r.Read(make([]byte, 1)); n != 0 {
		return nil, fmt.Errorf("data after the %d vectors the header announces", count)
	}
	return &vs, nil
}
