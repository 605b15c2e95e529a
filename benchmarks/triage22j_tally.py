"""Tables of the issue-22 "j" triage (docs/triage-issue22-j.md): benchmarks/triage_tally.py on its files, then the
second reading (AB rows flagged "api" in labels.json -- code reached only through a public method nothing in the tree
calls -- counted true, overall and per rule).

    python benchmarks/triage22j_tally.py benchmarks/triage22j/sample.json benchmarks/triage22j/labels.json \
        benchmarks/triage22j/findings.json [--rows]
"""

import json
import sys
from collections import defaultdict

from triage_tally import main
from triage22e_tally import wilson


def second_reading(sample_path: str, labels_path: str) -> None:
    sample = json.load(open(sample_path))
    labels = json.load(open(labels_path))
    by_rule = defaultdict(lambda: [0, 0])
    for number, finding in enumerate(sample, 1):
        entry = labels.get(str(number))
        if not entry or entry["label"] == "?":
            continue
        by_rule[finding["code"]][0] += entry["label"] == "true" or bool(entry.get("api"))
        by_rule[finding["code"]][1] += 1
    print("\nsecond reading (public methods nothing calls counted reached):")
    total = [sum(t for t, _ in by_rule.values()), sum(n for _, n in by_rule.values())]
    for rule, (true, n) in sorted(by_rule.items()) + [("all", total)]:
        low, high = wilson(true, n)
        print(f"| {rule} | {n} | {true} | {100 * true / n:.1f} % | {100 * low:.1f}–{100 * high:.1f} % |")


if __name__ == "__main__":
    code = main()
    second_reading(sys.argv[1], sys.argv[2])
    raise SystemExit(code)
