"""A run's answer (:class:`LintResult`) and how a whole run's answer is found in the cache again.

Kept light on purpose: the flake8 plugin asks, for every file of an unchanged checkout, whether the
last whole-project run answers it. That question needs the cache, the files' records and the
settings, never the analysis: this module imports none of the engine, the index, the analysis or the
rule registry (``tests/frontends/test_flake8_warm_imports.py`` holds it to that).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .cache import Cache, find_project_root, key_of
from .finding import Finding
from .project_files import ExternalFiles, ProjectFiles
from .tree import ProjectTree, project_tree

if TYPE_CHECKING:
    from .config import Settings
    from .fix.apply import FixOutcome

_RULES_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules")


@dataclass
class LintResult:
    findings: list[Finding]
    files: int
    # What --fix/--diff did, and which fixes this run offers (None: the caller did not ask).
    fixes: FixOutcome | None = None
    # The suppressed findings hidden (not shown without --show-suppressed), by path.
    suppressed_by_path: dict[str, int] = field(default_factory=dict)

    @property
    def suppressed(self) -> int:
        return sum(self.suppressed_by_path.values())

    def restricted_to(self, paths: list[str]) -> "LintResult":
        """The same run's answer for some of its files (a whole-project result, asked about one)."""
        wanted = set(paths)
        hidden = {path: count for path, count in self.suppressed_by_path.items() if path in wanted}
        return LintResult([f for f in self.findings if f.path in wanted], len(wanted), suppressed_by_path=hidden)


def rule_modules() -> tuple[str, ...]:
    """The rule registry as a result key names it, without importing it: the modules of ``rules/``.

    Which rules a run selects follows from the settings (in the key) and the registry; the registry
    follows from the code, and the cache folder is per format and version. The module names stand in
    for the codes so that a rule added or removed during development still misses the old answers."""
    try:
        return tuple(sorted(name for name in os.listdir(_RULES_FOLDER) if name.endswith(".py")))
    except OSError:
        return ()


def result_key(files: ProjectFiles, paths: list[str], settings: Settings, show_suppressed: bool,
               read_installed: bool, tree: ProjectTree) -> str:
    """The files as spelled (findings name them so) with their content, the settings, and what the findings read
    of the tree beyond its Python files (its kind, its configs' and docs' sizes and times)."""
    records = [(p, record.key if (record := files.record(p)) is not None else None) for p in paths]
    return key_of(records, settings.fingerprint(), rule_modules(), show_suppressed, read_installed, tree.key)


def cached_result(cache: Cache, external: ExternalFiles, key: str) -> LintResult | None:
    """The answer stored under ``key``, while the files outside the linted ones it read are unchanged."""
    cached = cache.load_result(key)
    # Installed packages the answer depended on (base classes, components) must be unchanged too.
    if isinstance(cached, tuple) and len(cached) == 2 and isinstance(cached[0], LintResult) \
            and external.unchanged(cached[1]):
        return cached[0]
    return None


def project_root(settings: Settings, paths: list[str]) -> Path:
    """Where cache entries' paths are relative to: the configuration's folder, else the nearest
    pyproject.toml or .git above the first linted path."""
    if settings.config_path is not None:
        return settings.config_path.parent
    return find_project_root(Path(paths[0]) if paths else Path.cwd())


def whole_project_answer(report: list[str], project: list[str], settings: Settings, cache_dir: Path | None,
                         read_installed: bool = True, tree: ProjectTree | None = None) -> LintResult | None:
    """The answer for ``report`` (files of ``project``) from the last run over the whole, unchanged project,
    as :meth:`Linter._run_for_report_paths <offload_lint.engine.Linter>` would find it; None when there is
    none (the engine then analyzes)."""
    if cache_dir is None or not set(report) <= set(project):
        return None
    cache = Cache(cache_dir)
    files = ProjectFiles(cache, project_root(settings, project), project)
    tree = tree if tree is not None else project_tree(project, settings.tree_kind, settings.exclude)
    key = result_key(files, project, settings, show_suppressed=False, read_installed=read_installed, tree=tree)
    whole = cached_result(cache, ExternalFiles(files.root), key)
    return whole.restricted_to(list(dict.fromkeys(report))) if whole is not None else None
