"""Question generator shared by the ten graphs.

A question is a spec: an anchor and steps. Each step follows a set of relations one hop or
transitively (closure), forward ("out": subject -> object) or backward ("in"), and may keep only
nodes of one type or nodes that have a given edge. Answers never include the anchor.

Three computations must agree on every answer set:
  1. eval_sets: set semantics over indexed adjacency;
  2. fixpoint: a naive fixpoint over the raw triple list (written separately on purpose);
  3. the answers reached by the shortest-path BFS that produces gold_paths.
"""
import collections
import json
import random
import re

FILLER = set("the a an of in on for to at by with from and or my our which what who whom whose "
             "is are was were be 's s".split())


class Graph:
    def __init__(self, triples, types=None):
        seen = set()
        self.triples = []
        for t in triples:
            if t not in seen:
                seen.add(t)
                self.triples.append(t)
        self.types = dict(types or {})
        self.out = collections.defaultdict(lambda: collections.defaultdict(set))
        self.inn = collections.defaultdict(lambda: collections.defaultdict(set))
        self.nodes = set()
        for s, r, o in self.triples:
            self.out[s][r].add(o)
            self.inn[o][r].add(s)
            self.nodes.add(s)
            self.nodes.add(o)

    def relations(self):
        return sorted({r for _, r, _ in self.triples})

    def hop(self, nodes, rels, d):
        if d == "both":
            return self.hop(nodes, rels, "out") | self.hop(nodes, rels, "in")
        res = set()
        idx = self.out if d == "out" else self.inn
        for n in nodes:
            for r in rels:
                res |= idx[n].get(r, set())
        return res


def _keep(g, nodes, step):
    t = step.get("type")
    if t:
        ts = {t} if isinstance(t, str) else set(t)
        nodes = {n for n in nodes if g.types.get(n) in ts}
    h = step.get("has")
    if h:
        rel, d, obj = h
        idx = g.out if d == "out" else g.inn
        nodes = {n for n in nodes if obj in idx[n].get(rel, set())}
    return nodes


def _seq(step):
    return step["seq"] if "seq" in step else [step]


def _apply_seq(g, nodes, step):
    for sub in _seq(step):
        nodes = _keep(g, g.hop(nodes, sub["rels"], sub["dir"]), {"type": sub.get("subtype")})
    return nodes


def eval_sets(g, anchor, steps, keep_anchor=False):
    frontier = {anchor}
    for st in steps:
        if st.get("closure"):
            reach, todo = set(), set(frontier)
            while todo:
                nxt = _apply_seq(g, todo, st) - reach
                reach |= nxt
                todo = nxt
            frontier = reach
        else:
            frontier = _apply_seq(g, frontier, st)
        frontier = _keep(g, frontier, st)
    return frontier if keep_anchor else frontier - {anchor}


def _raw_hop(triples, src, rels, d):
    res = set()
    for s, r, o in triples:
        if r in rels:
            if d in ("out", "both") and s in src:
                res.add(o)
            if d in ("in", "both") and o in src:
                res.add(s)
    return res


def _raw_filter(triples, types, nodes, t, h):
    if t:
        ts = {t} if isinstance(t, str) else set(t)
        nodes = {n for n in nodes if types.get(n) in ts}
    if h:
        rel, hd, obj = h
        ok = set()
        for s, r, o in triples:
            if r == rel and hd == "out" and o == obj:
                ok.add(s)
            if r == rel and hd == "in" and s == obj:
                ok.add(o)
        nodes = nodes & ok
    return nodes


def fixpoint(triples, types, anchor, steps, keep_anchor=False):
    """Independent re-check: a set fixpoint over the raw triple list."""
    cur = {anchor}
    for st in steps:
        subs = st["seq"] if "seq" in st else [st]

        def once(src):
            x = set(src)
            for sub in subs:
                x = _raw_filter(triples, types, _raw_hop(triples, x, set(sub["rels"]), sub["dir"]),
                                sub.get("subtype"), None)
            return x
        res = once(cur)
        if st.get("closure"):
            while True:
                more = once(cur | res)
                if more <= res:
                    break
                res |= more
        cur = _raw_filter(triples, types, res, st.get("type"), st.get("has"))
    return cur if keep_anchor else cur - {anchor}


