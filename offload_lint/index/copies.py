"""Copy keys: a digest of each class's and method's code modulo comments, blank lines and indentation,
so the same model code vendored in several files is recognised (``related.py`` folds their findings).

Read from the file's text over the spans the summary already has: dumping the ``ast`` of every class
cost as much as the rest of the summary."""

from __future__ import annotations

import hashlib

from .summary import FileSummary


def set_copy_keys(summary: FileSummary, text: str) -> None:
    """Fill ``copy_key`` of the summary's classes and methods from ``text``."""
    lines = text.splitlines()
    for cls in summary.classes:
        cls.copy_key = _digest(lines, cls.line, cls.end_line)
        for method in cls.methods.values():
            method.copy_key = _digest(lines, method.start_line, method.end_line)


def _digest(lines: list[str], start: int, end: int) -> str:
    """Lines ``start``..``end`` (1-based) without comments, blank lines and the first line's indentation."""
    span = lines[start - 1:end]
    if not span:
        return ""
    base = len(span[0]) - len(span[0].lstrip())
    digest = hashlib.blake2b(digest_size=12)
    for line in span:
        code = _without_comment(line).rstrip()
        if code.strip():
            # Relative indentation is kept: it is the code's block structure.
            digest.update(f"{len(code) - len(code.lstrip()) - base}|{code.lstrip()}\n".encode())
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
