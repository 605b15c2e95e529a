"""Whole trees without a crash: lint big real packages cold and record counts and times.

    python benchmarks/bench_trees.py                         # torch, transformers, diffusers (installed)
    python benchmarks/bench_trees.py --tree timm=/tmp/timm --tree peft=/tmp/peft --jobs 2

Trees default to the installed torch, transformers and diffusers packages (read, never
imported); add others as NAME=PATH (for timm and peft: ``pip download --no-deps timm peft``
and unzip the wheels). For each tree, in the same run: the ``ast.parse`` floor of its files,
then ``offload-lint TREE --no-cache`` (a fresh subprocess, cold), with its wall time, peak
memory (the largest resident set of the linter's processes), exit status, whether anything
was printed on stderr, OFL000 diagnostics (with their reasons) and findings per rule.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = "import sys; from offload_lint.cli import main; sys.exit(main())"
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


def installed(package: str) -> str | None:
    for entry in sys.path:
        candidate = Path(entry) / package
        if (candidate / "__init__.py").is_file():
            return str(candidate)
    return None


def child_run(command: list[str]) -> tuple[subprocess.CompletedProcess, float, float]:
    """(result, wall seconds, peak RSS in MiB of the child and the processes it waited for)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, env={**os.environ, "PYTHONPATH": str(ROOT)})
        _, status, usage = os.wait4(process.pid, 0)  # this child's own rusage (Linux: KiB)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(command, process.returncode, out.read().decode(), err.read().decode())
    return done, seconds, usage.ru_maxrss / 1024


def measure(name: str, tree: str, jobs: int) -> dict:
    files = sum(n.endswith((".py", ".pyi")) for _, _, names in os.walk(tree) for n in names)
    _, floor_s, _ = child_run([sys.executable, "-c", FLOOR, tree])
    done, lint_s, peak_mib = child_run([sys.executable, "-c", CLI, tree, "--no-cache", "-j", str(jobs),
                                        "--output-format", "json", "--exit-zero"])
    try:
        findings = json.loads(done.stdout)
    except json.JSONDecodeError:
        findings = []
    problems = [f for f in findings if f["code"] == "OFL000"]
    return {
        "tree": name, "path": tree, "files": files, "exit": done.returncode, "stderr": done.stderr.strip()[-500:],
        "floor_s": round(floor_s, 2), "lint_s": round(lint_s, 2), "x_floor": round(lint_s / floor_s, 2),
        "peak_mib": round(peak_mib), "findings": len(findings) - len(problems),
        "by_rule": dict(sorted(Counter(f["code"] for f in findings if f["code"] != "OFL000").items())),
        "ofl000": [f"{f['path']}:{f['line']}: {f['message']}" for f in problems],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH (repeatable)")
    parser.add_argument("--no-installed", action="store_true", help="only the --tree trees")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args()
    trees: list[tuple[str, str]] = []
    if not args.no_installed:
        for package in ("torch", "transformers", "diffusers"):
            path = installed(package)
            if path:
                trees.append((package, path))
    trees += [tuple(spec.split("=", 1)) for spec in args.tree]  # type: ignore[misc]
    rows = []
    print(f"{os.cpu_count()} cores, -j {args.jobs}, Python {sys.version.split()[0]}", flush=True)
    print(f"{'tree':14} {'files':>6} {'floor s':>8} {'lint s':>7} {'x floor':>8} {'peak MiB':>9} "
          f"{'exit':>4} {'OFL000':>6} {'findings':>8}", flush=True)
    for name, path in trees:
        row = measure(name, path, args.jobs)
        rows.append(row)
        print(f"{name:14} {row['files']:6} {row['floor_s']:8.2f} {row['lint_s']:7.2f} {row['x_floor']:8.2f} "
              f"{row['peak_mib']:9} {row['exit']:4} {len(row['ofl000']):6} {row['findings']:8}", flush=True)
        for line in row["ofl000"]:
            print(f"    OFL000 {line}")
        if row["stderr"]:
            print(f"    stderr: {row['stderr']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