def gold_paths(g, anchor, steps, keep_anchor=False):
    """BFS over (node, step j, position k in step j's sequence); returns {answer: triples}."""
    n = len(steps)

    def passes(node, j):  # a node that has finished step j-1 may go on / be an answer
        return j == 0 or bool(_keep(g, {node}, steps[j - 1]))

    def subkeep(node, sub):
        return bool(_keep(g, {node}, {"type": sub.get("subtype")}))

    start = (anchor, 0, 0)
    prev = {start: None}
    q = collections.deque([start])
    while q:
        node, j, k = q.popleft()
        moves = []  # (sub, next state maker)
        if k > 0:
            seq = _seq(steps[j])
            moves.append((seq[k], j, k + 1, len(seq)))
        else:
            if j < n and passes(node, j):
                seq = _seq(steps[j])
                moves.append((seq[0], j, 1, len(seq)))
            if j >= 1 and steps[j - 1].get("closure"):
                seq = _seq(steps[j - 1])
                moves.append((seq[0], j - 1, 1, len(seq)))
        for sub, sj, nk, L in moves:
            nxt = (sj + 1, 0) if nk == L else (sj, nk)
            dirs = ["out", "in"] if sub["dir"] == "both" else [sub["dir"]]
            for dd in dirs:
                idx = g.out if dd == "out" else g.inn
                for r in sub["rels"]:
                    for m in sorted(idx[node].get(r, ())):
                        if not subkeep(m, sub):
                            continue
                        stt = (m,) + nxt
                        if stt in prev:
                            continue
                        trip = (node, r, m) if dd == "out" else (m, r, node)
                        prev[stt] = ((node, j, k), trip)
                        q.append(stt)
    res = {}
    for stt, p in prev.items():
        node, j, k = stt
        if j == n and k == 0 and (keep_anchor or node != anchor) and passes(node, n):
            path = []
            cur = stt
            while prev[cur] is not None:
                cur, trip = prev[cur]
                path.append(list(trip))
            res[node] = path[::-1]
    return res


def words(s):
    s = re.sub(r"([a-z])([A-Z])", r"\1 \2", s)
    return [w for w in re.split(r"[^0-9A-Za-z]+", s.lower()) if w]


def _ed1(a, b):
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if len(a) > len(b):
        a, b = b, a
    return any(b[:i] + b[i + 1:] == a for i in range(len(b)))


def word_ok(mw, nws):
    if len(mw) >= 3 and mw in "".join(nws):
        return True
    for nw in nws:
        if mw == nw or (len(mw) >= 1 and nw.startswith(mw) and (len(mw) >= 3 or len(mw) == 1)):
            return True
        if len(mw) >= 5 and _ed1(mw, nw):
            return True
    return False


def mention_candidates(g, mention, typeword_types=None, extra_filler=()):
    mws = [w for w in words(mention) if w not in FILLER and w not in extra_filler]
    if not mws:
        return []
    out = []
    for node in g.nodes:
        if typeword_types and g.types and g.types.get(node) not in typeword_types:
            continue
        nws = words(node)
        if all(word_ok(w, nws) for w in mws):
            out.append(node)
    exact_order = [n for n in out if words(n) == mws]
    if len(exact_order) == 1:
        return exact_order
    full = [n for n in out if sorted(set(words(n))) == sorted(set(mws))]
    return full if len(full) == 1 else out


