"""A JSON list of finding objects; 1-based line and column, end exclusive.

Each object carries ``fix`` (its edits, or null). After ``--fix`` the list also holds the
findings that were fixed, with ``"fixed": true`` (and, after ``--confirm``, ``fix_verdict``);
the others have ``"fixed": false``.
"""

from __future__ import annotations

import json
from typing import TextIO

from ..result import LintResult


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    data = [finding.to_json() for finding in result.findings]
    if result.fixes is not None and result.fixes.mode == "fix":
        for entry in data:
            entry["fixed"] = False
        for applied in result.fixes.applied:
            entry = applied.finding.to_json()
            entry["fixed"] = True
            data.append(entry)
    dump(data, out)


def dump(value: object, out: TextIO) -> None:
    """``json.dump(value, out, indent=2)`` and a newline, written in large pieces: ``json.dump``
    writes every token on its own, slow for thousands of findings, and one string of all of them
    holds the whole output in memory."""
    pieces: list[str] = []
    for piece in json.JSONEncoder(indent=2).iterencode(value):
        pieces.append(piece)
        if len(pieces) >= 8192:
            out.write("".join(pieces))
            pieces.clear()
    pieces.append("\n")
    out.write("".join(pieces))
