package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// The files of an installed model, in its directory (scripts/embed-model
// puts them there).
const (
	modelFile     = "model.onnx"
	tokenizerFile = "tokenizer.json"
)

// MiniLMName names the all-MiniLM-L6-v2 sentence embedder in stored
// vector files and in command output.
const MiniLMName = "minilm"

// MiniLMDir is the directory of all-MiniLM-L6-v2 under the embed cache
// directory (scripts/embed-model installs it there).
const MiniLMDir = "all-minilm-l6-v2"

// BERT is a sentence embedder running a BERT encoder exported to ONNX
// (all-MiniLM-L6-v2 by default) in pure Go: WordPiece tokens, token and
// position embeddings with layer norm, the encoder layers (multi-head
// self-attention, GELU feed-forward, residual and layer norm each), mean
// pooling over the tokens and L2 normalisation: the computation of
// sentence-transformers' model, without its runtime.
//
// Texts longer than MaxTokens word pieces are cut (the model was trained
// on at most 256). A BERT is safe for concurrent use.
type BERT struct {
	name      string
	tok       *wordPiece
	hidden    int
	heads     int
	maxTokens int

	wordEmb, posEmb, typeEmb []float32
	embNormGain, embNormBias []float32
	layers                   []bertLayer
}

// bertLayer holds one encoder layer's weights; matrices are input-major
// (see linear), Q, K and V side by side in one hidden×3·hidden matrix.
type bertLayer struct {
	qkv, qkvBias         []float32
	attnOut, attnOutBias []float32
	norm1Gain, norm1Bias []float32
	inter, interBias     []float32
	out, outBias         []float32
	norm2Gain, norm2Bias []float32
}

// LoadMiniLM loads all-MiniLM-L6-v2 from dir (model.onnx and
// tokenizer.json, as scripts/embed-model installs them).
func LoadMiniLM(dir string) (*BERT, error) {
	return loadBERT(MiniLMName, dir, 12, 256)
}

func loadBERT(name, dir string, heads, maxTokens int) (*BERT, error) {
	tok, err := loadWordPiece(filepath.Join(dir, tokenizerFile))
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, modelFile)
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	g, err := parseONNX(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m, err := bertFromGraph(g, heads)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m.name, m.tok, m.maxTokens = name, tok, min(maxTokens, len(m.posEmb)/m.hidden)
	if v := len(m.wordEmb) / m.hidden; len(tok.vocab) > v {
		return nil, fmt.Errorf("%s: the tokenizer has %d tokens, the model's embedding table %d", path, len(tok.vocab), v)
	}
	return m, nil
}

