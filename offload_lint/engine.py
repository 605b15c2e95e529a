"""The static pipeline: discover -> parse -> index -> analyze -> rules -> report.

Cost model: every file goes through ``ast`` once (the index, cached per file); only the
methods the index marks as touching an offloadable weight are parsed with libcst and
visited by the rules.
"""

from __future__ import annotations

import gc
import os
import pickle
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Iterable

from .analyze.records import CollectedMethod
from .analyze.components import test_offloading_nothing
from .analyze.entry_points import ONLY_DELEGATED, EntryPoints
from .analyze.receivers import USES_READ
from .analyze.setup_callers import AFTER_OFFLOADING, BEFORE_OFFLOADING
from .analyze.hazards import HazardJudge
from .analyze.method_facts import MethodFacts
from .analyze.config_branches import FIELD_DEFAULT_READ, OPTION_READ
from .analyze.semantics import SWITCH_READ, OffloadSemantics
from .analyze.targets import MethodTarget, iter_methods_to_visit, touches_offloadable
from .cache import Cache, key_of
from .config import Settings, ignored_for_file, is_selected
from .discover import Discovery
from .finding import Finding, RelatedLocation
from .fix.model import merged_fix
from .index.extract import MODEL_LOADS, forget_shared, summarize
from .index.copies import set_copy_keys
from .index.project import ClassInfo, ProjectIndex
from .index.summary import FileSummary, MethodSummary
from .noqa import is_suppressed
from .project_files import ExternalFiles, ProjectFiles
from .related import VendoredCopies, merge_generated_copies, merge_vendored_copies, vendored_copies, with_related
from .result import LintResult, cached_result, project_root, result_key
from .tree import ProjectTree, project_tree
from .rules import (ALL_RULES, PARSE_ERROR_CODE, PARSE_ERROR_NAME, ClassCheck, FunctionCheck, MethodCheck, Rule, Scope,
                    rules_by_code)
from .source import SourceProblem, module_name_for, parse, read_lines, read_text

if TYPE_CHECKING:
    from .analyze.collect import FileJob, MethodJob, NumberNames

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
    # ``paths`` are files a discovery already found and sorted (the flake8 plugin's walk of the project):
    # not looked up again, two ``stat`` calls per file.
    discovered: bool = False


Collected = dict[tuple[int, int, "frozenset[str] | None"], CollectedMethod]


class FilePayload:
    """What the cache keeps for one file's content: its index entry and the libcst results of its
    methods, by (first line, last line, focus).

    The results are pickled apart, as bytes inside the payload, and unpickled when first read: every run
    loads every file's entry, but an incremental run reads the results of the files it analyzes again
    only (unpickling the others' positions was a tenth of a run on transformers ``models/``)."""

    def __init__(self, entry: IndexEntry, collected: Collected | None = None, pickled: bytes | None = None,
                 texts: dict[str, tuple[int, int, "frozenset[str] | None"]] | None = None) -> None:
        self.entry = entry
        self._collected = collected if collected is not None or pickled is not None else {}
        self._pickled = pickled
        # Each collected method's text (a digest of :meth:`_MethodTexts.key`) -> its key in ``collected``: the
        # next version of the file (an edit elsewhere in it) takes the results of the methods it left as they were.
        self.texts = texts if texts is not None else {}

    @property
    def collected(self) -> Collected:
        if self._collected is None:
            self._collected = pickle.loads(self._pickled)
            self._pickled = None
        return self._collected

    def __getstate__(self) -> dict:
        pickled = self._pickled if self._collected is None else pickle.dumps(self._collected, pickle.HIGHEST_PROTOCOL)
        return {"entry": self.entry, "pickled": pickled, "texts": self.texts}

    def __setstate__(self, state: dict) -> None:
        self.entry, self._collected, self._pickled = state["entry"], None, state["pickled"]
        self.texts = state["texts"]

    def at(self, path: str) -> "FilePayload":
        """The same content under another path (another checkout of the tree)."""
        if self.entry.path == path:
            return self
        summary = replace(self.entry.summary, path=path) if self.entry.summary is not None else None
        return FilePayload(replace(self.entry, path=path, summary=summary), self._collected, self._pickled, self.texts)


@dataclass
class IndexEntry:
    path: str
    fingerprint: str  # the file's content and module (its cache record's key)
    summary: FileSummary | None
    problem: SourceProblem | None
    # The file this one says (in its header) it was generated from, as written there.
    generated_from: str | None = None
    # What its ``# Copied from <module>.<name>`` comments name (diffusers' and transformers' copies of a class).
    copied_from: tuple[str, ...] = ()


# --- workers (module level: they run in child processes) ----------------------------------
def _index_file(path: str) -> IndexEntry:
    fingerprint = ""  # the parent sets it from the file's record
    text = read_text(Path(path))
    if isinstance(text, SourceProblem):
        return IndexEntry(path, fingerprint, None, text)
    tree = parse(text, path)
    if isinstance(tree, SourceProblem):
        return IndexEntry(path, fingerprint, None, tree)
    module, is_package = module_name_for(Path(path))
    summary = summarize(tree, path, module, is_package)
    set_copy_keys(summary, text)
    return IndexEntry(path, fingerprint, summary, None, _generated_from(text), _copied_from(text))


_GENERATED_FROM = re.compile(r"generated\s+from\s+\S*?([\w.-]+\.py)\b", re.IGNORECASE)


def _generated_from(text: str) -> str | None:
    """A generated file names its template in its first lines (transformers' modeling_x.py:
    "This file was automatically generated from src/transformers/models/x/modular_x.py")."""
    found = _GENERATED_FROM.search(text, 0, 2000)
    return found.group(1) if found else None


_COPIED_FROM = re.compile(r"[ \t]*#[ \t]*Copied from[ \t]+([\w.]+)")


def _copied_from(text: str) -> tuple[str, ...]:
    """The origins a file's ``# Copied from diffusers.models.x.Name`` comments name: where the copies' fix goes.

    The pattern is tried only at the starts of lines that hold the words (a search of the whole text tried it at
    every line: 3 % of the index)."""
    origins: dict[str, None] = {}
    line_start = -1
    at = text.find("Copied from")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        if start != line_start:  # a line's first occurrence: the pattern reads the whole line
            line_start = start
            found = _COPIED_FROM.match(text, start)
            if found is not None:
                origins[found.group(1).rstrip(".")] = None
        at = text.find("Copied from", at + 1)
    return tuple(origins)


def generation_templates(entries: list[IndexEntry]) -> frozenset[str]:
    """Linted files that another linted file of their folder says it was generated from: templates
    such as transformers' modular_x.py, which nothing imports (only the generated file runs)."""
    return frozenset(template_of_generated(entries).values())


def template_of_generated(entries: list[IndexEntry]) -> dict[str, str]:
    """Each linted generated file's template, when that template is linted too (as the paths were given)."""
    linted = {os.path.normpath(entry.path): entry.path for entry in entries}
    template_of: dict[str, str] = {}
    for entry in entries:
        if entry.generated_from:
            candidate = os.path.normpath(os.path.join(os.path.dirname(entry.path), entry.generated_from))
            if candidate in linted and candidate != os.path.normpath(entry.path):
                template_of[entry.path] = linted[candidate]
    return template_of


def _copies(entries: list[IndexEntry]) -> VendoredCopies:
    origins = {name for entry in entries for name in entry.copied_from}
    return vendored_copies((entry.summary for entry in entries if entry.summary is not None), origins)


def _index_files(paths: list[str]) -> list[IndexEntry]:
    enabled = gc.isenabled()
    gc.disable()  # many short-lived trees: the cyclic collector only costs time here
    try:
        return [_index_file(p) for p in paths]
    finally:
        forget_shared()
        if enabled:  # run in the linter's own process, whose run keeps it off to the end
            gc.enable()


