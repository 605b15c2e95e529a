"""The records the readiness stages hand each other: a pipeline's components, and one row per
component × level × streams with its verdict and the findings behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..finding import BLOCK, LEAF, display_path

LEVELS: tuple[str, ...] = (BLOCK, LEAF)
STREAMS: tuple[bool, ...] = (False, True)


class Verdict(str, Enum):
    FAILS = "fails"
    PASSES = "passes"
    OPTED_OUT = "opted-out"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Cause:
    """A finding that makes a component fail in a pipeline, and the path that reaches it."""

    path: str
    line: int
    code: str
    message: str
    class_name: str | None
    method: str | None
    attribute: str | None
    # What the failing path needs, as the code tests it (``clip_skip is not None``); None: every call.
    condition: str | None = None
    # Whether the pipeline test's inputs (or the call's defaults) take that path.
    taken_by_test: bool = True
    # How the pipeline gets there (``__call__ -> encode_prompt -> self.text_encoder.get_text_features``).
    via: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"path": display_path(self.path), "line": self.line, "code": self.code,
                "class": self.class_name, "method": self.method, "attribute": self.attribute,
                "condition": self.condition, "taken_by_test": self.taken_by_test, "via": self.via}

    def location(self) -> str:
        return f"{display_path(self.path)}:{self.line}"


@dataclass(frozen=True)
class RuntimeOutcome:
    """What running the pipeline with one component offloaded showed (``--confirm``)."""

    verdict: str  # fails | passes | unknown
    evidence: str
    # Stand-ins built because the real fixture could not be loaded (a Hub tokenizer), by name.
    stand_ins: tuple[str, ...] = ()
    # What the builder tried and why, in order (``--explain``).
    trace: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "evidence": self.evidence, "stand_ins": list(self.stand_ins),
                "trace": list(self.trace)}


@dataclass(frozen=True)
class Component:
    """One ``nn.Module`` a pipeline holds (``vae``, ``text_encoder``)."""

    name: str
    class_name: str | None  # qualified; None when nothing names the class
    alternatives: tuple[str, ...] = ()  # the other classes of a union annotation
    optional: bool = False
    supports_group_offloading: bool = True
    is_diffusers_model: bool = False  # a ModelMixin subclass: can declare _supports_group_offloading
    # ``self.<name>.to(device)`` in the pipeline's own code: it moves the component by hand.
    moved_by_hand: Cause | None = None

    @property
    def short_class(self) -> str:
        return (self.class_name or "?").rsplit(".", 1)[-1]


@dataclass(frozen=True)
class Row:
    pipeline: str
    component: str
    component_class: str | None
    level: str
    streams: bool
    verdict: Verdict
    causes: tuple[Cause, ...] = ()
    # Why the verdict is what it is when there is no cause to show (opted out, class unknown).
    reason: str = ""
    # Stream-specific notes from the model of the lazy-prefetch hook, and facts that change nothing.
    notes: tuple[str, ...] = ()
    details: tuple[str, ...] = ()
    runtime: RuntimeOutcome | None = None
    # Findings a move by hand hides (the pipeline's ``self.<component>.to(device)``): the row passes
    # while that line stays, and fails the day it goes.
    masked: tuple[Cause, ...] = ()

    @property
    def condition(self) -> str | None:
        """None when a cause fails on every call; else what the failing paths need."""
        if self.verdict is not Verdict.FAILS or any(c.condition is None for c in self.causes):
            return None
        return " or ".join(dict.fromkeys(c.condition for c in self.causes if c.condition))

    @property
    def fails_under_test(self) -> bool:
        """Whether the test's inputs take a failing path (a conditional hazard they avoid is left out)."""
        return self.verdict is Verdict.FAILS and any(c.taken_by_test for c in self.causes)

    def to_json(self) -> dict[str, Any]:
        return {
            "pipeline": self.pipeline, "component": self.component, "component_class": self.component_class,
            "level": self.level, "streams": self.streams, "verdict": self.verdict.value,
            "condition": self.condition, "fails_under_test": self.fails_under_test,
            "findings": [c.to_json() for c in self.causes], "reason": self.reason or None,
            "notes": list(self.notes), "details": list(self.details), "runtime": self.runtime.to_json() if self.runtime else None,
            "masked_findings": [c.to_json() for c in self.masked],
        }


@dataclass
class PipelineReadiness:
    name: str  # the class name
    qualified: str
    path: str
    line: int
    components: list[Component] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    # Findings in the pipeline's own methods that name no component (OFL2xx on a helper).
    notes: list[str] = field(default_factory=list)

    def rows_of(self, component: str) -> list[Row]:
        return [row for row in self.rows if row.component == component]

    def row(self, component: str, level: str, streams: bool = False) -> Row | None:
        return next((r for r in self.rows if r.component == component and r.level == level and r.streams == streams),
                    None)


__all__ = ["Cause", "Component", "LEVELS", "PipelineReadiness", "Row", "RuntimeOutcome", "STREAMS", "Verdict"]
