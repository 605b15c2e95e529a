"""``offload-lint readiness --check TESTS_DIR PATH...``: a diffusers checkout's pipeline test
configs against the readiness rows of the pipelines they test, as findings (OFL301-OFL306,
``offload_lint/rules/test_config.py``) that every reporter and exit code of the linter handles.

Each finding is reported where the test config must change: the list element, the decorator or
override, or the ``pipeline_class = ...`` line when nothing is written yet.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Iterator, Sequence, TextIO

from ..config import Settings
from ..result import LintResult
from ..finding import BLOCK, LEAF, Finding
from ..noqa import is_suppressed
from ..rules import rules_by_code
from .model import Cause, Component, PipelineReadiness, Row, Verdict
from .tests_config import EXCLUDE, LEAF_EXCLUDE, LEVELS_OF_LIST, ONLOAD, Listed, Marker, Place, TestConfig, read_tests

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
_REPORTED_FORMATS = ("text", "json", "github", "sarif")


# --- what a test does to a pipeline -----------------------------------------------------------
@dataclass
class _Subject:
    """One test config and the readiness of the pipeline it tests."""

    config: TestConfig
    pipeline: PipelineReadiness
    init_names: frozenset[str] | None  # every name the pipeline's __init__ takes; None: unreadable

    @property
    def components(self) -> dict[str, Component]:
        return {c.name: c for c in self.pipeline.components}

    def rows(self, component: str, levels: Iterable[str]) -> list[Row]:
        wanted = set(levels)
        return [r for r in self.pipeline.rows_of(component) if r.level in wanted and r.streams in self.config.streams]

    def failing_levels(self, component: str, levels: Iterable[str] = (BLOCK, LEAF)) -> list[str]:
        return _ordered({r.level for r in self.rows(component, levels) if r.fails_under_test})

    def undecided_levels(self, component: str, levels: Iterable[str] = (BLOCK, LEAF)) -> list[str]:
        return _ordered({r.level for r in self.rows(component, levels) if r.verdict is Verdict.UNKNOWN})

    def offloaded(self, level: str, pipeline_level: bool = False) -> list[Component]:
        """The components the group-offloading test offloads at ``level``: every supported
        ``nn.Module`` but the listed ones (list form), or the hard-coded names (older form); the
        pipeline-level test offloads every supported one."""
        skips_whole_pipeline = pipeline_level or not self.config.list_form
        if skips_whole_pipeline and any(not c.supports_group_offloading for c in self.pipeline.components):
            return []  # the older and the pipeline-level tests skip a pipeline with an opted-out component
        found = []
        for component in self.pipeline.components:
            if not component.supports_group_offloading:
                continue  # the list-form tests skip opted-out components
            if pipeline_level:
                found.append(component)
            elif self.config.list_form:
                if not any(level in LEVELS_OF_LIST[name] for name in self.config.listed(component.name)):
                    found.append(component)
            elif component.name in self.config.hard_coded:
                found.append(component)
        return found

    @property
    def streams_note(self) -> str:
        return " with streams" if self.config.streams == (True,) else ""


def _ordered(levels: set[str]) -> list[str]:
    return [level for level in (BLOCK, LEAF) if level in levels]


def _levels_text(levels: Sequence[str]) -> str:
    return " and ".join(levels) + (" levels" if len(levels) > 1 else " level")


def _first_cause(rows: list[Row]) -> Cause | None:
    for row in rows:
        taken = [c for c in row.causes if c.taken_by_test]
        if taken:
            return taken[0]
    return None


def _cause_text(cause: Cause | None) -> str:
    if cause is None:
        return "no cause recorded"
    where = f"{cause.class_name}.{cause.method}" if cause.class_name and cause.method else cause.class_name or "?"
    return f"{cause.code} at {cause.location()} in {where}" + (f" (via {cause.via})" if cause.via else "")


def _component_text(component: Component) -> str:
    return f"'{component.name}' ({component.short_class})"


# --- the six problems --------------------------------------------------------------------------
def _unlisted_failing(subject: _Subject) -> Iterator[tuple[str, Place, str, str]]:
    """OFL301: a component the test offloads fails under its inputs, and no marker hides that level."""
    config = subject.config
    if not config.runs_group_offloading:
        return
    hidden = {level for marker in config.markers if not marker.pipeline_level for level in marker.levels}
    for component in subject.pipeline.components:
        levels = [level for level in (BLOCK, LEAF) if level not in hidden
                  and component in subject.offloaded(level) and level in subject.failing_levels(component.name)]
        if not levels:
            continue
        cause = _first_cause(subject.rows(component.name, levels))
        if config.list_form:
            fix = (f"add '{component.name}' to {LEAF_EXCLUDE}" if levels == [LEAF]
                   else f"add '{component.name}' to {EXCLUDE}"
                   + (" (there is no block-only list)" if levels == [BLOCK] else ""))
            fix += ", with a comment giving the cause"
        else:
            fix = (f"the test offloads the hard-coded name '{component.name}' and has no list: fix the cause, or "
                   f"move {config.name} to the list form and add it to "
                   f"{LEAF_EXCLUDE if levels == [LEAF] else EXCLUDE}")
        if component.is_diffusers_model:
            fix += f"; or, if {component.short_class} cannot be offloaded, declare _supports_group_offloading = False"
        message = (f"{_component_text(component)} of {config.pipeline_class} fails group offloading at "
                   f"{_levels_text(levels)}{subject.streams_note} under the test's inputs: {_cause_text(cause)}; "
                   f"no group-offloading list of {config.name} leaves it out. Fix: {fix}")
        yield "OFL301", config.pipeline_place, message, component.name


def _listed_problems(subject: _Subject) -> Iterator[tuple[str, Place, str, str]]:
    """OFL302, OFL303, OFL305: each name the config's lists hold."""
    components = subject.components
    known = set(components) | (subject.init_names or set())
    for list_name, items in subject.config.lists.items():
        for item in items:
            component = components.get(item.name)
            if component is None:
                if item.name not in known:
                    yield "OFL303", item.place, _unknown_message(subject, item), item.name
                continue
            if not component.supports_group_offloading:
                continue  # the test skips it anyway; OFL306 asks whether the opt-out holds
            yield from _needless(subject, component, item)
            yield from _leaf_only(subject, component, item)


