package words

import "testing"

func TestNamesOtherNames(t *testing.T) {
	for _, c := range []struct {
		name []string
		want bool
	}{
		{[]string{"aliases"}, true},
		{[]string{"aka"}, true},
		{[]string{"synonyms"}, true},
		{[]string{"alt", "label"}, true},
		{[]string{"alternate", "names"}, true},
		{[]string{"also", "known", "as"}, true},
		{[]string{"other", "name"}, true},
		{[]string{"has", "exact", "synonym"}, true},
		{[]string{"display", "name"}, true},
		{[]string{"name"}, true},
		{[]string{"names"}, false},
		{[]string{"name", "of"}, false},
		{[]string{"named", "by"}, false},
		{[]string{"intervals"}, false},
	} {
		if got := NamesOtherNames(c.name); got != c.want {
			t.Errorf("NamesOtherNames(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNamesSomeone(t *testing.T) {
	for typ, want := range map[string]bool{
		"Person": true, "Player": true, "Team": true, "PeopleGroup": true, "laureate": true,
		"OwnerObject": true, "MemberOfSubject": true, "BoardMemberOfSubject": true,
		"Match": false, "Ground": false, "TeamKind": false, "AgencyIdSubject": false,
		"LeadsToObject": false, "MemberOfObject": false, "OwnerSubject": false, "": false,
	} {
		if got := NamesSomeone(typ); got != want {
			t.Errorf("NamesSomeone(%q) = %v, want %v", typ, got, want)
		}
	}
}