_METHODS_PER_JOB = 400


def _index_and_store(cache_directory: str, items: list[tuple[str, str | None]]) -> list[IndexEntry]:
    """:func:`_index_files` of ``(path, record key)`` items that also writes each readable file's new cache payload
    (in the index's processes, beside the parsing, instead of all in the linter's process at the end of the run).
    The linter's process prepared the cache folder."""
    entries = _index_files([path for path, _ in items])
    cache = Cache(Path(cache_directory))
    for entry, (_, key) in zip(entries, items):
        if key is not None:
            entry.fingerprint = key
            cache.store_file_prepared(key, FilePayload(entry))
    return entries


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _libcst_pass() -> ModuleType:
    """:mod:`analyze.collect`, imported when a method must be parsed: a run answered from the
    cache never loads libcst (one file through flake8 in an editor starts faster)."""
    from .analyze import collect

    return collect


_STREAM_BATCH = 48  # methods gathered before a batch goes to the processes


class _Batches:
    """libcst jobs gathered into batches of ``_STREAM_BATCH`` methods and sent to the linter's
    processes as each fills, or run here when there are too few (the same rule as for the index:
    below ``_PARALLEL_COLLECT_THRESHOLD`` files a pool costs more)."""

    def __init__(self, linter: "Linter") -> None:
        self.linter = linter
        self.workers = linter.options.jobs or os.cpu_count() or 1
        self.pending: dict[str, dict[MethodJob, None]] = {}  # gathered, not yet a batch
        self.pending_count = 0
        self.numbers: dict[str, NumberNames] = {}  # each file's names for ``math`` (FileSummary.number_names)
        self.waiting: list[FileJob] = []  # batched, not sent: too few to start processes
        self.futures: list = []
        self.sent: set[tuple[str, MethodJob]] = set()
        self.parallel = False

    def has(self, path: str, job: MethodJob) -> bool:
        return (path, job) in self.sent or job in self.pending.get(path, {})

    def add(self, path: str, job: MethodJob, numbers: NumberNames) -> None:
        self.pending.setdefault(path, {})[job] = None
        self.numbers[path] = numbers
        self.pending_count += 1
        if self.pending_count >= _STREAM_BATCH:
            self._send()

    def _send(self) -> None:
        """Send the pending jobs to the processes, or keep them until there are enough files to start them."""
        jobs = _file_jobs(self.pending, self.numbers)
        self.pending, self.pending_count = {}, 0
        for path, chunk, _ in jobs:
            self.sent.update((path, job) for job in chunk)
        self.waiting.extend(jobs)
        if not self.parallel and self.workers > 1 and len(self.waiting) >= _PARALLEL_COLLECT_THRESHOLD:
            self.parallel = True
        if self.parallel:
            pool = self.linter._process_pool()
            parts = [self.waiting[i::self.workers] for i in range(self.workers)]
            self.futures.extend(pool.submit(_libcst_pass().collect_files, part) for part in parts if part)
            self.waiting = []

    def results(self) -> dict[tuple[str, int, int], CollectedMethod]:
        self._send()
        found: list[tuple[str, dict]] = []
        for future in self.futures:
            found.extend(future.result())
        if self.waiting:  # nothing left to parse here: libcst is not even imported (every result came from the cache)
            found.extend(_libcst_pass().collect_files(self.waiting))
        self.futures, self.waiting = [], []
        return {(path, start, end): raws for path, results in found for (start, end), raws in results.items()}


def _file_jobs(wanted: dict[str, dict[MethodJob, None]], numbers: dict[str, NumberNames]) -> list[FileJob]:
    """One job per file; a file with thousands of methods to parse is cut into pieces, so that it
    too is parsed by every process."""
    return [(path, chunk, numbers.get(path, ())) for path, methods in sorted(wanted.items()) if methods
            for chunk in _chunks(list(methods), _METHODS_PER_JOB)]


_DEF_NAME = re.compile(r"\bdef\s+([^\W\d]\w*)")


_TEXT_FILES = 8  # files whose lines _MethodTexts keeps


