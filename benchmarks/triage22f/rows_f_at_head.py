"""Round f's 35 sampled rows and 72-finding census (benchmarks/triage22f/: sample.json, labels.json, findings.json,
census_labels.json) matched against a lint of each corpus repository at a given head:
``python benchmarks/triage22f/rows_f_at_head.py DIR`` where DIR holds ``corp5_<repo>.json`` (JSON output,
``--exit-zero``; with ``--show-suppressed`` the suppressed findings count as gone). A finding is matched by (path,
line, code, attribute), as many times as it is reported; prints both tables and their tallies (false rows gone, true
rows lost)."""

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _found(folder: str) -> Counter:
    found: Counter = Counter()
    for lint in Path(folder).glob("corp5_*.json"):
        for f in json.loads(lint.read_text() or "[]"):
            if f.get("suppressed_by"):
                continue
            path = f["path"].split("/tmp/corp5/", 1)[-1]
            found[(path, f["line"], f["code"], f.get("attribute") or "")] += 1
    return found


def _tally(name: str, rows: list[tuple[str, dict, list[str]]], found: Counter) -> None:
    left = Counter(found)
    print(f"\n### {name}\n\n| # | rule | file:line | label | cause | at this head |\n|---|---|---|---|---|---|")
    gone_false, lost_true, kept = [], [], []
    for number, row, label in rows:
        key = (row["path"].split("/tmp/corp5/", 1)[-1], row["line"], row["code"], row.get("attribute") or "")
        present = left[key] > 0
        if present:
            left[key] -= 1
        print(f"| {number} | {row['code']} | {key[0]}:{key[1]} | {label[0]} | {label[1]} | "
              f"{'reported' if present else 'gone'} |")
        if present:
            kept.append(label[0])
        elif label[0] == "T":
            lost_true.append(number)
        else:
            gone_false.append(number)
    true_kept = kept.count("T")
    print(f"\nnot true, gone ({len(gone_false)}): {gone_false}; true, lost ({len(lost_true)}): {lost_true}; kept "
          f"{len(kept)}, {true_kept} true ({100 * true_kept / max(len(kept), 1):.1f} %)")


def main(folder: str) -> None:
    found = _found(folder)
    sample = json.loads((HERE / "sample.json").read_text())
    labels = json.loads((HERE / "labels.json").read_text())
    _tally("Sampled rows", [(n, row, labels[str(n)]) for n, row in enumerate(sample, 1)], found)
    findings = json.loads((HERE / "findings.json").read_text())
    census = json.loads((HERE / "census_labels.json").read_text())
    _tally("Census", [(n, row, census[str(n)]) for n, row in enumerate(findings, 1)], found)


if __name__ == "__main__":
    main(sys.argv[1])
