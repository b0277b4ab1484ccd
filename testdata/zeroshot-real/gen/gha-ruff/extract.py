"""gha-ruff: Ruff's GitHub Actions workflows as an untyped TSV, as an export over the parsed
workflow files writes them. Workflows are named by file (ci.yaml), jobs by workflow stem and job id
(ci/cargo-test-linux)."""
import glob, os, re, yaml
HERE = os.path.dirname(os.path.abspath(__file__))


def facts():
    T = []
    files = sorted(glob.glob(os.path.join(HERE, "raw/workflows/*.y*ml")))
    for p in files:
        fn = os.path.basename(p)
        stem = fn.rsplit(".", 1)[0]
        text = open(p).read()
        wf = yaml.safe_load(text)
        on = wf.get(True, wf.get("on"))  # PyYAML reads the key `on` as True
        trig = [on] if isinstance(on, str) else list(on or [])
        for t in trig:
            T.append((fn, "on", t))
        for jid, job in (wf.get("jobs") or {}).items():
            me = "%s/%s" % (stem, jid)
            T.append((fn, "jobs", me))
            needs = job.get("needs") or []
            for n in [needs] if isinstance(needs, str) else needs:
                T.append((me, "needs", "%s/%s" % (stem, n)))
            if job.get("uses"):
                T.append((me, "uses", os.path.basename(job["uses"].split("@")[0])))
            for st in job.get("steps") or []:
                u = st.get("uses")
                if u:
                    u = u.split("@")[0]
                    if u.startswith("./"):
                        u = u[2:]
                    T.append((me, "uses", u))
            ro = job.get("runs-on")
            for r in [ro] if isinstance(ro, str) else (ro or []):
                if isinstance(r, str) and "${{" not in r:
                    T.append((me, "runs_on", r))
            env = job.get("environment")
            if isinstance(env, dict):
                env = env.get("name")
            if isinstance(env, str) and "${{" not in env:
                T.append((me, "environment", env))
            for s in sorted(set(re.findall(r"secrets\.([A-Z_][A-Z0-9_]*)", yaml.safe_dump(job)))):
                T.append((me, "secrets", s))
    seen, out = set(), []
    for t in T:
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


if __name__ == "__main__":
    import collections
    T = facts()
    print(len(T), collections.Counter(r for _, r, _ in T))