class _MethodTexts:
    """What a method's libcst result depends on: its text, its file's names for ``math``, its first parameter
    and the focus.

    The name in the ``def`` line is left out (only its length is kept, so that every column
    stays the same): a class with thousands of methods that differ only in their names, or a
    method copied into another model under its own name, is parsed once.
    """

    def __init__(self, project: ProjectIndex) -> None:
        self._lines: dict[str, list[str]] = {}
        self._project = project
        self._numbers: dict[str, NumberNames] = {}

    def numbers(self, path: str) -> NumberNames:
        """The file's names for ``math`` (:meth:`FileSummary.number_names`) and for the tree's functions that copy a
        tensor to host memory (:meth:`ProjectIndex.host_copy_names`), which the libcst pass reads too."""
        if path not in self._numbers:
            file = self._project.file_at(path)
            self._numbers[path] = tuple(sorted(file.number_names() + self._project.host_copy_names(file))) \
                if file is not None else ()
        return self._numbers[path]

    def lines(self, path: str) -> list[str]:
        lines = self._lines.get(path)
        if lines is None:
            # The last few files only: the picked methods come class by class, file by file, and the lines of
            # every file (a million on transformers ``models/``) were the pass's largest transient memory.
            if len(self._lines) >= _TEXT_FILES:
                del self._lines[next(iter(self._lines))]
            lines = self._lines[path] = read_lines(Path(path), keepends=True)
        return lines

    def key(self, path: str, method: MethodSummary, self_name: str, focus: frozenset[str] | None) -> tuple | None:
        lines = self.lines(path)
        if not 0 < method.start_line <= method.line <= method.end_line <= len(lines) or method.name == self_name:
            return None
        header = lines[method.line - 1]
        # One compiled pattern for every method (a pattern per name costs a compile per method).
        found = next((match for match in _DEF_NAME.finditer(header) if match.group(1) == method.name), None)
        if found is None:
            return None
        before = "".join(lines[method.start_line - 1 : method.line - 1]) + header[: found.start(1)]
        after = header[found.end(1):] + "".join(lines[method.line : method.end_line])
        return (before, len(method.name), after, self.numbers(path), self_name, focus)


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
        self.files = ProjectFiles(self.cache, self._project_root(), options.paths)
        default_codes = {r.code for r in ALL_RULES if r.enabled_by_default} | {PARSE_ERROR_CODE}
        self.rules: list[Rule] = [
            rule() for rule in ALL_RULES if is_selected(rule.code, self.settings, default_codes)
        ]
        self.report_parse_errors = is_selected(PARSE_ERROR_CODE, self.settings, default_codes)
        self._pool: ProcessPoolExecutor | None = None
        self._external_read: dict[str, object] = {}
        self._external = ExternalFiles(self.files.root)
        self._indexed: list[IndexEntry] | None = None  # this run's index, for project_model()
        self._noted_name_changes: dict[str, tuple[str, str, frozenset[str]]] | None = None
        self._project_tree: tuple[tuple[str, ...], ProjectTree] | None = None

    def _project_root(self) -> Path:
        return project_root(self.settings, self.options.paths)

    def discover(self) -> list[str]:
        if self.options.discovered:
            return list(self.options.paths)
        discovery = Discovery(
            excludes=self.settings.exclude,
            respect_gitignore=self.options.respect_gitignore,
            force_exclude=self.options.force_exclude,
        )
        return [str(p) for p in discovery.files(self.options.paths)]

    def index_entries(self, paths: list[str] | None = None) -> list[IndexEntry]:
        """The index of ``paths`` (default: the files lint would discover), read from the cache where it
        holds the files' content and written back for what it did not: for other commands that read the
        project as lint does (readiness), sharing lint's cache."""
        entries = self._index(paths if paths is not None else self.discover())
        self.files.flush()
        return entries

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

    def project_model(self) -> tuple[ProjectIndex, OffloadSemantics, EntryPoints]:
        """The index and semantics of the discovered files (the readiness report reads them beside the
        findings); the per-file index comes from the cache like a run's."""
        entries = self._indexed if self._indexed is not None else self.index_entries()
        return self._project_model(entries)

    def _run(self) -> LintResult:
        paths = self.discover()
        if self.options.report_paths is not None:
            return self._run_for_report_paths(paths)
        result_key = self._result_key(paths) if self.cache.folder is not None else ""
        cached = self._cached_result(result_key) if result_key else None
        if cached is not None:
            self.files.flush()  # the records' new mtimes (another checkout of the same tree)
            return cached
        return self._run_whole(paths, result_key)

    def _run_whole(self, paths: list[str], result_key: str) -> LintResult:
        """Analyze the whole project (again only what changed since the last state, where one is kept) and store
        the answer under ``result_key``."""
        entries = self._indexed = self._index(paths)
        findings = self._analyze_incrementally(entries)
        result = self._finish(findings, len(paths), template_of_generated(entries), _copies(entries))
        installed = sorted(self._external_read.items())
        self.files.flush()
        self.cache.store_result(result_key, (result, installed))
        return result

    # --- incremental analysis -----------------------------------------------------------------
    def _analysis_config(self) -> str:
        # The tree of this run's files (asked first by the result key, before any state is read or stored).
        tree = self._project_tree[1] if self._project_tree is not None else None
        return key_of(self.settings.fingerprint(), [r.code for r in self.rules], self.options.read_installed,
                      tree.key if tree is not None else None)

    def _tree(self, paths: list[str]) -> ProjectTree:
        """The project the linted files form (its kind, its configs' and docs' words), once per set of files."""
        key = tuple(paths)
        if self._project_tree is None or self._project_tree[0] != key:
            self._project_tree = (key, project_tree(paths, self.settings.tree_kind, self.settings.exclude,
                                                    self.options.respect_gitignore))
        return self._project_tree[1]

    def _analyze_incrementally(self, entries: list[IndexEntry]) -> list[Finding]:
        """The findings of every file, analysing again only the files a change can reach (:func:`affected_files`)
        and taking the others' from the last run's :class:`AnalysisState`."""
        if self.cache.folder is None:  # no state to read or keep: the class graph would be built for nothing
            by_file = self._analyze(entries)
            return [finding for entry in entries for finding in by_file.get(entry.path, ())]
        model = self._project_model(entries)  # and the tree, part of the state's key
        state = self._previous_state()
        files = {entry.path: entry.fingerprint for entry in entries}
        interfaces = {entry.path: _interface(entry) for entry in entries}
        classes = _class_graph(*model)
        # An application's classes no entry point reaches: any edit (a call added or removed anywhere) may change
        # which those are, so the files of the classes that changed sides are analysed again.
        unreached = model[1].unreached_classes()
        only: set[str] | None = None
        if state is not None:
            readers = self._name_fact_readers(state, entries, model[0])
            reach = affected_files(state, files, interfaces, classes, readers) if readers is not None else None
            if reach:
                reach |= _caller_decided(state, files)
            if reach is not None:
                reach |= {info.file.path for info in model[0].project_classes()
                          if info.qualified in unreached ^ state.unreached}
            if reach is not None and len(reach) <= _REANALYSE_LIMIT * len(entries):
                only = reach
        by_file = self._analyze(entries, only=only)
        installed = dict(self._external_read)
        name_reads = frozenset(model[1].name_reads)
        if only is not None and state is not None:
            name_reads |= state.name_reads  # the reused files' results asked about these
            for entry in entries:
                if entry.path not in only:
                    by_file[entry.path] = state.findings.get(entry.path, [])
            installed = {**dict(state.installed), **installed}
            self._external_read = installed
        # A run over some of the last state's files (pre-commit's staged files) leaves that state for the
        # next run over all of them: it stays right about the files it names, however they change.
        if state is not None and files.keys() < state.files.keys():
            self._keep_name_changes(state, entries)
        elif self.cache.folder is not None:
            self.cache.store(_ANALYSIS_STATE, AnalysisState(self._analysis_config(), files, interfaces, classes,
                                                            by_file, sorted(installed.items()), name_reads, unreached))
            if self._name_changes():
                self.cache.store(_NAME_CHANGES, {})
        return [finding for entry in entries for finding in by_file.get(entry.path, ())]

    def _name_fact_readers(self, old: AnalysisState, entries: list[IndexEntry], project: ProjectIndex) -> set[str] | None:
        """The project classes whose findings read a tree-wide name fact that the changed files changed (see
        :func:`changed_names` and :func:`name_readers`), or None when a changed file's last version is not at hand
        (its old facts unknown: everything is analysed)."""
        changed: set[str] = set()
        # A name whose uses the analysis read from the files (their receivers, their calls' arguments): any edit of a
        # file using it may change what they are, whatever the file's name facts say.
        by_uses = {name[len(USES_READ):] for name in old.name_reads if name.startswith(USES_READ)}
        for entry in entries:
            key = old.files.get(entry.path)
            if key is None or key == entry.fingerprint:
                continue
            names = self._names_changed_since(key, entry)
            if names is None:
                return None
            changed |= names
            if by_uses and entry.summary is not None:
                # A file using the name, or defining it (a function handed ``self``: what it calls on it).
                changed |= by_uses.intersection(entry.summary.words)
                changed |= by_uses.intersection(entry.summary.definition_words)
        edited = {name[len(SWITCH_READ):] for name in changed if name.startswith(SWITCH_READ)}
        if edited and not edited.isdisjoint(
                {name[len(SWITCH_READ):] for name in old.name_reads if name.startswith(SWITCH_READ)}
                | _switch_names(project)):
            return None  # a command-line switch defined, passed or set elsewhere: what it builds may change anywhere
        if any(name.startswith((FIELD_DEFAULT_READ, OPTION_READ)) for name in changed & old.name_reads):
            return None  # a default or an option a branch was judged by: the branches may be anywhere
        return name_readers(project, _read_names(changed, old.name_reads))

    def _names_changed_since(self, key: str, entry: IndexEntry) -> set[str] | None:
        """The names whose facts the file changed since its version ``key`` (the last state's), from that version's
        cached payload, or from what runs over some of the files (pre-commit) noted since; None when neither says."""
        previous = self.files.previous_payload(entry.path)
        if isinstance(previous, FilePayload) and previous.entry.fingerprint == key:
            return changed_names(previous.entry.summary, entry.summary)
        noted = self._name_changes().get(entry.path)
        if noted is None or noted[0] != key:
            return None
        if noted[1] == entry.fingerprint:
            return set(noted[2])
        if isinstance(previous, FilePayload) and previous.entry.fingerprint == noted[1]:
            return set(noted[2]) | changed_names(previous.entry.summary, entry.summary)
        return None

    def _name_changes(self) -> dict[str, tuple[str, str, frozenset[str]]]:
        """What runs over some of the files noted since the last state: per file, (its key in that state, its key
        now, the names whose facts changed in between). Such a run replaces the file's cached version, so the next
        whole run could not compare the two itself."""
        if self._noted_name_changes is None:
            loaded = self.cache.load(_NAME_CHANGES) if self.cache.folder is not None else None
            self._noted_name_changes = loaded if isinstance(loaded, dict) else {}
        return self._noted_name_changes

    def _keep_name_changes(self, old: AnalysisState, entries: list[IndexEntry]) -> None:
        """A run over some of the files: note which names their edits changed, for the next whole run."""
        noted = dict(self._name_changes())
        for entry in entries:
            key = old.files.get(entry.path)
            if key is None or key == entry.fingerprint:
                noted.pop(entry.path, None)
                continue
            names = self._names_changed_since(key, entry)
            if names is None:
                noted.pop(entry.path, None)  # unknown: the whole run analyses everything
            else:
                noted[entry.path] = (key, entry.fingerprint, frozenset(names))
        if noted != self._name_changes():
            self.cache.store(_NAME_CHANGES, noted)
            self._noted_name_changes = noted

    def _previous_state(self) -> "AnalysisState | None":
        if self.cache.folder is None:
            return None
        state = self.cache.load(_ANALYSIS_STATE)
        if not isinstance(state, AnalysisState) or state.config != self._analysis_config():
            return None
        if not self._external.unchanged(state.installed):
            return None  # an installed base class or component changed: everything may have
        return state

    def _result_key(self, paths: list[str]) -> str:
        return result_key(self.files, paths, self.settings, self.options.show_suppressed, self.options.read_installed,
                          self._tree(paths))

    def _cached_result(self, key: str) -> LintResult | None:
        return cached_result(self.cache, self._external, key)

    def _run_for_report_paths(self, project_paths: list[str]) -> LintResult:
        """Index the whole project, analyze and report only ``report_paths``. When the whole project is unchanged
        since a run over all of it, that run's answer is read instead; when it changed but that run left its
        analysis state, the whole answer is brought up to date incrementally and stored. Otherwise (no whole run
        yet) nothing is stored: one entry per file and edit would only fill the cache directory."""
        report = list(dict.fromkeys(self.options.report_paths or []))
        if set(report) <= set(project_paths):
            key = self._result_key(project_paths)
            whole = self._cached_result(key)
            if whole is not None:
                return whole.restricted_to(report)
            if self._previous_state() is not None:
                # A whole run kept its analysis state: bring the whole answer up to date (the changed files and what
                # depends on them) and store it, so that an editor's next file, or flake8's next file of the same
                # tree, is answered from the cache instead of being analyzed again after every edit.
                return self._run_whole(project_paths, key).restricted_to(report)
        paths = list(dict.fromkeys(project_paths + report))  # a named file is indexed even when excluded
        entries = self._index(paths)
        template_of = template_of_generated(entries)
        # A generated file's findings are merged with its template's: both are analyzed, whichever is asked.
        twinned = {template_of.get(path, path) for path in report}
        analyzed = twinned | {generated for generated, template in template_of.items() if template in twinned}
        # A layer helper's finding is made by the classes calling it, in the files that import it.
        analyzed |= _helper_users(entries, set(report))
        # A vendored copy's findings are reported at one of the copies: all are analyzed, whichever is asked.
        copies = _copies(entries)
        analyzed |= copies.files_sharing(analyzed | set(report))
        by_file = self._analyze(entries, only=set(report) | analyzed)
        self.files.flush()
        order = report + sorted(analyzed - set(report))
        findings = [finding for path in order for finding in by_file.get(path, ())]
        return self._finish(findings, len(report), template_of, copies).restricted_to(report)

    # --- index --------------------------------------------------------------------------
    def _index(self, paths: list[str]) -> list[IndexEntry]:
        entries: dict[str, IndexEntry] = {}
        missing: list[str] = []
        for path in paths:
            payload = self.files.payload(path)
            if isinstance(payload, FilePayload):
                payload = payload.at(path)
                self.files.put_quietly(path, payload)
                entries[path] = payload.entry
            else:
                missing.append(path)
        stored = self.cache.folder is not None and bool(missing)
        if stored:
            self.cache.prepare()
            keys = [(path, record.key if (record := self.files.record(path)) is not None else None) for path in missing]
            indexed = self._map(partial(_index_and_store, str(self.cache.directory)), keys)
        else:
            indexed = self._map(_index_files, missing)
        for entry in indexed:
            record = self.files.record(entry.path)
            entry.fingerprint = record.key if record is not None else f"unreadable:{entry.path}"
            entries[entry.path] = entry
            if stored:  # written by the index: nothing to write at the end unless the libcst pass adds to it
                self.files.put_quietly(entry.path, FilePayload(entry))
            else:
                self.files.put(entry.path, FilePayload(entry))
        return [entries[p] for p in paths]

    def _map(self, worker, items: list, threshold: int = _PARALLEL_THRESHOLD) -> list:
        """Run ``worker`` over chunks of ``items``, in processes when it pays off."""
        if not items:
            return []
        jobs = self.options.jobs or os.cpu_count() or 1
        if jobs <= 1 or len(items) < threshold:
            return worker(items)
        chunks = [items[i::jobs * 4] for i in range(jobs * 4)]
        out: list = []
        for part in self._process_pool().map(worker, chunks):
            out.extend(part)
        return out

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # One pool for the whole run, forked while the parent is still small.
            self._pool = ProcessPoolExecutor(max_workers=self.options.jobs or os.cpu_count() or 1)
        return self._pool

    # --- analyze + rules ---------------------------------------------------------------------
    def _analyze(self, entries: list[IndexEntry], only: set[str] | None = None) -> dict[str, list[Finding]]:
        """The findings of each file's classes (and its parse error), before noqa and deduplication, by file
        in the order the index lists the classes. ``only``: analyze just the classes in these files (the
        index still spans ``entries``)."""
        by_file: dict[str, list[Finding]] = {}
        for entry in entries:
            if only is not None and entry.path not in only:
                continue
            by_file[entry.path] = []
            if entry.problem is not None and self.report_parse_errors:
                by_file[entry.path].append(_problem_finding(entry.path, entry.problem))
        project, semantics, entry_points = self._project_model(entries)
        in_scope = None if only is None else [c for c in project.project_classes() if c.file.path in only]
        stream = iter_methods_to_visit(project, semantics, entry_points, self.rules, in_scope)
        targets, collected = self._collect(stream, project)
        lookup = CoreFindings(semantics, entry_points, collected)
        selected = {rule.code for rule in self.rules}
        caller_rules = [r for r in self.rules if r.scope is Scope.CALLER_METHOD]
        for target in targets:
            cls = target.cls
            if cls.is_module:
                lookup.record(cls.qualified, [f for f in lookup.method(cls, target.method.name) if f.code in selected])
            if not caller_rules:
                continue
            check = lookup.check(cls, target.method, target.context, target.path)
            for rule in caller_rules:
                lookup.record(cls.qualified, rule.check_method(check))
        class_rules = [r for r in self.rules if r.scope.checks_classes]
        for late in (False, True):  # rules that judge all other findings run last
            for cls in project.project_classes():
                if only is not None and cls.file.path not in only:
                    continue
                rules = [r for r in class_rules
                         if r.needs_all_findings is late and (cls.is_module or r.scope.outside_modules)]
                if not rules:
                    continue
                check = ClassCheck(cls, project, semantics, entry_points, cls.file.path,
                                   list(lookup.of_class(cls.qualified)), lookup)
                for rule in rules:
                    lookup.record(cls.qualified, rule.check_class(check))
        function_rules = [r for r in self.rules if r.scope.checks_functions]
        for file in project.files if function_rules else ():
            if (only is not None and file.path not in only) or not file.function_uses:
                continue
            check = FunctionCheck(file, project, semantics)
            for rule in function_rules:
                by_file.setdefault(file.path, []).extend(rule.check_function(check))
        shown_on_opt_out = {r.code for r in self.rules if r.applies_to_opted_out}
        inside_forward_too = {r.code for r in self.rules if r.leaf_inside_forward}
        for cls in project.project_classes():
            produced = lookup.by_class.get(cls.qualified)
            if not produced:
                continue
            opted_out = cls.is_module and semantics.opted_out(cls)
            # A module only ever built as a method's local is never offloaded: its findings are kept, suppressed
            # with the reason (``--show-suppressed`` shows them), so a reader sees why they are not reported.
            transient = (semantics.model_of_a_test(cls) or semantics.built_transiently(cls)
                         or semantics.held_by_nothing(cls)
                         or semantics.built_only_under_option(cls) or semantics.built_only_under_switch(cls)
                         or semantics.plugged_in_by_nothing(cls)
                         or semantics.in_file_nothing_runs(cls) or semantics.unreached_in_application(cls)
                         or semantics.held_only_by_dropped(cls) or semantics.weightless_and_unheld(cls)
                         or semantics.attached_outside_children(cls)
                         if cls.is_module and not opted_out else None)
            # A training wrapper or task is no root: the model it holds is. Its reads inside that model stay reported.
            trains = cls.is_module and not opted_out and (semantics.training_wrapper(cls) is not None
                                                         or semantics.training_task(cls) is not None)
            # Built only on a loaded model (a cache ``generate()`` sets up): created after offloading was applied.
            late = entry_points.built_after_offloading(cls) if cls.is_module and not opted_out else None
            findings = by_file.setdefault(cls.file.path, [])
            for finding in produced:
                if opted_out and finding.code not in shown_on_opt_out:
                    finding = replace(finding, suppressed_by=SUPPRESSED_BY_OPT_OUT)
                elif transient is not None:
                    finding = replace(finding, suppressed_by=transient)
                elif trains and (no_root := semantics.not_offloaded_as_root(cls, finding.levels, finding.attribute,
                                                                                      finding.method)):
                    finding = replace(finding, suppressed_by=no_root)
                elif cls.is_module and not opted_out \
                        and (training_only := semantics.training_only_network(cls, finding.levels)
                             or entry_points.only_through_training_tasks(cls, finding.method, finding.levels)):
                    finding = replace(finding, suppressed_by=training_only)
                elif not cls.is_module and (helper := semantics.unoffloaded_component(cls, finding.attribute)
                                            or test_offloading_nothing(cls)):
                    finding = replace(finding, suppressed_by=helper)
                elif cls.is_module and (unused := semantics.uncalled_weight_accessor(cls, finding.method)
                                        or entry_points.never_run(cls, finding.method,
                                                                  finding.code in inside_forward_too)):
                    finding = replace(finding, suppressed_by=unused)
                elif cls.is_module and (early := entry_points.before_offloading(cls, finding.method)):
                    finding = replace(finding, suppressed_by=early)
                elif cls.is_module and (by_hand := entry_points.moved_by_hand_first(
                        cls, finding.method, finding.line if finding.path == cls.file.path else 0, finding.levels)):
                    finding = replace(finding, suppressed_by=by_hand)
                elif cls.is_module and finding.code not in inside_forward_too \
                        and (installed := entry_points.installed_before_offloading(cls, finding.method)):
                    finding = replace(finding, suppressed_by=installed)
                elif cls.is_module and (unbuilt := entry_points.run_only_by_unbuilt(cls, finding.method)):
                    finding = replace(finding, suppressed_by=unbuilt)
                elif cls.is_module and (unset := semantics.bound_only_under_unset_option(cls, finding.attribute)):
                    finding = replace(finding, suppressed_by=unset)
                elif cls.is_module and (lazy := entry_points.built_on_first_use(cls, finding.attribute)):
                    finding = replace(finding, suppressed_by=lazy)
                elif cls.is_module and (inside := entry_points.only_in_subclass_forwards(cls, finding.method)):
                    finding = replace(finding, suppressed_by=inside)
                elif late is not None:
                    finding = replace(finding, suppressed_by=late)
                elif cls.is_module and (shut := semantics.config_branch_shut(
                        cls, [(finding.path, finding.line), *((place.path, place.line) for place in finding.related)])):
                    finding = replace(finding, suppressed_by=shut)
                findings.append(finding)
        if project.external_cache_changed:
            self.cache.store("external.pickle", self._external.existing(project.external_cache))
        self._external_read = dict(project.external_used)
        return by_file

    def _project_model(self, entries: list[IndexEntry]) -> tuple[ProjectIndex, OffloadSemantics, EntryPoints]:
        """The project's classes and what offloading does to them; reused while no file changed
        (the flake8 plugin asks once per file of the same project)."""
        tree = self._tree([e.path for e in entries])
        key = (tuple((e.path, e.fingerprint) for e in entries), self.options.read_installed,
               self.settings.levels, self.settings.declarations, self.settings.setup_methods, tree.key)
        if _last_model is not None and _last_model[0] == key:
            return _last_model[1]
        summaries = [e.summary for e in entries if e.summary is not None]
        project = ProjectIndex(summaries, read_installed=self.options.read_installed,
                               external_cache=self.cache.load("external.pickle") or {}, identify=self._external,
                               templates=generation_templates(entries))
        semantics = OffloadSemantics(project, self.settings.levels, self.settings.declarations, tree)
        model = (project, semantics, EntryPoints(project, semantics, self.settings.setup_methods))
        _remember_model(key, model)
        return model

    def _collect(self, stream: Iterable[MethodTarget], project: ProjectIndex,
                 ) -> tuple[list[MethodTarget], dict[tuple[str, int, int], CollectedMethod]]:
        """The libcst pass over the methods ``stream`` picks, and those targets as a list.

        Methods are sent to the processes in batches while later ones are still being picked,
        whole methods and (pipeline methods) focused snippets apart; a method whose text (def name
        aside) and focus were already sent takes that result, shifted to its lines (models and
        pipelines copy methods from each other). A method wanted both whole and focused keeps the
        focused result.
        """
        out: dict[tuple[str, int, int], CollectedMethod] = {}
        targets: list[MethodTarget] = []
        # Focused snippets go apart: a method wanted both whole and focused keeps the focused result.
        whole_jobs, focused_jobs = _Batches(self), _Batches(self)
        texts = _MethodTexts(project)
        first_of_text: dict[tuple, tuple[str, int, int]] = {}
        copies: list[tuple[str, int, int, tuple[str, int, int]]] = []  # (path, start, end, the method it copies)
        fresh: list[tuple[str, int, int]] = []
        text_digest: dict[tuple[str, int, int, frozenset[str] | None], str] = {}
        focused_copies: list[tuple[str, int, int, tuple[str, int, int]]] = []
        for target in stream:
            targets.append(target)
            path = target.path
            start, end = target.method.start_line, target.method.end_line
            known = self._collected_of(path).get((start, end, target.focus))
            if known is not None:
                out[(path, start, end)] = known
                continue
            self_name = target.method.params[0] if target.method.params else "self"
            job: MethodJob = (start, end, self_name, target.focus)
            batches = whole_jobs if target.focus is None else focused_jobs
            if batches.has(path, job):
                continue
            text = texts.key(path, target.method, self_name, target.focus)
            if text is not None:
                # The focus sorted: a frozenset's order differs between processes.
                digest = text_digest[(path, start, end, target.focus)] = key_of(text[:-1], sorted(target.focus or ()))
                earlier = self._earlier_result(path, digest, start)
                if earlier is not None:  # unchanged by an edit elsewhere in its file: no libcst
                    out[(path, start, end)] = earlier
                    fresh.append((path, start, end))
                    continue
            first = first_of_text.setdefault(text, (path, start, end)) if text is not None else (path, start, end)
            if first != (path, start, end):
                (copies if target.focus is None else focused_copies).append((path, start, end, first))
                continue
            batches.add(path, job, texts.numbers(path))
        for batches, copied in ((whole_jobs, copies), (focused_jobs, focused_copies)):
            parsed = batches.results()
            for (path, start, end), raws in parsed.items():
                out[(path, start, end)] = raws
                fresh.append((path, start, end))
            for path, start, end, first in copied:
                if first in parsed:
                    out[(path, start, end)] = parsed[first].moved(start - first[1])
                    fresh.append((path, start, end))
        focus_of = {(t.path, t.method.start_line, t.method.end_line): t.focus for t in targets}
        for path, start, end in fresh:
            focus = focus_of.get((path, start, end))
            self._collected_of(path)[(start, end, focus)] = out[(path, start, end)]
            payload = self.files.payload(path)
            digest = text_digest.get((path, start, end, focus))
            if isinstance(payload, FilePayload) and digest is not None:
                payload.texts[digest] = (start, end, focus)
            self.files.mark_changed(path)
        return targets, out

    def _collected_of(self, path: str) -> dict:
        """The libcst results the cache holds for the file's content (a dict to add to)."""
        payload = self.files.payload(path)
        return payload.collected if isinstance(payload, FilePayload) else {}

    def _earlier_result(self, path: str, digest: str, start: int) -> CollectedMethod | None:
        """The result of a method of the file's previous version (the one the cache last recorded at this path)
        with the same text, moved to ``start``; None when there is none."""
        earlier = self.files.previous_payload(path)
        if not isinstance(earlier, FilePayload) or digest not in earlier.texts:
            return None
        old_start, old_end, focus = earlier.texts[digest]
        result = earlier.collected.get((old_start, old_end, focus))
        return result.moved(start - old_start) if result is not None else None

    # --- report -------------------------------------------------------------------------
    def _finish(self, findings: list[Finding], files: int, template_of: dict[str, str],
                copies: VendoredCopies) -> LintResult:
        kept: list[Finding] = []
        suppressed: dict[str, int] = {}
        findings = [f for f in findings if not ignored_for_file(f.code, f.path, self.settings)]
        # A generated copy's finding is reported at its template, where the fix goes (before
        # ``# noqa`` is read: the template's line decides for both).
        findings = merge_generated_copies(findings, template_of)
        # The same class vendored in several files: reported at the copy that runs, the others named.
        findings = merge_vendored_copies(findings, copies)
        # ``# noqa`` read file by file, each file's lines dropped after its findings (the lines of every file with
        # a finding, kept to the end, were the run's last peak of memory).
        by_path: dict[str, list[int]] = {}
        for index, finding in enumerate(findings):
            if finding.code != PARSE_ERROR_CODE:
                by_path.setdefault(finding.path, []).append(index)
        noqa: set[int] = set()
        for path, indexes in by_path.items():
            lines = read_lines(Path(path))
            for index in indexes:
                finding = findings[index]
                if 0 < finding.line <= len(lines) and is_suppressed(finding.code, lines[finding.line - 1]):
                    noqa.add(index)
        for index, finding in enumerate(findings):
            if index in noqa:
                continue
            if finding.suppressed_by and not self.options.show_suppressed:
                suppressed[finding.path] = suppressed.get(finding.path, 0) + 1
                continue
            kept.append(finding)
        # One finding per rule, method and weight, at the first touch; the later touches are named as its related
        # locations, and its fix edits them too (a fix that left a later read would not remove the cause).
        unique: dict[tuple, Finding] = {}
        by_code = rules_by_code()
        for finding in sorted(kept, key=Finding.sort_key):
            # A suppressed touch never stands for a shown one (``--show-suppressed`` lists both).
            key = (finding.path, finding.code, finding.class_name, finding.method, finding.attribute,
                   bool(finding.suppressed_by))
            if finding.attribute is None or finding.method is None:
                key = (finding.path, finding.line, finding.column, finding.code, finding.message)
            first = unique.setdefault(key, finding)
            if first is finding:
                continue
            first = unique[key] = replace(first, fix=merged_fix(first.fix, finding.fix))
            rule = by_code.get(finding.code)
            if first.line != finding.line and rule is not None:
                unique[key] = with_related(first, (RelatedLocation(
                    finding.path, finding.line, finding.column,
                    rule.related_note.format(attribute=finding.attribute, method=finding.method)),))
        # A mixin's method inherited by many models is one place to fix: one finding per position.
        at: dict[tuple, Finding] = {}
        for finding in sorted(unique.values(), key=Finding.sort_key):
            position = (finding.path, finding.line, finding.column, finding.code)
            first = at.setdefault(position, finding)
            if first is not finding and finding.related:
                # A helper reported for many classes: shown if any of them is not opted out.
                base, other = (finding, first) if first.suppressed_by and not finding.suppressed_by else (first, finding)
                merged = with_related(base, other.related)
                # In file order (the findings merged come in the order of their messages, which name the lines).
                at[position] = with_related(replace(merged, related=()), tuple(sorted(
                    merged.related, key=lambda location: (location.path, location.line, location.column))))
        ordered = sorted(at.values(), key=Finding.sort_key)
        return LintResult(ordered, files, suppressed_by_path=suppressed)


