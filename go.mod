module github.com/scgraph/scgraph

go 1.26

require (
	github.com/google/uuid v1.6.0
	github.com/looplab/fsm v1.0.3
	go.uber.org/zap v1.28.0
)

require (
	github.com/neo4j/neo4j-go-driver/v5 v5.28.4 // indirect
	go.uber.org/multierr v1.10.0 // indirect
)
