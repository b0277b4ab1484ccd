package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// errNoJSON: a reply held no JSON object.
var errNoJSON = errors.New("the reply holds no JSON object")

// extractJSON returns the first balanced JSON object in a reply, skipping
// prose and code fences around it.
func extractJSON(s string) (string, error) {
	start := strings.IndexByte(s, '{')
	if start < 0 {
		return "", errNoJSON
	}
	depth, inStr, esc := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return s[start : i+1], nil
			}
		}
	}
	return "", errors.New("the reply's JSON object is not closed")
}

// decodeReply parses the JSON object of a reply into v, strictly: unknown
// keys and wrong types are errors, worded for the model to correct.
func decodeReply(reply string, v any) error {
	if strings.TrimSpace(reply) == "" {
		return errors.New("the reply is empty")
	}
	obj, err := extractJSON(reply)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(obj)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("the reply is not valid JSON: %v (at byte %d)", se, se.Offset)
		case errors.As(err, &te):
			return fmt.Errorf("key %q has a %s where a %s is expected", te.Field, te.Value, te.Type)
		}
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return fmt.Errorf("unknown key %s", f)
		}
		return fmt.Errorf("the reply's JSON does not fit: %v", err)
	}
	return nil
}
