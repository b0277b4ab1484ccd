// Package progress draws a one-line progress display with rate and ETA on
// a terminal, and stays silent (or prints one summary line) elsewhere, so
// that logs in CI are not flooded.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Bar reports progress of one long task. The zero Bar is not usable; make
// one with New. A nil *Bar is a no-op, so callers need not check.
type Bar struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	unit    string
	total   int64
	done    int64
	start   time.Time
	last    time.Time
	live    bool
	now     func() time.Time
	printed bool
}

// New starts a bar. total is in bytes when unit is "B", else a count (0 if
// unknown). The bar redraws in place only when w is a terminal.
func New(w io.Writer, label, unit string, total int64) *Bar {
	now := time.Now
	b := &Bar{w: w, label: label, unit: unit, total: total, now: now, start: now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			b.live = true
		}
	}
	return b
}

// Set records progress (the amount done so far) and redraws at most ten
// times a second.
func (b *Bar) Set(done int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = done
	if !b.live {
		return
	}
	t := b.now()
	if t.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = t
	fmt.Fprintf(b.w, "\r%s\033[K", b.line(t))
	b.printed = true
}

// Finish ends the bar with a summary line: what was done, how fast.
func (b *Bar) Finish(summary string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	el := b.now().Sub(b.start)
	if b.printed {
		fmt.Fprint(b.w, "\r\033[K")
	}
	fmt.Fprintf(b.w, "%s: %s in %s\n", b.label, summary, el.Round(time.Millisecond))
}

func (b *Bar) line(t time.Time) string {
	el := t.Sub(b.start).Seconds()
	rate := 0.0
	if el > 0 {
		rate = float64(b.done) / el
	}
	if b.total > 0 {
		pct := 100 * float64(b.done) / float64(b.total)
		eta := ""
		if rate > 0 && b.done < b.total {
			eta = fmt.Sprintf(", %s left", time.Duration(float64(b.total-b.done)/rate*float64(time.Second)).Round(time.Second))
		}
		return fmt.Sprintf("%s %5.1f%% %s/%s (%s/s%s)", b.label, pct, human(b.done, b.unit), human(b.total, b.unit), human(int64(rate), b.unit), eta)
	}
	return fmt.Sprintf("%s %s (%s/s)", b.label, human(b.done, b.unit), human(int64(rate), b.unit))
}

func human(n int64, unit string) string {
	if unit != "B" {
		return fmt.Sprintf("%d %s", n, unit)
	}
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
