package cypher

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"
)

// Driver timeouts. Together with the caller's context (whose deadline the
// driver also honours) they bound how long a call can wait for a server
// that went away: a refused or dropped connection fails at once and is
// retried until transactionRetryTime; a server that stops answering holds
// a call until the context ends.
const (
	// socketConnectTimeout bounds one TCP connect.
	socketConnectTimeout = 5 * time.Second
	// connectionAcquisitionTimeout bounds waiting for a pooled or new
	// connection.
	connectionAcquisitionTimeout = 10 * time.Second
	// transactionRetryTime bounds the retries of a managed transaction
	// after transient failures (deadlocks, lost connections, leader
	// changes).
	transactionRetryTime = 10 * time.Second
	// livenessCheckAfter: a pooled connection idle longer than this is
	// pinged before reuse, so that a server restart is noticed before a
	// query is sent down a dead socket.
	livenessCheckAfter = 30 * time.Second
	// closeTimeout bounds Close.
	closeTimeout = 5 * time.Second
	// sessionCloseTimeout bounds closing a session, which may have to
	// roll back on a server that stopped answering.
	sessionCloseTimeout = time.Second
)

// The store's labels. Entity types equal to one of them get no type label.
const (
	labelEntity = "Entity"
	labelMeta   = "ScgraphMeta"
)

// Store is a knowledge graph held in Neo4j. It is safe for concurrent use;
// every call opens its own session on the shared driver.
type Store struct {
	driver    neo4j.DriverWithContext
	cfg       Config
	bookmarks neo4j.BookmarkManager

	// writeMu serialises this process's writes: each ends by retyping the
	// graph from all its triples, which must see the write before it.
	writeMu sync.Mutex
	// indexed is set once the constraints and indexes are known to exist.
	indexed atomic.Bool
	// meta is the cached schema (user and inferred), loaded by the first
	// read and replaced by every write of this process.
	meta atomic.Pointer[meta]
	// views caches what each set of groups sees (*viewState, by
	// Groups.String()), for Scoped; an entry made from an older meta is
	// derived again.
	views sync.Map
}

// Open connects to the Neo4j server cfg names and checks that it answers,
// that it runs Neo4j 5.26 or later (see checkVersion) and that the
// database exists, all within cfg.ConnectTimeout (or ctx's
// deadline, if earlier): a server that accepts the connection and never
// answers gives an error, not a hang. Errors name the URI (never the
// password). The caller closes the store.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	drv, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.Username, cfg.Password, ""), func(c *config.Config) {
		c.SocketConnectTimeout = socketConnectTimeout
		c.ConnectionAcquisitionTimeout = connectionAcquisitionTimeout
		c.MaxTransactionRetryTime = transactionRetryTime
		c.ConnectionLivenessCheckTimeout = livenessCheckAfter
		c.UserAgent = "scgraph"
	})
	if err != nil {
		return nil, fmt.Errorf("cypher: Neo4j URI %s: %w", cfg.safeURI(), err)
	}
	s := &Store{driver: drv, cfg: cfg, bookmarks: neo4j.NewBookmarkManager(neo4j.BookmarkManagerConfig{})}
	ctx, cancel := context.WithTimeout(ctx, cfg.ConnectTimeout)
	defer cancel()
	if err := drv.VerifyConnectivity(ctx); err != nil {
		s.closeDriver()
		return nil, fmt.Errorf("cypher: cannot reach Neo4j at %s as user %q: %w", cfg.safeURI(), cfg.Username, timeoutErr(ctx, err))
	}
	// A read on the configured database checks the credentials and that
	// the database exists, and reads the server's version.
	version, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (string, error) {
		vs, err := collect(ctx, tx, qVersion, nil, func(r *neo4j.Record) (string, error) { return strAt(r, 0) })
		if err != nil || len(vs) == 0 {
			return "", err
		}
		return vs[0], nil
	})
	if err == nil {
		err = checkVersion(version)
	}
	if err != nil {
		s.closeDriver()
		return nil, fmt.Errorf("cypher: Neo4j at %s, database %s: %w", cfg.safeURI(), s.dbName(), timeoutErr(ctx, err))
	}
	return s, nil
}

// qVersion reads the server's version.
const qVersion = `CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' RETURN versions[0]`

