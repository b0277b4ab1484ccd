"""family-kennedy: the Kennedy family GEDCOM sample (Ancestris export) as a typed CSV, the way a
genealogy user's export script writes it: one row per parent link, marriage, place and occupation."""
import collections, os, re
HERE = os.path.dirname(os.path.abspath(__file__))


def parse(path):
    recs, cur, stack = {}, None, []
    for line in open(path, encoding="utf-8-sig"):
        line = line.rstrip("\r\n")
        if not line.strip():
            continue
        m = re.match(r"(\d+) (@[^@]+@ )?(\w+) ?(.*)$", line)
        lvl, xref, tag, val = int(m.group(1)), (m.group(2) or "").strip(), m.group(3), m.group(4)
        node = {"tag": tag, "val": val, "kids": []}
        if lvl == 0:
            cur = node
            if xref:
                recs[xref] = node
                node["xref"] = xref
            stack = [node]
        else:
            stack = stack[:lvl]
            stack[-1]["kids"].append(node)
            stack.append(node)
    return recs


def kid(n, tag):
    return [k for k in n["kids"] if k["tag"] == tag]


def val(n, *path):
    for t in path:
        ks = kid(n, t)
        if not ks:
            return None
        n = ks[0]
    return n["val"].strip() or None


def place(p):
    return ", ".join(x.strip() for x in p.split(",") if x.strip()) if p else None


def facts():
    recs = parse(os.path.join(HERE, "raw/kennedy.ged"))
    indi = {x: r for x, r in recs.items() if r["tag"] == "INDI"}
    fam = {x: r for x, r in recs.items() if r["tag"] == "FAM"}

    def rawname(r):
        n = val(r, "NAME") or "(unknown)"
        return " ".join(n.replace("/", " ").split())

    def year(r, ev):
        d = val(r, ev, "DATE")
        m = re.search(r"(\d{3,4})\s*$", d or "")
        return m.group(1) if m else None

    cnt = collections.Counter(rawname(r) for r in indi.values())
    name = {}
    for x, r in indi.items():
        n = rawname(r)
        if cnt[n] > 1:
            y = year(r, "BIRT")
            n = "%s (b. %s)" % (n, y) if y else "%s (%s)" % (n, x.strip("@"))
        name[x] = n
    assert len(set(name.values())) == len(name)
    T, types = [], {}

    def add(s, st, r, o, ot):
        T.append((s, r, o))
        for a, t in ((s, st), (o, ot)):
            assert types.get(a, t) == t, (a, t, types.get(a))
            types[a] = t

    for x in sorted(indi, key=lambda k: int(k.strip("@I"))):
        r = indi[x]
        me = name[x]
        sx = val(r, "SEX")
        if sx in ("M", "F"):
            add(me, "Person", "sex", sx, "Sex")
        for ev, rel in (("BIRT", "born_in"), ("DEAT", "died_in"), ("BURI", "buried_in")):
            p = place(val(r, ev, "PLAC"))
            if p:
                add(me, "Person", rel, p, "Place")
        for o in kid(r, "OCCU"):
            if o["val"].strip():
                add(me, "Person", "occupation", o["val"].strip(), "Occupation")
    for x in sorted(fam, key=lambda k: int(k.strip("@F"))):
        f = fam[x]
        h, w = val(f, "HUSB"), val(f, "WIFE")
        if h and w:
            add(name[h], "Person", "married", name[w], "Person")
        for c in kid(f, "CHIL"):
            for p in (h, w):
                if p:
                    add(name[c["val"].strip()], "Person", "child_of", name[p], "Person")
    return T, types


if __name__ == "__main__":
    T, types = facts()
    print(len(T), collections.Counter(r for _, r, _ in T), collections.Counter(types.values()))
