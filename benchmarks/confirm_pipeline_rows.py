"""Judge pipeline findings one by one under a strategy, printing every candidate call's error (the benchmark's rows
keep only the last one).

    PYTHONPATH=. python benchmarks/confirm_pipeline_rows.py ROWS [--tests DIFFUSERS_CHECKOUT] [--only CLASS]

ROWS: one finding a line, ``strategy path line class method attribute code`` with ``path`` relative to the installed
diffusers' parent (``diffusers/pipelines/...``), as the rows of ``bench_confirm_strategies.py`` name them. Each row
runs in its own process (``--one``): the file is linted under the strategy for the method's other findings (a run
stopped at one of their lines is repeated with that call fixed), then ``callers.run_caller_strategy`` judges it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def judge_one(strategy: str, path: str, line: int, cls: str, method: str, attribute: str, tests: str | None,
              siblings: list[str]) -> None:
    from offload_lint.confirm.strategies.callers import run_caller_strategy

    import diffusers

    full = str(Path(diffusers.__file__).parent.parent / path)
    component, _, called = attribute.partition(".")
    pairs = tuple((int(where), name) for where, name in (sibling.split(":", 1) for sibling in siblings))
    result = run_caller_strategy(strategy, f"{path[:-3].replace('/', '.')}:{cls}", method, component, called or None,
                                 line, [full], pairs, tests)
    print(f"built: {result.built_with}")
    print(f"{result.verdict}: {result.evidence}")
    for error in result.errors:
        print(f"  tried: {error[:400]}")


def main() -> int:
    if sys.argv[1:2] == ["--one"]:
        strategy, path, line, cls, method, attribute, tests, *siblings = sys.argv[2:]
        judge_one(strategy, path, int(line), cls, method, attribute, tests or None, siblings)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows")
    parser.add_argument("--tests", default="", help="a diffusers checkout ([tool.offload-lint.confirm] tests)")
    parser.add_argument("--only", default="", help="rows whose class contains this")
    parser.add_argument("--timeout", type=float, default=300.0, help="wall-clock seconds per row")
    args = parser.parse_args()
    import diffusers

    root = Path(diffusers.__file__).parent.parent
    for text in Path(args.rows).read_text().splitlines():
        if not text.strip():
            continue
        strategy, path, line, cls, method, attribute, _code = text.split()
        if args.only not in cls:
            continue
        lint = subprocess.run([sys.executable, "-m", "offload_lint", str(root / path), "--in-project", "--strategy",
                               strategy, "--no-cache", "--output-format", "json", "--exit-zero", "--show-suppressed"],
                              capture_output=True, text=True)
        siblings = [f"{f['line']}:{f['attribute']}" for f in json.loads(lint.stdout or "[]")
                    if f.get("class") == cls and f.get("method") == method and f.get("attribute")]
        command = [sys.executable, __file__, "--one", strategy, path, line, cls, method, attribute, args.tests,
                   *siblings]
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout,
                                 env={**os.environ, "OMP_NUM_THREADS": "1"})
            shown = [row for row in run.stdout.splitlines() if row.startswith(("built:", "confirmed", "refuted",
                                                                                 "untriggered", "  tried:"))]
            output = "\n".join(shown) or run.stderr[-2000:]
        except subprocess.TimeoutExpired:
            output = f"timed out after {args.timeout:.0f} s"
        print(f"=== {strategy} {cls}.{method} {attribute} :{line}\n{output}\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
