package plan

import "testing"

// A partial match stands for an entity only on two content words, or one
// word the name extends by a version alone.
func TestPartialName(t *testing.T) {
	for _, c := range []struct {
		mention, name string
		want          bool
	}{
		{"the consign service", "ts-consign-service", true},
		{"string width", "string-width@5.1.2", true},
		{"the net http package", "net/http", true},
		{"lodash", "lodash@4.17.21", true},
		{"the service", "ts-order-service", false},
		{"outage", "runbook-payment-outage", false},
		{"the place of", "A_Place_of_Execution", false},
		{"of Nazareth", "Jesus_of_Nazareth", false},
		{"the tracks", "18_Tracks", false},
	} {
		if got := partialName(c.mention, c.name); got != c.want {
			t.Errorf("partialName(%q, %q) = %v, want %v", c.mention, c.name, got, c.want)
		}
	}
}
