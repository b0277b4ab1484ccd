// Package semantics is scgraph's knowledge of what relations mean, written
// as general English rather than per data set: a small table of relation
// concepts (dependency, ownership, membership, reporting, containment,
// on-call duty), each with the verbs, role nouns and positional words
// people use for it, and the inflections of those words.
//
// Two readers share the table, so that each rule lives in one place:
//
//   - AnalyzeName reads a relation's name ("optionally_depends_on",
//     "required_by", "hosts", "reportsTo") into a Meaning: the concept, which
//     way round the name reads, and whether the relation is optional (does
//     not propagate failure). Schema inference uses it when no schema file
//     says what a relation means.
//   - The question planner looks the question's verbs, nouns and positional
//     words up in the same table (Lookup) to find which concept a question
//     asks about and which role its entity plays.
//
// A concept has a canonical orientation, First → Second:
//
//	dependency   dependent   DEPENDS_ON  dependency   (Second failing breaks First)
//	ownership    owner       OWNS        owned thing
//	membership   member      MEMBER_OF   group
//	reporting    report      REPORTS_TO  manager
//	containment  part        PART_OF     whole
//	on-call      responder   ON_CALL_FOR service
//
// A relation whose name reads the other way ("required_by", "hosts",
// "manages", "contains") has Inverse set.
package semantics
