"""Builds k8s-boutique.kb.jsonl and k8s-boutique.questions.jsonl from raw/ (deterministic)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
LIB = next(d for d in (os.path.join(HERE, "../../lib"), os.path.join(HERE, "..")) if os.path.exists(os.path.join(d, "qgen.py")))
sys.path.insert(0, LIB)
OUT = sys.argv[1] if len(sys.argv) > 1 else HERE  # where the KB and questions files go
from qgen import Graph, QSet, out, inn, seq, sub, write_kb
import extract

T, types = extract.facts()
write_kb(os.path.join(OUT, "k8s-boutique.kb.jsonl"), T, types, fmt="jsonl")
g = Graph(T, types)
ADDR = sorted({r for r in g.relations() if r.endswith("_ADDR")})

TPL = {
    "calls": ["Which services does {x} call?", "{x}: what backends is it configured to talk to?",
              "List the services {x} connects to via its *_ADDR env vars", "what does {x} send requests to"],
    "called_by": ["Which deployments call {x}?", "Who talks to {x}?", "{x} — which workloads have it as a backend?",
                  "what deployments point an _ADDR env var at {x}"],
    "backing": ["Which deployment's pods does {x} route to?", "What deployment backs {x}?",
                "{x} selects the pods of which deployment?"],
    "blast_radius": ["If {x} goes down, which deployments are affected, directly or through other services?",
                     "What breaks if {x} crashes? Give every deployment that ends up depending on it.",
                     "Blast radius of {x}: all deployments upstream of it, at any depth",
                     "Which workloads would eventually feel an outage of {x}?"],
    "needs": ["Which deployments does {x} depend on, directly or transitively?",
              "Everything {x} needs to be running (deployments, any depth)",
              "For {x} to work, which other deployments must be up, all the way down?",
              "What's the full downstream dependency tree of {x}, as deployments?"],
    "service_account": ["Which service account does {x} run as?", "what serviceAccountName does {x} use?"],
    "sa_users": ["Which deployment runs under {x}?", "Who uses {x}?"],
    "image": ["What image does {x} run?", "Which container images are in {x}?", "{x} image?"],
    "image_users": ["Which deployment runs the {x} image?", "Who runs {x}?"],
    "admitted_by_policy": ["Which deployments does {x} allow ingress from?",
                           "Per {x}, whose pods are allowed to connect in?",
                           "{x}: which deployments can reach the pods it protects?"],
    "policies_admitting": ["Which network policies let traffic in from {x}?",
                           "Which NetworkPolicies whitelist {x} as an ingress source?",
                           "If {x} sends traffic, which network policies admit it?"],
    "members": ["Which deployments request {x} of CPU?", "Which services are of type {x}?",
                "Which deployments have a memory limit of {x}?", "Which services listen on port {x}?"],
}
q = QSet("k8s-boutique", g, TPL)
dep = {"Deployment"}
svc = {"Service"}

# calls: one hop over every *_ADDR env var
q.add("calls", "deployment/checkoutservice", [out(*ADDR)], "direct", "the checkout deployment", typewords=dep)
q.add("calls", "deployment/frontend", [out(*ADDR)], "direct")
q.add("calls", "deployment/recommendationservice", [out(*ADDR)], "direct")
q.add("calls", "deployment/cartservice", [out(*ADDR)], "direct", "cartservice deployment", typewords=dep)
q.add("calls", "deployment/loadgenerator", [out(*ADDR)], "direct", "the load generator deploymnet", typewords=dep)
# called_by
q.add("called_by", "service/productcatalogservice", [inn(*ADDR)], "direct", "the product catalog service", typewords=svc)
q.add("called_by", "service/cartservice", [inn(*ADDR)], "direct")
q.add("called_by", "service/redis-cart", [inn(*ADDR)], "direct", "the redis-cart service", typewords=svc)
q.add("called_by", "service/frontend", [inn(*ADDR)], "direct")
q.add("called_by", "service/paymentservice", [inn(*ADDR)], "direct", "payment service", typewords=svc)
# backing deployment: selector, then the deployments whose pod labels match
q.add("backing", "service/frontend-external", [out("selector"), inn("labels")], "composition")
q.add("backing", "service/redis-cart", [out("selector"), inn("labels")], "composition")
q.add("backing", "service/emailservice", [out("selector"), inn("labels")], "composition", "the email service", typewords=svc)
# blast radius: deployments that reach X's pods through a Service, transitively
BL = [seq(out("labels"), inn("selector"), inn(*ADDR), closure=True, type="Deployment")]
q.add("blast_radius", "deployment/redis-cart", BL, "transitive")
q.add("blast_radius", "deployment/productcatalogservice", BL, "transitive", "the productcatalog deployment", typewords=dep)
q.add("blast_radius", "deployment/paymentservice", BL, "transitive")
q.add("blast_radius", "deployment/adservice", BL, "transitive", "adservice deployment", typewords=dep)
# needs: forward
ND = [seq(out(*ADDR), out("selector"), inn("labels"), closure=True, type="Deployment")]
q.add("needs", "deployment/frontend", ND, "transitive", "the frontend deployment", typewords=dep)
q.add("needs", "deployment/checkoutservice", ND, "transitive")
q.add("needs", "deployment/recommendationservice", ND, "transitive", "recommendation service deployment", typewords=dep)
q.add("needs", "deployment/cartservice", ND, "transitive")
# service accounts
q.add("service_account", "deployment/shippingservice", [out("serviceAccountName")], "direct")
q.add("service_account", "deployment/currencyservice", [out("serviceAccountName")], "direct", "the currency deployment", typewords=dep)
q.add("sa_users", "serviceaccount/emailservice", [inn("serviceAccountName")], "direct")
q.add("sa_users", "serviceaccount/adservice", [inn("serviceAccountName")], "direct", "the adservice service account", typewords={"ServiceAccount"})
# images
q.add("image", "deployment/loadgenerator", [out("image")], "direct")
q.add("image", "deployment/redis-cart", [out("image")], "direct")
q.add("image_users", "redis:alpine", [inn("image")], "direct")
# network policies
ADM = [out("ingressFrom"), inn("labels", type="Deployment")]
q.add("admitted_by_policy", "networkpolicy/productcatalogservice", ADM, "composition")
q.add("admitted_by_policy", "networkpolicy/currencyservice", ADM, "composition", "the currency service network policy", typewords={"NetworkPolicy"})
q.add("admitted_by_policy", "networkpolicy/redis-cart", ADM, "composition")
PA = [out("labels"), inn("ingressFrom")]
q.add("policies_admitting", "deployment/checkoutservice", PA, "composition")
q.add("policies_admitting", "deployment/cartservice", PA, "composition", "the cart service deployment", typewords=dep)
# membership
q.add("members", "100m", [inn("requests_cpu", type="Deployment")], "membership", template="Which deployments request {x} of CPU?")
q.add("members", "LoadBalancer", [inn("type")], "membership", template="Which services are of type {x}?")
q.add("members", "50051", [inn("port")], "membership", template="Which services listen on port {x}?")
q.add("members", "128Mi", [inn("limits_memory")], "membership", template="Which deployments have a memory limit of {x}?")
# negatives (honest "nothing" in the real deployment too)
q.add("calls", "deployment/emailservice", [out(*ADDR)], "direct", negative=True)
q.add("calls", "deployment/redis-cart", [out(*ADDR)], "direct", "the redis cart deployment", typewords=dep, negative=True)
q.add("blast_radius", "deployment/loadgenerator", BL, "transitive", negative=True)
q.add("needs", "deployment/adservice", ND, "transitive", negative=True)
q.add("called_by", "service/frontend-external", [inn(*ADDR)], "direct", negative=True,
      template="Which deployments call {x}?")
q.add("needs", "deployment/redis-cart", ND, "transitive", "the redis-cart deployment", typewords=dep, negative=True)
print(q.finish(os.path.join(OUT, "k8s-boutique.questions.jsonl")))
