"""Findings of each file linted alone against the same file's findings in a whole-tree run.

    python benchmarks/bench_file_alone.py TREE [--strategy all] [--reference CHECKOUT] [--extra-path DIR ...]

A user runs ``offload-lint`` on a tree in CI, and on one file in an editor (flake8) or in pre-commit: both should say
the same of that file, unless another linted file says something the file alone cannot (a subclass, a caller, a
construction handing the class an option). This lints TREE once whole, then every file that has a finding there
alone, and lists each file whose findings (line, code, strategies, shown or suppressed) differ, with what only one
side has. With ``--reference`` the same is done with another checkout of offload-lint (a worktree of an older
commit) in the same run, so a change's effect on the count is measured side by side. ``--extra-path`` puts
directories on ``PYTHONPATH`` (peft and timm installed with ``pip install --target``).

Each run is a fresh interpreter with ``--no-cache``; nothing here is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

Key = tuple[int, str, tuple[str, ...], bool]


def _lint(checkout: Path, paths: list[str], strategy: str, extra: list[str]) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(checkout), *extra]))
    command = [sys.executable, "-m", "offload_lint", *paths, "--strategy", strategy, "--no-cache",
               "--output-format", "json", "--exit-zero", "--show-suppressed"]
    # Run outside any checkout: ``python -m`` puts the working directory first on sys.path.
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd="/", check=False)
    if done.returncode != 0:
        raise SystemExit(f"offload-lint failed ({done.returncode}) on {paths[:1]}...: {done.stderr[-400:]}")
    return json.loads(done.stdout)


def _key(finding: dict) -> Key:
    return (finding["line"], finding["code"], tuple(finding["strategies"]), bool(finding.get("suppressed_by")))


def compare(checkout: Path, tree: Path, strategy: str, extra: list[str]) -> tuple[int, list[str]]:
    """(files with a finding in the whole-tree run, a line per file whose findings alone differ)."""
    whole: dict[str, set[Key]] = defaultdict(set)
    for finding in _lint(checkout, [str(tree)], strategy, extra):
        whole[finding["path"]].add(_key(finding))
    differing = []
    for path in sorted(whole):
        alone = {_key(f) for f in _lint(checkout, [path], strategy, extra)}
        if alone != whole[path]:
            only_whole, only_alone = sorted(whole[path] - alone), sorted(alone - whole[path])
            differing.append(f"{os.path.relpath(path, tree)}: whole-tree only {only_whole}; alone only {only_alone}")
    return len(whole), differing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--strategy", default="all")
    parser.add_argument("--reference", type=Path, help="another offload-lint checkout, measured in the same run")
    parser.add_argument("--extra-path", action="append", default=[])
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    sides = [("reference", args.reference)] if args.reference else []
    for name, checkout in sides + [("this checkout", here)]:
        files, differing = compare(checkout.resolve(), args.tree.resolve(), args.strategy, args.extra_path)
        print(f"== {name} ({checkout}): {len(differing)} of {files} files with findings differ when linted alone")
        for line in differing:
            print("  " + line)


if __name__ == "__main__":
    main()
