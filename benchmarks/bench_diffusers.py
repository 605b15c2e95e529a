"""Time offload-lint on the installed diffusers tree against the ast floor, side by side.

    python benchmarks/bench_diffusers.py [TREE] [--repeat 3] [--with-libcst]

Every measurement is a fresh subprocess (interpreter start included for all of them):
- floor: ``ast.parse`` of every file, the least any Python-based linter must do;
- cold: ``offload-lint TREE`` with an empty cache directory;
- warm: the same command again with nothing changed (the cache answers);
- optionally, ``libcst.parse_module`` of every file (what a libcst-only design would pay).
Reports medians and the least times, each with its ratio to the floor's (the least times are the
runs other jobs on a shared machine disturbed least). Targets: cold <= 3x, warm <= 0.5x.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

_PARSE_ALL = """
import ast, os, sys
root = sys.argv[1]
for directory, _, files in os.walk(root):
    for name in files:
        if name.endswith(".py"):
            with open(os.path.join(directory, name), "rb") as handle:
                {parse}(handle.read(){decode})
"""


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def default_tree() -> str:
    import importlib.util

    spec = importlib.util.find_spec("diffusers")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("diffusers is not installed: pass the tree to lint")
    return list(spec.submodule_search_locations)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--with-libcst", action="store_true")
    args = parser.parse_args()
    tree = args.tree or default_tree()
    files = sum(name.endswith(".py") for _, _, names in os.walk(tree) for name in names)
    floor_code = _PARSE_ALL.format(parse="ast.parse", decode="")
    libcst_code = "import libcst\n" + _PARSE_ALL.format(parse="libcst.parse_module", decode=".decode('utf-8')")
    lint = [sys.executable, "-m", "offload_lint", tree, "--output-format", "json", "--exit-zero"]

    rows: dict[str, list[float]] = {"ast.parse floor": [], "offload-lint cold": [], "offload-lint warm": []}
    if args.with_libcst:
        rows["libcst.parse_module all"] = []
    for _ in range(args.repeat):
        rows["ast.parse floor"].append(timed([sys.executable, "-c", floor_code, tree]))
        cache = tempfile.mkdtemp(prefix="offload-lint-bench-")
        try:
            rows["offload-lint cold"].append(timed(lint + ["--cache-dir", cache]))
            rows["offload-lint warm"].append(timed(lint + ["--cache-dir", cache]))
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        if args.with_libcst:
            rows["libcst.parse_module all"].append(timed([sys.executable, "-c", libcst_code, tree]))

    floor = statistics.median(rows["ast.parse floor"])
    least_floor = min(rows["ast.parse floor"])
    print(f"tree: {tree} ({files} files), {os.cpu_count()} cores, median and least of {args.repeat}, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    # On a shared machine the least time of each row is the one other jobs disturbed least.
    print(f"{'measurement':28} {'median s':>9} {'x floor':>8} {'least s':>8} {'x floor':>8}")
    for name, values in rows.items():
        median, least = statistics.median(values), min(values)
        print(f"{name:28} {median:9.2f} {median / floor:8.2f} {least:8.2f} {least / least_floor:8.2f}")


if __name__ == "__main__":
    main()
