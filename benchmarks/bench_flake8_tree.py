"""Time flake8 with this plugin over a whole project against `offload-lint` over the same project, side by side.

    python benchmarks/bench_flake8_tree.py [TREE] [--repeat 2] [--jobs N] [--reference CHECKOUT]

TREE (default: this repository's fixtures/core and fixtures/outside) is copied into a temporary project (a
pyproject.toml at its top), so that flake8's plugin sees one project. Each row is a fresh subprocess, no cache
(``OFFLOAD_LINT_NO_CACHE=1`` / ``--no-cache``), rows alternating A B A B:

- ``offload-lint``: ``offload-lint . --no-cache`` (the reference for the plugin: the same analysis once);
- ``flake8``: ``flake8 --select OFL .`` with this checkout's plugin (``--jobs`` worker processes; flake8's default
  is one per core);
- with ``--reference``: the same flake8 command with another checkout's ``offload_lint`` first on ``PYTHONPATH``
  (a ``git archive`` of an earlier commit), to compare two versions of the plugin in one run.

Reports each row's median wall time, and checks that this checkout's two rows report the same findings (path, line,
column, code); a reference checkout's count is shown beside (its analysis may differ).
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
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done.stdout


def _positions(output: str, flake8: bool) -> list[tuple[str, int, int, str]]:
    found = []
    for line in output.splitlines():
        if flake8:
            path, row, column, code = line.split(" ", 3)
            found.append((os.path.normpath(path), int(row), int(column), code))
        elif line.startswith(("Found", "All checks", "No fixes", "[*]")) or ": OFL" not in line:
            continue
        else:
            where, message = line.split(": ", 1)
            path, row, column = where.rsplit(":", 2)
            found.append((os.path.normpath(path), int(row), int(column), message.split(" ", 1)[0]))
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=None)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=None, help="flake8 worker processes (default: flake8's)")
    parser.add_argument("--reference", default=None, help="another checkout whose plugin runs as a third row")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-flake8-") as scratch:
        project = Path(scratch) / "project"
        if args.tree:
            shutil.copytree(args.tree, project / Path(args.tree).name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            for name in ("core", "outside"):
                shutil.copytree(HERE / "fixtures" / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        (project / "pyproject.toml").write_text('[project]\nname = "bench"\n')
        config = Path(scratch) / "flake8.cfg"
        config.write_text("[flake8]\n")
        base_env = {**os.environ, "OFFLOAD_LINT_NO_CACHE": "1"}
        flake8 = [sys.executable, "-m", "flake8", "--config", str(config), "--select", "OFL",
                  "--format", "%(path)s %(row)d %(col)d %(code)s", "."]
        if args.jobs:
            flake8[3:3] = ["--jobs", str(args.jobs)]
        rows: dict[str, tuple[list[str], dict[str, str], bool]] = {
            "offload-lint": ([sys.executable, "-m", "offload_lint", ".", "--no-cache", "--exit-zero"],
                             {**base_env, "PYTHONPATH": str(HERE)}, False),
            "flake8": (flake8, {**base_env, "PYTHONPATH": str(HERE)}, True),
        }
        if args.reference:
            rows["flake8, reference"] = (flake8, {**base_env, "PYTHONPATH": str(Path(args.reference).resolve())}, True)
        times: dict[str, list[float]] = {name: [] for name in rows}
        found: dict[str, list[tuple[str, int, int, str]]] = {}
        for _ in range(args.repeat):
            for name, (command, env, is_flake8) in rows.items():
                elapsed, output = _run(command, project, env)
                times[name].append(elapsed)
                found[name] = _positions(output, is_flake8)
        files = sum(1 for _ in project.rglob("*.py"))
        print(f"{files} files, no cache, {args.repeat} rounds alternating; median wall s (all):")
        for name, values in times.items():
            print(f"  {name:18} {statistics.median(values):7.2f}  ({', '.join(f'{v:.2f}' for v in values)})"
                  f"  {len(found[name])} findings")
        # This checkout's two front ends must agree; a reference checkout is another version of the analysis.
        same = found["flake8"] == found["offload-lint"]
        print("flake8 reports what offload-lint reports" if same else "FLAKE8 DIFFERS FROM OFFLOAD-LINT")
        return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