class QSet:
    def __init__(self, name, g, templates, seed=7):
        self.name, self.g, self.templates = name, g, templates
        self.rows = []
        self.used = collections.Counter()
        self.rng = random.Random(seed)

    def add(self, kind, anchor, steps, shape, mention=None, template=None, negative=False,
            typewords=None, extra_filler=(), tkind=None, keep_anchor=False):
        """mention: how the question names the anchor (None = exact name).
        typewords: node types the mention's type word narrows to (for the typed-mention check)."""
        g = self.g
        assert anchor in g.nodes, (self.name, anchor)
        if template is None:
            opts = self.templates[tkind or kind]
            template = min(opts, key=lambda t: (self.used[t], opts.index(t)))
        self.used[template] += 1
        m = mention if mention is not None else anchor
        q = template.replace("{x}", m)
        q = q[0].upper() + q[1:] if q[0].isalpha() and not template.startswith("{x}") else q
        if mention is not None and mention != anchor:
            cands = mention_candidates(g, mention, typewords, extra_filler)
            assert cands == [anchor], (self.name, mention, anchor, sorted(cands)[:8])
            mkind = "typed"
        else:
            mkind = "exact"
        a1 = eval_sets(g, anchor, steps, keep_anchor)
        a2 = fixpoint(g.triples, g.types, anchor, steps, keep_anchor)
        gp = gold_paths(g, anchor, steps, keep_anchor)
        assert a1 == a2 == set(gp), (self.name, q, sorted(a1 ^ a2), sorted(a1 ^ set(gp)))
        assert len(a1) <= 50, (self.name, q, len(a1))
        if negative:
            assert not a1, (self.name, q, sorted(a1))
        else:
            assert a1, (self.name, "empty answer for non-negative", q)
        ans = sorted(a1)
        paths = [gp[a] for a in ans]
        for a, p in zip(ans, paths):
            assert p and (p[0][0] == anchor or p[0][2] == anchor)
            for t in p:
                assert tuple(t) in self._tripset(), t
        self.rows.append({
            "id": "%s:%03d" % (self.name, len(self.rows) + 1),
            "kind": "negative" if negative else kind,
            "question": q,
            "anchors": [anchor],
            "answers": ans,
            "hops": max((len(p) for p in paths), default=0),
            "gold_paths": paths,
            "shape": shape,
            "mention": mkind,
        })
        return ans

    def _tripset(self):
        if not hasattr(self, "_ts"):
            self._ts = set(self.g.triples)
        return self._ts

    def answers(self, anchor, steps):
        return eval_sets(self.g, anchor, steps)

    def finish(self, path):
        negs = sum(r["kind"] == "negative" for r in self.rows)
        assert negs >= 5, (self.name, negs)
        assert 30 <= len(self.rows) <= 50, (self.name, len(self.rows))
        byk = collections.defaultdict(set)
        for r in self.rows:
            if r["answers"]:
                key = tuple(r["answers"])
                assert key not in byk[r["kind"]], (self.name, r["id"], "duplicate answer set in kind")
                byk[r["kind"]].add(key)
        assert len({r["question"] for r in self.rows}) == len(self.rows), "duplicate question"
        with open(path, "w") as f:
            for r in self.rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        return self.summary()

    def summary(self):
        kinds = collections.Counter(r["kind"] for r in self.rows)
        shapes = collections.Counter(r["shape"] for r in self.rows)
        typed = sum(r["mention"] == "typed" for r in self.rows)
        return {"n": len(self.rows), "kinds": dict(kinds), "shapes": dict(shapes), "typed": typed,
                "negatives": kinds["negative"]}


# steps helpers
def out(*rels, closure=False, type=None, has=None):
    d = {"rels": list(rels), "dir": "out", "closure": closure}
    if type:
        d["type"] = type
    if has:
        d["has"] = has
    return d


def inn(*rels, closure=False, type=None, has=None):
    d = out(*rels, closure=closure, type=type, has=has)
    d["dir"] = "in"
    return d


def both(*rels, closure=False, type=None, has=None):
    d = out(*rels, closure=closure, type=type, has=has)
    d["dir"] = "both"
    return d


def seq(*subs, closure=False, type=None, has=None):
    """A step made of several hops, repeated once or (closure) one or more times.
    Each sub is out(...)/inn(...) (their closure flag is ignored); subtype= on a sub keeps
    only nodes of that type after that hop."""
    d = {"seq": [{"rels": s["rels"], "dir": s["dir"], **({"subtype": s["subtype"]} if "subtype" in s else {})}
                 for s in subs], "closure": closure}
    if type:
        d["type"] = type
    if has:
        d["has"] = has
    return d


def sub(d, subtype):
    d = dict(d)
    d["subtype"] = subtype
    return d


def write_kb(path, triples, types=None, fmt="tsv"):
    types = types or {}
    seen, uniq = set(), []
    for t in triples:
        if t not in seen:
            seen.add(t)
            uniq.append(t)
    triples = uniq
    with open(path, "w") as f:
        if fmt == "tsv":
            for s, r, o in triples:
                f.write("%s\t%s\t%s\n" % (s, r, o))
        elif fmt == "pipe":
            for s, r, o in triples:
                f.write("%s|%s|%s\n" % (s, r, o))
        elif fmt == "csv":
            import csv
            w = csv.writer(f, lineterminator="\n")
            if types:
                w.writerow(["subject", "relation", "object", "subject_type", "object_type"])
                for s, r, o in triples:
                    w.writerow([s, r, o, types[s], types[o]])
            else:
                w.writerow(["subject", "relation", "object"])
                for s, r, o in triples:
                    w.writerow([s, r, o])
        elif fmt == "jsonl":
            for s, r, o in triples:
                d = {"subject": s, "relation": r, "object": o}
                if types:
                    d["subject_type"] = types[s]
                    d["object_type"] = types[o]
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
    for s, r, o in triples:
        for x in (s, r, o):
            assert x and "\t" not in x and "\n" not in x, (s, r, o)
            if fmt == "pipe":
                assert "|" not in x, x
