"""Time against the number of methods: one class with N methods, linted cold, next to the
``ast.parse`` floor of the same file, in the same run.

    python benchmarks/bench_methods.py [--sizes 2500,5000,10000,20000] [--jobs 2]

Every fourth method is harmless; the others read a root parameter, call a Linear outside
forward() or read its weight (findings: the libcst pass visits them). Target: the
20,000-method class within 10x the floor, time growing linearly with N.

The methods differ only in their names, and the libcst pass parses a method whose text another
method already has only once (models copy methods from each other), so this measures the index
and the rules per method. ``--distinct`` adds the method's number to each body (``+ 17``): every
method is then parsed with libcst, the cost of a class whose methods are all different.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = "import sys; from offload_lint.cli import main; sys.exit(main())"
BODIES = ("return x * self.scale", "return self.proj(x)", "return x + 1", "return F.linear(x, self.proj.weight)")


def class_with(methods: int, distinct: bool = False) -> str:
    out = ["import torch", "import torch.nn.functional as F", "from torch import nn", "", "",
           "class Huge(nn.Module):", "    def __init__(self):", "        super().__init__()",
           "        self.proj = nn.Linear(4, 4)", "        self.scale = nn.Parameter(torch.ones(4))", "",
           "    def forward(self, x):", "        return self.proj(x)", ""]
    for number in range(methods):
        body = BODIES[number % len(BODIES)] + (f" + {number}" if distinct else "")
        out += [f"    def method_{number}(self, x):", f"        {body}", ""]
    return "\n".join(out) + "\n"


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="2500,5000,10000,20000")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--distinct", action="store_true", help="make every method's text different")
    args = parser.parse_args()
    print(f"{'methods':>8} {'lines':>7} {'floor s':>8} {'lint s':>7} {'x floor':>8} {'s / 1k methods':>15}")
    with tempfile.TemporaryDirectory() as directory:
        for size in (int(s) for s in args.sizes.split(",")):
            path = Path(directory) / f"huge_{size}.py"
            path.write_text(class_with(size, args.distinct))
            floor = timed([sys.executable, "-c", f"import ast; ast.parse(open({str(path)!r}, 'rb').read())"])
            lint = timed([sys.executable, "-c", CLI, str(path), "--no-cache", "-j", str(args.jobs),
                          "--output-format", "json"])
            lines = path.read_text().count("\n")
            print(f"{size:8} {lines:7} {floor:8.2f} {lint:7.2f} {lint / floor:8.1f} {lint / size * 1000:15.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
