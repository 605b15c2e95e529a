"""One file through flake8 in a warm checkout, next to flake8 without the plugin's rules.

    python benchmarks/bench_flake8_file.py [TREE] [--files 5]

TREE (default: the installed diffusers) is copied into a temporary checkout with a
``pyproject.toml`` at its top; ``offload-lint .`` runs once to build the cache (what an
editor sees after the first lint). Then, for a few model files, in the same run:
``flake8 --select E9 FILE`` (flake8 alone: start, read, parse) and ``flake8 --select OFL FILE``
(the plugin, with the whole project's index from the cache). Target: <= 1 s per file.
"""

from __future__ import annotations

import argparse
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
CLI = "import sys; from offload_lint.cli import main; sys.exit(main())"
FLAKE8 = "import sys; from flake8.main.cli import main; sys.exit(main())"


def timed(command: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - started


def default_tree() -> Path:
    for entry in sys.path:
        if (Path(entry) / "diffusers" / "__init__.py").is_file():
            return Path(entry) / "diffusers"
    sys.exit("diffusers is not installed: pass the tree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", type=Path)
    parser.add_argument("--files", type=int, default=5)
    args = parser.parse_args()
    tree = args.tree or default_tree()
    with tempfile.TemporaryDirectory() as scratch:
        checkout = Path(scratch) / "checkout"
        shutil.copytree(tree, checkout / "src" / tree.name, ignore=shutil.ignore_patterns("__pycache__"))
        (checkout / "pyproject.toml").write_text('[project]\nname = "bench"\n')
        build = timed([sys.executable, "-c", CLI, ".", "--exit-zero", "--output-format", "json"], checkout)
        models = sorted((checkout / "src" / tree.name).glob("models/**/*.py"))
        picked = random.Random(0).sample(models, min(args.files, len(models)))
        print(f"checkout: {tree} ({sum(1 for _ in checkout.rglob('*.py'))} files); cache built in {build:.1f} s")
        print(f"{'file':60} {'flake8 E9 s':>11} {'flake8 OFL s':>12}")
        alone, plugin = [], []
        for path in picked:
            relative = str(path.relative_to(checkout))
            alone.append(timed([sys.executable, "-c", FLAKE8, "--select", "E9", relative], checkout))
            plugin.append(timed([sys.executable, "-c", FLAKE8, "--select", "OFL", relative], checkout))
            print(f"{relative[-60:]:60} {alone[-1]:11.2f} {plugin[-1]:12.2f}", flush=True)
        print(f"{'median':60} {statistics.median(alone):11.2f} {statistics.median(plugin):12.2f}")


if __name__ == "__main__":
    main()
