"""Round j: the earlier sets (scored on the transformers 5.24.0 tree) and round j (5.25.0) summed per strategy, with
Wilson intervals, from the two score_strategies.py outputs kept here (run from the repository root)."""
import re, sys
sys.path.insert(0, "benchmarks/truth")
from score_strategies import wilson

def table(path):
    rows = {}
    for line in open(path):
        m = re.match(r"^(\S[\w\- ()]*?)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+", line)
        if m and "(" not in m.group(1):
            rows[m.group(1).strip()] = tuple(map(int, m.groups()[1:]))
    return rows

def fmt(s, n):
    if not n:
        return "—"
    lo, hi = wilson(s, n)
    return f"{s}/{n} ({100*s/n:.1f} %, {100*lo:.0f}–{100*hi:.0f})"

for label, a, b in (("scorer's way", "benchmarks/truth/runs_j/score_earlier_sets.txt", "benchmarks/truth/runs_j/score_j.txt"),
                    ("shown only", "benchmarks/truth/runs_j/score_earlier_sets_shown_only.txt", "benchmarks/truth/runs_j/score_j_shown_only.txt")):
    A, B = table(a), table(b)
    print(f"### {label}")
    print("| strategy | recall | precision |")
    print("|---|---|---|")
    for name in ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3", "group-block", "group-leaf", "all"):
        p, f, n, fp = [x + y for x, y in zip(A.get(name, (0, 0, 0, 0)), B.get(name, (0, 0, 0, 0)))]
        print(f"| {name} | {fmt(f, p)} | {fmt(f, f + fp)} |")
