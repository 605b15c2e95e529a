"""Offload readiness per pipeline: which component fails group offloading at which level (and with
streams), why, and the test configuration that follows.

Stages, each a module: :mod:`.components` (a pipeline's components from the index) ->
:mod:`.paths` (what the pipeline's call reaches, under which tests) -> :mod:`.assess` (the linter's
findings joined to that reach: rows) -> :mod:`.report` (table, markdown, json, test config) and,
for ``--check``, :mod:`.tests_config` + :mod:`.check` (a diffusers checkout's test configs against
the rows). The runtime proof (``--confirm``) lives in :mod:`offload_lint.confirm.readiness`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..config import Settings
from ..engine import Linter, Options
from ..finding import Finding
from ..rules import PARSE_ERROR_CODE
from .model import PipelineReadiness


@dataclass
class ReadinessRun:
    pipelines: list[PipelineReadiness]
    files: int
    # Files outside the linted tree that define components (a transformers encoder), linted for them.
    component_files: list[str] = field(default_factory=list)
    # Files that could not be read or parsed (OFL000): said per file, the rows come from the rest.
    problems: list[Finding] = field(default_factory=list)


def assess_paths(paths: list[str], settings: Settings | None = None, cache_dir: Path | None = None,
                 only: set[str] | None = None, inputs: dict[str, dict[str, Any]] | None = None,
                 jobs: int | None = None, built: dict[str, dict[str, str]] | None = None,
                 ignore_opt_out: bool = False,
                 switches: dict[str, dict[str, tuple[str, ...]]] | None = None) -> ReadinessRun:
    """Lint ``paths`` (and the files defining their pipelines' components) and assess every pipeline.
    ``inputs`` and ``built``: per pipeline, its test's dummy inputs and the component classes it builds;
    ``ignore_opt_out``: rows for opted-out components as if they had not opted out; ``switches``: per pipeline
    and component, the methods its test calls on it first (``enable_tiling``)."""
    from .assess import Assessor, FindingIndex
    from .components import components, members, pipelines

    settings = replace(settings or Settings(), select=None)  # every rule feeds readiness, whatever is selected
    options = Options(paths=paths, settings=settings, cache_dir=cache_dir, jobs=jobs, show_suppressed=ignore_opt_out)
    linter = Linter(options)
    findings: list[Finding] = list(linter.run().findings)
    project, semantics, entry_points = linter.project_model()
    linted = {str(Path(p).resolve()) for p in linter.discover()}
    outside: dict[str, None] = {}
    for cls in pipelines(project):
        if only and cls.name not in only and cls.qualified not in only:
            continue
        for component in components(cls, semantics, (built or {}).get(cls.name)):
            info = project.lookup_class(component.class_name) if component.class_name else None
            if info is None:
                continue
            for held in (info, *info.mro, *members(info, project)):
                path = str(Path(held.file.path).resolve())
                if held.external and path not in linted:
                    outside[held.file.path] = None
    if outside:
        extra = Linter(Options(paths=list(outside), settings=settings, cache_dir=cache_dir, jobs=jobs,
                               show_suppressed=ignore_opt_out))
        findings.extend(extra.run().findings)
    assessor = Assessor(project, semantics, entry_points, FindingIndex.of(findings, ignore_opt_out), inputs=inputs,
                        built=built, ignore_opt_out=ignore_opt_out, switches=switches)
    problems = [f for f in findings if f.code == PARSE_ERROR_CODE]
    return ReadinessRun(assessor.assess(only), len(linted), list(outside), problems)


__all__ = ["ReadinessRun", "assess_paths"]