// bertFromGraph takes the weights from an ONNX graph exported from a
// Hugging Face BertModel: embeddings by their parameter names, the linear
// layers' matrices through the MatMul node of each named layer (exporters
// rename those to "onnx::MatMul_N" and store them input-major).
func bertFromGraph(g *onnxGraph, heads int) (*BERT, error) {
	var missing []string
	vec := func(name string, dims ...int) []float32 {
		t, ok := g.Initializers[name]
		if !ok || t.Floats == nil || !sameDims(t.Dims, dims) {
			missing = append(missing, fmt.Sprintf("%s %v", name, dims))
			return nil
		}
		return t.Floats
	}
	matmul := map[string]*onnxTensor{}
	for _, n := range g.Nodes {
		if n.OpType == "MatMul" && len(n.Inputs) == 2 {
			if t, ok := g.Initializers[n.Inputs[1]]; ok {
				matmul[n.Name] = t
			}
		}
	}
	// weight returns the matrix of layer node (e.g. /encoder/layer.0/intermediate/dense),
	// in×out.
	weight := func(node string, in, out int) []float32 {
		t, ok := matmul[node+"/MatMul"]
		if !ok || t.Floats == nil || !sameDims(t.Dims, []int{in, out}) {
			missing = append(missing, fmt.Sprintf("%s/MatMul weight [%d %d]", node, in, out))
			return nil
		}
		return t.Floats
	}
	norm, ok := g.Initializers["embeddings.LayerNorm.weight"]
	if !ok || len(norm.Dims) != 1 {
		return nil, errors.New("no embeddings.LayerNorm.weight: not a BERT model exported from Hugging Face")
	}
	h := norm.Dims[0]
	if heads <= 0 || h%heads != 0 {
		return nil, fmt.Errorf("hidden size %d is not a multiple of %d heads", h, heads)
	}
	word, ok := g.Initializers["embeddings.word_embeddings.weight"]
	pos, ok2 := g.Initializers["embeddings.position_embeddings.weight"]
	if !ok || !ok2 || len(word.Dims) != 2 || len(pos.Dims) != 2 {
		return nil, errors.New("no word or position embeddings")
	}
	m := &BERT{hidden: h, heads: heads}
	m.wordEmb = vec("embeddings.word_embeddings.weight", word.Dims[0], h)
	m.posEmb = vec("embeddings.position_embeddings.weight", pos.Dims[0], h)
	m.typeEmb = vec("embeddings.token_type_embeddings.weight", 2, h)
	m.embNormGain = vec("embeddings.LayerNorm.weight", h)
	m.embNormBias = vec("embeddings.LayerNorm.bias", h)
	for i := 0; ; i++ {
		p := fmt.Sprintf("encoder.layer.%d.", i)
		if _, ok := g.Initializers[p+"attention.self.query.bias"]; !ok {
			break
		}
		n := fmt.Sprintf("/encoder/layer.%d/", i)
		interBias := g.Initializers[p+"intermediate.dense.bias"]
		if interBias == nil || len(interBias.Dims) != 1 {
			return nil, fmt.Errorf("layer %d has no intermediate.dense.bias", i)
		}
		inner := interBias.Dims[0]
		var l bertLayer
		l.qkv = sideBySide(h, weight(n+"attention/self/query", h, h), weight(n+"attention/self/key", h, h), weight(n+"attention/self/value", h, h))
		l.qkvBias = concat(vec(p+"attention.self.query.bias", h), vec(p+"attention.self.key.bias", h), vec(p+"attention.self.value.bias", h))
		l.attnOut = weight(n+"attention/output/dense", h, h)
		l.attnOutBias = vec(p+"attention.output.dense.bias", h)
		l.norm1Gain = vec(p+"attention.output.LayerNorm.weight", h)
		l.norm1Bias = vec(p+"attention.output.LayerNorm.bias", h)
		l.inter = weight(n+"intermediate/dense", h, inner)
		l.interBias = vec(p+"intermediate.dense.bias", inner)
		l.out = weight(n+"output/dense", inner, h)
		l.outBias = vec(p+"output.dense.bias", h)
		l.norm2Gain = vec(p+"output.LayerNorm.weight", h)
		l.norm2Bias = vec(p+"output.LayerNorm.bias", h)
		m.layers = append(m.layers, l)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing or misshapen weights: %v", missing)
	}
	if len(m.layers) == 0 {
		return nil, errors.New("no encoder layers")
	}
	return m, nil
}

func sameDims(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func concat(parts ...[]float32) []float32 {
	var out []float32
	for _, p := range parts {
		if p == nil {
			return nil
		}
		out = append(out, p...)
	}
	return out
}

// sideBySide joins row-major matrices of the same number of rows
// column-wise: [A | B | C].
func sideBySide(rows int, parts ...[]float32) []float32 {
	width := 0
	for _, p := range parts {
		if p == nil {
			return nil
		}
		width += len(p) / rows
	}
	out := make([]float32, 0, rows*width)
	for r := range rows {
		for _, p := range parts {
			w := len(p) / rows
			out = append(out, p[r*w:(r+1)*w]...)
		}
	}
	return out
}

// Name is the embedder's name in stored vector files ("minilm").
func (m *BERT) Name() string { return m.name }

// Dimensions is the vector length (384 for all-MiniLM-L6-v2).
func (m *BERT) Dimensions() int { return m.hidden }

// MaxTokens is the number of word pieces, [CLS] and [SEP] included, past
// which a text is cut.
func (m *BERT) MaxTokens() int { return m.maxTokens }

// EmbedDocuments returns a unit vector for each text, embedding as many
// texts at once as there are cores.
func (m *BERT) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	workers := min(runtime.GOMAXPROCS(0), len(texts))
	if workers <= 1 {
		for i, t := range texts {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			out[i] = m.embed(t)
		}
		return out, nil
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				out[i] = m.embed(texts[i])
			}
		})
	}
	var err error
	for i := range texts {
		if err = ctx.Err(); err != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EmbedQuery embeds one text (its matrix products use all cores).
func (m *BERT) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return m.embed(text), nil
}

