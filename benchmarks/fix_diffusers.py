"""``offload-lint --fix`` (and ``--fix --unsafe-fixes``) on a copy of the installed diffusers tree.

    python benchmarks/fix_diffusers.py                 # the installed diffusers package
    python benchmarks/fix_diffusers.py --tree PATH     # any other tree
    python benchmarks/fix_diffusers.py --json out.json

For each mode, on a fresh copy (the installed tree is only read): the findings before (JSON, with
their fixes), ``--fix`` with its wall time and rounds, the findings after, and a check of every
changed file:

- it still parses (``ast`` and libcst);
- every line the fixes replaced lies in a method that had a fixed finding, or is a line one of the
  fixes edits (an import for OFL204); lines added are the declarations OFL102 inserts;
- a second ``--fix`` changes nothing.

Counts per rule are printed as a Markdown table (docs/fixes.md records a run).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import libcst as cst

ROOT = Path(__file__).resolve().parent.parent
CLI = "import sys; from offload_lint.cli import main; sys.exit(main())"


def installed_diffusers() -> Path:
    done = subprocess.run([sys.executable, "-c", "import diffusers, os; print(os.path.dirname(diffusers.__file__))"],
                          capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def copy_tree(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", ".offload-lint-cache", "*.pyc"))


def offload_lint(tree: Path, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CLI, ".", "--cache-dir", str(tree.parent / "cache"), *args],
                          cwd=tree, capture_output=True, text=True, env=env)
    return done, time.perf_counter() - started


def method_spans(text: str) -> list[tuple[int, int, str]]:
    spans = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return spans


def check_changes(before: dict[Path, str], tree: Path, fixed: list[dict]) -> dict:
    """Which replaced lines are explained by the fixed findings; which files still parse."""
    methods = {(Path(f["path"]).as_posix(), f["method"]) for f in fixed}
    edited = {(Path(f["path"]).as_posix(), line) for f in fixed if f["fix"]
              for edit in f["fix"]["edits"] for line in range(edit["line"], edit["end_line"] + 1)}
    report = Counter()
    unexplained: list[str] = []
    for path, text in before.items():
        after = path.read_text(encoding="utf-8")
        if after == text:
            continue
        relative = path.relative_to(tree).as_posix()
        report["files changed"] += 1
        try:
            ast.parse(after)
            cst.parse_module(after)
        except Exception as error:  # reported, not raised: the count is the result
            report["files that no longer parse"] += 1
            unexplained.append(f"{relative}: {type(error).__name__}")
        spans = method_spans(text)
        matcher = difflib.SequenceMatcher(a=text.splitlines(), b=after.splitlines(), autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "insert":
                added = after.splitlines()[j1:j2]
                report["lines added"] += len(added)
                if not all(line.strip() == "" or "_group_offload_block_modules = [" in line for line in added):
                    unexplained += [f"{relative}: added {line.strip()!r}" for line in added]
                continue
            if tag not in ("replace", "delete"):
                continue
            for number in range(i1 + 1, i2 + 1):
                report["lines replaced"] += 1
                inside = [name for start, end, name in spans if start <= number <= end]
                if (relative, number) in edited or any((relative, name) in methods for name in inside):
                    continue
                unexplained.append(f"{relative}:{number}: {text.splitlines()[number - 1].strip()}")
    report["lines outside fixed findings"] = len(unexplained)
    return {"counts": dict(report), "unexplained": unexplained[:20]}


def run_mode(source: Path, work: Path, unsafe: bool) -> dict:
    tree = work / ("unsafe" if unsafe else "safe") / source.name
    copy_tree(source, tree)
    before = {p: p.read_text(encoding="utf-8") for p in tree.rglob("*.py")}
    flags = ["--unsafe-fixes"] if unsafe else []
    listed, _ = offload_lint(tree, "--output-format", "json", *flags)
    findings = json.loads(listed.stdout)
    fixable = [f for f in findings if f["fix"] and (unsafe or f["fix"]["applicability"] == "safe")]
    done, seconds = offload_lint(tree, "--fix", "--output-format", "json", *flags)
    result = json.loads(done.stdout)
    fixed = [f for f in result if f["fixed"]]
    remaining = [f for f in result if not f["fixed"]]
    changes = check_changes(before, tree, fixed)
    after_first = {p: p.read_text(encoding="utf-8") for p in tree.rglob("*.py")}
    second, _ = offload_lint(tree, "--fix", *flags)
    after_second = {p: p.read_text(encoding="utf-8") for p in tree.rglob("*.py")}
    return {
        "mode": "--fix --unsafe-fixes" if unsafe else "--fix",
        "files": len(before),
        "findings before": len(findings),
        "with an applicable fix": len(fixable),
        "fixed": len(fixed),
        "remaining": len(remaining),
        "exit status": done.returncode,
        "seconds": round(seconds, 1),
        "warnings": [line for line in done.stderr.splitlines() if "warning" in line][:10],
        "fixed by rule": dict(sorted(Counter(f["code"] for f in fixed).items())),
        "fixable by rule before": dict(sorted(Counter(f["code"] for f in fixable).items())),
        "with a fix not applied (unsafe)": sum(1 for f in findings if f["fix"] and f["fix"]["applicability"] == "unsafe"
                                               and not unsafe),
        "by rule before": dict(sorted(Counter(f["code"] for f in findings).items())),
        "by rule remaining": dict(sorted(Counter(f["code"] for f in remaining).items())),
        "changes": changes,
        "second run changed files": sum(1 for p, t in after_second.items() if t != after_first.get(p)),
        "second run output tail": second.stdout.strip().splitlines()[-1:] if second.stdout else [],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, help="the tree to copy (default: the installed diffusers)")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()
    source = args.tree or installed_diffusers()
    results = []
    with tempfile.TemporaryDirectory(prefix="fix-bench-") as work:
        for unsafe in (False, True):
            results.append(run_mode(source, Path(work), unsafe))
    for result in results:
        print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