def _unknown_message(subject: _Subject, item: Listed) -> str:
    names = ", ".join(sorted(c.name for c in subject.pipeline.components)) or "none"
    return (f"'{item.name}' in {item.list_name} is no component of {subject.config.pipeline_class} "
            f"(its nn.Module components: {names}); the test fails on it as a typo. "
            f"Fix: remove it from {item.list_name} or correct the name")


def _needless(subject: _Subject, component: Component, item: Listed) -> Iterator[tuple[str, Place, str, str]]:
    """OFL302: a listed component that passes at a level the list leaves it out of."""
    levels = LEVELS_OF_LIST[item.list_name]
    failing = subject.failing_levels(component.name, levels)
    undecided = subject.undecided_levels(component.name, levels)
    passing = [level for level in levels if level not in failing and level not in undecided]
    if not passing or (failing and item.list_name == LEAF_EXCLUDE):
        return
    if failing or undecided:
        if item.list_name != EXCLUDE or LEAF not in failing + undecided or BLOCK not in passing:
            return  # a failing level keeps it listed; only exclude->leaf list is a narrower place
        fix = f"move it from {EXCLUDE} to {LEAF_EXCLUDE}"
    else:
        fix = f"remove it from {item.list_name}"
    why = _pass_basis(subject, component, passing)
    message = (f"{_component_text(component)} is in {item.list_name}, but it passes group offloading at "
               f"{_levels_text(passing)}{subject.streams_note} in {subject.config.pipeline_class} under the test's "
               f"inputs ({why}): the list hides coverage. Fix: {fix}")
    yield "OFL302", item.place, message, component.name


def _pass_basis(subject: _Subject, component: Component, levels: Sequence[str]) -> str:
    """Why the rows pass: a hazard the test's inputs avoid, the assessor's reason (a component
    the static walk never sees run), or no hazard on the paths taken."""
    rows = subject.rows(component.name, levels)
    conditional = [c for r in rows for c in r.causes if not c.taken_by_test]
    if conditional:
        return (f"its only hazards need {conditional[0].condition}, which the test's inputs avoid: "
                f"{_cause_text(conditional[0])}")
    reason = next((r.reason for r in rows if r.reason), "")
    return reason or f"no hazard at {_levels_text(levels)} on the paths its __call__ takes"


def _leaf_only(subject: _Subject, component: Component, item: Listed) -> Iterator[tuple[str, Place, str, str]]:
    """OFL305: listed for the leaf-level test only, but the block-level test fails on it too."""
    if item.list_name != LEAF_EXCLUDE or subject.config.listed(component.name).keys() & {EXCLUDE, ONLOAD}:
        return
    if BLOCK not in subject.failing_levels(component.name, (BLOCK,)):
        return
    cause = _first_cause(subject.rows(component.name, (BLOCK,)))
    message = (f"{_component_text(component)} is in {LEAF_EXCLUDE} only, but it fails group offloading at block "
               f"level too{subject.streams_note} in {subject.config.pipeline_class}: {_cause_text(cause)}. "
               f"Fix: move it from {LEAF_EXCLUDE} to {EXCLUDE}, or fix the cause")
    yield "OFL305", item.place, message, component.name


