"""Cold time with every strategy against the default run, side by side, and counts per strategy.

    python benchmarks/bench_strategies.py [TREE] [--repeat 3]

Each measurement is a fresh subprocess with an empty cache: ``offload-lint TREE`` (group
offloading, block and leaf level) and ``offload-lint TREE --strategy all``, alternating. The
facts are shared between strategies, so the target is all <= 1.5x default. Then the findings
of the ``all`` run are counted per rule and strategy (from its JSON ``strategies`` field).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

from bench_diffusers import default_tree


def run(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tree = args.tree or default_tree()
    lint = [sys.executable, "-m", "offload_lint", tree, "--output-format", "json", "--exit-zero", "--show-suppressed"]
    times: dict[str, list[float]] = {"default": [], "--strategy all": []}
    output = ""
    for _ in range(args.repeat):
        for name, extra in (("default", []), ("--strategy all", ["--strategy", "all"])):
            cache = tempfile.mkdtemp(prefix="offload-lint-bench-")
            try:
                seconds, stdout = run(lint + extra + ["--cache-dir", cache])
            finally:
                shutil.rmtree(cache, ignore_errors=True)
            times[name].append(seconds)
            if extra:
                output = stdout
    default = statistics.median(times["default"])
    print(f"tree: {tree}, {os.cpu_count()} cores, median of {args.repeat}, load {os.getloadavg()[0]:.1f}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:16} {median:8.2f} s  {median / default:5.2f}x default")
    findings = json.loads(output)
    by_strategy: Counter = Counter()
    by_rule: dict[str, Counter] = {}
    for finding in findings:
        for strategy in finding["strategies"]:
            by_strategy[strategy] += 1
            by_rule.setdefault(finding["code"], Counter())[strategy] += 1
    print(f"\n{len(findings)} findings with --strategy all (suppressed included); per strategy:")
    names = list(by_strategy)
    print("rule    " + "".join(f"{name:>22}" for name in names))
    for code in sorted(by_rule):
        print(f"{code:8}" + "".join(f"{by_rule[code][name]:>22}" for name in names))
    print("total   " + "".join(f"{by_strategy[name]:>22}" for name in names))


if __name__ == "__main__":
    main()