// checkVersion refuses a server older than 5.26, the first whose Cypher
// takes labels and relationship types from values (an ingest's writes do).
// Versions are 5.x or, from 2025, calendar versions (2025.01.0); a
// version it cannot read passes, since the server will say what it lacks.
func checkVersion(v string) error {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return nil
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return nil
	}
	if major < 5 || major == 5 && minor < 26 {
		return fmt.Errorf("the server runs Neo4j %s; scgraph needs 5.26 or later", v)
	}
	return nil
}

// ErrNoAnswer is wrapped by the errors of calls that ran out of time
// waiting for the server (errors.Is also matches
// context.DeadlineExceeded).
var ErrNoAnswer = errors.New("the server did not answer in time")

// timeoutErr makes a call's error say so when ctx's deadline ended it.
// The driver reports a deadline in several ways (its own connectivity
// error, a read timeout, the context's error), so ctx decides.
func timeoutErr(ctx context.Context, err error) error {
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && !errors.Is(err, ErrNoAnswer) {
		return fmt.Errorf("%w: %w", ErrNoAnswer, context.DeadlineExceeded)
	}
	return err
}

// String describes the store for messages: the URI and the database.
func (s *Store) String() string {
	return fmt.Sprintf("Neo4j at %s (database %s)", s.cfg.safeURI(), s.dbName())
}

func (s *Store) dbName() string {
	if s.cfg.Database == "" {
		return "(default)"
	}
	return s.cfg.Database
}

// Close closes the driver and its connections.
func (s *Store) Close() error {
	return s.closeDriver()
}

func (s *Store) closeDriver() error {
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	if err := s.driver.Close(ctx); err != nil {
		return fmt.Errorf("cypher: closing the connection to %s: %w", s.cfg.safeURI(), err)
	}
	return nil
}

// session opens a session for one call.
func (s *Store) session(ctx context.Context, mode neo4j.AccessMode) neo4j.SessionWithContext {
	return s.driver.NewSession(ctx, neo4j.SessionConfig{
		AccessMode:      mode,
		DatabaseName:    s.cfg.Database,
		BookmarkManager: s.bookmarks,
	})
}

// txWork is the work of a managed transaction. It gets the call's
// context, which carries the call's deadline: use it for every Run,
// Next and Consume.
type txWork[T any] func(ctx context.Context, tx neo4j.ManagedTransaction) (T, error)

// readTx runs work in a managed read transaction (routed to a reader in a
// cluster, retried on transient errors, so work must only compute its
// result), within the store's call timeout.
func readTx[T any](ctx context.Context, s *Store, work txWork[T]) (T, error) {
	return runTx(ctx, s, neo4j.AccessModeRead, s.cfg.CallTimeout, work)
}

// writeTx runs work in a managed write transaction within the store's call
// timeout.
func writeTx[T any](ctx context.Context, s *Store, work txWork[T]) (T, error) {
	return runTx(ctx, s, neo4j.AccessModeWrite, s.cfg.CallTimeout, work)
}

// runTx runs work in a managed transaction of the given mode under a
// deadline: the earlier of ctx's and timeout from now.
func runTx[T any](ctx context.Context, s *Store, mode neo4j.AccessMode, timeout time.Duration, work txWork[T]) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	sess := s.session(ctx, mode)
	defer closeSession(ctx, sess)
	run := func(tx neo4j.ManagedTransaction) (T, error) { return work(ctx, tx) }
	var v T
	var err error
	if mode == neo4j.AccessModeRead {
		v, err = neo4j.ExecuteRead(ctx, sess, run)
	} else {
		v, err = neo4j.ExecuteWrite(ctx, sess, run)
	}
	return v, timeoutErr(ctx, err)
}

// closeSession closes a session within sessionCloseTimeout, also when ctx
// has ended (a session that ends a cancelled call must still be closed).
func closeSession(ctx context.Context, sess neo4j.SessionWithContext) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sessionCloseTimeout)
	defer cancel()
	sess.Close(cctx)
}