_ANALYSIS_STATE = "analysis.pickle"
_NAME_CHANGES = "name-changes.pickle"
# Above this share of the files, analysing everything costs little more than finding what to skip.
_REANALYSE_LIMIT = 0.6


@dataclass(frozen=True)
class ClassEdges:
    """A project class as a change travels: its file, its project bases, and the classes it holds or calls
    (children, components, receivers of ``self.<x>.m()`` calls)."""

    file: str
    bases: tuple[str, ...]
    children: tuple[str, ...]


@dataclass
class AnalysisState:
    """What incremental analysis needs from the last run: each file's content key and module-level
    interface, the class graph, and each file's findings before noqa and deduplication."""

    config: str
    files: dict[str, str]
    interfaces: dict[str, str]
    classes: dict[str, ClassEdges]
    findings: dict[str, list[Finding]]
    installed: list[tuple[str, tuple[int, int]]]
    # The names the analysis asked about in the files' tree-wide name facts (:attr:`OffloadSemantics.name_reads`),
    # over every run since the last one that analysed everything.
    name_reads: frozenset[str] = frozenset()
    # An application's classes that no entry point reached (:meth:`OffloadSemantics.unreached_classes`).
    unreached: frozenset[str] = frozenset()


def _interface(entry: IndexEntry) -> str:
    """What other files can see of a file besides its classes' contents: its module, imports (also those inside
    functions), re-exports, aliases, layer factories, declarations, class names and generation header. A change
    there may re-route any name lookup, so it makes the next run analyse everything."""
    summary = entry.summary
    if summary is None:
        return key_of(entry.problem, entry.generated_from)
    return key_of(summary.module, summary.is_package, sorted(summary.imports.items()), summary.star_imports,
                  summary.imported_modules, sorted(summary.import_renames.items()),
                  sorted(summary.aliases.items()), sorted((k, repr(v)) for k, v in summary.factories.items()),
                  sorted(summary.declarations.items()), [c.name for c in summary.classes], entry.generated_from)


