package plan

import "testing"

func TestAsksSomeone(t *testing.T) {
	for q, want := range map[string]bool{
		"Who was in World Cup 2018 Group D?": true,
		"whom did Abraham marry?":            true,
		"With whom did Jacob wrestle?":       true,
		"Which teams were in Group D?":       false,
		"Whose father was Terah?":            false,
		"What does the team who owns X run?": false,
		"":                                   false,
	} {
		if got := asksSomeone(q); got != want {
			t.Errorf("asksSomeone(%q) = %v, want %v", q, got, want)
		}
	}
}