// Tokens returns the word-piece ids the model sees for text.
func (m *BERT) Tokens(text string) []int32 { return m.tok.encode(text, m.maxTokens) }

func (m *BERT) embed(text string) []float32 {
	ids := m.tok.encode(text, m.maxTokens)
	x := m.forward(ids)
	h := m.hidden
	v := make([]float32, h)
	for t := range len(ids) {
		row := x[t*h : (t+1)*h]
		for i := range v {
			v[i] += row[i]
		}
	}
	for i := range v {
		v[i] /= float32(len(ids))
	}
	Normalize(v)
	return v
}

// forward returns the last hidden state, len(ids)×hidden, of one sequence.
func (m *BERT) forward(ids []int32) []float32 {
	n, h := len(ids), m.hidden
	x := make([]float32, n*h)
	for t, id := range ids {
		row := x[t*h : (t+1)*h]
		w := m.wordEmb[int(id)*h : (int(id)+1)*h]
		p := m.posEmb[t*h : (t+1)*h]
		for i := range row {
			row[i] = w[i] + p[i] + m.typeEmb[i]
		}
		layerNorm(row, m.embNormGain, m.embNormBias)
	}
	qkv := make([]float32, n*3*h)
	ctxv := make([]float32, n*h)
	tmp := make([]float32, n*h)
	scores := make([]float32, n)
	for li := range m.layers {
		l := &m.layers[li]
		inner := len(l.interBias)
		linear(qkv, x, n, h, l.qkv, 3*h, l.qkvBias)
		m.attention(ctxv, qkv, n, scores)
		linear(tmp, ctxv, n, h, l.attnOut, h, l.attnOutBias)
		for i := range x {
			x[i] += tmp[i]
		}
		for t := range n {
			layerNorm(x[t*h:(t+1)*h], l.norm1Gain, l.norm1Bias)
		}
		mid := make([]float32, n*inner)
		linear(mid, x, n, h, l.inter, inner, l.interBias)
		for i, v := range mid {
			mid[i] = float32(0.5 * float64(v) * (1 + math.Erf(float64(v)/math.Sqrt2)))
		}
		linear(tmp, mid, n, inner, l.out, h, l.outBias)
		for i := range x {
			x[i] += tmp[i]
		}
		for t := range n {
			layerNorm(x[t*h:(t+1)*h], l.norm2Gain, l.norm2Bias)
		}
	}
	return x
}

// attention computes multi-head scaled dot-product self-attention over
// one unpadded sequence: qkv holds each token's query, key and value
// (3·hidden); dst gets each token's heads' outputs side by side.
func (m *BERT) attention(dst, qkv []float32, n int, scores []float32) {
	h := m.hidden
	d := h / m.heads
	scale := float32(1 / math.Sqrt(float64(d)))
	for head := range m.heads {
		off := head * d
		for i := range n {
			q := qkv[i*3*h+off : i*3*h+off+d]
			top := float32(math.Inf(-1))
			for j := range n {
				k := qkv[j*3*h+h+off : j*3*h+h+off+d]
				s := dot(q, k) * scale
				scores[j] = s
				top = max(top, s)
			}
			var sum float32
			for j := range n {
				e := float32(math.Exp(float64(scores[j] - top)))
				scores[j] = e
				sum += e
			}
			out := dst[i*h+off : i*h+off+d]
			clear(out)
			for j := range n {
				p := scores[j] / sum
				v := qkv[j*3*h+2*h+off : j*3*h+2*h+off+d]
				for c := range out {
					out[c] += p * v[c]
				}
			}
		}
	}
}

// layerNorm normalises x to mean 0 and variance 1, then scales and shifts
// it (BERT's epsilon, 1e-12).
func layerNorm(x, gain, bias []float32) {
	var mean float64
	for _, v := range x {
		mean += float64(v)
	}
	mean /= float64(len(x))
	var variance float64
	for _, v := range x {
		d := float64(v) - mean
		variance += d * d
	}
	variance /= float64(len(x))
	inv := 1 / math.Sqrt(variance+1e-12)
	for i, v := range x {
		x[i] = float32((float64(v)-mean)*inv)*gain[i] + bias[i]
	}
}
