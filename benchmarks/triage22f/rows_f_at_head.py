"""Round f's 35 sampled rows and its 72-finding census (benchmarks/triage22f/sample.json, labels.json, findings.json,
census_labels.json) matched against a lint of each corpus repository at a given head:
``python benchmarks/triage22f/rows_f_at_head.py DIR`` where DIR holds ``corp5_<repo>.json`` (JSON output, ``--exit-zero``;
``--show-suppressed`` runs are read too: a suppressed finding counts as gone). A finding is matched by (path, line,
code, attribute); prints the rows' table and the tallies (false rows gone, true rows lost) for both."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _reported(folder: str) -> set[tuple]:
    found: set[tuple] = set()
    for lint in Path(folder).glob("corp5_*.json"):
        for f in json.loads(lint.read_text() or "[]"):
            if f.get("suppressed_by"):
                continue
            path = f["path"].split("/tmp/corp5/", 1)[-1]
            found.add((path, f["line"], f["code"], f.get("attribute") or ""))
    return found


def _tally(name: str, rows: list[tuple[int, str, bool]]) -> None:
    gone_false = [n for n, label, present in rows if not present and label != "T"]
    lost_true = [n for n, label, present in rows if not present and label == "T"]
    kept = [(n, label) for n, label, present in rows if present]
    true_kept = sum(1 for _, label in kept if label == "T")
    share = f"{100 * true_kept / len(kept):.1f} %" if kept else "-"
    print(f"{name}: not true, gone: {gone_false}; true, lost: {lost_true}; kept {len(kept)} rows, {true_kept} true "
          f"({share})")


def main(folder: str) -> None:
    found = _reported(folder)
    sample = json.loads((HERE / "sample.json").read_text())
    labels = json.loads((HERE / "labels.json").read_text())
    print("| # | rule | file:line | round f label | cause | at this head |")
    print("|---|---|---|---|---|---|")
    rows = []
    for number, row in enumerate(sample, 1):
        label, cause = (labels[str(number)] + ["", ""])[:2]
        present = (row["path"], row["line"], row["code"], row.get("attribute") or "") in found
        print(f"| {number} | {row['code']} | {row['path']}:{row['line']} | {label} | {cause} | "
              f"{'reported' if present else 'gone'} |")
        rows.append((number, label, present))
    print()
    _tally("sample (35)", rows)
    findings = json.loads((HERE / "findings.json").read_text())
    census = json.loads((HERE / "census_labels.json").read_text())
    rows = []
    for number, f in enumerate(findings, 1):
        label = census[str(number)][0]
        path = f["path"].split("/tmp/corp5/", 1)[-1]
        present = (path, f["line"], f["code"], f.get("attribute") or "") in found
        rows.append((number, label, present))
    _tally("census (72)", rows)
    for number, label, present in rows:
        if not present:
            f = findings[number - 1]
            print(f"  census {number}: {f['code']} {f['path'].split('/tmp/corp5/', 1)[-1]}:{f['line']} "
                  f"{label} {census[str(number)][1]} gone")


if __name__ == "__main__":
    main(sys.argv[1])