def _class_graph(project: ProjectIndex, semantics: OffloadSemantics,
                 entry_points: EntryPoints) -> dict[str, ClassEdges]:
    """Each project class's bases and the classes it holds or calls, as the index resolves them."""
    known = {info.qualified for info in project.project_classes()}
    children: dict[str, set[str]] = {qualified: set() for qualified in known}
    for child, parents in semantics.owners().items():
        for parent in parents:
            children.setdefault(parent.qualified, set()).add(child)
    for (callee, _), calls in entry_points.external_call_table().items():
        for call in calls:
            children.setdefault(call.caller.qualified, set()).add(callee)
    graph: dict[str, ClassEdges] = {}
    for info in project.project_classes():
        if not info.is_module:
            for name in info.summary.init_annotations:
                children[info.qualified].update(entry_points.annotated_project_classes(info, name))
        else:
            # Children handed to ``__init__`` are typed by what other files construct and hand (``Detector(
            # QueryTransformer(dim))``, or a builder's result): no owner edge (``OffloadSemantics.owners`` leaves them
            # out), but an edge here, so that a change of what is handed analyses the holder again.
            for owned in info.owned.values():
                if owned.given:
                    children[info.qualified].update(owned.classes)
        bases = tuple(base.qualified for base in info.mro[1:] if base.qualified in known)
        held = tuple(sorted((children[info.qualified] & known) - {info.qualified}))
        graph[info.qualified] = ClassEdges(info.file.path, bases, held)
    return graph


