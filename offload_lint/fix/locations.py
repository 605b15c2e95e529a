"""Where a fix edits, without libcst: the linted file with the index's positions of its top-level
statements and of its classes' body statements, the text at a span, and the plain edits
(insert, replace). :mod:`.codemods` parses with libcst only what these say a fix needs.
"""

from __future__ import annotations

import ast
import os
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..source import read_lines
from .model import Edit

Span = tuple[int, int, int, int]  # line, column, end line, end column (1-based, end exclusive)
# The class attribute a block-module fix declares or extends.
BLOCK_MODULES = "_group_offload_block_modules"


@dataclass(frozen=True)
class ClassSpan:
    """Where the index found a class and each statement of its body (None: two share a line)."""

    line: int
    end_line: int
    members: tuple[tuple[int, int], ...] | None


@dataclass(frozen=True)
class SourceFile:
    """A linted file and where the index found its top-level statements (None: not known, or two
    share a line) and its classes' body statements, so that a fix parses only what it edits: the
    method around a finding, not the class of 20,000 methods around it."""

    path: str
    statements: tuple[tuple[int, int], ...] | None = None
    classes: tuple[ClassSpan, ...] = ()

    def statement_around(self, line: int) -> tuple[int, int] | None:
        return _span_around(self.statements or (), line)

    def class_around(self, line: int) -> ClassSpan | None:
        """The innermost class whose lines hold ``line``."""
        best: ClassSpan | None = None
        for cls in self.classes:
            if cls.line <= line <= cls.end_line and (best is None or cls.line >= best.line):
                best = cls
        return best


def _span_around(spans: tuple[tuple[int, int], ...], line: int) -> tuple[int, int] | None:
    index = bisect_right(spans, (line, float("inf"))) - 1  # spans are in order and do not overlap
    if index >= 0 and spans[index][0] <= line <= spans[index][1]:
        return spans[index]
    return None


def source_text(source: SourceFile, span: Span) -> str | None:
    """The text at ``span``, without a libcst parse (most fixes need no more than that)."""
    lines = current_lines(source.path)
    if lines is None:
        return None
    line, column, end_line, end_column = span
    if not 0 < line <= end_line <= len(lines):
        return None
    if line == end_line:
        return lines[line - 1][column - 1:end_column - 1]
    return "".join([lines[line - 1][column - 1:], *lines[line:end_line - 1], lines[end_line - 1][:end_column - 1]])


@lru_cache(maxsize=16)
def file_lines(path: str, size: int, mtime: int) -> tuple[str, ...]:
    return tuple(read_lines(Path(path), keepends=True))


def current_lines(path: str) -> tuple[str, ...] | None:
    """The file's lines as it is now (read once per content); None when it cannot be read."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return file_lines(path, stat.st_size, stat.st_mtime_ns)


# --- a weight moved to the input's device -------------------------------------------------------
def move_to(span: Span, device: str) -> tuple[Edit, ...]:
    """``self.clip_std`` -> ``self.clip_std.to(<device>)``: the span is an attribute chain, so the
    call binds to it whatever surrounds it."""
    return (Edit.insertion(span[2], span[3], f".to({device})"),)


def moved_before_tensor_index(written: str, name: str) -> int | None:
    """Where in ``written`` (``self.embedding.weight[codes]``, ``self.pos_embed[1:, :].reshape``) a move of the
    tensor ``name`` goes: indexing a tensor on the offload device with indices on the compute device raises, so before
    such an index; after indices made of numbers and slices only (a smaller copy), before whatever is read off the
    result. None: ``name`` is not indexed in ``written``."""
    start = written.find(f".{name}[") if name else -1
    if start < 0:
        return None
    end = start + len(name) + 1
    while written[end:end + 1] == "[":
        closing = _closing_bracket(written, end)
        if closing < 0 or not _plain_index(written[end:closing + 1]):
            break
        end = closing + 1
    return end


def _closing_bracket(text: str, opening: int) -> int:
    """The index of the ``]`` closing the ``[`` at ``opening`` (-1: none on this line)."""
    depth = 0
    for index in range(opening, len(text)):
        depth += {"[": 1, "(": 1, "{": 1, "]": -1, ")": -1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return -1


def _plain_index(subscripts: str) -> bool:
    """Whether ``[0]``, ``[:, :n]``, ``[..., None]`` (the subscripts after a weight) are numbers, slices, None and
    Ellipsis only: indices that work on a tensor on any device."""
    try:
        tree = ast.parse(f"_{subscripts}", mode="eval").body
    except SyntaxError:
        return False
    while isinstance(tree, ast.Subscript):
        index = tree.slice
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        if not all(isinstance(part, ast.Slice) or (isinstance(part, ast.Constant) and not isinstance(part.value, str))
                   or (isinstance(part, ast.UnaryOp) and isinstance(part.operand, ast.Constant)) for part in parts):
            return False
        tree = tree.value
    return isinstance(tree, ast.Name)


def replace(span: Span, content: str) -> tuple[Edit, ...]:
    return (Edit(*span, content),)


__all__ = ["BLOCK_MODULES", "ClassSpan", "SourceFile", "Span", "current_lines", "file_lines", "move_to", "moved_before_tensor_index", "replace",
           "source_text"]