def _stale_markers(subject: _Subject) -> Iterator[tuple[str, Place, str, str]]:
    """OFL304: a skipped, xfailed or switched-off group-offloading test whose components all pass."""
    for marker in subject.config.markers:
        offloaded: dict[str, Component] = {}
        blocking = False
        for level in marker.levels:
            for component in subject.offloaded(level, marker.pipeline_level):
                offloaded[component.name] = component
                if level in subject.failing_levels(component.name, (level,)) + \
                        subject.undecided_levels(component.name, (level,)):
                    blocking = True
        if blocking or not offloaded:
            continue  # a failing component justifies it; a test that offloads nothing is skipped anyway
        yield "OFL304", marker.place, _stale_message(subject, marker, list(offloaded.values())), marker.test


def _stale_message(subject: _Subject, marker: Marker, offloaded: list[Component]) -> str:
    by_basis: dict[str, list[str]] = {}
    for component in offloaded:
        by_basis.setdefault(_pass_basis(subject, component, marker.levels), []).append(_component_text(component))
    names = "; ".join(f"{', '.join(components)}: {basis.replace('its __call__', '__call__')}"
                      for basis, components in by_basis.items()) or "no component"
    what = {"skip": "skips", "xfail": "expects to fail", "override": "overrides to do nothing",
            "disabled": "switches off"}[marker.kind]
    consequence = (" A strict xfail now fails the suite as XPASS." if marker.strict
                   else " The test is hidden: coverage lost.")
    remove = {"skip": "remove the skip decorator", "xfail": "remove the xfail marker",
              "override": "remove the override", "disabled": f"set {marker.test} = True"}[marker.kind]
    return (f"{subject.config.name} {what} {marker.test} of {subject.config.pipeline_class}, but every component it "
            f"offloads passes at {_levels_text(marker.levels)}{subject.streams_note} under the test's inputs "
            f"({names}).{consequence} Fix: {remove}")


def _unjustified_opt_outs(subject: _Subject) -> Iterator[tuple[str, Place, str, str]]:
    """OFL306: a diffusers model's ``_supports_group_offloading = False`` that no row of this pipeline
    needs (rows assessed as if it had not opted out)."""
    for component in subject.pipeline.components:
        if component.supports_group_offloading or not component.is_diffusers_model:
            continue
        rows = subject.rows(component.name, (BLOCK, LEAF))
        if not rows or any(r.verdict is not Verdict.PASSES for r in rows):
            continue
        message = (f"{_component_text(component)} of {subject.config.pipeline_class}: {component.short_class} sets "
                   f"_supports_group_offloading = False, but without it the component passes group offloading at "
                   f"block and leaf levels{subject.streams_note} in this pipeline "
                   f"({_pass_basis(subject, component, (BLOCK, LEAF))}), so {subject.config.name} skips it for nothing. Fix: drop the flag from "
                   f"{component.short_class} (confirm with `offload-lint readiness --confirm`), or write the reason "
                   f"the rules cannot see next to it")
        yield "OFL306", subject.config.pipeline_place, message, component.name


_PROBLEMS = (_unlisted_failing, _listed_problems, _stale_markers, _unjustified_opt_outs)


# --- configs x rows -> findings ----------------------------------------------------------------
def compare(configs: list[TestConfig], pipelines: list[PipelineReadiness]) -> list[Finding]:
    """The findings for ``configs`` whose pipeline is among ``pipelines`` (the others are not
    assessed: their pipeline is outside the linted paths)."""
    by_name = {p.name: p for p in pipelines}
    names = rules_by_code()
    seen: dict[tuple[str, str, int, int, str], Finding] = {}
    init_names: dict[str, frozenset[str] | None] = {}
    for config in configs:
        pipeline = by_name.get(config.pipeline_class)
        if pipeline is None:
            continue
        if pipeline.name not in init_names:
            init_names[pipeline.name] = _init_names(pipeline)
        subject = _Subject(config, pipeline, init_names[pipeline.name])
        for problem in _PROBLEMS:
            for code, place, message, about in problem(subject):
                key = (code, place.path, place.line, place.column, about)
                seen.setdefault(key, Finding(
                    place.path, place.line, place.column, place.end_line, place.end_column, code, names[code].name,
                    message, class_name=config.name, attribute=about,
                    extra={"pipeline": pipeline.name, "test_class": config.name}))
    return sorted(seen.values(), key=Finding.sort_key)


