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
from .strategies.spec import StrategyOptions, strategy_names

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
    parser.add_argument("--explain", action="store_true",
                        help="under each level, what the run tried and why: backends, build tries, calls, fallbacks")
    # Offloading strategies other than diffusers group offloading, applied with the real library (strategies/).
    parser.add_argument("--strategy", default=None,
                        help="comma-separated: group-block, group-leaf, accelerate-sequential, model-cpu-offload, "
                        "fsdp2, zero3, or all (replaces --level)")
    parser.add_argument("--preload-module-classes", default=None, help="accelerate-sequential: comma-separated classes")
    parser.add_argument("--fsdp-units", default=None,
                        help="fsdp2: comma-separated classes to fully_shard (default: the model's _no_split_modules)")
    parser.add_argument("--fsdp-forward-methods", default=None,
                        help="fsdp2: comma-separated root methods given to register_fsdp_forward_method")
    parser.add_argument("--z3-leaf-modules", default=None, help="zero3: comma-separated classes for set_z3_leaf_modules")
    parser.add_argument("--world-size", type=int, default=2, help="fsdp2/zero3: spawned gloo ranks (default 2)")
    return parser


def strategy_settings(args: argparse.Namespace) -> tuple[tuple[str, ...], StrategyOptions | None]:
    """(strategies, their options) from the command line; ((), None) without --strategy."""
    if not args.strategy:
        return (), None

    def names(text: str | None) -> tuple[str, ...] | None:
        return None if text is None else tuple(n.strip() for n in text.split(",") if n.strip())

    options = StrategyOptions(preload_module_classes=names(args.preload_module_classes),
                              fsdp_units=names(args.fsdp_units),
                              fsdp_forward_methods=names(args.fsdp_forward_methods) or (),
                              z3_leaf_modules=names(args.z3_leaf_modules) or (), world_size=args.world_size)
    return strategy_names(args.strategy), options


def confirm_main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    """Exit status: 1 when the access is confirmed, 0 when refuted, 2 when it could not be triggered."""
    from .runner import confirm
    from .scenario import CheckConfig

    stdout = stdout or sys.stdout
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        strategies, strategy_options = strategy_settings(args)
    except ValueError as error:
        parser.error(str(error))
    config = load_confirm_config()
    from .build import resolve

    for spec in (args.target, args.factory, args.call):
        try:
            if spec:
                resolve(spec)
        except LookupError as error:
            parser.error(str(error))  # exit 2 with the usage, not an internal error
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
        strategies=strategies,
        strategy_options=strategy_options,
    ))
    if args.output_format == "json":
        json.dump(report.to_json(), stdout, indent=2)
        stdout.write("\n")
    else:
        stdout.write(report.to_text(explain=args.explain) + "\n")
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
    strategies: Sequence[str] | str = (),
    strategy_options: StrategyOptions | None = None,
) -> list[Finding]:
    """Findings with their ``runtime`` verdict set (``to_json`` adds verdict, backend, level, evidence),
    followed by OFL900 findings for offloaded accesses no static finding covers.

    ``strategies``: judge each finding under these (the strategies its ``levels`` name) with the real
    libraries; the verdict's ``level`` then names the strategies that gave it."""
    from .environment import require_confirmer
    from .join import confirm_findings, plan_checks

    environment = require_confirmer()
    if not environment.has_transformers:
        sys.stderr.write(f"offload-lint: {environment.transformers_note()}\n")
    config = config or load_confirm_config()
    if strategies:
        from .strategies.findings import confirm_findings_by_strategy

        pairs_by_strategy = confirm_findings_by_strategy(findings, strategies, config=config, options=strategy_options)
        return [dataclasses.replace(f, runtime=v) for f, v in pairs_by_strategy]
    show = progress and len(plan_checks(findings)) > PROGRESS_THRESHOLD
    pairs = confirm_findings(findings, backend=backend or config.backend, config=config,
                             progress=ProgressBar() if show else None)
    return [dataclasses.replace(finding, runtime=verdict) for finding, verdict in pairs]


if __name__ == "__main__":  # python -m offload_lint.confirm.cli
    sys.exit(confirm_main())
