"""Tables of the issue-22 "f" triage (docs/triage-issue22-f.md) from the sample, its labels and the pooled findings.

    python benchmarks/triage22f_tally.py benchmarks/triage22f/sample.json benchmarks/triage22f/labels.json \
        benchmarks/triage22f/findings.json

labels.json maps a row number (1-based, sample order) to [label, cause]: T true, F false, C false by default but
true under an option nothing in the corpus sets (counted false; "lenient" counts it true), "?" not labelled (left
out of every count). Wilson intervals as round e (benchmarks/triage22e_tally.py).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import PurePath

sys.path.insert(0, str(PurePath(__file__).parent))
from triage22e_tally import row, wilson  # noqa: E402
from triage22_sample import corpus_relative  # noqa: E402


def main() -> int:
    sample_path, labels_path, findings_path = sys.argv[1:4]
    sample = json.load(open(sample_path))
    labels = json.load(open(labels_path))
    findings = [f for f in json.load(open(findings_path)) if f["code"] != "OFL000"]
    by_rule: dict[str, list] = defaultdict(list)
    by_repo: dict[str, list] = defaultdict(list)
    strata: dict[tuple[str, str], list] = defaultdict(list)
    causes: Counter = Counter()
    rows = []
    for number, finding in enumerate(sample, 1):
        label, cause = labels.get(str(number), ["?", ""])
        if label == "?":
            continue
        repo = finding["path"].split("/", 1)[0]
        rows.append((label, cause))
        by_rule[finding["code"]].append((label, cause))
        by_repo[repo].append((label, cause))
        strata[(repo, finding["code"])].append((label, cause))
        if label != "T":
            causes[cause] += 1
    print("| rule | sampled | true | precision | 95 % Wilson | lenient (C true) |\n|---|---|---|---|---|---|")
    for rule in sorted(by_rule):
        print(row(rule, by_rule[rule]))
    print(row("**all**", rows))
    print("\n| repository | sampled | true | precision | 95 % Wilson | lenient (C true) |\n|---|---|---|---|---|---|")
    for repo in sorted(by_repo):
        print(row(repo, by_repo[repo]))
    population = Counter((corpus_relative(f["path"]).split("/", 1)[0], f["code"]) for f in findings)
    total = sum(population.values())
    strict = lenient = covered = 0.0
    for stratum, size in population.items():
        got = strata.get(stratum)
        if not got:
            print(f"stratum without a sampled row: {stratum} ({size} findings)")
            continue
        covered += size
        strict += size * sum(1 for label, _ in got if label == "T") / len(got)
        lenient += size * sum(1 for label, _ in got if label in ("T", "C")) / len(got)
    print(f"\nweighted by (repository, rule) strata over {int(covered)} of {total} findings: "
          f"{100 * strict / covered:.1f} % (lenient {100 * lenient / covered:.1f} %)")
    print("false rows by cause:", dict(causes.most_common()))
    low, high = wilson(sum(1 for label, _ in rows if label == "T"), len(rows))
    print(f"labelled {len(rows)} of {len(sample)}; overall Wilson {100 * low:.1f}-{100 * high:.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