def _init_names(pipeline: PipelineReadiness) -> frozenset[str] | None:
    """The parameters of the pipeline's own ``__init__`` (what ``pipe.components`` holds), read from
    its source; None when the class defines none (an inherited one is not followed)."""
    try:
        tree = ast.parse(Path(pipeline.path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == pipeline.name and node.lineno == pipeline.line:
            for statement in node.body:
                if isinstance(statement, ast.FunctionDef) and statement.name == "__init__":
                    arguments = statement.args
                    return frozenset(a.arg for a in arguments.args + arguments.kwonlyargs if a.arg != "self")
    return None


def check(tests_dir: str, paths: list[str], settings: Settings | None = None, cache_dir: Path | None = None,
          only: set[str] | None = None, jobs: int | None = None) -> LintResult:
    """Read the tests under ``tests_dir``, assess the pipelines they name under ``paths`` (under the
    tests' dummy inputs, opted-out components as if they had not opted out) and compare."""
    from . import assess_paths

    configs = read_tests(tests_dir)
    named = {c.pipeline_class for c in configs}
    wanted = named & only if only else named
    if not wanted:
        return LintResult([], _file_count(tests_dir))
    inputs = _inputs_by_pipeline(configs)
    # The assessment wants every lint rule whatever the check selects (the rows need them all).
    assess_settings = replace(settings, select=None, extend_select=[], ignore=[]) if settings else None
    run = assess_paths(paths, assess_settings, cache_dir, wanted, inputs, jobs, ignore_opt_out=True)
    findings = [f for f in compare(configs, run.pipelines) if _wanted(f, settings)]
    return LintResult(findings, _file_count(tests_dir))


def _inputs_by_pipeline(configs: list[TestConfig]) -> dict[str, dict]:
    chosen: dict[str, TestConfig] = {}
    for config in configs:
        current = chosen.get(config.pipeline_class)
        if current is None or (config.runs_group_offloading and not current.runs_group_offloading):
            chosen[config.pipeline_class] = config
    return {name: dict(config.inputs) for name, config in chosen.items()}


def _wanted(finding: Finding, settings: Settings | None) -> bool:
    """Selectors as the linter reads them (a prefix selects), and ``# noqa: OFL30x`` on the line."""
    if settings is not None:
        selected = settings.select is None or any(finding.code.startswith(s) for s in settings.select)
        selected = selected or any(finding.code.startswith(s) for s in settings.extend_select)
        if not selected or any(finding.code.startswith(s) for s in settings.ignore):
            return False
    try:
        lines = Path(finding.path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return True
    return not (0 < finding.line <= len(lines) and is_suppressed(finding.code, lines[finding.line - 1]))


def _file_count(tests_dir: str) -> int:
    root = Path(tests_dir)
    return sum(1 for _ in root.rglob("*.py")) if root.is_dir() else 1


# --- entry points -----------------------------------------------------------------------------
def run_check(tests_dir: str, paths: list[str], output_format: str = "text", only: set[str] | None = None,
              exit_zero: bool = False, settings: Settings | None = None, cache_dir: Path | None = None,
              jobs: int | None = None, out: TextIO | None = None, statistics: bool = False) -> int:
    """``readiness --check``: report in one of the linter's formats; 0 clean, 1 findings, 2 error."""
    out = out or sys.stdout
    if output_format not in _REPORTED_FORMATS:
        print(f"offload-lint: error: --check reports as {', '.join(_REPORTED_FORMATS)}, not {output_format!r}",
              file=sys.stderr)
        return EXIT_ERROR
    missing = [p for p in [tests_dir, *paths] if not Path(p).exists()]
    if missing:
        print(f"offload-lint: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return EXIT_ERROR
    result = check(tests_dir, paths, settings, cache_dir, only, jobs)
    from ..report import render

    render(output_format, result, out, statistics)
    return EXIT_FINDINGS if result.findings and not exit_zero else EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    """``--check TESTS_DIR PATH...`` on its own (what ``offload-lint readiness --check`` calls)."""
    parser = argparse.ArgumentParser(prog="offload-lint readiness --check",
                                     description="Check a diffusers checkout's group-offloading test configs.")
    parser.add_argument("--check", required=True, metavar="TESTS_DIR", help="the tests folder (tests/pipelines)")
    parser.add_argument("paths", nargs="*", default=["."], help="files or folders holding the pipelines")
    parser.add_argument("--pipeline", action="append", default=[], metavar="NAME")
    parser.add_argument("--output-format", choices=_REPORTED_FORMATS, default="text")
    parser.add_argument("--select", default=None, help="comma-separated codes or prefixes")
    parser.add_argument("--ignore", default="", help="comma-separated codes or prefixes")
    parser.add_argument("--exit-zero", action="store_true")
    parser.add_argument("--statistics", action="store_true")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    settings = Settings(select=_codes(args.select) if args.select is not None else None, ignore=_codes(args.ignore))
    return run_check(args.check, list(args.paths), args.output_format, set(args.pipeline) or None, args.exit_zero,
                     settings, statistics=args.statistics)


def _codes(text: str) -> list[str]:
    return [code.strip().upper() for code in text.split(",") if code.strip()]


__all__ = ["check", "compare", "main", "run_check"]

if __name__ == "__main__":
    sys.exit(main())
