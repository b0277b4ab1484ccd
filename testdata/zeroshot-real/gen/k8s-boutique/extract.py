"""k8s-boutique: Online Boutique's release manifests plus its network-policies component,
exported as typed JSONL (kubectl-style names: deployment/x, service/x, serviceaccount/x)."""
import glob, os, re, sys, yaml
HERE = os.path.dirname(os.path.abspath(__file__))


def load():
    docs = []
    paths = [os.path.join(HERE, "raw/kubernetes-manifests.yaml")] + sorted(glob.glob(os.path.join(HERE, "raw/network-policies/*.yaml")))
    for p in paths:
        for d in yaml.safe_load_all(open(p)):
            if d and d.get("kind") not in (None, "Component"):
                docs.append(d)
    return docs


def facts():
    T, types = [], {}

    def add(s, st, r, o, ot):
        T.append((s, r, str(o)))
        for n, t in ((s, st), (str(o), ot)):
            assert types.get(n, t) == t, (n, t, types.get(n))
            types[n] = t

    docs = load()
    services = {d["metadata"]["name"] for d in docs if d["kind"] == "Service"}
    for d in docs:
        k, name, spec = d["kind"], d["metadata"]["name"], d.get("spec", {})
        if k == "Deployment":
            me = "deployment/" + name
            pod = spec["template"]["spec"]
            for lk, lv in spec["template"]["metadata"].get("labels", {}).items():
                add(me, "Deployment", "labels", "%s=%s" % (lk, lv), "Label")
            if pod.get("serviceAccountName"):
                add(me, "Deployment", "serviceAccountName", "serviceaccount/" + pod["serviceAccountName"], "ServiceAccount")
            for c in pod.get("initContainers", []) + pod.get("containers", []):
                add(me, "Deployment", "image", c["image"], "Image")
                for p in c.get("ports", []):
                    add(me, "Deployment", "containerPort", p["containerPort"], "Port")
                for e in c.get("env", []):
                    v = str(e.get("value", ""))
                    if e["name"].endswith("_ADDR") and v:
                        host = re.split(r"[:/]", v)[0]
                        tgt = "service/" + host
                        add(me, "Deployment", e["name"], tgt, "Service" if host in services else "Host")
                for rk in ("requests", "limits"):
                    for q, v in c.get("resources", {}).get(rk, {}).items():
                        add(me, "Deployment", "%s_%s" % (rk, q), v, "Quantity")
                for vm in c.get("volumeMounts", []):
                    add(me, "Deployment", "volumeMounts", vm["name"], "Volume")
        elif k == "Service":
            me = "service/" + name
            add(me, "Service", "type", spec.get("type", "ClusterIP"), "ServiceType")
            for lk, lv in spec.get("selector", {}).items():
                add(me, "Service", "selector", "%s=%s" % (lk, lv), "Label")
            for p in spec.get("ports", []):
                add(me, "Service", "port", p["port"], "Port")
                if p.get("targetPort") and p["targetPort"] != p["port"]:
                    add(me, "Service", "targetPort", p["targetPort"], "Port")
        elif k == "ServiceAccount":
            pass  # the node exists through serviceAccountName
        elif k == "NetworkPolicy":
            me = "networkpolicy/" + name
            for lk, lv in spec.get("podSelector", {}).get("matchLabels", {}).items():
                add(me, "NetworkPolicy", "podSelector", "%s=%s" % (lk, lv), "Label")
            for pt in spec.get("policyTypes", []):
                add(me, "NetworkPolicy", "policyTypes", pt, "PolicyType")
            for rule in spec.get("ingress", []) or []:
                for fr in rule.get("from", []):
                    for lk, lv in fr.get("podSelector", {}).get("matchLabels", {}).items():
                        add(me, "NetworkPolicy", "ingressFrom", "%s=%s" % (lk, lv), "Label")
                for p in rule.get("ports", []):
                    add(me, "NetworkPolicy", "ingressPort", p["port"], "Port")
            for rule in spec.get("egress", []) or []:
                for to in rule.get("to", []):
                    for lk, lv in to.get("podSelector", {}).get("matchLabels", {}).items():
                        add(me, "NetworkPolicy", "egressTo", "%s=%s" % (lk, lv), "Label")
        else:
            raise SystemExit("unexpected kind %s" % k)
    return T, types


if __name__ == "__main__":
    T, types = facts()
    import collections
    print(len(T), collections.Counter(r for _, r, _ in T))
    print(collections.Counter(types.values()))
