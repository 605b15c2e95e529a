"""Pick the files of the issue-22 "b" recall spot check, at random with a written seed.

    python benchmarks/triage22_recall_pick.py --seed 20261223 --per-corpus 4 --max-lines 700 \
        peft=<site-packages>/peft timm=<site-packages>/timm examples=/tmp/corp/examples
    python benchmarks/triage22_recall_pick.py --seed 20261225 --max-lines 700 lerobot:3=/tmp/corp2/lerobot \
        misc:3=/tmp/corp2/CLIP,/tmp/corp2/whisper ...        (round c: a count per corpus, several trees pooled)

The pool of a corpus: its .py files of at most --max-lines lines (a whole file must be readable in the time of
a triage) that touch modules or weights: a class deriving from an nn.Module-like base (`nn.Module`,
`torch.nn.Module`, `ModelMixin`, a name ending in `Module`/`Layer`/`Model`/`Block`), or, for a training script,
a use of offloading or an EMA model (`enable_group_offload`, `apply_group_offloading`, `cpu_offload`, `EMAModel`).
Files are sorted by path, shuffled with the seed, and the first --per-corpus taken.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

MODULE_CLASS = re.compile(r"^class \w+\([^)]*(nn\.Module|ModelMixin|Module|Layer|Model|Block)\b", re.M)
OFFLOAD_OR_EMA = re.compile(r"enable_group_offload|apply_group_offloading|cpu_offload|EMAModel")


def pool(root: Path, max_lines: int, modules_only: bool = False) -> list[Path]:
    files = []
    for path in sorted(root.rglob("*.py")):
        if not path.is_file():  # a directory named *.py (llm-compressor's tests/.../ast_utils.py/)
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if text.count("\n") > max_lines:
            continue
        if MODULE_CLASS.search(text) or (not modules_only and OFFLOAD_OR_EMA.search(text)):
            files.append(path)
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", help="NAME[:N]=DIRECTORY[,DIRECTORY...] (N: files from this corpus, "
                        "default --per-corpus; several directories are pooled as one corpus)")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--per-corpus", type=int, default=4)
    parser.add_argument("--max-lines", type=int, default=700)
    parser.add_argument("--modules-only", action="store_true",
                        help="only files defining an nn.Module-like class (no training scripts picked for offloading/EMA use)")
    args = parser.parse_args()
    for spec in args.corpora:
        name, _, directories = spec.partition("=")
        name, _, count = name.partition(":")
        files = []
        for directory in directories.split(","):
            files.extend(pool(Path(directory), args.max_lines, args.modules_only))
        random.Random(args.seed).shuffle(files)
        print(f"# {name}: pool {len(files)} files")
        for path in files[: int(count) if count else args.per_corpus]:
            lines = path.read_text(encoding="utf-8", errors="replace").count("\n")
            root = next(Path(d) for d in directories.split(",") if path.is_relative_to(d))
            print(f"{name}\t{path.relative_to(root.parent)}\t{lines}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
