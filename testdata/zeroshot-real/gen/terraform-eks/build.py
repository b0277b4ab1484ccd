"""Builds terraform-eks.kb.txt (pipe lines) and terraform-eks.questions.jsonl from raw/ (deterministic)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
LIB = next(d for d in (os.path.join(HERE, "../../lib"), os.path.join(HERE, "..")) if os.path.exists(os.path.join(d, "qgen.py")))
sys.path.insert(0, LIB)
OUT = sys.argv[1] if len(sys.argv) > 1 else HERE  # where the KB and questions files go
from qgen import Graph, QSet, out, inn, write_kb
import extract

T = extract.facts()
write_kb(os.path.join(OUT, "terraform-eks.kb.txt"), T, fmt="pipe")
g = Graph(T)
R = ("references", "depends_on")
F = ("resource", "data", "source", "the", "block", "value")

TPL = {
    "refs_direct": ["What does {x} reference?", "Which addresses appear in the body of {x}?", "{x}: direct references?"],
    "referenced_by": ["What references {x}?", "Which blocks use {x} directly?", "Who reads {x}?"],
    "explicit_depends_on": ["What is in the depends_on list of {x}?", "Which things does {x} explicitly depend on (depends_on)?"],
    "upstream_all": ["Everything {x} depends on, directly or indirectly (references and depends_on)",
                     "What has to be evaluated before {x}, at any depth?",
                     "Full dependency closure of {x}"],
    "impact": ["If {x} changes, what else in the module is affected (any depth)?",
               "What would a change to {x} ripple into?", "Everything downstream of {x} in the terraform graph",
               "Which blocks end up depending on {x}?"],
    "impact_by_type": ["Which IAM role policy attachments are affected if {x} is replaced?",
                       "Which aws_eks_addon resources would be touched by a change to {x}?"],
    "upstream_by_type": ["Which IAM roles does {x} depend on, directly or indirectly?",
                         "Which aws_iam_policy_document data sources feed into {x} at any depth?"],
    "of_type": ["Which resources are of type {x}?", "List every {x} in the module", "All {x} blocks?"],
    "module_source": ["Where does {x} come from (its source)?", "What is the source of {x}?"],
    "ref_types": ["What resource types does {x} reference directly?"],
}
q = QSet("terraform-eks", g, TPL)
q.add("refs_direct", "aws_iam_role.this", [out("references")], "direct")
q.add("refs_direct", "local.security_group_id", [out("references")], "direct", "local security_group_id", extra_filler=F)
q.add("refs_direct", "module.kms", [out("references")], "direct", "the kms module", extra_filler=F)
q.add("refs_direct", "aws_eks_access_entry.this", [out("references")], "direct", "aws_eks_access_entry this", extra_filler=F)
q.add("referenced_by", "aws_eks_cluster.this", [inn("references")], "direct")
q.add("referenced_by", "aws_iam_role.eks_auto", [inn("references")], "direct", "aws_iam_role eks_auto", extra_filler=F)
q.add("referenced_by", "data.aws_caller_identity.current", [inn("references")], "direct")
q.add("referenced_by", "local.partition", [inn("references")], "direct", "the partition local", extra_filler=F)
q.add("explicit_depends_on", "aws_eks_cluster.this", [out("depends_on")], "direct", "aws_eks_cluster this", extra_filler=F)
q.add("explicit_depends_on", "aws_eks_addon.this", [out("depends_on")], "direct")
q.add("upstream_all", "aws_iam_policy.cni_ipv6_policy", [out(*R, closure=True)], "transitive")
q.add("upstream_all", "aws_security_group.node", [out(*R, closure=True)], "transitive", "aws_security_group node", extra_filler=F)
q.add("upstream_all", "aws_cloudwatch_log_group.this", [out(*R, closure=True)], "transitive")
q.add("upstream_all", "local.merged_access_entries", [out(*R, closure=True)], "transitive", "local merged_access_entries", extra_filler=F)
q.add("impact", "data.tls_certificate.this", [inn(*R, closure=True)], "transitive")
q.add("impact", "local.create_oidc_provider", [inn(*R, closure=True)], "transitive", "local create_oidc_provider", extra_filler=F)
q.add("impact", "var.access_entries", [inn(*R, closure=True)], "transitive")
q.add("impact", "time_sleep.this", [inn(*R, closure=True)], "transitive", "the time_sleep this resource", extra_filler=F)
q.add("impact", "var.enable_irsa", [inn(*R, closure=True)], "transitive", "var enable_irsa", extra_filler=F)
q.add("impact_by_type", "aws_iam_role.this", [inn(*R, closure=True, has=("type", "out", "aws_iam_role_policy_attachment"))], "composition",
      template="Which IAM role policy attachments are affected if {x} is replaced?")
q.add("impact_by_type", "var.addons", [inn(*R, closure=True, has=("type", "out", "aws_eks_addon"))], "composition",
      template="Which aws_eks_addon resources would be touched by a change to {x}?")
q.add("upstream_by_type", "aws_eks_cluster.this", [out(*R, closure=True, has=("type", "out", "aws_iam_role"))], "composition",
      template="Which IAM roles does {x} depend on, directly or indirectly?")
q.add("upstream_by_type", "aws_iam_role_policy_attachment.custom", [out(*R, closure=True, has=("type", "out", "aws_iam_policy_document"))],
      "composition", template="Which aws_iam_policy_document data sources feed into {x} at any depth?")
q.add("of_type", "aws_iam_role_policy_attachment", [inn("type")], "membership")
q.add("of_type", "aws_eks_addon", [inn("type")], "membership")
q.add("of_type", "aws_iam_policy_document", [inn("type")], "membership")
q.add("of_type", "aws_security_group", [inn("type")], "membership", template="Which resources are of type {x}?")
q.add("module_source", "module.kms", [out("source")], "direct")
q.add("module_source", "module.fargate_profile", [out("source")], "direct", "module fargate_profile", extra_filler=F)
q.add("ref_types", "aws_eks_cluster.this", [out("references"), out("type")], "composition")
q.add("ref_types", "aws_iam_role_policy_attachment.cluster_encryption", [out("references"), out("type")], "composition",
      template="What resource types does {x} reference directly?")
# negatives (true of the configuration, not only of this export)
q.add("refs_direct", "var.name", [out("references")], "direct", negative=True, template="What does {x} reference?")
q.add("impact", "aws_iam_role_policy_attachment.custom", [inn(*R, closure=True)], "transitive", negative=True,
      template="If {x} changes, what else in the module is affected (any depth)?")
q.add("referenced_by", "aws_ec2_tag.cluster_primary_security_group", [inn("references")], "direct", negative=True,
      template="What references {x}?")
q.add("explicit_depends_on", "aws_eks_addon.before_compute", [out("depends_on")], "direct", "aws_eks_addon before_compute",
      extra_filler=F, negative=True, template="What is in the depends_on list of {x}?")
q.add("impact_by_type", "data.aws_eks_addon_version.this", [inn(*R, closure=True, has=("type", "out", "aws_iam_role"))], "composition",
      negative=True, template="Which IAM roles are affected if {x} changes?")
q.add("module_source", "local.create", [out("source")], "direct", negative=True, template="What is the source of {x}?")
print(q.finish(os.path.join(OUT, "terraform-eks.questions.jsonl")))
