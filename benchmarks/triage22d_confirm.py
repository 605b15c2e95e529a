"""Runtime verdicts for the issue-22 "d" triage sample, one JSON line a row (round b's script; a corpus may name
the directory linted apart from the one its paths are relative to: NAME=DIRECTORY[@LINTED], so that transformers'
rows, relative to site-packages/transformers, are found again by linting only its models/ as the sample's were).


    python benchmarks/triage22_sample.py ... --json > sample.json
    PYTHONPATH=.:/tmp/tvstub python benchmarks/triage22_confirm.py sample.json \
        --corpus peft=<site-packages>/peft --corpus timm=<site-packages>/timm \
        --corpus examples=/tmp/corp/examples [--timeout 60] [--only N,M]

Each corpus is linted whole once (as the sample's findings were: default strategies, group offloading at
block and leaf level), the sampled finding is found again by file, line, rule and attribute, and handed to
the default confirmer (`offload-lint FILE --confirm` does the same), at the levels the finding names.
timm imports torchvision at module level; the labelling run put a stub `torchvision` (every name a dummy,
`FrozenBatchNorm2d` a buffer-only module) on PYTHONPATH, never installed: the timm classes checked do not use it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from offload_lint.config import Settings
from offload_lint.confirm import annotate
from offload_lint.confirm.config import load_confirm_config
from offload_lint.engine import Options, lint


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sample")
    parser.add_argument("--corpus", action="append", default=[], help="NAME=DIRECTORY (NAME: the sample's tree)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", help="comma-separated row numbers (1-based)")
    args = parser.parse_args(argv)
    corpora = dict(spec.split("=", 1) for spec in args.corpus)
    linted_roots = {name: Path(d.split("@", 1)[1]) if "@" in d else Path(d) for name, d in corpora.items()}
    corpora = {name: d.split("@", 1)[0] for name, d in corpora.items()}
    with open(args.sample, encoding="utf-8") as handle:
        sample = json.load(handle)
    only = {int(n) for n in args.only.split(",")} if args.only else None
    config = dataclasses.replace(load_confirm_config(), timeout=args.timeout)
    linted: dict[str, list] = {}
    for number, row in enumerate(sample, 1):
        if only is not None and number not in only:
            continue
        started = time.perf_counter()
        tree = row["tree"]
        root = Path(corpora[tree])
        if tree not in linted:
            options = Options(paths=[str(linted_roots[tree])], settings=Settings(), jobs=1, show_suppressed=True)
            linted[tree] = list(lint(options).findings)
        path = (root.parent / row["path"]).resolve()
        out = {"n": number, "code": row["code"], "where": f"{row['path']}:{row['line']}",
               "target": f"{row['class_name']}.{row['method']}", "attribute": row["attribute"]}
        found = [f for f in linted[tree]
                 if Path(f.path).resolve() == path and (f.line, f.code, f.attribute or "") ==
                 (row["line"], row["code"], row["attribute"])]
        if not found:
            out["verdict"] = {"verdict": "not built", "evidence": "finding not found again"}
        else:
            try:
                verdict = annotate(found[:1], progress=False, config=config)[0].runtime
                out["verdict"] = verdict.to_json() if verdict is not None else {"verdict": "none"}
            except Exception as error:  # one crash must not end the sample
                out["verdict"] = {"verdict": "not built", "evidence": f"runner error: {error!r}"}
        out["seconds"] = round(time.perf_counter() - started, 1)
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
