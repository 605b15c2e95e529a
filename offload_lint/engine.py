"""The static pipeline: discover -> parse -> index -> analyze -> rules -> report.

Cost model: every file goes through ``ast`` once (the index, cached per file); only the
methods the index marks as touching an offloadable weight are parsed with libcst and
visited by the rules.
"""

from __future__ import annotations

import gc
import os
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import libcst as cst

from .analyze.access import Access, CollectedMethod, RawAccess, classify, collect_function
from .analyze.entry_points import Context, EntryPoints
from .analyze.hazards import HazardJudge
from .analyze.semantics import OffloadSemantics
from .analyze.snippet import method_snippet
from .analyze.targets import MethodTarget, methods_to_visit, touches_offloadable
from .cache import Cache, key_of
from .config import Settings, ignored_for_file, is_selected
from .discover import Discovery
from .finding import Finding
from .fix.apply import FixOutcome
from .index.extract import summarize
from .index.project import ClassInfo, ProjectIndex
from .index.summary import FileSummary, MethodSummary
from .noqa import is_suppressed
from .rules import ALL_RULES, PARSE_ERROR_CODE, PARSE_ERROR_NAME, ClassCheck, MethodCheck, Rule
from .source import SourceProblem, module_name_for, parse, read_lines, read_text, split_lines

SUPPRESSED_BY_OPT_OUT = "_supports_group_offloading = False"
_PARALLEL_THRESHOLD = 64  # below this many files a process pool costs more than it saves
_PARALLEL_COLLECT_THRESHOLD = 8  # files (or pieces of a large one) whose methods libcst parses


@dataclass
class Options:
    paths: list[str]
    settings: Settings = field(default_factory=Settings)
    jobs: int | None = None
    cache_dir: Path | None = None
    show_suppressed: bool = False
    force_exclude: bool = False
    respect_gitignore: bool = True
    read_installed: bool = True
    # Report findings for these files only; ``paths`` is then the project the index covers
    # (the flake8 plugin: one file at a time, cross-file facts from the whole project).
    report_paths: list[str] | None = None


@dataclass
class LintResult:
    findings: list[Finding]
    files: int
    suppressed: int = 0
    # What --fix/--diff did, and which fixes this run offers (None: the caller did not ask).
    fixes: FixOutcome | None = None


@dataclass
class IndexEntry:
    path: str
    fingerprint: tuple[int, int]
    summary: FileSummary | None
    problem: SourceProblem | None
    # The file this one says (in its header) it was generated from, as written there.
    generated_from: str | None = None


# --- workers (module level: they run in child processes) ----------------------------------
def _index_file(path: str) -> IndexEntry:
    fingerprint = _fingerprint(path)
    text = read_text(Path(path))
    if isinstance(text, SourceProblem):
        return IndexEntry(path, fingerprint, None, text)
    tree = parse(text, path)
    if isinstance(tree, SourceProblem):
        return IndexEntry(path, fingerprint, None, tree)
    module, is_package = module_name_for(Path(path))
    return IndexEntry(path, fingerprint, summarize(tree, path, module, is_package), None, _generated_from(text))


_GENERATED_FROM = re.compile(r"generated\s+from\s+\S*?([\w.-]+\.py)\b", re.IGNORECASE)


def _generated_from(text: str) -> str | None:
    """A generated file names its template in its first lines (transformers' modeling_x.py:
    "This file was automatically generated from src/transformers/models/x/modular_x.py")."""
    found = _GENERATED_FROM.search(text, 0, 2000)
    return found.group(1) if found else None


def generation_templates(entries: list[IndexEntry]) -> frozenset[str]:
    """Linted files that another linted file of their folder says it was generated from: templates
    such as transformers' modular_x.py, which nothing imports (only the generated file runs)."""
    linted = {os.path.normpath(entry.path): entry.path for entry in entries}
    templates = set()
    for entry in entries:
        if entry.generated_from:
            candidate = os.path.normpath(os.path.join(os.path.dirname(entry.path), entry.generated_from))
            if candidate in linted and candidate != os.path.normpath(entry.path):
                templates.add(linted[candidate])
    return frozenset(templates)


def _index_files(paths: list[str]) -> list[IndexEntry]:
    gc.disable()  # many short-lived trees: the cyclic collector only costs time here
    try:
        return [_index_file(p) for p in paths]
    finally:
        gc.enable()


