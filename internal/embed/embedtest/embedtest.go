// Package embedtest holds what the tests of embedding providers share: the
// answer of an OpenAI-compatible embeddings endpoint, for the local fake
// servers that stand in for a provider.
package embedtest

import (
	"encoding/json"
	"net/http"
)

// WriteOpenAI writes the response of POST /v1/embeddings: one item per
// vector, in order, for model (usage counts one token a text).
func WriteOpenAI(w http.ResponseWriter, model string, vectors [][]float32) {
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	resp := struct {
		Object string         `json:"object"`
		Data   []item         `json:"data"`
		Model  string         `json:"model"`
		Usage  map[string]int `json:"usage"`
	}{Object: "list", Model: model, Usage: map[string]int{"prompt_tokens": len(vectors), "total_tokens": len(vectors)}}
	for i, v := range vectors {
		resp.Data = append(resp.Data, item{Object: "embedding", Index: i, Embedding: v})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}
