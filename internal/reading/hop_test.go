package reading

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/phasetest"
)

// Where a project and one of its deliverables share a name, the
// relation deliverable links a Project to a Deliverable or to a Project:
// the hop from a deliverable into the asked project walks the way that
// arrives where deliverable only ever starts, back from the deliverable.
func TestHopIntoKindOfOneEnd(t *testing.T) {
	ts := []graph.Triple{
		{Subject: "cinder", Relation: "deliverable", Object: "cinder", SubjectType: "Project", ObjectType: "Deliverable"},
		{Subject: "cinder", Relation: "deliverable", Object: "os-brick", SubjectType: "Project", ObjectType: "Deliverable"},
		{Subject: "cinder-specs", Relation: "repo", Object: "openstack/cinder-specs", SubjectType: "Deliverable", ObjectType: "Repository"},
		{Subject: "cinder", Relation: "deliverable", Object: "cinder-specs", SubjectType: "Project", ObjectType: "Deliverable"},
		{Subject: "cinder", Relation: "repo", Object: "openstack/cinder", SubjectType: "Deliverable", ObjectType: "Repository"},
		{Subject: "os-brick", Relation: "repo", Object: "openstack/os-brick", SubjectType: "Deliverable", ObjectType: "Repository"},
	}
	s, err := phasetest.NewStore(t, nil, ts...).Schema(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	q := "Which project owns the repository openstack/os-brick?"
	i := strings.Index(q, "openstack/os-brick")
	res := Read(q, []Entity{{Start: i, End: i + len("openstack/os-brick"), Name: "openstack/os-brick", Type: "Repository"}}, s)
	var chains []string
	for _, rd := range res.Readings {
		chains = append(chains, rd.Chain.String())
		if rd.Chain.String() == "<-repo- -deliverable->" {
			t.Errorf("reading %q walks deliverable away from the project", rd.Text)
		}
	}
	want := "<-repo- <-deliverable-"
	if !strings.Contains(strings.Join(chains, "|"), want) {
		t.Errorf("chains %q, want one %q", chains, want)
	}
}
