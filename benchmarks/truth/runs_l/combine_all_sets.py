"""Round l: score_strategies.py outputs summed per strategy (the earlier sets scored on the transformers 5.24.0 tree,
rounds j, k and l on 5.25.0: two scorer runs that cannot be one), with 95 % Wilson intervals.

    python benchmarks/truth/runs_l/combine_all_sets.py SCORE.txt SCORE.txt ...   (from the repository root)
"""
import re
import sys

sys.path.insert(0, "benchmarks/truth")
from score_strategies import wilson  # noqa: E402

NAMES = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3", "group-block", "group-leaf", "all")


def table(path: str) -> dict[str, tuple[int, int, int, int]]:
    rows = {}
    for line in open(path):
        found = re.match(r"^(\S[\w\- ()]*?)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+", line)
        if found and "(" not in found.group(1):
            rows[found.group(1).strip()] = tuple(map(int, found.groups()[1:]))
    return rows


def fmt(hits: int, total: int) -> str:
    if not total:
        return "—"
    low, high = wilson(hits, total)
    return f"{hits}/{total} = {100 * hits / total:.1f} % [{100 * low:.0f}, {100 * high:.0f}]"


tables = [table(path) for path in sys.argv[1:]]
print("| strategy | recall | precision |")
print("|---|---|---|")
for name in NAMES:
    positives, found, negatives, flagged = [sum(t.get(name, (0, 0, 0, 0))[i] for t in tables) for i in range(4)]
    print(f"| {name} | {fmt(found, positives)} | {fmt(found, found + flagged)} |")