MethodJob = tuple[int, int, str, frozenset[str] | None]  # start, end, self name, focus
_METHODS_PER_JOB = 400


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _collect_file(job: tuple[str, list[MethodJob]]) -> tuple[str, dict[tuple[int, int], CollectedMethod]]:
    """Run the libcst access collector on the given methods of one file."""
    path, methods = job
    text = read_text(Path(path))
    results: dict[tuple[int, int], CollectedMethod] = {}
    if isinstance(text, SourceProblem):
        return path, results
    lines = split_lines(text, keepends=True)
    whole = [(start, end, self_name) for start, end, self_name, focus in methods if not focus]
    results.update(collect_methods(lines, whole))
    for start, end, self_name, focus in methods:
        if focus:
            results[(start, end)] = collect_method(lines, start, end, self_name, focus)
    return path, results


def _collect_files(jobs: list[tuple[str, list[MethodJob]]]) -> list[tuple[str, dict]]:
    return [_collect_file(job) for job in jobs]


def collect_method(lines: list[str], start: int, end: int, self_name: str,
                   focus: frozenset[str] | None = None) -> CollectedMethod:
    """Parse just one method with libcst (columns kept: it is wrapped in a class body), or
    with a ``focus`` only the statements mentioning it (see :mod:`analyze.snippet`)."""
    snippet, offset = method_snippet(lines, start, end, focus)
    try:
        module = cst.parse_module(snippet)
    except _LIBCST_FAILURES:
        if not focus:
            return CollectedMethod([], {})
        snippet, offset = method_snippet(lines, start, end)  # the reduced text did not parse: all of it
        try:
            module = cst.parse_module(snippet)
        except _LIBCST_FAILURES:
            return CollectedMethod([], {})
    wrapper = cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True)
    function = next((node for node in _functions(wrapper.module)), None)
    if function is None:
        return CollectedMethod([], {})
    collected = collect_function(function, wrapper, self_name)
    return replace(collected, accesses=[_shift(access, offset) for access in collected.accesses])


def _functions(module: cst.Module):
    """The method of a snippet: the first function, at top level or in the wrapping class."""
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            yield statement
        elif isinstance(statement, cst.ClassDef):
            yield from (node for node in statement.body.body if isinstance(node, cst.FunctionDef))


_LIBCST_FAILURES = (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError)


def collect_methods(lines: list[str], methods: list[tuple[int, int, str]]) -> dict[tuple[int, int], CollectedMethod]:
    """Whole methods of one file, parsed with libcst together: one parse and one position pass
    for all methods at the same indentation (a class with 20,000 methods is one parse, not
    20,000), each method then visited by its own collector. Methods that do not fit a group
    (nested in another, or in a group libcst refuses) are parsed one by one."""
    results: dict[tuple[int, int], CollectedMethod] = {}
    groups: dict[str, list[tuple[int, int, str]]] = {}
    alone: list[tuple[int, int, str]] = []
    last_end: dict[str, int] = {}
    for start, end, self_name in sorted(set(methods)):
        first = lines[start - 1] if 0 < start <= len(lines) else ""
        indent = first[: len(first) - len(first.lstrip(" \t"))]
        if not indent or start <= last_end.get(indent, 0) or any(start <= e for e in last_end.values() if e):
            alone.append((start, end, self_name))
            continue
        groups.setdefault(indent, []).append((start, end, self_name))
        last_end[indent] = end
    for group in groups.values():
        found = _collect_group(lines, group) if len(group) > 1 else None
        if found is None:
            alone.extend(group)
        else:
            results.update(found)
    for start, end, self_name in alone:
        results[(start, end)] = collect_method(lines, start, end, self_name)
    return results


def _collect_group(lines: list[str], group: list[tuple[int, int, str]]) -> dict[tuple[int, int], CollectedMethod] | None:
    """One libcst parse for methods of equal indentation, one after the other in a ``class _:``
    (columns kept: the indentation is the file's). None: fall back to one parse per method."""
    text = ["class _:\n"]
    first_lines = []  # the snippet line each method starts on
    cursor = 2
    for start, end, _ in group:
        body = "".join(lines[start - 1 : end])
        if not body.endswith("\n"):
            body += "\n"
        text.append(body)
        first_lines.append(cursor)
        cursor += body.count("\n")
    try:
        module = cst.parse_module("".join(text))
    except _LIBCST_FAILURES:
        return None
    wrapper = cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True)
    body = module.body[0].body.body if module.body and isinstance(module.body[0], cst.ClassDef) else ()
    if len(body) != len(group) or not all(isinstance(node, cst.FunctionDef) for node in body):
        return None
    results: dict[tuple[int, int], CollectedMethod] = {}
    for node, (start, end, self_name), first in zip(body, group, first_lines):
        collected = collect_function(node, wrapper, self_name)
        results[(start, end)] = replace(collected, accesses=[_shift(access, start - first)
                                                             for access in collected.accesses])
    return results


