"""Run each finding of a triage sample under its strategy's real hooks, one JSON line per finding.

    python benchmarks/triage_sample.py A.json B.json --seed S --strategy fsdp2 --json > sample.json
    python benchmarks/triage_confirm.py sample.json --strategy fsdp2 [--timeout 60] > verdicts.jsonl

Each sampled finding's directory is linted again under that one strategy (the finding is matched in
its file by line, rule and attribute), and the finding is handed to the confirmer as ``offload-lint FILE
--strategy S --confirm`` would: the group levels through the default confirmer at that level, the
other strategies with their libraries (accelerate, torch FSDP2 on gloo, DeepSpeed ZeRO-3). Lines
are written as each run ends, so a long sample can be read while it runs.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import sys
import time
from pathlib import Path

from offload_lint.config import Settings
from offload_lint.confirm import annotate
from offload_lint.confirm.config import ConfirmConfig, load_confirm_config
from offload_lint.engine import Options, lint
from offload_lint.finding import Finding
from offload_lint.strategies import BY_KEY, GROUP_KEYS, parse_strategies


def installed_file(tree: str, relative: str) -> Path | None:
    """The installed file a sampled finding names (``models/``-relative, or ``pipelines/...``),
    found without importing the package."""
    spec = importlib.util.find_spec(tree) if tree else None
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    for candidate in (root / "models" / relative, root / relative):
        if candidate.is_file():
            return candidate
    return None


def matching(findings: list[Finding], sampled: dict) -> Finding | None:
    for finding in findings:
        if (finding.line, finding.code, finding.attribute or "") == (
            sampled["line"], sampled["code"], sampled["attribute"]
        ):
            return finding
    return None


def confirm_one(finding: Finding, key: str, config: ConfirmConfig) -> Finding:
    if key in GROUP_KEYS:
        return annotate([finding], progress=False, config=config)[0]
    return annotate([finding], progress=False, config=config, strategies=(BY_KEY[key].name,))[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sample", help="triage_sample.py --json output")
    parser.add_argument("--strategy", required=True)
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per run")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N sampled findings")
    parser.add_argument("--limit", type=int, help="run at most this many (after --skip)")
    args = parser.parse_args(argv)
    key = parse_strategies(args.strategy)[0]
    with open(args.sample, encoding="utf-8") as handle:
        sample = json.load(handle)[args.skip :]
    if args.limit is not None:
        sample = sample[: args.limit]
    config = dataclasses.replace(load_confirm_config(), timeout=args.timeout)
    settings = Settings(levels=(key,))
    linted: dict[Path, list[Finding]] = {}  # by directory
    for number, sampled in enumerate(sample, args.skip + 1):
        started = time.perf_counter()
        path = installed_file(sampled["tree"], sampled["path"])
        row = {"n": number, "strategy": args.strategy, "tree": sampled["tree"], "path": sampled["path"],
               "line": sampled["line"], "code": sampled["code"], "target": f"{sampled['class_name']}.{sampled['method']}",
               "attribute": sampled["attribute"]}
        if path is None:
            row["verdict"] = {"verdict": "untriggered", "evidence": f"{sampled['tree']} {sampled['path']} not found"}
        else:
            # The file's directory (its model family, its pipeline) is linted with it: a generation mixin in
            # one file and the model class in another are judged together, as in the whole-tree run.
            if path.parent not in linted:
                options = Options(paths=[str(path.parent)], settings=settings, jobs=1, show_suppressed=True)
                linted[path.parent] = [f for f in lint(options).findings]
            finding = matching([f for f in linted[path.parent] if Path(f.path).resolve() == path.resolve()], sampled)
            if finding is None:
                row["verdict"] = {"verdict": "untriggered", "evidence": "not found again when its directory is linted"}
            else:
                try:
                    verdict = confirm_one(finding, key, config).runtime
                    row["verdict"] = verdict.to_json() if verdict is not None else {"verdict": "none"}
                except Exception as error:  # a crash of one run must not end the sample
                    row["verdict"] = {"verdict": "untriggered", "evidence": f"runner error: {error!r}"}
        row["seconds"] = round(time.perf_counter() - started, 1)
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
