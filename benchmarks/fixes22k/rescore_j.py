"""Re-score round j's 60 rows against a folder of corp8_<repo>.json lint outputs (every finding, --show-suppressed):
usage rescore_j.py DIR (run from the repository root)."""
import json
import math
import sys
from collections import Counter

folder = sys.argv[1]
sample = json.load(open("benchmarks/triage22j/sample.json"))
labels = json.load(open("benchmarks/triage22j/labels.json"))
found: dict = {}
for tree in sorted({row["tree"] for row in sample}):
    for finding in json.load(open(f"{folder}/corp8_{tree}.json")):
        path = finding["path"].split("/tmp/corp8/", 1)[1]
        found.setdefault((path, finding["line"], finding["code"]), []).append(finding)
tally = Counter()
shown = []
for number, row in enumerate(sample, 1):
    label = labels[str(number)]
    findings = found.get((row["path"], row["line"], row["code"]), [])
    state = "gone" if not findings else "suppressed" if all(f.get("suppressed_by") for f in findings) else "shown"
    tally[(label["label"], state)] += 1
    if state != "shown":
        print(number, row["code"], row["path"], row["line"], label["label"], label.get("cause", ""), state)
    else:
        shown.append(label["label"])


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


print(dict(tally))
true = shown.count("true")
low, high = wilson(true, len(shown))
print(f"shown rows {len(shown)}, true {true}: {true / len(shown):.1%} (95 % Wilson {low:.1%}-{high:.1%})")
