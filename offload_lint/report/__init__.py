"""Report: render findings as text, JSON (and the CI formats in their own modules)."""

from __future__ import annotations

from typing import Callable, TextIO

from ..engine import LintResult
from . import json_format, text

Renderer = Callable[[LintResult, TextIO, bool], None]

FORMATS: dict[str, Renderer] = {
    "text": text.render,
    "json": json_format.render,
}


def render(name: str, result: LintResult, out: TextIO, statistics: bool = False) -> None:
    FORMATS[name](result, out, statistics)
