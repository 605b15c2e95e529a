"""The finding model shared by the static rules, the reporters and the runtime confirmer."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .fix.model import Fix
from .strategies import BY_KEY

BLOCK = "block"
LEAF = "leaf"
ALL_LEVELS: tuple[str, ...] = (BLOCK, LEAF)


@dataclass(frozen=True)
class CallSite:
    """Where an entry point is called from outside its class."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.column}"


def display_path(path: str) -> str:
    """A path as messages show it: relative to the working directory when it lies under it
    (as ruff does), else unchanged (an installed package's file)."""
    absolute = os.path.abspath(path)
    cwd = os.getcwd()
    if absolute.startswith(cwd.rstrip(os.sep) + os.sep):
        return os.path.relpath(absolute, cwd)
    return path


@dataclass(frozen=True)
class RelatedLocation:
    """Another place of the same cause (a generated copy, a call of the helper that is reported):
    fixed by the fix at the finding's own line."""

    path: str
    line: int
    column: int
    note: str  # what this place is ("generated copy", "call of wn_conv1d()")

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.column}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "column": self.column, "note": self.note}


@dataclass(frozen=True)
class RuntimeVerdict:
    """The runtime confirmer's answer for one finding (docs/confirmer.md says what each verdict means)."""

    verdict: str  # confirmed | refuted | untriggered
    backend: str
    level: str
    evidence: str
    error: str | None = None  # the exception text that stopped a run, per level ("leaf: RuntimeError: ...")

    def to_json(self) -> dict[str, str]:
        data = {"verdict": self.verdict, "backend": self.backend, "level": self.level, "evidence": self.evidence}
        if self.error:
            data["error"] = self.error
        return data

    def describe(self) -> str:
        """`` [confirmed: <evidence>]`` as the text reporters append it."""
        return f" [{self.verdict}: {self.evidence}]" if self.evidence else f" [{self.verdict}]"


@dataclass(frozen=True)
class Finding:
    """One diagnostic. Positions are 1-based (line and column), end exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    message: str
    class_name: str | None = None
    method: str | None = None
    levels: tuple[str, ...] = ()
    # The touched attribute as written after ``self.`` (``clip_std``, ``proj.weight``).
    attribute: str | None = None
    # Dotted import path of the module that defines ``class_name`` (for the confirmer).
    module: str | None = None
    call_site: CallSite | None = None
    suppressed_by: str | None = None  # e.g. "_supports_group_offloading = False"
    # The edit that removes the finding, if the rule knows one (applied by --fix).
    fix: Fix | None = field(default=None, compare=False)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # Other places of this cause, fixed with it (``# noqa`` on this finding's line covers them).
    related: tuple[RelatedLocation, ...] = field(default=(), compare=False, hash=False)
    runtime: RuntimeVerdict | None = field(default=None, compare=False, hash=False)  # set by --confirm

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        data = {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "class": self.class_name,
            "method": self.method,
            # diffusers group offloading's levels; ``strategies`` names every strategy it breaks under.
            "levels": [level for level in ALL_LEVELS if level in self.levels],
            "strategies": strategy_names(self.levels),
            "attribute": self.attribute,
            "module": self.module,
            "call_site": str(self.call_site) if self.call_site else None,
            "fix": self.fix.to_json() if self.fix else None,
        }
        if self.suppressed_by:
            data["suppressed_by"] = self.suppressed_by
        if self.related:
            data["related_locations"] = [location.to_json() for location in self.related]
        data.update(self.extra)
        if self.runtime is not None:
            data.update(self.runtime.to_json())
        return data


def strategy_names(keys: tuple[str, ...]) -> list[str]:
    """``("block", "fsdp2")`` -> ``["group-block", "fsdp2"]``, as ``--strategy`` spells them."""
    return [BY_KEY[key].name for key in keys if key in BY_KEY]


__all__ = ["ALL_LEVELS", "BLOCK", "LEAF", "CallSite", "Finding", "RelatedLocation", "RuntimeVerdict", "display_path", "strategy_names"]
