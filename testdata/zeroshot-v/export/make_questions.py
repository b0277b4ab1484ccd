#!/usr/bin/env python3
"""Batch V questions (batch R's generator, with zero-or-more steps and yes/no questions): each question is a spec written by hand in
questions_spec.py before the engine was run on the graph; answers and one shortest gold path per answer are
computed here from the KB file, and recomputed by an independent set fixpoint.
Spec: anchor (a node, or a list of nodes whose union starts the walk), steps [(relations, 'f'|'b', transitive)],
f follows subject->object, b object->subject; transitive True is one or more hops, '*' zero or more (the node
itself kept); then conditions on each answer node n:
  via=[(steps, X), ...]     n reaches X through steps (X None: through steps n reaches something)
  notvia=[(steps, X), ...]  n does not reach X through steps (X None: n reaches nothing)
  minus_anchor              drop the anchor(s)
  target=X                  a yes/no question: the answer is [X] if the walk reaches X ("yes", the gold is the
                            entity asked about, batch K's convention), else [] ("no").
Writes NAME.questions.jsonl and NAME.questions.noanchors.jsonl next to this file."""
import csv, json, os, sys
from collections import deque, Counter
D = os.path.dirname(os.path.abspath(__file__))


def load(path):
    T = []
    if path.endswith('.csv'):
        for r in csv.DictReader(open(path, encoding='utf-8')):
            T.append((r['subject'], r['relation'], r['object']))
    elif path.endswith('.jsonl'):
        for l in open(path, encoding='utf-8'):
            r = json.loads(l); T.append((r['subject'], r['relation'], r['object']))
    else:
        for l in open(path, encoding='utf-8'):
            s, r, o = l.rstrip('\n').split('\t'); T.append((s, r, o))
    return T


def norm(steps):
    return [((s[0],) if isinstance(s[0], str) else tuple(s[0]), s[1], len(s) > 2 and s[2]) for s in steps]


def walk(T, start, steps):
    """BFS per step keeping one shortest path (list of triples in storage direction) per node."""
    cur = {a: [] for a in start}
    for rels, d, trans in norm(steps):
        if trans == '*':
            cur = walk_star(T, cur, rels, d); continue
        adj = {}
        for s, r, o in T:
            if r in rels:
                if d == 'f': adj.setdefault(s, []).append((o, (s, r, o)))
                else: adj.setdefault(o, []).append((s, (s, r, o)))
        nxt = {}; q = deque()
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


def walk_star(T, cur, rels, d):
    """Zero or more hops: every node of cur with its own path, then BFS."""
    adj = {}
    for s, r, o in T:
        if r in rels:
            if d == 'f': adj.setdefault(s, []).append((o, (s, r, o)))
            else: adj.setdefault(o, []).append((s, (s, r, o)))
    nxt = dict(cur); q = deque(sorted(cur))
    while q:
        n = q.popleft()
        for m, t in adj.get(n, []):
            if m not in nxt:
                nxt[m] = nxt[n] + [t]; q.append(m)
    return nxt


def fixpoint(T, start, steps):
    cur = set(start)
    for rels, d, trans in norm(steps):
        E = [(s, o) if d == 'f' else (o, s) for s, r, o in T if r in rels]
        res = {b for a, b in E if a in cur} | (set(cur) if trans == '*' else set())
        while trans:
            new = {b for a, b in E if a in res} - res
            if not new: break
            res |= new
        cur = res
    return cur


def anchors_of(sp):
    return [sp['anchor']] if isinstance(sp['anchor'], str) else list(sp['anchor'])


def filt(T, sp, nodes, reach):
    out = set(nodes)
    for steps, x in sp.get('via', []):
        out = {n for n in out if (x in reach(T, [n], steps) if x is not None else reach(T, [n], steps))}
    for steps, x in sp.get('notvia', []):
        out = {n for n in out if (x not in reach(T, [n], steps) if x is not None else not reach(T, [n], steps))}
    if sp.get('minus_anchor'):
        out -= set(anchors_of(sp))
    return out


def build(name, kb, specs):
    T = load(os.path.join(D, kb)); TS = set(T)
    nodes = {s for s, _, _ in T} | {o for _, _, o in T}
    out = []
    for i, sp in enumerate(specs, 1):
        anc = anchors_of(sp)
        for a in anc: assert a in nodes, (name, a)
        targets = [x for c in ('via', 'notvia') for _, x in sp.get(c, []) if x is not None] + \
            ([sp['target']] if 'target' in sp else [])
        for x in targets: assert x in nodes, (name, x)
        assert len(anc) == len(set(anc)), anc
        paths = walk(T, anc, sp['steps'])
        ans = sorted(filt(T, sp, paths, lambda T, s, st: set(walk(T, s, st))))
        chk = sorted(filt(T, sp, fixpoint(T, anc, sp['steps']), fixpoint))
        if 'target' in sp:
            assert sp['target'] in nodes, (name, sp['target'])
            ans = [sp['target']] if sp['target'] in ans else []
            chk = [sp['target']] if sp['target'] in chk else []
        assert ans == chk, (sp['q'], ans, chk)
        if sp.get('neg'): assert ans == [], (sp['q'], ans)
        else: assert ans, ('empty', sp['q'])
        assert len(ans) <= 50, (sp['q'], len(ans))
        gp = [paths[a] for a in ans]
        for p in gp: assert all(t in TS for t in p)
        mentioned = anc + [x for x in targets if x not in anc]
        out.append({'id': f'{name}:{i:03d}', 'kind': sp['kind'], 'question': sp['q'], 'anchors': mentioned,
                    'answers': ans, 'hops': max((len(p) for p in gp), default=0), 'gold_paths': gp,
                    'shape': sp['shape'], 'mention': sp.get('mention', 'exact')})
        if 'target' in sp:
            out[-1]['yesno'] = 'yes' if ans else 'no'
    assert len({q['question'] for q in out}) == len(out)
    with open(os.path.join(D, f'{name}.questions.jsonl'), 'w', encoding='utf-8') as fh:
        for q in out: fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    with open(os.path.join(D, f'{name}.questions.noanchors.jsonl'), 'w', encoding='utf-8') as fh:
        for q in out:
            q = dict(q); q.pop('anchors'); fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(name, len(out), dict(Counter(q['shape'] for q in out)), dict(Counter(q['mention'] for q in out)),
          'hops', dict(Counter(q['hops'] for q in out)), 'negatives', sum(not q['answers'] for q in out))
    if '-v' in sys.argv:
        for q in out: print(' ', q['id'], q['question'], '->', q['answers'][:8], '...' if len(q['answers']) > 8 else '', len(q['answers']))


if __name__ == '__main__':
    import questions_spec as S
    for name, kb, specs in S.SETS:
        build(name, kb, specs)
