"""terraform-eks: the root module of terraform-aws-modules/terraform-aws-eks as a pipe-separated
graph, the edges `terraform graph` draws between addresses (X references Y), plus each module
call's source, each resource's type and explicit depends_on."""
import json, os, re
import hcl2
HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ["main.tf", "node_groups.tf", "outputs.tf", "variables.tf", "versions.tf"]


def unq(k):
    return k.strip('"')


def strip_comments(x):
    if isinstance(x, dict):
        return {k: strip_comments(v) for k, v in x.items() if k not in ("__comments__", "__inline_comments__")}
    if isinstance(x, list):
        return [strip_comments(v) for v in x]
    return x


def blocks():
    out = []  # (address, kind, body, rtype)
    for fn in FILES:
        d = strip_comments(hcl2.load(open(os.path.join(HERE, "raw", fn))))
        for blk in d.get("resource", []):
            for t, named in blk.items():
                for n, body in named.items():
                    out.append(("%s.%s" % (unq(t), unq(n)), "resource", body, unq(t)))
        for blk in d.get("data", []):
            for t, named in blk.items():
                for n, body in named.items():
                    out.append(("data.%s.%s" % (unq(t), unq(n)), "data", body, unq(t)))
        for blk in d.get("locals", []):
            for n, body in blk.items():
                if not n.startswith("__"):
                    out.append(("local.%s" % n, "local", body, None))
        for blk in d.get("module", []):
            for n, body in blk.items():
                out.append(("module.%s" % unq(n), "module", body, None))
        for blk in d.get("output", []):
            for n, body in blk.items():
                out.append(("output.%s" % unq(n), "output", body, None))
        for blk in d.get("variable", []):
            for n, body in blk.items():
                out.append(("var.%s" % unq(n), "variable", body, None))
    return out


def facts():
    bl = blocks()
    addrs = {a for a, _, _, _ in bl}
    T = []
    for a, kind, body, rtype in bl:
        if kind == "variable":
            continue  # variables are inputs; their validations are not dependencies
        body = dict(body) if isinstance(body, dict) else {"value": body}
        deps = body.pop("depends_on", None) or []
        src = body.pop("source", None) if kind == "module" else None
        text = json.dumps(body)
        refs = set()
        for m in re.finditer(r"(?<![\w.])((?:data\.)?[a-z][a-z0-9_]*\.[A-Za-z0-9_-]+)", text):
            ref = m.group(1)
            if ref in addrs and ref != a:
                refs.add(ref)
        dep_refs = set()
        for dref in deps:
            for m in re.finditer(r"((?:data\.)?[a-z][a-z0-9_]*\.[A-Za-z0-9_-]+)", dref):
                if m.group(1) in addrs:
                    dep_refs.add(m.group(1))
        if rtype:
            T.append((a, "type", rtype))
        if src:
            T.append((a, "source", src.strip("\"")))
        for r in sorted(dep_refs):
            T.append((a, "depends_on", r))
        for r in sorted(refs):
            T.append((a, "references", r))
    return T


if __name__ == "__main__":
    import collections
    T = facts()
    print(len(T), collections.Counter(r for _, r, _ in T))
    print(len({x for t in T for x in (t[0], t[2])}))
