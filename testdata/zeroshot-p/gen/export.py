#!/usr/bin/env python3
"""Batch P export: raw ontology files in gen/raw/ -> untyped TSV KBs (subject<TAB>relation<TAB>object, no header).
Deterministic (sorted output), Python standard library only.

disease-ontology.kb.tsv: Human Disease Ontology, the subtree of 'disease by infectious agent' (DOID:0050117)
  from DOreports/HumanDO.tsv (is_a), the simple existential axioms of DOreports/DO-subClassOf-anonymous.tsv of
  those terms (relation = the property label with underscores; fillers that are class expressions are skipped),
  and EXACT synonyms (untyped or acronym) from subsets/DO_infectious_disease_slim.obo as has_exact_synonym.
plant-ontology.kb.tsv: Plant Ontology, non-obsolete terms of the namespace plant_anatomy: is_a and
  relationship: lines between such terms (relation names as the OBO file writes them), and English EXACT
  synonyms (no language type, and no '(…, Spanish)'-style tag; the ' (exact)' suffix PO appends is removed) as has_exact_synonym.
"""
import csv, os, re, html
D = os.path.dirname(os.path.abspath(__file__))
R = os.path.join(D, 'raw')


def write(name, facts):
    facts = sorted(set(facts))
    with open(os.path.join(D, name), 'w', encoding='utf-8') as fh:
        for s, r, o in facts:
            assert s and o and '\t' not in s + o and '\n' not in s + o
            fh.write(f'{s}\t{r}\t{o}\n')
    nodes = {s for s, _, _ in facts} | {o for _, _, o in facts}
    print(name, len(facts), 'facts', len(nodes), 'nodes')


def obo_terms(path):
    terms, cur = [], None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('['):
            cur = {'stanza': line, 'lines': []}; terms.append(cur)
        elif cur is not None and line:
            cur['lines'].append(line)
    out = []
    for t in terms:
        if t['stanza'] != '[Term]':
            continue
        d = {}
        for l in t['lines']:
            k, _, v = l.partition(': ')
            d.setdefault(k, []).append(v)
        out.append(d)
    return out


SYN = re.compile(r'^"((?:[^"\\]|\\.)*)" (EXACT|NARROW|BROAD|RELATED)(?: (\S+))? \[')


def doid():
    rows = list(csv.reader(open(os.path.join(R, 'doid', 'HumanDO.tsv'), encoding='utf-8'), delimiter='\t'))[1:]
    label, parents = {}, {}
    for i, l, p in rows:
        label[i] = l; parents.setdefault(l, set()).add(p)
    children = {}
    for c, ps in parents.items():
        for p in ps:
            children.setdefault(p, set()).add(c)
    root = 'disease by infectious agent'
    keep, stack = {root}, [root]
    while stack:
        for c in children.get(stack.pop(), ()):
            if c not in keep:
                keep.add(c); stack.append(c)
    facts = [(c, 'is_a', p) for c in keep for p in parents[c]]  # root's parent is 'disease'
    ids = {i for i, l in label.items() if l in keep}
    ax = re.compile(r"^'([a-z ]+)' some ('([^']+)'|[^'()\s]+)$")
    for row in csv.reader(open(os.path.join(R, 'doid', 'DO-subClassOf-anonymous.tsv'), encoding='utf-8'), delimiter='\t'):
        if row[0] not in ids:
            continue
        for part in row[2].split('|'):
            m = ax.match(part.strip())
            if not m:
                continue  # class expressions ('A' or 'B', 'A' and ('has role' some B)) are skipped
            rel = m.group(1).replace(' ', '_')
            obj = m.group(3) if m.group(3) is not None else m.group(2)
            facts.append((row[1], rel, obj))
    for t in obo_terms(os.path.join(R, 'doid', 'DO_infectious_disease_slim.obo')):
        name = t['name'][0]
        if name not in keep:
            continue
        for s in t.get('synonym', []):
            m = SYN.match(s)
            if m and m.group(2) == 'EXACT' and m.group(3) in (None, 'OMO:0003012'):
                syn = m.group(1).replace('\\"', '"')
                if syn != name:
                    facts.append((name, 'has_exact_synonym', syn))
    write('disease-ontology.kb.tsv', facts)


def po():
    terms = obo_terms(os.path.join(R, 'po', 'plant-ontology.obo'))
    name = {}
    keep = []
    for t in terms:
        if t.get('is_obsolete') == ['true'] or t.get('namespace') != ['plant_anatomy']:
            continue
        keep.append(t); name[t['id'][0]] = html.unescape(t['name'][0])
    facts = []
    for t in keep:
        n = name[t['id'][0]]
        for v in t.get('is_a', []):
            o = v.split()[0]
            if o in name:
                facts.append((n, 'is_a', name[o]))
        for v in t.get('relationship', []):
            r, o = v.split()[:2]
            if o in name:
                facts.append((n, r, name[o]))
        for s in t.get('synonym', []):
            m = SYN.match(s)
            if m and m.group(2) == 'EXACT' and m.group(3) is None:
                syn = html.unescape(m.group(1))
                if re.search(r'\((?:[^()]*, )?(?:Spanish|Japanese|German)(?:, [^()]*)?\)$', syn):
                    continue  # a translation filed without its language type
                syn = re.sub(r'\s*\(exact\)$', '', syn)
                if syn and syn != n:
                    facts.append((n, 'has_exact_synonym', syn))
    write('plant-ontology.kb.tsv', facts)


if __name__ == '__main__':
    doid(); po()
