package text_test

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/text"
)

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"a", "Kismet", "Some Mother's Son", "東京", "\uFFFD", "emoji \U0001F600", "nbsp\u00a0x", strings.Repeat("€", text.MaxNameBytes/3)} {
		if err := text.CheckName("subject", ok); err != nil {
			t.Errorf("CheckName(%.40q) = %v, want nil", ok, err)
		}
	}
	for in, want := range map[string]string{
		"":                                  "empty subject",
		"\x00":                              `subject "\x00" holds a control character (U+0000 at byte 0)`,
		"a\x7f":                             `(U+007F at byte 1)`,
		"a\u009fb":                          `(U+009F at byte 1)`,
		"line\nbreak":                       `(U+000A at byte 4)`,
		"\xc3\x28":                          `subject "\xc3(" is not valid UTF-8 (byte 0xC3 at byte 0)`,
		"ok\xed\xa0\x80":                    `is not valid UTF-8 (byte 0xED at byte 2)`, // a surrogate
		strings.Repeat("a", 4097):           `is 4097 bytes long; names are at most 4096 bytes`,
		strings.Repeat("€", 1365) + "€\x00": `is 4099 bytes long`,
	} {
		if err := text.CheckName("subject", in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckName(%.40q) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestList(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		conj string
		want string
	}{
		{nil, "and", ""}, {[]string{"a"}, "and", "a"}, {[]string{"a", "b"}, "or", "a or b"}, {[]string{"a", "b", "c"}, "and", "a, b and c"},
	} {
		if got := text.List(tc.in, tc.conj); got != tc.want {
			t.Errorf("List(%q, %q) = %q, want %q", tc.in, tc.conj, got, tc.want)
		}
	}
}

func TestAsIdentifier(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"Data Component", "Data_Component", true},
		{"part of", "part_of", true},
		{"C++ library", "C_library", true},
		{"Course (required)", "Course_required", true},
		{"already_one", "", false},
		{"2 Bad Type", "", false},
		{"`r`]->() DETACH DELETE n //", "", false},
		{"x <y>", "", false},
		{"caf\u00e9 type", "", false},
		{"", "", false},
	} {
		got, ok := text.AsIdentifier(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("AsIdentifier(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
