"""The flake8 plugin (``OFL``): the engine's findings for the one file flake8 hands over.

flake8 calls a plugin once per file. The plugin still sees the project: it indexes every
file under the file's project root (the nearest ``pyproject.toml``, else the git root),
through the same on-disk index cache as the CLI, and reports findings for the one file
only. Without an index cache, a project over ``LARGE_PROJECT_FILES`` files is not indexed
from scratch for every file: the plugin then sees the file and installed packages alone
(run ``offload-lint`` once to build the cache). Text that is not on disk (an editor's
unsaved buffer piped on stdin) is linted as a standalone file.

An editor asks about one file per process: the plugin analyses that file's classes. flake8 over a tree asks each of
its worker processes about many: from a process's second file of a project on, the plugin analyses the whole project
once (``offload-lint .``'s run, stored in the cache like it) and answers every later file from that run while no file
of the project changed.
"""

from __future__ import annotations

import argparse
import io
import os
import tempfile
import tokenize
from ast import AST
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence

from . import __version__

# flake8 imports every installed plugin at its start, also for a run that selects none of our codes: what the
# analysis needs (the engine, the configuration's defaults, libcst) is imported when a file is analyzed.
if TYPE_CHECKING:
    from .config import Settings
    from .finding import Finding
    from .tree import ProjectTree

LARGE_PROJECT_FILES = 2000
_STDIN_NAMES = frozenset({"stdin", "-", "<stdin>"})

Result = tuple[int, int, str, type]


