package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/scgraph/scgraph/internal/atomicfile"
)

// GraceAfterSignal is how long a command may take to end after SIGINT or
// SIGTERM cancelled its context (every network call and file write
// notices at once); past it, or at a second signal, the process removes
// the temporary files of the writes still open and ends anyway.
const GraceAfterSignal = 2 * time.Second

// inFlight is the question chat is asking, if any: Ctrl-C (SIGINT) then
// cancels that question, and chat goes back to its prompt, instead of
// ending the command.
var inFlight struct {
	sync.Mutex
	cancel context.CancelFunc
}

// interruptible makes SIGINT cancel the question behind cancel until done
// is called.
func interruptible(cancel context.CancelFunc) (done func()) {
	inFlight.Lock()
	inFlight.cancel = cancel
	inFlight.Unlock()
	return func() {
		inFlight.Lock()
		inFlight.cancel = nil
		inFlight.Unlock()
	}
}

// interruptQuestion cancels the question in flight, if there is one, and
// reports whether there was.
func interruptQuestion() bool {
	inFlight.Lock()
	defer inFlight.Unlock()
	if inFlight.cancel == nil {
		return false
	}
	inFlight.cancel()
	inFlight.cancel = nil
	return true
}

// signalCause is the cause of a context a signal cancelled.
type signalCause struct{ sig os.Signal }

func (s signalCause) Error() string { return s.sig.String() + " signal received" }

// SignalContext is the context main runs a command under. SIGINT and
// SIGTERM cancel it, except that SIGINT only cancels the question chat is
// asking when it is asking one. After the first signal that cancels it, a
// second signal ends the process at once, and so does a command still
// running GraceAfterSignal later (exit status 130, saying so on stderr),
// each after removing the temporary files of the writes still open
// (atomicfile.RemoveTemporary). stop releases the signals.
func SignalContext(stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(done)
		})
	}
	go func() {
		for {
			select {
			case <-done:
				return
			case sig := <-sigs:
				if sig == os.Interrupt && interruptQuestion() {
					continue
				}
				cancel(signalCause{sig})
				select {
				case <-done:
					return
				case sig = <-sigs:
					fmt.Fprintf(stderr, "scgraph: a second signal (%v); exiting\n", sig)
				case <-time.After(GraceAfterSignal):
					fmt.Fprintf(stderr, "scgraph: %v; the command did not end within %v, exiting\n", context.Cause(ctx), GraceAfterSignal)
				}
				atomicfile.RemoveTemporary()
				os.Exit(exitInterrupted)
			}
		}
	}()
	return ctx, stop
}