def _shift(access: RawAccess, lines: int) -> RawAccess:
    span = access.range
    moved = type(span)(
        type(span.start)(span.start.line + lines, span.start.column),
        type(span.end)(span.end.line + lines, span.end.column),
    )
    return replace(access, range=moved)


def _fingerprint(path: str) -> tuple[int, int]:
    try:
        stat = os.stat(path)
    except OSError:
        return (-1, -1)
    return (stat.st_size, stat.st_mtime_ns)


_last_model: tuple[tuple, tuple[ProjectIndex, OffloadSemantics, EntryPoints]] | None = None


def _remember_model(key: tuple, model: tuple[ProjectIndex, OffloadSemantics, EntryPoints]) -> None:
    global _last_model
    _last_model = (key, model)


# --- the pipeline ---------------------------------------------------------------------------
class Linter:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.settings = options.settings
        self.cache = Cache(options.cache_dir)
        default_codes = {r.code for r in ALL_RULES if r.enabled_by_default} | {PARSE_ERROR_CODE}
        self.rules: list[Rule] = [
            rule() for rule in ALL_RULES if is_selected(rule.code, self.settings, default_codes)
        ]
        self.report_parse_errors = is_selected(PARSE_ERROR_CODE, self.settings, default_codes)
        self._pool: ProcessPoolExecutor | None = None
        self._external_read: dict[str, tuple[int, int]] = {}

    def discover(self) -> list[str]:
        discovery = Discovery(
            excludes=self.settings.exclude,
            respect_gitignore=self.options.respect_gitignore,
            force_exclude=self.options.force_exclude,
        )
        return [str(p) for p in discovery.files(self.options.paths)]

    def run(self) -> LintResult:
        # The index is millions of small, acyclic objects: the cyclic GC only rescans them.
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._run()
        finally:
            if self._pool is not None:
                self._pool.shutdown()
                self._pool = None
            if enabled:
                gc.enable()

    def _run(self) -> LintResult:
        paths = self.discover()
        if self.options.report_paths is not None:
            return self._run_for_report_paths(paths)
        fingerprints = [(p, _fingerprint(p)) for p in paths]
        result_key = key_of(fingerprints, self.settings.fingerprint(), [r.code for r in self.rules],
                            self.options.show_suppressed, self.options.read_installed)
        cached = self.cache.load(f"result-{result_key}.pickle")
        # Installed packages the answer depended on (base classes, components) must be unchanged too.
        if cached is not None and all(_fingerprint(path) == print_ for path, print_ in cached[1]):
            return cached[0]
        entries = self._index(paths)
        findings = self._analyze(entries)
        result = self._finish(findings, len(paths))
        installed = sorted(self._external_read.items())
        self.cache.store(f"result-{result_key}.pickle", (result, installed))
        self.cache.prune("result-", keep=8)
        return result

    def _run_for_report_paths(self, project_paths: list[str]) -> LintResult:
        """Index the whole project, analyze and report only ``report_paths`` (no result cache:
        one entry per file and edit would only fill the cache directory)."""
        report = list(dict.fromkeys(self.options.report_paths or []))
        paths = list(dict.fromkeys(project_paths + report))  # a named file is indexed even when excluded
        entries = self._index(paths)
        findings = self._analyze(entries, only=set(report))
        return self._finish(findings, len(report))

    # --- index --------------------------------------------------------------------------
    def _index(self, paths: list[str]) -> list[IndexEntry]:
        cached: dict[str, IndexEntry] = self.cache.load("index.pickle") or {}
        entries: dict[str, IndexEntry] = {}
        missing: list[str] = []
        for path in paths:
            entry = cached.get(path)
            if entry is not None and entry.fingerprint == _fingerprint(path) and entry.fingerprint != (-1, -1):
                entries[path] = entry
            else:
                missing.append(path)
        for entry in self._map(_index_files, missing):
            entries[entry.path] = entry
        if missing:
            kept = {p: e for p, e in cached.items() if p not in entries}
            kept.update(entries)
            self.cache.store("index.pickle", kept)
        return [entries[p] for p in paths]

    def _map(self, worker, items: list, threshold: int = _PARALLEL_THRESHOLD) -> list:
        """Run ``worker`` over chunks of ``items``, in processes when it pays off."""
        if not items:
            return []
        jobs = self.options.jobs or os.cpu_count() or 1
        if jobs <= 1 or len(items) < threshold:
            return worker(items)
        chunks = [items[i::jobs * 4] for i in range(jobs * 4)]
        if self._pool is None:
            # One pool for the whole run, forked while the parent is still small.
            self._pool = ProcessPoolExecutor(max_workers=jobs)
        out: list = []
        for part in self._pool.map(worker, chunks):
            out.extend(part)
        return out

    # --- analyze + rules ---------------------------------------------------------------------
    def _analyze(self, entries: list[IndexEntry], only: set[str] | None = None) -> list[Finding]:
        """``only``: analyze just the classes in these files (the index still spans ``entries``)."""
        findings: list[Finding] = []
        for entry in entries:
            if only is not None and entry.path not in only:
                continue
            if entry.problem is not None and self.report_parse_errors:
                findings.append(_problem_finding(entry.path, entry.problem))
        project, semantics, entry_points = self._project_model(entries)
        in_scope = None if only is None else [c for c in project.project_classes() if c.file.path in only]
        targets = methods_to_visit(project, semantics, entry_points, self.rules, in_scope)
        lookup = CoreFindings(semantics, entry_points, self._collect(targets, entries))
        selected = {rule.code for rule in self.rules}
        caller_rules = [r for r in self.rules if r.applies_to_non_modules and _overrides(r, "check_method")]
        for target in targets:
            cls = target.cls
            if cls.is_module:
                lookup.record(cls.qualified, [f for f in lookup.method(cls, target.method.name) if f.code in selected])
            if not caller_rules:
                continue
            check = lookup.check(cls, target.method, target.context, target.path)
            for rule in caller_rules:
                lookup.record(cls.qualified, rule.check_method(check))
        class_rules = [r for r in self.rules if _overrides(r, "check_class")]
        for late in (False, True):  # rules that judge all other findings run last
            for cls in project.project_classes():
                if only is not None and cls.file.path not in only:
                    continue
                rules = [r for r in class_rules
                         if r.needs_all_findings is late and (cls.is_module or r.applies_to_non_modules)]
                if not rules:
                    continue
                check = ClassCheck(cls, project, semantics, entry_points, cls.file.path,
                                   list(lookup.of_class(cls.qualified)), lookup)
                for rule in rules:
                    lookup.record(cls.qualified, rule.check_class(check))
        shown_on_opt_out = {r.code for r in self.rules if r.applies_to_opted_out}
        for qualified, produced in lookup.by_class.items():
            cls = project.lookup_class(qualified)
            opted_out = cls is not None and cls.is_module and semantics.opted_out(cls)
            for finding in produced:
                if opted_out and finding.code not in shown_on_opt_out:
                    finding = replace(finding, suppressed_by=SUPPRESSED_BY_OPT_OUT)
                findings.append(finding)
        if project.external_cache_changed:
            self.cache.store("external.pickle", project.external_cache)
        self._external_read = dict(project.external_used)
        return findings

    def _project_model(self, entries: list[IndexEntry]) -> tuple[ProjectIndex, OffloadSemantics, EntryPoints]:
        """The project's classes and what offloading does to them; reused while no file changed
        (the flake8 plugin asks once per file of the same project)."""
        key = (tuple((e.path, e.fingerprint) for e in entries), self.options.read_installed,
               self.settings.levels, self.settings.declarations, self.settings.setup_methods)
        if _last_model is not None and _last_model[0] == key:
            return _last_model[1]
        summaries = [e.summary for e in entries if e.summary is not None]
        project = ProjectIndex(summaries, read_installed=self.options.read_installed,
                               external_cache=self.cache.load("external.pickle") or {},
                               templates=generation_templates(entries))
        semantics = OffloadSemantics(project, self.settings.levels, self.settings.declarations)
        model = (project, semantics, EntryPoints(project, semantics, self.settings.setup_methods))
        _remember_model(key, model)
        return model

    def _collect(self, targets: list[MethodTarget], entries: list[IndexEntry]) -> dict[tuple[str, int, int], CollectedMethod]:
        fingerprints = {e.path: e.fingerprint for e in entries}
        cached: dict = self.cache.load("accesses.pickle") or {}
        wanted: dict[str, dict[MethodJob, None]] = {}
        out: dict[tuple[str, int, int], CollectedMethod] = {}
        for target in targets:
            path = target.path
            start, end = target.method.start_line, target.method.end_line
            key = (path, fingerprints.get(path), start, end, target.focus)
            if key in cached:
                out[(path, start, end)] = cached[key]
                continue
            self_name = target.method.params[0] if target.method.params else "self"
            wanted.setdefault(path, {})[(start, end, self_name, target.focus)] = None
        # A file with thousands of methods to parse is cut into pieces, so that it too is parsed
        # by every process.
        jobs = [(path, chunk) for path, methods in sorted(wanted.items())
                for chunk in _chunks(list(methods), _METHODS_PER_JOB)]
        fresh = self._map(_collect_files, jobs, threshold=_PARALLEL_COLLECT_THRESHOLD)
        focus_of = {(t.path, t.method.start_line, t.method.end_line): t.focus for t in targets}
        for path, results in fresh:
            for (start, end), raws in results.items():
                out[(path, start, end)] = raws
                cached[(path, fingerprints.get(path), start, end, focus_of.get((path, start, end)))] = raws
        if fresh:
            live = {k: v for k, v in cached.items() if fingerprints.get(k[0]) == k[1]}
            self.cache.store("accesses.pickle", live)
        return out

    # --- report -------------------------------------------------------------------------
    def _finish(self, findings: list[Finding], files: int) -> LintResult:
        kept: list[Finding] = []
        suppressed = 0
        lines_by_path: dict[str, list[str]] = {}
        for finding in findings:
            if ignored_for_file(finding.code, finding.path, self.settings):
                continue
            if finding.code != PARSE_ERROR_CODE:
                lines = lines_by_path.get(finding.path)
                if lines is None:
                    lines = lines_by_path[finding.path] = read_lines(Path(finding.path))
                if 0 < finding.line <= len(lines) and is_suppressed(finding.code, lines[finding.line - 1]):
                    continue
            if finding.suppressed_by and not self.options.show_suppressed:
                suppressed += 1
                continue
            kept.append(finding)
        # One finding per rule, method and weight: the first touch is the one to fix.
        unique: dict[tuple, Finding] = {}
        for finding in sorted(kept, key=Finding.sort_key):
            key = (finding.path, finding.code, finding.class_name, finding.method, finding.attribute)
            if finding.attribute is None or finding.method is None:
                key = (finding.path, finding.line, finding.column, finding.code, finding.message)
            unique.setdefault(key, finding)
        # A mixin's method inherited by many models is one place to fix: one finding per position.
        at: dict[tuple, Finding] = {}
        for finding in sorted(unique.values(), key=Finding.sort_key):
            at.setdefault((finding.path, finding.line, finding.column, finding.code), finding)
        ordered = sorted(at.values(), key=Finding.sort_key)
        return LintResult(ordered, files, suppressed)