class OffloadLintPlugin:
    name: ClassVar[str] = "offload-lint"
    version: ClassVar[str] = __version__

    # Set by parse_options from flake8's command line / config; None: use [tool.offload-lint].
    offload_level: ClassVar[str | None] = None
    offload_strategy: ClassVar[str | None] = None
    offload_tree_kind: ClassVar[str | None] = None
    setup_methods: ClassVar[list[str]] = []
    extend_setup_methods: ClassVar[list[str]] = []
    # Whether flake8 shows any OFL code. flake8 runs every installed plugin whatever ``--select`` says and
    # drops the codes it does not show afterwards; with none of ours shown there is nothing to analyze.
    any_selected: ClassVar[bool] = True

    def __init__(self, tree: AST, filename: str, lines: Sequence[str]) -> None:
        self.filename = filename
        self.lines = lines

    @classmethod
    def add_options(cls, manager: Any) -> None:
        manager.add_option("--offload-level", choices=("block", "leaf", "both"), parse_from_config=True,
                           help="offloading level(s) OFL rules check (default: [tool.offload-lint] level, else both)")
        manager.add_option("--offload-strategy", parse_from_config=True,
                           help="comma-separated strategies OFL rules check (group-block, group-leaf, "
                           "accelerate-sequential, model-cpu-offload, fsdp2, zero3, all; default: "
                           "[tool.offload-lint] strategy, else group-block,group-leaf)")
        manager.add_option("--offload-setup-methods", comma_separated_list=True, parse_from_config=True,
                           default=[], help="methods that run before offloading applies (replaces the defaults)")
        manager.add_option("--offload-extend-setup-methods", comma_separated_list=True,
                           parse_from_config=True, default=[], help="add to the setup methods")
        manager.add_option("--offload-tree-kind", choices=("auto", "library", "application"), parse_from_config=True,
                           help="what runs the tree's code (default: [tool.offload-lint] tree-kind, else auto)")

    @classmethod
    def parse_options(cls, options: argparse.Namespace) -> None:
        cls.offload_level = options.offload_level
        cls.offload_strategy = options.offload_strategy
        cls.offload_tree_kind = options.offload_tree_kind
        cls.setup_methods = list(options.offload_setup_methods or [])
        cls.extend_setup_methods = list(options.offload_extend_setup_methods or [])
        cls.any_selected = _any_code_selected(options)

    def run(self) -> Iterator[Result]:
        if not self.any_selected:
            return
        for finding in self._findings():
            # flake8 adds 1 to the column a plugin reports; Finding columns are already 1-based.
            yield finding.line, finding.column - 1, f"{finding.code} {finding.message}", type(self)

    # --- one file ---------------------------------------------------------------------------
    def _findings(self) -> list[Finding]:
        from .config import ConfigError
        from .result import whole_project_answer

        on_disk = Path(self.filename)
        if self.filename in _STDIN_NAMES or not on_disk.is_file() or not self._matches_disk(on_disk):
            return self._lint_text_alone(on_disk)
        try:
            settings = self._settings(on_disk)
        except ConfigError as error:
            return [_config_error(error)]
        if _excluded(on_disk, settings):
            return []  # as `offload-lint .` would skip it
        root = project_root(on_disk, settings)
        cache_dir = _cache_dir(settings, root)
        project = _project_files(_as_cli_path(root), os.path.realpath(root), tuple(settings.exclude))
        report = [_as_cli_path(on_disk)]
        if len(project) > LARGE_PROJECT_FILES and not _has_index_cache(cache_dir):
            # The file alone, and no cache written: a one-file index would make the
            # next file look cached and index the whole project after all.
            return _lint_files(report, [], settings, cache_dir=None).findings
        # An unchanged checkout: the last whole-project run's answer, read without importing the analysis.
        tree = _project_tree(_as_cli_path(root), os.path.realpath(root), tuple(settings.exclude), settings.tree_kind)
        warm = whole_project_answer(report, list(project), settings, cache_dir, tree=tree)
        if warm is not None:
            return warm.findings
        batch = _batch_answer(report[0], project, settings, cache_dir, os.path.realpath(root))
        if batch is not None:
            return batch
        return _lint_files(report, list(project), settings, cache_dir, discovered=True).findings

    def _matches_disk(self, path: Path) -> bool:
        from .source import SourceProblem, read_text

        given = "".join(self.lines)
        text = read_text(path)
        if not isinstance(text, SourceProblem) and text == given:
            return True
        # flake8 reads bytes it cannot decode (a file that does not decode, or stray undecodable bytes in a comment,
        # which Python compiles and the engine reads with replacements) as latin-1: still the file on disk, which the
        # engine then lints (or reports as OFL000) as the CLI does.
        try:
            text = path.read_bytes().decode("latin-1").removeprefix("\xef\xbb\xbf")
        except OSError:
            return False
        return text.replace("\r\n", "\n").replace("\r", "\n") == given

    def _lint_text_alone(self, shown_as: Path) -> list[Finding]:
        """Unsaved text: lint a temporary copy; only the file and installed packages are seen."""
        from .config import ConfigError

        start = shown_as if shown_as.parent.is_dir() else Path.cwd()
        try:
            settings = self._settings(start)
        except ConfigError as error:
            return [_config_error(error)]
        name = shown_as.name if shown_as.suffix in (".py", ".pyi") else "stdin.py"
        with tempfile.TemporaryDirectory(prefix="offload-lint-") as directory:
            copy = Path(directory) / name
            copy.write_bytes(_encoded_as_declared("".join(self.lines)))
            return _lint_files([str(copy)], [], settings, cache_dir=None).findings

    def _settings(self, start: Path) -> Settings:
        from .config import load_settings, parse_level, parse_strategy

        settings = load_settings(start)
        if self.offload_level:
            settings.levels = parse_level(self.offload_level)
        if self.offload_strategy:
            settings.levels = parse_strategy(self.offload_strategy)
        if self.offload_tree_kind:
            settings.tree_kind = self.offload_tree_kind
        if self.setup_methods:
            settings.setup_methods = frozenset(self.setup_methods)
        settings.setup_methods |= frozenset(self.extend_setup_methods)
        # Rule selection and per-file ignores stay [tool.offload-lint]'s; flake8's --select and
        # --ignore then filter what the plugin reports, as for any plugin.
        return settings


def _any_code_selected(options: argparse.Namespace) -> bool:
    """Whether flake8's ``--select``/``--ignore`` (and their ``extend-`` forms) show any ``OFLnnn`` code, asked
    of flake8's own decision engine for each of the thousand codes (a few milliseconds)."""
    try:
        from flake8.style_guide import Decision, DecisionEngine

        engine = DecisionEngine(options)
        return any(engine.decision_for(f"OFL{number:03d}") is Decision.Selected for number in range(1000))
    except Exception:  # noqa: BLE001 - a flake8 without this engine: analyze, as before
        return True


def _lint_files(*args: Any, **kwargs: Any) -> Any:
    from .engine import lint_files

    return lint_files(*args, **kwargs)


# --- many files of one project in one process: flake8 over a tree -------------------------------
# The files of each project this process was asked about, and the last whole-project run: (project key, the
# project's files' stat signature, its answer). An editor lints one file per process and keeps the one-file
# analysis; a flake8 run over a tree hands each worker many, and from the second on the whole project is analysed
# once (what `offload-lint .` does) instead of once per file.
_asked: dict[tuple, set[str]] = {}
_whole_run: list[tuple[tuple, tuple, Any]] = []