def affected_files(old: AnalysisState, files: dict[str, str], interfaces: dict[str, str],
                   classes: dict[str, ClassEdges], readers: Iterable[str] = ()) -> set[str] | None:
    """The files whose findings can differ from ``old``'s now that the files' keys, interfaces and class
    graph are these, or None for all of them.

    Starting from the classes of the changed files (in either version), from ``readers`` (classes whose
    findings read a name fact the change altered: :meth:`Linter._name_fact_readers`) and from every class
    whose edges differ between the two graphs (an edge made by a fact that is no edge itself: a keyword
    passed anywhere that turns an option-only child on), the change travels up to
    every class that inherits from or holds or calls an affected class (they read its contents), and
    from there down to every class those hold or call and to their bases (the callers of those
    changed, and so may the contexts their methods run in). Edges of both versions count, so an
    edge the change removed is followed too.
    """
    changed = {path for path, key in files.items() if old.files.get(path) != key}
    changed |= set(old.files) - set(files)
    if any(old.interfaces.get(path) != interfaces.get(path) for path in changed):
        return None
    if not changed:
        return set()
    subclasses: dict[str, set[str]] = {}
    holders: dict[str, set[str]] = {}
    below: dict[str, set[str]] = {}
    file_of: dict[str, set[str]] = {}
    for graph in (old.classes, classes):
        for qualified, edges in graph.items():
            file_of.setdefault(qualified, set()).add(edges.file)
            for base in edges.bases:
                subclasses.setdefault(base, set()).add(qualified)
                below.setdefault(qualified, set()).add(base)
            for child in edges.children:
                holders.setdefault(child, set()).add(qualified)
                below.setdefault(qualified, set()).add(child)
    start = {qualified for qualified, files in file_of.items() if files & changed}
    start |= {qualified for qualified in readers if qualified in file_of}
    start |= {qualified for qualified, edges in classes.items() if old.classes.get(qualified, edges) != edges}
    upward = _closure(start, (subclasses, holders))
    reached = _closure(upward, (below,))
    reached_files = set(changed)
    for qualified in reached:
        reached_files |= file_of.get(qualified, set())
    return reached_files & set(files)


