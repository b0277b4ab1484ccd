package triplefile

import "bytes"

// fastJSON decodes the common JSONL line, a flat object whose keys are the
// column names themselves, each once, with string values (and a list of
// strings for acl) holding no escape, no control character and no byte
// order mark, without encoding/json's reflection. On anything else it
// reports false and the line goes to encoding/json, so that every line
// means what encoding/json makes of it. (The line is valid UTF-8.) A
// relation or type name found in known (the reader's names already
// checked) is taken from it, not allocated again.
func fastJSON(line []byte, known map[string]string) (jsonTriple, bool) {
	ident := func(v []byte) string {
		if s, ok := known[string(v)]; ok {
			return s
		}
		return string(v)
	}
	var j jsonTriple
	if bytes.Contains(line, utf8BOM) {
		return j, false
	}
	p := &jsonScan{b: line}
	p.space()
	if !p.eat('{') {
		return j, false
	}
	var seen [numCols]bool
	p.space()
	if p.eat('}') {
		return j, p.end()
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return j, false
		}
		c := -1
		for i, n := range colNames {
			if string(key) == n {
				c = i
				break
			}
		}
		if c < 0 || seen[c] {
			return j, false
		}
		seen[c] = true
		p.space()
		if !p.eat(':') {
			return j, false
		}
		p.space()
		if c == colACL {
			if !p.eat('[') {
				return j, false
			}
			j.ACL = []string{}
			p.space()
			if !p.eat(']') {
				for {
					p.space()
					v, ok := p.str()
					if !ok {
						return j, false
					}
					j.ACL = append(j.ACL, string(v))
					p.space()
					if p.eat(']') {
						break
					}
					if !p.eat(',') {
						return j, false
					}
				}
			}
		} else {
			v, ok := p.str()
			if !ok {
				return j, false
			}
			switch c {
			case colSubject:
				j.Subject = string(v)
			case colRelation:
				j.Relation = ident(v)
			case colObject:
				j.Object = string(v)
			case colSubjectType:
				j.SubjectType = ident(v)
			case colObjectType:
				j.ObjectType = ident(v)
			}
		}
		p.space()
		if p.eat('}') {
			return j, p.end()
		}
		if !p.eat(',') {
			return j, false
		}
	}
}

// jsonScan reads a line of JSON a token at a time.
type jsonScan struct {
	b []byte
	i int
}

func (p *jsonScan) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\r' || p.b[p.i] == '\n') {
		p.i++
	}
}

func (p *jsonScan) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a string with no escape and no control character.
func (p *jsonScan) str() ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == '"':
			s := p.b[start:p.i]
			p.i++
			return s, true
		case c == '\\' || c < 0x20:
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// end reports whether only white space is left.
func (p *jsonScan) end() bool {
	p.space()
	return p.i == len(p.b)
}
