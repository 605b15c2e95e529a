"""Readiness over every pipeline of a tree against one linter run, side by side, and what it decides.

    python benchmarks/bench_readiness.py [TREE] [--repeat 3]

Each measurement is a fresh subprocess with an empty cache, alternating: ``offload-lint TREE`` (the
reference: one linter run) and ``offload-lint readiness TREE`` (every DiffusionPipeline, its components
× level × streams; it lints the tree and the files defining its components, then walks each pipeline's
call). Then the rows of the last readiness run are counted by verdict, and the share decided statically
(fails/passes/opted-out, not unknown) is printed with the unknown rows' reasons.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from collections import Counter

from bench_diffusers import default_tree
from bench_strategies import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tree = args.tree or default_tree()
    commands = {
        "offload-lint (reference)": [sys.executable, "-m", "offload_lint", tree, "--output-format", "json",
                                     "--exit-zero"],
        "offload-lint readiness": [sys.executable, "-m", "offload_lint", "readiness", tree, "--output-format",
                                   "json", "--exit-zero"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    output = ""
    for _ in range(args.repeat):
        for name, command in commands.items():
            cache = tempfile.mkdtemp(prefix="offload-lint-bench-")
            try:
                seconds, stdout = run(command + ["--cache-dir", cache])
            finally:
                shutil.rmtree(cache, ignore_errors=True)
            times[name].append(seconds)
            if "readiness" in name:
                output = stdout
    reference = statistics.median(times["offload-lint (reference)"])
    print(f"tree: {tree}, {os.cpu_count()} cores, median of {args.repeat}, load {os.getloadavg()[0]:.1f}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:26} {median:8.2f} s  {median / reference:5.2f}x the reference  (runs: "
              + ", ".join(f"{v:.1f}" for v in values) + ")")
    rows = json.loads(output)
    pipelines = {r["pipeline"] for r in rows}
    verdicts = Counter(r["verdict"] for r in rows)
    decided = sum(n for v, n in verdicts.items() if v != "unknown")
    print(f"\n{len(rows)} rows over {len(pipelines)} pipelines: " + ", ".join(f"{v} {n}" for v, n in verdicts.items()))
    print(f"decided statically: {decided / len(rows):.1%}; failing under the tests' inputs (streams off): "
          f"{sum(1 for r in rows if r['fails_under_test'] and not r['streams'])}")
    reasons = Counter(r["reason"] for r in rows if r["verdict"] == "unknown")
    for reason, count in reasons.most_common():
        print(f"  unknown x{count}: {reason}")


if __name__ == "__main__":
    main()
