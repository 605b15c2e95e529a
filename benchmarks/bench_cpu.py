"""CPU seconds and wall time of a cold run against the ast floor, optionally next to another checkout.

    python benchmarks/bench_cpu.py TREE [--repeat 1] [--baseline DIR]

On a shared machine the wall-clock ratio moves with the other jobs' load; the CPU seconds of the
whole process tree (``getrusage`` of the children: the linter and its worker processes) move far
less. Every row is a fresh subprocess with an empty cache directory, all in the same run:
- floor: ``ast.parse`` of every file (one process);
- this checkout: ``python -m offload_lint TREE`` with this repository first on ``PYTHONPATH``;
- with ``--baseline DIR``: the same with another checkout (``git worktree add DIR <commit>``).
Prints medians of CPU and wall seconds, each also as a multiple of the floor's, and the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARSE = """
import ast, os, sys
for directory, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith(".py"):
            with open(os.path.join(directory, name), "rb") as handle:
                ast.parse(handle.read())
"""


def measured(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(CPU seconds of the command's process tree, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--baseline", type=Path, help="another checkout to time the same way")
    args = parser.parse_args()
    checkouts = {"this checkout": ROOT}
    if args.baseline:
        checkouts["baseline"] = args.baseline.resolve()
    rows: dict[str, list[tuple[float, float]]] = {"ast.parse floor": []}
    for _ in range(args.repeat):
        rows["ast.parse floor"].append(measured([sys.executable, "-c", PARSE, args.tree]))
        for label, checkout in checkouts.items():
            cache = tempfile.mkdtemp(prefix="offload-lint-bench-")
            try:
                command = [sys.executable, "-m", "offload_lint", args.tree, "--cache-dir", cache,
                           "--exit-zero", "--output-format", "json"]
                env = {**os.environ, "PYTHONPATH": str(checkout)}
                rows.setdefault(label, []).append(measured(command, env))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    floor_cpu = statistics.median(cpu for cpu, _ in rows["ast.parse floor"])
    floor_wall = statistics.median(wall for _, wall in rows["ast.parse floor"])
    print(f"tree: {args.tree}, {os.cpu_count()} cores, median of {args.repeat}")
    print(f"{'measurement':18} {'CPU s':>8} {'x floor':>8} {'wall s':>8} {'x floor':>8}")
    for label, values in rows.items():
        cpu = statistics.median(value for value, _ in values)
        wall = statistics.median(value for _, value in values)
        print(f"{label:18} {cpu:8.2f} {cpu / floor_cpu:8.2f} {wall:8.2f} {wall / floor_wall:8.2f}")
    print("load average:", " ".join(f"{value:.2f}" for value in os.getloadavg()))


if __name__ == "__main__":
    main()
