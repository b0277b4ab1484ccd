# scgraph — common tasks. `make help` lists them.
GO ?= go
DATA ?= ../shared/data

.PHONY: help build test test-short check bench eval lexicons demo neo4j-start neo4j-stop clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 16

build: ## build bin/scgraph
	$(GO) build -buildvcs=auto -o bin/scgraph ./cmd/scgraph

test: ## every test, race detector on; installs and starts Neo4j for the integration tests
	scripts/test

test-short: ## the tests without Neo4j, the Python MCP client and fuzzing (what needs them skips)
	env -u NEO4J_URI -u CI SCGRAPH_SKIP_NEO4J=1 SCGRAPH_SKIP_MCP_CLIENT=1 SCGRAPH_FUZZTIME=0 scripts/test

check: ## gofmt and go vet
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...

bench: ## benchmarks: load, 3-hop question, store; then the eval table (embedded store)
	$(GO) test -run xxx -bench . -benchtime 200x ./agent/ ./memstore/
	scripts/eval-all

eval: ## the evaluation table on every dev set, all modes (reports/)
	scripts/eval-all

demo: build ## ask the demo graph the reference questions
	bin/scgraph ask "Which teams are affected if the payment service goes down?"
	bin/scgraph ask "Is the checkout service affected by the db-v2 migration?"

lexicons: build ## relearn the shipped lexicons from the dev data (lexicon/builtin, gzip-compressed)
	bin/scgraph lexicon learn --quiet --graph $(DATA)/metaqa/kb.txt --name metaqa-dev -o lexicon/builtin/metaqa.json \
	  --questions $(DATA)/metaqa/1-hop/vanilla/qa_dev.txt,$(DATA)/metaqa/2-hop/vanilla/qa_dev.txt,$(DATA)/metaqa/3-hop/vanilla/qa_dev.txt,$(DATA)/metaqa/1-hop/ntm/qa_dev.txt
	bin/scgraph lexicon learn --quiet --graph $(DATA)/pathquestion/2H-kb.txt,$(DATA)/pathquestion/3H-kb.txt --name pq-dev -o lexicon/builtin/pq.json \
	  --questions $(DATA)/pathquestion/PQ-2H.dev.txt,$(DATA)/pathquestion/PQ-3H.dev.txt
	bin/scgraph lexicon learn --quiet --graph $(DATA)/pathquestion/PQL3-KB.txt --name pql-dev -o lexicon/builtin/pql.json \
	  --questions $(DATA)/pathquestion/PQL-2H.dev.txt,$(DATA)/pathquestion/PQL-3H.dev.txt,$(DATA)/pathquestion/PQL-3H_more.dev.txt
	gzip -9nf lexicon/builtin/metaqa.json lexicon/builtin/pq.json lexicon/builtin/pql.json

neo4j-start: ## install (first time) and start the local Neo4j on 127.0.0.1
	scripts/neo4j start

neo4j-stop: ## stop the local Neo4j
	scripts/neo4j stop

clean: ## remove build output and reports (keeps the Neo4j install in .cache)
	rm -rf bin reports