// readQuery runs one read query in an auto-commit transaction of a read
// session (routed to a reader on a cluster; the server refuses a write in
// it) and converts every record with scan. It is the agent's call: one
// round trip, RUN and PULL pipelined, where a managed transaction takes
// two (its COMMIT is a second). A read is idempotent, so a failure the
// driver calls retryable (a lost connection, a leader switch) is retried,
// with backoff, until transactionRetryTime has passed or ctx ends.
func readQuery[T any](ctx context.Context, s *Store, query string, params map[string]any, scan func(*neo4j.Record) (T, error)) ([]T, error) {
	deadline := time.Now().Add(transactionRetryTime)
	wait := retryFirstWait
	for {
		out, err := readOnce(ctx, s, query, params, scan)
		if err == nil || !neo4j.IsRetryable(err) || ctx.Err() != nil || time.Now().Add(wait).After(deadline) {
			return out, err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		wait *= 2
	}
}

// retryFirstWait is readQuery's first pause before a retry; it doubles.
const retryFirstWait = 50 * time.Millisecond

func readOnce[T any](ctx context.Context, s *Store, query string, params map[string]any, scan func(*neo4j.Record) (T, error)) ([]T, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.CallTimeout)
	defer cancel()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer closeSession(ctx, sess)
	res, err := sess.Run(ctx, query, params)
	if err != nil {
		return nil, timeoutErr(ctx, err)
	}
	var out []T
	for res.Next(ctx) {
		v, err := scan(res.Record())
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := res.Err(); err != nil {
		return nil, timeoutErr(ctx, err)
	}
	return out, nil
}

// collect runs a query in tx and converts every record with scan.
func collect[T any](ctx context.Context, tx neo4j.ManagedTransaction, query string, params map[string]any, scan func(*neo4j.Record) (T, error)) ([]T, error) {
	res, err := tx.Run(ctx, query, params)
	if err != nil {
		return nil, err
	}
	var out []T
	for res.Next(ctx) {
		v, err := scan(res.Record())
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// collectCounted is collect for a write query: the records, and the
// query's counters.
func collectCounted[T any](ctx context.Context, tx neo4j.ManagedTransaction, query string, params map[string]any, scan func(*neo4j.Record) (T, error)) ([]T, neo4j.Counters, error) {
	res, err := tx.Run(ctx, query, params)
	if err != nil {
		return nil, nil, err
	}
	var out []T
	for res.Next(ctx) {
		v, err := scan(res.Record())
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
	}
	sum, err := res.Consume(ctx)
	if err != nil {
		return nil, nil, err
	}
	return out, sum.Counters(), nil
}

// exec runs a write query in tx and returns its counters.
func exec(ctx context.Context, tx neo4j.ManagedTransaction, query string, params map[string]any) (neo4j.Counters, error) {
	res, err := tx.Run(ctx, query, params)
	if err != nil {
		return nil, err
	}
	sum, err := res.Consume(ctx)
	if err != nil {
		return nil, err
	}
	return sum.Counters(), nil
}

// fail wraps a driver error with what failed and where.
func (s *Store) fail(what string, err error) error {
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("cypher: %s: %w", what, err)
	}
	return fmt.Errorf("cypher: %s on Neo4j at %s: %w", what, s.cfg.safeURI(), err)
}

// The counts come from the count store: each must be its own query for
// the planner to use it.
const (
	qCountEntities = `MATCH (n:Entity) RETURN count(n)`
	qCountTriples  = `MATCH ()-[r]->() RETURN count(r)`
)

// Remote reports that the store answers over a network, so that the
// agent saves round trips where it can (one query to link a bracketed
// name and walk a chain).
func (s *Store) Remote() bool { return true }

// Stats counts the entities and the (distinct) triples stored.
func (s *Store) Stats(ctx context.Context) (entities, triples int, err error) {
	c, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([2]int64, error) {
		var c [2]int64
		for i, q := range []string{qCountEntities, qCountTriples} {
			rows, err := collect(ctx, tx, q, nil, func(r *neo4j.Record) (int64, error) { return intAt(r, 0) })
			if err != nil {
				return c, err
			}
			if len(rows) == 1 {
				c[i] = rows[0]
			}
		}
		return c, nil
	})
	if err != nil {
		return 0, 0, s.fail("stats", err)
	}
	return int(c[0]), int(c[1]), nil
}

// qWipe deletes the store's nodes and relationships in batches, so that a
// big graph does not need one huge transaction. It runs in an implicit
// transaction, as CALL { } IN TRANSACTIONS requires.
const qWipe = `
MATCH (n) WHERE n:Entity OR n:ScgraphMeta
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS`

// Wipe deletes every entity, triple and the stored schema (the indexes
// stay), in batches. Tests use it to start from an empty database.
func (s *Store) Wipe(ctx context.Context) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, BulkTimeout)
	defer cancel()
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer closeSession(ctx, sess)
	res, err := sess.Run(ctx, qWipe, nil)
	if err == nil {
		_, err = res.Consume(ctx)
	}
	s.meta.Store(nil)
	if err != nil {
		return s.fail("wipe", timeoutErr(ctx, err))
	}
	return nil
}
