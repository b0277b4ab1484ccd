#!/usr/bin/env python3
"""Batch P questions (adapted from batch K's generator): each is a spec (anchor + steps + filters) written by hand
before the engine was run; gold answers and gold paths are computed here from the graph, and recomputed by an
independent fixpoint.
Step: (relations, 'f'|'b', transitive). f follows subject->object, b object->subject.
Filters on the final set: type=T (typed graphs), has=(rel, obj) (node has that edge forward),
has=(rel, None) (node has some edge rel forward), has_in=(rel, subj) (node is the object of subj-rel->node),
under=(rel, X) (node reaches X through one or more rel edges forward: a kind filter in an untyped graph),
minus_anchor (drop the anchor),
target=X (reachability: answer [X] if X is reached, else [])."""
import csv, json, os, sys
from collections import deque
D = os.path.dirname(os.path.abspath(__file__))

def load(name):
    p = os.path.join(D, name); T = []; ty = {}
    if name.endswith('.csv'):
        for r in csv.DictReader(open(p, encoding='utf-8')):
            T.append((r['subject'], r['relation'], r['object'])); ty.setdefault(r['subject'], set()).add(r['subject_type']); ty.setdefault(r['object'], set()).add(r['object_type'])
    elif name.endswith('.jsonl'):
        for l in open(p, encoding='utf-8'):
            r = json.loads(l); T.append((r['subject'], r['relation'], r['object'])); ty.setdefault(r['subject'], set()).add(r['subject_type']); ty.setdefault(r['object'], set()).add(r['object_type'])
    else:
        for l in open(p, encoding='utf-8'):
            s, r, o = l.rstrip('\n').split('\t'); T.append((s, r, o))
    return T, ty

def walk(T, anchor, steps):
    """BFS per step keeping one shortest path (list of triples in storage direction) per node."""
    cur = {anchor: []}
    for rels, d, trans in steps:
        rels = {rels} if isinstance(rels, str) else set(rels)
        adj = {}
        for s, r, o in T:
            if r in rels:
                if d == 'f': adj.setdefault(s, []).append((o, (s, r, o)))
                else: adj.setdefault(o, []).append((s, (s, r, o)))
        nxt = {}
        q = deque()
        for n in sorted(cur):
            for m, t in adj.get(n, []):
                if m not in nxt:
                    nxt[m] = cur[n] + [t]; q.append(m)
        while trans and q:
            n = q.popleft()
            for m, t in adj.get(n, []):
                if m not in nxt:
                    nxt[m] = nxt[n] + [t]; q.append(m)
        cur = nxt
    return cur

def fixpoint(T, anchor, steps):
    """Independent recomputation: set fixpoint over the raw edge list."""
    cur = {anchor}
    for rels, d, trans in steps:
        rels = {rels} if isinstance(rels, str) else set(rels)
        E = [(s, o) if d == 'f' else (o, s) for s, r, o in T if r in rels]
        res = {b for a, b in E if a in cur}
        while trans:
            new = {b for a, b in E if a in res} - res
            if not new: break
            res |= new
        cur = res
    return cur

def filt(T, ty, spec, nodes):
    out = set(nodes)
    if 'type' in spec: out = {n for n in out if spec['type'] in ty.get(n, ())}
    if 'has' in spec:
        r, o = spec['has']
        out = {n for n in out if (n, r, o) in TS} if o is not None else {n for n in out if any(t[0] == n and t[1] == r for t in TS)}
    if 'under' in spec:
        r, x = spec['under']; out = {n for n in out if x in UP(n, r)}
    if 'has_in' in spec:
        r, s = spec['has_in']; out = {n for n in out if (s, r, n) in TS}
    if spec.get('minus_anchor'): out.discard(spec['anchor'])
    if 'target' in spec: out = {spec['target']} & out
    return out

def UP(n, r):
    """Nodes reachable from n through one or more r edges (set fixpoint)."""
    res = {o for s, rr, o in TS if s == n and rr == r}
    while True:
        new = {o for s, rr, o in TS if rr == r and s in res} - res
        if not new: return res
        res |= new

def build(name, kb, specs):
    global TS
    T, ty = load(kb); TS = set(T)
    nodes = {s for s, _, _ in T} | {o for _, _, o in T}
    out = []; kinds = {}
    for i, sp in enumerate(specs, 1):
        assert sp['anchor'] in nodes, (name, sp)
        if 'under' in sp: assert sp['under'][1] in nodes, sp
        if 'target' in sp: assert sp['target'] in nodes, sp
        paths = walk(T, sp['anchor'], sp['steps'])
        ans = sorted(filt(T, ty, sp, paths))
        chk = sorted(filt(T, ty, sp, fixpoint(T, sp['anchor'], sp['steps'])))
        assert ans == chk, (sp, ans, chk)
        if sp.get('neg'): assert ans == [], (sp['q'], ans)
        else: assert ans, ('empty', sp['q'])
        assert len(ans) <= 50, (sp['q'], len(ans))
        gp = [paths[a] for a in ans]
        for p in gp:  # every gold path is a chain of graph triples
            assert all(t in TS for t in p)
        out.append({'id': f'{name}:{i:03d}', 'kind': sp['kind'], 'question': sp['q'], 'anchors': [sp['anchor']] + ([sp['target']] if 'target' in sp else []),
                    'answers': ans, 'hops': max((len(p) for p in gp), default=0), 'gold_paths': gp,
                    'shape': sp['shape'], 'mention': sp.get('mention', 'exact')})
    with open(os.path.join(D, f'{name}.questions.jsonl'), 'w') as fh:
        for q in out: fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    with open(os.path.join(D, f'{name}.questions.noanchors.jsonl'), 'w') as fh:
        for q in out:
            q = dict(q); q.pop('anchors'); fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    from collections import Counter
    print(name, len(out), Counter(q['shape'] for q in out), Counter(q['mention'] for q in out), 'negatives', sum(not q['answers'] for q in out))


import questions_spec as S
build("disease-ontology", "disease-ontology.kb.tsv", S.DOID)
build("plant-ontology", "plant-ontology.kb.tsv", S.PO)