def _overrides(rule: Rule | type[Rule], check: str) -> bool:
    cls = rule if isinstance(rule, type) else type(rule)
    return getattr(cls, check) is not getattr(Rule, check)


class CoreFindings:
    """What the module rules (those that do not look at pipelines) find, by (class, method).

    This is the one place that answers "is ``K.m`` unsafe?": the main pass asks it for every
    module method it visits, and caller rules (a pipeline calling ``self.prior.post_process_latents``)
    ask it about classes that may live in installed packages, analyzed lazily with the same
    rules. All module rules run here, selected or not, so the answer does not depend on
    ``--select``; the main pass keeps only the selected codes.
    """

    def __init__(self, semantics: OffloadSemantics, entry_points: EntryPoints,
                 raw_by_method: dict[tuple[str, int, int], CollectedMethod]) -> None:
        self.semantics = semantics
        self.entry_points = entry_points
        self.raw_by_method = raw_by_method
        self.rules: list[Rule] = [
            rule() for rule in ALL_RULES if not rule.applies_to_non_modules and _overrides(rule, "check_method")
        ]
        self.by_class: dict[str, list[Finding]] = {}
        self.judge = HazardJudge(semantics, self.helper_flow)
        self._memo: dict[tuple[str, str], list[Finding]] = {}
        self._lines: dict[str, list[str]] = {}

    def method(self, cls: ClassInfo, name: str) -> list[Finding]:
        key = (cls.qualified, name)
        if key not in self._memo:
            self._memo[key] = []  # guards recursion
            self._memo[key] = self._analyze(cls, name)
        return self._memo[key]

    def of_class(self, qualified: str) -> list[Finding]:
        return self.by_class.get(qualified, [])

    def record(self, qualified: str, produced) -> None:
        self.by_class.setdefault(qualified, []).extend(produced)

    def check(self, cls: ClassInfo, method: MethodSummary, context, path: str) -> MethodCheck:
        collected = self.collected(path, method)
        raws = collected.accesses
        by_index: list[Access | None] = []
        for index, raw in enumerate(raws):
            resolution = self.semantics.resolve(cls, raw.chain)
            kind = classify(resolution, raw, in_property=method.is_property) if resolution is not None else None
            by_index.append(Access(raw, resolution, kind, index) if resolution is not None else None)
        accesses = [access for access in by_index if access is not None]
        return MethodCheck(cls, method, context, accesses, self.semantics, self.entry_points, path, raws, self,
                           by_index, self.judge, collected.result_sinks)

    def helper_flow(self, cls: ClassInfo, method: MethodSummary) -> CollectedMethod:
        """Where a helper of ``cls`` sends each of its parameters (the helper is parsed on demand)."""
        defining = cls.methods.get(method.name, (cls, method))[0]
        return self.collected(defining.file.path, method, tuple(defining.summary.methods.values()))

    def _analyze(self, cls: ClassInfo, name: str) -> list[Finding]:
        found = cls.methods.get(name)
        if found is None or not cls.is_module:
            return []
        defining, method = found
        if method.is_static:
            return []
        context = self.entry_points.context(cls, name)
        if context.context is Context.SETUP or not touches_offloadable(cls, method, context, self.semantics):
            return []
        check = self.check(cls, method, context, defining.file.path)
        return [finding for rule in self.rules for finding in rule.check_method(check)]

    def collected(self, path: str, method: MethodSummary, siblings: tuple[MethodSummary, ...] = ()) -> CollectedMethod:
        """The libcst pass over ``method``; one not parsed yet (a helper, a child's forward(), an installed
        class) is parsed on demand together with the ``siblings`` not parsed yet (one parse for all)."""
        key = (path, method.start_line, method.end_line)
        if key not in self.raw_by_method:
            lines = self._lines.get(path)
            if lines is None:
                lines = self._lines[path] = read_lines(Path(path), keepends=True)
            if not lines:
                self.raw_by_method[key] = CollectedMethod([], {})
                return self.raw_by_method[key]
            jobs = {(m.start_line, m.end_line, m.params[0] if m.params and not m.is_static else ""): None
                    for m in (method,) + siblings if (path, m.start_line, m.end_line) not in self.raw_by_method}
            for (start, end), collected in collect_methods(lines, list(jobs)).items():
                self.raw_by_method[(path, start, end)] = collected
            self.raw_by_method.setdefault(key, CollectedMethod([], {}))
        return self.raw_by_method[key]


def _problem_finding(path: str, problem: SourceProblem) -> Finding:
    return Finding(
        path=path, line=problem.line, column=problem.column, end_line=problem.line,
        end_column=problem.column + 1, code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME,
        message=f"{problem.message}; the file was not analyzed",
    )


def lint(options: Options) -> LintResult:
    return Linter(options).run()


def lint_files(paths: list[str], project_paths: list[str], settings: Settings,
               cache_dir: Path | None = None, read_installed: bool = True) -> LintResult:
    """Findings in ``paths`` only, with the facts (bases, callers) of every file under
    ``project_paths``. Pass paths spelled as the CLI would (relative to the working
    directory) to share its index cache."""
    options = Options(paths=project_paths, settings=settings, jobs=1, cache_dir=cache_dir,
                      read_installed=read_installed, report_paths=paths)
    return Linter(options).run()
