"""``offload-lint``: the command line. Exit codes: 0 clean, 1 findings, 2 tool error."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import NoReturn, Sequence

from . import __version__
from .cache import default_cache_dir
from .config import ConfigError, Settings, load_settings, parse_level, parse_strategy
from .discover import Discovery, cli_spelling
from .engine import LintResult, Options, lint
from .fix.apply import FixOutcome, FixPolicy, run_fixes
from .result import project_root
from .rules import ALL_RULES, PARSE_ERROR_CODE, RUNTIME_ONLY_CODE
from .ruledocs import all_docs, rule_doc

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
OUTPUT_FORMATS = ("text", "json", "github", "sarif")


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in text.split(",") if c.strip()]


def _names(text: str) -> frozenset[str]:
    return frozenset(name.strip() for name in text.split(",") if name.strip())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="offload-lint",
        description="Find code that touches weights outside the offloading hook that onloads them.",
        epilog="Subcommands: 'offload-lint rule CODE|--all' prints a rule's doc; "
        "'offload-lint confirm MODULE:CLASS METHOD' runs the runtime confirmer.",
    )
    parser.add_argument("paths", nargs="*", default=[],
                        help="files or directories (default: ., but none with --force-exclude)")
    parser.add_argument("--select", type=_codes, help="comma-separated codes or prefixes to enable")
    parser.add_argument("--extend-select", type=_codes, default=[], help="add to the selection")
    parser.add_argument("--ignore", type=_codes, default=[], help="codes or prefixes to disable")
    parser.add_argument("--exclude", action="append", default=[], help="gitignore-style pattern to skip")
    parser.add_argument("--force-exclude", action="store_true",
                        help="apply excludes also to files named on the command line (pre-commit)")
    parser.add_argument("--no-respect-gitignore", action="store_true", help="lint files .gitignore excludes")
    parser.add_argument("--in-project", action="store_true",
                        help="report the named files only, analyzed with every file of their project (base classes, "
                        "callers and components in files not named): what `offload-lint .` says of them. "
                        "The pre-commit hook passes it with the staged files")
    parser.add_argument("--level", choices=("block", "leaf", "both"),
                        help="diffusers group offloading level(s) to check (the same as --strategy group-block, ...)")
    parser.add_argument("--strategy", help="comma-separated offloading strategies to check: group-block, "
                        "group-leaf, accelerate-sequential, model-cpu-offload, fsdp2, zero3, or all "
                        "(default: group-block,group-leaf)")
    parser.add_argument("--preload-module-classes", type=_names, help="accelerate: classes offloaded as one "
                        "(cpu_offload(..., preload_module_classes=[...]))")
    parser.add_argument("--fsdp-units", type=_names, help="FSDP2: classes fully_shard is applied to "
                        "(default: the model's _no_split_modules)")
    parser.add_argument("--fsdp-forward-methods", type=_names,
                        help="FSDP2: methods registered with register_fsdp_forward_method")
    parser.add_argument("--z3-leaf-modules", type=_names, help="ZeRO-3: classes set as leaf modules")
    parser.add_argument("--tree-kind", choices=("auto", "library", "application"),
                        help="what runs the tree's code: library (users import it, so public methods and modules "
                        "nothing in the tree calls are API), application (only its own scripts, notebooks, configs "
                        "and docs run it), or auto (default: library where it declares a package)")
    parser.add_argument("--output-format", choices=OUTPUT_FORMATS, default="text")
    parser.add_argument("--statistics", action="store_true", help="count findings per rule")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    parser.add_argument("-j", "--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--show-suppressed", action="store_true",
                        help="also show findings of classes that set _supports_group_offloading = False")
    parser.add_argument("--config", type=Path, help="pyproject.toml to read instead of the nearest one")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument("--cache-dir", type=Path, help="cache directory (default: .offload-lint-cache)")
    parser.add_argument("--confirm", action="store_true",
                        help="confirm each finding at runtime (needs the 'confirm' extra: torch, diffusers); "
                             "with --fix, also each fixed finding on the fixed code")
    fixing = parser.add_argument_group("fixes")
    fixing.add_argument("--fix", action=argparse.BooleanOptionalAction, default=None,
                        help="apply the safe fixes (and the unsafe ones with --unsafe-fixes)")
    fixing.add_argument("--unsafe-fixes", action=argparse.BooleanOptionalAction, default=None,
                        help="also offer and apply fixes that may change behaviour")
    fixing.add_argument("--diff", action="store_true",
                        help="print the fixes as a unified diff and change nothing (exit 1 if there is a diff)")
    fixing.add_argument("--fixable", type=_codes, help="codes or prefixes whose fixes may be applied (default: ALL)")
    fixing.add_argument("--extend-fixable", type=_codes, default=[], help="add to --fixable")
    fixing.add_argument("--unfixable", type=_codes, default=[], help="codes or prefixes never fixed")
    parser.add_argument("--version", action="version", version=f"offload-lint {__version__}")
    return parser


def paths_to_lint(args: argparse.Namespace) -> list[str]:
    """With --force-exclude the file list is authoritative (pre-commit passes it): none given
    means nothing to lint, not the whole directory."""
    if args.paths:
        return list(args.paths)
    return [] if args.force_exclude else ["."]


def in_project(paths: list[str], settings: Settings, args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """--in-project: (every file of the project, the named files among them), spelled alike. The project is
    what its cache is keyed by: the configuration's folder, else the nearest pyproject.toml or .git above the
    first named file (as the flake8 plugin sees a file)."""
    named = Discovery(excludes=settings.exclude, respect_gitignore=not args.no_respect_gitignore,
                      force_exclude=args.force_exclude).files(paths)
    root = cli_spelling(project_root(settings, [str(path) for path in named] or paths))
    if os.path.isabs(root):  # a project above the working directory: its files as ``../x.py``, the named ones too
        root = os.path.relpath(root)
        spell = lambda path: os.path.relpath(os.path.realpath(path))  # noqa: E731
    else:
        spell = lambda path: cli_spelling(Path(path))  # noqa: E731
    project = Discovery(excludes=settings.exclude, respect_gitignore=not args.no_respect_gitignore).files([root])
    return [str(path) for path in project], [spell(str(path)) for path in named]


def settings_from(args: argparse.Namespace) -> Settings:
    start = Path(args.paths[0]) if args.paths else Path.cwd()
    settings = load_settings(start if start.exists() else Path.cwd(), args.config)
    if args.select is not None:
        settings.select = args.select
    settings.extend_select = settings.extend_select + args.extend_select
    settings.ignore = settings.ignore + args.ignore
    settings.exclude = settings.exclude + args.exclude
    if args.level and args.strategy:
        raise ConfigError("give either --level or --strategy, not both")
    if args.level:
        settings.levels = parse_level(args.level)
    if args.strategy:
        settings.levels = parse_strategy(args.strategy)
    if getattr(args, "tree_kind", None):
        settings.tree_kind = args.tree_kind
    declared = settings.declarations
    settings.declarations = replace(
        declared,
        preload_module_classes=declared.preload_module_classes | (args.preload_module_classes or frozenset()),
        fsdp_units=args.fsdp_units or declared.fsdp_units,
        fsdp_forward_methods=declared.fsdp_forward_methods | (args.fsdp_forward_methods or frozenset()),
        z3_leaf_modules=declared.z3_leaf_modules | (args.z3_leaf_modules or frozenset()),
    )
    if args.fix is not None:
        settings.fix = args.fix
    if args.unsafe_fixes is not None:
        settings.unsafe_fixes = args.unsafe_fixes
    if args.fixable is not None:
        settings.fixable = args.fixable
    settings.fixable = settings.fixable + args.extend_fixable
    settings.unfixable = settings.unfixable + args.unfixable
    return settings


def run_lint(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = settings_from(args)
    except ConfigError as error:
        print(f"offload-lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    known = {rule.code for rule in ALL_RULES} | {PARSE_ERROR_CODE, RUNTIME_ONLY_CODE}
    fix_selectors = [c for c in settings.fixable + settings.unfixable if c != "ALL"]
    for code in (settings.select or []) + settings.extend_select + settings.ignore + fix_selectors:
        if not any(k.startswith(code) for k in known):
            print(f"offload-lint: error: unknown rule selector {code!r}", file=sys.stderr)
            return EXIT_ERROR
    paths = paths_to_lint(args)
    report: list[str] | None = None
    if args.in_project and paths:
        paths, report = in_project(paths, settings, args)
    options = Options(
        paths=paths,
        report_paths=report,
        discovered=report is not None,
        settings=settings,
        jobs=args.jobs,
        cache_dir=None if args.no_cache else (args.cache_dir or default_cache_dir(settings)),
        show_suppressed=args.show_suppressed,
        force_exclude=args.force_exclude,
        respect_gitignore=not args.no_respect_gitignore,
    )
    result = lint(options) if paths and report != [] else LintResult(findings=[], files=0)
    policy = FixPolicy(settings.unsafe_fixes, tuple(settings.fixable), tuple(settings.unfixable))
    if args.diff:
        return show_diff(result, policy)
    before: dict = {}
    if settings.fix and args.confirm:
        from .confirm_bridge import confirm_before_fix  # imports torch lazily

        before = confirm_before_fix(result, policy)
    if settings.fix:
        result = apply_fixes(result, policy, options)
    else:
        result = replace(result, fixes=FixOutcome(policy))
    if args.confirm:
        from .confirm_bridge import annotate_result, confirm_fixed

        result = annotate_result(result, settings)
        if settings.fix:
            result = confirm_fixed(result, before)
    from .report import render

    render(args.output_format, result, sys.stdout, args.statistics)
    if result.findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def apply_fixes(result: LintResult, policy: FixPolicy, options: Options) -> LintResult:
    """--fix: fix, re-lint, repeat; the result is the last lint's, with what was fixed."""
    last = [result]

    def relint() -> list:
        last.append(lint(options))
        return last[-1].findings

    outcome, _ = run_fixes(result.findings, policy, relint)
    outcome.mode = "fix"
    for problem in outcome.problems:
        print(f"offload-lint: warning: {problem}", file=sys.stderr)
    return replace(last[-1], fixes=outcome)


