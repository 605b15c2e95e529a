"""``offload-lint confirm MODULE:CLASS METHOD`` and the ``--confirm`` annotation of static findings."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Sequence, TextIO

from ..finding import Finding
from .backends import BACKENDS
from .config import ConfirmConfig, load_confirm_config
from .report import CONFIRMED

PROGRESS_THRESHOLD = 5  # show a progress bar only for more targets than this


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="offload-lint confirm",
        description="Run a method under diffusers' real group offloading and report whether an offloaded "
        "weight reaches computation.",
    )
    parser.add_argument("target", help="MODULE:CLASS, e.g. diffusers.models.transformers.prior_transformer:PriorTransformer")
    parser.add_argument("method", help="method to call, e.g. post_process_latents")
    parser.add_argument("--level", choices=("block", "leaf", "both"), default=None)
    parser.add_argument("--backend", choices=BACKENDS, default=None)
    parser.add_argument("--factory", help="MODULE:FUNCTION returning the module (overrides pyproject)")
    parser.add_argument("--call", help="MODULE:FUNCTION taking (module) or (module, device) that makes the call")
    parser.add_argument("--step", action="append", default=[], help="run this method first (repeatable)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="CPU seconds per level before giving up as 'untriggered: timed out' (default 30; 0: none)")
    parser.add_argument("--output-format", choices=("text", "json"), default="text")
    return parser


def confirm_main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    """Exit status: 1 when the access is confirmed, 0 when refuted, 2 when it could not be triggered."""
    from .engine import CheckConfig, confirm

    stdout = stdout or sys.stdout
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    config = load_confirm_config()
    target_config = config.for_target(args.target)
    call = args.call or target_config.call
    before = [*target_config.steps, *args.step]
    steps = [*before, (args.method, call)] if before else None
    report = confirm(args.target, args.method, CheckConfig(
        level=args.level or config.level,
        backend=args.backend or config.backend,
        factory=args.factory or target_config.factory,
        call=call,
        steps=steps,
        block_modules=list(target_config.block_modules) if target_config.block_modules is not None else None,
        timeout=(args.timeout or None) if args.timeout is not None else config.timeout,
        offline=config.offline,
    ))
    if args.output_format == "json":
        json.dump(report.to_json(), stdout, indent=2)
        stdout.write("\n")
    else:
        stdout.write(report.to_text() + "\n")
    return {CONFIRMED: 1, "refuted": 0}.get(report.verdict, 2)


class ProgressBar:
    """A one-line bar on stderr: `confirm [#####.....] 5/10 pkg.mod:Cls.method`."""

    def __init__(self, stream: TextIO | None = None, width: int = 24):
        self.stream = stream or sys.stderr
        self.width = width

    def __call__(self, done: int, total: int, label: str) -> None:
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        end = "\n" if done >= total else ""
        self.stream.write(f"\rconfirm [{bar}] {done}/{total} {label[:60]:60}{end}")
        self.stream.flush()


def annotate(
    findings: list[Finding],
    progress: bool = True,
    *,
    backend: str | None = None,
    config: ConfirmConfig | None = None,
) -> list[Finding]:
    """Findings with their ``runtime`` verdict set (``to_json`` adds verdict, backend, level, evidence),
    followed by OFL900 findings for offloaded accesses no static finding covers."""
    from .environment import require_confirmer
    from .join import confirm_findings, plan_checks

    environment = require_confirmer()
    if not environment.has_transformers:
        sys.stderr.write(f"offload-lint: {environment.transformers_note()}\n")
    config = config or load_confirm_config()
    show = progress and len(plan_checks(findings)) > PROGRESS_THRESHOLD
    pairs = confirm_findings(findings, backend=backend or config.backend, config=config,
                             progress=ProgressBar() if show else None)
    return [dataclasses.replace(finding, runtime=verdict) for finding, verdict in pairs]


if __name__ == "__main__":  # python -m offload_lint.confirm.cli
    sys.exit(confirm_main())
