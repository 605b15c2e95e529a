"""Incremental runs against cold ones on an application tree, after edits that change what runs.

    python benchmarks/app_edit_equality.py TREE [--seed N] [--edits N] [--linter PATH]

The tree is copied to a scratch folder (a ``.git`` folder in it keeps it an application) and linted once with a
cache. Then, edit by edit, a random line of a random file that is a call statement or a call's assignment
(``model = build_model()``, ``model.store_inverse()``) becomes ``pass``: a call gone can take a class out of what the entry points reach (or a
method out of what anything calls), which the incremental analysis must notice in files the edit did not touch. Each
edit is linted with the cache (incremental) and with ``--no-cache`` (cold), ``--show-suppressed``, and the two JSON
outputs are compared byte for byte. Exit status 1 when any pair differs.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

_NOT_CALL_STATEMENTS = ("def ", "class ", "@", "#", "return", "if ", "elif ", "for ", "while ", "with ", "assert ")


def _run(tree: str, linter: str, *extra: str) -> str:
    env = dict(os.environ, PYTHONPATH=linter)
    return subprocess.run([sys.executable, "-m", "offload_lint", tree, "--output-format", "json", "--exit-zero",
                           "--show-suppressed", *extra], cwd=tempfile.gettempdir(), env=env, capture_output=True,
                          text=True, check=False).stdout


def _call_lines(lines: list[str]) -> list[int]:
    """Lines that are one whole call statement or an assignment of a call (balanced parentheses, ending the line):
    ``model = build_model(config)`` becomes ``pass`` (statically still valid code)."""
    return [number for number, line in enumerate(lines)
            if line.strip() and not line.strip().startswith(_NOT_CALL_STATEMENTS)
            and line.rstrip().endswith(")") and line.count("(") == line.count(")")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edits", type=int, default=8)
    parser.add_argument("--linter", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="app_edits_")
    work, cache = os.path.join(scratch, "tree"), os.path.join(scratch, "cache")
    shutil.copytree(args.tree, work, ignore=shutil.ignore_patterns("*.ckpt", "*.pth", "*.bin", "*.pt"))
    os.makedirs(os.path.join(work, ".git"), exist_ok=True)
    _run(work, args.linter, "--cache-dir", cache)
    rng = random.Random(args.seed)
    files = sorted(os.path.join(folder, name) for folder, _, names in os.walk(work) for name in names
                   if name.endswith(".py"))
    different = 0
    for edit in range(args.edits):
        path = rng.choice(files)
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().split("\n")
        candidates = _call_lines(lines)
        if not candidates:
            continue
        number = rng.choice(candidates)
        lines[number] = lines[number][:len(lines[number]) - len(lines[number].lstrip())] + "pass"
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines))
        warm = _run(work, args.linter, "--cache-dir", cache)
        cold = _run(work, args.linter, "--no-cache")
        different += warm != cold
        print(f"{edit}: {os.path.relpath(path, work)}:{number + 1} -> pass: "
              f"{'equal' if warm == cold else 'DIFFERENT'} ({len(cold)} bytes)")
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"{different} of {args.edits} edits differ")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
