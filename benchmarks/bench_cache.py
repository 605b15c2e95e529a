"""The cache as CI and editors use it: checkouts at changing paths, and one-file edits.

    python benchmarks/bench_cache.py                       # diffusers models/ (installed package)
    python benchmarks/bench_cache.py --package transformers --subtree models --edits 5

The package is copied (fresh mtimes, as a checkout has) into ``SCRATCH/ckN/<package>`` with a
``pyproject.toml`` at ``ckN``, and ``offload-lint <package>/<subtree>`` runs from ``ckN`` (as a CI
job runs ``offload-lint .`` from its checkout) with ``--output-format json``, each run a fresh
process. All in one run:

1. the ``ast.parse`` floor of the linted files (it also warms the OS's file cache);
2. relocation: the tree at 8 paths in turn, one cache directory, each checkout deleted after
   its run; the cache's size after the first and after the eighth; then a 9th checkout linted
   with that cache next to the same checkout with an empty cache (outputs compared);
3. incremental: in a warm checkout, ``--edits`` random files each get a blank line at a random
   line; each edit is linted with the cache (incremental) and with ``--no-cache`` (cold), and the
   two JSON outputs are compared byte for byte. The median of incremental / cold is the figure.

``--edit FILE`` (a path inside the package, repeatable) edits that file first, before the random ones: a
base class's or a component class's file, whose dependents an incremental run must analyse again.

Every run is timed in wall seconds and in CPU seconds (user + system of the run and the worker processes
it waited for, from ``wait4``); the ratios are of CPU seconds, which the other jobs on a shared machine
move far less than wall time. Peak memory is the largest resident set of any run (the linter and its
worker processes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The command as `offload-lint` and `python -m offload_lint` run it (console_main: the cyclic collector off).
CLI = "import sys; from offload_lint.cli import console_main; sys.exit(console_main())"
FLOOR = """
import ast, os, sys
for directory, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith((".py", ".pyi")):
            try:
                ast.parse(open(os.path.join(directory, name), "rb").read())
            except (SyntaxError, ValueError):
                pass
"""


def run(command: list[str], cwd: Path) -> tuple[float, float, bytes, float]:
    """(wall seconds, peak RSS in MiB of the process and those it waited for, stdout, CPU seconds of both)."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.DEVNULL,
                                   env={**os.environ, "PYTHONPATH": str(ROOT)})
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"failed: {' '.join(command)}")
        out.seek(0)
        return seconds, usage.ru_maxrss / 1024, out.read(), usage.ru_utime + usage.ru_stime


def size_mib(directory: Path) -> float:
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file()) / 2**20


