"""Lint each tree twice, as users do: ``offload-lint .`` from its root, and ``offload-lint /abs/path/to/tree`` from
another folder; the findings must be the same (suppressions and their reasons included), the paths in them aside.

    python benchmarks/path_spelling_equality.py [--linter CHECKOUT] TREE [TREE ...]

Prints one line per tree (findings, shown, differing) and the first differences; exits 1 when any tree differs.
Each run is cold (``--no-cache``), in a subprocess with ``PYTHONPATH`` set to the linter checkout (default: this one).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _run(linter: Path, cwd: Path, target: str) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(linter)}
    done = subprocess.run([sys.executable, "-m", "offload_lint", target, "--no-cache", "--output-format", "json",
                           "--exit-zero", "--show-suppressed"], cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{target} from {cwd}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def _normalized(findings: list[dict], tree: Path, cwd: Path) -> list[str]:
    """Each finding as JSON, the tree's path (as this run spells it) taken out of every field."""
    spellings = sorted({str(tree) + os.sep, os.path.relpath(tree, cwd) + os.sep} - {"." + os.sep}, key=len,
                       reverse=True)
    out = []
    for finding in findings:
        text = json.dumps(finding, sort_keys=True)
        for spelling in spellings:
            text = text.replace(spelling, "")
        out.append(text)
    return sorted(out)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--linter", type=Path, default=HERE)
    parser.add_argument("trees", nargs="+", type=Path)
    args = parser.parse_args(argv)
    differing = 0
    with tempfile.TemporaryDirectory() as elsewhere:
        for tree in args.trees:
            tree = tree.resolve()
            inside = _normalized(_run(args.linter, tree, "."), tree, tree)
            outside = _normalized(_run(args.linter, Path(elsewhere), str(tree)), tree, Path(elsewhere))
            only_inside = sorted(set(inside) - set(outside))
            only_outside = sorted(set(outside) - set(inside))
            shown = sum('"suppressed_by"' not in text or '"suppressed_by": null' in text for text in inside)
            print(f"{tree}: {len(inside)} findings ({shown} shown) from its root, {len(outside)} from elsewhere, "
                  f"{len(only_inside) + len(only_outside)} differ")
            for text in only_inside[:3]:
                print(f"  only from its root:    {text[:400]}")
            for text in only_outside[:3]:
                print(f"  only from elsewhere:   {text[:400]}")
            differing += bool(only_inside or only_outside)
    print(f"{differing} of {len(args.trees)} trees differ")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
