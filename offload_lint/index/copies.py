"""Copy keys: a digest of each class's and method's code modulo comments, blank lines and indentation,
so the same model code vendored in several files is recognised (``related.py`` folds their findings).

Read from the file's text over the spans the summary already has: dumping the ``ast`` of every class
cost as much as the rest of the summary."""

from __future__ import annotations

import hashlib

from .summary import FileSummary


def set_copy_keys(summary: FileSummary, text: str) -> None:
    """Fill ``copy_key`` of the summary's classes and methods from ``text``."""
    if not summary.classes:
        return
    # Each line once, as (indentation, code without its comment) or None for a blank or comment line: a method's
    # lines are also its class's.
    raw = text.splitlines()
    lines: list[tuple[int, str] | None] = []
    for line in raw:
        code = _without_comment(line).rstrip()
        stripped = code.lstrip()
        lines.append((len(code) - len(stripped), stripped) if stripped else None)
    starts = [len(line) - len(line.lstrip()) for line in raw]
    for cls in summary.classes:
        cls.copy_key = _digest(lines, starts, cls.line, cls.end_line)
        for method in cls.methods.values():
            method.copy_key = _digest(lines, starts, method.start_line, method.end_line)


def _digest(lines: list[tuple[int, str] | None], starts: list[int], start: int, end: int) -> str:
    """Lines ``start``..``end`` (1-based) without comments, blank lines and the first line's indentation."""
    if start - 1 >= len(lines) or start > end:
        return ""
    base = starts[start - 1]
    digest = hashlib.blake2b(digest_size=12)
    for line in lines[start - 1:end]:
        if line is not None:
            # Relative indentation is kept: it is the code's block structure.
            digest.update(f"{line[0] - base}|{line[1]}\n".encode())
    return digest.hexdigest()


def _without_comment(line: str) -> str:
    """``line`` cut at a ``#`` outside string quotes (quotes counted on the line; a ``#`` inside a
    multi-line string cuts the same way in every copy of the same text)."""
    if "#" not in line:
        return line
    quote = ""
    for index, char in enumerate(line):
        if quote:
            if char == quote and line[index - 1] != "\\":
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#":
            return line[:index]
    return line
