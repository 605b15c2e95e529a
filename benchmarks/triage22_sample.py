"""Draw the issue-22 "b" triage sample over corpora that are not diffusers/transformers trees.

    offload-lint <peft> --no-cache --output-format json --exit-zero > peft.json      (and timm, examples)
    python benchmarks/triage22_sample.py peft.json=17 timm.json=23 examples.json=20 --seed 20261222 \
        --per-family 2 [--json]

`triage_sample.py` names a finding's family by transformers' `models/<family>/` layout and diffusers'
file names; on timm that merges `vision_transformer.py` and `swin_transformer_v2.py` into one family
(`transformer`), and on peft and diffusers' `examples/` there is no such layout. Here each corpus is
drawn on its own, with the same seed, by `triage_sample.draw` (same per-rule floors, same shuffled
order, same per-family cap), and a finding's family is its file (the path inside the corpus, without
`.py`). A corpus asked for more findings than it has gives all of them.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections import Counter
from pathlib import PurePath

sys.path.insert(0, str(PurePath(__file__).parent))
from triage_sample import Finding, draw, load  # noqa: E402

ANCHORS = ("site-packages/", "/tmp/corp/", "/tmp/corp2/", "/tmp/corp3/", "/tmp/corp4/", "/tmp/corp5/", "/tmp/corp6/", "/tmp/corp7/", "/tmp/corp8/", "/tmp/corp9/", "/tmp/corp10/", "/tmp/corp11/", "/tmp/corp12/", "/tmp/corp13/", "/tmp/corp14/", "/tmp/corp15/", "/tmp/corp16/", "/tmp/corp17/", "/tmp/corp18/", "/tmp/corp19/", "/tmp/corp20/", "/tmp/corp21/", "/tmp/corp22/", "/tmp/corp23/", "/tmp/corp24/", "/tmp/corp25/", "/tmp/corp26/", "/tmp/corp27/", "/tmp/corp28/", "/tmp/corp29/", "/tmp/corp30/", "/tmp/corp31/", "/tmp/corp32/", "/tmp/corp33/", "/tmp/corp34/", "/tmp/corp35/", "/tmp/corp36/", "/tmp/corp37/", "/tmp/corp38/", "/tmp/corp39/", "/tmp/corp40/", "/tmp/corp41/", "/tmp/corp42/", "/tmp/corp43/", "/tmp/corp44/", "/tmp/corp45/", "/tmp/corp46/", "/tmp/corp47/", "/tmp/corp48/", "/tmp/corp49/", "/tmp/corp50/", "/tmp/corp51/", "/tmp/corp52/", "/tmp/corp53/", "/tmp/corp54/", "/tmp/corp55/", "/tmp/corp56/", "/tmp/corp57/", "/tmp/corp58/", "/tmp/corp59/", "/tmp/corp60/", "/tmp/corp61/", "/tmp/corp62/", "/tmp/corp63/", "/tmp/corp64/", "/tmp/corp65/", "/tmp/corp66/", "/tmp/corp67/", "/tmp/corp68/", "/tmp/corp69/")


def corpus_relative(path: str) -> str:
    for anchor in ANCHORS:
        if anchor in path:
            return path.split(anchor, 1)[1]
    return path


def load_corpus(path: str) -> list[Finding]:
    with open(path, encoding="utf-8") as handle:
        raw = json.load(handle)
    findings = load(path)
    out = []
    for item, finding in zip(raw, findings):
        relative = corpus_relative(item["path"])
        out.append(
            dataclasses.replace(
                finding,
                path=relative,
                family=str(PurePath(relative).with_suffix("")),
                tree=relative.split("/", 1)[0],
            )
        )
    return out


def in_draw_order(findings: list[Finding], sample: list[Finding], seed: int) -> list[Finding]:
    """The sample in the order `triage_sample.draw` shuffled the corpus with this seed (same sort, same shuffle)."""
    order = sorted(findings, key=lambda f: (f.path, f.line, f.column, f.code, f.attribute))
    random.Random(seed).shuffle(order)
    rank = {id(f): position for position, f in enumerate(order)}
    return sorted(sample, key=lambda f: rank[id(f)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", help="FINDINGS.json=SIZE, one per corpus")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--per-family", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--draw-order", action="store_true",
                        help="list the rows in the seed's shuffled order (not by rule and path), so that labelling "
                        "them in this order leaves a random prefix when time runs out")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.corpora:
        path, _, size = spec.rpartition("=")
        findings = load_corpus(path)
        size = int(size)
        counts = Counter(f.code for f in findings)
        if size >= len(findings):
            sample = sorted(findings, key=lambda f: (f.code, f.path, f.line))
            quota = dict(counts)
        else:
            sample, quota = draw(findings, size, args.seed, args.per_family)
        print(f"# {path}: {len(findings)} findings {dict(sorted(counts.items()))}; sampled {dict(sorted(quota.items()))}",
              file=sys.stderr)
        if args.draw_order:
            sample = in_draw_order(findings, sample, args.seed)
        rows.extend(sample)
    if args.json:
        json.dump([dataclasses.asdict(f) for f in rows], sys.stdout, indent=1)
        print()
        return 0
    for number, f in enumerate(rows, 1):
        print(f"{number}\t{f.code}\t{f.path}:{f.line}\t{f.class_name}.{f.method}\t{f.attribute}\t{'+'.join(f.levels)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
