"""``offload-lint readiness [PATH ...]``: per pipeline, which component fails group offloading at which
level, with and without streams. Exit codes: 0 no component fails under the test's inputs, 1 one
does (or ``--check`` found a problem), 2 tool error."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from ..config import ConfigError, load_settings
from ..finding import display_path
from .report import FORMATS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
# --check reports findings, so it speaks the linter's formats; these two exist only there.
_CHECK_ONLY_FORMATS = ("github", "sarif")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="offload-lint readiness",
        description="Per DiffusionPipeline: each component's group-offloading verdict per level (block, leaf), "
                    "with and without streams, the findings behind it, and the test config that follows.")
    parser.add_argument("paths", nargs="*", default=["."], help="files or folders holding pipelines (default: .)")
    parser.add_argument("--pipeline", action="append", default=[], metavar="NAME",
                        help="only this pipeline class (repeatable)")
    parser.add_argument("--output-format", choices=sorted(set(FORMATS) | set(_CHECK_ONLY_FORMATS)), default="text",
                        help="text, markdown, json, config; with --check: text, json, github, sarif")
    parser.add_argument("--tests", metavar="DIR",
                        help="a diffusers checkout's tests/ (or tests/pipelines): conditions follow each test's "
                             "get_dummy_inputs(), and --confirm builds its get_dummy_components()")
    parser.add_argument("--check", metavar="TESTS_DIR",
                        help="report the pipeline tests' group-offloading lists, skips and xfails that the "
                             "verdicts contradict, as findings (every linter output format)")
    parser.add_argument("--confirm", action="store_true",
                        help="prove each row at runtime as diffusers' tests do (needs the confirm extra)")
    parser.add_argument("--explain", action="store_true", help="with --confirm: show what the builder tried")
    parser.add_argument("--backend", choices=("tracking", "cuda"), default="tracking",
                        help="with --confirm: tracking (cpu, streams rows unknown; the default) or cuda (a GPU: "
                             "every row on the device as diffusers' GPU tests run it, streams rows with real streams)")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when a component fails")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--cache-dir", type=Path)
    parser.add_argument("-j", "--jobs", type=int)
    return parser


def run_readiness(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = load_settings(Path(args.paths[0]) if Path(args.paths[0]).exists() else Path.cwd())
    except ConfigError as error:
        print(f"offload-lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"offload-lint: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return EXIT_ERROR
    from ..cli import default_cache_dir

    cache_dir = None if args.no_cache else (args.cache_dir or default_cache_dir(settings))
    if args.check:
        from .check import run_check

        return run_check(args.check, list(args.paths), args.output_format, only=set(args.pipeline) or None,
                         exit_zero=args.exit_zero, settings=settings, cache_dir=cache_dir, jobs=args.jobs)
    if args.output_format in _CHECK_ONLY_FORMATS:
        print(f"offload-lint: error: --output-format {args.output_format} goes with --check", file=sys.stderr)
        return EXIT_ERROR
    from . import assess_paths

    inputs = built = switches = None
    if args.tests:
        from .dummies import built_components, setup_calls
        from .tests_config import dummy_inputs

        inputs, built, switches = dummy_inputs(args.tests), built_components(args.tests), setup_calls(args.tests)
    run = assess_paths(list(args.paths), settings, cache_dir, set(args.pipeline) or None, inputs, args.jobs, built,
                       switches=switches)
    for problem in run.problems:  # a file that does not parse costs its own classes, never the run
        print(f"{display_path(problem.path)}:{problem.line}:{problem.column}: {problem.code} {problem.message}",
              file=sys.stderr)
    if args.pipeline and not run.pipelines:
        print(f"offload-lint: error: no pipeline named {', '.join(args.pipeline)} under {', '.join(args.paths)}",
              file=sys.stderr)
        return EXIT_ERROR
    if args.confirm:
        from ..confirm.cli import ProgressBar
        from ..confirm.readiness import BackendUnavailable, confirm_rows  # imports torch

        # A bar on stderr for runs long enough to wonder about (one pipeline builds in seconds).
        progress = ProgressBar() if len(run.pipelines) > 1 and sys.stderr.isatty() else None
        try:
            run = confirm_rows(run, tests_dir=args.tests, progress=progress, backend=args.backend)
        except BackendUnavailable as error:
            print(f"offload-lint: error: {error}", file=sys.stderr)
            return EXIT_ERROR
    FORMATS[args.output_format](run.pipelines, sys.stdout)
    if args.explain and args.output_format in ("text", "markdown"):
        from .report import render_traces

        render_traces(run.pipelines, sys.stdout)
    failing = any(row.fails_under_test for p in run.pipelines for row in p.rows)
    return EXIT_FINDINGS if failing and not args.exit_zero else EXIT_CLEAN


__all__ = ["build_parser", "run_readiness"]
