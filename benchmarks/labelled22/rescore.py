"""Re-score the labelled rows of issue-22 triage rounds g, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, ab, ac, ad, ae, af, ag, ah, ai, aj, ak, al, am, an, ao, ap, aq, ar, as, at, au, av, aw, ax, ay, az, ba, bb, bc, bd, be, bf, bg, bh, bi, bj, bk, bl, bm, bn, bo, bp, bq, br and bs against a linter run over their corpora
(benchmarks/labelled22/lint.sh): is each drawn finding still reported, now suppressed, or gone, and what is the
precision of the labelled rows still reported. With a second run, the rows whose state changed between the two.

    python benchmarks/labelled22/rescore.py RUN_DIR [LATER_RUN_DIR]

A row matches a finding of its repository by (path within the corpus, line, code, attribute, method), else by the
same without the line (a row whose line moved), else by a related location of a finding of the same code at its
line (a place now reported as part of another finding's cause). These rows were labelled when they were drawn: a precision here
measures the causes those rounds found, not code the rules were never run on (for that, draw a fresh round).
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections import Counter
from pathlib import Path

ROUNDS = (*"gijklmnopqrstuvwxyz", "aa", "ab", "ac", "ad", "ae", "af", "ag", "ah", "ai", "aj", "ak", "al", "am", "an", "ao", "ap", "aq", "ar", "as", "at", "au", "av", "aw", "ax", "ay", "az", "ba", "bb", "bc", "bd", "be", "bf", "bg", "bh", "bi", "bj", "bk", "bl", "bm", "bn", "bo", "bp", "bq", "br", "bs")
HERE = Path(__file__).resolve().parent.parent


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    if not total:
        return 0.0, 0.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = p + z * z / (2 * total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - half) / denominator, (centre + half) / denominator


def _relative(path: str) -> str:
    """``/tmp/corp9/chatterbox/src/x.py`` or ``/tmp/tc/k/chatterbox/src/x.py`` -> ``chatterbox/src/x.py``."""
    if not path.startswith("/"):
        return path
    parts = path.split("/")
    for index, part in enumerate(parts):
        if part.startswith("corp") or (part in ROUNDS and parts[index - 1] != ""):
            return "/".join(parts[index + 1:])
    return path


def states(run: Path) -> dict[tuple[str, int], tuple[str, str, str, str, str]]:
    """(round, row) -> (label, cause letter, state, code, suppression reason)."""
    findings: dict[str, list[dict]] = {}
    for name in os.listdir(run):
        if name.endswith(".json"):
            round_, _ = name[:-5].split("-", 1)
            findings.setdefault(round_, []).extend(json.loads((run / name).read_text()))
    out = {}
    for round_ in ROUNDS:
        folder = HERE / f"triage22{round_}"
        if not (folder / "labels.json").exists():
            continue  # a round not labelled yet
        sample = json.loads((folder / "sample.json").read_text())
        labels = json.loads((folder / "labels.json").read_text())
        exact, loose, related = {}, {}, {}
        for finding in findings.get(round_, []):
            path = _relative(finding["path"])
            # A place named as another finding's related location is reported through that finding (one cause).
            for location in finding.get("related_locations") or ():
                related.setdefault((_relative(location["path"]), location["line"], finding["code"]), finding)
            exact.setdefault((path, finding["line"], finding["code"], finding.get("attribute") or "", finding.get("method") or ""),
                             finding)
            loose.setdefault((path, finding["code"], finding.get("attribute") or "", finding.get("method") or ""), finding)
        for number, row in enumerate(sample, 1):
            label = labels.get(str(number), {})
            path = _relative(row["path"])
            key = (path, row["code"], row.get("attribute") or "", row.get("method") or "")
            found = exact.get((key[0], row["line"], *key[1:])) or loose.get(key) \
                or related.get((path, row["line"], row["code"]))
            state = "gone" if found is None else "suppressed" if found.get("suppressed_by") else "reported"
            out[(round_, number)] = (label.get("label", "?"), label.get("cause", "").split(":")[0], state, row["code"],
                                     (found or {}).get("suppressed_by") or "")
    return out


def summary(name: str, rows: dict) -> None:
    reported = [row for row in rows.values() if row[2] == "reported" and row[0] in ("true", "false")]
    true = sum(row[0] == "true" for row in reported)
    low, high = wilson(true, len(reported))
    print(f"{name}: {len(reported)} labelled rows reported, {true} true "
          f"({100 * true / max(len(reported), 1):.1f} %, 95 % Wilson {100 * low:.1f}-{100 * high:.1f} %)")
    for round_ in ROUNDS:
        mine = [row for (r, _), row in rows.items() if r == round_ and row[2] == "reported" and row[0] in ("true", "false")]
        hit = sum(row[0] == "true" for row in mine)
        print(f"  round {round_}: {hit}/{len(mine)} reported rows true")
    print("  states:", dict(Counter(row[2] for row in rows.values())))
    print("  false causes still reported:", Counter(row[1] for row in reported if row[0] == "false").most_common())
    print("  true rows not reported:", dict(Counter(row[2] for row in rows.values()
                                                    if row[0] == "true" and row[2] != "reported")))


def main(argv: list[str]) -> int:
    before = states(Path(argv[0]))
    summary(argv[0], before)
    if len(argv) > 1:
        after = states(Path(argv[1]))
        summary(argv[1], after)
        for key in sorted(before):
            if before[key][2] != after[key][2]:
                label, cause, state, code, _ = before[key]
                print(f"  {key[0]} row {key[1]}: {label} {cause} {code}: {state} -> {after[key][2]} "
                      f"{after[key][4][:100]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