def _name_facts(summary: FileSummary | None) -> dict[str, tuple[str, ...]]:
    """Each name's tree-wide facts in one file, as :class:`OffloadSemantics` reads them: a word, a ``self.`` word,
    a loaded name, attribute calls, calls and mentions of a capitalised name, base mentions, ``self.<name>()`` calls
    and moved call results per class. Lines are replaced by the classes whose bodies hold them (what the signs
    count by), so an edit that only moves lines changes no name's facts."""
    if summary is None:
        return {}
    spans = [(cls.line, cls.end_line, cls.qualname) for cls in summary.classes]

    def where(lines: tuple[int, ...]) -> str:
        counts: dict[int, int] = {}
        for line in lines:
            counts[line] = counts.get(line, 0) + 1
        return repr(sorted((tuple(q for first, last, q in spans if first <= line <= last), n)
                           for line, n in counts.items()))

    facts: dict[str, list[str]] = {}
    for kind, names in (("word", summary.words), ("self", summary.self_words), ("loaded", summary.loaded_names)):
        for name in names:
            facts.setdefault(name, []).append(kind)
    for kind, counted in (("attribute", summary.attribute_calls), ("base", summary.base_mentions),
                          ("loads", summary.load_counts)):
        for name, count in counted.items():
            facts.setdefault(name, []).append(f"{kind}:{count}")
    for kind, table in (("call", summary.name_calls), ("spaced", summary.spaced_name_calls),
                        ("mention", summary.mentions)):
        for name, lines in table.items():
            facts.setdefault(name, []).append(f"{kind}:{where(lines)}")
    # Command-line switches (``analyze.semantics.built_only_under_switch``): defined, passed, set, and the classes
    # the bodies of the tests on them call (not their lines: an edit that only moves code changes nothing). Kept
    # under names of their own (``switch:masks``), apart from the word ``masks``: an edit of the word elsewhere
    # changes no switch.
    for switch in summary.cli_switches:
        facts.setdefault(SWITCH_READ + switch, []).append("defined")
    for dest, count in summary.option_strings.items():
        facts.setdefault(SWITCH_READ + dest, []).append(f"option:{count}")
    for dest in summary.options_set:
        facts.setdefault(SWITCH_READ + dest, []).append("set")
    for switch, first, last in summary.switch_blocks:
        built = sorted(name for name, lines in summary.name_calls.items()
                       if any(first <= line <= last for line in lines))
        if built:
            facts.setdefault(SWITCH_READ + switch, []).append(f"block:{','.join(built)}")
    # Constructor options the file's calls pass (``analyze.config_branches``): each keyword, and ``Name(`` for a call
    # of ``Name`` with positional arguments, with the callees passing them.
    options: dict[str, set[str]] = {}
    for keyword in summary.keywords:
        options.setdefault(keyword.split("(", 1)[0] + "(" if "(" in keyword else keyword, set()).add(keyword)
    for callee, keywords in summary.call_keywords.items():
        for keyword in keywords:
            options.setdefault(keyword, set()).add(callee)
    for option, passing in options.items():
        facts.setdefault(OPTION_READ + option, []).append(",".join(sorted(passing)))
    for cls in summary.classes:
        # Config fields' defaults (``analyze.config_branches``), under names of their own as the switches are.
        for field_name, value in cls.field_defaults:
            facts.setdefault(FIELD_DEFAULT_READ + field_name, []).append(f"{cls.qualname}={value!r}")
        for method in cls.methods.values():
            # Which classes define a method (``OffloadSemantics.defined_only_by_plain_classes``).
            facts.setdefault(method.name, []).append(f"def:{cls.qualname}")
            for called in method.self_calls:
                facts.setdefault(called, []).append(f"self_call:{cls.qualname}")
            for site in method.call_sites:
                if site.result_moved:
                    facts.setdefault(site.method, []).append(f"moved:{cls.qualname}")
    # Classes a module-level function builds into a local it keeps to itself (``OffloadSemantics.built_transiently``).
    for function, builds in summary.function_local_builds.items():
        for built in builds:
            parts = built.split(".")
            loaded = len(parts) > 1 and parts[-1] in MODEL_LOADS  # ``SiglipModel.from_pretrained``
            facts.setdefault(parts[-2] if loaded else parts[-1], []).append(f"local:{function}")
    return {name: tuple(sorted(found)) for name, found in facts.items()}


def changed_names(old: FileSummary | None, new: FileSummary | None) -> set[str]:
    """The names whose tree-wide facts differ between two versions of a file."""
    before, after = _name_facts(old), _name_facts(new)
    return {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}


