"""A JSON list of finding objects; 1-based line and column, end exclusive."""

from __future__ import annotations

import json
from typing import TextIO

from ..engine import LintResult


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    json.dump([finding.to_json() for finding in result.findings], out, indent=2)
    out.write("\n")
