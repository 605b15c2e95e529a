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

R = "benchmarks/truth/runs_j/"
PAIRS = {
    "d8d1a1a": (("scorer's way (every suppressed finding flags)", "score_earlier_sets.txt", "score_j.txt"),
                ("shown only", "score_earlier_sets_shown_only.txt", "score_j_shown_only.txt")),
    "89ed653": (("main's scorer default (suppressed after the component's forward does not flag)",
                 "score_earlier_sets_at_89ed653.txt", "score_j_at_89ed653.txt"),
                ("--count-suppressed", "score_earlier_sets_at_89ed653_count_suppressed.txt",
                 "score_j_at_89ed653_count_suppressed.txt"),
                ("shown only", "score_earlier_sets_at_89ed653_shown_only.txt", "score_j_at_89ed653_shown_only.txt")),
}
for label, a, b in PAIRS[sys.argv[1] if len(sys.argv) > 1 else "d8d1a1a"]:
    a, b = R + a, R + b
    A, B = table(a), table(b)
    print(f"### {label}")
    print("| strategy | recall | precision |")
    print("|---|---|---|")
    for name in ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3", "group-block", "group-leaf", "all"):
        p, f, n, fp = [x + y for x, y in zip(A.get(name, (0, 0, 0, 0)), B.get(name, (0, 0, 0, 0)))]
        print(f"| {name} | {fmt(f, p)} | {fmt(f, f + fp)} |")
