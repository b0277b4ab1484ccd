"""Builds family-kennedy.kb.csv and family-kennedy.questions.jsonl from raw/ (deterministic)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
LIB = next(d for d in (os.path.join(HERE, "../../lib"), os.path.join(HERE, "..")) if os.path.exists(os.path.join(d, "qgen.py")))
sys.path.insert(0, LIB)
OUT = sys.argv[1] if len(sys.argv) > 1 else HERE  # where the KB and questions files go
from qgen import Graph, QSet, out, inn, both, write_kb
import extract

T, types = extract.facts()
write_kb(os.path.join(OUT, "family-kennedy.kb.csv"), T, types, fmt="csv")
g = Graph(T, types)
P = {"Person"}
PL = {"Place"}

TPL = {
    "parents": ["Who were {x}'s parents?", "{x} — mother and father?", "Who are the parents of {x}?"],
    "children": ["Who are {x}'s children?", "List the kids of {x}", "Which people in the tree are children of {x}?"],
    "spouse": ["Who did {x} marry?", "{x}'s spouse(s)?", "Who was {x} married to?"],
    "siblings": ["Who are {x}'s siblings?", "brothers and sisters of {x}?", "Which people share a parent with {x}?"],
    "grandparents": ["Who were {x}'s grandparents?", "Name the grandparents of {x}"],
    "grandchildren": ["Who are the grandchildren of {x}?", "{x}'s grandkids?"],
    "ancestors": ["Every ancestor of {x} in this tree", "Trace {x}'s family line all the way back: who are the ancestors?",
                  "Who are {x}'s forebears, at any generation?"],
    "descendants": ["All descendants of {x}", "Who descends from {x}, any generation?",
                    "List everyone in {x}'s line of descent (children, grandchildren and so on)"],
    "birthplace": ["Where was {x} born?", "{x} birthplace?", "What is the place of birth of {x}?"],
    "born_here": ["Who was born in {x}?", "Which family members were born in {x}?", "Births in {x}: who?"],
    "occupation_holders": ["Who in the family was a {x}?", "Which people had the occupation {x}?"],
    "in_laws": ["Who were {x}'s parents-in-law?", "Who are the in-laws (spouse's parents) of {x}?"],
    "children_born_in": ["Which of {x}'s children were born in Brookline?", "Which of {x}'s kids were born in Washington, DC?"],
    "grandparents_birthplaces": ["Where were {x}'s grandparents born?", "Birthplaces of {x}'s grandparents?"],
    "descendants_born_in": ["Which descendants of {x} were born in Washington, DC?",
                            "Which of {x}'s descendants were born in Chicago?"],
    "children_by_sex": ["Who are {x}'s sons?", "Which of {x}'s children are daughters?"],
    "ancestors_died_in": ["Which of {x}'s ancestors died in Boston, Suffolk County, MA, USA?"],
}
q = QSet("family-kennedy", g, TPL)
CH = "child_of"
q.add("parents", "John Fitzgerald KENNEDY", [out(CH)], "direct", "John Fitzgerald Kennedy", typewords=P)
q.add("parents", "Jacqueline Lee Bouvier", [out(CH)], "direct", "Jaqueline Bouvier", typewords=P)
q.add("parents", "Rose Elizabeth Fitzgerald", [out(CH)], "direct")
q.add("children", "Robert Francis Kennedy", [inn(CH)], "direct")
q.add("children", 'John Francis "Honey Fitz" Fitzgerald', [inn(CH)], "direct", "Honey Fitz", typewords=P)
q.add("children", "Eunice Mary Kennedy", [inn(CH)], "direct", "Eunice Kennedy", typewords=P)
q.add("spouse", "Jacqueline Lee Bouvier", [both("married")], "direct")
q.add("spouse", "Eunice Mary Kennedy", [both("married")], "direct")
q.add("spouse", "Patricia Kennedy", [both("married")], "direct", "patricia kennedy", typewords=P)
q.add("siblings", "Rosemary (Rose Marie) Kennedy", [out(CH), inn(CH)], "composition", "Rosemary Kennedy", typewords=P)
q.add("siblings", "Caroline Bouvier Kennedy", [out(CH), inn(CH)], "composition", "Caroline Kennedy", typewords=P)
q.add("siblings", "Jacqueline Lee Bouvier", [out(CH), inn(CH)], "composition")
q.add("grandparents", "John Fitzgerald KENNEDY", [out(CH), out(CH)], "composition")
q.add("grandparents", "Caroline Bouvier Kennedy", [out(CH), out(CH)], "composition")
q.add("grandchildren", "Rose Elizabeth Fitzgerald", [inn(CH), inn(CH)], "composition", "Rose Fitzgerald", typewords=P)
q.add("grandchildren", "Patrick Joseph Kennedy (b. 1858)", [inn(CH), inn(CH)], "composition", "Patrick Joseph Kennedy b. 1858", typewords=P)
q.add("ancestors", "John Fitzgerald KENNEDY", [out(CH, closure=True)], "transitive", "john fitzgerald kennedy", typewords=P)
q.add("ancestors", "Jacqueline Lee Bouvier", [out(CH, closure=True)], "transitive", "Jacqueline Bouvier", typewords=P)
q.add("ancestors", "Rose Elizabeth Fitzgerald", [out(CH, closure=True)], "transitive")
q.add("descendants", "Joseph Patrick Kennedy", [inn(CH, closure=True)], "transitive")
q.add("descendants", "Robert Francis Kennedy", [inn(CH, closure=True)], "transitive")
q.add("descendants", "Eunice Mary Kennedy", [inn(CH, closure=True)], "transitive", "Eunice M. Kennedy", typewords=P)
q.add("birthplace", "Jacqueline Lee Bouvier", [out("born_in")], "direct")
q.add("birthplace", "Caroline Bouvier Kennedy", [out("born_in")], "direct")
q.add("born_here", "Washington, DC, USA", [inn("born_in")], "membership", "Washington, DC", typewords=PL)
q.add("born_here", "Chicago, Cook County, IL, USA", [inn("born_in")], "membership", "Chicago", typewords=PL)
q.add("born_here", "Ireland", [inn("born_in")], "membership")
q.add("occupation_holders", "US Senator", [inn("occupation")], "membership")
q.add("occupation_holders", "custodian", [inn("occupation")], "membership")
q.add("in_laws", "John Fitzgerald KENNEDY", [both("married"), out(CH)], "composition")
q.add("in_laws", "Ethel Skakel", [both("married"), out(CH)], "composition")
q.add("children_born_in", "Joseph Patrick Kennedy", [inn(CH, has=("born_in", "out", "Brookline, Norfolk County, MA, USA"))],
      "composition", template="Which of {x}'s children were born in Brookline?")
q.add("children_born_in", "Robert Francis Kennedy", [inn(CH, has=("born_in", "out", "Washington, DC, USA"))],
      "composition", template="Which of {x}'s kids were born in Washington, DC?")
q.add("grandparents_birthplaces", "John Fitzgerald KENNEDY", [out(CH), out(CH), out("born_in")], "composition", "JOHN FITZGERALD KENNEDY", typewords=P)
q.add("descendants_born_in", "Patrick Joseph Kennedy (b. 1858)", [inn(CH, closure=True, has=("born_in", "out", "Washington, DC, USA"))],
      "composition", template="Which descendants of {x} were born in Washington, DC?")
q.add("children_by_sex", "Robert Francis Kennedy", [inn(CH, has=("sex", "out", "M"))], "composition", template="Who are {x}'s sons?")
q.add("children_by_sex", "Joseph Patrick Kennedy", [inn(CH, has=("sex", "out", "F"))], "composition",
      template="Which of {x}'s children are daughters?")
q.add("ancestors_died_in", "Caroline Bouvier Kennedy", [out(CH, closure=True, has=("died_in", "out", "Boston, Suffolk County, MA, USA"))],
      "composition", "Caroline Kennedy", typewords=P)
# negatives: true of the real family too
q.add("children", "John Fitzgerald Kennedy Jr.", [inn(CH)], "direct", "John F. Kennedy Jr.", typewords=P, negative=True)
q.add("spouse", "Patrick Bouvier Kennedy", [both("married")], "direct", negative=True, template="Who did {x} marry?")
q.add("descendants", "Rosemary (Rose Marie) Kennedy", [inn(CH, closure=True)], "transitive", negative=True,
      template="All descendants of {x}")
q.add("spouse", "Joseph Patrick Kennedy Jr.", [both("married")], "direct", "Joseph P. Kennedy Jr.", typewords=P, negative=True,
      template="Who was {x} married to?")
q.add("grandchildren", 'Kathleen "Kick" Kennedy', [inn(CH), inn(CH)], "composition", "Kick Kennedy", typewords=P, negative=True,
      template="Who are the grandchildren of {x}?")
q.add("children_born_in", "John Fitzgerald KENNEDY", [inn(CH, has=("born_in", "out", "Brookline, Norfolk County, MA, USA"))],
      "composition", negative=True, template="Which of {x}'s children were born in Brookline?")
print(q.finish(os.path.join(OUT, "family-kennedy.questions.jsonl")))