def show_diff(result: LintResult, policy: FixPolicy) -> int:
    """--diff: the fixes of one round as a unified diff (stdout), a count on stderr; nothing written."""
    outcome, _ = run_fixes(result.findings, policy, relint=None)
    sys.stdout.write(outcome.diff())
    for problem in outcome.problems:
        print(f"offload-lint: warning: {problem}", file=sys.stderr)
    fixed = len(outcome.applied)
    hidden = sum(1 for f in result.findings if policy.hides(f))
    noun = "finding" if fixed == 1 else "findings"
    note = f" ({hidden} more with the `--unsafe-fixes` option)" if hidden else ""
    print(f"Would fix {fixed} {noun}{note}." if fixed else f"No fixes available{note}.", file=sys.stderr)
    return EXIT_FINDINGS if outcome.applied else EXIT_CLEAN


def run_rule(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="offload-lint rule", description="Print a rule's documentation.")
    parser.add_argument("code", nargs="?", help="e.g. OFL101")
    parser.add_argument("--all", action="store_true", help="print every rule's doc")
    args = parser.parse_args(argv)
    if args.all:
        sys.stdout.write("\n\n".join(all_docs().values()))
        return EXIT_CLEAN
    if not args.code:
        parser.error("give a rule code or --all")
    doc = rule_doc(args.code)
    if doc is None:
        print(f"offload-lint: error: no rule {args.code!r}", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(doc)
    return EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["rule"]:
            return run_rule(argv[1:])
        if argv[:1] == ["readiness"]:
            from .readiness.cli import run_readiness

            return run_readiness(argv[1:])
        if argv[:1] == ["confirm"]:
            from .confirm_bridge import confirm_command

            return confirm_command(argv[1:])
        return run_lint(argv)
    except KeyboardInterrupt:
        return EXIT_ERROR
    except ImportError as error:
        print(f"offload-lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        return EXIT_CLEAN
    except Exception as error:  # a tool error, never a traceback for the user
        if os.environ.get("OFFLOAD_LINT_DEBUG"):
            raise
        print(f"offload-lint: internal error: {type(error).__name__}: {error} "
              "(set OFFLOAD_LINT_DEBUG=1 for the traceback)", file=sys.stderr)
        return EXIT_ERROR


def console_main() -> NoReturn:
    """The ``offload-lint`` command: one run, then the process exits. Unless it confirms (which
    builds models) the cyclic collector stays off: it would only rescan the index's millions of
    objects, which live until the end anyway."""
    argv = sys.argv[1:]
    if argv[:1] != ["confirm"] and not any(arg.startswith("--confir") for arg in argv):
        gc.disable()
    code = main(argv)
    # Everything is written by now (reports, the cache; the worker pool is shut down). The interpreter's teardown
    # would free the index's millions of objects one by one (about 1.5 s of a 27 s run on transformers models/): end
    # the process at once instead.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # the reader went away (``| head``): nothing left to say
        pass
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
