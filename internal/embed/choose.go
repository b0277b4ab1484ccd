package embed

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
)

// The values of --embedder.
const (
	// Auto picks the default: MiniLM when it is installed, else Hashed.
	Auto = "auto"
)

// Names lists the embedders Choose knows, for help texts and errors.
var Names = []string{Auto, HashedName, MiniLMName}

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

// Choose returns the embedder called name: "minilm" (Default), "hashed"
// (NewHashed), or "auto": MiniLM when it is installed, else Hashed, with
// fellBack true to say so.
func Choose(name, cacheDir string) (e Named, fellBack bool, err error) {
	switch name {
	case MiniLMName:
		e, err = Default(cacheDir)
		return e, false, err
	case HashedName:
		return NewHashed(), false, nil
	case Auto, "":
		e, err = Default(cacheDir)
		if errors.Is(err, ErrNotInstalled) {
			return NewHashed(), true, nil
		}
		return e, false, err
	}
	return nil, false, fmt.Errorf("unknown embedder %q: want one of %v", name, Names)
}
