// Package groupname holds the rules for access-control group names and
// access lists: which names are valid, how a list is put in order, and how
// it is written in messages. Package graph, the stores and the readers
// share them.
package groupname

import (
	"fmt"
	"slices"
)

// MaxBytes is the longest group name accepted, in bytes.
const MaxBytes = 128

// Valid reports whether s can name a group: 1 to MaxBytes
// bytes of ASCII letters, digits and "_", "-", ".", ":", "@", starting
// with a letter, a digit or "_". Group names never hold white space, ","
// or ";" (the separators of --groups and of the CSV column).
func Valid(s string) bool {
	if s == "" || len(s) > MaxBytes {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
		case i > 0 && (c == '-' || c == '.' || c == ':' || c == '@'):
		default:
			return false
		}
	}
	return true
}

// Check checks an access list and returns it sorted without
// duplicates (nil for an empty one: public). The error names the bad
// entry: `acl[1] "a b" is not a group name …`.
func Check(acl []string) ([]string, error) {
	if len(acl) == 0 {
		return nil, nil
	}
	for i, g := range acl {
		if !Valid(g) {
			return nil, fmt.Errorf("acl[%d] %q is not a group name (1 to %d of letters, digits, _, and after the first -, ., :, @)", i, g, MaxBytes)
		}
	}
	out := slices.Clone(acl)
	slices.Sort(out)
	return slices.Compact(out), nil
}

// String renders an access list for messages: `public` or
// `["eng","ops"]`, sorted.
func String(acl []string) string {
	acl, _ = Check(acl)
	if len(acl) == 0 {
		return "public"
	}
	return fmt.Sprintf("%q", acl)
}
