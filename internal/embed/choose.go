package embed

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/scgraph/scgraph/internal/llmopen"
)

// The values of --embedder.
const (
	// Auto picks the default: MiniLM when it is installed, else Hashed.
	Auto = "auto"
)

// Names lists the embedders Choose knows, for help texts and errors: the
// offline ones, then the providers' (see OpenProvider).
var Names = []string{Auto, HashedName, MiniLMName, llmopen.ProviderOpenAI + "[:MODEL]", llmopen.ProviderOllama + "[:MODEL]"}

// Options say where Choose and QueryEmbedder find the embedders: the
// model cache of the offline ones and the endpoints of the providers'.
type Options struct {
	// CacheDir holds the installed models (CacheDir() when empty).
	CacheDir string
	// Provider reaches a provider's embedder.
	Provider ProviderOptions
}

// ErrNotInstalled is returned (wrapped) when a model's files are not in
// the cache.
var ErrNotInstalled = errors.New("not installed")

// Default returns all-MiniLM-L6-v2 from cacheDir (CacheDir() when
// empty): the better embedder on the development data (see the package
// doc). When the model is not installed the error wraps ErrNotInstalled
// and says to run scripts/embed-model.
func Default(cacheDir string) (Named, error) {
	if cacheDir == "" {
		cacheDir = CacheDir()
	}
	dir := filepath.Join(cacheDir, MiniLMDir)
	m, err := LoadMiniLM(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the %s embedder (all-MiniLM-L6-v2) is %w in %s: run scripts/embed-model (with SCGRAPH_CACHE=%s to install it there)",
			MiniLMName, ErrNotInstalled, dir, filepath.Dir(cacheDir))
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Choose returns the embedder called name: "minilm" (Default from
// o.CacheDir), "hashed" (NewHashed), a provider's PROVIDER[:MODEL]
// (OpenProvider with o.Provider: "openai", "ollama:nomic-embed-text"), or
// "auto": MiniLM when it is installed, else Hashed, with fellBack true to
// say so. It makes no network call.
func Choose(name string, o Options) (e Named, fellBack bool, err error) {
	switch name {
	case MiniLMName:
		e, err = Default(o.CacheDir)
		return e, false, err
	case HashedName:
		return NewHashed(), false, nil
	case Auto, "":
		e, err = Default(o.CacheDir)
		if errors.Is(err, ErrNotInstalled) {
			return NewHashed(), true, nil
		}
		return e, false, err
	}
	if isProviderSpec(name) {
		p, err := OpenProvider(name, o.Provider)
		if err != nil {
			return nil, false, err
		}
		return p, false, nil
	}
	return nil, false, fmt.Errorf("unknown embedder %q: want one of %v", name, Names)
}
