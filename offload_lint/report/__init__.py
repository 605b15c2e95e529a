"""Report: render findings as text, JSON, GitHub annotations or SARIF, one module each."""

from __future__ import annotations

from typing import Callable, TextIO

from ..result import LintResult
from . import github, json_format, sarif, text

Renderer = Callable[[LintResult, TextIO, bool], None]

FORMATS: dict[str, Renderer] = {
    "text": text.render,
    "json": json_format.render,
    "github": github.render,
    "sarif": sarif.render,
}


def render(name: str, result: LintResult, out: TextIO, statistics: bool = False) -> None:
    FORMATS[name](result, out, statistics)
