"""A JSON list of finding objects; 1-based line and column, end exclusive.

Each object carries ``fix`` (its edits, or null). After ``--fix`` the list also holds the
findings that were fixed, with ``"fixed": true`` (and, after ``--confirm``, ``fix_verdict``);
the others have ``"fixed": false``.
"""

from __future__ import annotations

import json
from typing import TextIO

from ..engine import LintResult


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    data = [finding.to_json() for finding in result.findings]
    if result.fixes is not None and result.fixes.mode == "fix":
        for entry in data:
            entry["fixed"] = False
        for applied in result.fixes.applied:
            entry = applied.finding.to_json()
            entry["fixed"] = True
            data.append(entry)
    json.dump(data, out, indent=2)
    out.write("\n")
