"""What a fix is: typed data a rule attaches to its finding, applied later by :mod:`.apply`.

Positions follow :class:`~offload_lint.finding.Finding`: 1-based lines and columns (Unicode
code points), end exclusive. An insertion is an edit whose start equals its end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..strategies import STRATEGIES, strategies_text


class Applicability(str, Enum):
    """ruff's two levels: ``--fix`` applies safe fixes, ``--unsafe-fixes`` also the unsafe ones."""

    SAFE = "safe"
    UNSAFE = "unsafe"


# Where a move to the input's device copies the weight as the hook left it and so helps nothing:
# the strategies whose stale copy is no real tensor (meta, an empty partition, a sharded DTensor).
COPY_DOES_NOT_HELP: tuple[str, ...] = tuple(strategy.key for strategy in STRATEGIES if not strategy.move_is_fix)
# Where a model's own ``.device`` (its first parameter's) is the stale copy's and nothing copies out of it (meta).
DEVICE_READ_UNUSABLE: tuple[str, ...] = tuple(strategy.key for strategy in STRATEGIES if strategy.device_read_unusable)


@dataclass(frozen=True)
class Edit:
    line: int
    column: int
    end_line: int
    end_column: int
    content: str

    @property
    def start(self) -> tuple[int, int]:
        return (self.line, self.column)

    @property
    def end(self) -> tuple[int, int]:
        return (self.end_line, self.end_column)

    @classmethod
    def insertion(cls, line: int, column: int, content: str) -> "Edit":
        return cls(line, column, line, column, content)

    def overlaps(self, other: "Edit") -> bool:
        """Two edits conflict when their spans share text, or both insert at the same place."""
        if self.start == self.end and other.start == other.end:
            return self.start == other.start
        return self.start < other.end and other.start < self.end

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "end_line": self.end_line,
                "end_column": self.end_column, "content": self.content}


@dataclass(frozen=True)
class Fix:
    applicability: Applicability
    edits: tuple[Edit, ...]
    message: str
    # Strategies (by key, as findings name them) under which the fixed code still fails.
    no_help_under: tuple[str, ...] = ()

    @property
    def is_safe(self) -> bool:
        return self.applicability is Applicability.SAFE

    def applies(self, unsafe_fixes: bool) -> bool:
        return self.is_safe or unsafe_fixes

    def lines(self) -> set[int]:
        return {line for edit in self.edits for line in range(edit.line, edit.end_line + 1)}

    def to_json(self) -> dict[str, Any]:
        return {
            "applicability": self.applicability.value,
            "message": self.message,
            "edits": [edit.to_json() for edit in self.edits],
            "no_help_under": list(self.no_help_under),
        }


def merged_fix(first: Fix | None, later: Fix | None) -> Fix | None:
    """The fix of one finding that stands for several touches of the same weight in one method: every touch's edits
    (safe when each is, no help where any is none), or none when a touch has no fix or the edits overlap (a fix of
    the first touch alone would leave the cause)."""
    if first is None or later is None:
        return None
    added = tuple(edit for edit in later.edits if edit not in first.edits)
    if any(edit.overlaps(other) for edit in added for other in first.edits):
        return None
    safe = first.is_safe and later.is_safe
    messages = first.message.split("; then ")
    then = later.message[:1].lower() + later.message[1:]
    message = first.message if then in messages or later.message == first.message else f"{first.message}; then {then}"
    return Fix(Applicability.SAFE if safe else Applicability.UNSAFE,
               tuple(sorted(first.edits + added, key=lambda edit: (edit.start, edit.end))), message,
               tuple(dict.fromkeys(first.no_help_under + later.no_help_under)))


def no_help_text(strategies: tuple[str, ...]) -> str:
    """``; no help under accelerate sequential offload (meta weights), ...`` for fix messages."""
    if not strategies:
        return ""
    return f"; no help under {strategies_text(tuple(strategies))}"


__all__ = ["COPY_DOES_NOT_HELP", "DEVICE_READ_UNUSABLE", "Applicability", "Edit", "Fix", "merged_fix", "no_help_text"]
