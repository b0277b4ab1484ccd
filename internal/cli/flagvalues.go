package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scgraph/scgraph/agent"
)

// Numeric flags refuse values they cannot mean when they are parsed, so
// "--hops -3" is bad usage (exit 2) saying what the flag takes, not a
// question run with a silent default.

// intRange is an int flag that takes values from min to max, and 0 when
// zero says what 0 means ("the default, 6"; "" when 0 is not allowed
// unless min allows it).
type intRange struct {
	p        *int
	min, max int
	zero     string
}

func (v intRange) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v intRange) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err == nil && ((n == 0 && v.zero != "") || (n >= v.min && n <= v.max)) {
		*v.p = n
		return nil
	}
	r := fmt.Sprintf("want a whole number from %d to %d", v.min, v.max)
	if v.max == maxInt {
		r = fmt.Sprintf("want a whole number, %d or more", v.min)
	}
	if v.zero != "" {
		r += ", or 0 for " + v.zero
	}
	return fmt.Errorf("%s", r)
}

const maxInt = int(^uint(0) >> 1)

// intFlag registers an int flag with its default and its range.
func intFlag(fs *flag.FlagSet, p *int, name string, def, min, max int, zero, usage string) {
	*p = def
	fs.Var(intRange{p: p, min: min, max: max, zero: zero}, name, withArgName(usage, "N"))
}

// fanoutValue is --fanout: a positive number of neighbours, 0 for the
// default, or "all" for no cap (agent.NoFanoutCap).
type fanoutValue struct{ p *int }

func (v fanoutValue) String() string {
	if v.p == nil {
		return "0"
	}
	if *v.p < 0 {
		return "all"
	}
	return strconv.Itoa(*v.p)
}

func (v fanoutValue) Set(s string) error {
	s = strings.TrimSpace(s)
	if s == "all" {
		*v.p = agent.NoFanoutCap
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("want a whole number, 1 or more, or 0 for the default, 300, or all for no cap")
	}
	*v.p = n
	return nil
}

// floatRange is a float64 flag that takes values from min to max.
type floatRange struct {
	p        *float64
	min, max float64
	// zero, when set, says what 0 means and allows it.
	zero string
}

func (v floatRange) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v floatRange) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err == nil && ((f == 0 && v.zero != "") || (f >= v.min && f <= v.max)) {
		*v.p = f
		return nil
	}
	r := fmt.Sprintf("want a number from %g to %g", v.min, v.max)
	if v.zero != "" {
		r += ", or 0 for " + v.zero
	}
	return fmt.Errorf("%s", r)
}

// floatFlag registers a float64 flag with its default and its range.
func floatFlag(fs *flag.FlagSet, p *float64, name string, def, min, max float64, zero, usage string) {
	*p = def
	fs.Var(floatRange{p: p, min: min, max: max, zero: zero}, name, withArgName(usage, "number"))
}

// durationFlag is a duration flag that refuses negative durations, and 0
// unless zero says what 0 means.
type durationFlag struct {
	p    *time.Duration
	zero string
}

func (v durationFlag) String() string {
	if v.p == nil {
		return "0s"
	}
	return v.p.String()
}

func (v durationFlag) Set(s string) error {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	switch {
	case err != nil:
		return fmt.Errorf("want a duration such as 30s, 2m or 1h30m")
	case d < 0, d == 0 && v.zero == "":
		if v.zero != "" {
			return fmt.Errorf("want a positive duration such as 30s or 2m, or 0 for %s", v.zero)
		}
		return fmt.Errorf("want a positive duration such as 30s or 2m")
	}
	*v.p = d
	return nil
}

// durationVar registers a duration flag with its default.
func durationVar(fs *flag.FlagSet, p *time.Duration, name string, def time.Duration, zero, usage string) {
	*p = def
	fs.Var(durationFlag{p: p, zero: zero}, name, withArgName(usage, "duration"))
}

// withArgName names a flag's argument in its usage (flag.PrintDefaults
// shows the first `quoted` word after the flag) when the usage names none.
func withArgName(usage, name string) string {
	if strings.Contains(usage, "`") {
		return usage
	}
	return usage + " (`" + name + "`)"
}

// byteSize is a flag holding a number of bytes, written with a unit:
// 4GB, 512MB, 1.5G, 64KiB (units of 1,024), or a plain number of bytes.
type byteSize struct{ n *int64 }

func (b byteSize) String() string {
	if b.n == nil {
		return "0"
	}
	return formatBytes(*b.n)
}

func (b byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}} {
		if strings.HasSuffix(t, u.suffix) {
			mult, t = u.mult, strings.TrimSuffix(t, u.suffix)
			break
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v <= 0 || v*float64(mult) >= 1<<62 {
		return fmt.Errorf("%q is not a size (examples: 4GB, 512MB, 1.5G)", s)
	}
	*b.n = int64(v * float64(mult))
	return nil
}

// formatBytes writes a size as byteSize reads it.
func formatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMB", n>>20)
	}
	return strconv.FormatInt(n, 10)
}
