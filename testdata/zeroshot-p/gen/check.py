#!/usr/bin/env python3
"""Second, independent check of batch P's gold: re-reads the KB files and questions_spec.py, evaluates each spec
with its own code (recursive DFS over an index of the TSV, its own filters), and compares with the answers in
the written question files; also checks every gold path is a chain of KB triples from the anchor to its answer."""
import json, os, sys
D = os.path.dirname(os.path.abspath(__file__)); sys.path.insert(0, D)
import questions_spec as S


def index(kb):
    fw, bw, facts = {}, {}, set()
    with open(os.path.join(D, kb), encoding='utf-8') as fh:
        for line in fh:
            s, r, o = line.rstrip('\n').split('\t')
            facts.add((s, r, o))
            fw.setdefault((s, r), set()).add(o)
            bw.setdefault((o, r), set()).add(s)
    return fw, bw, facts


def reach(idx, start, rels, once):
    out = set()
    def go(n):
        for r in rels:
            for m in idx.get((n, r), ()):
                if m not in out:
                    out.add(m)
                    if not once:
                        go(m)
    go(start)
    return out


def evaluate(spec, fw, bw, facts):
    cur = {spec['anchor']}
    for rels, d, trans in spec['steps']:
        rels = [rels] if isinstance(rels, str) else list(rels)
        idx = fw if d == 'f' else bw
        nxt = set()
        for n in cur:
            nxt |= reach(idx, n, rels, not trans)
        cur = nxt
    if 'has' in spec:
        r, o = spec['has']
        cur = {n for n in cur if (o is None and fw.get((n, r))) or (o is not None and o in fw.get((n, r), ()))}
    if 'under' in spec:
        r, x = spec['under']
        cur = {n for n in cur if x in reach(fw, n, [r], False)}
    if 'has_in' in spec:
        r, s = spec['has_in']
        cur = {n for n in cur if s in bw.get((n, r), ())}
    if spec.get('minus_anchor'):
        cur = cur - {spec['anchor']}
    return sorted(cur)


sys.setrecursionlimit(10000)
bad = 0
for name, kb, specs in [('disease-ontology', 'disease-ontology.kb.tsv', S.DOID), ('plant-ontology', 'plant-ontology.kb.tsv', S.PO)]:
    fw, bw, facts = index(kb)
    qs = [json.loads(l) for l in open(os.path.join(D, '..', f'{name}.questions.jsonl'), encoding='utf-8')]
    assert len(qs) == len(specs) == 40, (name, len(qs))
    for q, sp in zip(qs, specs):
        assert q['question'] == sp['q']
        got = evaluate(sp, fw, bw, facts)
        if got != q['answers']:
            bad += 1; print('MISMATCH', q['id'], got, q['answers'])
        for a, p in zip(q['answers'], q['gold_paths']):
            assert sp['anchor'] in (p[0][0], p[0][2]), (q['id'], p)
            assert a in (p[-1][0], p[-1][2]), (q['id'], a, p)
            assert all(tuple(t) in facts for t in p), (q['id'], p)
    print(name, len(qs), 'questions checked')
sys.exit(1 if bad else 0)