def _batch_answer(path: str, project: tuple[str, ...], settings: Settings, cache_dir: Path | None,
                  real_root: str) -> list[Finding] | None:
    """``path``'s findings from a whole-project run of this process, made at the second file asked of the same
    project; None for the first (or a file outside the project's discovered files: it is linted on its own)."""
    if path not in project:
        return None
    key = (real_root, settings.fingerprint(), str(cache_dir), project)
    signature = _stat_signature(project)
    if _whole_run and _whole_run[0][0] == key and _whole_run[0][1] == signature:
        return _whole_run[0][2].restricted_to([path]).findings
    if key not in _asked and len(_asked) >= 8:
        _asked.clear()  # a process that went through many projects: only the latest ones matter
    asked = _asked.setdefault(key, set())
    asked.add(path)
    if len(asked) < 2:
        return None
    from .engine import lint_project

    # Taken before the run: a file changed while it runs makes the next file analyse again.
    result = lint_project(list(project), settings, cache_dir)
    _whole_run[:] = [(key, signature, result)]
    return result.restricted_to([path]).findings


def _stat_signature(paths: tuple[str, ...]) -> tuple:
    """Each file's modification time and size: the run's answer holds while none changed."""
    signature = []
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            signature.append(None)
            continue
        signature.append((stat.st_mtime_ns, stat.st_size))
    return tuple(signature)


# --- the project a file belongs to ----------------------------------------------------------
def project_root(path: Path, settings: Settings) -> Path:
    """The directory of the nearest pyproject.toml, else the git root, else the file's folder."""
    from .discover import _git_root

    if settings.config_path is not None:
        return settings.config_path.parent.resolve()
    directory = Path(os.path.realpath(path)).parent
    return _git_root(directory) or directory


def _cache_dir(settings: Settings, root: Path) -> Path | None:
    from .cache import default_cache_dir  # the CLI's choice, so that both share one cache

    if os.environ.get("OFFLOAD_LINT_NO_CACHE"):
        return None
    return default_cache_dir(settings) if settings.config_path else root / ".offload-lint-cache"


def _excluded(path: Path, settings: Settings) -> bool:
    """[tool.offload-lint] exclude (and .gitignore), applied to the file flake8 names."""
    from .discover import Discovery

    return not Discovery(excludes=settings.exclude, force_exclude=True).files([str(path)])


def _has_index_cache(cache_dir: Path | None) -> bool:
    from .cache import Cache

    return cache_dir is not None and Cache(cache_dir).has_manifest()


@lru_cache(maxsize=8)
def _project_files(root: str, real_root: str, excludes: tuple[str, ...]) -> tuple[str, ...]:
    """One directory walk per project and process (flake8 reuses its worker processes). ``root``
    is spelled as the CLI spells it (``.`` for the working directory), so ``real_root`` keeps
    two projects apart in the cache."""
    from .discover import Discovery

    return tuple(str(p) for p in Discovery(excludes=list(excludes)).files([root]))


@lru_cache(maxsize=8)
def _project_tree(root: str, real_root: str, excludes: tuple[str, ...], tree_kind: str) -> ProjectTree:
    """The project's kind and side files (configs, notebooks, docs), once per project and process as its Python files
    are (:func:`_project_files`): flake8 asks for every file of the tree."""
    from .tree import project_tree

    return project_tree(list(_project_files(root, real_root, excludes)), tree_kind, list(excludes))


def _as_cli_path(path: Path) -> str:
    """Spelled as the CLI spells it when run from the working directory (shares cache keys)."""
    from .discover import cli_spelling

    return cli_spelling(path)


def _encoded_as_declared(text: str) -> bytes:
    """Text flake8 decoded, encoded back as its PEP 263 declaration says (UTF-8 without one)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(text.encode("utf-8")).readline)
        return text.encode(encoding)
    except (SyntaxError, LookupError, UnicodeError):
        return text.encode("utf-8")


def _config_error(error: Exception) -> Finding:
    """A bad ``[tool.offload-lint]`` table: the file could not be analyzed (OFL900 is the confirmer's)."""
    from .finding import Finding
    from .rules import PARSE_ERROR_CODE, PARSE_ERROR_NAME

    return Finding(path="", line=1, column=1, end_line=1, end_column=1, code=PARSE_ERROR_CODE,
                   name=PARSE_ERROR_NAME, message=f"configuration error: {error}; the file was not analyzed")