def checkout(package: Path, scratch: Path, name: str) -> Path:
    """A copy with fresh mtimes (``shutil.copy``, not ``copy2``) and a project root marker."""
    tree = scratch / name
    shutil.copytree(package, tree / package.name, copy_function=shutil.copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (tree / "pyproject.toml").write_text("[project]\nname = 'checkout'\n")
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default="diffusers", help="an installed package (read, never imported)")
    parser.add_argument("--subtree", default="models", help="the folder of the package to lint")
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--checkouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--edit", action="append", default=[], help="a file (inside the package) to edit first")
    parser.add_argument("--jobs", default=None, help="passed as -j to every run")
    parser.add_argument("--json", type=Path, help="write the numbers here")
    args = parser.parse_args()
    package = next((Path(p) / args.package for p in sys.path if (Path(p) / args.package / "__init__.py").is_file()),
                   None)
    if package is None:
        sys.exit(f"{args.package} is not installed")
    target = f"{args.package}/{args.subtree}"
    jobs = ["-j", args.jobs] if args.jobs else []
    peaks: list[float] = []

    def lint(tree: Path, *extra: str) -> tuple[float, bytes]:
        """(CPU seconds, stdout); the wall seconds are printed."""
        seconds, peak, out, cpu = run([sys.executable, "-c", CLI, target, "--output-format", "json", *jobs, *extra],
                                      tree)
        peaks.append(peak)
        print(f"  run: {seconds:.2f} s wall, {cpu:.2f} s CPU", flush=True)
        return cpu, out

    numbers: dict[str, object] = {"tree": target}
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        cache = scratch / "shared-cache"
        # 1. floor
        first = checkout(package, scratch, "ck1")
        _, _, _, floor = run([sys.executable, "-c", FLOOR, target], first)
        numbers["floor_cpu_s"] = round(floor, 2)
        # 2. relocation
        sizes = []
        for number in range(1, args.checkouts + 1):
            tree = first if number == 1 else checkout(package, scratch, f"ck{number}")
            seconds, _ = lint(tree, "--cache-dir", str(cache))
            sizes.append(size_mib(cache))
            print(f"checkout {number}: {seconds:.2f} CPU s, cache {sizes[-1]:.1f} MiB", flush=True)
            if number == 1:
                numbers["cold_empty_cache_cpu_s"] = round(seconds, 2)
            shutil.rmtree(tree)
        ninth = checkout(package, scratch, f"ck{args.checkouts + 1}")
        empty_s, empty_out = lint(ninth, "--cache-dir", str(scratch / "empty-cache"))
        shared_s, shared_out = lint(ninth, "--cache-dir", str(cache))
        numbers.update(cache_one_checkout_mib=round(sizes[0], 2), cache_after_all_mib=round(sizes[-1], 2),
                       cache_growth=round(sizes[-1] / sizes[0], 2),
                       next_checkout_empty_cache_cpu_s=round(empty_s, 2),
                       next_checkout_shared_cache_cpu_s=round(shared_s, 2),
                       next_checkout_ratio=round(shared_s / empty_s, 3), next_checkout_same_output=empty_out == shared_out)
        print(f"checkout {args.checkouts + 1}: empty cache {empty_s:.2f} CPU s, shared cache {shared_s:.2f} CPU s "
              f"({shared_s / empty_s:.2f}x), same output: {empty_out == shared_out}", flush=True)
        # 3. incremental, in the 9th checkout (warm from the run above)
        files = sorted((ninth / target).rglob("*.py"))
        chooser = random.Random(args.seed)
        ratios, rows = [], []
        named = [ninth / args.package / name for name in args.edit]
        for number in range(len(named) + args.edits):
            path = named[number] if number < len(named) else chooser.choice(files)
            lines = path.read_text(encoding="utf-8").split("\n")
            at = chooser.randrange(len(lines))
            lines.insert(at, "")
            path.write_text("\n".join(lines), encoding="utf-8")
            warm_s, warm_out = lint(ninth, "--cache-dir", str(cache))
            cold_s, cold_out = lint(ninth, "--no-cache")
            same = warm_out == cold_out
            ratios.append(warm_s / cold_s)
            rows.append({"file": str(path.relative_to(ninth)), "line": at + 1, "named": number < len(named),
                         "incremental_cpu_s": round(warm_s, 2), "cold_cpu_s": round(cold_s, 2), "same_output": same})
            print(f"edit {path.relative_to(ninth)}:{at + 1}: incremental {warm_s:.2f} CPU s, cold {cold_s:.2f} CPU s "
                  f"({warm_s / cold_s:.2f}x), same output: {same}", flush=True)
        random_ratios = ratios[len(named):]
        numbers.update(edits=rows, incremental_median_ratio=round(statistics.median(random_ratios), 3)
                       if random_ratios else None,
                       all_edits_same_output=all(row["same_output"] for row in rows),
                       peak_rss_mib=round(max(peaks), 1),
                       cold_over_floor=round(float(numbers["cold_empty_cache_cpu_s"]) / floor, 2))
    print(json.dumps(numbers, indent=2))
    if args.json:
        args.json.write_text(json.dumps(numbers, indent=2) + "\n")


if __name__ == "__main__":
    main()
