#!/usr/bin/env python3
"""Second, independent check of batch V's gold: re-reads the three KB files with its own parsers, evaluates each
spec of questions_spec.py with its own code (recursive DFS over forward/backward indexes), and compares with the
answers in the written question files (here, or one level up with --committed); checks that every gold path is a
chain of KB triples from an anchor to its answer, and that the .noanchors files equal the question files minus
`anchors`."""
import csv, json, os, sys
D = os.path.dirname(os.path.abspath(__file__)); sys.path.insert(0, D)
import questions_spec as S
QDIR = os.path.join(D, '..') if '--committed' in sys.argv else D


def triples(kb):
    p = os.path.join(QDIR, kb)
    with open(p, encoding='utf-8') as fh:
        if kb.endswith('.csv'):
            rd = csv.reader(fh); head = next(rd)
            assert head == ['subject', 'relation', 'object', 'subject_type', 'object_type'], head
            return [tuple(r[:3]) for r in rd]
        if kb.endswith('.jsonl'):
            return [(o['subject'], o['relation'], o['object']) for o in map(json.loads, fh)]
        return [tuple(l.rstrip('\n').split('\t')) for l in fh]


def index(T):
    fw, bw = {}, {}
    for s, r, o in T:
        fw.setdefault((s, r), set()).add(o); bw.setdefault((o, r), set()).add(s)
    return fw, bw


def run(idx, start, steps):
    fw, bw = idx
    cur = set(start)
    for st in steps:
        rels = [st[0]] if isinstance(st[0], str) else list(st[0])
        d = fw if st[1] == 'f' else bw
        trans = len(st) > 2 and st[2]
        seen = set(cur) if trans == '*' else set()
        def go(n):
            for r in rels:
                for m in d.get((n, r), ()):
                    if m not in seen:
                        seen.add(m)
                        if trans: go(m)
        for n in list(cur): go(n)
        cur = seen
    return cur


def evaluate(sp, idx):
    start = [sp['anchor']] if isinstance(sp['anchor'], str) else sp['anchor']
    res = run(idx, start, sp['steps'])
    keep = set()
    for n in res:
        ok = True
        for steps, x in sp.get('via', []):
            got = run(idx, [n], steps)
            ok = ok and (bool(got) if x is None else x in got)
        for steps, x in sp.get('notvia', []):
            got = run(idx, [n], steps)
            ok = ok and (not got if x is None else x not in got)
        if ok: keep.add(n)
    if sp.get('minus_anchor'): keep -= set(start)
    if 'target' in sp:
        return [sp['target']] if sp['target'] in keep else []
    return sorted(keep)


sys.setrecursionlimit(10000)
bad = 0
for name, kb, specs in S.SETS:
    T = triples(kb); facts = set(T); idx = index(T)
    qs = [json.loads(l) for l in open(os.path.join(QDIR, f'{name}.questions.jsonl'), encoding='utf-8')]
    na = [json.loads(l) for l in open(os.path.join(QDIR, f'{name}.questions.noanchors.jsonl'), encoding='utf-8')] \
        if os.path.exists(os.path.join(QDIR, f'{name}.questions.noanchors.jsonl')) else None
    assert len(qs) == len(specs) == 40, (name, len(qs))
    for k, (q, sp) in enumerate(zip(qs, specs)):
        assert q['question'] == sp['q']
        got = evaluate(sp, idx)
        start = [sp['anchor']] if isinstance(sp['anchor'], str) else sp['anchor']
        if 'target' in sp:
            assert q['anchors'][:2] == start + [sp['target']] and q['yesno'] == ('yes' if got else 'no'), q['id']
        if got != q['answers']:
            bad += 1; print('MISMATCH', q['id'], got, q['answers'])
        start = [sp['anchor']] if isinstance(sp['anchor'], str) else sp['anchor']
        assert len(q['gold_paths']) == len(q['answers'])
        for a, p in zip(q['answers'], q['gold_paths']):
            assert p[0][0] in start or p[0][2] in start, (q['id'], p)
            assert a in (p[-1][0], p[-1][2]), (q['id'], a, p)
            assert all(tuple(t) in facts for t in p), (q['id'], p)
        if na is not None:
            q2 = dict(q); q2.pop('anchors'); assert na[k] == q2, q['id']
    print(name, len(qs), 'questions checked,', len(T), 'facts')
sys.exit(1 if bad else 0)