def _read_names(changed: set[str], reads: frozenset[str]) -> set[str]:
    """The names the analysis asked about whose facts changed. A method name is also asked about through each
    prefix of it that ends in ``_`` (a ``getattr(m, f"forward_{mode}")``: :meth:`OffloadSemantics.name_reaches`)."""
    found = changed & reads
    prefixes = tuple(name for name in changed if name.endswith("_"))
    if prefixes:
        found |= {name for name in reads if name.startswith(prefixes)}
    return found


def _switch_names(project: ProjectIndex) -> set[str]:
    """The command-line switches the linted files define (``FileSummary.cli_switches``)."""
    return {switch for summary in project.modules.values() for switch in summary.cli_switches}


def name_readers(project: ProjectIndex, names: set[str]) -> set[str]:
    """The project classes the signs ask about by one of ``names``: a class of that name (is it built, loaded,
    mentioned anywhere?), one defining a method of that name (is it called anywhere?) or one handing ``self`` to a
    function of that name (what does it call?). The class graph carries the change on to their holders and
    subclasses."""
    if not names:
        return set()
    return {info.qualified for info in project.project_classes()
            if info.name in names or not names.isdisjoint(info.summary.methods)
            or any(callee in names for method in info.summary.methods.values() for callee, _ in method.handed_self)}


def _caller_decided(old: AnalysisState, files: dict[str, str]) -> set[str]:
    """The files holding findings the last run suppressed because every caller of their method runs before
    offloading, or of the method building their class after it (:mod:`.analyze.setup_callers`): those callers are found by name in any file, so any edit may add
    one that runs later. Analysed again on every change (few files hold such findings)."""
    return {path for path, found in old.findings.items() if path in files
            and any(f.suppressed_by and (BEFORE_OFFLOADING in f.suppressed_by or AFTER_OFFLOADING in f.suppressed_by
                                         or ONLY_DELEGATED in f.suppressed_by)
                    for f in found)}


def _closure(start: set[str], edges: tuple[dict[str, set[str]], ...]) -> set[str]:
    seen = set(start)
    stack = list(start)
    while stack:
        current = stack.pop()
        for table in edges:
            for neighbour in table.get(current, ()):
                if neighbour not in seen:
                    seen.add(neighbour)
                    stack.append(neighbour)
    return seen


def _helper_users(entries: list[IndexEntry], report: set[str]) -> set[str]:
    """Files importing a module-level layer helper (``def wn_conv(...): return weight_norm(...)``) defined
    in one of the ``report`` files: their classes make the finding reported at the helper."""
    helpers = {(entry.summary.module.rsplit(".", 1)[-1], name) for entry in entries
               if entry.path in report and entry.summary is not None for name in entry.summary.factories}
    if not helpers:
        return set()
    users = set()
    for entry in entries:
        if entry.summary is None or entry.path in report:
            continue
        for qualified in entry.summary.imports.values():
            module, _, name = qualified.rpartition(".")
            if (module.rsplit(".", 1)[-1], name) in helpers:
                users.add(entry.path)
                break
    return users


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
            rule() for rule in ALL_RULES if rule.scope is Scope.METHOD
        ]
        self.by_class: dict[str, list[Finding]] = {}
        self.judge = HazardJudge(semantics, self.helper_flow, entry_points.known_callers)
        self.judge.caller_peers = self._caller_peers
        self.judge.runs_hooked = lambda cls, method: entry_points.context(cls, method).hooked
        self._peers_memo: dict[tuple[str, str], object] = {}
        self._memo: dict[tuple[str, str], list[Finding]] = {}
        self._texts = _MethodTexts(semantics.project)
        self._parsed_texts: dict[tuple, tuple[str, int, int]] = {}

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
        derived = MethodFacts.of(cls, method, context, self.collected(path, method), self.semantics, self.entry_points,
                                 self.judge)
        return MethodCheck(derived, path, self)

    def _caller_peers(self, cls: ClassInfo, method: MethodSummary):
        """Whether an access of ``cls.<method>`` is offloaded at a level, as that method's own facts judge it."""
        key = (cls.qualified, method.name)
        if key not in self._peers_memo:
            facts = MethodFacts.of(cls, method, self.entry_points.context(cls, method.name),
                                   self.helper_flow(cls, method), self.semantics, self.entry_points, self.judge)
            self._peers_memo[key] = facts.peer_offloaded
        return self._peers_memo[key]

    def helper_flow(self, cls: ClassInfo, method: MethodSummary) -> CollectedMethod:
        """Where a helper of ``cls`` sends each of its parameters (the helper is parsed on demand)."""
        defining = cls.methods.get(method.name, (cls, method))[0]
        return self.collected(defining.file.path, method)

    def _analyze(self, cls: ClassInfo, name: str) -> list[Finding]:
        found = cls.methods.get(name)
        if found is None or not cls.is_module:
            return []
        defining, method = found
        if method.is_static:
            return []
        context = self.entry_points.context(cls, name)
        outer = self.entry_points.outer_calls(cls, name) if not context.hooked else ()
        if not context.context.judged or not touches_offloadable(cls, method, context, self.semantics, outer):
            return []
        check = self.check(cls, method, context, defining.file.path)
        return [finding for rule in self.rules for finding in rule.check_method(check)]

    def collected(self, path: str, method: MethodSummary) -> CollectedMethod:
        """The libcst pass over ``method``; one not parsed yet (a helper, a child's forward(), an installed
        class) is parsed on demand, alone (only a few of a class's methods are ever asked for), or
        taken from a method with the same text parsed before."""
        key = (path, method.start_line, method.end_line)
        if key not in self.raw_by_method:
            self_name = method.params[0] if method.params and not method.is_static else ""
            text = self._texts.key(path, method, self_name, None)
            first = self._parsed_texts.get(text) if text is not None else None
            if first is not None:
                self.raw_by_method[key] = self.raw_by_method[first].moved(method.start_line - first[1])
                return self.raw_by_method[key]
            lines = self._texts.lines(path)
            found = _libcst_pass().collect_methods(lines, [(method.start_line, method.end_line, self_name)],
                                                   self._texts.numbers(path)) if lines else {}
            self.raw_by_method[key] = found.get((method.start_line, method.end_line), CollectedMethod([], {}))
            if text is not None:
                self._parsed_texts[text] = key
        return self.raw_by_method[key]


def _problem_finding(path: str, problem: SourceProblem) -> Finding:
    return Finding(
        path=path, line=problem.line, column=problem.column, end_line=problem.line,
        end_column=problem.column + 1, code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME,
        message=f"{problem.message}; the file was not analyzed",
    )


def lint(options: Options) -> LintResult:
    return Linter(options).run()


def lint_project(project_paths: list[str], settings: Settings, cache_dir: Path | None = None,
                 read_installed: bool = True) -> LintResult:
    """Findings in every file of ``project_paths`` (the sorted files a :class:`Discovery` returned, spelled as the
    CLI spells them), as ``offload-lint`` run over the project gives them; with a cache, stored as that run's
    answer, so that later one-file requests of the unchanged project read it."""
    options = Options(paths=project_paths, settings=settings, jobs=1, cache_dir=cache_dir,
                      read_installed=read_installed, discovered=True)
    return Linter(options).run()


def lint_files(paths: list[str], project_paths: list[str], settings: Settings,
               cache_dir: Path | None = None, read_installed: bool = True, discovered: bool = False) -> LintResult:
    """Findings in ``paths`` only, with the facts (bases, callers) of every file under
    ``project_paths``. Pass paths spelled as the CLI would (relative to the working
    directory) to share its index cache; ``discovered``: ``project_paths`` are the sorted files a
    :class:`Discovery` returned (not walked or looked up again)."""
    options = Options(paths=project_paths, settings=settings, jobs=1, cache_dir=cache_dir,
                      read_installed=read_installed, report_paths=paths, discovered=discovered)
    return Linter(options).run()
