"""Tables of an issue-22 triage round (rounds g and i: docs/triage-issue22-g.md, docs/triage-issue22-i.md) from the
sample (draw order), its labels and the pooled findings.

    python benchmarks/triage_tally.py benchmarks/triage22i/sample.json benchmarks/triage22i/labels.json \
        benchmarks/triage22i/findings.json [--rows]

labels.json maps a row number (1-based, draw order) to {"label", "cause", "level", "runtime", "why"}: label "true",
"false", "C" (false by default but true under an option nothing in the corpus sets; "lenient" counts it true) or "?"
(not labelled: left out of every count). Cause AO marks a vendored copy of model code the tree never runs while a
sibling copy of the same code runs; "copy-lenient" also counts those rows true. Wilson intervals as round e
(benchmarks/triage22e_tally.py). With --rows, the row table of the document is printed too.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import PurePath

sys.path.insert(0, str(PurePath(__file__).parent))
from triage22e_tally import wilson  # noqa: E402
from triage22_sample import corpus_relative  # noqa: E402


def line(name: str, rows: list[tuple[str, str]]) -> str:
    n = len(rows)
    true = sum(1 for label, _ in rows if label == "true")
    lenient = sum(1 for label, _ in rows if label in ("true", "C"))
    copy = sum(1 for label, cause in rows if label in ("true", "C") or cause == "AO")
    low, high = wilson(true, n)
    return (f"| {name} | {n} | {true} | {100 * true / n:.1f} % | {100 * low:.1f}–{100 * high:.1f} % | {lenient} | "
            f"{copy} |")


HEADER = ("| {what} | sampled | true | precision | 95 % Wilson | lenient (C true) | copy-lenient (C, AO true) |\n"
          "|---|---|---|---|---|---|---|")


def short(path: str) -> str:
    parts = path.split("/")
    return f"{parts[0]}/…/{parts[-1]}" if len(parts) > 2 else path


def main() -> int:
    sample_path, labels_path, findings_path = sys.argv[1:4]
    sample = json.load(open(sample_path))
    labels = json.load(open(labels_path))
    findings = [f for f in json.load(open(findings_path)) if f["code"] != "OFL000"]
    by_rule: dict[str, list] = defaultdict(list)
    by_repo: dict[str, list] = defaultdict(list)
    strata: dict[tuple[str, str], list] = defaultdict(list)
    causes: dict[str, list[int]] = defaultdict(list)
    rows = []
    unlabelled = []
    for number, finding in enumerate(sample, 1):
        entry = labels.get(str(number), {"label": "?", "cause": ""})
        label, cause = entry["label"], entry.get("cause", "")
        if label == "?":
            unlabelled.append(number)
            continue
        repo = finding["path"].split("/", 1)[0]
        rows.append((label, cause))
        by_rule[finding["code"]].append((label, cause))
        by_repo[repo].append((label, cause))
        strata[(repo, finding["code"])].append((label, cause))
        if label != "true":
            causes[cause].append(number)
    print(HEADER.format(what="rule"))
    for rule in sorted(by_rule):
        print(line(rule, by_rule[rule]))
    print(line("**all**", rows))
    print()
    print(HEADER.format(what="repository"))
    for repo in sorted(by_repo):
        print(line(repo, by_repo[repo]))
    population = Counter((corpus_relative(f["path"]).split("/", 1)[0], f["code"]) for f in findings)
    total = sum(population.values())
    strict = lenient = covered = 0.0
    for stratum, size in sorted(population.items()):
        got = strata.get(stratum)
        if not got:
            print(f"stratum without a sampled row: {stratum} ({size} findings)")
            continue
        covered += size
        strict += size * sum(1 for label, _ in got if label == "true") / len(got)
        lenient += size * sum(1 for label, _ in got if label in ("true", "C")) / len(got)
    print(f"\nweighted by (repository, rule) strata over {int(covered)} of {total} findings: "
          f"{100 * strict / covered:.1f} % (lenient {100 * lenient / covered:.1f} %)")
    print("false rows by cause:", {cause: numbers for cause, numbers in sorted(causes.items(), key=lambda c: -len(c[1]))})
    true = sum(1 for label, _ in rows if label == "true")
    low, high = wilson(true, len(rows))
    print(f"labelled {len(rows)} of {len(sample)} (unlabelled: {unlabelled or 'none'}); true {true}; "
          f"overall Wilson {100 * low:.1f}-{100 * high:.1f} %")
    if "--rows" in sys.argv:
        print("\n| # | rule | file:line | class.method | attribute | levels | label | runtime | why / cause |\n"
              "|---|---|---|---|---|---|---|---|---|")
        for number, finding in enumerate(sample, 1):
            entry = labels.get(str(number), {"label": "?", "cause": "", "runtime": "", "why": "not labelled"})
            cause = entry.get("cause", "")
            why = f"{cause}: {entry['why']}" if cause else entry["why"]
            print(f"| {number} | {finding['code']} | `{short(finding['path'])}:{finding['line']}` | "
                  f"{finding['class_name']}.{finding['method']} | {finding['attribute'] or '—'} | "
                  f"{', '.join(finding['levels'])} | {entry['label']} | {entry.get('runtime', '')} | {why} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
