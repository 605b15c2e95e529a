"""Round e's 64 rows (benchmarks/triage22e/sample.json, labels.json) matched against a lint of each corpus repository
at a given head: ``python benchmarks/triage22f/rows_at_head.py DIR`` where DIR holds ``corp4_<repo>.json`` (the
default JSON output, ``--exit-zero``). A row is matched by (path, line, code, attribute); prints a markdown table and
the tally (false rows gone, true rows lost)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "triage22e"


def main(folder: str) -> None:
    sample = json.loads((HERE / "sample.json").read_text())
    labels = json.loads((HERE / "labels.json").read_text())
    found: set[tuple] = set()
    for lint in Path(folder).glob("corp4_*.json"):
        for f in json.loads(lint.read_text() or "[]"):
            path = f["path"].split("/tmp/corp4/", 1)[-1]
            found.add((path, f["line"], f["code"], f.get("attribute") or ""))
    print("| # | rule | file:line | round e label | cause | at this head |")
    print("|---|---|---|---|---|---|")
    gone_false, lost_true, kept = [], [], []
    for number, row in enumerate(sample, 1):
        label, cause = (labels[str(number)] + ["", ""])[:2]
        present = (row["path"], row["line"], row["code"], row.get("attribute") or "") in found
        print(f"| {number} | {row['code']} | {row['path']}:{row['line']} | {label} | {cause} | "
              f"{'reported' if present else 'gone'} |")
        if not present and label != "T":
            gone_false.append(number)
        elif not present:
            lost_true.append(number)
        else:
            kept.append((number, label))
    true_kept = sum(1 for _, label in kept if label == "T")
    print(f"\nnot true, gone: {gone_false}; true, lost: {lost_true}; kept {len(kept)} rows, {true_kept} true "
          f"({100 * true_kept / len(kept):.1f} %)")


if __name__ == "__main__":
    main(sys.argv[1])
