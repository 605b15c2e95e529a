"""One file through flake8 in a warm checkout, next to flake8 without the plugin's rules.

    python benchmarks/bench_flake8_file.py [TREE] [--files 5]

TREE (default: the installed diffusers) is copied into a temporary checkout with a
``pyproject.toml`` at its top; ``offload-lint .`` runs once to build the cache (what an
editor sees after the first lint). Then, for a few model files, in the same run:
- ``flake8 --select E9 FILE`` with this plugin not loaded at all (flake8 alone: start, its own plugins, read,
  parse): the reference;
- ``flake8 --select E9 FILE`` with the plugin installed (flake8 imports and runs every installed plugin,
  whatever is selected; the plugin returns at once when no OFL code is selected);
- ``flake8 --select OFL FILE`` (the plugin, with the whole project's index from the cache).
Then, after an edit (a blank line appended to each picked file in turn, the cache left as the last run left it):
- ``flake8 --select OFL FILE`` on the edited file (the first file asked after the edit: the whole answer is
  brought up to date incrementally and stored);
- the same on the next picked file (another file of the edited tree: answered from the cache).
Each is timed as wall seconds and as CPU seconds of the process (``getrusage`` of the children), which the
other jobs on a shared machine move far less. Target (issue 23): <= 0.3 s median with ``--select OFL``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
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
# flake8 with every installed plugin but this one (found through its entry points, then dropped).
FLAKE8_WITHOUT_PLUGIN = (
    "import sys; from flake8.plugins import finder; found = finder.find_plugins; "
    "finder.find_plugins = lambda *a, **k: [p for p in found(*a, **k) if p.package != 'offload-lint']; "
    "from flake8.main.cli import main; sys.exit(main())"
)


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


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
        build, _ = timed([sys.executable, "-c", CLI, ".", "--exit-zero", "--output-format", "json"], checkout)
        models = sorted((checkout / "src" / tree.name).glob("models/**/*.py"))
        picked = random.Random(0).sample(models, min(args.files, len(models)))
        print(f"checkout: {tree} ({sum(1 for _ in checkout.rglob('*.py'))} files); cache built in {build:.1f} s")
        rows = {"flake8 alone (no plugin), E9": [sys.executable, "-c", FLAKE8_WITHOUT_PLUGIN, "--select", "E9"],
                "flake8 + plugin, E9": [sys.executable, "-c", FLAKE8, "--select", "E9"],
                "flake8 + plugin, OFL": [sys.executable, "-c", FLAKE8, "--select", "OFL"]}
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in rows}
        for path in picked:
            relative = str(path.relative_to(checkout))
            for label, command in rows.items():
                times[label].append(timed(command + [relative], checkout))
            print(relative[-70:], "  ".join(f"{w:.2f}/{c:.2f}" for w, c in (times[l][-1] for l in rows)), flush=True)
        ofl = rows["flake8 + plugin, OFL"]
        times["after an edit: the edited file"], times["after an edit: another file"] = [], []
        for path, other in zip(picked, picked[1:] + picked[:1]):
            with path.open("a") as out:
                out.write("\n")
            times["after an edit: the edited file"].append(timed(ofl + [str(path.relative_to(checkout))], checkout))
            times["after an edit: another file"].append(timed(ofl + [str(other.relative_to(checkout))], checkout))
            print(f"edit {str(path.relative_to(checkout))[-60:]}: edited file, another file",
                  "  ".join(f"{w:.2f}/{c:.2f}" for w, c in (times[label][-1] for label in
                                                           ("after an edit: the edited file", "after an edit: another file"))),
                  flush=True)
        print(f"{'median (wall s / CPU s)':32} {'wall':>6} {'CPU':>6}")
        for label, values in times.items():
            wall = statistics.median(w for w, _ in values)
            cpu = statistics.median(c for _, c in values)
            print(f"{label:32} {wall:6.2f} {cpu:6.2f}")
        print("load average:", " ".join(f"{value:.2f}" for value in os.getloadavg()))


if __name__ == "__main__":
    main()
