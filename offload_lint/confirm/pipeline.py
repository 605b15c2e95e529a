"""Run a whole pipeline (any object holding nn.Module components) with group offloading on chosen
components, on CPU, and report every use of an offloaded weight with the line that made it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import torch

from .backends import TRACKING, Backend, OffloadOptions, make_backend, offloaded
from .report import Access


@dataclass
class PipelineReport:
    level: str
    backend: str
    completed: bool
    accesses: list[Access] = field(default_factory=list)
    error: str | None = None

    @property
    def offending(self) -> list[Access]:
        return [a for a in self.accesses if a.offending]

    def to_text(self) -> str:
        status = "completed" if self.completed else f"failed: {self.error}"
        lines = [f"pipeline run at {self.level} level [{self.backend}]: {status}"]
        for access in self.offending:
            caller = f" (called from {access.caller})" if access.caller and access.caller != access.source else ""
            lines.append(f"  {access.describe()}{caller}")
        return "\n".join(lines)


def pipeline_components(pipeline: Any) -> dict[str, torch.nn.Module]:
    """``pipeline.components`` for diffusers pipelines, otherwise every nn.Module attribute."""
    components = getattr(pipeline, "components", None)
    if not isinstance(components, dict):
        components = vars(pipeline)
    return {name: value for name, value in components.items() if isinstance(value, torch.nn.Module)}


def confirm_pipeline(
    pipeline: Any,
    run: Callable[[Any], Any],
    *,
    components: list[str] | None = None,
    level: str = "block",
    backend: str = TRACKING,
    options: OffloadOptions | None = None,
) -> PipelineReport:
    """Offload ``components`` (default: all) of an already-built pipeline, call ``run(pipeline)``, watch.

    The components must be real modules on the offload device (cpu); the default tracking backend keeps
    compute on cpu. Hooks are removed afterwards, so the pipeline can be reused.
    """
    chosen = make_backend(backend, options)
    available = pipeline_components(pipeline)
    selected = {name: available[name] for name in (components or list(available))}
    with torch.no_grad(), offloaded(selected, level, chosen) as observer:
        observer.step = "pipeline"
        try:
            with observer:
                run(pipeline)
        except Exception as error:  # the report says how far the run got
            return PipelineReport(level, chosen.name, False, list(observer.accesses), f"{type(error).__name__}: {error}")
    return PipelineReport(level, chosen.name, True, list(observer.accesses))


__all__ = ["PipelineReport", "confirm_pipeline", "pipeline_components", "Backend"]
