"""Builds gha-ruff.kb.tsv and gha-ruff.questions.jsonl from raw/ (deterministic)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
LIB = next(d for d in (os.path.join(HERE, "../../lib"), os.path.join(HERE, "..")) if os.path.exists(os.path.join(d, "qgen.py")))
sys.path.insert(0, LIB)
OUT = sys.argv[1] if len(sys.argv) > 1 else HERE  # where the KB and questions files go
from qgen import Graph, QSet, out, inn, seq, write_kb
import extract

T = extract.facts()
write_kb(os.path.join(OUT, "gha-ruff.kb.tsv"), T, fmt="tsv")
g = Graph(T)
F = ("job", "jobs", "workflow", "action", "step", "file")

TPL = {
    "needs_direct": ["What does {x} need?", "Which jobs must finish right before {x} starts (its needs: list)?",
                     "{x} — direct upstream jobs?"],
    "needed_by": ["Which jobs list {x} in needs?", "What jobs wait directly on {x}?", "Direct dependents of {x}"],
    "upstream_all": ["Before {x} can run, which jobs have to complete, all the way up the chain?",
                     "Every job {x} transitively depends on", "Full upstream of {x} in the job graph"],
    "downstream_all": ["If {x} fails, which jobs get skipped further down the pipeline?",
                       "Everything downstream of {x}, at any depth",
                       "Which jobs depend on {x}, directly or indirectly?"],
    "actions_of_job": ["Which actions does {x} use?", "Which actions do {x}'s steps use?",
                       "{x}: list the uses: entries"],
    "action_users": ["Which jobs use {x}?", "Where is {x} used?", "Which jobs would be affected if {x} got compromised?"],
    "jobs_of_workflow": ["Which jobs are in {x}?", "List the jobs defined in {x}", "what jobs does {x} have"],
    "triggers": ["Which workflows run on {x}?", "What workflows are triggered by {x}?"],
    "caller_of_reusable": ["Which job calls the reusable workflow {x}?", "Who invokes {x}?"],
    "actions_via_reusable": ["Which actions does {x} end up running through the reusable workflow it calls?",
                             "{x} calls another workflow; which actions do that workflow's jobs use?"],
    "secrets_of_job": ["Which secrets does {x} read?", "What secrets are exposed to {x}?"],
    "secret_users": ["Which jobs use the {x} secret?", "Where is secrets.{x} referenced?"],
    "env_jobs": ["Which jobs deploy to the {x} environment?", "Which jobs run in environment {x}?"],
    "runner_jobs": ["Which jobs run on {x}?", "What runs on the {x} runner?"],
    "workflow_jobs_using": ["Which jobs in {x} use CodSpeedHQ/action?", "Which jobs in {x} use docker/login-action?",
                            "Which jobs of {x} use PyO3/maturin-action?"],
    "secrets_downstream": ["Which secrets are used by the jobs that run after {x}, at any depth?"],
}
q = QSet("gha-ruff", g, TPL)

q.add("needs_direct", "release/announce", [out("needs")], "direct", "the announce job in release", extra_filler=F)
q.add("needs_direct", "release/host", [out("needs")], "direct")
q.add("needs_direct", "sync_typeshed/create-pr", [out("needs")], "direct", "sync typeshed create-pr", extra_filler=F)
q.add("needs_direct", "ci/benchmarks-walltime-run", [out("needs")], "direct")
q.add("needed_by", "ci/determine_changes", [inn("needs")], "direct", "the determine changes job", extra_filler=F)
q.add("needed_by", "release/announce", [inn("needs")], "direct")
q.add("needed_by", "build-docker/docker-publish", [inn("needs")], "direct")
q.add("upstream_all", "release/custom-publish-crates", [out("needs", closure=True)], "transitive")
q.add("upstream_all", "sync_typeshed/create-pr", [out("needs", closure=True)], "transitive")
q.add("upstream_all", "build-docker/docker-republish", [out("needs", closure=True)], "transitive", "docker republish", extra_filler=F)
q.add("downstream_all", "release/host", [inn("needs", closure=True)], "transitive", "the release host job", extra_filler=F)
q.add("downstream_all", "sync_typeshed/docstrings-windows", [inn("needs", closure=True)], "transitive")
q.add("downstream_all", "ci/benchmarks-instrumented-ty-build", [inn("needs", closure=True)], "transitive", "the instrumented ty build benchmark job", extra_filler=F)
q.add("downstream_all", "release/custom-build-wasm", [inn("needs", closure=True)], "transitive", "custom-build-wasm in the release workflow", extra_filler=F)
q.add("actions_of_job", "build-docker/docker-build", [out("uses")], "direct")
q.add("actions_of_job", "ci/cargo-test-linux", [out("uses")], "direct")
q.add("actions_of_job", "ci/benchmarks-walltime-run", [out("uses")], "direct", "the walltime benchmark run job", extra_filler=F)
q.add("action_users", "docker/login-action", [inn("uses")], "direct", "docker login action", extra_filler=("the",))
q.add("action_users", "CodSpeedHQ/action", [inn("uses")], "direct", "the CodSpeed action", extra_filler=("the",))
q.add("action_users", "PyO3/maturin-action", [inn("uses")], "direct", "the maturin action", extra_filler=F)
q.add("action_users", "jetli/wasm-bindgen-action", [inn("uses")], "direct", "the wasm-bindgen action", extra_filler=("the",))
q.add("jobs_of_workflow", "build-binaries.yml", [out("jobs")], "membership")
q.add("jobs_of_workflow", "sync_typeshed.yaml", [out("jobs")], "membership", "the sync-typeshed.yaml workflow", extra_filler=F)
q.add("jobs_of_workflow", "build-docker.yml", [out("jobs")], "membership")
q.add("triggers", "schedule", [inn("on")], "membership")
q.add("triggers", "push", [inn("on")], "membership", template="What workflows are triggered by a {x}?")
q.add("caller_of_reusable", "publish-docs.yml", [inn("uses")], "direct")
q.add("caller_of_reusable", "build-binaries.yml", [inn("uses")], "direct", "build_binaries.yml", extra_filler=F)
AV = [out("uses"), out("jobs"), out("uses")]
q.add("actions_via_reusable", "release/custom-build-docker", AV, "composition")
q.add("actions_via_reusable", "release/custom-publish-docs", AV, "composition", "release's custom publish docs job", extra_filler=F)
q.add("secrets_of_job", "publish-mirror/publish-mirror", [out("secrets")], "direct")
q.add("secrets_of_job", "publish-playground/publish", [out("secrets")], "direct")
q.add("secret_users", "CF_API_TOKEN", [inn("secrets")], "direct", "CF API token", extra_filler=F)
q.add("env_jobs", "release", [inn("environment")], "membership")
q.add("env_jobs", "release-playground", [inn("environment")], "membership")
q.add("runner_jobs", "depot-ubuntu-24.04-4", [inn("runs_on")], "membership")
q.add("workflow_jobs_using", "ci.yaml", [out("jobs", has=("uses", "out", "CodSpeedHQ/action"))], "composition",
      template="Which jobs in {x} use CodSpeedHQ/action?")
q.add("workflow_jobs_using", "build-docker.yml", [out("jobs", has=("uses", "out", "docker/login-action"))], "composition",
      template="Which jobs in the {x} workflow use docker/login-action?")
q.add("secrets_downstream", "release/announce", [inn("needs", closure=True), out("uses"), out("jobs"), out("secrets")], "composition")
# negatives
q.add("needs_direct", "ci/determine_changes", [out("needs")], "direct", negative=True, template="What does {x} need?")
q.add("needed_by", "ci/required-checks-passed", [inn("needs")], "direct", negative=True, template="What jobs wait directly on {x}?")
q.add("downstream_all", "ci/benchmarks-walltime-run", [inn("needs", closure=True)], "transitive", negative=True,
      template="If {x} fails, which jobs get skipped further down the pipeline?")
q.add("caller_of_reusable", "ci.yaml", [inn("uses")], "direct", negative=True, template="Which job calls the reusable workflow {x}?")
q.add("secrets_of_job", "ci/cargo-test-linux", [out("secrets")], "direct", negative=True, template="Which secrets does {x} read?")
q.add("actions_via_reusable", "release/plan", AV, "composition", negative=True)
print(q.finish(os.path.join(OUT, "gha-ruff.questions.jsonl")))
